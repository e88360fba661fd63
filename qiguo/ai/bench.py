"""Search speed and depth: ``python -m qiguo.ai.bench [--seconds S]``; the waits a player feels
against six bots of a level in the window: ``python -m qiguo.ai.bench --waits LEVEL --turns N``
(run in a child process by :mod:`qiguo.waits`: the bots know nothing of the window).

Searches 20 seeded mid-game positions (reached by easy bots playing from the start, always on
the same weights: see :data:`POSITION_WEIGHTS`) with each search level at its shipped time
budget (or S seconds), and prints per level the median completed depth, the depths reached, and
nodes per second. The last line reads ``hard: depth median D, nodes/s N``."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Sequence

from qiguo.cmdline import Parser, parse, seconds, whole
from qiguo.engine import Game

from . import weights
from .bots import DEFAULT_BUDGETS, Budget, choose_move, think

LEVELS = ("normal", "hard")
POSITION_WEIGHTS = {
    "values": {"Deputy": 4.951, "Brigadier": 4.327, "Envoy": 0.449, "Cannon": 3.997, "Bow": 2.682,
               "Crossbow": 3.382, "Sabre": 0.929, "Horse": 2.787},
    "terms": {"NEAR": 18.725, "FALLING": 87.156},
    "attrition_aware": True}
"""The weights the easy bots reach the positions on (those shipped from commit 18a529d, which the
bench's figures since were measured on), whatever weights ship: so a change of weights changes
the searches measured, not the positions they start from."""


def positions(count: int = 20) -> list[Game]:
    """Seeded mid-game positions: easy bots play 40, 44, ... plies from the start on
    :data:`POSITION_WEIGHTS`."""
    out = []
    with weights.using(weights.complete(POSITION_WEIGHTS)):
        for i in range(count):
            g = Game.new()
            while g.ply < 40 + 4 * i and g.result is None:
                g.play_code(choose_move(g, "easy", seed=7919 * i + g.ply))
            if g.result is None:
                out.append(g)
    return out


def measure(games: list[Game], level: str, budget: Budget) -> tuple[list[int], float]:
    """The completed depth of each search and the nodes per second over all of them."""
    depths, nodes, spent = [], 0, 0.0
    for g in games:
        t = think(g, level, seed=1, budget=budget)
        depths.append(t.depth)
        nodes += t.nodes
        spent += t.seconds
    return depths, nodes / spent if spent else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    p = Parser(prog="python -m qiguo.ai.bench", description="search depth and nodes per second")
    p.add_argument("--seconds", type=seconds(0.01, 60), default=None,
                   help="time per search (default: each level's shipped budget)")
    p.add_argument("--waits", choices=("novice", "easy", "normal", "hard"), default=None, metavar="LEVEL",
                   help="instead: a player's waits against six bots of LEVEL in the window")
    p.add_argument("--turns", type=whole(1, 10_000), default=20, help="the player's turns measured (with --waits)")
    p.add_argument("--seed", type=whole(0, 2 ** 31), default=1, help="the game's seed (with --waits)")
    args = parse(p, argv)
    if isinstance(args, int):
        return args
    if args.waits:
        return subprocess.call([sys.executable, "-m", "qiguo.waits", args.waits, str(args.turns),
                                str(args.seed)])
    started = time.perf_counter()
    games = positions()
    print(f"{len(games)} mid-game positions ({time.perf_counter() - started:.1f} s to reach)", flush=True)
    lines = []
    for level in LEVELS:
        budget = Budget(seconds=args.seconds) if args.seconds else DEFAULT_BUDGETS[level]
        depths, rate = measure(games, level, budget)
        hist = ", ".join(f"{d}: {depths.count(d)}" for d in sorted(set(depths)))
        print(f"  {level}: {budget.seconds:g} s a move; completed depths {hist}", flush=True)
        lines.append(f"{level}: depth median {statistics.median(depths):g}, nodes/s {rate:,.0f}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
