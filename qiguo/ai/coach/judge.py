"""The coach's one judge of a position: the hint's search (the hard bot's, on a fixed node budget
so that every computer gives the same answer, going on to finish three plies), the move it
recommends (the hint's book move at a kingdom's first turn, when it has one: see :mod:`..book`),
and what any other move is worth beside it. The hint, key moments, exercises and puzzles all ask
it; so a move the hint recommends is never called a mistake."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from qiguo.engine import HORSE, Game

from ..book import book_move
from ..bots import Budget, searcher
from ..evaluate import VALUE, WIN
from .danger import Outlook, outlook, score

HINT_NODES = 20_000
"""The hint's search nodes (past them the search goes on to complete three plies, up to six times as many)."""
HINT_BUDGET = Budget(nodes=HINT_NODES, floor=True)
MARGIN = VALUE[HORSE]
"""A move the search values at least this much below the judge's choice is a mistake; one
within it is as good (an exercise accepts it)."""


@dataclass(frozen=True)
class Verdict:
    """One move judged: what it does seen statically, and its value by the search beside the
    value of the judge's choice."""

    outlook: Outlook
    value: float
    best_value: float

    @property
    def cost(self) -> float:
        """How much worse than the judge's choice, by the search (0 when as good or better)."""
        return max(0.0, min(self.best_value - self.value, WIN / 2))


class Judge:
    """The judge of the mover's moves in `game` (a copy is searched; `game` is not changed)."""

    def __init__(self, game: Game, seed: int = 0, budget: Budget | None = None,
                 cancelled: Callable[[], bool] | None = None):
        self.game = game.copy()
        moves = sorted(self.game.legal_codes())
        self.moves = list(moves)
        self._values: dict[int, float] = {}
        self._outlooks: dict[int, Outlook] = {}
        if len(moves) == 1:
            self.search = None
            self.depth = 0
            self.best = moves[0]
            return
        rng = random.Random(f"{seed}:{game.hash}")
        self.search, ordered = searcher(self.game, "hard", moves, rng, budget or HINT_BUDGET, cancelled)
        found, _ = self.search.best_move(order_seed=ordered)
        self.depth = max(1, self.search.completed_depth)
        self.best = safer(self.game, book_move(self.game, "hint") or found)

    def value(self, code: int) -> float:
        """The search's value of the mover's move `code` (at the depth the search completed)."""
        if code not in self._values:
            self._values[code] = 0.0 if self.search is None else self.search.value_of(code, self.depth)
        return self._values[code]

    def outlook(self, code: int) -> Outlook:
        """What `code` does seen statically (looked at once)."""
        if code not in self._outlooks:
            self._outlooks[code] = outlook(self.game, code)
        return self._outlooks[code]

    def verdict(self, code: int) -> Verdict:
        return Verdict(self.outlook(code), self.value(code), self.value(self.best))

    def good_enough(self, code: int) -> bool:
        """Whether `code` is as good as the judge's choice within the margin (and does not leave
        the general takeable where the choice does not)."""
        return code == self.best or not self.mistake(code)

    def mistake(self, code: int) -> bool:
        """A key moment: the judge's choice is better by at least the margin, or `code` leaves
        the general takeable where the choice does not. Never the judge's own choice."""
        if code == self.best:
            return False
        mine, best = self.verdict(code), self.outlook(self.best)
        return (mine.outlook.general and not best.general) or mine.cost >= MARGIN


def safer(game: Game, code: int) -> int:
    """`code`, or a better-looking move when `code` leaves the general takeable or gives away
    more than it takes while another move does neither."""
    chosen = outlook(game, code)
    if not chosen.general and chosen.gain >= chosen.loss:
        return code
    others = [outlook(game, c) for c in sorted(game.legal_codes()) if c != code]
    keeps = [o for o in others if not o.general and o.gain >= o.loss]
    if not keeps:
        return code
    best = max(keeps, key=lambda o: (score(o), -o.move))
    return best.move if score(best) > score(chosen) else code
