"""Your record: the rating as a plot game by game (with the bot levels' ratings across it) and
what to play next; per bot level (the strongest in each game), games, wins and average place;
practice (puzzles, the daily puzzle, the exercises from your mistakes that are due); the recent
games, each opened for review. A damaged record or rating file is said, never a crash."""
from __future__ import annotations

import functools
import time

import pygame

from qiguo.engine import KINGDOMS
from qiguo.ai.ratings import bot_ratings
from qiguo.play import rating, record, saves
from qiguo.play.match import Match
from qiguo.play.practice import Practice, game_key, today
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, fitted, line_height, render, wrap
from qiguo.play.strings import kingdom_name, t, tn
from qiguo.ui.plot import draw_rating_plot
from qiguo.ui.widgets import Button, ButtonColumn

from .base import GAP, ButtonScene, button_height, register

RECENT = 4
"""Recent games listed (newest first)."""
PRACTICE = 3
"""The practice buttons come first in the menu: puzzles, the daily puzzle, the exercises."""


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
    flagged = [KINGDOMS.index(ch) for ch in entry.get("on_time", "") if ch in KINGDOMS]
    if flagged:  # "Qin lost on time"
        outcome += t("status.join") + t("record.on_time", names=t("result.and").join(kingdom_name(k) for k in flagged))
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
        try:
            self.history = rating.load()
        except rating.RatingError as e:
            self.history = []
            app.toast(t("record.rating.damaged", why=str(e)), 6.0)
        self.levels = [(t(f"level.{name}"), r.shown) for name, r in bot_ratings().items()]
        key, values = rating.suggestion(self.rows)
        self.suggestion = t(key, **{k: t(f"level.{v}") if k in ("level", "next") else v for k, v in values.items()})
        recent = list(reversed(self.games))[:RECENT]
        self.exercises = Button("", functools.partial(self.practise, "exercises"))
        self.heading = pygame.Rect(0, 0, 0, 0)
        """Where the recent games' heading was drawn (empty when there are none)."""
        self.revealed()
        self.menu = ButtonColumn([Button(t("record.puzzles"), functools.partial(self.practise, "puzzles")),
                                  Button(t("record.daily"), functools.partial(self.practise, "daily")), self.exercises]
                                 + [Button(game_label(e), functools.partial(self.open, e)) for e in recent]
                                 + [Button(t("moment.back"), self.back)])

    def revealed(self) -> None:
        """The exercises due, counted again (practice may have just done some). With none due,
        the button looks for mistakes in the last game recorded (its key moments, which can
        be practised), rather than standing greyed out after a game, unless they were looked
        through already."""
        practice = Practice.load()
        due = len(practice.due(today()))
        button = self.exercises
        if not due and self.games and game_key(self.games[-1]["game"]) not in practice.reviewed:
            button.label, button.enabled = t("record.exercises.find"), True
            button.action = functools.partial(self.moments, self.games[-1])
        else:
            button.label, button.enabled = tn("record.exercises", due), due > 0
            button.action = functools.partial(self.practise, "exercises")

    def practise(self, mode: str) -> None:
        self.app.stack.push(self.app.scene("practice", mode))

    def open(self, entry: dict) -> None:
        """A recorded game, for review from its first move to its last."""
        match = self.match_of(entry)
        if match is not None:
            self.app.stack.push(self.app.scene("game", match, review=True))

    def moments(self, entry: dict) -> None:
        """The key moments of a recorded game (the player's own moves), to practise."""
        match = self.match_of(entry)
        if match is not None:
            self.app.stack.push(self.app.scene("moments", match))

    def match_of(self, entry: dict) -> Match | None:
        """A recorded game as a match at its last move (None, said, when it cannot be read)."""
        g = entry["game"]
        data = {"seats": entry["seats"], "rules": g.get("rules"), "blocs": g.get("blocs") or [],
                "start_qfen": g.get("start"), "moves": g.get("moves") or [], "seed": 0}
        try:
            return saves.to_match(data, record.FILE, self.app.settings.bot_delay)
        except saves.SaveError as e:
            self.app.toast(str(e))
            return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("record.title"), h // 60) + 6
        width = min(900, w - 40)
        left = (w - width) // 2
        size = max(FLOOR, min(22, h // 40))
        y = self.draw_rating(surface, left, y, width, size, h)
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
            note = max(FLOOR, size - 6)
            for part in wrap(t("record.columns"), note, width):
                surface.blit(render(part, note, theme.TEXT_DIM), (left, y))
                y += line_height(note)
            y += size // 2
        self.place_menu(surface, y, h - 16, left, width, size)
        self.menu.draw(surface)

    def place_menu(self, surface: pygame.Surface, top: int, bottom: int, left: int, width: int, size: int) -> None:
        """The practice buttons, then the recent games under their heading (when there are
        any), then Back: one column of buttons for the keys, laid out in two parts."""
        practice, games = ButtonColumn(self.menu.buttons[:PRACTICE]), ButtonColumn(self.menu.buttons[PRACTICE:])
        head = int(size * 1.8) if len(games.buttons) > 1 else 0
        height = button_height(bottom - top - head, len(self.menu.buttons), 40)
        y = self.place_buttons(practice, top, top + PRACTICE * (height + GAP) - GAP, width, tallest=height)
        self.heading = pygame.Rect(left, y, 0, 0)
        if head:
            text, fsize = fitted(t("record.recent"), size, width)
            img = render(text, fsize, theme.ACCENT)
            self.heading = surface.blit(img, (left, y + (head - img.get_height()) // 2))
        self.place_buttons(games, y + max(head, GAP), bottom, width, tallest=height)
        for button in games.buttons[:-1]:  # recent games past the window's bottom wait for a taller window
            button.shown = button.rect.bottom <= bottom

    def draw_rating(self, surface: pygame.Surface, left: int, y: int, width: int, size: int, h: int) -> int:
        """The rating in words, its plot and the suggestion; returns the y below them."""
        if self.history:
            now = self.history[-1].rating
            low, high = now.interval
            line = tn("record.rating", len(self.history), rating=now.shown, low=low, high=high)
        else:
            line = t("record.rating.none")
        for text, colour in ((line, theme.ACCENT), (self.suggestion, theme.TEXT)):
            text, fsize = fitted(text, size, width)
            surface.blit(render(text, fsize, colour), (left, y))
            y += int(fsize * 1.4)
        if self.history:
            plot = pygame.Rect(left, y + 2, width, max(70, int(h * 0.2)))
            points = [(p.rating.shown, *p.rating.interval) for p in self.history]
            played = frozenset(t(f"level.{row.level}") for row in self.rows if row.level)
            draw_rating_plot(surface, plot, points, self.levels, size, played)
            y = plot.bottom + 8
        return y
