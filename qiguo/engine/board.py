"""Board geometry: point names and the rays every piece moves along, precomputed per point."""
from __future__ import annotations

from .pieces import (BOW, BRIGADIER, CROSSBOW, DEPUTY, ENVOY, GENERAL, SABRE, SWORD)
from .text import is_number

SIZE = 19
POINTS = SIZE * SIZE
FILES = "abcdefghijklmnopqrs"
CENTRE = 9 * SIZE + 9  # j10

ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def point(file: int, rank: int) -> int:
    """The point index of a 0-based file and rank."""
    return rank * SIZE + file


def point_name(sq: int) -> str:
    """``a1`` … ``s19``."""
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


def parse_point(text: str) -> int:
    """The point index of a name like ``j10``; raises ValueError naming the text."""
    if 2 <= len(text) <= 3 and text[0] in FILES and is_number(text[1:], 2):
        rank = int(text[1:])
        if 1 <= rank <= SIZE and text[1] != "0":
            return point(FILES.index(text[0]), rank - 1)
    raise ValueError(f"{text!r} is not a point (files a-s, ranks 1-19)")


def _ray(sq: int, step: tuple[int, int]) -> tuple[int, ...]:
    f, r = sq % SIZE, sq // SIZE
    dx, dy = step
    n = SIZE  # points to the edge
    if dx:
        n = min(n, SIZE - 1 - f if dx > 0 else f)
    if dy:
        n = min(n, SIZE - 1 - r if dy > 0 else r)
    stride = dy * SIZE + dx
    return tuple(range(sq + stride, sq + stride * (n + 1), stride))


EDGE_RAYS = {d: [_ray(sq, d) for sq in range(POINTS)] for d in ORTHO + DIAG}
"""Per direction and point: the ray to the board edge (every other ray is a start of one)."""


def _rays(dirs, limit: int = SIZE) -> list[tuple[tuple[int, ...], ...]]:
    return [tuple(r[:limit] for r in (EDGE_RAYS[d][sq] for d in dirs) if r) for sq in range(POINTS)]


ORTHO_RAYS = _rays(ORTHO)
"""Per point: the four orthogonal rays to the board edge (the cannon's lines)."""

SLIDES = {
    GENERAL: _rays(ORTHO + DIAG),
    DEPUTY: ORTHO_RAYS,
    BRIGADIER: _rays(DIAG),
    ENVOY: _rays(ORTHO + DIAG),
    BOW: _rays(ORTHO + DIAG, 4),
    CROSSBOW: _rays(ORTHO + DIAG, 5),
    SABRE: _rays(DIAG, 1),
    SWORD: _rays(ORTHO, 1),
}
"""Per kind and point: the rays a sliding piece follows under `ranged=upto`."""


def _exact(limit: int) -> list[tuple[tuple[int, ...], ...]]:
    return [tuple(r[:limit] for r in (EDGE_RAYS[d][sq] for d in ORTHO + DIAG) if len(r) >= limit)
            for sq in range(POINTS)]


EXACT = {BOW: _exact(4), CROSSBOW: _exact(5)}
"""Per kind and point: the full-length rays of bow and crossbow under `ranged=exact`."""


def _horse(sq: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    f, r = sq % SIZE, sq // SIZE
    out = []
    for dx, dy in ORTHO:
        lx, ly = f + dx, r + dy
        if not (0 <= lx < SIZE and 0 <= ly < SIZE):
            continue
        leg = point(lx, ly)
        # outward diagonals: keep the leg's direction, add one sideways step each way
        sides = ((1, dy), (-1, dy)) if dx == 0 else ((dx, 1), (dx, -1))
        for d in sides:
            path = EDGE_RAYS[d][leg][:3]
            if path:
                out.append((leg, path))
    return tuple(out)


HORSE_PATHS = [_horse(sq) for sq in range(POINTS)]
"""Per point: (leg, diagonal path of up to three points) for each of the horse's 8 lines."""
