"""Text that people type (player names, join codes), cleaned the same way wherever it enters:
from the network, from the settings file and from the keyboard. Standard library only (and the
generated table of look-alikes beside it), so every layer may use it."""
from __future__ import annotations

import unicodedata
from typing import Callable

from .confusables import LOOKS_LIKE

REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn"}
"""Control and format characters (NUL, newlines, bidi overrides, zero-width), lone surrogates,
private-use and unassigned code points: never part of a name."""
IMITATIONS = ("you", "host", "the host", "bot", "server", "qiguo", "zhou",
              "qin", "chu", "han", "qi", "wei", "zhao", "yan", "w", "r", "o", "b", "g", "p", "k",
              "你", "あなた", "主机", "主機", "ホスト", "电脑", "電腦", "ボット", "周",
              "秦", "楚", "韩", "韓", "齐", "齊", "魏", "赵", "趙", "燕")
"""Names (compared folded: see `folded`) that would pass for the game's own labels, in every
language the game speaks."""
BOT_WORDS = ("bot", "novice", "easy", "normal", "hard", "stand-in", "standin",
             "入门", "入門", "简单", "簡單", "普通", "困难", "困難", "やさしい", "ふつう", "むずかしい")
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u3000")
"""Characters that draw as nothing although they are letters or symbols (Hangul fillers, the
Braille blank, invisible marks): a name made only of them is refused."""
SMALL_CAPITALS = {"в": "b", "ё": "e", "к": "k", "м": "m", "н": "h", "т": "t", "ї": "i", "κ": "k", "τ": "t",
                  "χ": "x", "ε": "e", "η": "n", "ω": "w", "ɴ": "n", "ʜ": "h", "ǫ": "q"}
"""Letters that read as a Latin one in a name, mostly as small capitals ("кɪɴɢ"), which
Unicode's confusables data does not list."""
CONFUSABLES = str.maketrans({**LOOKS_LIKE, **SMALL_CAPITALS})
"""Every character that looks like a Latin letter or a digit (Unicode's confusables data, UTS
#39, through qiguo/confusables.py, and the small capitals above), as that letter or digit."""
DIGITS = str.maketrans({"0": "o", "3": "z"})
"""Digits that stand for a letter in a name ("Y0u", "Зhou" read through the data as "3hou")."""


class TextError(ValueError):
    """Text that cannot be made into a clean name; the message says why."""


def clean(text: str, limit: int, drawable: Callable[[str], bool] | None = None) -> str:
    """`text` normalised (NFC), without control, format, surrogate or unassigned characters
    (nor those `drawable` refuses), with runs of spaces folded and the ends trimmed. Raises
    TextError when the result is longer than `limit` characters."""
    if not isinstance(text, str):
        raise TextError("a name is text")
    try:
        text = unicodedata.normalize("NFC", text)
    except UnicodeError:
        text = ""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch.isspace():
            kept.append(" ")
        elif category not in REFUSED_CATEGORIES and (drawable is None or drawable(ch)):
            kept.append(ch)
    out = " ".join("".join(kept).split())
    if len(out) > limit:
        raise TextError(f"a name is at most {limit} characters")
    if out and not any(visible(ch) for ch in out):
        raise TextError("a name needs at least one visible letter")
    return out


def visible(ch: str) -> bool:
    """Whether a character draws as something: a letter, digit, punctuation or symbol that is
    not one of the BLANKS."""
    return ch not in BLANKS and unicodedata.category(ch)[0] in "LNPS"


def folded(name: str) -> str:
    """A name as it reads: NFKC, without case, look-alike letters as the Latin ones they
    imitate, blanks and punctuation as spaces, and the spaces folded."""
    text = unicodedata.normalize("NFKC", name).translate(CONFUSABLES)  # capitals first: "YОU"
    text = text.casefold().translate(CONFUSABLES).translate(DIGITS)
    text = "".join(ch if visible(ch) and unicodedata.category(ch)[0] in "LN" else " " for ch in text)
    return " ".join(text.split())


def imitates(name: str) -> bool:
    """Whether a player's name would pass for a label the game itself shows ("You", "the host",
    a kingdom or its letter, a bot level such as "bot novice")."""
    text = folded(name)
    if text in IMITATIONS:
        return True
    words = text.split()
    if words and all(w in BOT_WORDS or w in IMITATIONS for w in words):
        return True
    return _made_of_labels(text.replace(" ", ""))


PIECES = frozenset(w for w in IMITATIONS + BOT_WORDS if len(w) > 1 or not w.isascii())
"""The labels a name may be run together from ("电脑困难", "BotHard"); single Latin letters
are left out, or every short name would be one."""


def _made_of_labels(text: str) -> bool:
    """Whether `text` (without spaces) is labels written one after another."""
    ends = {0}
    for i in range(1, len(text) + 1):
        if any(text[j:i] in PIECES for j in ends if j < i):
            ends.add(i)
    return bool(text) and len(text) in ends


def shown(name: str) -> str:
    """How another player's name is shown: in quotation marks when it imitates a label."""
    return f"“{name}”" if imitates(name) else name


PLACEHOLDER = "?"
"""What a name shows for a character the font cannot draw (the name is then quoted)."""


def placeheld(name: str, drawable: Callable[[str], bool]) -> str:
    """A name as a window can draw it: each character that `drawable` refuses (and whose plain
    form, without accents, it refuses too) as PLACEHOLDER, and then the name in quotation
    marks (unless it is quoted already), so that "Υou" in a font without Greek is never "ou"."""
    out = []
    for ch in name:
        plain = [c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)]
        out.append(ch if ch == " " or drawable(ch) or (plain and all(drawable(c) for c in plain))
                   else PLACEHOLDER)
    text = "".join(out)
    if text == name or (text.startswith("“") and text.endswith("”")):
        return text
    return f"“{text}”"


def clean_code(text: str, limit: int) -> str:
    """A join code as typed: letters and digits only (spaces and dashes dropped). Raises
    TextError for anything else."""
    if not isinstance(text, str):
        raise TextError("a join code is text")
    code = "".join(ch for ch in text if ch not in " -")
    if not (code.isascii() and code.isalnum()) or len(code) > limit:
        raise TextError(f"a join code is 1 to {limit} letters and digits")
    return code


SHORT = 20
"""The most characters of a player's name a notice or the header shows (the whole name is on
the panel's row): the message around it is never cut."""


def short(name: str, limit: int = SHORT) -> str:
    """A name for a sentence: as it is, or its first letters and "…"."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"
