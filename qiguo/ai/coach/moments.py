"""Key moments of a game for chosen kingdoms: a move after which the kingdom lost a piece before
its next turn that another move would have kept ("blunder"), a free capture of a general or of
a piece worth at least a Horse not made ("missed"), a move that left the general takeable when
another did not ("general"); each with a better move."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from qiguo.engine import HORSE, RESIGN, Game, Move, Piece, point_name

from ..evaluate import VALUE
from .danger import Outlook, dangers_after, outlook, score, takers_after

MISSED_AT_LEAST = VALUE[HORSE]
"""A missed capture is a key moment when the piece was worth at least a Horse (or a general)."""


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

    def line(self) -> str:
        """The command line's words: ``ply N MOVE KIND ...``."""
        what = self.piece.token if self.piece is not None else ""
        at = point_name(self.at) if self.at >= 0 else ""
        if self.kind == "blunder":
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

    def summary(self) -> dict[str, int]:
        """Counts per kind."""
        out = {"blunder": 0, "missed": 0, "general": 0}
        for m in self.moments:
            out[m.kind] += 1
        return out


def key_moments(record_game: Game, kingdoms: Iterable[int], progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None) -> Review:
    """The key moments of `kingdoms` in a finished (or stopped) game, in ply order."""
    wanted = set(kingdoms)
    entries, movers = record_game.history, record_game.movers
    g = Game.from_record({**record_game.record(), "moves": []})
    review = Review(total=sum(1 for e, k in zip(entries, movers) if not e.startswith(RESIGN) and k in wanted))
    for i, entry in enumerate(entries):
        if cancelled is not None and cancelled():
            break
        k = g.turn
        if not entry.startswith(RESIGN) and k in wanted and g.result is None:
            moment = _judge(g, entries, i)
            if moment is not None:
                review.moments.append(moment)
            review.done += 1
            if progress is not None:
                progress(review.done, review.total)
        g.replay([entry])
    return review


def _judge(g: Game, entries: list[str], i: int) -> Moment | None:
    """The key moment of the move entries[i] (played by the mover of `g`), if it is one."""
    k = g.turn
    code = g.parse_move(entries[i]).code
    played = outlook(g, code)
    ply = i + 1
    if played.general:
        alternatives = [outlook(g, c) for c in sorted(g.legal_codes()) if c != code]
        safe = [o for o in alternatives if not o.general]
        if safe:
            gen = next(d for d in dangers_after(g, code, k) if d.piece.is_general)
            best = max(safe, key=lambda o: (score(o), -o.move))
            return Moment(ply, entries[i], k, "general", gen.piece, gen.point, gen.by[0][1], str(Move(best.move)),
                          100.0)
    lost = _lost_before_next_turn(g, entries, i, k)
    if lost is not None:
        sq, piece, by = lost
        if takers_after(g, code, k, sq):  # it could be taken as soon as the move was made
            better = _keeping(g, code, sq, piece)
            if better is not None:
                return Moment(ply, entries[i], k, "blunder", piece, sq, by, str(Move(better)), VALUE[piece.kind])
    missed = _missed(g, code, played)
    if missed is not None:
        return missed_moment(ply, entries[i], k, missed, played)
    return None


def missed_moment(ply: int, entry: str, k: int, missed: Outlook, played: Outlook) -> Moment:
    m = Move(missed.move)
    return Moment(ply, entry, k, "missed", missed.taken, m.to_sq, None, str(m), missed.gain - played.gain)


def _missed(g: Game, code: int, played: Outlook) -> Outlook | None:
    """The best free capture (of a general, or of a piece worth at least a Horse) the mover
    had and did not make, if it was worth more than what the move played took."""
    b = g.board
    best = None
    for c in g.legal_codes():
        m = Move(c)
        if c == code or m.is_pass or not b[m.to_sq]:
            continue
        victim = Piece(b[m.to_sq])
        if not victim.is_general and VALUE[victim.kind] < MISSED_AT_LEAST:
            continue
        o = outlook(g, c)
        free = victim.is_general or not takers_after(g, c, g.turn, m.to_sq)
        if free and not o.general and o.gain > played.gain and (best is None or o.gain > best.gain):
            best = o
    return best


def _lost_before_next_turn(g: Game, entries: list[str], i: int, k: int) -> tuple[int, Piece, Piece] | None:
    """The most valuable piece `k` controlled that was taken after entries[i] and before k's
    next move: (point, piece, the piece that took it)."""
    work = g.copy()
    work.replay([entries[i]])
    worst: tuple[int, Piece, Piece] | None = None
    for entry in entries[i + 1:]:
        if work.result is not None or work.turn == k:
            break
        if not entry.startswith(RESIGN) and entry != "pass":
            m = Move.parse(entry)
            victim = work.piece_at(m.to_sq)
            if victim is not None and work.controller[victim.kingdom] == k and not victim.is_envoy:
                taker = work.piece_on(m.from_sq)
                if worst is None or VALUE[victim.kind] > VALUE[worst[1].kind]:
                    worst = (m.to_sq, victim, taker)
        work.replay([entry])
    return worst


def _keeping(g: Game, code: int, sq: int, piece: Piece) -> int | None:
    """A move instead of `code` after which the piece later lost on `sq` could not be taken,
    nor anything worth as much, nor the general: the same piece moved elsewhere first."""
    played_from = Move(code).from_sq
    candidates = []
    for c in sorted(g.legal_codes()):
        if c == code:
            continue
        o = outlook(g, c)
        if o.general or o.loss >= VALUE[piece.kind]:
            continue
        candidates.append((Move(c).from_sq == played_from, score(o), -c, c))
    return max(candidates)[3] if candidates else None
