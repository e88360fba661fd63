"""Consistency checks of a game's state, for soak runs and tests: an empty list means sound."""
from __future__ import annotations

from .board import CENTRE
from .game import Game
from .pieces import CANNON, ENVOY, GENERAL, HORSE, KINGDOMS, ZHOU_CODE


def problems(g: Game) -> list[str]:
    """Every broken invariant of the position, in words."""
    out: list[str] = []
    board = g.board
    if board[CENTRE] != ZHOU_CODE or board.count(ZHOU_CODE) != 1:
        out.append("Zhou is not alone on j10")
    on_board = {sq for sq, p in enumerate(board) if p and p != ZHOU_CODE}
    listed = [sq for s in g.pieces for sq in s]
    if len(listed) != len(set(listed)) or set(listed) != on_board:
        out.append("the piece lists and the board disagree")
    for k, squares in enumerate(g.pieces):
        name = KINGDOMS[k]
        if any(board[sq] >> 4 != k for sq in squares):
            out.append(f"{name}: a listed point holds another kingdom's piece")
        present = len(squares) + sum(1 for held in g.prisoners for p in held if p >> 4 == k)
        if k in g.seated and g.alive[k] and present != 17:
            out.append(f"{name}: {present} pieces on the board and in prison, not 17")
        if present > 17:
            out.append(f"{name}: more than 17 pieces")
        if g.alive[k] != any(board[sq] & 15 == GENERAL for sq in squares):
            out.append(f"{name}: in the game is not the same as having its general on the board")
        c = g.controller[k]
        if g.alive[k] and c != k:
            out.append(f"{name}: in the game but its army is controlled by another")
        if g.pieces[k] and c >= 0 and c != k and not g.alive[c] and g.result is None:
            out.append(f"{name}: its army is controlled by a kingdom out of the game")
    if any(p & 15 == ENVOY for held in g.prisoners for p in held):
        out.append("an Envoy was captured")
    if g.result is None and not g.alive[g.turn]:
        out.append("the kingdom to move is out of the game")
    if g.hash != g._full_hash():
        out.append("the position key drifted")
    if (g.occ, g.horses, g.cannons) != (g._bits(), g._bits(HORSE), g._bits(CANNON)):
        out.append("the occupied points drifted from the board")
    return out
