"""The result: who won and why, the ranking with prisoners and losses; rematch, new game, title."""
from __future__ import annotations

import pygame

from qiguo.engine import KINGDOMS
from qiguo.ui import theme
from qiguo.ui.fonts import fit, render
from qiguo.ui.match import Match
from qiguo.ui.panel import player_text
from qiguo.ui.strings import kingdom_glyph, kingdom_name, status_text, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene


class ResultScene(ButtonScene):
    def __init__(self, app, match: Match):
        super().__init__(app)
        self.match = match
        self.menu = ButtonColumn([
            Button(t("result.rematch"), self.rematch),
            Button(t("result.new"), self.new_game),
            Button(t("result.title_button"), app.start_title),
        ])

    def rematch(self) -> None:
        from .play import GameScene
        self.match.restart()
        self.app.stack.replace(GameScene(self.app, self.match))

    def new_game(self) -> None:
        from .setup import SetupScene
        self.app.start_title()
        self.app.stack.push(SetupScene(self.app))

    def back(self) -> None:
        self.app.start_title()

    def headline(self) -> tuple[str, str]:
        result = self.match.game.result
        names = [kingdom_name(KINGDOMS.index(ch)) for ch in result.winners]
        who = t("result.and").join(names)
        title = t("result.title.many" if len(names) > 1 else "result.title.one", winners=who)
        return title, t(f"result.reason.{result.reason}")

    def draw(self, surface: pygame.Surface) -> None:
        g = self.match.game
        if g.result is None:
            return
        w, h = surface.get_size()
        head, why = self.headline()
        y = self.draw_title(surface, head, h // 24)
        img = render(why, fit(why, max(16, h // 30), w - 40), theme.ACCENT)
        surface.blit(img, img.get_rect(midtop=(w // 2, y + 4)))
        y += img.get_height() + h // 30
        width = min(900, w - 40)
        left = (w - width) // 2
        row_h = max(26, min(52, (h - y - 200) // 8))
        size = max(12, int(row_h * 0.42))
        cols = [(t("result.rank"), 0.0), (t("result.kingdom"), 0.06), (t("result.player"), 0.30),
                (t("result.prisoners"), 0.46), (t("result.losses"), 0.58), (t("result.status"), 0.68)]
        for label, fx in cols:
            img = render(label, size, theme.TEXT_DIM)
            surface.blit(img, (left + fx * width, y))
        y += row_h
        for rank, letter in enumerate(g.result.ranking, 1):
            k = KINGDOMS.index(letter)
            row = pygame.Rect(left - 6, y - 2, width + 12, row_h - 4)
            won = letter in g.result.winners
            pygame.draw.rect(surface, theme.PANEL_ACTIVE if won else theme.PANEL_ROW, row, border_radius=6)
            r = row.height // 2 - 3
            cx = left + 0.06 * width + r
            pygame.draw.circle(surface, theme.KINGDOM_FILL[k], (cx, row.centery), r)
            glyph = render(kingdom_glyph(k), int(r * 1.3), theme.KINGDOM_INK[k])
            surface.blit(glyph, glyph.get_rect(center=(cx, row.centery)))
            cells = [(str(rank), 0.0), (kingdom_name(k), 0.06), (player_text(self.match.seats[k]), 0.30),
                     (str(g.score[k]), 0.46), (str(g.losses[k]), 0.58)]
            for text, fx in cells:
                x = left + fx * width + (2 * r + 8 if fx == 0.06 else 0)
                img = render(text, size, theme.ACCENT if won else theme.TEXT)
                surface.blit(img, img.get_rect(midleft=(x, row.centery)))
            status = status_text(g, k)
            img = render(status, fit(status, size, int(0.32 * width)), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(left + 0.68 * width, row.centery)))
            y += row_h
        bh = max(34, h // 18)
        self.menu.layout(w // 2, min(y + 16, h - 3 * (bh + 8) - 8), min(360, w - 40), bh, 8)
        self.menu.draw(surface)
