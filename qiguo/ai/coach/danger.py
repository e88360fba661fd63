"""What a kingdom's pieces stand to lose: the pieces a kingdom of another team, still in play,
could take if it moved now (Envoys cannot be taken), and what each destination of a piece
picked up risks. Also :class:`Outlook`, what one move does seen statically, which the hint and
the key moments judge moves by."""
from __future__ import annotations

from dataclasses import dataclass

from qiguo.engine import ENVOY, GENERAL, KINGDOMS, Game, Move, Piece
from qiguo.engine import takers as engine_takers

from ..evaluate import VALUE


@dataclass(frozen=True)
class Danger:
    """A piece of the kingdom looked at that can be taken: where it stands, what it is, and
    every enemy piece that could take it (point, piece), by point."""

    point: int
    piece: Piece
    by: tuple[tuple[int, Piece], ...]


def controlled(game: Game, kingdom: int) -> list[int]:
    """The points of the pieces `kingdom` moves (its own, and armies it inherited), Envoys left
    out, by point."""
    return sorted(sq for k in range(7) if game.controller[k] == kingdom for sq in game.pieces[k]
                  if game.board[sq] & 15 != ENVOY)


def takers(game: Game, kingdom: int, sq: int) -> tuple[tuple[int, Piece], ...]:
    """The enemy pieces that could take the piece on `sq` if their kingdom moved now (the
    engine's one rule, :func:`qiguo.engine.takers`), by point."""
    b = game.board
    return tuple(sorted((s, Piece(b[s])) for s in engine_takers(game, sq, kingdom)))


def dangers(game: Game, kingdom: int | None = None) -> list[Danger]:
    """The pieces `kingdom` (default: the mover) controls that can be taken, by point."""
    k = game.turn if kingdom is None else kingdom
    if game.result is not None or not game.alive[k]:
        return []
    out = []
    for sq in controlled(game, k):
        by = takers(game, k, sq)
        if by:
            out.append(Danger(sq, Piece(game.board[sq]), by))
    return out


def takers_after(game: Game, code: int, kingdom: int, sq: int) -> tuple[tuple[int, Piece], ...]:
    """:func:`takers` of the piece on `sq` once the mover has played `code` (undone after)."""
    game.play_code(code)
    try:
        return takers(game, kingdom, sq) if game.result is None and game.alive[kingdom] else ()
    finally:
        game.undo()


def still_in_danger(game: Game, code: int, kingdom: int, sq: int) -> bool:
    """Whether `kingdom`'s piece that stood on `sq` can still be taken once the mover has played
    `code` (where it stands then: the moved piece on its destination)."""
    m = Move(code)
    where = m.to_sq if not m.is_pass and m.from_sq == sq else sq
    return bool(takers_after(game, code, kingdom, where))


def dangers_after(game: Game, code: int, kingdom: int) -> list[Danger]:
    """:func:`dangers` of `kingdom` once the mover has played `code` (undone after)."""
    game.play_code(code)
    try:
        return dangers(game, kingdom) if game.result is None and game.alive[kingdom] else []
    finally:
        game.undo()


def general_in_danger(game: Game, kingdom: int) -> bool:
    """Whether a general `kingdom` controls can be taken now."""
    if game.result is not None or not game.alive[kingdom]:
        return False
    return any(game.board[sq] & 15 == GENERAL and takers(game, kingdom, sq) for sq in controlled(game, kingdom))


@dataclass(frozen=True)
class Destination:
    """What a move does to the piece moved and to its kingdom's general."""

    exposed: bool
    """The piece could be taken where it lands."""
    general: bool
    """After the move, a general of the mover can be taken."""


def destinations(game: Game, sq: int) -> dict[int, Destination]:
    """For the mover's piece on `sq`: each legal destination point and what moving there risks."""
    k = game.turn
    out: dict[int, Destination] = {}
    for code in game.legal_codes():
        m = Move(code)
        if m.is_pass or m.from_sq != sq:
            continue
        game.play_code(code)
        try:
            if game.result is not None or not game.alive[k]:
                out[m.to_sq] = Destination(False, False)
            else:
                exposed = bool(takers(game, k, m.to_sq))
                out[m.to_sq] = Destination(exposed, general_in_danger(game, k))
        finally:
            game.undo()
    return out


@dataclass(frozen=True)
class Outlook:
    """What one move of kingdom `k` does, seen statically: the piece it takes, the worst piece
    it leaves takeable (and by what), whether the general is left takeable."""

    move: int
    taken: Piece | None
    worst: Danger | None
    general: bool
    gain: float

    @property
    def safe(self) -> bool:
        return not self.general and self.loss == 0

    @property
    def loss(self) -> float:
        return VALUE[self.worst.piece.kind] if self.worst is not None else 0.0


def outlook(game: Game, code: int) -> Outlook:
    """Play `code` for the mover, look, and undo."""
    k = game.turn
    m = Move(code)
    taken = None if m.is_pass else game.piece_at(m.to_sq)
    gain = VALUE[taken.kind] if taken is not None else 0.0
    if taken is not None and taken.is_general:
        gain += 20.0
    game.play_code(code)
    try:
        if game.result is not None:
            return Outlook(code, taken, None, False, gain + (50.0 if k in _winners(game) else 0.0))
        if not game.alive[k]:
            return Outlook(code, taken, None, True, gain)
        ds = dangers(game, k)
        general = any(d.piece.is_general for d in ds)
        moved = -1 if m.is_pass else m.to_sq  # of equal pieces, the one just moved is named
        worst = max(ds, key=lambda d: (VALUE[d.piece.kind], d.point == moved, -d.point), default=None)
        return Outlook(code, taken, worst, general, gain)
    finally:
        game.undo()


def _winners(game: Game) -> list[int]:
    return [KINGDOMS.index(ch) for ch in game.result.winners] if game.result else []


def score(o: Outlook) -> float:
    """How good a move looks statically: what it takes, less what it leaves takeable."""
    return o.gain - o.loss - (100.0 if o.general else 0.0)
