"""A name typed in a box over the scene below (saving a game): Enter keeps it, Esc cancels."""
from __future__ import annotations

from typing import Callable

import pygame

from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, fitted, line_height, render
from qiguo.play.strings import t
from qiguo.play.textedit import TextEdit
from qiguo.ui.widgets import Button, ButtonColumn, Caret, draw_edit, edit_key

from .base import Scene, register


@register("name_entry")
class NameScene(Scene):
    overlay = True

    def __init__(self, app, title: str, name: str, done: Callable[[str], None], limit: int = 80):
        super().__init__(app)
        self.title, self.done = title, done
        self.edit = TextEdit(name, limit)
        self.edit.select_all()  # typing replaces the name offered
        self.caret = Caret()
        self.menu = ButtonColumn([Button(t("save.name.ok"), self.accept), Button(t("save.name.cancel"), self.cancel)])
        pygame.key.start_text_input()

    @property
    def typing(self) -> bool:
        return True

    def accept(self) -> None:
        self.app.stack.pop()
        self.done(self.edit.text.strip())

    def cancel(self) -> None:
        self.app.stack.pop()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def update(self, dt: float) -> None:
        self.caret.tick(dt)

    def process_event(self, event: pygame.event.Event) -> None:
        if edit_key(self.edit, event):
            self.caret.restart()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.menu.process_event(event)

    def frame_key(self) -> object:
        e = self.edit
        return (e.text, e.caret, e.anchor, self.caret.phase)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        size = max(FLOOR + 2, min(24, h // 36))
        box = pygame.Rect(0, 0, min(720, w - 40), line_height(size) * 2 + 3 * line_height(FLOOR) + 120)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
        y = box.y + 14
        text, fsize = fitted(self.title, size + 4, box.width - 40)
        title = render(text, fsize, theme.ACCENT)
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + 10
        field = pygame.Rect(box.x + 20, y, box.width - 40, line_height(size) + 12)
        pygame.draw.rect(surface, (24, 22, 28), field, border_radius=6)
        pygame.draw.rect(surface, theme.TEXT_DIM, field, 1, border_radius=6)
        draw_edit(surface, self.edit, field, size, True, self.caret.on)
        y = field.bottom + 8
        text, fsize = fitted(t("save.name.hint"), FLOOR, box.width - 40)
        surface.blit(render(text, fsize, theme.TEXT_DIM), (box.x + 20, y))
        bh = max(32, min(42, h // 20))
        area = pygame.Rect(box.x + 20, box.bottom - bh - 14, box.width - 40, 0)
        self.menu.layout_grid(area, 2, bh, 12)
        self.menu.draw(surface)
