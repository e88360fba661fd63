"""Faults: a killed program resumes from its autosave; a long session leaks no processes."""
import importlib.util
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from qiguo.scenes.play import GameScene
from qiguo.play import saves
from qiguo.play.settings import Settings
from ui_helpers import continue_from_title, click, frames, make_app

ROOT = Path(__file__).resolve().parents[1]


def bot_workers_of(pid: int) -> list[int]:
    """The bot worker processes whose parent is pid (Linux /proc): spawned multiprocessing
    children, not multiprocessing's own resource tracker."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if int(fields[1]) == pid and b"spawn_main" in cmdline and b"resource_tracker" not in cmdline:
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    """True while pid runs (a zombie awaiting its parent counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_killed_game_continues_at_its_last_move(tmp_path, monkeypatch):
    env = {**os.environ, "QIGUO_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    quick = Settings()
    quick.anim_time = 0.0  # the moves come as fast as the bots answer
    assert quick.save()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--seats", "1111111", "--bot-delay", "0"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        data = None
        while time.monotonic() < deadline:
            data, _ = saves.continuable()
            if data and len(data["moves"]) >= 6:
                break
            time.sleep(0.1)
        assert data and len(data["moves"]) >= 6, "the game did not autosave"
        workers = bot_workers_of(proc.pid)
        assert workers, "the game started no bot worker"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(pid) for pid in workers):
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers), "a bot worker outlived the killed game"
    saved, _ = saves.continuable()
    app, scene = continue_from_title()
    assert scene.game.history == saved["moves"] and scene.match.seats == ["novice"] * 7
    frames(app, 1)
    app.stack.pop()


def test_a_long_session_leaves_no_worker_processes(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    spec = importlib.util.spec_from_file_location("long_session", ROOT / "tools" / "long_session.py")
    long_session = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(long_session)
    app = make_app((800, 600))
    app.settings.anim_time = 0.0
    plies = long_session.play_games(app, 2)
    assert plies > 20
    assert multiprocessing.active_children() == []


def test_a_short_soak_finds_nothing_broken():
    r = subprocess.run([sys.executable, "-m", "qiguo.ai.soak", "--games", "6", "--seed", "11",
                        "--level", "novice"],
                       capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stdout
    assert "soaked 6 games" in r.stdout and " 0 failures" in r.stdout


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    import pygame
    from qiguo.ui.sound import Sounds

    def no_device(*a, **k):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: False)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    assert not sounds.available
    sounds.play("move", 1.0, muted=False)


def test_a_full_disk_on_save_is_a_message_and_play_goes_on(tmp_path, monkeypatch):
    import errno

    import pygame
    from qiguo.engine import parse_point
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from ui_helpers import InlineWorker, key
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(saves, "write", full)
    app = make_app()
    scene = GameScene(app, Match(parse_seats("hhhhhhh"), worker_factory=InlineWorker))
    app.stack.push(scene)
    frames(app, 1)
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    assert scene.game.history == ["e10e7"] and "cannot be autosaved" in app.toast_text
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    assert "No space left" in app.toast_text and app.errors_total == 0


def test_a_missing_font_is_a_clear_message_not_a_traceback(monkeypatch, capsys, tmp_path):
    from qiguo import app
    monkeypatch.setattr(app, "FONT_PATH", tmp_path / "gone.otf")
    assert app.main(["--frames", "1"]) == 1
    err = capsys.readouterr().err
    assert "font is missing" in err and "Traceback" not in err


def test_bad_command_line_options_are_one_line_errors(capsys):
    from qiguo.app import main
    for args in (["--seats", "h4444"], ["--seats", "hxhhhhh"], ["--rules", "nope"], ["--size", "big"],
                 ["--seats", "h444444", "--qfen", "not a position"], ["--seats", "hhhhhhh", "--blocs", "wr"]):
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert err.startswith("error") and err.count("\n") == 1, (args, err)


@pytest.mark.parametrize("argv", [["tools/long_session.py", "abc"], ["tools/long_session.py", "-5"],
                                  ["tools/extract_icons.py", "/nonexistent"], ["tools/conformance.py"],
                                  ["tools/conformance.py", "/nonexistent.jsonl.gz"]])
def test_tools_say_bad_input_in_one_line(argv):
    import subprocess
    import sys
    from pathlib import Path
    top = Path(__file__).resolve().parents[1]
    r = subprocess.run([sys.executable, str(top / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=60,
                       cwd=top)
    assert r.returncode == 2 and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr
