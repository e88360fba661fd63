"""The keys and controller buttons (F1 or ?), over any scene, written from the key map
(qiguo.ui.keymap)."""
from __future__ import annotations

import pygame

from qiguo.ui import keymap, theme
from qiguo.ui.fonts import FLOOR, fitted, line_height, render
from qiguo.play.strings import language, t

from .base import Scene, register


@register("keys")
class KeysScene(Scene):
    overlay = True

    def frame_key(self) -> object:
        return language()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        rows = [(t("keys.heading.keys"), t("keys.heading.pad"), ""),
                (t("keys.k.click"), "", t("keys.click")), (t("keys.k.deselect"), "", t("keys.deselect"))]
        said = keymap.rows(keymap.GAME + keymap.GLOBAL, lambda word: t(f"keys.pad.{word}"))
        rows += [(keys, pad, t(f"keys.{name}")) for name, keys, pad in said]
        size = max(FLOOR, min(22, (h - 140) // (len(rows) + 3) - 6))
        line = line_height(size) + 2
        title = render(t("keys.title"), max(FLOOR, int(size * 1.4)), theme.ACCENT)
        box = pygame.Rect(0, 0, min(980, w - 40), line * len(rows) + title.get_height() + 40)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 12)))
        y = box.y + 24 + title.get_height()
        # the descriptions begin past the widest controller name (a language's words for the
        # d-pad and the stick may be long), and keep at least half the box
        pad_x = box.x + int(box.width * 0.3)
        widest = max(render(pad, size, theme.TEXT).get_width() for _, pad, _ in rows)
        split = min(max(pad_x + widest + 24, box.x + int(box.width * 0.45)), box.x + box.width // 2)
        for i, (keys, pad, text) in enumerate(rows):
            colour = theme.ACCENT if i == 0 else theme.TEXT
            label, label_size = fitted(keys, size, pad_x - box.x - 30)
            img = render(label, label_size, colour)
            surface.blit(img, img.get_rect(topright=(pad_x - 16, y)))
            label, label_size = fitted(pad, size, split - pad_x - 16)
            surface.blit(render(label, label_size, colour), (pad_x, y))
            label, label_size = fitted(text, size, box.right - split - 16)
            surface.blit(render(label, label_size, colour), (split, y))
            y += line
