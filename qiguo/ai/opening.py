"""The first moves studied: each kingdom's first move from the standard seven-kingdom start,
measured by playing on, for the book a level reads (:mod:`.book`).

A shallow search misjudges the opening melee: Qin's hard bot opens b8e4, which shields its a8
Sword and counts the Horse as safe because a7 defends it, but Chu takes it with its Bow and its
Crossbow covers e4, so Qin cannot take back; most first moves leave something to take at once.
The study: for each kingdom, `seeds` positions before its first move (normal bots play the
kingdoms before it, seeded); every move legal in all of them is screened by the pieces the
kingdom loses before its next turn (normal bots play the round, on the first `SCREEN` seeds);
the `KEEP` that lose least, and hard's own choice at each position, are played on for `ROUNDS`
rounds (hard at the kingdom, normal bots elsewhere, every move on the same seeds: paired) and
the kingdom's losses counted (a kingdom that falls counts its attrition limit). The move that
lost least is then played on again, beside hard's own choice, on `seeds` new seeds (the best of
several measured on the same seeds looks better than it is); it goes into the book only when it
loses at least `MARGIN` pieces fewer on average than hard's own choice on both sets of seeds."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterator, Sequence

from qiguo.engine import KINGDOM_NAMES, Game, Move

from .book import STUDIED
from .bots import NODE_BUDGETS, think

SCREEN = 2
"""Seeds each legal first move is screened on (one round)."""
KEEP = 8
"""First moves played on after the screen (besides hard's own choice)."""
ROUNDS = 3
"""Rounds a kept first move is played on for (the kingdom's next three turns)."""
MARGIN = 0.25
"""Pieces a move must save on average, against hard's own choice, to go into the book."""
OPPONENTS = "normal"
"""The level of the other kingdoms while a first move is measured (hard's A/B opponents)."""


@lru_cache(maxsize=64)
def _before(k: int, seed: int) -> tuple[int, ...]:
    """The moves normal bots play from the start up to kingdom k's first turn (on `seed`)."""
    g = Game.new(STUDIED)
    played: list[int] = []
    while g.turn != k and g.result is None:
        played.append(think(g, OPPONENTS, seed=seed * 1000 + g.ply, budget=NODE_BUDGETS[OPPONENTS]).move)
        g.play_code(played[-1])
    return tuple(played)


def position_before(k: int, seed: int) -> Game:
    """The position at kingdom k's first turn on `seed`."""
    g = Game.new(STUDIED)
    for m in _before(k, seed):
        g.play_code(m)
    return g


def losses_after(task: tuple[int, int, int | None, int]) -> int:
    """Kingdom k's losses from its first move (`move`, or hard's own choice when None or not
    legal there, as with the book) up to its turn `rounds` rounds later: hard plays it, normal
    bots the rest (its attrition limit if it falls)."""
    k, seed, move, rounds = task
    g = position_before(k, seed)
    before = g.losses[k]
    if move not in g.legal_codes():
        move = think(g, "hard", seed=seed * 1000 + g.ply, budget=NODE_BUDGETS["hard"], book=False).move
    g.play_code(move)
    end = g.ply + 7 * rounds - 1
    while g.result is None and g.ply < end and g.alive[k]:
        level = "hard" if g.turn == k else OPPONENTS
        g.play_code(think(g, level, seed=seed * 1000 + g.ply, budget=NODE_BUDGETS[level]).move)
    return g.losses[k] - before if g.alive[k] else g.rules.attrition_limit


Each = Callable[[Callable[[Any], int], list[Any]], Iterator[int]]
"""Runs a function over tasks, in order (the arena's process pool, or a plain map)."""


def study(seed: int, seeds: int, each: Each, kingdoms: Sequence[int] = range(7)) -> dict[str, dict[str, Any]]:
    """Each kingdom's first moves measured: by kingdom name, the mean losses of each move played
    on (``"moves"``, by move; ``"search"`` for hard's own choice), of the one that lost least and
    of hard's choice on the new seeds (``"held_out"``), and the book's move (None when it does
    not save `MARGIN` on both)."""
    found: dict[str, dict[str, Any]] = {}
    for k in kingdoms:
        runs = [seed + i for i in range(seeds)]
        legal = set.intersection(*(set(position_before(k, s).legal_codes()) for s in runs))
        moves = sorted(legal)
        first = runs[:SCREEN]
        lost = list(each(losses_after, [(k, s, m, 1) for m in moves for s in first]))
        per = {m: sum(lost[i * len(first):(i + 1) * len(first)]) for i, m in enumerate(moves)}
        chosen = sorted(moves, key=lambda m: (per[m], m))[:KEEP]
        kept: list[int | None] = [None, *chosen]
        played = list(each(losses_after, [(k, s, m, ROUNDS) for m in kept for s in runs]))
        mean = {m: sum(played[i * seeds:(i + 1) * seeds]) / seeds for i, m in enumerate(kept)}
        best = min(chosen, key=lambda m: (mean[m], m))
        new = [seed + seeds + i for i in range(seeds)]
        again = list(each(losses_after, [(k, s, m, ROUNDS) for m in (best, None) for s in new]))
        held = sum(again[:seeds]) / seeds, sum(again[seeds:]) / seeds
        saves = mean[best] <= mean[None] - MARGIN and held[0] <= held[1] - MARGIN
        found[KINGDOM_NAMES[k]] = {"book": str(Move(best)) if saves else None, "search": round(mean[None], 3),
                                   "moves": {str(Move(m)): round(mean[m], 3) for m in chosen},
                                   "held_out": {str(Move(best)): round(held[0], 3), "search": round(held[1], 3)}}
    return found
