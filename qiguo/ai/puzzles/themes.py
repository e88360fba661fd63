"""What each puzzle theme claims, proved with the engine for a solution move, and its point in a
few words (the answer states it):

- general: the move takes a General;
- free: it takes a piece, and nothing can take the taker back;
- save_general: the mover's General could be taken, and after the move it cannot;
- save: a piece of the mover's that could be taken cannot be any more;
- cannon: a Cannon takes a piece (over its screen);
- fork: the moved Horse attacks two enemy pieces worth at least a Horse (or Generals), and
  neither is defended: after it takes either, nothing can take it back;
- threat (a General that cannot escape): the moved piece attacks an enemy General, and every
  reply of that General's kingdom leaves it takeable by the mover.

Puzzles are mined with these proofs (:func:`proven_theme`), and ``puzzles check`` refuses a
puzzle whose theme does not hold for its first solution move."""
from __future__ import annotations

from dataclasses import dataclass

from qiguo.engine import CANNON, GENERAL, HORSE, Game, Move, Piece, takers

from ..coach.danger import dangers, outlook, still_in_danger, takers_after
from ..evaluate import VALUE

ORDER = ("general", "save_general", "cannon", "free", "fork", "save", "threat")
"""Themes in the order a move is labelled by (the first that holds)."""


@dataclass(frozen=True)
class Point:
    """Why a solution move fits its theme: the pieces that make the point (what is taken, saved,
    attacked or trapped) and where."""

    theme: str
    pieces: tuple[tuple[int, Piece], ...]


def _worth(p: Piece) -> bool:
    return p.is_general or VALUE[p.kind] >= VALUE[HORSE]


def _targets(game: Game, code: int) -> list[tuple[int, Piece]]:
    """The enemy pieces worth at least a Horse (or Generals) the moved piece could take next
    (the mover to move again), each only if nothing could take the piece back there."""
    k = game.turn
    m = Move(code)
    out = []
    game.play_code(code)
    try:
        if game.result is not None or not game.alive[k]:
            return []
        game.set_turn(k)
        for c in game.legal_codes():
            mv = Move(c)
            if mv.is_pass or mv.from_sq != m.to_sq:
                continue
            victim = game.piece_at(mv.to_sq)
            if victim is None or not _worth(victim):
                continue
            if victim.is_general or not takers_after(game, c, k, mv.to_sq):
                out.append((mv.to_sq, victim))
        return out
    finally:
        game.set_turn(k)
        game.undo()


def _trapped_general(game: Game, code: int) -> tuple[int, Piece] | None:
    """An enemy General the move attacks that no reply of its kingdom saves: (its point, it)."""
    k = game.turn
    m = Move(code)
    if m.is_pass:
        return None
    game.play_code(code)
    try:
        if game.result is not None:
            return None
        for e in range(7):
            if e == k or not game.alive[e] or game.teams[e] == game.teams[k]:
                continue
            sq = next((s for s in game.pieces[e] if game.board[s] & 15 == GENERAL), None)
            if sq is None or m.to_sq not in _attackers_of(game, k, sq):
                continue
            if _no_escape(game, k, e):
                return sq, Piece(game.board[sq])
        return None
    finally:
        game.undo()


def _attackers_of(game: Game, k: int, sq: int) -> set[int]:
    """The points of the pieces k moves that could take what stands on `sq` if k moved now
    (the engine's :func:`takers`, of those k controls)."""
    owner = game.controller[game.board[sq] >> 4]
    return {s for s in takers(game, sq, owner) if game.controller[game.board[s] >> 4] == k}


def _no_escape(game: Game, k: int, e: int) -> bool:
    """Whether every legal move of kingdom e leaves a General e controls takeable by k."""
    saved = game.turn
    game.set_turn(e)
    try:
        for c in game.legal_codes():
            game.play_code(c)
            try:
                if game.result is not None or not game.alive[e]:
                    continue
                generals = [s for s in game.pieces[e] if game.board[s] & 15 == GENERAL]
                if not any(_attackers_of(game, k, s) for s in generals):
                    return False
            finally:
                game.undo()
        return True
    finally:
        game.set_turn(saved)


def point(game: Game, code: int, theme: str) -> Point | None:
    """The proof that the mover's `code` fits `theme` in `game` (None when it does not hold);
    `game` is left as it was."""
    m = Move(code)
    if m.is_pass:
        return None
    piece, victim = game.piece_on(m.from_sq), game.piece_at(m.to_sq)
    k = game.turn
    if theme == "general":
        return Point(theme, ((m.to_sq, victim),)) if victim is not None and victim.is_general else None
    if theme == "free":
        free = victim is not None and not still_in_danger(game, code, k, m.to_sq)
        return Point(theme, ((m.to_sq, victim),)) if free and victim is not None else None
    if theme == "cannon":
        return Point(theme, ((m.to_sq, victim),)) if victim is not None and piece.kind == CANNON else None
    before = {d.point: d for d in dangers(game)}
    if theme == "save_general":
        general = next((d for d in before.values() if d.piece.is_general), None)
        return Point(theme, ((general.point, general.piece),)) if general and not outlook(game, code).general else None
    if theme == "save":
        saved = [(sq, d.piece) for sq, d in before.items() if not still_in_danger(game, code, k, sq)]
        return Point(theme, tuple(saved[:1])) if saved else None
    if theme == "fork":
        targets = _targets(game, code)
        return Point(theme, tuple(targets[:2])) if victim is None and piece.kind == HORSE and len(targets) >= 2 else None
    if theme == "threat":
        trapped = _trapped_general(game, code)
        return Point(theme, (trapped,)) if trapped is not None else None
    return None


def proven_theme(game: Game, code: int) -> str | None:
    """The first theme of ORDER that the move proves (None: none holds)."""
    return next((name for name in ORDER if point(game, code, name) is not None), None)
