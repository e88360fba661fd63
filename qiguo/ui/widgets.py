"""Buttons and a keyboard-navigable column of them; a line of text being edited."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from qiguo.play.textedit import TextEdit

from . import pointer, theme
from .fonts import drawable, font, fitted, render


@dataclass
class Button:
    """A clickable labelled rectangle. `action` runs on a left click or Enter when focused."""

    label: str
    action: Callable[[], None]
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    shown: bool = True
    """False while the layout has no room for it: not drawn, clicked or focused."""

    def fitted_label(self, size: int | None = None) -> tuple[str, int]:
        """The label as it fits the button, and its type size (at most `size`, else half the
        button's height)."""
        return fitted(self.label, size or int(self.rect.height * 0.5), self.rect.width - 16)

    def label_size(self) -> int:
        """The largest type (up to half the button's height) at which the label fits."""
        return self.fitted_label()[1]

    def draw(self, surface: pygame.Surface, focused: bool = False, size: int | None = None) -> None:
        """Draw the button, its label at `size` if given (else as large as fits)."""
        if hasattr(surface, "buttons"):  # a surface that records the layout (tests)
            surface.buttons.append((pygame.Rect(self.rect), self.label))
        hover = self.rect.collidepoint(pointer.pos()) if pygame.mouse.get_focused() else False
        colour = (theme.BUTTON_DISABLED if not self.enabled
                  else theme.BUTTON_HOVER if hover or focused else theme.BUTTON)
        pygame.draw.rect(surface, colour, self.rect, border_radius=8)
        if focused and self.enabled:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=2, border_radius=8)
        label, size = self.fitted_label(size)
        text = render(label, size, theme.TEXT if self.enabled else theme.TEXT_DIM)
        surface.blit(text, text.get_rect(center=self.rect.center))


class ButtonColumn:
    """Buttons stacked in a column (or a grid); Up/Down, Left/Right and Tab/Shift+Tab (a
    controller's d-pad and shoulder buttons) move the focus, Enter or Space (A) presses."""

    def __init__(self, buttons: list[Button]):
        self.buttons = buttons
        self.focus = 0

    def layout(self, centre_x: int, top: int, width: int, height: int, gap: int) -> int:
        """Place the buttons; returns the y below the last one."""
        y = top
        for b in self.buttons:
            b.rect = pygame.Rect(0, 0, width, height)
            b.rect.midtop = (centre_x, y)
            y += height + gap
        return y

    def layout_grid(self, area: pygame.Rect, columns: int, height: int, gap: int) -> int:
        """Place the buttons in `columns` columns filling `area`'s width, in reading order down
        each column; returns the y below the lowest."""
        per = (len(self.buttons) + columns - 1) // max(1, columns)
        width = (area.width - gap * (columns - 1)) // columns
        bottom = area.y
        for i, b in enumerate(self.buttons):
            col, row = divmod(i, per)
            b.rect = pygame.Rect(area.x + col * (width + gap), area.y + row * (height + gap), width, height)
            bottom = max(bottom, b.rect.bottom)
        return bottom

    def layout_row(self, area: pygame.Rect, gap: int) -> None:
        """Place the buttons side by side filling `area`, each as wide as its label needs at half
        the area's height, plus an equal share of the room left (all narrowed alike when there
        is not enough), so that one long label does not make the row's type small."""
        n = len(self.buttons)
        room = area.width - gap * (n - 1)
        need = [font(int(area.height * 0.5)).size(drawable(b.label))[0] + 24 for b in self.buttons]
        spare = room - sum(need)
        widths = [w + spare / n if spare >= 0 else w * room / sum(need) for w in need]
        x = float(area.x)
        for b, w in zip(self.buttons, widths):
            b.rect = pygame.Rect(round(x), area.y, round(x + w) - round(x), area.height)
            x += w + gap

    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle a click or key; True if it was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(event.pos) and b.enabled and b.shown:
                    self.focus = i
                    b.action()
                    return True
        elif event.type == pygame.KEYDOWN and self.buttons:
            back = event.key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT
            forward = event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB) and not back
            if forward or event.key in (pygame.K_UP, pygame.K_LEFT) or back:
                for _ in self.buttons:  # the next button shown
                    self.focus = (self.focus + (1 if forward else -1)) % len(self.buttons)
                    if self.buttons[self.focus].shown:
                        break
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                b = self.buttons[self.focus % len(self.buttons)]
                if b.enabled:
                    b.action()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Buttons side by side show their labels at one size, the smallest any of them needs
        (one long label no longer stands out small among large ones)."""
        rows: dict[int, list[Button]] = {}
        for b in self.buttons:
            rows.setdefault(b.rect.y, []).append(b)
        sizes = {y: min(b.label_size() for b in row) for y, row in rows.items() if len(row) > 1}
        for i, b in enumerate(self.buttons):
            if b.shown:
                b.draw(surface, focused=i == self.focus, size=sizes.get(b.rect.y))


def clipboard_text() -> str:
    """The clipboard's text, or "" where there is none (or no clipboard at all)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, NotImplementedError):
        return ""


def edit_key(edit: TextEdit, event: pygame.event.Event) -> bool:
    """Apply a key or typed text to a line being edited; True if it was used. Typing replaces
    the selection; Ctrl+A selects all; Home/End and the arrows move (Shift selects);
    Backspace/Delete erase (Ctrl+Backspace: everything before the caret); Ctrl+V pastes."""
    if event.type == pygame.TEXTINPUT:
        edit.insert(event.text)
        return True
    if event.type != pygame.KEYDOWN:
        return False
    ctrl, shift = bool(event.mod & pygame.KMOD_CTRL), bool(event.mod & pygame.KMOD_SHIFT)
    if ctrl and event.key == pygame.K_a:
        edit.select_all()
    elif ctrl and event.key == pygame.K_v:
        edit.insert(clipboard_text())
    elif event.key == pygame.K_BACKSPACE:
        edit.backspace(word=ctrl)
    elif event.key == pygame.K_DELETE:
        edit.delete()
    elif event.key == pygame.K_HOME:
        edit.move(0, shift)
    elif event.key == pygame.K_END:
        edit.move(len(edit.text), shift)
    elif event.key == pygame.K_LEFT:
        edit.left(shift)
    elif event.key == pygame.K_RIGHT:
        edit.right(shift)
    else:
        return False
    return True


class Caret:
    """A text caret's blink on the frame loop's time, not the wall clock (a frame drawn again
    is drawn the same): on for half a second, off for half a second, on again at each key."""

    HALF = 0.5

    def __init__(self) -> None:
        self.clock = 0.0

    def tick(self, dt: float) -> None:
        self.clock += dt

    def restart(self) -> None:
        self.clock = 0.0

    @property
    def phase(self) -> int:
        """Changes whenever the caret turns on or off (for a scene's frame_key)."""
        return int(self.clock / self.HALF)

    @property
    def on(self) -> bool:
        return self.phase % 2 == 0


def draw_edit(surface: pygame.Surface, edit: TextEdit, rect: pygame.Rect, size: int, focused: bool,
              caret_on: bool) -> None:
    """A line being edited in `rect`: its text (scrolled so that the caret shows), the selection
    highlighted, and the caret when focused."""
    f = font(size)
    start, end = edit.selection
    text = edit.text
    x0 = rect.x + 8
    caret_x = f.size(text[:edit.caret])[0]
    shift = max(0, caret_x - (rect.width - 16))
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-4, -2))
    if focused and start != end:
        a, b = f.size(text[:start])[0], f.size(text[:end])[0]
        pygame.draw.rect(surface, theme.PANEL_ACTIVE, pygame.Rect(x0 + a - shift, rect.y + 4, b - a, rect.height - 8))
    img = render(text, size, theme.TEXT)
    surface.blit(img, (x0 - shift, rect.y + (rect.height - img.get_height()) // 2))
    if focused and caret_on:
        x = x0 + caret_x - shift
        pygame.draw.line(surface, theme.TEXT, (x, rect.y + 5), (x, rect.bottom - 6), 2)
    surface.set_clip(clip)
