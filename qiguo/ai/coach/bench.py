"""The coach's speed: ``python -m qiguo.ai.coach.bench [--hints N] [--busy] [--explain N]``.

Times the hint on N seeded mid-game positions (with ``--busy``, while a game of seven normal
bots runs in another process, as beside a window), printing p50, p95 and max seconds and the
depths its search completed; then the key moments of one kingdom over a long bot game (400
plies, or as many as the game lasts), printing the seconds it took.

With ``--explain N`` it instead checks the explainer on N positions of bot games of the three
presets: the move an easy bot played there, judged against the hint's, and every reason given
checked against the engine (:func:`.contrast.consistent`); it prints the counts."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Sequence

from qiguo.cmdline import Parser, parse, whole
from qiguo.engine import KINGDOM_NAMES, PRESETS, Game, Move

from ..bench import positions
from ..bots import choose_move
from .contrast import consistent, contrast
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


def explain_check(count: int) -> tuple[int, int, int]:
    """Explain the move an easy bot played against the hint's on `count` positions of easy and
    normal bot games of every preset: (positions, moves called worse, reasons consistent)."""
    looked = worse = agreed = 0
    presets = sorted(PRESETS)
    seed = 0
    while looked < count:
        g = Game.new(presets[seed % len(presets)])
        seed += 1
        while g.result is None and g.ply < 300 and looked < count:
            level = "easy" if (g.turn + seed) % 2 else "normal"
            move = choose_move(g, level, seed=seed * 7919 + g.ply)
            if g.ply % 9 == 4 and len(g.legal_codes()) > 1:
                looked += 1
                judge = Judge(g)
                if not judge.good_enough(move):
                    verdict = judge.verdict(move)
                    worse += 1
                    c = contrast(judge.game, move, judge.best, verdict.cost, verdict.best_value)
                    if consistent(judge.game, c):
                        agreed += 1
                    else:
                        print(f"inconsistent: {g.to_qfen()} {Move(move)} against {Move(judge.best)}: {c.english()}")
            g.play_code(move)
    return looked, worse, agreed


def main(argv: Sequence[str] | None = None) -> int:
    p = Parser(prog="python -m qiguo.ai.coach.bench", description="hint and key-moment timings")
    p.add_argument("--hints", type=whole(1, 200), default=20)
    p.add_argument("--busy", action="store_true", help="a bot game runs beside the measurement")
    p.add_argument("--explain", type=whole(1, 5000), help="check the explainer on this many positions instead")
    args = parse(p, argv)
    if isinstance(args, int):
        return args
    if args.explain:
        looked, worse, agreed = explain_check(args.explain)
        print(f"explain over {looked} positions of bot games: {worse} moves worse than the hint's, "
              f"{agreed} reasons consistent with the engine")
        return 0 if agreed == worse else 1
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
