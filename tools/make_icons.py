"""Regenerate the application icon, drawn with the game's own piece art: Zhou (周) at the centre
of a wood board, the seven kingdoms' Generals round it (the smallest sizes keep Zhou alone, so
that it still reads). Writes ``assets/app/hicolor/SIZExSIZE/apps/qiguo.png`` for each size (the
layout desktops look in: ``pip install .`` copies it under share/icons) and ``qiguo.ico`` (PNG
entries, for Windows).

    python tools/make_icons.py
"""
from __future__ import annotations

import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from qiguo.engine import GENERAL, KINGDOMS, ZHOU, Piece  # noqa: E402
from qiguo.ui import piece_art, theme  # noqa: E402

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
OUT = ROOT / "assets" / "app"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def draw(size: int) -> pygame.Surface:
    """The icon at `size` pixels square."""
    scale = 4
    big = size * scale
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    wood = theme.BOARDS["wood"]["board"]
    pygame.draw.rect(surface, wood, surface.get_rect(), border_radius=big // 6)
    pygame.draw.rect(surface, piece_art.DARK_RIM, surface.get_rect(), max(2, big // 40), border_radius=big // 6)
    c = big / 2
    if size >= 48:
        ring = big * 0.34
        for k in range(len(KINGDOMS)):
            a = -math.pi / 2 + 2 * math.pi * k / len(KINGDOMS)
            disc = piece_art.disc(Piece(k << 4 | GENERAL), k, int(big * 0.085), "pictures", False, wood)
            surface.blit(disc, disc.get_rect(center=(c + ring * math.cos(a), c + ring * math.sin(a))))
        zhou_r = big * 0.2
    else:
        zhou_r = big * 0.4
    zhou = piece_art.disc(Piece(ZHOU), 0, int(zhou_r), "glyphs", False, wood)
    surface.blit(zhou, zhou.get_rect(center=(c, c)))
    return pygame.transform.smoothscale(surface, (size, size))


def icon_path(size: int) -> Path:
    return OUT / "hicolor" / f"{size}x{size}" / "apps" / "qiguo.png"


def write_ico(path: Path, pngs: list[tuple[int, bytes]]) -> None:
    """A Windows icon file whose entries are PNG images (Windows Vista and later read them)."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(head) + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in pngs:
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    path.write_bytes(head + entries + data)


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    OUT.mkdir(parents=True, exist_ok=True)
    pngs = []
    for size in SIZES:
        path = icon_path(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw(size), str(path))
        if size in ICO_SIZES:
            pngs.append((size, path.read_bytes()))
    write_ico(OUT / "qiguo.ico", pngs)
    print(f"wrote {len(SIZES)} PNG sizes and qiguo.ico in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
