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


def test_a_new_window_keeps_its_fonts_until_pygame_is_shut_down():
    import pygame
    from qiguo.ui.fonts import font, render
    from ui_helpers import make_app
    make_app((800, 600))
    loaded = font(20)
    make_app((800, 600))
    assert font(20) is loaded  # a second window of the same session loads nothing again
    pygame.quit()  # the fonts of this session are invalid now
    make_app((800, 600))
    assert font(20) is not loaded
    assert render("Qin moves", 20, (0, 0, 0)).get_width() > 0


def test_text_is_drawn_after_pygame_was_shut_down_and_started_again_without_a_window():
    """A game run to its end shuts pygame down, and its fonts with it: text drawn after that
    without a new window (a test after it on the same worker) raised "Invalid font"."""
    import pygame
    from qiguo.ui.fonts import font, render, wrap
    for _ in range(2):  # pygame runs a quit hook once: the second session needs its own
        pygame.font.init()
        loaded = font(17)
        pygame.quit()
        pygame.font.init()
        assert font(17) is not loaded
        assert wrap("弩 c10–h15 は趙の馬を取る", 17, 90)[0] == "弩 c10–h15"
        assert render("Qin moves", 17, (0, 0, 0)).get_width() > 0


def test_an_ellipsis_in_latin_text_is_drawn_on_the_line():
    """The font's "…" is the Chinese and Japanese one, its dots at mid-height: English text
    showed "thinking···". Text without Chinese or Japanese draws three full stops instead."""
    import pygame
    from qiguo.ui.fonts import drawable, font, render
    pygame.font.init()

    def lowest_ink(img: pygame.Surface, after: int = 0) -> int:
        """The lowest row with ink, right of `after` pixels."""
        return max(y for y in range(img.get_height()) for x in range(after, img.get_width()) if img.get_at((x, y)).a > 128)
    raw = font(40)
    dots, stop = (lowest_ink(raw.render(text, True, (255, 255, 255))) for text in ("…", "."))
    assert dots < stop - 5  # the premise: mid-height dots in this font...
    white = (255, 255, 255)
    word = render("Wait", 40, white).get_width()
    assert lowest_ink(render("Wait…", 40, white), word) == lowest_ink(render("Wait.", 40, white), word)  # ...on the line
    assert drawable("Asking a hard bot for a move…") == "Asking a hard bot for a move..."
    assert drawable("秦将…") == "秦将…" and drawable("Maximilian… を待っています").count("…") == 1
