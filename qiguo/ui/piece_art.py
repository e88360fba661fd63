"""How a piece looks, wherever it is drawn (board, panel, legend, tooltips): a disc in its
kingdom's colours with its Chinese glyph or its pictogram, a ring in the controller's colour
for an inherited army, grey for an inert one, and the kingdom's mark for the colour-blind aid."""
from __future__ import annotations

import io
import math
from functools import lru_cache

import pygame

from qiguo.engine import (BOW, BRIGADIER, CANNON, CROSSBOW, DEPUTY, ENVOY, GENERAL, HORSE, INERT, SABRE,
                          SWORD, Piece)
from qiguo.assets import asset
from qiguo.play.catalogs import CJK
from qiguo.play.strings import piece_glyph

from . import theme
from .fonts import render


ICONS = {GENERAL: "imperial-crown", DEPUTY: "chess-rook", BRIGADIER: "chess-bishop", ENVOY: "dove",
         CANNON: "cannon", BOW: "bow-arrow", CROSSBOW: "crossbow", SABRE: "crossed-sabres", SWORD: "broadsword",
         HORSE: "horse-head"}
"""The game-icons.net pictogram of each kind (assets/icons, see ATTRIBUTION.txt there)."""


def style_for(setting: str, language: str) -> str:
    """The style to draw: "glyphs" or "pictures"."""
    if setting in ("glyphs", "pictures"):
        return setting
    return "glyphs" if language in CJK else "pictures"


def luminance(c: tuple[int, int, int]) -> float:
    """Relative luminance (WCAG 2)."""
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


DARK_RIM = (34, 30, 28)
LIGHT_RIM = (206, 206, 212)


def rim_on(ground: tuple[int, int, int]) -> tuple[int, int, int]:
    """A disc's rim for the colour it stands on: dark on a light board, light on a dark one (so
    that Yan's black pieces read on the slate board)."""
    return DARK_RIM if contrast(DARK_RIM, ground) >= 3.0 else LIGHT_RIM


@lru_cache(maxsize=256)
def icon(kind: int, colour: tuple[int, int, int], size: int) -> pygame.Surface:
    """A pictogram in one colour, `size` pixels square."""
    text = asset("icons", f"{ICONS[kind]}.svg").read_text(encoding="utf-8")
    svg = text.replace("currentColor", "#%02x%02x%02x" % colour[:3])
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (size, size))


def draw_mark(surface: pygame.Surface, k: int, centre: tuple[float, float], r: float) -> None:
    """Kingdom k's colour-blind mark: a black shape on a white badge with a black rim, so it reads
    on any colour."""
    x, y = centre
    pygame.draw.circle(surface, (20, 20, 20), centre, r + max(2, r * 0.25))
    pygame.draw.circle(surface, (250, 250, 250), centre, r + max(1, r * 0.12))
    ink, s = (20, 20, 20), r * 0.72
    shape = theme.MARKS[k]
    if shape == "circle":
        pygame.draw.circle(surface, ink, centre, s)
    elif shape == "triangle":
        pygame.draw.polygon(surface, ink, [(x, y - s), (x + s, y + s * 0.8), (x - s, y + s * 0.8)])
    elif shape == "square":
        pygame.draw.rect(surface, ink, pygame.Rect(x - s * 0.8, y - s * 0.8, s * 1.6, s * 1.6))
    elif shape == "diamond":
        pygame.draw.polygon(surface, ink, [(x, y - s), (x + s, y), (x, y + s), (x - s, y)])
    elif shape == "bar":
        pygame.draw.rect(surface, ink, pygame.Rect(x - s, y - s * 0.35, s * 2, s * 0.7))
    elif shape == "cross":
        w = max(2, int(s * 0.45))
        pygame.draw.line(surface, ink, (x - s, y - s), (x + s, y + s), w)
        pygame.draw.line(surface, ink, (x - s, y + s), (x + s, y - s), w)
    else:  # star
        pts = [(x + s * (1 if i % 2 == 0 else 0.45) * math.sin(i * math.pi / 5),
                y - s * (1 if i % 2 == 0 else 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
        pygame.draw.polygon(surface, ink, pts)


def colours_of(piece: Piece, controller: int) -> tuple[tuple[int, int, int], tuple[int, int, int],
                                                       tuple[int, int, int] | None]:
    """(fill, ink, ring) of a piece: its kingdom's colours, grey when inert, and the controller's
    colour as a ring when another kingdom moves it."""
    if piece.is_zhou:
        return theme.ZHOU_FILL, theme.ZHOU_INK, None
    if controller == INERT:
        return theme.INERT_FILL, theme.INERT_INK, None
    k = piece.kingdom
    ring = theme.KINGDOM_FILL[controller] if controller != k else None
    return theme.KINGDOM_FILL[k], theme.KINGDOM_INK[k], ring


def disc(piece: Piece, controller: int, radius: int, style: str, aid: bool,
         ground: tuple[int, int, int] = theme.BOARDS["wood"]["board"]) -> pygame.Surface:
    """A piece drawn on a disc of the given radius (with a soft shadow), in a style, for drawing
    on `ground` (glyphs in the current language's forms)."""
    glyph = piece_glyph(piece) if piece.is_zhou or style == "glyphs" else ""  # pictures need no glyph
    return _disc(piece, controller, radius, style, aid, ground, glyph)


@lru_cache(maxsize=1024)
def _disc(piece: Piece, controller: int, radius: int, style: str, aid: bool, ground: tuple[int, int, int],
          glyph: str) -> pygame.Surface:
    fill, ink, ring = colours_of(piece, controller)
    scale = 2
    r2 = max(4, radius) * scale
    big = pygame.Surface((2 * r2 + 4 * scale, 2 * r2 + 4 * scale), pygame.SRCALPHA)
    c = big.get_width() // 2
    pygame.draw.circle(big, (0, 0, 0, 90), (c + scale, c + 2 * scale), r2)
    pygame.draw.circle(big, fill, (c, c), r2)
    pygame.draw.circle(big, rim_on(ground), (c, c), r2, max(2, r2 // 9))
    if ring is not None:
        pygame.draw.circle(big, ring, (c, c), r2, max(3, r2 // 4))
        pygame.draw.circle(big, (20, 20, 20), (c, c), r2, max(1, scale))
    inner = r2 * (1.0 if ring is None else 0.82)
    if piece.is_zhou or style == "glyphs":
        text = render(glyph, int(inner * 1.15), ink)
        big.blit(text, text.get_rect(center=(c, c + scale)))
    else:
        img = icon(piece.kind, ink, max(8, int(inner * 1.45)))
        big.blit(img, img.get_rect(center=(c, c)))
    if aid and not piece.is_zhou:  # a badge as large as legibility of the piece allows
        draw_mark(big, piece.kingdom, (c + r2 * 0.62, c - r2 * 0.62), max(4.0, r2 * 0.5))
    size = (big.get_width() // scale, big.get_height() // scale)
    small = pygame.transform.smoothscale(big, size)
    return small.convert_alpha() if pygame.display.get_surface() is not None else small
