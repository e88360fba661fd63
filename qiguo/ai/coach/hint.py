"""The hint: the judge's move (the hard search's on a fixed node budget, going on to finish three plies,
kept only if it neither leaves the general takeable nor gives material away while a move exists
that does neither; at a kingdom's first turn, the hint's book move when it has one), and why it is
suggested, in one reason."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from qiguo.engine import GENERAL, KIND_NAMES, KINGDOM_NAMES, Game, Move, Piece, attackers, point_name

from ..book import book_move
from ..bots import Budget
from ..evaluate import VALUE
from .danger import Outlook, dangers, outlook, still_in_danger, takers_after
from .judge import Judge


def hint_move(game: Game, seed: int = 0, budget: Budget | None = None,
              cancelled: Callable[[], bool] | None = None) -> int:
    """The move the hint suggests for the mover: the judge's choice (:class:`.judge.Judge`, the
    hard search on the hint's node budget, made safe)."""
    return Judge(game, seed, budget, cancelled).best


@dataclass(frozen=True)
class Reason:
    """Why a move is suggested, as a key and its parts (the window words it in its language;
    :meth:`english` is the command line's)."""

    key: str
    piece: Piece | None = None
    other: Piece | None = None
    at: int = -1
    still: Piece | None = None
    """The most valuable piece of the mover's that can still be taken after the move, if any..."""
    still_at: int = -1
    """... and where it stands then."""
    still_moved: bool = False
    """Whether that piece is the one the move puts there (it can be taken where it lands)."""
    mover: int = -1
    """The kingdom that moves `other`, when it is not `other`'s own (an inherited army), else -1."""

    def english(self) -> str:
        def name(p: Piece | None) -> str:
            if p is None:
                return ""
            moved = f" (moved by {KINGDOM_NAMES[self.mover]})" if self.mover >= 0 and p is self.other else ""
            return f"{KINGDOM_NAMES[p.kingdom]}'s {KIND_NAMES[p.kind]}{moved}"
        mine = KIND_NAMES[self.piece.kind] if self.piece is not None else ""
        still = ""
        if self.still is not None:
            still = (f"; it can be taken where it lands, on {point_name(self.still_at)}" if self.still_moved else
                     f"; your {KIND_NAMES[self.still.kind]} on {point_name(self.still_at)} can still be taken")
        return {
            "takes_general": f"takes {name(self.other)}: its kingdom falls",
            "takes_attacker": f"takes {name(self.other)}, which threatened your General",
            "takes_safe": f"takes {name(self.other)}, and nothing can take back",
            "takes_trade": f"takes {name(self.other)}, worth more than your {mine}",
            "takes": f"takes {name(self.other)}",
            "general_out": f"moves your General out of {name(self.other)}'s reach",
            "shields_general": f"shields your General from {name(self.other)}",
            "saves": f"saves your {mine} from {name(self.other)}",
            "threatens_general": f"threatens {name(self.other)}",
            "safe": "a quiet move that leaves nothing of yours to be taken",
            "least_bad": "every move leaves something to be taken; this one risks the least",
            "opening": "in test games this first move lost the fewest pieces over the next rounds",
        }[self.key] + still


def explain(game: Game, code: int) -> Reason:
    """Why the mover's move `code` is good, in one reason (the most important), and what it still
    leaves to be taken (said, so that a hint never hides a risk)."""
    o = outlook(game, code)
    reason = _why(game, code, o)
    other = reason.other
    mover = game.controller[other.kingdom] if other is not None and other.kingdom < 7 else -1
    if other is not None and mover != other.kingdom:
        reason = replace(reason, mover=mover)
    if o.worst is None or reason.key in ("takes_general", "least_bad") or (
            reason.key == "saves" and reason.piece is not None and VALUE[o.worst.piece.kind] < VALUE[reason.piece.kind]):
        return reason
    m = Move(code)
    landed = not m.is_pass and o.worst.point == m.to_sq
    return replace(reason, still=o.worst.piece, still_at=o.worst.point, still_moved=landed)


def _why(game: Game, code: int, o: Outlook) -> Reason:
    """The most important reason for `code`, whose outlook is `o`."""
    k = game.turn
    m = Move(code)
    before = {d.point: d for d in dangers(game, k)}
    mover = None if m.is_pass else game.piece_at(m.from_sq)
    if o.taken is not None and o.taken.is_general:
        return Reason("takes_general", mover, o.taken)
    general_before = next((d for d in before.values() if d.piece.is_general), None)
    if general_before is not None and not o.general and o.taken is not None and any(
            s == m.to_sq for s, _ in general_before.by):
        return Reason("takes_attacker", mover, o.taken, m.to_sq)
    if general_before is not None and not o.general:
        if mover is not None and mover.is_general:
            return Reason("general_out", mover, general_before.by[0][1], general_before.point)
        return Reason("shields_general", mover, general_before.by[0][1], general_before.point)
    if o.taken is not None:
        exposed = mover is not None and bool(takers_after(game, code, k, m.to_sq))
        if not exposed:
            return Reason("takes_safe", mover, o.taken, m.to_sq)
        if mover is not None and VALUE[o.taken.kind] > VALUE[mover.kind]:
            return Reason("takes_trade", mover, o.taken, m.to_sq)
        return Reason("takes", mover, o.taken, m.to_sq)
    saved = [d for sq, d in before.items() if not still_in_danger(game, code, k, sq)]
    if saved:
        d = max(saved, key=lambda d: (VALUE[d.piece.kind], -d.point))
        return Reason("saves", d.piece, d.by[0][1], d.point)
    target = general_threatened(game, code, k)
    if target is not None:
        return Reason("threatens_general", mover, target)
    if code == book_move(game, "hint"):
        return Reason("opening", mover)
    return Reason("safe" if o.safe else "least_bad", mover)


def general_threatened(game: Game, code: int, k: int) -> Piece | None:
    """An enemy general the moved piece could take next, if any."""
    m = Move(code)
    if m.is_pass:
        return None
    game.play_code(code)
    try:
        b = game.board
        for e in range(7):
            if e == k or not game.alive[e] or game.teams[e] == game.teams[k]:
                continue
            for sq in game.pieces[e]:
                if b[sq] & 15 == GENERAL and m.to_sq in attackers(game, sq):
                    return Piece(b[sq])
        return None
    finally:
        game.undo()
