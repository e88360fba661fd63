"""The in-game menu over the board: resume, restart, resign, quit to title."""
from __future__ import annotations

import pygame

from qiguo.ui import theme
from qiguo.ui.seats import HUMAN
from qiguo.ui.strings import kingdom_name, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import Scene


class MenuScene(Scene):
    overlay = True

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game_scene = game_scene
        match = game_scene.match
        k = match.game.turn
        can_resign = match.game.result is None and match.seats[k] == HUMAN
        self.menu = ButtonColumn([
            Button(t("menu.resume"), app.stack.pop),
            Button(t("menu.restart"), self.restart),
            Button(t("menu.resign", name=kingdom_name(k)), self.resign, enabled=can_resign),
            Button(t("menu.quit"), app.start_title),
        ])

    def restart(self) -> None:
        self.game_scene.restart()
        self.app.stack.pop()

    def resign(self) -> None:
        self.game_scene.resign(self.game_scene.match.game.turn)
        self.app.stack.pop()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        else:
            self.menu.process_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        bh = max(36, h // 16)
        box = pygame.Rect(0, 0, min(420, w - 40), bh * 7)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
        self.draw_title(surface, t("menu.title"), box.y + bh // 4)
        self.menu.layout(w // 2, box.y + int(bh * 1.6), box.width - 60, bh, bh // 4)
        self.menu.draw(surface)
