"""Saved games: round trip, atomic writes, clear refusals, autosave and Continue, load list."""

import time

import pygame
import pytest

from qiguo.engine import parse_point
from qiguo.scenes.load import LoadScene
from qiguo.scenes.name_entry import NameScene
from qiguo.scenes.play import GameScene
from qiguo import jsonfile
from qiguo.play import saves
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from ui_helpers import continue_from_title, finished_match, InlineWorker, click, frames, key, make_app


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
    monkeypatch.setattr(jsonfile.json, "dump", dies)
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


def type_text(app, text):
    app.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text=text)])


def test_ctrl_s_asks_a_name_and_the_load_screen_lists_and_loads(data_dir):
    app = make_app()
    scene = start(app, "hhhhhhh")
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    naming = app.stack.top
    assert isinstance(naming, NameScene) and naming.edit.text[:4].isdigit() and "1 human" not in naming.edit.text
    type_text(app, "Opening study")  # the name offered is selected: typing replaces it
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and "Saved as Opening study" in app.toast_text
    (data_dir / "saves" / "zz broken.json").write_text("[1, 2")
    app.start_title()
    app.stack.push(LoadScene(app))
    frames(app, 1)
    load = app.stack.top
    names = [x.name for x in load.listings]
    assert "Opening study" in names and "zz broken" in names
    good = next(x for x in load.listings if x.name == "Opening study")
    bad = next(x for x in load.listings if x.name == "zz broken")
    assert "Standard rules · 1 move · in play" in good.summary and "truncated or corrupt" in bad.summary
    load.select(load.listings.index(bad))
    key(app, pygame.K_RETURN)
    assert app.stack.top is load  # a broken file does not open
    load.select(load.listings.index(good))
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameScene) and app.stack.top.game.history == ["e10e7"]


def many_saves(n):
    m = Match(parse_seats("h2h3---"), worker_factory=InlineWorker)
    paths = []
    for i in range(n):
        m.game.play(m.game.legal_moves()[0])
        paths.append(saves.save_slot(m, f"game {i:02}"))
    return paths


def test_the_browser_shows_every_save_newest_first_and_scrolls(data_dir):
    many_saves(25)
    app = make_app((800, 600))
    app.stack.push(LoadScene(app))
    frames(app, 1)
    load = app.stack.top
    assert [x.name for x in load.listings] == [f"game {i:02}" for i in range(24, -1, -1)]
    assert load.visible < 25 and load.bar.height > 0  # a scrollbar, since not all fit
    key(app, pygame.K_END)
    assert load.selected == 24 and load.scroll == 25 - load.visible
    app.step(0.016, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)])
    assert load.scroll == 25 - load.visible - 3
    key(app, pygame.K_HOME)
    frames(app, 1)
    assert load.scroll == 0 and [i for _, i in load.rows][0] == 0


def test_a_save_is_deleted_only_after_a_yes(data_dir):
    paths = many_saves(3)
    app = make_app()
    app.stack.push(LoadScene(app))
    frames(app, 1)
    load = app.stack.top
    key(app, pygame.K_DELETE)
    confirm = app.stack.top
    assert "Delete “game 02”?" == confirm.question
    key(app, pygame.K_ESCAPE)  # no: nothing is deleted
    assert app.stack.top is load and all(p.exists() for p in paths)
    key(app, pygame.K_DELETE)
    frames(app, 1)
    click(app, app.stack.top.menu.buttons[1].rect.center)  # yes
    assert not paths[2].exists() and paths[0].exists() and [x.name for x in load.listings] == ["game 01", "game 00"]


def test_a_finished_game_opens_for_review_from_load_and_continue(data_dir):
    from ui_helpers import finished_match
    m = finished_match()
    saves.save_slot(m, "the end")
    saves.autosave(m)
    app = make_app()
    title = app.stack.top
    assert title.menu.buttons[0].label == "Review last game"
    click(app, title.menu.buttons[0].rect.center)
    scene = app.stack.top
    assert isinstance(scene, GameScene) and scene.review and scene.game.result is not None
    key(app, pygame.K_HOME)
    assert scene.view_ply == 0
    app.start_title()
    app.stack.push(LoadScene(app))
    frames(app, 1)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameScene) and app.stack.top.review


def test_each_game_has_one_entry_that_its_autosave_updates(data_dir):
    app = make_app()
    old = start(app, "hhhhhhh")
    click(app, old.view.centre(parse_point("e10")))
    click(app, old.view.centre(parse_point("e7")))
    app.start_title()
    new = start(app, "hhhhhhh")
    click(app, new.view.centre(parse_point("e10")))
    click(app, new.view.centre(parse_point("e6")))
    frames(app, 20)  # the move glides home
    click(app, new.view.centre(parse_point("f5")))
    click(app, new.view.centre(parse_point("f6")))
    games = saves.list_saves()
    assert sorted(x.data["moves"] for x in games) == [["e10e6", "f5f6"], ["e10e7"]]  # one entry each
    assert saves.continuable()[0]["moves"] == ["e10e6", "f5f6"]
    # a crash, then Continue: the same game goes on in the same entry
    app2, again = continue_from_title()
    frames(app2, 20)
    click(app2, again.view.centre(parse_point("n5")))
    click(app2, again.view.centre(parse_point("n6")))
    games = saves.list_saves()
    assert sorted(len(x.data["moves"]) for x in games) == [1, 3]


def test_a_finished_game_stays_in_load_marked_finished(data_dir):
    m = finished_match()
    saves.autosave(m)
    nxt = Match(parse_seats("h222222"), worker_factory=InlineWorker)
    nxt.created = 5.0  # the next game
    saves.autosave(nxt)
    finished = [x for x in saves.list_saves() if x.data.get("result")]
    assert len(finished) == 1 and "finished" in finished[0].summary


def test_automatic_names_follow_the_language(data_dir):
    from qiguo.play.strings import set_language
    m = Match(parse_seats("h222222"), worker_factory=InlineWorker)
    saves.autosave(m)
    [entry] = saves.list_saves()
    assert "1 human" in entry.name
    set_language("zh")
    assert "1 human" not in entry.name and entry.name.split(" ")[0] == time.strftime(
        "%Y-%m-%d", time.localtime(m.created))


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
    key(app, pygame.K_RETURN)  # the default name
    assert "Could not save" in app.toast_text
    assert app.errors_total == 0


def test_the_name_box_edits_like_a_text_field(data_dir):
    from qiguo.play.textedit import TextEdit
    app = make_app()
    start(app, "hhhhhhh")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    naming = app.stack.top
    type_text(app, "Study")
    key(app, pygame.K_HOME)
    type_text(app, "My ")
    key(app, pygame.K_END)
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    type_text(app, "ies")  # replaces the selected "y"
    assert naming.edit.text == "My Studies"
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_DELETE)
    assert naming.edit.text == ""
    app.draw()
    e = TextEdit("abc", limit=5)
    e.insert("defgh")
    assert e.text == "abcde" and e.caret == 5
    e.move(1)
    e.move(3, extend=True)
    e.backspace()
    assert e.text == "ade" and e.caret == 1
    e.insert("\x00\u202ex")
    assert e.text == "axde"
