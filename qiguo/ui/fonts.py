"""The shipped CJK subset font, loaded once per size. Every function here takes any string:
what the font cannot draw (control and format characters, lone surrogates, characters outside
the subset) is left out, so drawing never raises."""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
import pygame

from qiguo.names import REFUSED_CATEGORIES

from qiguo.assets import asset

FONT_PATH = asset("fonts", "qiguo-subset.otf")


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    """The game font at a pixel size (at least 8), kept until pygame is shut down."""
    global _watching
    if not pygame.font.get_init():
        pygame.font.init()
    if not _watching:  # pygame runs a quit hook once: each session of fonts registers its own
        pygame.register_quit(_forget_fonts)
        _watching = True
    return pygame.font.Font(str(FONT_PATH), max(8, int(size)))


_watching = False
"""Whether pygame.quit() will forget the fonts loaded since the last quit."""


def _forget_fonts() -> None:
    """Forget every font and rendered text: a font of an earlier pygame session is invalid (any
    use of it raises, even after pygame is started again)."""
    global _watching
    _watching = False
    for cache in (font, _render, fit, _wrap, _elide):
        cache.cache_clear()


FLOOR = 12
"""The smallest text size, in pixels, that any screen may use."""
probe: dict[int, tuple[str, int]] | None = None
"""When a dict (the layout tests set one), every rendered text is noted there by the id of its
surface: what it says and its size."""
wrapped: dict[str, list[str]] | None = None
"""When a dict (the layout tests set one), every text wrapped is noted there with its lines (the
last wrapping of it), so a test can find lines that were never drawn."""
cuts: dict[str, str] | None = None
"""When a dict (the layout tests set one), every text cut short with "…" is noted there: what
is shown, and the whole text."""


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the game font draws this character (and not its empty box)."""
    f = font(16)
    if f.metrics(ch) != f.metrics(NOT_DEFINED):
        return True
    return pygame.image.tobytes(f.render(ch, False, (0, 0, 0)), "P") != \
        pygame.image.tobytes(f.render(NOT_DEFINED, False, (0, 0, 0)), "P")


NOT_DEFINED = "\uffff"
"""A code point no font draws: what the font shows for a character it lacks."""


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """`text` without what the font cannot draw; a letter the font lacks is drawn without its
    accents when the font has the plain letter ("Zoë" is drawn "Zoe"). The font's "…" is the
    Chinese and Japanese one, three dots at mid-height: in text with no Chinese or Japanese it
    is drawn as three full stops, on the line ("thinking...", not "thinking···")."""
    text = str(text)
    if "…" in text and all(ch < CJK_FROM for ch in text):
        text = text.replace("…", "...")
    return "".join(_drawable_char(ch) for ch in text)


CJK_FROM = "\u2e80"
"""The first code point of the Chinese and Japanese blocks (radicals, punctuation, kana, ideographs)."""


@lru_cache(maxsize=4096)
def _drawable_char(ch: str) -> str:
    if ch == " " or (unicodedata.category(ch) not in REFUSED_CATEGORIES and has_glyph(ch)):
        return ch
    plain = unicodedata.normalize("NFKD", ch)
    if plain == ch:
        return ""
    return "".join(c for c in plain if not unicodedata.combining(c) and c != " " and _drawable_char(c))


def render(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Antialiased text in the game font (cached: callers only blit the surface)."""
    text = drawable(text)
    surface = _render(text, size, colour)
    if probe is not None:
        probe[id(surface)] = (text, int(size))
    return surface


@lru_cache(maxsize=256)
def _render(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    return font(size).render(text, True, colour)


def elide(text: str, size: int, width: int) -> str:
    """The text, cut short with "…" if it is wider than `width` at this size."""
    text = drawable(text)
    shown = _elide(text, size, width)
    if cuts is not None and shown != text:
        cuts[shown] = text
    return shown


@lru_cache(maxsize=1024)
def _elide(text: str, size: int, width: int) -> str:
    f = font(size)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fitted(text: str, size: int, width: int, floor: int = FLOOR) -> tuple[str, int]:
    """Text and size for a width: the largest size up to `size` (never below `floor`) at which
    it fits, and cut short with "…" if even the floor is too wide."""
    best = max(floor, fit(text, size, width))
    return elide(text, best, width), best


LATIN_RUN = f"[^ {CJK_FROM}-\U0010ffff]+"
TOKEN = re.compile(f"( *)({LATIN_RUN}|[^ ](?:（{LATIN_RUN}）)?)")
"""A piece of text a line may not break inside, after its spaces: a run of characters below
U+2E80 (CJK_FROM), or one character from there on (Chinese, Japanese, their punctuation and full-width
forms, which may have a break on either side), with the point or move in brackets that follows
it ("骑（e4）": a piece stays with its point)."""


def wrap(text: str, size: int, width: int) -> list[str]:
    """Lines of `text` no wider than `width`: broken at spaces and between Chinese or Japanese
    characters (so a move's "c10–h15" inside a Japanese sentence stays whole while the sentence
    around it fills each line), and inside a word too long for a line."""
    text = drawable(text)
    lines = list(_wrap(text, size, width))
    if wrapped is not None:
        wrapped[text] = lines
    return lines


OPENS, CLOSES = "([{“‘", ")]},.;:!?”’"
"""Brackets and punctuation that hold on to the Chinese or Japanese character they touch."""
POINTS = re.compile(r"[a-s]\d{1,2}(?:[–×x-][a-s]\d{1,2})*[^ \w]*$")
"""A point or a move ("k18", "k18–g14"): after a Chinese or Japanese piece name it stays with it."""


def _tokens(text: str) -> list[tuple[str, bool]]:
    """The unbreakable pieces of a text, each with whether a space comes before it: a run of
    letters, digits and punctuation, or one Chinese or Japanese character; a bracket stays with
    the character it opens or closes ("(周)"), and a piece's name with the points after it."""
    out: list[tuple[str, bool]] = []
    for m in TOKEN.finditer(text):
        word, space = m[2], bool(m[1])
        if out:
            prev, before = out[-1]
            cjk = prev[-1] >= CJK_FROM or word[0] >= CJK_FROM
            if (not space and cjk and (prev[-1] in OPENS or word[0] in CLOSES)) or (
                    space and prev[-1] >= CJK_FROM and POINTS.match(word)):
                out[-1] = (f"{prev}{' ' if space else ''}{word}", before)
                continue
        out.append((word, space))
    return out


@lru_cache(maxsize=1024)
def _wrap(text: str, size: int, width: int) -> tuple[str, ...]:
    f = font(size)
    tokens: list[tuple[str, bool]] = []
    for word, space in _tokens(text):
        if f.size(word)[0] <= width:
            tokens.append((word, space))
            continue
        piece = ""
        for ch in word:
            if piece and f.size(piece + ch)[0] > width:
                tokens.append((piece, space))
                piece, space = "", False
            piece += ch
        tokens.append((piece, space))
    lines: list[str] = []
    line = ""
    for tok, space in tokens:
        trial = f"{line}{' ' if space else ''}{tok}" if line else tok
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = tok
        else:
            line = trial
    lines = lines + [line] if line else lines
    lines = _kinsoku(lines, f, width) if any(ord(ch) >= 0x3000 for ch in text) else lines
    return tuple(lines)


def _kinsoku(lines: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """Chinese and Japanese line breaking: a line never starts with closing punctuation nor ends
    with an opening bracket; the character before goes down with it (and what no longer fits
    goes further down)."""
    i = 1
    while i < len(lines):
        prev, line = lines[i - 1], lines[i]
        if (line[:1] in NO_LINE_START or prev[-1:] in NO_LINE_END) and len(prev.rstrip()) > 1:
            prev = prev.rstrip()
            lines[i - 1], lines[i] = prev[:-1].rstrip(), prev[-1] + line
            while f.size(lines[i])[0] > width and len(lines[i]) > 2:
                spill = lines[i][-1]
                lines[i] = lines[i][:-1]
                if i + 1 < len(lines):
                    lines[i + 1] = spill + lines[i + 1]
                else:
                    lines.append(spill)
            continue  # look at this line again: its start may still need moving
        i += 1
    if len(lines) > 1:  # no last line of one character and its punctuation ("ス。"): take more down
        while len(lines[-2]) > 3 and sum(ch not in NO_LINE_START for ch in lines[-1]) < WIDOW:
            prev = lines[-2]
            n = 2 if prev[-2] in NO_LINE_END else 1  # an opening bracket goes down with what it opens
            moved = prev[-n:] + lines[-1]
            if f.size(moved)[0] > width:
                break
            lines[-2], lines[-1] = prev[:-n], moved
    return lines


WIDOW = 3
"""The fewest characters (punctuation aside) a last line of Chinese or Japanese keeps."""


NO_LINE_START = set("。，、．，：；！？）」』】〕〉》’”…―—‐〜ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・")
"""Closing punctuation and small kana: never the first character of a Chinese or Japanese line."""
NO_LINE_END = set("（「『【〔〈《‘“")
"""Opening brackets: never the last character of a line."""


@lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int) -> int:
    """The largest size up to `size` at which `text` is at most `width` pixels wide."""
    text = drawable(text)
    while size > 8 and font(size).size(text)[0] > width:
        size -= 1
    return size


def line_height(size: int) -> int:
    """The distance between two lines of text at this size."""
    return font(size).get_linesize()


def blit_lines(surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int], x: int, y: int,
               width: int, bottom: int | None = None) -> int:
    """Draw `text` wrapped to `width`, one line under the other; a line that would cross
    `bottom` is left out. Returns the y below the last line drawn."""
    step = line_height(size)
    for line in wrap(text, size, width):
        if bottom is not None and y + step > bottom:
            break
        surface.blit(render(line, size, colour), (x, y))
        y += step
    return y


def blit_footer(surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int], width: int) -> None:
    """One line (shrunk or elided to `width`) centred at the bottom of the surface: a key guide."""
    line, fsize = fitted(text, size, width)
    img = render(line, fsize, colour)
    surface.blit(img, img.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - 6)))
