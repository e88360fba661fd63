"""The moves a player has not seen yet: every move since the last move made at this computer
(by a human seat), read back from the game itself so it is right after undo, load or restart."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from qiguo.engine import Game, Move, Piece

from .seats import HUMAN, Seat

ROUND = 7
"""Without a human seat (a game of bots to watch) the trail is the last round of moves."""
LONGEST = 24
"""The longest trail drawn (a human seat whose kingdom is out sees at most this many)."""


@dataclass(frozen=True)
class Step:
    """One move of the trail."""

    ply: int
    """Its number in the game (the move list and the history banner use the same)."""
    kingdom: int
    """Who made it (the controller, for a move of an inherited army)."""
    move: Move
    piece: Piece
    captured: Piece | None


def since_last_human(game: Game, seats: Sequence[Seat], seen_by: int | None = None) -> list[Step]:
    """The moves after `seen_by`'s last move (without it, after the last human move), oldest
    first (passes and resignations are not drawn, so they are left out)."""
    humans = any(s == HUMAN and game.alive[k] for k, s in enumerate(seats))  # out: watching, as bots
    limit = LONGEST if humans else ROUND
    g = game.copy()
    steps: list[Step] = []
    while g.history and len(steps) < limit:
        mover = g.movers[-1]
        if (mover == seen_by) if seen_by is not None else (humans and seats[mover] == HUMAN):
            break
        entry = g.undo()
        if isinstance(entry, Move) and not entry.is_pass:
            piece = g.piece_at(entry.from_sq)
            if piece is not None:
                steps.append(Step(g.ply + 1, mover, entry, piece, g.piece_at(entry.to_sq)))
    return steps[::-1]
