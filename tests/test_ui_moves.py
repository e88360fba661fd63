"""The move list: its notation, stepping through the past, and export."""
import time

import pygame
import pytest

from qiguo.engine import parse_point
from qiguo.scenes.play import GameScene
from qiguo.play import movelist, saves
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.strings import set_language
from ui_helpers import FINISHING_QFEN, InlineWorker, click, frames, key, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    return tmp_path


def start(app, seats="hhhhhhh", qfen=None):
    scene = GameScene(app, Match(parse_seats(seats), qfen=qfen, bot_delay=0, worker_factory=InlineWorker))
    app.stack.push(scene)
    frames(app, 1)
    return scene


def move(app, scene, a, b):
    click(app, scene.view.centre(parse_point(a)))
    click(app, scene.view.centre(parse_point(b)))
    frames(app, 8)


def test_notation_of_moves_captures_and_defeats():
    qfen = "wG18/19/19/19/19/19/19/19/19/2rG6Z9/19/19/19/19/19/2wD16/19/19/kG18 w - - 0"
    m = Match(parse_seats("hh----h"), qfen=qfen, worker_factory=InlineWorker)
    m.game.play("c4c10")
    m.game.play("a1a2")
    texts = [line.text for line in movelist.lines(m)]
    assert texts[0] == "1. Qin Deputy c4–c10 × Chu General"
    assert texts[1].startswith("Chu is out: general taken by Qin")
    assert texts[2] == "2. Yan General a1–a2"
    assert [line.ply for line in movelist.lines(m)] == [1, None, 2]
    set_language("zh")
    assert [line.text for line in movelist.lines(m)][0] == "1. 秦偏 c4–c10 ×楚将"
    set_language("ja")
    assert [line.text for line in movelist.lines(m)][2] == "2. 燕将 a1–a2"


def test_clicking_a_line_shows_the_past_and_end_returns():
    app = make_app()
    scene = start(app)
    move(app, scene, "e10", "e7")
    move(app, scene, "f5", "f6")
    live = scene.game.to_qfen()
    app.draw()
    first = next(rect for rect, ply in scene.panel.list_hits if ply == 1)
    click(app, first.center)
    assert scene.view_ply == 1 and scene.table.past.history == ["e10e7"]
    click(app, scene.view.centre(parse_point("n1")))  # the board does nothing in the past
    assert scene.game.to_qfen() == live and scene.selected is None
    key(app, pygame.K_PAGEDOWN)
    assert scene.view_ply is None  # stepping onto the latest move is the game itself
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    assert scene.view_ply == 0 and scene.table.past.ply == 0
    key(app, pygame.K_END)
    assert scene.view_ply is None and scene.game.to_qfen() == live


def test_bots_wait_while_the_past_is_shown():
    app = make_app()
    scene = GameScene(app, Match(parse_seats("h22----"), bot_delay=0, worker_factory=lambda: InlineWorker(think=2)))
    app.stack.push(scene)
    frames(app, 1)
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    assert scene.game.history == ["e10e7"] and scene.game.mover == "r"  # two bots to move next
    key(app, pygame.K_PAGEUP)
    frames(app, 40)
    assert scene.view_ply == 0 and scene.game.history == ["e10e7"]  # nobody moved while the past was shown
    key(app, pygame.K_END)
    frames(app, 40)
    assert len(scene.game.history) == 3 and scene.match.human_to_move


def test_a_finished_game_loads_for_stepping_through():
    qfen = FINISHING_QFEN
    m = Match(parse_seats("hh-----"), qfen=qfen, worker_factory=InlineWorker)
    m.game.play("c4c10")
    data = saves.to_data(m)
    app = make_app()
    scene = GameScene(app, saves.to_match(data, worker_factory=InlineWorker))
    app.stack.push(scene)
    frames(app, 60)
    assert app.stack.top is scene  # no jump to the result: the game was over when loaded
    key(app, pygame.K_LEFT)
    assert scene.view_ply == 0 and scene.table.past.result is None


def test_export_writes_the_set_up_and_the_moves(data_dir):
    app = make_app()
    scene = start(app)
    move(app, scene, "e10", "e7")
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    files = list((data_dir / "exports").glob("*.txt"))
    assert len(files) == 1 and "written to" in app.toast_text
    text = files[0].read_text(encoding="utf-8")
    assert "Seats: Qin: human" in text and "Rules: standard" in text and "1. Qin Envoy e10–e7" in text
    assert text.strip().splitlines()[-1].split(": ", 1)[1] == scene.game.to_qfen()


def test_h_asks_the_real_hard_bot_for_a_hint_that_is_shown_not_played():
    app = make_app()
    scene = GameScene(app, Match(parse_seats("h2-----"), bot_delay=0))  # the real worker process
    app.stack.push(scene)
    frames(app, 1)
    before = scene.game.to_qfen()
    key(app, pygame.K_h)
    assert "Asking" in app.toast_text
    deadline = time.monotonic() + 30
    while scene.match.hint is None and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.02)
    hint = scene.match.hint
    assert hint in scene.game.legal_codes() and scene.game.to_qfen() == before
    move(app, scene, "e10", "e7")
    assert scene.match.hint is None
    app.stack.pop()  # closes the worker


def test_the_inline_worker_plays_the_level_it_is_asked_for():
    worker = InlineWorker()
    m = Match(parse_seats("h2-----"), worker_factory=lambda: worker)
    m.ask_hint()
    m.update()
    assert worker.levels == ["hint"] and m.hint in m.game.legal_codes()  # the coach's hint


def test_the_kept_move_list_matches_a_fresh_one_through_undo_and_resign():
    import random
    m = Match(parse_seats("hhhhhhh"), worker_factory=InlineWorker)
    kept, rng = movelist.MoveList(), random.Random(8)
    for step in range(60):
        g = m.game
        if step % 13 == 12 and g.ply:
            g.undo()
        elif step == 40:
            g.resign()
        else:
            g.play_code(rng.choice(g.legal_codes()))
        assert kept.update(m) == movelist.lines(m)
