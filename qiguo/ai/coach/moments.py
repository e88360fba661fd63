"""Key moments of a game for chosen kingdoms, judged by the hint's own judge (:mod:`.judge`): a
move is a key moment when the hint's search values it worse than its own choice by at least a
Horse, or it left the general takeable when the choice did not. Each says what the move did
("general": left the general takeable; "win": a missed win, the choice taking a General or
winning by force; "blunder": left a piece to be taken, or lost ground the search sees;
"missed": the choice took a piece the move did not) and gives the hint's move, with the hint's
reason and the explainer's contrast of the two (:mod:`.contrast`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from qiguo.engine import RESIGN, Game, Move, Piece, point_name

from ..bots import Budget
from .accuracy import Judged
from .contrast import Contrast, contrast
from .danger import dangers_after
from .hint import Reason, explain
from .judge import Judge

KINDS = ("general", "win", "blunder", "missed")
"""The kinds of key moment, the gravest first."""

@dataclass(frozen=True)
class Moment:
    """A move that mattered: its ply (1 = the first move), the move, its kind ("general": left
    the general takeable; "blunder": a piece lost before the next turn that another move kept;
    "missed": a free capture of a general or of a piece worth at least a Horse not made), what
    it cost (the piece lost or missed, and where; the enemy piece that took it), a better move,
    and what it cost in material (to rank moments)."""

    ply: int
    move: str
    kingdom: int
    kind: str
    piece: Piece | None
    at: int
    by: Piece | None
    better: str
    cost: float
    reason: Reason | None = None
    """Why the better move is good: the hint's words for it."""
    why: Contrast | None = None
    """Why the better move is better than the one played: the explainer's contrast."""

    def line(self) -> str:
        """The command line's words: ``ply N MOVE KIND ...``."""
        what = self.piece.token if self.piece is not None else ""
        at = point_name(self.at) if self.at >= 0 else ""
        if self.kind == "win" or (self.kind == "blunder" and self.piece is None):
            text = self.why.english() if self.why is not None else f"worse by {self.cost:.1f}"
        elif self.kind == "blunder":
            text = f"loses {what} at {at} to {self.by.token if self.by else '?'}"
        elif self.kind == "missed":
            text = f"{what} at {at} was free to take"
        else:
            text = f"leaves {what} at {at} to be taken"
        return f"ply {self.ply} {self.move} {self.kind} {text}; better {self.better}"


@dataclass
class Review:
    """Key moments, found move by move (so a caller can show progress and stop)."""

    moments: list[Moment] = field(default_factory=list)
    done: int = 0
    total: int = 0
    judged: list[Judged] = field(default_factory=list)
    """Every move reviewed, with its cost (for the accuracy, :mod:`.accuracy`)."""

    def summary(self) -> dict[str, int]:
        """Counts per kind."""
        out = {kind: 0 for kind in KINDS}
        for m in self.moments:
            out[m.kind] += 1
        return out


def key_moments(record_game: Game, kingdoms: Iterable[int], progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None, budget: Budget | None = None) -> Review:
    """The key moments of `kingdoms` in a finished (or stopped) game, in ply order."""
    wanted = set(kingdoms)
    entries, movers = record_game.history, record_game.movers
    g = Game.from_record({**record_game.record(), "moves": []})
    review = Review(total=sum(1 for e, k in zip(entries, movers) if not e.startswith(RESIGN) and k in wanted))
    made = [0] * 7
    for i, entry in enumerate(entries):
        if cancelled is not None and cancelled():
            break
        k = g.turn
        if not entry.startswith(RESIGN) and k in wanted and g.result is None:
            moment, cost = judged_move(g, entry, i + 1, budget, cancelled)
            if cancelled is not None and cancelled():
                break
            review.judged.append(Judged(i + 1, k, cost, sum(g.alive), made[k]))
            made[k] += 1
            if moment is not None:
                review.moments.append(moment)
            review.done += 1
            if progress is not None:
                progress(review.done, review.total)
        g.replay([entry])
    return review


def judge_move(g: Game, entry: str, ply: int, budget: Budget | None = None,
               cancelled: Callable[[], bool] | None = None) -> Moment | None:
    """The key moment of the move `entry` (the mover's, in `g`, the game's ply `ply`), if it is one."""
    return judged_move(g, entry, ply, budget, cancelled)[0]


def judged_move(g: Game, entry: str, ply: int, budget: Budget | None = None,
                cancelled: Callable[[], bool] | None = None) -> tuple[Moment | None, float]:
    """The key moment of the move `entry`, if it is one, and what it cost: how much the judge's
    search values its choice above it (0 for the choice itself, and for a move with no other)."""
    code = g.parse_move(entry).code
    if len(g.legal_codes()) < 2:
        return None, 0.0
    judge = Judge(g, 0, budget, cancelled)
    mine = judge.verdict(code)
    if not judge.mistake(code):
        return None, mine.cost if code != judge.best else 0.0
    return _moment(g, judge, code, entry, ply), mine.cost


def _moment(g: Game, judge: Judge, code: int, entry: str, ply: int) -> Moment:
    """The key moment of the mover's `code`, a mistake by `judge`."""
    k = g.turn
    mine = judge.verdict(code)
    played, better = mine.outlook, judge.verdict(judge.best).outlook
    reason = explain(g, judge.best)
    why = contrast(judge.game, code, judge.best, mine.cost, mine.best_value)
    best = str(Move(judge.best))
    if played.general and not better.general:
        gen = next(d for d in dangers_after(g, code, k) if d.piece.is_general)
        return Moment(ply, entry, k, "general", gen.piece, gen.point, gen.by[0][1], best, 100.0, reason, why)
    if why.missed_win:
        target = why.target
        return Moment(ply, entry, k, "win", target.piece if target else None, target.at if target else -1, None,
                      best, mine.cost, reason, why)
    lost, missed = played.loss - better.loss, better.gain - played.gain
    if better.taken is not None and missed > 0 and missed >= lost:
        return Moment(ply, entry, k, "missed", better.taken, Move(judge.best).to_sq, None, best, mine.cost, reason,
                      why)
    if why.key in ("loses", "general") and why.piece is not None and why.by is not None:
        return Moment(ply, entry, k, "blunder", why.piece.piece, why.piece.at, why.by.piece, best, mine.cost, reason,
                      why)
    return Moment(ply, entry, k, "blunder", None, -1, None, best, mine.cost, reason, why)
