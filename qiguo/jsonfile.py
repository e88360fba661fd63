"""The JSON files Qiguo keeps (saves, settings, the network host's state, seat tokens), read
without trusting them and written so that a crash never leaves half of one. Standard library
only, so every layer may use it."""
from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

SAVE_LIMIT = 1 << 20
"""The largest file the game reads (a save of the longest possible game is far smaller)."""


def write_json(path: Path, data: Any, indent: int | None = None) -> None:
    """Write JSON atomically: a temporary file beside the target, flushed to disk, then a
    rename; the temporary file is removed on failure. Raises OSError naming `path` (never the
    temporary file)."""
    try:
        _write(path, data, indent)
    except OSError as e:
        if e.errno is None:
            raise
        raise type(e)(e.errno, e.strerror, str(path)) from None


def _write(path: Path, data: Any, indent: int | None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=indent)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


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


def read_json(path: Path, limit: int = SAVE_LIMIT) -> Any:
    """The JSON a file holds (read as `read_text` does). Damage raises ValueError naming the
    file; OSError as `read_text`."""
    try:
        text = read_text(path, limit)
    except UnicodeDecodeError:
        raise ValueError(f"{path.name} is damaged (not UTF-8 text)") from None
    try:
        return parse_json(text)
    except ValueError as e:
        raise ValueError(f"{path.name} is damaged (not JSON: {e})") from None


def os_message(e: OSError) -> str:
    """An operating system error in plain words, naming its file: "state.json: Permission
    denied" (never "[Errno 13] ...")."""
    if e.strerror:
        return f"{Path(e.filename).name}: {e.strerror}" if e.filename else str(e.strerror)
    return str(e)


def parse_json(text: str) -> Any:
    """JSON that may be hostile: too deep a nesting is a ValueError like any other damage."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


KEPT_ASIDE = 1000
"""Set-aside copies of one file at most (``NAME.bad``, ``NAME.bad.2`` ...)."""


def set_aside(path: Path) -> Path | None:
    """Rename a file the game refused to ``NAME.bad`` (``NAME.bad.2``, ``.3`` ... when older
    copies are there: one is never replaced), so that it is kept but never overwritten; returns
    the new path, or None if it could not be moved."""
    for n in range(1, KEPT_ASIDE + 1):
        bad = path.with_name(path.name + ".bad" + (f".{n}" if n > 1 else ""))
        try:
            os.link(path, bad)  # fails, and replaces nothing, when `bad` exists
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some file systems): rename, which may replace
            if bad.exists():
                continue
            try:
                os.rename(path, bad)
            except OSError:
                return None
            return bad
        try:
            os.unlink(path)
        except OSError:
            return None
        return bad
    return None
