"""Faults: a killed program resumes from its autosave; a long session leaks no processes."""
import importlib.util
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from qiguo.scenes.play import GameScene
from qiguo.scenes.title import TitleScene
from qiguo.ui import saves
from ui_helpers import click, frames, make_app

ROOT = Path(__file__).resolve().parents[1]


def test_a_killed_game_continues_at_its_last_move(tmp_path, monkeypatch):
    env = {**os.environ, "QIGUO_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--seats", "1111111", "--bot-delay", "0"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    try:
        deadline = time.monotonic() + 60
        data = None
        while time.monotonic() < deadline:
            data = saves.continuable()
            if data and len(data["moves"]) >= 6:
                break
            time.sleep(0.1)
        assert data and len(data["moves"]) >= 6, "the game did not autosave"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    saved = saves.continuable()
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].label == "Continue"
    click(app, title.menu.buttons[0].rect.center)
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    assert scene.game.history == saved["moves"] and scene.match.seats == ["novice"] * 7
    frames(app, 1)
    app.stack.pop()


def test_a_long_session_leaves_no_worker_processes(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    spec = importlib.util.spec_from_file_location("long_session", ROOT / "tools" / "long_session.py")
    long_session = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(long_session)
    app = make_app()
    app.settings.anim_time = 0.0
    plies = long_session.play_games(app, 4)
    assert plies > 40
    assert multiprocessing.active_children() == []
