"""Editing one line of typed text (a save's name, a player's name, an address, a join code): a
caret, a selection, select all, Home and End, pasting, a length limit. No pygame here: the
window's text field (qiguo.ui.widgets.TextField) turns keys into these calls."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TextEdit:
    """The text, the caret (an index into it) and the selection's other end (`anchor`; equal to
    the caret when nothing is selected)."""

    text: str = ""
    limit: int = 80
    caret: int = 0
    anchor: int = 0

    def __post_init__(self) -> None:
        self.text = self.text[:self.limit]
        self.caret = self.anchor = len(self.text)

    @property
    def selection(self) -> tuple[int, int]:
        return min(self.caret, self.anchor), max(self.caret, self.anchor)

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def insert(self, typed: str) -> None:
        """Typed or pasted text replaces the selection (printable characters only, up to the limit)."""
        typed = "".join(ch for ch in typed if ch.isprintable())
        start, end = self.selection
        room = self.limit - (len(self.text) - (end - start))
        typed = typed[:max(0, room)]
        self.text = self.text[:start] + typed + self.text[end:]
        self.caret = self.anchor = start + len(typed)

    def backspace(self, word: bool = False) -> None:
        """Delete the selection, or the character (with `word`: everything) before the caret."""
        start, end = self.selection
        if start == end:
            start = 0 if word else max(0, start - 1)
        self.text = self.text[:start] + self.text[end:]
        self.caret = self.anchor = start

    def delete(self) -> None:
        """Delete the selection, or the character after the caret."""
        start, end = self.selection
        if start == end:
            end = min(len(self.text), end + 1)
        self.text = self.text[:start] + self.text[end:]
        self.caret = self.anchor = start

    def move(self, to: int, extend: bool = False) -> None:
        """Put the caret at `to` (clamped); with `extend`, the selection grows to it."""
        self.caret = max(0, min(len(self.text), to))
        if not extend:
            self.anchor = self.caret

    def left(self, extend: bool = False) -> None:
        start, end = self.selection
        self.move(self.caret - 1 if extend or start == end else start, extend)

    def right(self, extend: bool = False) -> None:
        start, end = self.selection
        self.move(self.caret + 1 if extend or start == end else end, extend)
