"""Driving the window in tests: an App on the dummy video driver, synthetic events, an
in-process bot worker (instant and repeatable)."""
from __future__ import annotations

import pygame

from qiguo.ai import Budget
from qiguo.ai.worker import Reply, answer
from qiguo.app import App
from qiguo.engine import Game
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats


INLINE_BUDGET = Budget(nodes=300)
"""The inline worker's budget: the level asked for, searching a few hundred nodes (fast)."""


class InlineWorker:
    """Answers bot requests in this process (tests only: the game uses BotWorker) with the level
    asked for on a small node budget, at once or after `think` polls. Tests that must see the
    real thing use BotWorker itself."""

    def __init__(self, think: int = 0) -> None:
        self.think = think
        self._polls = 0
        self.busy = False
        self._reply: Reply | None = None
        self.requests = 0
        self.levels: list[str] = []
        self.closed = False

    def request(self, game: Game, level: str, seed: int = 0) -> int:
        self.requests += 1
        self.levels.append(level)
        move = answer(Game.from_record(game.record()), level, seed, INLINE_BUDGET)
        self._reply = Reply(self.requests, move, 0.0)
        self.busy = True
        self._polls = 0
        return self.requests

    def poll(self) -> Reply | None:
        self._polls += 1
        if self._polls <= self.think:
            return None
        reply, self._reply = self._reply, None
        self.busy = False
        return reply

    def cancel(self) -> None:
        self._reply, self.busy = None, False

    def close(self) -> None:
        self.closed = True


FINISHING_QFEN = "wG18/19/19/19/19/19/19/19/19/2rG6Z9/19/19/19/19/19/2wD16/19/19/19 w - - 0"
"""Qin's Deputy on c4 can take Chu's general on c10, leaving Qin the last standing."""
WINNING_MOVE = (3 * 19 + 2) << 9 | (9 * 19 + 2)  # c4c10


def finished_match() -> Match:
    """A two-kingdom match that Qin has just won."""
    m = Match(parse_seats("hh-----"), qfen=FINISHING_QFEN, worker_factory=InlineWorker)
    m.play_human(WINNING_MOVE)
    return m


def make_app(size=(1280, 900), first_game: bool = False) -> App:
    """A window on the dummy driver, at the title. Unless `first_game`, it has explained the
    danger marks already (a first game's one-time message would cover what tests look at); the
    hot-seat hand-over screen is off."""
    app = App(size)
    app.settings.danger_explained = not first_game
    app.settings.hand_over = False  # hot-seat tests click their moves in; the hand-over has tests of its own
    app.start_title()
    app.step(0.016, [])
    return app


def continue_from_title():
    """A new app whose title offers Continue, clicked; returns (app, the resumed game scene)."""
    from qiguo.scenes.play import GameScene
    from qiguo.scenes.title import TitleScene
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].label == "Continue"
    click(app, title.menu.buttons[0].rect.center)
    assert isinstance(app.stack.top, GameScene)
    return app, app.stack.top


def click(app: App, pos, button: int = 1) -> None:
    """A full click (press and release) at pos, then one frame."""
    pos = (int(pos[0]), int(pos[1]))
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app: App, k: int, mod: int = 0) -> None:
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")])


def frames(app: App, n: int, dt: float = 0.05) -> None:
    for _ in range(n):
        app.step(dt, [])
