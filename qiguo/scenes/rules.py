"""The rules: the board, each piece with a diagram the engine computes, defeat and victory,
the start position, and the options of the active preset. Scrolls with the wheel or keys."""
from __future__ import annotations

import pygame

from qiguo.engine import KIND_GLYPHS, KINDS, KINGDOMS, SIZE, Game, Rules
from qiguo.ui import diagrams, theme
from qiguo.ui.fonts import fit, render, wrap
from qiguo.ui.strings import rules_text, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import Scene


class RulesScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.menu = ButtonColumn([Button(t("rules.back"), app.stack.pop)])
        self.scroll = 0
        self.rules = Rules.make(app.settings.preset)
        self.diagrams = diagrams.all_diagrams(self.rules)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.stack.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 60)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 80 if event.key == pygame.K_DOWN else 400
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (80 if event.key == pygame.K_UP else 400))
        else:
            self.menu.process_event(event)

    def frame_key(self) -> object:
        return (self.scroll, pygame.mouse.get_pos())

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        top = self.draw_title(surface, t("rules.title"), 10) + 6
        bh = max(32, h // 20)
        bottom = h - bh - 24
        surface.set_clip(pygame.Rect(0, top, w, bottom - top))
        size = max(13, min(20, h // 46))
        y = top - self.scroll
        x0, width = 30, w - 60
        for heading, lines in rules_text()[:1]:
            y = self._section(surface, heading, lines, x0, y, width, size)
        y = self._pieces(surface, x0, y, width, size)
        for heading, lines in rules_text()[2:]:
            y = self._section(surface, heading, lines, x0, y, width, size)
        y = self._start_and_options(surface, x0, y, width, size)
        surface.set_clip(None)
        content = y + self.scroll - top
        self.scroll = min(self.scroll, max(0, content - (bottom - top)))
        self.menu.layout(w // 2, h - bh - 12, min(300, w - 40), bh, 0)
        self.menu.draw(surface)

    def _section(self, surface, heading, lines, x, y, width, size) -> int:
        img = render(heading, int(size * 1.3), theme.ACCENT)
        surface.blit(img, (x, y))
        y += img.get_height() + 4
        for line in lines:
            img = render(line, fit(line, size, width - 10), theme.TEXT)
            surface.blit(img, (x + 10, y))
            y += img.get_height() + 2
        return y + size

    def _pieces(self, surface, x, y, width, size) -> int:
        img = render(rules_text()[1][0], int(size * 1.3), theme.ACCENT)
        surface.blit(img, (x, y))
        y += img.get_height() + 6
        cell = max(7, min(15, width // 70))
        card_w = max(cell * 11 + 200, width // 3)
        cols = max(1, width // card_w)
        card_w = width // cols
        card_h = cell * 11 + 12
        for i, d in enumerate(self.diagrams):
            cx, cy = x + (i % cols) * card_w, y + (i // cols) * card_h
            self._diagram(surface, d, cx, cy, cell)
            kind = KINDS.index(d.piece) + 1
            tx = cx + cell * 11 + 12
            label = t(f"piece.{d.piece}")
            name = (label if label.startswith(KIND_GLYPHS[kind]) else f"{KIND_GLYPHS[kind]}  {label}") + (
                f" ({t('diagram.' + d.caption)})" if d.caption else "")
            img = render(name, fit(name, int(size * 1.1), card_w - (tx - cx) - 8), theme.TEXT)
            surface.blit(img, (tx, cy + 2))
            text = t(f"piece.{d.piece}.{d.caption}" if d.caption else f"piece.{d.piece}.desc")
            ly = cy + img.get_height() + 6
            for line in wrap(text, size - 2, card_w - (tx - cx) - 10):
                surface.blit(render(line, size - 2, theme.TEXT_DIM), (tx, ly))
                ly += size + 2
        rows = (len(self.diagrams) + cols - 1) // cols
        return y + rows * card_h + size

    def _diagram(self, surface, d: diagrams.Diagram, x, y, cell) -> None:
        rect = pygame.Rect(x, y, cell * 11, cell * 11)
        colours = theme.BOARDS[self.app.settings.board_theme if self.app.settings.board_theme in theme.BOARDS else "wood"]
        pygame.draw.rect(surface, colours["board"], rect, border_radius=4)
        for i in range(11):
            p = i * cell + cell // 2
            pygame.draw.line(surface, colours["grid"], (x + cell // 2, y + p), (rect.right - cell // 2, y + p))
            pygame.draw.line(surface, colours["grid"], (x + p, y + cell // 2), (x + p, rect.bottom - cell // 2))

        def at(sq: int) -> tuple[int, int]:
            return (x + (sq % SIZE - diagrams.LEFT) * cell + cell // 2,
                    y + (diagrams.BOTTOM + 10 - sq // SIZE) * cell + cell // 2)
        for sq in d.moves:
            pygame.draw.circle(surface, theme.MOVE_DOT, at(sq), max(2, cell // 4))
        for sq, tok in d.pieces.items():
            if tok == "Z":
                fill = theme.ZHOU_FILL
            else:
                fill = theme.KINGDOM_FILL[KINGDOMS.index(tok[0])]
            pygame.draw.circle(surface, fill, at(sq), cell // 2 - 1)
            pygame.draw.circle(surface, (30, 30, 30), at(sq), cell // 2 - 1, 1)
            if sq == diagrams.CENTRE:
                pygame.draw.circle(surface, theme.SELECT, at(sq), cell // 2 + 1, 2)
        for sq in d.captures:
            pygame.draw.circle(surface, theme.CAPTURE_RING, at(sq), cell // 2 + 1, 2)

    def _start_and_options(self, surface, x, y, width, size) -> int:
        img = render(t("rules.start"), int(size * 1.3), theme.ACCENT)
        surface.blit(img, (x, y))
        y += img.get_height() + 6
        cell = max(6, min(12, width // 80))
        pygame.draw.rect(surface, theme.BOARDS["wood"]["board"], pygame.Rect(x, y, cell * SIZE, cell * SIZE), border_radius=4)
        for sq, p in Game.new().occupied():
            if p:
                colour = theme.ZHOU_FILL if p.is_zhou else theme.KINGDOM_FILL[p.kingdom]
                pygame.draw.circle(surface, colour, (x + (sq % SIZE) * cell + cell // 2,
                                                     y + (SIZE - 1 - sq // SIZE) * cell + cell // 2), cell // 2)
        ox = x + cell * SIZE + 30
        head = t("rules.options", preset=t(f"preset.{self.rules.preset}"))
        img = render(head, size, theme.TEXT)
        surface.blit(img, (ox, y))
        oy = y + img.get_height() + 4
        for name, value in self.rules.options().items():
            if name == "preset":
                continue
            img = render(f"{name} = {value}", size - 2, theme.TEXT_DIM)
            surface.blit(img, (ox + 10, oy))
            oy += size + 1
        return max(y + cell * SIZE, oy) + size
