"""Redraw skipping (issue 21): a scene is drawn again only when its frame_key changes, so a
frame_key that forgets an input to the picture leaves a stale screen. For each scene, through
a scripted run of events, the frame on screen must equal a forced redraw."""
import pygame
import pytest

from pathlib import Path

from qiguo.engine import Move, parse_point
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from ui_helpers import InlineWorker, finished_match, make_app


PUZZLES = Path(__file__).parent / "data" / "puzzles.jsonl"


def same_as_redrawn(app) -> bool:
    shown = bytes(app.screen.get_view("1"))  # the surface's own pixel bytes: no conversion
    app.draw()
    return shown == bytes(app.screen.get_view("1"))


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(1, 1), buttons=(0, 0, 0))


def press(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def game(app):
    return app.scene("game", Match(parse_seats("h222222"), bot_delay=0, worker_factory=InlineWorker))


def over_a_game(app):
    """A game scene pushed first, for the scenes drawn over it (or reached from it)."""
    under = game(app)
    app.stack.push(under)
    app.step(0.016, [])
    return under


def practice(app):
    """Puzzles from the tests' own file."""
    from qiguo.ai.puzzles import read
    from qiguo.play.drill import Drill
    from qiguo.play.practice import Practice
    return app.scene("practice", "puzzles", drill=Drill(Practice(), read(PUZZLES), "puzzles"))


def confirm(app):
    over_a_game(app)
    return app.scene("confirm", "Resign?", lambda: None)


SCENES = {
    "title": lambda app: app.scene("title"),
    "setup": lambda app: app.scene("setup"),
    "settings": lambda app: app.scene("settings"),
    "rules": lambda app: app.scene("rules"),
    "keys": lambda app: app.scene("keys"),
    "load": lambda app: app.scene("load"),
    "record": lambda app: app.scene("record"),
    "result": lambda app: app.scene("result", finished_match()),
    "game": game,
    "join": lambda app: app.scene("join", "127.0.0.1:9", "ABCDEF"),
    "moments": lambda app: app.scene("moments", finished_match()),
    "name_entry": lambda app: app.scene("name_entry", "Your name", "Bo", lambda name: None),
    "tutorial": lambda app: app.scene("tutorial"),
    "legend": lambda app: app.scene("legend", over_a_game(app)),
    "menu": lambda app: app.scene("menu", over_a_game(app)),
    "server_stopped": lambda app: app.scene("server_stopped", over_a_game(app)),
    "knocked_out": lambda app: app.scene("knocked_out", over_a_game(app), "Qin is out"),
    "confirm": lambda app: confirm(app),
    "practice": practice,
}
"""Every scene registered (a test below keeps it so)."""


@pytest.mark.parametrize("name", list(SCENES))
def test_a_skipped_frame_equals_a_forced_redraw(name, tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    app = make_app((800, 600))  # the smallest window: the least to compare, and the tightest layout
    scene = SCENES[name](app)
    app.stack.push(scene)
    app.step(0.016, [])
    w, h = app.screen.get_size()
    script = [motion((w // 2, h // 3)), press(pygame.K_DOWN), press(pygame.K_DOWN), motion((w // 2, h // 2)),
              press(pygame.K_UP), motion((w - 50, h - 50)), press(pygame.K_RIGHT), press(pygame.K_LEFT)]
    buttons = getattr(getattr(scene, "menu", None), "buttons", [])
    if buttons:  # onto a button and off it: its hover highlight comes and goes
        script[1:1] = [motion(buttons[-1].rect.center), motion((w // 2, h // 3))]
    if name == "practice":  # a wrong try, then the answer
        wrong = next(m for m in scene.game.legal_moves() if str(m) not in scene.drill.problem.solution)
        right = Move.parse(scene.drill.problem.solution[0])
        script = [e for m in (wrong, right) for sq in (m.from_sq, m.to_sq)
                  for e in (motion(scene.view.centre(sq)),
                            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.view.centre(sq), button=1))] + script
    if name == "game":
        x, y = scene.view.centre(parse_point("e10"))
        script = [motion((x, y)), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y)), button=1),
                  motion(scene.view.centre(parse_point("e7")))] + script
    for event in script:
        app.step(0.05, [event])
        for _ in range(8):  # hover timers run out, bots move, animations end: nothing new comes in
            app.step(0.05, [])
            if app.stack.top is not scene:
                return
            assert same_as_redrawn(app), (name, event)


def test_every_registered_scene_is_in_the_redraw_test():
    from qiguo.scenes import SCENES as REGISTERED
    assert set(SCENES) == set(REGISTERED)


def test_the_caret_blinks_on_the_frame_loops_time_and_shows_at_each_key(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    app = make_app((800, 600))
    scene = app.scene("name_entry", "Your name", "Bo", lambda name: None)
    app.stack.push(scene)
    seen = []
    for _ in range(6):
        app.step(0.3, [])
        seen.append(scene.caret.on)
    assert seen == [True, False, False, True, False, False]  # at 0.3, 0.6 ... 1.8 s: on below 0.5, off to 1.0...
    app.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text="x")])
    assert scene.caret.on and scene.edit.text == "x"
