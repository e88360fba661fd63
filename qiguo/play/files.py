"""The user's data folder: where it is, whether it can be written, and cleaning up after
interrupted writes. Reading, writing and setting aside its JSON files safely is
:mod:`qiguo.jsonfile`, re-exported here."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from qiguo import datadir
from qiguo.jsonfile import SAVE_LIMIT, parse_json, read_text, set_aside, write_json

__all__ = ["SAVE_LIMIT", "write_json", "read_text", "parse_json", "data_dir", "check_data_dir", "set_aside",
           "clean_temporaries", "read_kept"]

STALE_AFTER = 60.0
"""Seconds after which a temporary file left by an interrupted write is removed at start."""


class DataDirError(OSError):
    """The data folder cannot be found or created; the game plays on without saving."""


def read_kept(path: Path, error: Callable[[str], Exception]) -> Any:
    """The parsed JSON of a file the game keeps (None when there is none yet). A file that cannot
    be read is set aside (``NAME.bad``) and `error` raised, saying why."""
    try:
        return parse_json(read_text(path))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        set_aside(path)
        raise error(f"{path.name}: {getattr(e, 'strerror', None) or e}") from None


def data_dir() -> Path:
    """The user's data folder (see qiguo.datadir). Raises DataDirError when there is none."""
    try:
        return datadir.data_dir()
    except (OSError, RuntimeError) as e:
        raise DataDirError(f"no data folder: {e}") from None


def check_data_dir() -> str:
    """Empty if the data folder can be created and written, else why not (said once at start)."""
    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        return str(e.strerror or e)
    return ""


def clean_temporaries(folders: list[Path], now: float | None = None) -> int:
    """Remove the temporary files of interrupted writes (older than STALE_AFTER seconds, so a
    write in progress elsewhere is left alone); returns how many went."""
    now = time.time() if now is None else now
    gone = 0
    for folder in folders:
        try:
            entries = list(folder.glob(".*.tmp"))
        except OSError:
            continue
        for p in entries:
            try:
                if p.is_file() and now - p.stat().st_mtime > STALE_AFTER:
                    p.unlink()
                    gone += 1
            except OSError:
                pass
    return gone
