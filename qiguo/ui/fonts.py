"""The shipped CJK subset font, loaded once per size."""
from __future__ import annotations

from functools import lru_cache
import pygame

from .assets import asset

FONT_PATH = asset("fonts", "qiguo-subset.otf")


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    """The game font at a pixel size (at least 8)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONT_PATH), max(8, int(size)))


@lru_cache(maxsize=256)
def render(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Antialiased text in the game font (cached: callers only blit the surface)."""
    return font(size).render(text, True, colour)


def wrap(text: str, size: int, width: int) -> list[str]:
    """Lines of `text` no wider than `width`: broken at spaces, or anywhere in text without
    them (Chinese and Japanese) and inside a word too long for a line."""
    f = font(size)
    spaced = " " in text
    joiner = " " if spaced else ""
    tokens: list[str] = []
    for word in (text.split(" ") if spaced else list(text)):
        if f.size(word)[0] <= width:
            tokens.append(word)
            continue
        piece = ""
        for ch in word:
            if piece and f.size(piece + ch)[0] > width:
                tokens.append(piece)
                piece = ""
            piece += ch
        tokens.append(piece)
    lines: list[str] = []
    line = ""
    for tok in tokens:
        trial = f"{line}{joiner}{tok}" if line else tok
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = tok
        else:
            line = trial
    return lines + [line] if line else lines


@lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int) -> int:
    """The largest size up to `size` at which `text` is at most `width` pixels wide."""
    while size > 8 and font(size).size(text)[0] > width:
        size -= 1
    return size
