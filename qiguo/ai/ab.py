"""An A/B test of two versions of one bot level, on the same seeds against the same opponents:

    python -m qiguo.ai.ab --a A.json --b B.json [--a-floor on|off] [--b-floor on|off] [--a-nodes N] [--b-nodes N]
                          [--games N] [--seed S] [--seats 4333333] [--jobs J] [--json FILE]
                          [--add EARLIER.json ...] [--sprt P1]

The level of the first seat is the one tested (hard in ``4333333``); each game is played twice
from the same seed and seating (rotated one seat a game), once with the tested level as A and
once as B, the opponents on A's weights (node budgets: repeatable). A version is a weight set
and its node budget: how many nodes, and whether it has the floor (see :class:`.bots.Budget`;
as shipped unless given). A weights file is what :mod:`.weights` reads (``old`` stands for the hand-set weights
without attrition awareness, ``new`` for the shipped ones). It reports each side's win rate with its 95%
interval, how the tested level's losses came (attrition, general), and the paired difference
B − A with its 95% interval: B is kept only when that interval lies above zero. It also reports
the paired differences of the tested level's place and of the pieces it lost (more sensitive than
wins, for reading a result; the verdict is on wins). The --json file keeps every pair; --add
takes the pairs of earlier runs of the same A and B (on other seeds) into the report and the
verdict, so that a test too short to decide can be made longer without playing it again (a file
with a ``"tally"`` instead stands for pairs known only by who won them). While a run plays, its
--json file holds the pairs finished so far (in seed order) and those added, marked
``"unfinished"``: a run stopped early has lost only the pairs it was playing.

With ``--sprt P1`` the verdict is a sequential test's instead (Wald's SPRT, as engine testing
frameworks such as Stockfish's use): on the pairs one side won and the other did not, B's share
is ½ if B is no better, P1 if it is; the log-likelihood ratio of the two is compared with the
bounds of 5% errors either way. Between the bounds the test says to go on: play more pairs on
new seeds and --add the earlier runs, until a bound is crossed (a sequential test may be
lengthened so; a fixed one may not)."""
from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from qiguo.cmdline import Parser, parse, parsed, run, whole
from qiguo.engine import KINGDOMS, Game
from qiguo.jsonfile import write_json

from . import weights
from .arena import MAX_PLIES, each, places, seating, wilson
from .bots import NODE_BUDGETS, Budget, think
from .seats import BOTS, parse_seats

OLD = weights.HAND_SET
"""The bots' weights before tuning and attrition awareness (the hand-set ones)."""


def weights_of(text: str) -> dict[str, Any]:
    """A weight set named on the command line: ``old``, ``new`` or a file."""
    if text == "old":
        return OLD
    if text == "new":
        return weights.complete(weights.load() or weights.current())
    found = weights.load(Path(text))
    if found is None:
        raise ValueError(f"{text[:80]!r} is not a weights file")
    return weights.complete(found)


def play(task: tuple[int, list[str], int, int, dict[str, Any], dict[str, Any], Budget]) -> dict[str, Any]:
    """One game: kingdom `mine` on the `tested` weights and node budget `own`, the others on
    `others` and their levels' node budgets. Returns whether it won, how it ended (in play, or
    out by general or attrition), its place, the pieces it lost and the plies it lost them at, its
    prisoners, and the game's length and end (the result's reason, or unfinished)."""
    index, seats, seed, mine, tested, others, own = task
    game = Game.new()
    losses_at: list[int] = []
    while game.result is None and game.ply < MAX_PLIES:
        k = game.turn
        weights.use(tested if k == mine else others)
        level = seats[k]
        budget = own if k == mine else NODE_BUDGETS[level]
        before = game.losses[mine]
        game.play_code(think(game, level, seed=seed * 1000 + game.ply, budget=budget).move)
        losses_at += [game.ply] * (game.losses[mine] - before)
    standing = game.standing(mine)
    won = KINGDOMS[mine] in (game.result.winners if game.result else "")
    return {"index": index, "won": won, "fate": "won" if won else standing.how or standing.state,
            "place": places(game)[mine], "lost": game.losses[mine], "losses_at": losses_at,
            "prisoners": game.score[mine], "plies": game.ply,
            "end": game.result.reason if game.result else "unfinished"}


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """The mean paired difference b − a and its 95% interval (normal approximation)."""
    d = [float(y) - float(x) for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


SPRT_ERRORS = 0.05
"""Both error rates of the sequential test: B kept when no better, B dropped when better by P1."""


def sprt(a_won: Sequence[bool], b_won: Sequence[bool], p1: float,
         errors: float = SPRT_ERRORS) -> tuple[float, float, str]:
    """Wald's sequential test on the paired wins: the log-likelihood ratio of "B wins a split pair
    with probability p1" against "with ½", the bound either side, and the verdict."""
    b_only = sum(1 for x, y in zip(a_won, b_won) if y and not x)
    a_only = sum(1 for x, y in zip(a_won, b_won) if x and not y)
    llr = b_only * math.log(p1 / 0.5) + a_only * math.log((1 - p1) / 0.5)
    bound = math.log((1 - errors) / errors)
    verdict = ("B is better: keep B" if llr >= bound else "B is not better by that: keep A" if llr <= -bound
               else "not decided yet: play more pairs on new seeds and --add these")
    return llr, bound, verdict


def _parse(argv: Sequence[str] | None) -> Any:
    p = Parser(prog="python -m qiguo.ai.ab", description="A/B test of two versions of one bot level")
    p.add_argument("--a", type=parsed(weights_of), default="old")
    p.add_argument("--b", type=parsed(weights_of), default="new")
    for side in "ab":
        p.add_argument(f"--{side}-floor", choices=("on", "off"), help="the tested level's node budget with its floor or without")
        p.add_argument(f"--{side}-nodes", type=whole(100, 10_000_000), help="the tested level's node budget (nodes)")
    p.add_argument("--games", type=whole(0, 10_000), default=42, help="pairs to play (0: only report those of --add)")
    p.add_argument("--seed", type=whole(0, 2 ** 31), default=1)
    p.add_argument("--seats", type=parsed(lambda text: parse_seats(text, BOTS)), default=["hard"] + ["normal"] * 6)
    p.add_argument("--jobs", type=whole(1, 64), default=1)
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--add", metavar="FILE", action="append", type=parsed(earlier_pairs), default=[],
                   help="the pairs of an earlier run's --json (the same A and B on other seeds), decided on together")
    p.add_argument("--sprt", metavar="P1", type=parsed(share),
                   help="decide by a sequential test: B wins this share of the pairs split between A and B if better")
    return parse(p, argv)


def share(text: str) -> float:
    """A share above ½ and below 1."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.5 < value < 1:
        raise ValueError(f"{text[:20]!r} is not a share between 0.5 and 1")
    return value


TALLY = {"both": (True, True), "b_only": (False, True), "a_only": (True, False), "neither": (False, False)}
"""A tally file's counts of pairs by who won in them: A and B both, B only, A only, neither."""


def earlier_pairs(text: str) -> list[dict[str, Any]]:
    """The pairs an earlier run of this tool wrote to its --json file; or, from a file with a
    ``"tally"`` (counts by :data:`TALLY`, for runs whose pairs were not kept), pairs known only
    by who won them: they count in the wins and the verdict, not in the places or pieces lost."""
    try:
        data = json.loads(Path(text).read_text(encoding="utf-8"))
        if isinstance(data, dict) and "tally" in data:
            return tallied(data["tally"])
        pairs = data["pairs"]
        ok = isinstance(pairs, list) and bool(pairs) and all(
            isinstance(run["won"], bool) and ("place" not in run or isinstance(run["fate"], str) and all(
                isinstance(run[key], (int, float)) for key in ("place", "lost")))
            for p in pairs for run in (p["A"], p["B"]))  # a tally's pairs (added before) have only "won"
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        ok = False
    if not ok:
        raise ValueError(f"{text[:80]!r} holds no pairs of an A/B test's --json")
    return pairs


def tallied(tally: Any) -> list[dict[str, Any]]:
    """The pairs a tally counts, known only by who won."""
    if not (isinstance(tally, dict) and set(tally) == set(TALLY)
            and all(isinstance(n, int) and n >= 0 for n in tally.values()) and sum(tally.values())):
        raise ValueError(f"a tally counts pairs by {', '.join(TALLY)}")
    return [{"seed": None, "A": {"won": a}, "B": {"won": b}} for key, (a, b) in TALLY.items() for _ in range(tally[key])]


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    if isinstance(args, int):
        return args
    if not args.games and not args.add:
        print("error: no pairs: play some (--games) or add an earlier run's (--add)", file=sys.stderr)
        return 2
    a, b = (weights_of(x) if isinstance(x, str) else x for x in (args.a, args.b))
    shipped = NODE_BUDGETS[args.seats[0]]
    a_own, b_own = (replace(shipped, floor=shipped.floor if f is None else f == "on", nodes=n or shipped.nodes)
                    for f, n in ((args.a_floor, args.a_nodes), (args.b_floor, args.b_nodes)))
    tasks = []
    for i in range(args.games):
        seats, mine = seating(args.seats, i, True), i % 7  # the tested level's seat moves round
        tasks += [(i, seats, args.seed + i, mine, a, a, a_own), (i, seats, args.seed + i, mine, b, a, b_own)]
    added = [p for earlier in args.add for p in earlier]
    pairs: list[dict[str, Any]] = []
    results = each(play, tasks, args.jobs)
    for a_run, b_run in zip(results, results):  # the games come in order: a pair's A, then its B
        pairs.append({"seed": args.seed + a_run["index"], "A": a_run, "B": b_run})
        if args.json:  # a run stopped early leaves the pairs it finished, for --add
            write_json(Path(args.json), {"unfinished": f"{len(pairs)} of {args.games} pairs played",
                                         "pairs": pairs + added}, indent=1)
    pairs += added
    side = {name: [p[name] for p in pairs] for name in "AB"}
    report: dict[str, Any] = {"games": len(pairs), "seed": args.seed, "level": args.seats[0],
                              "floor": {"A": a_own.floor, "B": b_own.floor}, "nodes": {"A": a_own.nodes, "B": b_own.nodes}}
    if args.add:
        print(f"{args.games} pairs played, {len(pairs) - args.games} added from earlier runs")
    for name, rs in side.items():
        wins = sum(r["won"] for r in rs)
        low, high = wilson(wins, len(rs))
        fates: dict[str, int] = {}
        known = [r for r in rs if "place" in r]  # pairs of a tally are known only by who won
        for r in known:
            fates[r["fate"]] = fates.get(r["fate"], 0) + 1
        place, lost = (sum(r[key] for r in known) / max(1, len(known)) for key in ("place", "lost"))
        report[name] = {"wins": wins, "win_rate": round(wins / len(rs), 4), "ci95": [round(low, 4), round(high, 4)],
                        "fates": fates, "place": round(place, 3), "lost": round(lost, 3)}
        detail = ""
        if known:
            detail = ("; at the end: " + ", ".join(f"{f} {n}" for f, n in sorted(fates.items()))
                      + f"; place {place:.2f} on average, {lost:.2f} pieces lost")
            if len(known) < len(rs):
                detail += f" (of the {len(known)} pairs kept whole)"
        print(f"{name}: {wins}/{len(rs)} won, {wins / len(rs):.1%} (95% {low:.1%}-{high:.1%}){detail}")
    a_won, b_won = [r["won"] for r in side["A"]], [r["won"] for r in side["B"]]
    mean, low, high = paired(a_won, b_won)
    report["difference"] = {"mean": round(mean, 4), "ci95": [round(low, 4), round(high, 4)]}
    if args.sprt is None:
        verdict = "B is better beyond noise: keep B" if low > 0 else (
            "B is worse beyond noise: keep A" if high < 0 else "no difference beyond noise: keep A")
        report["difference"]["verdict"] = verdict
        print(f"B - A: {mean:+.1%} (95% {low:+.1%} to {high:+.1%}): {verdict}")
    else:
        llr, bound, verdict = sprt(a_won, b_won, args.sprt)
        report["sprt"] = {"p1": args.sprt, "llr": round(llr, 4), "bound": round(bound, 4), "verdict": verdict}
        print(f"B - A: {mean:+.1%} (95% {low:+.1%} to {high:+.1%})")
        print(f"SPRT (split pairs B's {args.sprt:.0%} against 50%): log-likelihood ratio {llr:+.2f}, "
              f"bounds {-bound:+.2f} and {bound:+.2f}: {verdict}")
    detailed = [p for p in pairs if "place" in p["A"]]
    if len(detailed) < len(pairs):
        print(f"  places and pieces lost: of the {len(detailed)} pairs kept whole (the rest are a tally)")
    for key, what in (("place", "place (lower is better)"), ("lost", "pieces lost")):
        if not detailed:
            break
        m, lo, hi = paired([p["A"][key] for p in detailed], [p["B"][key] for p in detailed])
        report["difference"][key] = {"mean": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)]}
        print(f"  {what}, B - A: {m:+.2f} (95% {lo:+.2f} to {hi:+.2f})")
    report["pairs"] = pairs
    if args.json:
        write_json(Path(args.json), report, indent=1)  # whole or not at all: a run may be stopped while it writes
    return 0


if __name__ == "__main__":
    run(main)
