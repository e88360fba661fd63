"""The keyboard's cursor on the board (no pygame here): one point moved a step at a time, or
sent to the next of a set of points (the player's pieces, a piece's destinations)."""
from __future__ import annotations

from typing import Iterable

from qiguo.engine import CENTRE, SIZE, Game

STEPS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
"""A direction on the screen as (file, rank) steps: rank 19 is drawn at the top."""


def stepped(point: int, direction: str) -> int:
    """The point one step from `point` in `direction`, held at the board's edge."""
    df, dr = STEPS.get(direction, (0, 0))
    f, r = point % SIZE, point // SIZE
    return min(SIZE - 1, max(0, r + dr)) * SIZE + min(SIZE - 1, max(0, f + df))


def next_point(points: list[int], at: int | None, backwards: bool = False) -> int | None:
    """The point after `at` among `points` in the board's order (before it, `backwards`),
    going round; None when there are none."""
    ordered = sorted(points)
    if not ordered:
        return None
    here = -1 if at is None else at
    if backwards:
        return next((p for p in reversed(ordered) if p < here), ordered[-1])
    return next((p for p in ordered if p > here), ordered[0])


def movable(game: Game) -> list[int]:
    """The points of the mover's pieces that have a move (what Tab goes through)."""
    return list({m.from_sq for m in game.legal_moves() if not m.is_pass})


def general_of(game: Game) -> int:
    """Where the mover's General stands (the centre if it has none): where the cursor first shows."""
    return next((sq for sq, p in game.occupied() if p.is_general and p.kingdom == game.turn), CENTRE)


def explains(point: int, selected: int | None, targets: Iterable[int]) -> bool:
    """Whether a point's tooltip may show: never over the piece picked up nor over its
    destinations, where the dots and marks are what the player acts on."""
    return selected is None or (point != selected and point not in targets)
