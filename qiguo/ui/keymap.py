"""The keyboard and controller bindings, in one table: the game scene and the window act on
them, and the keys screen (F1) is written from them, so the help can never drift from what the
keys do. A game controller's buttons stand for keys (PAD): the window turns each press into the
key it stands for, so whatever a key does, a button does too."""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable

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
         pygame.K_UP: "↑", pygame.K_DOWN: "↓", pygame.K_HOME: "Home", pygame.K_END: "End",
         pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_F1: "F1", pygame.K_F11: "F11",
         pygame.K_TAB: "Tab", pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn"}
"""How keys are written on the keys screen (the rest: pygame's name, in capitals)."""

Binding = tuple[str, tuple[Chord, ...]]

GLOBAL: tuple[Binding, ...] = (
    ("fullscreen", (Chord(pygame.K_F11),)),
    ("help", (Chord(pygame.K_F1), Chord(unicode="?"))),
    ("mute", (Chord(pygame.K_m),)),
)
"""Keys every screen shares (the window handles them)."""

GAME: tuple[Binding, ...] = (
    ("cursor.up", (Chord(pygame.K_UP), Chord(pygame.K_w))),
    ("cursor.down", (Chord(pygame.K_DOWN), Chord(pygame.K_s))),
    ("cursor.left", (Chord(pygame.K_LEFT), Chord(pygame.K_a))),
    ("cursor.right", (Chord(pygame.K_RIGHT), Chord(pygame.K_d))),
    ("pick", (Chord(pygame.K_RETURN), Chord(pygame.K_KP_ENTER), Chord(pygame.K_SPACE))),
    ("next", (Chord(pygame.K_TAB, shift=False),)),
    ("previous", (Chord(pygame.K_TAB, shift=True),)),
    ("danger", (Chord(pygame.K_t),)),
    ("menu", (Chord(pygame.K_ESCAPE),)),
    ("undo", (Chord(pygame.K_z, ctrl=True, shift=False),)),
    ("redo", (Chord(pygame.K_y, ctrl=True), Chord(pygame.K_z, ctrl=True, shift=True))),
    ("save", (Chord(pygame.K_s, ctrl=True),)),
    ("export", (Chord(pygame.K_e, ctrl=True),)),
    ("hint", (Chord(pygame.K_h),)),
    ("legend", (Chord(pygame.K_l),)),
    ("pause", (Chord(pygame.K_p),)),
    ("back", (Chord(pygame.K_PAGEUP),)),
    ("forward", (Chord(pygame.K_PAGEDOWN),)),
    ("first", (Chord(pygame.K_HOME),)),
    ("latest", (Chord(pygame.K_END),)),
    ("letin", (Chord(pygame.K_u, ctrl=True),)),
)
"""The game's keys, in the order the keys screen lists them (the four cursor moves as one row).
Enter and Space pick up and put down at the cursor; Space pauses the bots while they move, and
Enter shows the result once the game is over."""

DPAD, STICK, TRIGGER = "D-pad", "stick", "RT"
WORDS = (DPAD, STICK)
"""The controller names that are words (each language says them its own way); the others are
what a controller has printed on it."""
PAD: tuple[tuple[int, str, Chord], ...] = (
    (pygame.CONTROLLER_BUTTON_DPAD_UP, DPAD, Chord(pygame.K_UP)),
    (pygame.CONTROLLER_BUTTON_DPAD_DOWN, DPAD, Chord(pygame.K_DOWN)),
    (pygame.CONTROLLER_BUTTON_DPAD_LEFT, DPAD, Chord(pygame.K_LEFT)),
    (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, DPAD, Chord(pygame.K_RIGHT)),
    (pygame.CONTROLLER_BUTTON_A, "(A)", Chord(pygame.K_RETURN)),
    (pygame.CONTROLLER_BUTTON_B, "(B)", Chord(pygame.K_ESCAPE)),
    (pygame.CONTROLLER_BUTTON_X, "(X)", Chord(pygame.K_h)),
    (pygame.CONTROLLER_BUTTON_Y, "(Y)", Chord(pygame.K_l)),
    (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, "RB", Chord(pygame.K_TAB, shift=False)),
    (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, "LB", Chord(pygame.K_TAB, shift=True)),
    (pygame.CONTROLLER_BUTTON_START, "Start", Chord(pygame.K_ESCAPE)),
    (pygame.CONTROLLER_BUTTON_BACK, "Back", Chord(pygame.K_p)),
)
"""A controller's buttons: (button, how it is written, the key it stands for). The left stick
moves like the d-pad, and the right trigger stands for T (the next piece in danger)."""
TRIGGER_CHORD = Chord(pygame.K_t)


def action(event: pygame.event.Event, table: tuple[Binding, ...]) -> str:
    """The name of the binding a key event means in `table`, or ""."""
    return next((name for name, chords in table if any(c.matches(event) for c in chords)), "")


def labels(chords: tuple[Chord, ...]) -> str:
    """How a binding's keys are written: "Ctrl+Y, Ctrl+Shift+Z"."""
    return ", ".join(dict.fromkeys(c.label() for c in chords))


def pad_labels(chords: tuple[Chord, ...], say: Callable[[str], str] = str) -> str:
    """The controller buttons that stand for any of these keys: "D-pad, stick", "(A)" (`say`
    gives the names in WORDS in the reader's language)."""
    names = [name for _, name, chord in PAD if chord in chords]
    if TRIGGER_CHORD in chords:
        names.append(TRIGGER)
    if DPAD in names:
        names.append(STICK)
    return ", ".join(say(name) if name in WORDS else name for name in dict.fromkeys(names))


def rows(table: tuple[Binding, ...], say: Callable[[str], str] = str) -> list[tuple[str, str, str]]:
    """The keys screen's rows, (help key, keys, buttons): a binding a row, the bindings that
    share a name before the dot (cursor.up, cursor.down, ...) as one."""
    groups: dict[str, list[tuple[Chord, ...]]] = {}
    for name, chords in table:
        groups.setdefault(name.split(".")[0], []).append(chords)
    out = []
    for group, members in groups.items():
        chords = tuple(c for column in itertools.zip_longest(*members) for c in column if c is not None)
        out.append((group, labels(chords), pad_labels(chords, say)))
    return out
