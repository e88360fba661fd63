"""Build QFEN positions from a few pieces, for rule tests."""
from __future__ import annotations

from qiguo.engine import Game, parse_point, qfen_of

qfen = qfen_of
"""A QFEN with Zhou on j10 and the given pieces, e.g. ``qfen({"e5": "wH"})``."""
LOST = "wSwSwWwWwWwWwHwHwH"
"""Nine of Qin's pieces as prisoners (two letters each): ``LOST[:2 * n]`` for Qin at n losses."""
DEFENDED = {"b1": "wG", "s19": "rG", "s3": "oG", "e5": "wA", "i9": "wC", "i12": "rD"}
"""Qin's Cannon on i9, defended by its Bow on e5, is attacked by Chu's Deputy on i12: a trade that
costs Chu more than it takes, unless it is Qin's last loss before its attrition limit."""


def game(pieces: dict[str, str], mover: str = "w", rules="standard", blocs=None, control: str = "-",
         prisoners: str = "-", quiet: int = 0, **options) -> Game:
    """A game from a few pieces; `options` override rule options."""
    return Game.from_qfen(qfen(pieces, mover, control, prisoners, quiet), rules, blocs=blocs, **options)


def targets(g: Game, point: str) -> set[str]:
    """Where the piece on `point` may go."""
    sq = parse_point(point)
    return {str(m)[len(point):] for m in g.legal_moves() if not m.is_pass and m.from_sq == sq}
