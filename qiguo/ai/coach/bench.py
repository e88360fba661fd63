"""The coach's speed: ``python -m qiguo.ai.coach.bench [--hints N] [--busy]``.

Times the hint on N seeded mid-game positions (with ``--busy``, while a game of seven normal
bots runs in another process, as beside a window), printing p50, p95 and max seconds and the
depths its search completed; then the key moments of one kingdom over a long bot game (400
plies, or as many as the game lasts), printing the seconds it took."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Sequence

from qiguo.cmdline import Parser, parse, whole
from qiguo.engine import KINGDOM_NAMES, Game

from ..bench import positions
from ..bots import choose_move
from .judge import Judge
from .moments import key_moments


def long_game(plies: int = 400, seeds: int = 6) -> Game:
    """The longest of a few games of easy bots (cut at `plies`: bot games rarely last so long)."""
    longest = None
    for seed in range(seeds):
        g = Game.new()
        while g.result is None and g.ply < plies:
            g.play_code(choose_move(g, "easy", seed=seed * 7919 + g.ply))
        if longest is None or g.ply > longest.ply:
            longest = g
    assert longest is not None
    return longest


def main(argv: Sequence[str] | None = None) -> int:
    p = Parser(prog="python -m qiguo.ai.coach.bench", description="hint and key-moment timings")
    p.add_argument("--hints", type=whole(1, 200), default=20)
    p.add_argument("--busy", action="store_true", help="a bot game runs beside the measurement")
    args = parse(p, argv)
    if isinstance(args, int):
        return args
    games = positions(args.hints)
    beside = None
    if args.busy:
        beside = subprocess.Popen([sys.executable, "-m", "qiguo.ai.soak", "--games", "1000", "--level", "normal"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        spent, depths = [], []
        for g in games:
            start = time.perf_counter()
            judge = Judge(g)
            spent.append(time.perf_counter() - start)
            depths.append(judge.depth)
        spent.sort()
        p95 = spent[min(len(spent) - 1, int(len(spent) * 0.95))]
        print(f"hint over {len(spent)} positions{' beside a bot game' if args.busy else ''}: "
              f"p50 {statistics.median(spent):.2f} s, p95 {p95:.2f} s, max {spent[-1]:.2f} s; "
              f"depths {dict(sorted((d, depths.count(d)) for d in set(depths)))}")
        g = long_game()
        movers = g.movers
        k = max(g.seated, key=movers.count)  # the kingdom that moved most
        start = time.perf_counter()
        review = key_moments(g, [k])
        print(f"key moments of {KINGDOM_NAMES[k]} over a {g.ply}-ply game: {len(review.moments)} found in "
              f"{time.perf_counter() - start:.1f} s ({review.total} moves)")
        start = time.perf_counter()
        review = key_moments(g, list(g.seated))
        print(f"key moments of every kingdom of it: {len(review.moments)} found in "
              f"{time.perf_counter() - start:.1f} s ({review.total} moves)")
    finally:
        if beside is not None:
            beside.kill()
            beside.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
