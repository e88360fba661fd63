"""Puzzles mined from bot games, in the manner of lichess's puzzle generator: play games, look at
every position where something can be won or lost, and keep those where one move (or a few
equal ones) is clearly best: the search's best beats every other move by at least a Horse,
confirmed by a deeper search. Each puzzle gets a theme and a difficulty rating."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from qiguo.engine import HORSE, Game, Move

from ..bots import NODE_BUDGETS, SHAPES, choose_move, easy, novice
from ..coach.danger import dangers
from ..evaluate import VALUE
from ..search import BestReplySearch, Shape
from .. import weights
from .themes import proven_theme

MARGIN = weights.HAND_SET["values"]["Horse"]
"""The best must beat every other move by a Horse (of the hand-set weights, as the search here)."""
SCREEN_DEPTH, CHECK_DEPTH = 2, 3
"""The search depth that finds candidates, and the deeper one that confirms them (and `check`)."""
EQUAL = 0.5
"""Moves within this of the best are accepted as solutions too (two pieces that take the same
General); at most MAX_SOLUTIONS of them."""
MAX_SOLUTIONS = 3
THEMES = ("general", "free", "save", "save_general", "cannon", "fork", "threat")
"""Take a General, win a piece for free, save a threatened piece, save your General, a Cannon's
screen, a Horse that attacks two, a threat to a General that cannot be met. A position whose
best move is none of these is not kept: a puzzle must be one a player can learn from."""
LEVELS = "easy", "normal"
"""The bot levels whose games are mined (seated by turns, on node budgets)."""
PLIES = 240
"""Each game is mined up to this ply: the long ends of games repeat themselves."""


@dataclass(frozen=True)
class Found:
    """What a fixed-depth search says of a position: the accepted moves, best first, and how
    far the best is ahead of every other move (0 when none is clearly best)."""

    solution: list[int]
    gap: float


def _shape(depth: int) -> Shape:
    hard = SHAPES["hard"]
    return Shape(max_depth=depth, full_min=hard.full_min, reduce=hard.reduce, round=hard.round, min_depth=depth)


def clearly_best(game: Game, depth: int) -> Found:
    """The moves of a clear best, searched `depth` plies (fixed, so the same on any computer)
    under the hand-set weights (so that tuning the bots never unmakes a puzzle): the best, any
    within EQUAL of it, and the gap to the first move outside that."""
    with weights.using(weights.HAND_SET):
        return _clearly_best(game, depth)


def _clearly_best(game: Game, depth: int) -> Found:
    moves = sorted(game.legal_codes())
    solution: list[int] = []
    best_value = 0.0
    while len(moves) > 1:
        search = BestReplySearch(game.copy(), shape=_shape(depth))
        move, value = search.best_move(order_seed=list(moves))
        if not solution:
            solution, best_value = [move], value
        elif best_value - value < EQUAL and len(solution) < MAX_SOLUTIONS:
            solution.append(move)
        else:
            gap = best_value - value
            return Found(solution, gap if gap >= MARGIN else 0.0)
        moves.remove(move)
    return Found(solution, 0.0)


def worth_a_look(game: Game) -> bool:
    """A quick filter: the mover can capture a piece worth at least a Horse (or a General), or
    has such a piece in danger."""
    for code in game.legal_codes():
        victim = game.piece_at(Move(code).to_sq) if not Move(code).is_pass else None
        if victim is not None and (victim.is_general or VALUE[victim.kind] >= VALUE[HORSE]):
            return True
    return any(d.piece.is_general or VALUE[d.piece.kind] >= VALUE[HORSE] for d in dangers(game))


def difficulty(game: Game, solution: list[int]) -> int:
    """A first rating, on the scale of :mod:`..ratings`: by the weakest bot level that finds a
    solution (easy's one-ply greed: 1200; else normal's two plies: 1500; else 1800), plus a
    little for a quiet solution and for many moves to choose from."""
    moves = sorted(game.legal_codes())
    if easy(game.copy(), list(moves), random.Random(0)) in solution:
        base = 1200
    elif choose_move(game, "normal", 0, NODE_BUDGETS["normal"]) in solution:
        base = 1500
    else:
        base = 1800
    quiet = game.piece_at(Move(solution[0]).to_sq) is None
    return base + (100 if quiet else 0) + min(100, len(moves) // 2)


def puzzle_of(game: Game, ident: str) -> dict[str, Any] | None:
    """A puzzle from the position, if it has a clear best confirmed by the deeper search."""
    if game.result is not None or not worth_a_look(game):
        return None
    screen = clearly_best(game, SCREEN_DEPTH)
    if not screen.gap:
        return None
    found = clearly_best(game, CHECK_DEPTH)
    if not found.gap or found.solution[0] not in screen.solution:
        return None
    kind = proven_theme(game, found.solution[0])
    if kind is None:
        return None
    return {"id": ident, "qfen": game.to_qfen(), "rules": game.rules.preset,
            "solution": [str(Move(c)) for c in found.solution], "theme": kind,
            "rating": difficulty(game, found.solution)}


def games(count: int, seed: int, plies: int = PLIES) -> Iterator[tuple[int, Game]]:
    """Bot games to mine (easy and normal by turns, a seed each), yielded position by position
    as (game number, game at that position), each up to `plies` plies."""
    for n in range(count):
        game = Game.new()
        seats = [LEVELS[(k + n) % 2] for k in range(7)]
        rng = random.Random(seed * 7919 + n)
        while game.result is None and game.ply < plies:
            yield n, game
            level = seats[game.turn]
            if level == "easy" and rng.random() < 0.1:  # now and then a careless move, as people make
                move = novice(game, sorted(game.legal_codes()), rng)
            else:
                move = choose_move(game, level, seed * 100_000 + n * 2000 + game.ply, NODE_BUDGETS[level])
            game.play_code(move)


def mine(count: int, seed: int, progress: Callable[[int, int, int], None] | None = None,
         plies: int = PLIES) -> Iterator[dict[str, Any]]:
    """Puzzles from `count` games (each up to `plies` plies), at most one a position and none
    twice; `progress(game, ply, found)` after each position looked at. The games are played and
    searched under the hand-set weights, whatever weights the bots ship with, so that a run
    gives the shipped puzzles again."""
    with weights.using(weights.HAND_SET):  # the puzzles' bots and search: the same on every run
        yield from _mine(count, seed, progress, plies)


def _mine(count: int, seed: int, progress: Callable[[int, int, int], None] | None, plies: int
          ) -> Iterator[dict[str, Any]]:
    seen: set[str] = set()
    found = 0
    for n, game in games(count, seed, plies):
        qfen = game.to_qfen()
        if qfen not in seen:
            seen.add(qfen)
            p = puzzle_of(game, f"s{seed}g{n}p{game.ply}")
            if p is not None:
                found += 1
                yield p
        if progress is not None:
            progress(n, game.ply, found)
