"""The explanation of a point on the board (what stands there and how it moves), in a box beside
it: the game, the review and the tutorial show the same one."""
from __future__ import annotations

from typing import Sequence

import pygame

from qiguo.engine import Game
from qiguo.play.strings import point_lines

from . import piece_art, theme
from .board_view import BoardView
from .fonts import FLOOR, render, wrap

HOVER_AFTER = 0.35
"""Seconds the pointer (or the cursor) rests on a point before it is explained."""


def draw_tooltip(surface: pygame.Surface, view: BoardView, g: Game, point: int, extra: Sequence[str] = ()) -> None:
    """The point's lines (and `extra` ones after the first, such as what can take the piece)."""
    lines = point_lines(g, point)
    lines[1:1] = list(extra)
    piece = g.piece_at(point)
    w, h = surface.get_size()
    size = max(FLOOR, min(18, h // 50))
    width = min(420, w - 20)
    texts = [lines[0]] + [part for line in lines[1:] for part in wrap(line, size, width - 60)]
    imgs = [render(text, size + (2 if i == 0 else 0), theme.TEXT if i == 0 else theme.TEXT_DIM)
            for i, text in enumerate(texts)]
    icon = 0 if piece is None else int(size * 2.4)
    box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + icon + 24, sum(i.get_height() for i in imgs) + 16)
    mx, my = view.centre(point)
    box.topleft = (int(mx + view.cell * 0.7), int(my + view.cell * 0.7))
    if box.right > w - 4:
        box.right = int(mx - view.cell * 0.7)
    if box.bottom > h - 4:
        box.bottom = int(my - view.cell * 0.7)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (24, 22, 28), box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=8)
    if piece is not None:
        c = g.controller[piece.kingdom] if not piece.is_zhou else 0
        img = piece_art.disc(piece, c, icon // 2 - 2, view.style, view.colour_aid)
        surface.blit(img, img.get_rect(center=(box.x + 10 + icon // 2, box.y + 8 + icon // 2)))
    y = box.y + 8
    for img in imgs:
        surface.blit(img, (box.x + 14 + icon, y))
        y += img.get_height()
