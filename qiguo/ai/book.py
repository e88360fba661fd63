"""The book of first moves a level or the hint reads (:data:`.weights.BOOK`, measured by
:mod:`.opening`): its move at each kingdom's first turn of a standard seven-kingdom game."""
from __future__ import annotations

from functools import lru_cache

from qiguo.engine import KINGDOM_NAMES, Game, Move, Rules

from . import weights

STUDIED = "standard"
"""The rules the book is measured under (and the only ones it is read under)."""


def applies(game: Game) -> bool:
    """Whether the book speaks to the mover: a seven-kingdom game with every kingdom on its own,
    from the standard start under the rules studied, and the mover has not moved yet."""
    return (game.ply < 7 and game.turn not in game.movers and game.rules == _studied()
            and game.seated == tuple(range(7)) and len(set(game.teams)) == 7
            and game.start_qfen == _start())


@lru_cache(maxsize=1)
def _studied() -> Rules:
    return Rules.make(STUDIED)


@lru_cache(maxsize=1)
def _start() -> str:
    return Game.new(STUDIED).start_qfen


def book_move(game: Game, who: str) -> int | None:
    """The first move of `who`'s book (a bot level's, or ``"hint"``) for the mover, when the book
    has one and it is legal."""
    entry = weights.BOOK.get(who, {}).get(KINGDOM_NAMES[game.turn])
    if entry is None or not applies(game):
        return None
    code = Move.parse(entry).code
    return code if code in game.legal_codes() else None
