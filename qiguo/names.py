"""Text that people type (player names, join codes), cleaned the same way wherever it enters:
from the network, from the settings file and from the keyboard. Standard library only, so
every layer may use it."""
from __future__ import annotations

import unicodedata
from typing import Callable

REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn"}
"""Control and format characters (NUL, newlines, bidi overrides, zero-width), lone surrogates,
private-use and unassigned code points: never part of a name."""
IMITATIONS = ("you", "host", "the host", "bot", "server", "qiguo", "zhou",
              "qin", "chu", "han", "qi", "wei", "zhao", "yan", "w", "r", "o", "b", "g", "p", "k")
"""Names (compared without case or spaces) that would pass for the game's own labels."""
BOT_WORDS = ("bot", "novice", "easy", "normal", "hard", "stand-in", "standin")


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
    return out


def imitates(name: str) -> bool:
    """Whether a player's name would pass for a label the game itself shows ("You", "the host",
    a kingdom or its letter, a bot level such as "bot novice")."""
    folded = " ".join(name.casefold().replace("-", " ").replace("_", " ").split())
    if folded in IMITATIONS or folded.replace(" ", "") in IMITATIONS + BOT_WORDS:
        return True
    words = folded.split()
    return bool(words) and all(w in BOT_WORDS or w in IMITATIONS for w in words)


def shown(name: str) -> str:
    """How another player's name is shown: in quotation marks when it imitates a label."""
    return f"“{name}”" if imitates(name) else name


def clean_code(text: str, limit: int) -> str:
    """A join code as typed: letters and digits only (spaces and dashes dropped). Raises
    TextError for anything else."""
    if not isinstance(text, str):
        raise TextError("a join code is text")
    code = "".join(ch for ch in text if ch not in " -")
    if not (code.isascii() and code.isalnum()) or len(code) > limit:
        raise TextError(f"a join code is 1 to {limit} letters and digits")
    return code
