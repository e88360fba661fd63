"""The review's picture of how a game went: each kingdom's chance of finishing first, ply by ply,
as a line in its colour (the reviewed kingdoms' lines bold), with the key moments as dots on
them that open their move."""
from __future__ import annotations

from typing import Sequence

import pygame

from . import theme
from .fonts import FLOOR, render

DOT = 6
"""A key moment's dot radius (its click target is twice as wide)."""


def _legible(colour: theme.Colour) -> theme.Colour:
    """A kingdom's colour as a line on the dark background (Yan's black drawn light grey)."""
    r, g, b = colour
    return (150, 150, 160) if 0.3 * r + 0.59 * g + 0.11 * b < 70 else colour


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, course: Sequence[Sequence[float]], bold: Sequence[int],
               dots: Sequence[tuple[int, int]], seated: Sequence[int], labels: tuple[str, str]) -> list[tuple[pygame.Rect, int]]:
    """Draw the standing `course` (per ply from the start, each kingdom's chance 0..1) in `rect`;
    `bold`: the kingdoms reviewed; `dots`: (ply, kingdom) of each key moment; `labels`: the y
    axis's top and the x axis's words. Returns each dot's click rect with its index in `dots`."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    size = max(FLOOR, min(15, rect.height // 10))
    top_label = render(labels[0], size, theme.TEXT_DIM)
    axis = render(labels[1], size, theme.TEXT_DIM)
    plot = pygame.Rect(rect.x + 10, rect.y + top_label.get_height() + 6, rect.width - 20,
                       rect.height - top_label.get_height() - axis.get_height() - 14)
    surface.blit(top_label, (plot.x, rect.y + 3))
    surface.blit(axis, axis.get_rect(bottomright=(rect.right - 10, rect.bottom - 3)))
    for share in (0.25, 0.5, 0.75):
        y = plot.bottom - int(share * plot.height)
        pygame.draw.line(surface, theme.PANEL_ROW, (plot.x, y), (plot.right, y), 1)
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, 1)
    plies = max(1, len(course) - 1)

    def at(ply: int, k: int) -> tuple[int, int]:
        ply = max(0, min(ply, len(course) - 1))
        return (plot.x + int(plot.width * ply / plies), plot.bottom - int(plot.height * course[ply][k]))
    step = max(1, len(course) // max(1, plot.width))  # about one point per pixel
    order = [k for k in seated if k not in bold] + [k for k in bold]  # the reviewed drawn on top
    for k in order:
        points = [at(p, k) for p in range(0, len(course), step)] + [at(len(course) - 1, k)]
        if len(points) > 1:
            width = 4 if k in bold else 2
            pygame.draw.lines(surface, theme.OUTLINE, False, points, width + 2)
            pygame.draw.lines(surface, _legible(theme.KINGDOM_FILL[k]), False, points, width)
    hits = []
    for i, (ply, k) in enumerate(dots):
        x, y = at(ply, k)
        pygame.draw.circle(surface, theme.OUTLINE, (x, y), DOT + 2)
        pygame.draw.circle(surface, theme.WARN, (x, y), DOT)
        hits.append((pygame.Rect(x - 2 * DOT, y - 2 * DOT, 4 * DOT, 4 * DOT), i))
    return hits
