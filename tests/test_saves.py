"""Saved games: round trip, atomic writes, clear refusals, autosave and Continue, load list."""

import pygame
import pytest

from qiguo.engine import parse_point
from qiguo.scenes.load import LoadScene
from qiguo.scenes.play import GameScene
from qiguo.ui import files, saves
from qiguo.ui.match import Match
from qiguo.ui.seats import parse_seats
from ui_helpers import continue_from_title, InlineWorker, click, frames, key, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    return tmp_path


def played_match():
    m = Match(parse_seats("h2h3---"), "chinese", seed=4, worker_factory=InlineWorker)
    g = m.game
    for _ in range(9):
        g.play_code(sorted(g.legal_codes())[len(g.legal_codes()) // 2])
    g.resign("b")
    return m


def test_round_trip_replays_to_the_same_game(data_dir):
    m = played_match()
    path = data_dir / "x.json"
    saves.write(path, saves.to_data(m))
    back = saves.to_match(saves.read(path), worker_factory=InlineWorker)
    assert back.game.to_qfen() == m.game.to_qfen() and back.game.history == m.game.history
    assert back.seats == m.seats and back.game.rules == m.game.rules and back.seed == 4
    assert list(data_dir.iterdir()) == [path]  # no temporary file left behind


def test_a_crash_during_a_write_keeps_the_previous_save(data_dir, monkeypatch):
    path = data_dir / "x.json"
    saves.write(path, {"format": "qiguo-save", "n": 1})
    before = path.read_bytes()

    def dies(data, fh, **kw):
        fh.write('{"format": "qiguo-sa')
        raise OSError("disk full")
    monkeypatch.setattr(files.json, "dump", dies)
    with pytest.raises(OSError):
        saves.write(path, {"format": "qiguo-save", "n": 2})
    assert path.read_bytes() == before and list(data_dir.iterdir()) == [path]


@pytest.mark.parametrize("content,message", [
    ('{"format": "qiguo-save", "version": 1, "seats": "h', "truncated or corrupt"),
    ("\x00\x01garbage", "truncated or corrupt"),
    ('{"name": "a chess game"}', "not a Qiguo save"),
    ('{"format": "qiguo-save", "version": 99}', "newer Qiguo"),
    ('{"format": "qiguo-save", "version": 1, "seats": "hhhhhhh", "blocs": [], "rules": {}, "moves": 3}',
     "'moves' is missing or damaged"),
])
def test_bad_files_are_refused_and_left_alone(data_dir, content, message):
    path = data_dir / "bad.json"
    path.write_text(content)
    with pytest.raises(saves.SaveError, match=message):
        saves.read(path)
    assert path.read_text() == content


def test_impossible_moves_and_setups_are_refused(data_dir):
    data = saves.to_data(played_match())
    data["moves"][3] = "a1a2"
    with pytest.raises(saves.SaveError, match="move 4 \\(a1a2\\) cannot be played"):
        saves.to_match(data, worker_factory=InlineWorker)
    data = saves.to_data(played_match())
    data["seats"] = "h"
    with pytest.raises(saves.SaveError, match="set-up is not valid"):
        saves.to_match(data, worker_factory=InlineWorker)


def start(app, seats):
    match = Match(parse_seats(seats), bot_delay=0, worker_factory=InlineWorker)
    scene = GameScene(app, match)
    app.stack.push(scene)
    frames(app, 1)
    return scene


def test_autosave_and_continue_resume_exactly(data_dir):
    app = make_app()
    scene = start(app, "h22----")
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    frames(app, 30)
    qfen, history = scene.game.to_qfen(), scene.game.history
    assert len(history) == 3 and saves.continuable()[0]["moves"] == history
    _, resumed = continue_from_title()
    assert resumed.game.to_qfen() == qfen and resumed.game.history == history
    assert resumed.match.seats == ["human", "easy", "easy", None, None, None, None]
    resumed.match.close()


def test_a_corrupt_autosave_is_refused_with_a_message_and_kept_aside(data_dir):
    (data_dir / "autosave.json").write_text("{broken")
    app = make_app()
    assert "Continue" not in [b.label for b in app.stack.top.menu.buttons]
    assert "cannot be continued" in app.toast_text and "truncated or corrupt" in app.toast_text
    assert "autosave.json.bad" in app.toast_text
    assert (data_dir / "autosave.json.bad").read_text() == "{broken"


def test_ctrl_s_saves_and_the_load_screen_lists_and_loads(data_dir):
    app = make_app()
    scene = start(app, "hhhhhhh")
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert "Saved as" in app.toast_text
    (data_dir / "saves" / "zz broken.json").write_text("[1, 2")
    app.start_title()
    app.stack.push(LoadScene(app))
    frames(app, 1)
    load = app.stack.top
    good = [b for b in load.menu.buttons if b.enabled and "moves" in b.label]
    bad = [b for b in load.menu.buttons if not b.enabled]
    assert len(good) == 1 and "1 moves, in play" in good[0].label
    assert len(bad) == 1 and "truncated or corrupt" in bad[0].label
    click(app, bad[0].rect.center)
    assert app.stack.top is load
    click(app, good[0].rect.center)
    assert isinstance(app.stack.top, GameScene) and app.stack.top.game.history == ["e10e7"]


def test_an_unwritable_data_folder_says_so_and_play_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("QIGUO_DATA_DIR", str(blocker))
    app = make_app()
    scene = start(app, "hhhhhhh")
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    assert scene.game.history == ["e10e7"] and "cannot be autosaved" in app.toast_text
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert "Could not save" in app.toast_text
    assert app.errors_total == 0
