"""Headless bot games: ``python -m qiguo.ai.arena --games N --seats SEATS [--rotate]`` (SEATS in the
seat language of :mod:`.seats`, bots only: ``4333333`` or ``hard,normal,...``)."""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TypeVar

from qiguo.cmdline import Parser, parse, parsed, run, whole
from qiguo.engine import KINGDOMS, EngineError, Game

from .bots import NODE_BUDGETS, think
from .levels import LEVELS
from .seats import BOTS, parse_seats

T = TypeVar("T")
R = TypeVar("R")
MAX_PLIES = 4000
"""A game still running after this many plies is cut off and counted as unfinished."""


def seating(seats: Sequence[str], game_index: int, rotate: bool) -> list[str]:
    """The level at each kingdom (Qin first) for one game."""
    if not rotate:
        return list(seats)
    shift = game_index % len(seats)
    return list(seats[-shift:]) + list(seats[:-shift]) if shift else list(seats)


def play_game(task: tuple[int, list[str], str, int, bool]) -> dict[str, Any]:
    """One game; returns its seats, winners, length, and each level's move times and
    completed search depths."""
    index, seats, rules, seed, nodes = task
    game = Game.new(rules)
    times: dict[str, list[float]] = {lvl: [] for lvl in set(seats)}
    depths: dict[str, list[int]] = {lvl: [] for lvl in set(seats)}
    floors: dict[str, int] = {lvl: 0 for lvl in set(seats)}
    while game.result is None and game.ply < MAX_PLIES:
        level = seats[game.turn]
        budget = NODE_BUDGETS[level] if nodes else None
        start = time.perf_counter()
        thought = think(game, level, seed=seed * 1000 + game.ply, budget=budget)
        times[level].append(time.perf_counter() - start)
        if thought.depth:
            depths[level].append(thought.depth)
        floors[level] += thought.floor_used
        game.play_code(thought.move)
    result = game.result
    fates = []
    for k in range(7):
        standing, fall = game.standing(k), game.fallen[k]
        fates.append(f"out:{standing.how}@{fall.ply}" if standing.state == "out" and fall else standing.state)
    return {"index": index, "seats": seats, "plies": game.ply, "places": places(game), "times": times, "depths": depths, "floors": floors,
            "fates": fates, "winners": result.winners if result else "", "reason": result.reason if result else "unfinished"}


def places(game: Game) -> list[int]:
    """Each kingdom's finishing place (1 = best; every winner 1; 0 for a seat nobody held)."""
    winners = game.result.winners if game.result else ""
    out = [0] * 7
    for i, k in enumerate(game.ranking()):
        out[k] = 1 if KINGDOMS[k] in winners else i + 1
    return out


def each(fn: Callable[[T], R], tasks: list[T], jobs: int, what: str = "games") -> Iterator[R]:
    """`fn` of each task, in order, on `jobs` spawned processes (this one when 1), with the count
    done so far on standard error."""
    started = time.monotonic()
    pool = mp.get_context("spawn").Pool(jobs) if jobs > 1 else None
    try:
        for n, r in enumerate(pool.imap(fn, tasks) if pool else map(fn, tasks), 1):
            print(f"\r{n}/{len(tasks)} {what}, {time.monotonic() - started:.0f} s", end="", file=sys.stderr, flush=True)
            yield r
    except BaseException:  # stopped (Ctrl-C, or a kill: see cmdline.run) or failed: the games being played go too
        if pool:
            pool.terminate()
        raise
    finally:
        if pool:
            pool.close()
            pool.join()
        print(file=sys.stderr)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures the arena prints and writes as JSON."""
    levels: dict[str, dict[str, Any]] = {}
    for r in results:
        for k, level in enumerate(r["seats"]):
            s = levels.setdefault(level, {"seats": 0, "wins": 0, "times": [], "plies": [], "depths": [], "out": {},
                                          "floors": 0})
            s["seats"] += 1
            fate = r.get("fates", ["?"] * 7)[k].split("@")[0]
            s["out"][fate] = s["out"].get(fate, 0) + 1
            s["wins"] += KINGDOMS[k] in r["winners"]
            s["plies"].append(r["plies"])
        for level, t in r["times"].items():
            levels[level]["times"].extend(t)
        for level, d in r.get("depths", {}).items():
            levels[level]["depths"].extend(d)
        for level, n in r.get("floors", {}).items():
            levels[level]["floors"] += n
    out = {}
    for level, s in levels.items():
        times = sorted(s["times"]) or [0.0]
        low, high = wilson(s["wins"], s["seats"])
        out[level] = {"seats": s["seats"], "wins": s["wins"], "win_rate": round(s["wins"] / s["seats"], 4),
                      "win_rate_ci95": [round(low, 4), round(high, 4)],
                      "depths": {str(d): s["depths"].count(d) for d in sorted(set(s["depths"]))},
                      "floor_moves": s["floors"],
                      "fates": dict(sorted(s["out"].items())),
                      "move_ms_p50": round(1000 * times[len(times) // 2], 2),
                      "move_ms_p95": round(1000 * times[min(len(times) - 1, int(len(times) * 0.95))], 2),
                      "move_ms_max": round(1000 * times[-1], 2),
                      "mean_game_plies": round(statistics.mean(s["plies"]), 1)}
    return {"games": len(results), "levels": out,
            "mean_plies": round(statistics.mean(r["plies"] for r in results), 1) if results else 0,
            "unfinished": sum(1 for r in results if r["reason"] == "unfinished"),
            "reasons": {why: sum(1 for r in results if r["reason"] == why)
                        for why in sorted({r["reason"] for r in results})}}


def _json_path(text: str) -> str:
    """An argparse type: a file the summary can be written to (checked before any game)."""
    path = Path(text)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write {text[:80]!r}")
    return text


def _parse(argv: Sequence[str] | None) -> argparse.Namespace | int:
    p = Parser(prog="python -m qiguo.ai.arena", description="headless bot games")
    p.add_argument("--games", type=whole(1, 100_000), default=7)
    p.add_argument("--seats", type=parsed(lambda text: parse_seats(text, BOTS)), default=["easy"] * 7,
                   help="7 bots in turn order, Qin first: 1-4 or level names, e.g. 4333333 or hard,normal,...")
    p.add_argument("--rotate", action="store_true", help="rotate the seating each game")
    p.add_argument("--rules", default="standard")
    p.add_argument("--seed", type=whole(0, 2 ** 31), default=1)
    p.add_argument("--jobs", type=whole(1, 64), default=1)
    p.add_argument("--nodes", action="store_true", help="node budgets instead of time (repeatable)")
    p.add_argument("--json", metavar="FILE", type=_json_path)
    return parse(p, argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    if isinstance(args, int):
        return args
    seats = args.seats
    try:
        Game.new(args.rules)
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    tasks = [(i, seating(seats, i, args.rotate), args.rules, args.seed + i, args.nodes) for i in range(args.games)]
    results = list(each(play_game, tasks, args.jobs))
    summary = summarise(results)
    print(f"{'level':<8}{'seats':>6}{'wins':>6}{'win rate':>10}{'95% CI':>16}{'plies':>8}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'max ms':>9}")
    ordered = sorted(summary["levels"].items(), key=lambda kv: LEVELS.index(kv[0]))
    for level, s in ordered:
        low, high = s["win_rate_ci95"]
        print(f"{level:<8}{s['seats']:>6}{s['wins']:>6}{s['win_rate']:>10.1%}{f'{low:.1%}-{high:.1%}':>16}"
              f"{s['mean_game_plies']:>8}{s['move_ms_p50']:>9}{s['move_ms_p95']:>9}{s['move_ms_max']:>9}")
    for level, s in ordered:
        print(f"{level} at the end: " + ", ".join(f"{fate} {n}" for fate, n in s["fates"].items()))
    for level, s in ordered:
        if s["depths"]:
            print(f"{level} completed search depths: " + ", ".join(f"{d}: {n}" for d, n in s["depths"].items())
                  + f"; past its budget to reach its minimum depth: {s['floor_moves']} of "
                  f"{sum(s['depths'].values())} moves")
    print(f"games {summary['games']}, mean plies {summary['mean_plies']}, unfinished {summary['unfinished']}, "
          f"endings {summary['reasons']}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
    return 0


if __name__ == "__main__":
    run(main)
