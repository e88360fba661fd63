"""Where Qiguo keeps its files (saves, settings, the record, the network host's state and seat
tokens): one place for the window, the network bot and the tools. QIGUO_DATA_DIR overrides it
(tests use it). Elsewhere it is the platform's user data folder as platformdirs gives it, with
``qiguo/qiguo`` at its end, which is where earlier versions (through pygame's preference path)
kept their saves: ~/.local/share/qiguo/qiguo on Linux (XDG_DATA_HOME honoured),
%APPDATA%\\qiguo\\qiguo on Windows, ~/Library/Application Support/qiguo/qiguo on macOS."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The data folder (not created here)."""
    override = os.environ.get("QIGUO_DATA_DIR")
    if override:
        return Path(override)
    return platformdirs.user_data_path("qiguo", appauthor=False, roaming=True) / "qiguo"
