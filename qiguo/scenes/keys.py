"""The keyboard help (F1 or ?), over any scene."""
from __future__ import annotations

import pygame

from qiguo.ui import theme
from qiguo.ui.fonts import fit, render
from qiguo.ui.strings import KEYS, t

from .base import Scene


class KeysScene(Scene):
    overlay = True

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        rows = [(t(f"keys.k.{k}"), t(f"keys.{k}")) for k in KEYS]
        line = max(16, min(34, (h - 160) // (len(rows) + 2)))
        box = pygame.Rect(0, 0, min(760, w - 40), line * (len(rows) + 3))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
        title = render(t("keys.title"), int(line * 1.1), theme.ACCENT)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + line // 2)))
        y = box.y + int(line * 1.9)
        split = box.x + int(box.width * 0.34)
        for k, text in rows:
            img = render(k, fit(k, int(line * 0.72), split - box.x - 30), theme.TEXT)
            surface.blit(img, img.get_rect(topright=(split - 16, y)))
            img = render(text, fit(text, int(line * 0.72), box.right - split - 16), theme.TEXT)
            surface.blit(img, (split, y))
            y += line
