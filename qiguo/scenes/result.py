"""The result: who won and why (or, after the last human resigned, the standings so far), the
ranking with prisoners, losses and standing; review the game, rematch, new game, title."""
from __future__ import annotations

import pygame

from qiguo.engine import KINGDOMS
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, fit, fitted, line_height, render, wrap
from qiguo.play.finish_job import FinishJob
from qiguo.play.flow import Flow
from qiguo.play.match import BaseMatch
from qiguo.ui.panel import lost_pieces, player_text
from qiguo.play.strings import kingdom_glyph, kingdom_name, status_text, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, register

APART = 16
"""The least room, in pixels, between a cell's text and the next column's."""


@register("result")
class ResultScene(ButtonScene):
    def __init__(self, app, match: BaseMatch, finish: bool = False):
        super().__init__(app)
        self.match = match
        self.job: FinishJob | None = None
        """The rest of the game being played at once ("Finish now"), until it is done."""
        if finish and match.game.result is None and not match.networked:
            match.close()  # the bots stop: the job plays the rest
            self.job = FinishJob(match.game, match.seed)
        self._build()

    def _build(self) -> None:
        app, match = self.app, self.match
        finished = match.game.result is not None
        self.menu = ButtonColumn(([Button(t("result.review"), self.review)] if finished else
                                  [Button(t("resigned.watch"), self.watch)])
                                 + [Button(t("result.moments"), self.moments)]
                                 + [Button(t("result.rematch"), self.rematch),
                                    Button(t("result.new"), self.new_game),
                                    Button(t("result.title_button"), app.start_title)])

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        job.poll()
        if job.game is not None:  # finished: the game's end is the result, kept and recorded
            self.match.game = job.game
            Flow(self.match).keep()
            self.app.play_sound("victory")
        elif job.error:
            self.app.toast(t("out.finish_failed", why=job.error), 6.0)
        if not job.running:
            job.close()
            self.job = None
            self._build()

    def frame_key(self) -> object:
        return (super().frame_key(), self.job.ply if self.job else None, self.match.game.result)

    def watch(self) -> None:
        """Back to the game (the standings came before its end): the bots play on, unpaused."""
        self.match.bot_delay = 0.0
        self.app.stack.replace(self.app.scene("game", self.match))

    def review(self) -> None:
        self.app.stack.replace(self.app.scene("game", self.match, review=True))

    def moments(self) -> None:
        self.app.stack.push(self.app.scene("moments", self.match))

    def rematch(self) -> None:
        self.match.restart()
        self.app.stack.replace(self.app.scene("game", self.match))

    def new_game(self) -> None:
        """The set-up, starting from this game's seats."""
        self.app.start_title()
        self.app.stack.push(self.app.scene("setup", self.match))

    def back(self) -> None:
        """Esc: back to watching a game that goes on; the title after one that is over."""
        if self.match.game.result is None:
            self.watch()
        else:
            self.app.start_title()

    def leave(self) -> None:
        if self.job is not None:
            self.job.close()
            self.job = None
        self.match.close()

    def toast_area(self) -> pygame.Rect | None:
        """Messages ("Qin resigns") go above the buttons, never over them."""
        return self.above_buttons(self.menu.buttons)

    def headline(self) -> tuple[str, str]:
        result = self.match.game.result
        if result is None and self.job is not None:
            return t("result.standings"), t("out.finishing", ply=self.job.ply)
        if result is None:
            return t("result.standings"), t("result.goes_on")
        names = [kingdom_name(KINGDOMS.index(ch)) for ch in result.winners]
        who = t("result.and").join(names)
        title = t("result.title.many" if len(names) > 1 else "result.title.one", winners=who)
        return title, t(f"result.reason.{result.reason}")

    def draw(self, surface: pygame.Surface) -> None:
        g = self.match.game
        w, h = surface.get_size()
        head, why = self.headline()
        y = self.draw_title(surface, head, h // 30)
        text, size = fitted(why, max(16, min(28, h // 30)), w - 40)
        img = render(text, size, theme.ACCENT)
        surface.blit(img, img.get_rect(midtop=(w // 2, y + 4)))
        y += img.get_height() + h // 40
        bh = max(32, min(46, h // 18))
        buttons_top = h - bh - 16
        width = min(1000, w - 40)
        left = (w - width) // 2
        order = g.ranking()
        row_h = max(26, min(52, (buttons_top - 12 - y) // (len(order) + 1)))
        xs = [0.0, 0.07, 0.31, 0.47, 0.58, 0.68, 1.0]  # rank, kingdom, player, prisoners, losses, status
        rows = [[str(rank), kingdom_name(k), player_text(self.match.seats[k]), str(len(g.prisoners[k])),
                 str(lost_pieces(g, k)), status_text(g, k)] for rank, k in enumerate(order, 1)]
        heads = [t("result.rank"), t("result.kingdom"), t("result.player"), t("result.prisoners"),
                 t("result.losses"), t("result.status")]
        r = (row_h - 4) // 2 - 3
        room = [int((xs[i + 1] - xs[i]) * width) - (2 * r + 8 if i == 1 else 0) - APART for i in range(6)]
        want = max(FLOOR, min(24, int(row_h * 0.42)))
        size = max(FLOOR, min(fit(cell[i], want, room[i]) for cell in rows + [heads] for i in range(5)))
        # one size for the table, the largest at which the five short columns fit; a long status wraps
        for i, label in enumerate(heads):
            text, _ = fitted(label, size, room[i], size)
            surface.blit(render(text, size, theme.TEXT_DIM), (left + xs[i] * width + (2 * r + 8 if i == 1 else 0), y))
        y += row_h
        winners = g.result.winners if g.result else ""
        for k, cells in zip(order, rows):
            row = pygame.Rect(left - 6, y - 2, width + 12, row_h - 4)
            won = KINGDOMS[k] in winners
            pygame.draw.rect(surface, theme.PANEL_ACTIVE if won else theme.PANEL_ROW, row, border_radius=6)
            cx = left + xs[1] * width + r
            pygame.draw.circle(surface, theme.KINGDOM_FILL[k], (cx, row.centery), r)
            glyph = render(kingdom_glyph(k), max(FLOOR, int(r * 1.3)), theme.KINGDOM_INK[k])
            surface.blit(glyph, glyph.get_rect(center=(cx, row.centery)))
            for i, cell in enumerate(cells):
                x = left + xs[i] * width + (2 * r + 8 if i == 1 else 0)
                colour = theme.TEXT_DIM if i == 5 else theme.ACCENT if won else theme.TEXT
                lines, s = status_lines(cell, size, room[i], row.height) if i == 5 else ([cell], size)
                top = row.centery - len(lines) * line_height(s) // 2
                for n, line in enumerate(lines):
                    img = render(line, s, colour)
                    surface.blit(img, img.get_rect(midleft=(x, top + n * line_height(s) + line_height(s) // 2)))
            y += row_h
        n = len(self.menu.buttons)
        gap = 10
        across = min(w - 40, 260 * n + gap * (n - 1))
        self.menu.layout_row(pygame.Rect((w - across) // 2, buttons_top, across, bh), gap)
        self.menu.draw(surface)


def status_lines(text: str, size: int, width: int, height: int) -> tuple[list[str], int]:
    """A kingdom's status in the table's size, on two lines if it needs them; a little smaller
    only when two lines of that size do not fit the row (never under the floor, and cut short
    with an ellipsis only there)."""
    for s in range(size, FLOOR - 1, -1):
        lines = wrap(text, s, width)
        if len(lines) == 1 or (len(lines) == 2 and 2 * line_height(s) <= height):
            return lines, s
    return [fitted(text, FLOOR, width, FLOOR)[0]], FLOOR
