"""Monkey tests: seeded random events thrown at every scene raise nothing and leave the game
consistent with the engine. A failure names its seed, to replay it."""
import random
import time
import zlib

import pygame
import pytest

from qiguo.engine import problems
from qiguo.scenes.keys import KeysScene
from qiguo.scenes.load import LoadScene
from qiguo.scenes.menu import MenuScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.result import ResultScene
from qiguo.scenes.rules import RulesScene
from qiguo.scenes.settings import SettingsScene
from qiguo.scenes.setup import SetupScene
from qiguo.scenes.title import TitleScene
from qiguo.ui import gamepad
from qiguo.play import match as match_module
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from ui_helpers import finished_match, InlineWorker, make_app

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
        pygame.K_DOWN, pygame.K_END, pygame.K_TAB, pygame.K_h, pygame.K_m, pygame.K_z, pygame.K_y, pygame.K_s,
        pygame.K_e, pygame.K_F1, pygame.K_a, pygame.K_BACKSPACE, pygame.K_PAGEDOWN, pygame.K_PAGEUP]
SIZES = [(800, 600), (640, 480), (1024, 768), (1280, 900), (1920, 1080), (3840, 2160), (811, 997)]
FRAMES, EVENTS = 200, 8
PAD_BUTTONS = [b for b in gamepad.BUTTONS if b != pygame.CONTROLLER_BUTTON_BACK]
"""A controller's buttons, but the one that pauses the bots (as P is not among KEYS): the bots
must get to move between the events."""


@pytest.fixture(autouse=True)
def sandbox(tmp_path, monkeypatch, request):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    if "real" not in request.node.name:
        monkeypatch.setattr(match_module, "BotWorker", lambda: InlineWorker(think=3))


def random_events(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    w, h = size
    out = []
    for _ in range(rng.randint(0, EVENTS)):
        pos = (rng.randint(-40, w + 40), rng.randint(-40, h + 40))
        r = rng.random()
        if r < 0.3:
            out.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3])))
        elif r < 0.5:
            out.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 1, 3])))
        elif r < 0.6:
            out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        elif r < 0.65:
            out.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False))
        elif r < 0.7:
            out.append(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                          button=rng.choice(PAD_BUTTONS)))
        elif r < 0.72:
            out.append(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=rng.randrange(6),
                                          value=rng.randint(-32768, 32767)))
        elif r < 0.985:
            mod = rng.choice([0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_CTRL | pygame.KMOD_SHIFT])
            k = rng.choice(KEYS)
            out.append(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="?" if rng.random() < 0.05 else ""))
        elif r < 0.995:
            new = rng.choice(SIZES)
            pygame.display.set_mode(new, pygame.RESIZABLE)
            out.append(pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1]))
        else:
            out.append(pygame.event.Event(pygame.QUIT))
    return out


def human_move(rng: random.Random, scene) -> list[pygame.event.Event]:
    """Now and then, on a human's turn, the clicks of one of their legal moves (random clicks
    almost never make one, and the game would stand still)."""
    if not isinstance(scene, GameScene) or not scene.match.human_to_move or rng.random() > 0.2:
        return []
    moves = [m for m in scene.game.legal_moves() if not m.is_pass]
    if not moves:
        return []
    m = rng.choice(moves)
    out = []
    for sq in (m.from_sq, m.to_sq):
        pos = tuple(int(c) for c in scene.view.centre(sq))
        out += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    return out


def game_scene(app):
    m = Match(parse_seats("h1h2--3"), bot_delay=0, worker_factory=lambda: InlineWorker(think=3))
    return GameScene(app, m)


def finished(app):
    return ResultScene(app, finished_match())


STARTS = {
    "title": lambda app: TitleScene(app), "setup": lambda app: SetupScene(app), "game": game_scene,
    "menu": lambda app: MenuScene(app, app.stack.top), "result": finished,
    "rules": lambda app: RulesScene(app), "settings": lambda app: SettingsScene(app),
    "load": lambda app: LoadScene(app), "keys": lambda app: KeysScene(app),
}


@pytest.mark.parametrize("start", list(STARTS))
def test_random_events_break_nothing(start):
    monkey(start, STARTS[start])


def test_random_events_break_nothing_with_the_real_bot_worker():
    """The game scene with bots of every level thinking in the real worker process."""
    def real(app):
        return GameScene(app, Match(parse_seats("1213124"), bot_delay=0))
    after_bot = monkey("game-real", real, frames=300)
    assert after_bot > 0  # bots did move in between the events


def monkey(start, make, frames=FRAMES) -> int:
    """Throw seeded random events at a scene; returns how many frames brought a bot's move."""
    seed = zlib.crc32(start.encode()) % 10_000
    rng = random.Random(seed)
    app = make_app((1024, 768))
    if start in ("menu", "keys"):
        app.stack.push(game_scene(app))
    app.stack.push(make(app))
    if start == "game-real":  # the worker process starts first (slowly on a busy machine)
        deadline = time.monotonic() + 60
        while app.stack.top.game.ply == 0 and time.monotonic() < deadline:
            app.step(0.05, [])
            time.sleep(0.01)
    quits = events = after_bot = 0
    seen: dict[int, tuple] = {}  # each game's ply, moves, turn and result when last looked at
    for frame in range(frames):
        move = human_move(rng, app.stack.top)
        if move:
            app.step(0.0, move)
        batch = random_events(rng, app.screen.get_size())
        events += len(batch)
        app.step(rng.choice([0.0, 0.016, 0.05, 0.4]), batch)
        if not app.running:
            quits += 1
            app.running = True
        assert app.errors_total == 0, f"seed {seed}, frame {frame}: {app.toast_text}"
        for scene in app.stack.scenes:
            if isinstance(scene, GameScene):
                g = scene.game
                now, last = (g.ply, len(g.history), g.turn, g.result), seen.get(id(g))
                if last is not None and last[0] < g.ply and scene.match.seats[g.movers[-1]] not in ("human", None):
                    after_bot += 1  # a bot's move, made while the events came
                if last != now:  # the engine's invariants, whenever the game changed
                    seen[id(g)] = now
                    assert problems(g) == [], f"seed {seed}, frame {frame}"
                assert scene.game.to_qfen() and (scene.selected is None or scene.match.human_to_move)
    assert events > frames * 3
    while app.stack.scenes:
        app.stack.pop()
    return after_bot
