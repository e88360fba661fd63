"""Build QFEN positions from a few pieces, for rule tests."""
from __future__ import annotations

from qiguo.engine import Game, parse_point
from qiguo.engine.board import CENTRE, POINTS
from qiguo.engine.pieces import KIND_LETTERS, KINGDOMS, ZHOU, code
from qiguo.engine.qfen import format_board


def qfen(pieces: dict[str, str], mover: str = "w", control: str = "-", prisoners: str = "-",
         quiet: int = 0) -> str:
    """A QFEN with Zhou on j10 and the given pieces, e.g. ``{"e5": "wH"}``."""
    board = [0] * POINTS
    board[CENTRE] = ZHOU
    for point, tok in pieces.items():
        board[parse_point(point)] = code(KINGDOMS.index(tok[0]), KIND_LETTERS.index(tok[1]))
    return f"{format_board(board)} {mover} {control} {prisoners} {quiet}"


def game(pieces: dict[str, str], mover: str = "w", rules="standard", blocs=None, control: str = "-",
         prisoners: str = "-", quiet: int = 0, **options) -> Game:
    """A game from a few pieces; `options` override rule options."""
    return Game.from_qfen(qfen(pieces, mover, control, prisoners, quiet), rules, blocs=blocs, **options)


def targets(g: Game, point: str) -> set[str]:
    """Where the piece on `point` may go."""
    sq = parse_point(point)
    return {str(m)[len(point):] for m in g.legal_moves() if not m.is_pass and m.from_sq == sq}
