"""Hostile files and options for the window (issue 9): the game always starts, says what it
refused, keeps what it refused, and never hangs or reads without end."""
import json
import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from qiguo.engine import SetupError, qfen_of
from qiguo.scenes.load import LoadScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.settings import SettingsScene
from qiguo.scenes.title import TitleScene
from qiguo.play import files, saves
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.settings import VALID, Settings
from ui_helpers import InlineWorker, frames, make_app

ROOT = Path(__file__).resolve().parents[1]
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    return tmp_path


class Hung(BaseException):
    """Raised out of a hang; not an OSError (nor an Exception), so no handler of bad files takes it."""


@contextmanager
def within(seconds: int):
    """Turn a hang into a failure."""
    def hung(*_):
        raise Hung(f"hung for {seconds} s")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def a_save(**fields):
    m = Match(parse_seats("h2h3---"), worker_factory=InlineWorker)
    m.game.play("e10e7")
    return {**saves.to_data(m), **fields}


def test_files_nested_deeply_do_not_stop_the_game_starting(data_dir):
    (data_dir / "saves").mkdir()
    for name in ("autosave.json", "settings.json", "saves/deep.json"):
        (data_dir / name).write_text(DEEP)
    app = make_app()
    assert isinstance(app.stack.top, TitleScene) and app.errors_total == 0
    app.stack.push(LoadScene(app))
    frames(app, 2)
    assert [x.error for x in app.stack.top.listings] and "truncated or corrupt" in app.stack.top.listings[0].error
    assert (data_dir / "settings.json.bad").read_text() == DEEP and (data_dir / "autosave.json.bad").exists()


@pytest.mark.parametrize("name", ["autosave.json", "settings.json", "saves/pipe.json"])
def test_a_named_pipe_is_refused_without_waiting(data_dir, name):
    (data_dir / "saves").mkdir()
    os.mkfifo(data_dir / name)
    with within(10):
        app = make_app()
        app.stack.push(LoadScene(app))
        frames(app, 2)
    assert app.errors_total == 0
    assert not any(x.data for x in app.stack.top.listings)


def test_a_link_to_dev_zero_is_refused_at_once(data_dir):
    (data_dir / "autosave.json").symlink_to("/dev/zero")
    with within(10):
        with pytest.raises(saves.SaveError, match="not a regular file"):
            saves.read(data_dir / "autosave.json")
        app = make_app()
    assert "not a regular file" in app.toast_text


def test_a_file_larger_than_any_save_is_not_read(data_dir):
    path = data_dir / "big.json"
    path.write_text(json.dumps(a_save(pad="x" * (files.SAVE_LIMIT + 10))))
    with pytest.raises(saves.SaveError, match="larger than"):
        saves.read(path)


BAD_FIELDS = [({"seats": "hhhhhhhh"}, "seats"), ({"updated": "yesterday"}, "updated"), ({"updated": 1e300}, "updated"),
              ({"created": float("nan")}, "created"), ({"seed": float("inf")}, "seed"), ({"seed": 2 ** 80}, "seed"),
              ({"rules": {"preset": "standard", "attrition_limit": float("inf")}}, "rules"),
              ({"version": "1"}, "version"), ({"blocs": [1]}, "blocs"), ({"moves": ["e10e7", 5]}, "moves"),
              ({"start_qfen": 7}, "start_qfen")]


@pytest.mark.parametrize("fields,name", BAD_FIELDS)
def test_every_damaged_field_is_named(data_dir, fields, name):
    path = data_dir / "x.json"
    path.write_text(json.dumps(a_save(**fields)))
    with pytest.raises(saves.SaveError, match=f"x.json: the field '{name}' is missing or damaged"):
        saves.read(path)


def test_the_load_screen_lists_the_good_saves_and_marks_each_bad_one(data_dir):
    folder = data_dir / "saves"
    folder.mkdir()
    for i, (fields, _) in enumerate(BAD_FIELDS):
        (folder / f"bad{i:02}.json").write_text(json.dumps(a_save(**fields)))
    (folder / "good.json").write_text(json.dumps(a_save()))
    app = make_app()
    app.stack.push(LoadScene(app))
    frames(app, 2)
    load = app.stack.top
    good = [x for x in load.listings if x.data]
    assert [x.path.name for x in good] == ["good.json"] and app.errors_total == 0
    assert sorted(x.error.split(":")[0] for x in load.listings if not x.data) == [f"bad{i:02}.json" for i in range(11)]


def test_a_resignation_without_a_kingdom_is_refused(data_dir):
    data = a_save(moves=["e10e7", "resign:"])
    with pytest.raises(saves.SaveError, match="move 2 \\(resign:\\) cannot be played"):
        saves.to_match(data, worker_factory=InlineWorker)


def test_a_position_without_a_general_in_a_save_is_a_message(data_dir):
    data = a_save(start_qfen="19/19/19/19/19/19/19/19/19/9Z9/19/19/19/5wH13/19/19/19/19/19 w - - 0", moves=[])
    with pytest.raises(saves.SaveError, match="no general"):
        saves.to_match(data, worker_factory=InlineWorker)


def test_a_seat_off_the_board_with_pieces_there_is_refused_not_a_stall():
    text = qfen_of({"a19": "wG", "a1": "rG", "s1": "bG"})
    with pytest.raises(SetupError, match="Qin has pieces"):
        Match(parse_seats("-4-4---"), qfen=text, worker_factory=InlineWorker)
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--seats=-4-4---", "--qfen", text],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.startswith("error: Qin has pieces") and "Traceback" not in r.stderr
    data = a_save(seats="-4-4---", start_qfen=text, moves=[])
    with pytest.raises(saves.SaveError, match="Qin has pieces"):
        saves.to_match(data, worker_factory=InlineWorker)


OUT_OF_RANGE = {"preset": "bogus", "board_theme": "bogus", "volume": 1e308, "bot_delay": float("inf"),
                "anim_time": 1e308, "last_blocs": [1, 2], "language": "xx", "muted": "yes", "last_seats": "h"}


@pytest.mark.parametrize("name,value", list(OUT_OF_RANGE.items()))
def test_each_out_of_range_setting_falls_back_and_the_file_is_kept(data_dir, name, value):
    text = json.dumps({name: value, "show_coords": False})
    (data_dir / "settings.json").write_text(text)
    app = make_app()
    assert getattr(app.settings, name) == getattr(Settings(), name) and app.settings.show_coords is False
    assert name in app.toast_text and "settings.json.bad" in app.toast_text
    assert (data_dir / "settings.json.bad").read_text() == text
    assert json.loads((data_dir / "settings.json").read_text())[name] == getattr(Settings(), name)
    app.stack.push(SettingsScene(app))
    frames(app, 2)
    assert app.errors_total == 0


JUST_OUT = {
    "bot_delay": [-0.01, 10.01, True], "anim_time": [-0.01, 2.01], "volume": [-0.01, 1.01], "muted": [0, "true"],
    "show_legal": [1, None], "show_danger": [0, "on"], "show_coords": [0, "yes"], "colour_aid": [1, []],
    "piece_style": ["Auto", ""], "board_theme": ["Wood", ""], "language": ["EN", "zh_tw", "zh_CN"], "preset": ["Standard", ""],
    "last_seats": ["h33333", "h3333333", "x333333"], "last_blocs": [["wg", "wo"], "wg"],
    "last_join_address": ["x" * 81, "a\x00b"], "last_join_code": ["AB-CD", "x" * 33, " ABCDEF"],
    "player_name": ["x" * 41, "Bo\x00", " Bo"], "host_port": [-1, 65536, 1.5, True],
    "seat_wait": [-1, 3601, 2.5], "standin": ["Normal", "grandmaster"], "danger_explained": [0, 1, "yes", None],
    "clock": ["5x5", "0+2", 5, None, "3+2 "], "turn_alert": [0, "on"], "hand_over": [1, None],
}
"""For every setting, values just outside what it may hold (and of the wrong kind)."""


def test_every_setting_has_a_real_range_check():
    from dataclasses import fields
    assert {f.name for f in fields(Settings)} == set(VALID) == set(JUST_OUT)
    for f in fields(Settings):
        assert VALID[f.name](getattr(Settings(), f.name)), f.name
        for value in JUST_OUT[f.name]:
            assert not VALID[f.name](value), (f.name, value)


def test_a_data_folder_that_cannot_be_made_is_said_and_play_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.delenv("QIGUO_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    app = make_app()
    assert "cannot be saved here" in app.toast_text and app.errors_total == 0
    scene = GameScene(app, Match(parse_seats("hhhhhhh"), worker_factory=InlineWorker))
    app.stack.push(scene)
    scene.play(scene.game.legal_codes()[0])
    frames(app, 10)
    assert scene.game.ply == 1 and app.errors_total == 0
    env = {**os.environ, "XDG_DATA_HOME": str(blocker), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("QIGUO_DATA_DIR", None)
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3"], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and "Traceback" not in r.stderr


def test_a_refused_autosave_is_kept_before_a_new_game_overwrites_it(data_dir):
    (data_dir / "autosave.json").write_text('{"format": "qiguo-save", "version": 1, "seats": 3}')
    app = make_app()
    scene = GameScene(app, Match(parse_seats("hhhhhhh"), worker_factory=InlineWorker))
    app.stack.push(scene)
    scene.play(scene.game.legal_codes()[0])
    assert (data_dir / "autosave.json.bad").read_text().endswith('"seats": 3}')
    assert json.loads((data_dir / "autosave.json").read_text())["moves"]


def test_stale_temporary_files_are_cleaned_at_start(data_dir):
    (data_dir / "saves").mkdir()
    stale = [data_dir / ".abc.tmp", data_dir / "saves" / ".def.tmp"]
    for p in stale:
        p.write_text("{")
        os.utime(p, (time.time() - 600, time.time() - 600))
    fresh = data_dir / ".new.tmp"
    fresh.write_text("{")
    make_app()
    assert not any(p.exists() for p in stale) and fresh.exists()


def test_frame_times_are_kept_for_a_bounded_window(monkeypatch):
    from qiguo import app as app_module
    monkeypatch.setattr(app_module, "FRAME_TIMES_KEPT", 8)
    app = make_app()
    app.run(frames=20)  # at 60 frames a second
    assert len(app.frame_ms) == 8


@pytest.mark.parametrize("args,message", [
    (["--screenshot", "/tmp"], "png"), (["--screenshot", "x.txt"], "png"),
    (["--screenshot", "/nonexistent-folder/x.png"], "cannot write"),
    (["--size=99999999999999999999x9"], "WIDTHxHEIGHT"), (["--size", "100000x100000"], "WIDTHxHEIGHT"),
    (["--size", "9000x9000"], "each side"), (["--seats", ""], "7 characters"), (["--qfen", ""], "needs --seats"),
    (["--qfen", "x"], "needs --seats"), (["--blocs", "wg"], "needs --seats"), (["--bot-delay", "inf"], "seconds"),
    (["--bot-delay", "nan"], "seconds"), (["--seed", "１"], "whole number"), (["--frames", "-3"], "between 1 and"),
    (["--join", "nope", "--code", "X"], "HOST:PORT"), (["--join", "h:٣", "--code", "X"], "HOST:PORT"),
    (["--join", "h:70000", "--code", "X"], "HOST:PORT"),
])
def test_bad_window_options_are_one_line_errors(args, message, capsys):
    from qiguo.app import main
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, (args, err)


def test_main_py_itself_says_a_bad_option_in_one_line():
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--size", "9000x9000"], capture_output=True,
                       text=True, timeout=60, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "each side" in r.stderr, r.stderr


def test_a_huge_size_is_capped_at_the_desktop(tmp_path):
    shot = tmp_path / "big.png"
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--size", "8000x8000", "--frames", "2",
                        "--screenshot", str(shot)], capture_output=True, text=True, timeout=60,
                       env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    import pygame
    assert r.returncode == 0 and pygame.image.load(str(shot)).get_size() == (3840, 2160)


def test_a_screenshot_that_cannot_be_written_is_a_message(tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    target = folder / "x.png"
    code = ("import sys; from qiguo import app; import os\n"
            "orig = app.App.run\n"
            "def run(self, frames=None, screenshot=None):\n"
            f"    os.chmod({str(folder)!r}, 0o500)\n"
            "    return orig(self, frames, screenshot)\n"
            "app.App.run = run\n"
            f"sys.exit(app.main(['--frames', '2', '--screenshot', {str(target)!r}]))")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    if os.geteuid() == 0:  # root writes anyway: then the file is there
        assert r.returncode == 0 and target.exists()
    else:
        assert r.returncode == 1 and "screenshot could not be saved" in r.stderr and "Traceback" not in r.stderr


def test_the_arena_checks_its_output_path_before_playing():
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "qiguo.ai.arena", "--games", "50", "--json", "/nonexistent/x.json"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.startswith("error:") and "cannot write" in r.stderr
    assert time.monotonic() - start < 20


def test_the_network_files_are_read_as_warily_as_saves(data_dir):
    """A named pipe as the hosted game's state or the seat tokens: the title and a join answer
    at once (nothing kept), as for a save."""
    from qiguo.net.session import Tokens
    from qiguo.play import hosting
    os.mkfifo(data_dir / "host.json")
    os.mkfifo(data_dir / "net_tokens.json")
    with within(10):
        assert hosting.resumable() is None
        assert Tokens(data_dir).get("127.0.0.1:1/X") == ""
        make_app()
