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
    rename; the temporary file is removed on failure. Raises OSError."""
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


def parse_json(text: str) -> Any:
    """JSON that may be hostile: too deep a nesting is a ValueError like any other damage."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
