"""The rules in plain words (a short version)."""
from __future__ import annotations

import pygame

from qiguo.ui import theme
from qiguo.ui.fonts import fit, font, render
from qiguo.ui.strings import RULES_TEXT, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import Scene


class RulesScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.menu = ButtonColumn([Button(t("rules.back"), app.stack.pop)])
        self.scroll = 0

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.stack.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 40)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 60
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - 60)
        else:
            self.menu.process_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("rules.title"), 16) + 8
        bh = max(34, h // 18)
        body_bottom = h - bh - 28
        clip = pygame.Rect(0, y, w, body_bottom - y)
        surface.set_clip(clip)
        size = max(13, min(22, h // 42))
        widest = max((line for _, lines in RULES_TEXT for line in lines), key=lambda s: font(size).size(s)[0])
        size = fit(widest, size, w - 60)
        yy = y - self.scroll
        for heading, lines in RULES_TEXT:
            img = render(heading, int(size * 1.25), theme.ACCENT)
            surface.blit(img, (30, yy))
            yy += img.get_height() + 4
            for line in lines:
                img = render(line, size, theme.TEXT)
                surface.blit(img, (40, yy))
                yy += img.get_height() + 2
            yy += size
        surface.set_clip(None)
        self.scroll = min(self.scroll, max(0, yy + self.scroll - body_bottom))
        self.menu.layout(w // 2, h - bh - 14, min(300, w - 40), bh, 0)
        self.menu.draw(surface)
