"""The keyboard bindings, in one table: the game scene and the window act on them, and the keys
screen (F1) is written from them, so the help can never drift from what the keys do."""
from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Chord:
    """A key, with Ctrl (and Shift) held or not. `unicode` matches a typed character instead."""

    key: int = 0
    ctrl: bool = False
    shift: bool | None = None
    """True: Shift must be held; False: must not; None: either."""
    unicode: str = ""

    def matches(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if self.unicode:
            return getattr(event, "unicode", "") == self.unicode
        mod = getattr(event, "mod", 0)
        if event.key != self.key or bool(mod & pygame.KMOD_CTRL) != self.ctrl:
            return False
        return self.shift is None or bool(mod & pygame.KMOD_SHIFT) == self.shift

    def label(self) -> str:
        if self.unicode:
            return self.unicode
        name = NAMES.get(self.key) or pygame.key.name(self.key).upper()
        return ("Ctrl+" if self.ctrl else "") + ("Shift+" if self.shift else "") + name


NAMES = {pygame.K_ESCAPE: "Esc", pygame.K_SPACE: "Space", pygame.K_LEFT: "←", pygame.K_RIGHT: "→",
         pygame.K_HOME: "Home", pygame.K_END: "End", pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter",
         pygame.K_F1: "F1", pygame.K_F11: "F11"}
"""How keys are written on the keys screen (the rest: pygame's name, in capitals)."""

Binding = tuple[str, tuple[Chord, ...]]

GLOBAL: tuple[Binding, ...] = (
    ("fullscreen", (Chord(pygame.K_F11),)),
    ("help", (Chord(pygame.K_F1), Chord(unicode="?"))),
    ("mute", (Chord(pygame.K_m),)),
)
"""Keys every screen shares (the window handles them)."""

GAME: tuple[Binding, ...] = (
    ("menu", (Chord(pygame.K_ESCAPE),)),
    ("undo", (Chord(pygame.K_z, ctrl=True, shift=False),)),
    ("redo", (Chord(pygame.K_y, ctrl=True), Chord(pygame.K_z, ctrl=True, shift=True))),
    ("save", (Chord(pygame.K_s, ctrl=True),)),
    ("export", (Chord(pygame.K_e, ctrl=True),)),
    ("hint", (Chord(pygame.K_h),)),
    ("legend", (Chord(pygame.K_l),)),
    ("pause", (Chord(pygame.K_SPACE),)),
    ("back", (Chord(pygame.K_LEFT),)),
    ("forward", (Chord(pygame.K_RIGHT),)),
    ("first", (Chord(pygame.K_HOME),)),
    ("latest", (Chord(pygame.K_END),)),
    ("result", (Chord(pygame.K_RETURN), Chord(pygame.K_KP_ENTER))),
)
"""The game's keys, in the order the keys screen lists them."""


def action(event: pygame.event.Event, table: tuple[Binding, ...]) -> str:
    """The name of the binding a key event means in `table`, or ""."""
    return next((name for name, chords in table if any(c.matches(event) for c in chords)), "")


def labels(chords: tuple[Chord, ...]) -> str:
    """How a binding's keys are written: "Ctrl+Y, Ctrl+Shift+Z"."""
    return ", ".join(dict.fromkeys(c.label() for c in chords))
