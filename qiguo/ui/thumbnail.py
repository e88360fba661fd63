"""A small picture of a position (for the save browser): the board with a dot per piece."""
from __future__ import annotations

from functools import lru_cache

import pygame

from qiguo.engine import SIZE, EngineError, Piece, board_pieces, parse_point

from . import theme


@lru_cache(maxsize=128)
def thumbnail(qfen: str, size: int) -> pygame.Surface:
    """The position as a `size`-pixel square (an empty board if the text is not a position)."""
    surface = pygame.Surface((size, size))
    surface.fill(theme.BOARDS["wood"]["board"])
    pygame.draw.rect(surface, theme.BOARDS["wood"]["edge"], surface.get_rect(), 1)
    try:
        pieces = board_pieces(qfen)
    except EngineError:
        return surface
    cell = (size - 4) / SIZE
    r = max(1.0, cell * 0.45)
    for name, tok in pieces.items():
        sq = parse_point(name)
        piece = Piece.parse(tok)
        colour = theme.ZHOU_FILL if piece.is_zhou else theme.KINGDOM_FILL[piece.kingdom]
        x = 2 + (sq % SIZE + 0.5) * cell
        y = 2 + (SIZE - sq // SIZE - 0.5) * cell
        pygame.draw.circle(surface, colour, (x, y), r)
    return surface
