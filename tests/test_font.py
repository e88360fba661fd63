"""The shipped subset font has every character the window draws."""
import pygame.freetype

from qiguo.ui.fonts import FONT_PATH
from qiguo.play.strings import characters


def missing_glyphs(text: str) -> list[str]:
    """Characters of `text` the shipped font has no glyph for (freetype answers None)."""
    pygame.freetype.init()
    face = pygame.freetype.Font(str(FONT_PATH), 24)
    return [ch for ch, m in zip(text, face.get_metrics(text)) if m is None]


def test_font_and_licence_are_shipped():
    assert FONT_PATH.exists() and FONT_PATH.stat().st_size < 2_000_000
    assert "SIL OPEN FONT LICENSE" in (FONT_PATH.parent / "OFL.txt").read_text(encoding="utf-8")


def test_font_has_every_glyph_the_game_draws():
    chars = "".join(sorted(characters()))
    assert len(chars) > 120  # ASCII, the piece and kingdom glyphs, the title, symbols
    assert missing_glyphs(chars) == []


def test_the_check_sees_a_missing_glyph():
    assert missing_glyphs("龍将") == ["龍"]
