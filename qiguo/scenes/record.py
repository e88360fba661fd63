"""Your record: per bot level (the strongest in each game), games, wins and average place; the
recent games, each opened for review. A damaged record file is said, never a crash."""
from __future__ import annotations

import functools
import time

import pygame

from qiguo.engine import KINGDOMS
from qiguo.play import record, saves
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, fitted, render
from qiguo.play.strings import kingdom_name, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, register

RECENT = 6
"""Recent games listed (newest first)."""


def game_label(entry: dict) -> str:
    """A recorded game in one line: when, who played it here, the outcome for them."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry["when"]))
    humans = [KINGDOMS.index(ch) for ch in entry["places"]]
    won = any(KINGDOMS[k] in entry["winners"] for k in humans)
    names = t("result.and").join(kingdom_name(k) for k in humans)
    place = min(entry["places"].values()) if entry["places"] else 0
    level = record.opponents(entry["seats"])
    against = t(f"level.{level}") if level else t("record.humans")
    outcome = t("record.won") if won else t("record.place", place=place)
    return t("record.game", when=when, names=names, against=against, outcome=outcome)


@register("record")
class RecordScene(ButtonScene):
    def __init__(self, app):
        super().__init__(app)
        self.problem = ""
        try:
            self.games = record.load()
        except record.RecordError as e:
            self.games, self.problem = [], t("record.damaged", why=str(e))
        self.rows = record.by_level(self.games)
        recent = list(reversed(self.games))[:RECENT]
        self.menu = ButtonColumn([Button(game_label(e), functools.partial(self.open, e)) for e in recent]
                                 + [Button(t("moment.back"), self.back)])

    def open(self, entry: dict) -> None:
        """A recorded game, for review from its first move to its last."""
        g = entry["game"]
        data = {"seats": entry["seats"], "rules": g.get("rules"), "blocs": g.get("blocs") or [],
                "start_qfen": g.get("start"), "moves": g.get("moves") or [], "seed": 0}
        try:
            match = saves.to_match(data, record.FILE, self.app.settings.bot_delay)
        except saves.SaveError as e:
            self.app.toast(str(e))
            return
        self.app.stack.push(self.app.scene("game", match, review=True))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("record.title"), h // 30) + 10
        width = min(900, w - 40)
        left = (w - width) // 2
        size = max(FLOOR, min(22, h // 36))
        if self.problem or not self.games:
            text, fsize = fitted(self.problem or t("record.none"), size, width)
            surface.blit(render(text, fsize, theme.WARN if self.problem else theme.TEXT_DIM), (left, y))
            y += fsize * 2
        if self.rows:
            xs = (0.0, 0.45, 0.63, 0.8)
            heads = (t("record.against"), t("record.games"), t("record.wins"), t("record.average"))
            for x, head in zip(xs, heads):
                text, fsize = fitted(head, size, int(width * 0.17) if x else int(width * 0.44))
                surface.blit(render(text, fsize, theme.TEXT_DIM), (left + x * width, y))
            y += int(size * 1.6)
            for row in self.rows:
                cells = (t(f"level.{row.level}") if row.level else t("record.humans"), str(row.games), str(row.wins),
                         f"{row.place:.1f}")
                for x, cell in zip(xs, cells):
                    text, fsize = fitted(cell, size, int(width * 0.17) if x else int(width * 0.44))
                    surface.blit(render(text, fsize, theme.TEXT), (left + x * width, y))
                y += int(size * 1.5)
            y += size
            text, fsize = fitted(t("record.recent"), size, width)
            surface.blit(render(text, fsize, theme.ACCENT), (left, y))
            y += int(size * 1.6)
        self.place_buttons(self.menu, y, h - 16, width, tallest=40)
        self.menu.draw(surface)
