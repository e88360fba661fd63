"""Scenes and the stack that runs them (in the style of Tuxemon's state manager)."""
from __future__ import annotations

from typing import Callable, Protocol

import pygame

from qiguo.play.settings import Settings
from qiguo.play.strings import language
from qiguo.ui import pointer, theme
from qiguo.ui.fonts import fitted, render
from qiguo.ui.widgets import Button, ButtonColumn

GAP = 8  # pixels between the buttons of a column


class Host(Protocol):
    """What a scene may ask of the window that runs it (qiguo.app.App fulfils it): the scene
    stack, the settings, the screen, new scenes by name, messages, sounds and leaving."""

    stack: "SceneStack"
    settings: Settings
    screen: pygame.Surface
    seed: int
    toast_text: str

    def scene(self, name: str, *args: object, **kwargs: object) -> "Scene": ...

    def toast(self, text: str, seconds: float = 3.5, queue: bool = False) -> None: ...

    def clear_toast(self, text: str) -> None: ...

    def toast_height(self, width: int) -> int: ...

    def play_sound(self, name: str) -> None: ...

    def start_title(self) -> None: ...

    def quit(self) -> None: ...


SCENES: dict[str, type["Scene"]] = {}
"""Every scene by name: a scene opens another by name (``self.app.scene("game", match)``), so
no scene imports another (qiguo.scenes imports them all, which registers them)."""


def register(name: str) -> Callable[[type["Scene"]], type["Scene"]]:
    """A class decorator: the scene is known by `name`."""
    def add(cls: type["Scene"]) -> type["Scene"]:
        if name in SCENES:
            raise ValueError(f"two scenes are called {name!r}")
        cls.name = name
        SCENES[name] = cls
        return cls
    return add


class Scene:
    """One screen. The top scene of the stack gets the events; overlays draw over the one below."""

    overlay = False
    name = ""
    """The name it is registered under."""

    @property
    def typing(self) -> bool:
        """Whether a text field has the focus: then every key that types a character is the
        field's, and no shortcut of the window (M, ?) acts on it."""
        return False

    def __init__(self, app: Host):
        self.app = app

    def process_event(self, event: pygame.event.Event) -> None:
        """Handle one input event."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene for the surface's current size."""

    def leave(self) -> None:
        """Called when the scene is removed from the stack."""

    def revealed(self) -> None:
        """Called when the scene is on top again, the one above it gone (what that one changed
        may be shown)."""

    toast_top = False
    """Messages go at the top of the toast area (True) or at its bottom."""

    def toast_area(self) -> pygame.Rect | None:
        """Where messages go on this scene (None: at the bottom of the window)."""
        return None

    def above_buttons(self, buttons: list[Button]) -> pygame.Rect | None:
        """The window above the highest of `buttons` (as last laid out): where a message goes on
        a scene whose buttons sit along its foot, so that it never hides one."""
        tops = [b.rect.top for b in buttons if b.rect.height]
        if not tops:
            return None
        w, _ = self.app.screen.get_size()
        return pygame.Rect(16, 16, w - 32, max(0, min(tops) - 8 - 16))

    def frame_key(self) -> object:
        """What the scene's picture depends on: while it stays equal (and no input arrives),
        the window is not redrawn. The default, a fresh object, redraws every frame."""
        return object()

    def draw_title(self, surface: pygame.Surface, text: str, y: int) -> int:
        """A heading centred at y; returns the y below it."""
        text, size = fitted(text, max(18, min(56, surface.get_height() // 14)), surface.get_width() - 40)
        img = render(text, size, theme.TEXT)
        surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, y)))
        return y + img.get_height()

    def place_buttons(self, menu: ButtonColumn, top: int, bottom: int, width: int, tallest: int = 48) -> int:
        """Lay a column of buttons out between `top` and `bottom`, centred, in two columns when
        one does not fit; returns the y below them."""
        w = self.app.screen.get_width()
        n, gap = len(menu.buttons), GAP
        bh = button_height(bottom - top, n, tallest)
        columns = 1 if n * (bh + gap) - gap <= bottom - top else 2
        if columns == 2:
            bh = button_height(bottom - top, (n + 1) // 2, tallest, least=28)
        full = min(width * columns + gap * (columns - 1), w - 40)
        area = pygame.Rect((w - full) // 2, top, full, 0)
        return menu.layout_grid(area, columns, bh, gap)


def button_height(room: int, n: int, tallest: int, least: int = 30) -> int:
    """The height of each of `n` buttons stacked in `room` pixels with GAP between them."""
    return max(least, min(tallest, (room + GAP) // max(1, n) - GAP))


def hovered(buttons: list) -> int:
    """The index of the button under the mouse pointer, or -1."""
    if not pygame.mouse.get_focused():
        return -1
    pos = pointer.pos()
    return next((i for i, b in enumerate(buttons) if b.rect.collidepoint(pos)), -1)


class ButtonScene(Scene):
    """A scene driven by a column of buttons (`self.menu`); Esc calls :meth:`back`. It is drawn
    again only when its buttons, the focus, the pointer's button or the language change."""

    menu: ButtonColumn

    def frame_key(self) -> object:
        return (language(), self.menu.focus, hovered(self.menu.buttons),
                tuple((b.label, b.enabled) for b in self.menu.buttons))

    def back(self) -> None:
        self.app.stack.pop()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        else:
            self.menu.process_event(event)


class SceneStack:
    """The stack of scenes: push, pop and replace."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        """Remove the top scene; the one below it is told it is on top again."""
        self._remove()
        if self.scenes:
            self.scenes[-1].revealed()

    def replace(self, scene: Scene) -> None:
        """Put `scene` in place of the top one (the one below is not on top in between)."""
        self._remove()
        self.push(scene)

    def _remove(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(surface)
