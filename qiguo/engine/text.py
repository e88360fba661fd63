"""Whole numbers in outside text (QFEN, moves, options): ASCII digits only, and not too many."""
from __future__ import annotations


def is_number(text: str, max_digits: int = 9) -> bool:
    """True for 1 to `max_digits` ASCII digits (``str.isdigit`` also accepts ``²``, ``１`` and
    other scripts' digits, and ``int`` reads some of those as ASCII)."""
    return 0 < len(text) <= max_digits and text.isascii() and text.isdigit()
