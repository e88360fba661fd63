"""How often the opponents really take a threatened piece, measured in arena games: the rates at
which the search's leaf counts threatened pieces as lost (:data:`.weights.LEAF`).

The leaf counts the three pieces it stands to lose most (:mod:`.threats`) with fixed weights: with
the opponents to move, the first whole, half the second and a quarter of the third; with its own
kingdom to move, none of the first (it saves it), the second whole, half the third. Here the bots
play hard against six normal bots (the games hard is judged by) and, at every turn of every
kingdom (or only of hard's, with `own`: the others may go for the strongest kingdom's pieces more
than for each other's), the threat view of its pieces is taken twice: after its move (the
opponents to move), and before it (its own kingdom to move); the moves up to its next turn show
which of those pieces were really taken (up to its fall, if it falls first; samples a game's end
cuts short are left out). A rank's rate is the share of its threatened loss that was taken (each
piece weighed by what the threat view said it stood to lose), drawn toward the shipped weight by
`PRIOR` pieces of average loss, so that a rank seldom seen keeps its weight. A threatened general
is left out of the ranks after a move (the leaf counts it whole: opponents take a general when
they can), and counted before one (its kingdom saves it, or does not)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from qiguo.engine import GENERAL, Game

from . import weights
from .arena import MAX_PLIES, seating
from .bots import NODE_BUDGETS, SHAPES, think
from .threats import Threats

SEATS = ("hard",) + ("normal",) * 6
"""The levels of the measured games, Qin first, rotated one seat a game."""
PRIOR = 2.0
"""How many pieces of average loss a rank's shipped weight stands for."""
Sample = tuple[str, list[tuple[float, bool]]]
"""A threat view and what came of it: "after_root" or "after_reply", and the three largest
threatened losses, largest first, each with whether the piece was taken before the kingdom's
next turn."""


@dataclass
class Watch:
    """A threatened piece watched until its kingdom's next turn: where it stands now, what the
    threat view said it stood to lose, and whether it was taken."""

    point: int
    loss: float
    taken: bool = False


def threatened(g: Game, k: int, generals: bool) -> list[Watch]:
    """Kingdom k's team's three largest threatened losses, largest first, as watched pieces;
    generals left out unless `generals`."""
    b = g.board
    loss = Threats(g, g.teams[k]).loss
    found = [(sq, v) for sq, v in loss.items() if generals or b[sq] & 15 != GENERAL]
    return [Watch(sq, v) for sq, v in sorted(found, key=lambda item: item[1], reverse=True)[:3]]


Watched = list[tuple[str, int, list[Watch]]]
"""The samples still watched: leaf, kingdom, its pieces."""


def close(watched: Watched, done: list[Sample], over: Callable[[int], bool]) -> Watched:
    """Move the samples of the kingdoms `over` says are done with (their turn has come again, or
    they fell) from `watched` to `done`; returns those still watched."""
    done.extend((leaf, [(p.loss, p.taken) for p in pieces]) for leaf, owner, pieces in watched
                if over(owner) and pieces)
    return [w for w in watched if not over(w[1])]


def measure_game(task: tuple[int, int, int, bool]) -> list[Sample]:
    """One arena game (`index` sets the seating, `seed` the bots' choices, cut at `plies`) and its
    samples: of every kingdom's pieces, or with `own` only of those seated at the measured level
    (the first of SEATS), whose pieces the others may go for more or less than each other's."""
    index, seed, plies, own = task
    seats = seating(SEATS, index, True)
    g = Game.new()
    watched: Watched = []
    done: list[Sample] = []
    while g.result is None and g.ply < min(plies, MAX_PLIES):
        k = g.turn
        watched = close(watched, done, lambda owner: owner == k)  # its turn again: what was taken is known
        sampled = not own or seats[k] == SEATS[0]
        if sampled:
            watched.append(("after_reply", k, threatened(g, k, True)))
        move = think(g, seats[k], seed=seed * 1000 + g.ply, budget=NODE_BUDGETS[seats[k]]).move
        frm, to = move >> 9, move & 511
        capture = bool(move) and bool(g.board[to])
        for _, owner, pieces in watched:
            for piece in pieces:
                if capture and piece.point == to:
                    piece.taken = True
                elif owner == k and piece.point == frm and not piece.taken:  # its kingdom moved it: follow it
                    piece.point = to
        g.play_code(move)
        watched = close(watched, done, lambda owner: not g.alive[owner])  # a fallen kingdom has no next turn
        if sampled and g.alive[k]:
            watched.append(("after_root", k, threatened(g, k, False)))
    return done


def rates(samples: list[Sample]) -> dict[str, tuple[float, float, float]]:
    """Each leaf's three weights: the share of each rank's threatened loss that was taken, drawn
    toward hard's shipped weight by PRIOR pieces of that rank's average loss."""
    out = {}
    for leaf in weights.LEAVES:
        shipped = getattr(SHAPES["hard"], leaf)
        found = []
        for rank in range(3):
            seen = [pieces[rank] for name, pieces in samples if name == leaf and len(pieces) > rank]
            total = sum(v for v, _ in seen)
            average = total / len(seen) if seen else 1.0
            taken = sum(v for v, hit in seen if hit)
            found.append(round((taken + PRIOR * average * shipped[rank]) / (total + PRIOR * average), 3))
        out[leaf] = (found[0], found[1], found[2])
    return out
