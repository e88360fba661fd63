"""Throughput figures for move generation and play+undo (``python -m qiguo.engine bench``)."""
from __future__ import annotations

import time
from typing import Callable

from .game import Game
from .perft import random_game


def _rate(fn: Callable[[], int], seconds: float) -> float:
    """Calls per second of fn (which returns how many operations it did)."""
    done, start = 0, time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def midgame_positions(count: int = 20, plies: int = 60) -> list[Game]:
    """Positions reached by seeded random games (mid-game: pieces traded, armies inherited)."""
    return [random_game(Game.new(), seed, max_plies=plies) for seed in range(count)]


def run(seconds: float = 1.0) -> list[tuple[str, float]]:
    """The benchmark figures as (label, operations per second)."""
    start = Game.new()
    mids = [g for g in midgame_positions() if g.result is None]

    def gen_start() -> int:
        for _ in range(100):
            start.legal_codes()
        return 100

    def gen_start_objects() -> int:
        for _ in range(100):
            start.legal_moves()
        return 100

    def gen_mid() -> int:
        for g in mids:
            g.legal_codes()
        return len(mids)

    pairs = [(g, g.legal_codes()) for g in mids]

    def play_undo() -> int:
        n = 0
        for g, moves in pairs:
            for m in moves:
                g.play_code(m)
                g.undo()
            n += len(moves)
        return n

    def play_undo_checked() -> int:
        g, moves = pairs[0]
        for m in moves[:20]:
            g.play(m)
            g.undo()
        return min(20, len(moves))

    return [
        ("legal move generation, start position (int codes)", _rate(gen_start, seconds)),
        ("legal move generation, start position (Move objects)", _rate(gen_start_objects, seconds)),
        (f"legal move generation, {len(mids)} mid-game positions", _rate(gen_mid, seconds)),
        ("play_code + undo, every move of the mid-game positions", _rate(play_undo, seconds)),
        ("play (legality-checked Move) + undo", _rate(play_undo_checked, seconds)),
    ]


def main(seconds: float = 1.0) -> None:
    for label, rate in run(seconds):
        print(f"{rate:>12,.0f} /s  {label}", flush=True)
