"""Soak test: ``python -m qiguo.ai.soak --games 200 [--seed S] [--jobs J]``.

Plays seeded bot games across every preset, with and without alliance blocs and empty seats,
now and then a resignation, and after every move checks the engine's invariants and that
undo restores the position exactly. Exits 1 if anything broke (naming the game's seed)."""
from __future__ import annotations

import multiprocessing as mp
import random
import resource
import sys
import time
from typing import Any, Sequence

from qiguo.cmdline import Parser, parse, parsed, whole
from qiguo.engine import PRESETS, Game, problems

from .bots import NODE_BUDGETS, choose_move
from .seats import parse_levels

SETUPS: list[dict[str, Any]] = [
    {}, {"blocs": "wg"}, {"blocs": "wg,rb"}, {"blocs": "wg,ro,bp"}, {"blocs": "wgp,ro,bk"},
    {"kingdoms": "wbk"}, {"kingdoms": "rp"}, {"kingdoms": "wrogk"},
]
POOL = ("novice", "novice", "easy", "easy", "normal")
"""The levels the seats are drawn from by default (the fast levels more often)."""
MAX_PLIES = 4000


def soak_game(task: tuple[int, tuple[str, ...]]) -> dict[str, Any]:
    """One game (a seed, and the bot levels to draw the seats from); returns its figures and
    any failure found."""
    seed, pool = task
    rng = random.Random(seed)
    preset = rng.choice(list(PRESETS))
    setup = rng.choice(SETUPS)
    levels = [rng.choice(pool) for _ in range(7)]
    g = Game.new(preset, **setup)
    failure = ""
    while g.result is None and g.ply < MAX_PLIES and not failure:
        if rng.random() < 0.002 and sum(g.alive) > 2:
            g.resign()
        else:
            level = levels[g.turn]
            move = choose_move(g, level, seed=seed * 7919 + g.ply, budget=NODE_BUDGETS[level])
            before, moves = g.to_qfen(), sorted(g.legal_codes())
            g.play(move)
            after = g.to_qfen()
            g.undo()
            if g.to_qfen() != before or sorted(g.legal_codes()) != moves:
                failure = f"undo did not restore ply {g.ply}"
                break
            g.play(move)
            if g.to_qfen() != after:
                failure = f"replaying ply {g.ply} gave another position"
        found = problems(g)
        if found:
            failure = f"ply {g.ply}: {'; '.join(found)}"
    return {"seed": seed, "preset": preset, "setup": setup, "plies": g.ply,
            "ending": g.result.reason if g.result else "unfinished", "failure": failure}


def main(argv: Sequence[str] | None = None) -> int:
    p = Parser(prog="python -m qiguo.ai.soak", description="soak the engine with bot games")
    p.add_argument("--games", type=whole(1, 100_000), default=200)
    p.add_argument("--seed", type=whole(0, 2 ** 31), default=1)
    p.add_argument("--jobs", type=whole(1, 64), default=1)
    p.add_argument("--level", type=parsed(parse_levels), default=POOL,
                   help="the bot level, or comma-separated levels, the seats are drawn from (default: all)")
    args = parse(p, argv)
    if isinstance(args, int):
        return args
    pool_levels = args.level
    start, rss0 = time.monotonic(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    seeds = [(s, pool_levels) for s in range(args.seed, args.seed + args.games)]
    pool = mp.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    results = []
    try:
        for r in (pool.imap_unordered(soak_game, seeds) if pool else map(soak_game, seeds)):
            results.append(r)
            print(f"\r{len(results)}/{args.games} games", end="", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    print(file=sys.stderr)
    failures = [r for r in results if r["failure"]]
    for r in failures:
        print(f"FAILED seed {r['seed']} ({r['preset']}, {r['setup']}): {r['failure']}")
    endings: dict[str, int] = {}
    for r in results:
        endings[r["ending"]] = endings.get(r["ending"], 0) + 1
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"soaked {len(results)} games, {sum(r['plies'] for r in results)} plies checked, "
          f"{len(failures)} failures, endings {endings}, {time.monotonic() - start:.0f} s, "
          f"max RSS {rss0 // 1024} -> {rss1 // 1024} MB")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
