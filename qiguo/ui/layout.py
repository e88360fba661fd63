"""Where a game window's parts go."""
from __future__ import annotations

import pygame


def split(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """(panel, board area) of a game window."""
    w, h = size
    least = max(280, min(360, int(w * 0.3)))
    side = max(40, min(h - 16, w - least - 16))
    panel_w = max(least, min(int(w * 0.48), w - side - 16))
    return pygame.Rect(w - panel_w, 0, panel_w, h), pygame.Rect(8, 8, max(40, w - panel_w - 16), max(40, h - 16))
