"""The one explainer of every "why not": a move set against the judge's better choice. It says
what the better move wins, saves or threatens that the played one does not, or what the played
one leaves that the better one does not, and never names a piece whose fate is the same after
both moves. Missed wins (the better move takes a General, wins the game, or wins by force as
the search sees it) are their own kind. The hint, key moments, exercises, puzzles, the review
and ``python -m qiguo.ai.coach explain`` all word it from here."""
from __future__ import annotations

from dataclasses import dataclass

from qiguo.engine import HORSE, KIND_NAMES, KINGDOM_NAMES, KINGDOMS, Game, Move, Piece, point_name

from ..evaluate import VALUE, WIN
from .danger import Danger, dangers
from .hint import general_threatened

FORCED = WIN / 4
"""A better move the search values at least this much (for the mover) wins by force: the
search sees the game won whatever the others do."""


@dataclass(frozen=True)
class Side:
    """One kingdom's piece seen in an explanation: the piece, where it stands, and the kingdom
    that moves it (another, when its army was inherited)."""

    piece: Piece
    at: int
    mover: int

    def english(self) -> str:
        owner = KINGDOM_NAMES[self.piece.kingdom]
        text = f"{owner}'s {KIND_NAMES[self.piece.kind]} on {point_name(self.at)}"
        if self.mover != self.piece.kingdom:
            text += f" (moved by {KINGDOM_NAMES[self.mover]})"
        return text


@dataclass(frozen=True)
class Contrast:
    """Why `better` is better than `played` for the mover, as a key and its parts (the window
    words it in its language; :meth:`english` is the command line's).

    Keys: "wins" (the better move wins the game), "takes_general" (it takes `target`, a
    General), "forced" (the search sees it winning by force; `target` is the General it
    attacks, if one), "general" (the played move leaves the mover's General, `piece`, to `by`),
    "loses" (the played move leaves `piece` to `by`; `saved` when it stood to be taken before
    and the better move saves it), "misses" (the better move takes `target` the played move does
    not), "threatens" (the better move attacks `target`, a General), "deeper" (the search sees
    the better move ahead by `gap`, nothing of it seen in one move). `also` is a second piece
    the played move leaves that the better one does not, if any."""

    key: str
    played: int
    better: int
    piece: Side | None = None
    by: Side | None = None
    target: Side | None = None
    saved: bool = False
    also: Side | None = None
    gap: float = 0.0

    @property
    def missed_win(self) -> bool:
        return self.key in ("wins", "takes_general", "forced")

    @property
    def named(self) -> list[Side]:
        """The mover's pieces this explanation says "can be taken" after the played move."""
        return [s for s in (self.piece, self.also) if s is not None]

    def english(self) -> str:
        better = str(Move(self.better))

        def mine(s: Side) -> str:
            return f"your {KIND_NAMES[s.piece.kind]} on {point_name(s.at)}"
        by = f" by {self.by.english()}" if self.by is not None else ""
        target = self.target.english() if self.target is not None else ""
        text = {
            "wins": f"a missed win: {better} wins the game",
            "takes_general": f"a missed win: {better} takes {target}",
            "forced": f"a missed win: {better} wins by force" + (f", attacking {target}" if target else ""),
            "general": f"it leaves your General on {point_name(self.piece.at) if self.piece else '?'} to be taken{by};"
                       f" {better} keeps it safe",
            "loses": (f"{mine(self.piece)} can be taken{by}; {better} "
                      + ("saves it" if self.saved else "keeps it safe")) if self.piece else "",
            "misses": f"{better} takes {target}",
            "threatens": f"{better} threatens {target}",
            "deeper": f"the coach's search finds {better} better by about {self.gap / VALUE[HORSE]:.1f} Horses"
                      " over the next moves",
        }[self.key]
        if self.also is not None:
            text += f"; it also leaves {mine(self.also)} to be taken"
        return text


def _exposed(game: Game, code: int) -> dict[int, Danger]:
    """The mover's pieces that can be taken once `code` is played, by the point each stood on
    before the move (so the same piece is the same key after two different moves)."""
    k = game.turn
    m = Move(code)
    game.play_code(code)
    try:
        found = dangers(game, k) if game.result is None and game.alive[k] else []
    finally:
        game.undo()
    out = {}
    for d in found:
        origin = m.from_sq if not m.is_pass and d.point == m.to_sq else d.point
        out[origin] = d
    return out


def _side(game: Game, piece: Piece, at: int) -> Side:
    return Side(piece, at, game.controller[piece.kingdom])


def _taker(game: Game, code: int, d: Danger) -> Side:
    """The first piece that could take `d` once `code` is played, with the kingdom moving it then."""
    sq, piece = d.by[0]
    game.play_code(code)
    try:
        return _side(game, piece, sq)
    finally:
        game.undo()


def _won(game: Game, code: int) -> bool:
    k = game.turn
    game.play_code(code)
    try:
        r = game.result
        return r is not None and KINGDOMS[k] in r.winners
    finally:
        game.undo()


def contrast(game: Game, played: int, better: int, gap: float = 0.0, best_value: float = 0.0) -> Contrast:
    """Why the mover's `better` beats `played` in `game` (`game` is left as it was). `gap` is how
    much the judge's search values `better` above `played`, `best_value` what it values `better`
    at (0 when unknown)."""
    k = game.turn
    if _won(game, better) and not _won(game, played):
        return Contrast("wins", played, better)
    bm, pm = Move(better), Move(played)
    got_b = None if bm.is_pass else game.piece_at(bm.to_sq)
    got_p = None if pm.is_pass else game.piece_at(pm.to_sq)
    if got_b is not None and got_b.is_general and not (got_p is not None and got_p.is_general):
        return Contrast("takes_general", played, better, target=_side(game, got_b, bm.to_sq))
    after_p, after_b = _exposed(game, played), _exposed(game, better)
    threat = general_threatened(game, better, k)
    target = None
    if threat is not None:
        at = next(sq for sq in game.pieces[threat.kingdom] if game.board[sq] == threat)
        target = _side(game, threat, at)
    if best_value >= FORCED:
        return Contrast("forced", played, better, target=target, gap=gap)
    # what the played move leaves that the better one does not (never a piece whose fate is the same)
    b_points = {d.point for d in after_b.values()}
    lost = sorted((d for origin, d in after_p.items() if origin not in after_b and d.point not in b_points),
                  key=lambda d: (-VALUE[d.piece.kind], d.point))
    general = next((d for d in lost if d.piece.is_general), None)
    if general is not None:
        others = [d for d in lost if d is not general]
        return Contrast("general", played, better, _side(game, general.piece, general.point),
                        _taker(game, played, general),
                        also=_side(game, others[0].piece, others[0].point) if others else None)
    before = {d.point for d in dangers(game, k)}
    loss = VALUE[lost[0].piece.kind] if lost else 0.0
    take_b = VALUE[got_b.kind] if got_b is not None else 0.0
    take_p = VALUE[got_p.kind] if got_p is not None else 0.0
    if got_b is not None and take_b > take_p and take_b - take_p >= loss:
        also = _side(game, lost[0].piece, lost[0].point) if lost else None
        return Contrast("misses", played, better, target=_side(game, got_b, bm.to_sq), also=also)
    if lost:
        first = lost[0]
        origin = next(o for o, d in after_p.items() if d is first)
        second = _side(game, lost[1].piece, lost[1].point) if len(lost) > 1 else None
        return Contrast("loses", played, better, _side(game, first.piece, first.point), _taker(game, played, first),
                        saved=origin in before, also=second)
    if target is not None and general_threatened(game, played, k) is None:
        return Contrast("threatens", played, better, target=target)
    return Contrast("deeper", played, better, gap=gap)


def consistent(game: Game, c: Contrast) -> bool:
    """Whether every piece the explanation names as takeable after the played move can be taken
    there, and neither it nor anything of the mover's on its point can be taken after the better
    move (the rule the explainer keeps; the suite and the benchmark check it)."""
    pm = Move(c.played)
    after_p = {d.point for d in _exposed(game, c.played).values()}
    after_b = _exposed(game, c.better)
    for s in c.named:
        origin = pm.from_sq if not pm.is_pass and s.at == pm.to_sq else s.at
        if s.at not in after_p or origin in after_b or any(d.point == s.at for d in after_b.values()):
            return False
    return True
