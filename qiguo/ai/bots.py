"""The four bot levels. Each takes a game and returns a legal move code; the game is not changed."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Callable

from qiguo.engine import GENERAL, INERT, PASS, Game, takers

from . import weights
from .book import book_move
from .evaluate import DUEL, RIVALS, VALUE, WIN, Rivals, attrition_cost, evaluate
from .levels import LEVELS
from .search import BestReplySearch, Shape


@dataclass(frozen=True)
class Budget:
    """How long a bot may think: seconds of wall time, or (for repeatable play) search nodes."""

    seconds: float | None = None
    nodes: int | None = None
    floor: bool = False
    """With nodes: the search goes past them to complete its level's minimum depth (up to CAP
    times as many)."""


DEFAULT_BUDGETS = {"novice": Budget(), "easy": Budget(), "normal": Budget(seconds=0.25),
                   "hard": Budget(seconds=0.9)}
NODE_BUDGETS = {"novice": Budget(), "easy": Budget(), "normal": Budget(nodes=6000),
                "hard": Budget(nodes=15000, floor=True)}
"""Node budgets near the shipped time on the development machine, for tests and repeatable arena
runs. Measured again after the search got faster, over 4 arena games (seed 11), two at a time
on its 2 cores: normal's 6,000 nodes take 0.09 s a move at the median and 0.23 s at the 95th
percentile (it finishes its two plies); hard's 15,000 took 0.89 s and 1.22 s. Like the timed
bot, hard goes past its nodes to complete its minimum depth (three plies; without that floor it
completed only two in about half its moves, so the arena measured a weaker bot than ships); with
it, 1.14 s at the median and 3.1 s at the 95th percentile (arena, seed 44000, 21 games). Measured
again against the timed bot (arena, seed 11, 2 games each, each beside another search on the 2
cores): hard's 15,000 nodes took 0.88 s a move at the median (past its nodes in 121 of 164 moves
to complete three plies; four in 6), the timed hard 0.91 s (four plies or more in 26 of 177
moves). The bench's mid-game positions are easier: there the timed hard searches about 40,000
nodes, and hard's 15,000 take 0.35 s."""


SHAPES = {"normal": Shape(max_depth=2, min_depth=2),
          "hard": Shape(max_depth=32, full_min=1, reduce=True, round=True, min_depth=3)}
"""How the search levels search: normal two plies full width; hard deeper, full width for the
first reply and then only the replies that hurt, each followed by the rest of the opponents'
round, in which each takes what pays it (see :mod:`.search`). Each completes its minimum depth
whatever its time budget, up to CAP times that budget (at least CAP_SECONDS)."""
CAP, CAP_SECONDS = 6.0, 10.0
"""How many times its time budget a search may take to complete its minimum depth, and the
least time it may take for that (a tiny budget still gets its depth)."""


def cap_seconds(budget: float) -> float:
    """The longest a search with a time budget of `budget` seconds may take."""
    return max(CAP * budget, CAP_SECONDS)


@dataclass(frozen=True)
class Thought:
    """A bot's move and how it was found (depth and nodes are 0 for the levels that do not search)."""

    move: int
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    floor_used: bool = False
    """The search went past its budget (time or nodes) to complete its level's minimum depth."""


def choose_move(game: Game, level: str, seed: int = 0, budget: Budget | None = None,
                cancelled: Callable[[], bool] | None = None) -> int:
    """A legal move code for the game's mover at the given level."""
    return think(game, level, seed, budget, cancelled).move


def think(game: Game, level: str, seed: int = 0, budget: Budget | None = None,
          cancelled: Callable[[], bool] | None = None, book: bool = True) -> Thought:
    """The move a level chooses for the game's mover, with the depth and nodes of its search: its
    book's first move when it has one there (see :mod:`.book`; `book` False searches anyway)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})")
    start = time.perf_counter()
    moves = sorted(game.legal_codes())
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if len(moves) == 1:
        return Thought(moves[0])
    opened = book_move(game, level) if book else None
    if opened is not None:
        return Thought(opened)
    rng = random.Random(f"{seed}:{game.hash}")
    if level == "novice":
        return Thought(novice(game, moves, rng))
    if level == "easy":
        return Thought(easy(game.copy(), moves, rng, weights.rivals(level)))
    search, ordered = searcher(game, level, moves, rng, budget or DEFAULT_BUDGETS[level], cancelled)
    move, _ = search.best_move(order_seed=ordered)
    return Thought(move, search.completed_depth, search.nodes, time.perf_counter() - start, search.floor_used)


def searcher(game: Game, level: str, moves: list[int], rng: random.Random, budget: Budget,
             cancelled: Callable[[], bool] | None = None) -> tuple[BestReplySearch, list[int]]:
    """The search a searching level makes on a copy of `game`, and its root moves in the order
    it tries them (shuffled by `rng` among equals, then greedy); both weigh the opponents as
    the level does (:func:`.weights.rivals`; :data:`.evaluate.DUEL` in a duel, for a level in
    :data:`.weights.DUEL`), and its leaves count threatened pieces as the weights
    file says (:data:`.weights.LEAF`) and, for a level in :data:`.weights.BRINK`, a defended piece
    whose capture would end its kingdom whole; for a level in :data:`.weights.EVADE`, its selective
    replies let an attacked General escape, for one in :data:`.weights.FLEE` the most valuable
    piece it can take, and for one in :data:`.weights.DODGE` its opponents' round moves away what it
    attacks (the search is given the names of the level's sets)."""
    start = time.perf_counter()
    deadline = start + budget.seconds if budget.seconds else None
    cap = start + cap_seconds(budget.seconds) if budget.seconds else None
    node_cap = int(CAP * budget.nodes) if budget.nodes and budget.floor else None
    work = game.copy()  # ordering and search both leave it as they found it
    rng.shuffle(moves)  # equal moves are chosen among fairly, and repeatably for a seed
    rivals = weights.rivals(level)
    if level in weights.DUEL and len({work.teams[k] for k in range(7) if work.alive[k]}) == 2:
        rivals = DUEL  # one opponent left: a duel
    ordered = easy_order(work, moves, rivals)
    shape, leaf = SHAPES[level], weights.LEAF.get(level, {})
    if leaf:
        shape = replace(shape, after_root=leaf.get("after_root", shape.after_root),
                        after_reply=leaf.get("after_reply", shape.after_reply))
    switches = frozenset(key for key, levels in weights.LEVEL_SETS.items() if level in levels)
    return BestReplySearch(work, deadline, budget.nodes, cancelled, shape, cap, node_cap, rivals, switches), ordered


def novice(game: Game, moves: list[int], rng: random.Random) -> int:
    """A random legal move; a capture when there is one, most of the time."""
    captures = [m for m in moves if game.board[m & 511]]
    if captures and rng.random() < 0.75:
        return rng.choice(captures)
    return rng.choice(moves)


def _threats(g: Game, team: int, me: int) -> dict[int, float]:
    """Points holding the team's pieces that an opponent could capture now (the engine's rule,
    :func:`qiguo.engine.takers`), with their value (for kingdom `me`'s own, with what one more
    loss costs it toward its attrition limit)."""
    b, ctl, teams = g.board, g.controller, g.teams
    out: dict[int, float] = {}
    for k in range(7):
        c = ctl[k]
        if c == INERT or teams[c] != team:
            continue
        extra = attrition_cost(g, c) if weights.ATTRITION_AWARE and c == me else 0.0
        for sq in g.pieces[k]:
            if takers(g, sq, c):
                p = b[sq]
                out[sq] = VALUE[p & 15] + (WIN / 10 if p & 15 == GENERAL else extra)
    return out


GENERAL_TARGET = 30.0
"""What easy counts for threatening an enemy general (it wants to take two)."""


def _best_target(g: Game, k: int) -> float:
    """The most valuable capture kingdom k could make if it moved now."""
    b = g.board
    saved = g.turn
    g.set_turn(k)
    best = 0.0
    for m in g.capture_codes():
        p = b[m & 511]
        best = max(best, GENERAL_TARGET if p & 15 == 1 else VALUE[p & 15])
    g.set_turn(saved)
    return best


def _greedy_score(g: Game, m: int, rivals: Rivals) -> float:
    """What m gains and threatens, less the most valuable piece (above all the general) it
    leaves where an opponent can take it next turn (the opponents weighed by `rivals`)."""
    me = g.turn
    team = g.teams[me]
    g.play_code(m)
    try:
        after = evaluate(g, team, rivals=rivals)
        if g.result is not None:
            return after
        threats = _threats(g, team, me)
        attack = _best_target(g, me)
    finally:
        g.undo()
    return after - max(threats.values(), default=0.0) + 0.3 * attack


def easy(g: Game, moves: list[int], rng: random.Random, rivals: Rivals = RIVALS) -> int:
    """One ply, greedy: the most valuable capture, not leaving the moved piece or the general
    where it can be taken next turn. Ties are broken at random."""
    rng.shuffle(moves)
    return easy_order(g, moves, rivals)[0]


def easy_order(g: Game, moves: list[int], rivals: Rivals = RIVALS) -> list[int]:
    """Moves ordered best first by the greedy score (move ordering for the search)."""
    scored = sorted(((_greedy_score(g, m, rivals), i, m) for i, m in enumerate(moves) if m != PASS), reverse=True)
    return [m for _, _, m in scored] or moves
