"""The saved games, newest first; a click loads one (unreadable ones say why)."""
from __future__ import annotations

import pygame

from qiguo.ui import saves, theme
from qiguo.ui.fonts import fit, render
from qiguo.ui.strings import t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene

SHOWN = 10


class LoadScene(ButtonScene):
    def __init__(self, app):
        super().__init__(app)
        self.listings = saves.list_saves()
        self.menu = ButtonColumn(
            [Button(x.summary, lambda x=x: self.open(x), enabled=x.data is not None) for x in self.listings[:SHOWN]]
            + [Button(t("load.back"), app.stack.pop)])

    def open(self, listing: saves.Listing) -> None:
        from .play import GameScene
        try:
            match = saves.to_match(listing.data, listing.path.name, self.app.settings.bot_delay)
        except saves.SaveError as e:
            self.app.toast(str(e))
            return
        self.app.stack.replace(GameScene(self.app, match))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("load.title"), h // 20) + h // 30
        if not self.listings:
            msg = t("load.none")
            img = render(msg, fit(msg, max(14, h // 36), w - 40), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() + 20
        bh = max(28, min(h // 16, (h - y - 20) // (len(self.menu.buttons) + 1)))
        self.menu.layout(w // 2, y, min(760, w - 40), bh, max(4, bh // 5))
        self.menu.draw(surface)
