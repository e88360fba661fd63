"""How well a kingdom played, from the judge's costs (docs/coach.md gives the formulas):

- a move's *standing lost* is L = 100 * (1 - exp(-cost / SCALE)) percentage points, where cost
  is what the judge's search values its own choice above the move (in Swords, 0 when the move
  is as good or better) and SCALE is six Horses: a move a Horse worse (a key moment) loses 15
  points, one that loses the game all 100;
- a move's accuracy is 103.1668 * exp(-0.04354 * L) - 3.1669, kept within 0..100 (lichess's
  curve from win chances): 100 for the judge's move, about 50 at a Horse, 0 at a lost game;
- a phase's or a game's accuracy is the mean of the arithmetic and the harmonic mean of its
  moves' accuracies (each at least 1 for the harmonic mean), so one blunder costs more than in
  an average alone.

The phases of a kingdom's game: its first OPENING moves, then the middle, and the end once
fewer than ENDGAME kingdoms are in play."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from qiguo.engine import HORSE

from ..evaluate import VALUE

SCALE = 6 * VALUE[HORSE]
"""The cost (in Swords) at which a move has lost 63% of the standing it could lose."""
OPENING = 10
"""A kingdom's first this many moves are its opening."""
ENDGAME = 4
"""Once fewer kingdoms than this are in play, the game is in its end."""
PHASES = ("opening", "middle", "end")


def standing_lost(cost: float) -> float:
    """Percentage points of standing a move of this cost gives away."""
    return 100.0 * (1.0 - math.exp(-max(0.0, cost) / SCALE))


def move_accuracy(cost: float) -> float:
    """A move's accuracy, 0..100, from its cost."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * standing_lost(cost)) - 3.1669))


def combined(accuracies: Iterable[float]) -> float | None:
    """The accuracy of a run of moves (None for none): the mean of their arithmetic and
    harmonic means."""
    values = list(accuracies)
    if not values:
        return None
    mean = sum(values) / len(values)
    harmonic = len(values) / sum(1.0 / max(1.0, v) for v in values)
    return (mean + harmonic) / 2


@dataclass(frozen=True)
class Judged:
    """One move of a kingdom as the judge saw it: the game's ply (1 = the first move), the
    kingdom, what it cost, the kingdoms in play before it, and how many of the kingdom's own
    moves came before it."""

    ply: int
    kingdom: int
    cost: float
    in_play: int
    nth: int

    @property
    def phase(self) -> str:
        if self.nth < OPENING:
            return "opening"
        return "end" if self.in_play < ENDGAME else "middle"

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.cost)


def accuracy(moves: Iterable[Judged], kingdom: int) -> dict[str, float | None]:
    """A kingdom's accuracy for the game ("game") and for each phase (None where it made no move)."""
    mine = [m for m in moves if m.kingdom == kingdom]
    out: dict[str, float | None] = {"game": combined(m.accuracy for m in mine)}
    for phase in PHASES:
        out[phase] = combined(m.accuracy for m in mine if m.phase == phase)
    return out
