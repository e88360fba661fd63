"""Build QFEN positions from a few pieces, for rule tests."""
from __future__ import annotations

from qiguo.engine import Game, parse_point, qfen_of

qfen = qfen_of
"""A QFEN with Zhou on j10 and the given pieces, e.g. ``qfen({"e5": "wH"})``."""


def game(pieces: dict[str, str], mover: str = "w", rules="standard", blocs=None, control: str = "-",
         prisoners: str = "-", quiet: int = 0, **options) -> Game:
    """A game from a few pieces; `options` override rule options."""
    return Game.from_qfen(qfen(pieces, mover, control, prisoners, quiet), rules, blocs=blocs, **options)


def targets(g: Game, point: str) -> set[str]:
    """Where the piece on `point` may go."""
    sq = parse_point(point)
    return {str(m)[len(point):] for m in g.legal_moves() if not m.is_pass and m.from_sq == sq}
