"""Tuning the evaluation from play (Texel's method, for a game of many players):

    python -m qiguo.ai.tune collect [--games N] [--seed S] [--jobs J] [--plies P] --out DATA
    python -m qiguo.ai.tune fit DATA [--out qiguo/ai/weights.json]
    python -m qiguo.ai.tune taken [--games N] [--seed S] [--jobs J] [--plies P] [--pieces all|own]
                                  [--out qiguo/ai/weights.json]
    python -m qiguo.ai.tune opening [--seeds N] [--seed S] [--jobs J] [--kingdoms Qin,Chu,...]
                                    [--for hard|hint] [--out qiguo/ai/weights.json]

``collect`` plays arena games of mixed levels on node budgets (seeded: the same data on any
computer) and keeps, every few plies, each kingdom in play's features (the material it moves by
kind, prisoner points, Generals held, nearness to hegemony by prisoners, the share of its
attrition limit it has lost) with the game's final places (the features of the weights tuned;
the rest of the value apart). ``fit`` finds the weights of :mod:`.evaluate` under which the
kingdoms' values best predict those places: each position's final order is scored with the
Plackett-Luce model on the values over a fitted temperature (the log-likelihood of the order
that came), with a Gaussian prior toward the hand-set weights so that a few thousand positions
cannot push a weight anywhere silly; gradient ascent, seeded. It does so for each power of the
attrition curve in CURVES, fitted on the even games and judged on the odd ones, keeps the power
that predicts those best, and fits the weights on all the games with it (about a minute). It
writes the weights, with the command, the data's size and the held-out score of each power, where
the bots read them (:mod:`.weights`), keeping the choices A/B tests made since (the round's
trades, each level's rivals and switches, the books). The
Sword's value (1: values are in Swords) and ALIVE (the same for every kingdom in play, so the
order says nothing of it) stay as they are. ``taken`` measures how often the opponents really take
a threatened piece (:mod:`.taken`): every kingdom's, or with ``--pieces own`` only hard's (the
opponents may go for the strongest kingdom's pieces more), and writes those rates as hard's leaf
weights into the weights file (the rest of it kept). ``opening`` studies each kingdom's first move
(:mod:`.opening`) and writes the moves that lose fewer pieces than hard's own choice as hard's book
(:mod:`.book`), or with ``--for hint`` as the hint's, with what each move played on lost, into the
weights file (the rest of it kept, the book's entries for kingdoms not studied too)."""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from qiguo.cmdline import Parser, parse, run, whole
from qiguo.engine import (BOW, BRIGADIER, CANNON, CROSSBOW, DEPUTY, ENVOY, GENERAL, HORSE, INERT, KIND_NAMES,
                          KINGDOM_NAMES, SABRE, SWORD, Game)

from . import evaluate, weights
from .arena import MAX_PLIES, each, places, seating
from .bots import NODE_BUDGETS, SHAPES, think
from .levels import LEVELS
from .opening import ROUNDS, study
from .taken import measure_game, rates

KINDS = (DEPUTY, BRIGADIER, ENVOY, CANNON, BOW, CROSSBOW, SABRE, HORSE)
"""The piece values tuned (the General's counts with the kingdom; the Sword is the unit)."""
TERMS = ("NEAR", "FALLING")
"""The kingdom terms tuned. GENERAL_HELD and PRISONER stay as set by hand: they stand for the
ways to win that the search plays toward, and the team evaluation needs GENERAL_HELD so that
taking a General pays (it removes a kingdom from the opponents' average), which the order of
the places alone cannot show (a first fit without them set it to zero, and the bots stopped
taking free Generals)."""
NAMES = tuple(KIND_NAMES[k] for k in KINDS) + TERMS
PATTERNS = ("2233344", "1223334", "2223334")
"""The levels of the collected games, by turns, rotated one seat a game."""
EVERY = 6
"""A position is kept every this many plies (from ply 14 on)."""
PRIOR = 2.0
"""How strongly the hand-set weights hold, per game of data: positions of one game share its
outcome, so the prior grows with the games, not the positions."""


def features(g: Game, k: int) -> tuple[list[float], float]:
    """Kingdom k's features in the order of NAMES, and the part of its value not tuned (the
    Swords and Generals it moves)."""
    counts = [0.0] * 16
    b, ctl = g.board, g.controller
    for j in range(7):
        if ctl[j] == k:
            for sq in g.pieces[j]:
                counts[b[sq] & 15] += 1
    r = g.rules
    held = (2 * g.generals[k] / r.win_generals if r.win_generals else 0.0) + (
        2 * g.credits[k] / r.win_kingdoms if r.win_kingdoms else 0.0)
    near = (g.score[k] / r.win_captures) ** 3 if r.win_captures else 0.0
    lost = g.losses[k] / r.attrition_limit  # the fit raises it to the curve's power (see shaped)
    fixed = (counts[SWORD] * evaluate.VALUE[SWORD] + counts[GENERAL] * evaluate.VALUE[GENERAL]
             + evaluate.GENERAL_HELD * held + evaluate.PRISONER * g.score[k])
    return [counts[kind] for kind in KINDS] + [near, lost], fixed


def collect_game(task: tuple[int, list[str], int, int]) -> list[dict[str, Any]]:
    """One game (up to `plies` plies) and its positions: [{"f": [[features] per kingdom in play],
    "x": [fixed part], "p": [final places]}]."""
    index, seats, seed, plies = task
    with weights.using(weights.HAND_SET):  # the games tuning starts from: the same on every run
        return _collect(index, seats, seed, plies)


def _collect(index: int, seats: list[str], seed: int, plies: int) -> list[dict[str, Any]]:
    g = Game.new()
    kept: list[tuple[list[int], list[list[float]], list[float]]] = []
    while g.result is None and g.ply < plies:
        if g.ply >= 14 and g.ply % EVERY == 0:
            alive = [k for k in range(7) if g.alive[k] and g.controller[k] != INERT]
            rows = [features(g, k) for k in alive]
            kept.append((alive, [f for f, _ in rows], [x for _, x in rows]))
        level = seats[g.turn]
        g.play_code(think(g, level, seed=seed * 1000 + g.ply, budget=NODE_BUDGETS[level]).move)
    final = places(g)
    return [{"g": index, "f": f, "x": x, "p": [final[k] for k in alive]} for alive, f, x in kept if len(alive) > 1]


CURVES = (1.0, 1.5, 2.0, 3.0)
"""The attrition curve's powers ``fit`` tries (:data:`.evaluate.CURVE`)."""


def shaped(data: list[dict[str, Any]], curve: float) -> list[dict[str, Any]]:
    """The positions with the attrition curve of that power: each kingdom's FALLING feature, kept
    as the share of its attrition limit it has lost (x), becomes -x ** curve."""
    at = NAMES.index("FALLING")
    return [{**pos, "f": [row[:at] + [-row[at] ** curve] + row[at + 1:] for row in pos["f"]]} for pos in data]


def start_weights(temperature: float = 10.0) -> list[float]:
    """The hand-set weights in the order of NAMES (whatever weights the bots ship with), and the
    temperature last."""
    hand = weights.HAND_SET
    return ([hand["values"][KIND_NAMES[k]] for k in KINDS] + [hand["terms"][t] for t in TERMS] + [temperature])


def best_temperature(data: list[dict[str, Any]]) -> float:
    """The temperature under which the hand-set weights predict the data best (so that a tuned
    weight is credited only with what it adds)."""
    def score(temp: float) -> float:
        return log_likelihood(start_weights(temp), data, 0.0)[0]
    low, high = 1.0, 200.0
    for _ in range(40):  # golden-section search
        a, b = high - 0.618 * (high - low), low + 0.618 * (high - low)
        if score(a) > score(b):
            high = b
        else:
            low = a
    return (low + high) / 2


def games_in(data: list[dict[str, Any]]) -> int:
    return len({pos.get("g", 0) for pos in data}) or 1


def log_likelihood(w: list[float], data: list[dict[str, Any]], prior_weight: float | None = None
                   ) -> tuple[float, list[float]]:
    """The Plackett-Luce log-likelihood of the final orders, with the prior (PRIOR per game of
    the data unless `prior_weight` says otherwise), and its gradient."""
    n = len(NAMES)
    temp = w[n]
    prior = start_weights()
    strength = PRIOR * games_in(data) if prior_weight is None else prior_weight
    total, grad = 0.0, [0.0] * (n + 1)
    for pos in data:
        f, x, p = pos["f"], pos["x"], pos["p"]
        v = [x[i] + sum(w[j] * f[i][j] for j in range(n)) for i in range(len(f))]
        order = sorted(range(len(f)), key=lambda i: (p[i], i))
        for at in range(len(order) - 1):
            rest = order[at:]
            top = max(v[i] for i in rest)
            e = [math.exp((v[i] - top) / temp) for i in rest]
            z = sum(e)
            chosen = order[at]
            total += (v[chosen] - top) / temp - math.log(z)
            mean_v = sum(ei * v[i] for ei, i in zip(e, rest)) / z
            for j in range(n):
                mean_f = sum(ei * f[i][j] for ei, i in zip(e, rest)) / z
                grad[j] += (f[chosen][j] - mean_f) / temp
            grad[n] -= (v[chosen] - mean_v) / (temp * temp)
    for j in range(n):  # the prior: each weight near its hand-set value (scaled by that value)
        scale = max(abs(prior[j]), 1.0)
        total -= strength * ((w[j] - prior[j]) / scale) ** 2
        grad[j] -= 2 * strength * (w[j] - prior[j]) / (scale * scale)
    return total, grad


def fit(data: list[dict[str, Any]], steps: int = 300) -> tuple[list[float], float, float]:
    """The weights (and temperature) of greatest likelihood, by gradient ascent with Adam from
    the hand-set weights at their best temperature; with the log-likelihood per position (the
    prior left out) before and after."""
    w = start_weights(best_temperature(data))
    before = log_likelihood(w, data, 0.0)[0]
    m, s = [0.0] * len(w), [0.0] * len(w)
    rate = 0.02
    for t in range(1, steps + 1):
        _, grad = log_likelihood(w, data)
        for j, g in enumerate(grad):
            m[j] = 0.9 * m[j] + 0.1 * g
            s[j] = 0.999 * s[j] + 0.001 * g * g
            step = rate * (m[j] / (1 - 0.9 ** t)) / (math.sqrt(s[j] / (1 - 0.999 ** t)) + 1e-8)
            w[j] += step * max(abs(w[j]), 1.0)
        w[-1] = max(w[-1], 0.5)
        for j in range(len(KINDS)):
            w[j] = max(w[j], 0.1)
    after = log_likelihood(w, data, 0.0)[0]
    return w, before / len(data), after / len(data)


def held_out(data: list[dict[str, Any]], steps: int) -> tuple[float, float]:
    """Fitted on the even games, judged on the odd ones: the log-likelihood per held-out position
    of the hand-set weights (at their best temperature on the even games) and of the tuned ones.
    Tuned weights that do not beat the hand-set ones here only fit their own games. (`data`
    shaped to one curve.)"""
    train = [pos for pos in data if pos.get("g", 0) % 2 == 0]
    test = [pos for pos in data if pos.get("g", 0) % 2 == 1]
    if not train or not test:
        return 0.0, 0.0
    w, _, _ = fit(train, steps)
    hand = log_likelihood(start_weights(best_temperature(train)), test, 0.0)[0] / len(test)
    return hand, log_likelihood(w, test, 0.0)[0] / len(test)


def _parse(argv: Sequence[str] | None) -> Any:
    p = Parser(prog="python -m qiguo.ai.tune", description="tune the evaluation's weights from bot games")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=whole(1, 10_000), default=40)
    c.add_argument("--seed", type=whole(0, 2 ** 31), default=700)
    c.add_argument("--jobs", type=whole(1, 64), default=1)
    c.add_argument("--plies", type=whole(1, MAX_PLIES), default=MAX_PLIES, help="cut each game at this ply")
    c.add_argument("--out", required=True)
    m = sub.add_parser("taken")
    m.add_argument("--games", type=whole(1, 10_000), default=8)
    m.add_argument("--seed", type=whole(0, 2 ** 31), default=800)
    m.add_argument("--jobs", type=whole(1, 64), default=1)
    m.add_argument("--plies", type=whole(1, MAX_PLIES), default=MAX_PLIES, help="cut each game at this ply")
    m.add_argument("--pieces", choices=("all", "own"), default="all",
                   help="whose threatened pieces are watched: every kingdom's, or only hard's own")
    m.add_argument("--out", default=str(weights.FILE))
    o = sub.add_parser("opening")
    o.add_argument("--seeds", type=whole(1, 1000), default=16, help="positions before each kingdom's first move")
    o.add_argument("--seed", type=whole(0, 2 ** 31), default=900)
    o.add_argument("--jobs", type=whole(1, 64), default=1)
    o.add_argument("--kingdoms", type=kingdoms, default=list(range(7)), help="the kingdoms studied (names, by commas)")
    o.add_argument("--for", dest="book", choices=("hard", "hint"), default="hard", help="whose book it writes")
    o.add_argument("--out", default=str(weights.FILE))
    f = sub.add_parser("fit")
    f.add_argument("data")
    f.add_argument("--out", default=str(weights.FILE))
    f.add_argument("--steps", type=whole(1, 100_000), default=300)
    return parse(p, argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    if isinstance(args, int):
        return args
    if args.command == "taken":
        return _taken(args)
    if args.command == "opening":
        return _opening(args)
    if args.command == "collect":
        tasks = [(i, [LEVELS[int(ch) - 1] for ch in seating(list(PATTERNS[i % len(PATTERNS)]), i, True)],
                  args.seed + i, args.plies) for i in range(args.games)]
        count = 0
        try:
            with open(args.out, "w", encoding="utf-8") as fh:
                for rows in each(collect_game, tasks, args.jobs):
                    fh.write("".join(json.dumps(row) + "\n" for row in rows))
                    fh.flush()
                    count += len(rows)
        except OSError as e:
            print(f"error: {args.out}: {e.strerror or e}", file=sys.stderr)
            return 2
        print(f"positions {count} from {args.games} games")
        return 0
    try:
        data = [json.loads(line) for line in Path(args.data).read_text(encoding="utf-8").splitlines() if line.strip()]
        if not data or not all(isinstance(d, dict) and {"f", "x", "p"} <= set(d) for d in data):
            raise ValueError("not positions collected by this tool")
    except (OSError, ValueError) as e:
        print(f"error: {args.data}: {e}", file=sys.stderr)
        return 2
    started = time.monotonic()
    by_curve = {curve: held_out(shaped(data, curve), args.steps) for curve in CURVES}
    curve = max(CURVES, key=lambda c: by_curve[c][1])  # the power that predicts unseen games best
    tuned_out = by_curve[curve][1]
    hand_curve = weights.HAND_SET["terms"]["CURVE"]  # the hand-set weights are judged on their own curve
    hand_out = by_curve[hand_curve][0]
    w, _, after = fit(shaped(data, curve), args.steps)
    hand_data = shaped(data, hand_curve)
    before = log_likelihood(start_weights(best_temperature(hand_data)), hand_data, 0.0)[0] / len(data)
    decided = weights.current()  # what A/B tests decided besides the fitted weights is kept
    tuned = {"values": {**{KIND_NAMES[k]: round(v, 3) for k, v in zip(KINDS, w)}},
             "terms": {**{t: round(v, 3) for t, v in zip(TERMS, w[len(KINDS):])}, "CURVE": curve},
             "attrition_aware": True, "round_trades": decided["round_trades"], "rivals": decided["rivals"],
             **{key: decided[key] for key in weights.LEVEL_SETS}, "leaf": decided["leaf"], "book": decided["book"],
             "temperature": round(w[-1], 3),
             "command": f"python -m qiguo.ai.tune fit {args.data}", "positions": len(data),
             "games": games_in(data),
             "log_likelihood_per_position": {"hand_set": round(before, 4), "tuned": round(after, 4)},
             "held_out_per_position": {"hand_set": round(hand_out, 4), "tuned": round(tuned_out, 4)},
             "held_out_by_curve": {str(c): round(by_curve[c][1], 4) for c in CURVES}}
    Path(args.out).write_text(json.dumps(tuned, indent=1) + "\n", encoding="utf-8")
    print(f"{len(data)} positions of {games_in(data)} games, {time.monotonic() - started:.0f} s; attrition curve's "
          f"power {curve:g} (on held-out games: {', '.join(f'{c:g}: {by_curve[c][1]:.4f}' for c in CURVES)}); "
          f"log-likelihood per position {before:.4f} -> {after:.4f}; on held-out games {hand_out:.4f} -> {tuned_out:.4f}"
          + ("" if tuned_out > hand_out else " (the tuned weights do not predict unseen games better)"))
    for name, old, new in zip(NAMES + ("temperature",), start_weights(), w):
        print(f"{name:<14}{old:>8.3f}{new:>8.3f}")
    return 0


def written(out: str, data: dict[str, Any]) -> bool:
    """Write a weights file (what ``taken`` and ``opening`` measured, into the weights the bots read
    now); a file that cannot be written is said in one line (False)."""
    try:
        Path(out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        print(f"error: {out}: {e.strerror or e}", file=sys.stderr)
        return False
    return True


def _taken(args: Any) -> int:
    """Measure the leaf's rates and write them as hard's into the weights file (the weights the
    bots read now, for the rest)."""
    started = time.monotonic()
    own = args.pieces == "own"
    tasks = [(i, args.seed + i, args.plies, own) for i in range(args.games)]
    samples = [s for found in each(measure_game, tasks, args.jobs) for s in found]
    if not samples:
        print("error: no threatened piece in those games: play more or longer ones", file=sys.stderr)
        return 2
    measured = rates(samples)
    data = weights.load() or weights.current()
    data["leaf"] = {**data.get("leaf", {}), "hard": {leaf: list(w) for leaf, w in measured.items()}}
    data["leaf_measured"] = {"command": f"python -m qiguo.ai.tune taken --games {args.games} --seed {args.seed}"
                             + (f" --plies {args.plies}" if args.plies < MAX_PLIES else "")
                             + (" --pieces own" if own else ""),
                             "samples": len(samples)}
    if not written(args.out, data):
        return 2
    print(f"{len(samples)} threat views of {args.games} games, {time.monotonic() - started:.0f} s")
    for leaf, w in measured.items():
        print(f"{leaf:<12}{' '.join(f'{v:.3f}' for v in getattr(SHAPES['hard'], leaf))} -> {' '.join(f'{v:.3f}' for v in w)}")
    return 0


def kingdoms(text: str) -> list[int]:
    """Kingdoms named by commas (``Qin,Chu``), in the order of play."""
    names = [t.strip().capitalize() for t in text.split(",")]
    wrong = [n for n in names if n not in KINGDOM_NAMES]
    if wrong or not names:
        raise argparse.ArgumentTypeError(f"{', '.join(wrong) or text!r}: kingdoms are {', '.join(KINGDOM_NAMES)}")
    return sorted({KINGDOM_NAMES.index(n) for n in names})


def _opening(args: Any) -> int:
    """Study the first moves and write the ones that save pieces as hard's book (or the hint's)
    into the weights file (the weights the bots read now, for the rest)."""
    started = time.monotonic()
    bots = weights.fingerprint(weights.current())
    found = study(args.seed, args.seeds, lambda fn, tasks: each(fn, tasks, args.jobs, "first moves"), args.kingdoms)
    data = weights.load() or weights.current()
    kept = {k: move for k, move in data.get("book", {}).get(args.book, {}).items() if k not in found}
    data["book"] = {**data.get("book", {}), args.book: {**kept, **{k: v["book"] for k, v in found.items() if v["book"]}}}
    names = ",".join(KINGDOM_NAMES[k] for k in args.kingdoms)
    data["book_measured"] = {"command": f"python -m qiguo.ai.tune opening --seeds {args.seeds} --seed {args.seed}"
                             + ("" if len(args.kingdoms) == 7 else f" --kingdoms {names}")
                             + ("" if args.book == "hard" else f" --for {args.book}"),
                             "bots": bots, "losses": found}
    if not written(args.out, data):
        return 2
    print(f"\nfirst moves of {names} on {args.seeds} seeds, {time.monotonic() - started:.0f} s; "
          f"pieces lost in {ROUNDS} rounds:")
    for name, v in found.items():
        moves = "  ".join(f"{m} {x:.2f}" for m, x in sorted(v["moves"].items(), key=lambda i: i[1]))
        (move, again), (_, searched) = v["held_out"].items()
        print(f"{name:<5} search {v['search']:.2f}  {moves}; on new seeds {move} {again:.2f}, search {searched:.2f}"
              f"  -> {v['book'] or 'search'}")
    return 0


if __name__ == "__main__":
    run(main)
