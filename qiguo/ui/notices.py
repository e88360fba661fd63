"""Short notices about what matters to the players at this computer: a piece of theirs taken,
their general in danger, a kingdom out. They never block play; like the trail, they stay until
the player's next move (in a game of bots, they fade after a few seconds)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from qiguo.engine import INERT, Game, Piece, attackers, point_name

from .seats import HUMAN, Seat
from .strings import kingdom_name, piece_name, status_text, t

SHOWN_FOR = 6.0
"""Seconds a notice stays in a game without a human seat."""
BRINK = 2
"""A human kingdom this close to falling by attrition is told so when it loses a piece."""
KEPT = 3
"""The most notices on show at once (the newest)."""


@dataclass
class Notice:
    text: str
    kind: str  # "lost", "threat" or "fell"
    kingdom: int
    until: float = field(default_factory=lambda: time.monotonic() + SHOWN_FOR)


def after_move(game: Game, seats: Sequence[Seat], mover: int, captured: Piece | None, owner: int, at: int,
               fallen: Sequence[int]) -> list[Notice]:
    """The notices a move deserves: a piece taken that a human moved (`owner` is who moved the
    captured piece's army before the capture), kingdoms that fell."""
    out = []
    if captured is not None and owner >= 0 and seats[owner] == HUMAN:
        k = captured.kingdom
        out.append(Notice(t("notice.lost", kingdom=kingdom_name(k), piece=piece_name(captured),
                            point=point_name(at), captor=kingdom_name(mover)), "lost", k))
        left = game.attrition_left(k)
        if game.alive[k] and 0 < left <= BRINK:
            out.append(Notice(t("notice.brink1" if left == 1 else "notice.brink", kingdom=kingdom_name(k), n=left,
                                limit=game.rules.attrition_limit), "lost", k))
    for k in fallen:
        out.append(Notice(t("moves.out", name=kingdom_name(k), status=status_text(game, k)), "fell", k))
    return out


def general_threats(game: Game, seats: Sequence[Seat]) -> list[Notice]:
    """A notice for each human kingdom whose general an opponent could take on its next turn."""
    out = []
    if game.result is not None:
        return out
    for k in range(7):
        if seats[k] != HUMAN or not game.alive[k]:
            continue
        sq = next((sq for sq, p in game.occupied() if p.is_general and p.kingdom == k), None)
        if sq is None:
            continue
        for s in attackers(game, sq):
            c = game.controller[game.piece_at(s).kingdom]
            if c != INERT and game.alive[c] and game.teams[c] != game.teams[k]:
                out.append(Notice(t("notice.threat", kingdom=kingdom_name(k), point=point_name(sq),
                                    attacker=kingdom_name(c), piece=piece_name(game.piece_at(s)),
                                    at=point_name(s)), "threat", k))
                break
    return out
