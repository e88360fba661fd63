"""The waits a player feels (``python -m qiguo.ai.bench --waits LEVEL --turns N`` runs this):
a window on the dummy video driver, Qin played by a script (its move at once, an easy bot's)
against six bots of LEVEL with the real bot worker and the game's default pause; prints the
wait from each of Qin's moves to Qin's next turn (median, p95, max) and each bot move's search
time (p50, p95, p99, max).

    python -m qiguo.waits LEVEL TURNS [SEED]

It sits with the app (the layer that runs the window): the bots know nothing of the window."""
from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # before the window's modules load pygame
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from qiguo.ai import choose_move  # noqa: E402
from qiguo.ai.worker import BotWorker, Reply  # noqa: E402
from qiguo.app import App  # noqa: E402
from qiguo.engine import Game  # noqa: E402
from qiguo.play.match import Match  # noqa: E402
from qiguo.play.seats import parse_seats  # noqa: E402
from qiguo.play.settings import Settings  # noqa: E402


class Timed(BotWorker):
    """The real worker, noting how long each bot move's search took."""

    def __init__(self) -> None:
        super().__init__()
        self.seconds: list[float] = []

    def poll(self) -> Reply | None:
        reply = super().poll()
        if reply is not None:
            self.seconds.append(reply.seconds)
        return reply


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def measure(level: str, turns: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """The waits of `turns` turns (seconds from Qin's move to Qin's next turn) and every bot
    move's search seconds."""
    app = App((1280, 900), seed=seed)
    app.settings.danger_explained = True
    app.start_title()
    workers: list[Timed] = []

    def worker() -> Timed:
        workers.append(Timed())
        return workers[-1]
    digit = {"novice": "1", "easy": "2", "normal": "3", "hard": "4"}[level]
    match = Match(parse_seats("h" + digit * 6), seed=seed, bot_delay=Settings().bot_delay, worker_factory=worker)
    scene = app.scene("game", match)
    app.stack.push(scene)
    view = getattr(scene, "view")
    waits: list[float] = []
    moved_at: float | None = None
    try:
        while len(waits) < turns and match.game.result is None and match.game.alive[0]:
            t0 = time.perf_counter()
            app.step(1 / 60, [])
            if match.human_to_move and not view.animating:
                if moved_at is not None:
                    waits.append(time.perf_counter() - moved_at)
                g: Game = match.game
                getattr(scene, "play")(choose_move(g, "easy", seed=seed * 7919 + g.ply))
                moved_at = time.perf_counter()
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    finally:
        match.close()
    return waits, [s for w in workers for s in w.seconds]


def report(level: str, waits: list[float], moves: list[float]) -> str:
    if not waits or not moves:
        return f"{level}: too few turns to measure"
    return (f"{level}: wait for your turn over {len(waits)} turns: median {statistics.median(waits):.2f} s, "
            f"p95 {quantile(waits, 0.95):.2f} s, max {max(waits):.2f} s; bot moves over {len(moves)}: "
            f"p50 {quantile(moves, 0.5):.2f} s, p95 {quantile(moves, 0.95):.2f} s, p99 {quantile(moves, 0.99):.2f} s, "
            f"max {max(moves):.2f} s")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    level, turns = args[0], int(args[1])
    seed = int(args[2]) if len(args) > 2 else 1
    waits, moves = measure(level, turns, seed)
    print(report(level, waits, moves), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
