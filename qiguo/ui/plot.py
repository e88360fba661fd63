"""The rating plot of Your record: the rating game by game as a line with its 95% band, and the
bot levels' ratings as labelled lines across, so a player sees where they stand and rise."""
from __future__ import annotations

import pygame

from . import theme
from .fonts import FLOOR, render

BAND = (86, 78, 60)
LEVEL_LINE = (110, 104, 120)
REACH = 500
"""Bot levels rated within this of the player's ratings are drawn across the plot (the others
would squash the player's line), and always those the player has played."""


def draw_rating_plot(surface: pygame.Surface, rect: pygame.Rect, points: list[tuple[int, int, int]],
                     levels: list[tuple[str, int]], size: int, played: frozenset[str] = frozenset()) -> None:
    """`points`: (rating, low, high) after each game, oldest first; `levels`: (label, rating),
    those whose label is in `played` always drawn; the margin's tags are a little smaller than
    `size`. The scale holds the whole 95% band."""
    pygame.draw.rect(surface, theme.PANEL_ROW, rect, border_radius=6)
    if not points:
        return
    label = max(FLOOR, size - 4)
    inner = rect.inflate(-16, -16)
    inner.width -= render("normal 0000", label, theme.TEXT_DIM).get_width()
    ratings = [r for r, _, _ in points]
    levels = [(name, v) for name, v in levels
              if name in played or min(ratings) - REACH <= v <= max(ratings) + REACH]
    near = [v for _, v in levels]
    top = max([high for _, _, high in points] + near) + 60
    bottom = min([low for _, low, _ in points] + near) - 60
    span = max(1, top - bottom)

    def y_of(v: float) -> int:
        return int(inner.bottom - (min(top, max(bottom, v)) - bottom) / span * inner.height)

    def x_of(i: int) -> int:
        return inner.x + (inner.width * i // max(1, len(points) - 1) if len(points) > 1 else inner.width // 2)
    if len(points) > 1:  # the band under everything
        band = [(x_of(i), y_of(high)) for i, (_, _, high) in enumerate(points)]
        band += [(x_of(i), y_of(low)) for i, (_, low, _) in reversed(list(enumerate(points)))]
        pygame.draw.polygon(surface, BAND, band)
    else:  # one game: its band as a bar
        _, low, high = points[0]
        pygame.draw.rect(surface, BAND, pygame.Rect(x_of(0) - 6, y_of(high), 12, max(1, y_of(low) - y_of(high))))
    for _, v in levels:
        y = y_of(v)
        for x in range(inner.x, inner.right, 12):
            pygame.draw.line(surface, LEVEL_LINE, (x, y), (min(x + 6, inner.right), y), 1)
    if len(points) > 1:
        pygame.draw.lines(surface, theme.ACCENT, False, [(x_of(i), y_of(r)) for i, (r, _, _) in enumerate(points)], 3)
    for i, (r, _, _) in enumerate(points[-60:], start=max(0, len(points) - 60)):
        pygame.draw.circle(surface, theme.ACCENT, (x_of(i), y_of(r)), 3)
    # the latest rating is a tag in the margin, level with the line's end, among the levels' tags
    last = points[-1][0]
    tags = [render(f"{name} {v}", label, theme.TEXT_DIM) for name, v in levels] + [render(str(last), label, theme.ACCENT)]
    ys = [y_of(v) for _, v in levels] + [y_of(last)]
    for img, tag_y in zip(tags, spread(ys, max(img.get_height() for img in tags), rect)):
        surface.blit(img, (inner.right + 6, tag_y - img.get_height() // 2))


def spread(ys: list[int], height: int, rect: pygame.Rect) -> list[int]:
    """Label centres near `ys` (in their order), at least `height` apart and inside `rect`."""
    order = sorted(range(len(ys)), key=lambda i: -ys[i])  # from the bottom up
    out = list(ys)
    low = rect.bottom - height // 2
    for i in order:
        out[i] = min(out[i], low)
        low = out[i] - height
    top = rect.y + height // 2
    for i in reversed(order):  # pushed down again where the top ran out
        out[i] = max(out[i], top)
        top = out[i] + height
    return out
