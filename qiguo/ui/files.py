"""The user's data folder; reading files there safely (regular files only, bounded in size)
and writing JSON so that a crash never leaves half a file."""
from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from qiguo.atomic import write_json

__all__ = ["write_json", "data_dir", "check_data_dir", "read_text", "parse_json", "set_aside", "clean_temporaries"]

SAVE_LIMIT = 1 << 20
"""The largest file the game reads (a save of the longest possible game is far smaller)."""
STALE_AFTER = 60.0
"""Seconds after which a temporary file left by an interrupted write is removed at start."""


class DataDirError(OSError):
    """The data folder cannot be found or created; the game plays on without saving."""


def data_dir() -> Path:
    """The user's data folder (QIGUO_DATA_DIR overrides it, for tests). Raises DataDirError
    when the system gives none (a file where the folder should be, no permission...)."""
    override = os.environ.get("QIGUO_DATA_DIR")
    if override:
        return Path(override)
    import pygame
    try:
        return Path(pygame.system.get_pref_path("qiguo", "qiguo"))
    except pygame.error as e:
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


def read_text(path: Path, limit: int = SAVE_LIMIT) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes. A named pipe, a device (such
    as a link to /dev/zero), a folder or a larger file raises OSError saying so, without waiting
    or reading on; a missing file raises FileNotFoundError; bad UTF-8 raises UnicodeDecodeError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path.name} is not a regular file")
        if info.st_size > limit:
            raise OSError(f"{path.name} is larger than {limit // 1024} KB")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise OSError(f"{path.name} is larger than {limit // 1024} KB")
    finally:
        os.close(fd)
    return b"".join(chunks).decode("utf-8")


def parse_json(text: str) -> Any:
    """JSON that may be hostile: too deep a nesting is a ValueError like any other damage."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def set_aside(path: Path) -> Path | None:
    """Rename a file the game refused to ``NAME.bad`` (replacing an older one), so that it is
    kept but never overwritten; returns the new path, or None if it could not be moved."""
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
    except OSError:
        return None
    return bad


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
