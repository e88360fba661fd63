"""The title: quick practice, new game, rules, settings, quit."""
from __future__ import annotations

import pygame

from qiguo.play import hosting, saves
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, fitted, line_height, render
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.settings import clock_of
from qiguo.play.strings import language, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, register

QUICK_SEATS = "h333333"
MIN_BUTTON, MIN_HEADING = 30, 24
"""The title's smallest button height and heading size, in pixels."""


@register("title")
class TitleScene(ButtonScene):
    def __init__(self, app):
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        """The buttons, in the current language (rebuilt when it changes)."""
        app = self.app
        self.language = language()
        self.saved, problem = saves.continuable()
        if problem:
            app.toast(t("title.autosave_refused", why=problem), 8.0)
        finished = bool(self.saved and self.saved.get("result"))
        first = [Button(t("title.review" if finished else "title.continue"), self.resume)] if self.saved else []
        self.hosted = hosting.resumable()
        if self.hosted is not None:
            first.append(Button(t("title.continue_host"), self.continue_hosting))
        self.menu = ButtonColumn(first + [
            Button(t("title.quick"), self.quick),
            Button(t("title.new"), self.new_game),
            Button(t("title.learn"), self.learn),
            Button(t("title.puzzles"), self.puzzles),
            Button(t("title.join"), self.join),
            Button(t("title.load"), self.load),
            Button(t("title.record"), self.record),
            Button(t("title.rules"), self.rules),
            Button(t("title.settings"), self.settings),
            Button(t("title.quit"), app.quit),
        ])

    def quick(self) -> None:
        s = self.app.settings
        match = Match(parse_seats(QUICK_SEATS), s.preset, seed=self.app.seed, bot_delay=s.bot_delay,
                      clock=clock_of(s.clock))
        self.app.stack.push(self.app.scene("game", match))

    def resume(self) -> None:
        if self.saved is None:
            return
        try:
            match = saves.to_match(self.saved, "the autosave", self.app.settings.bot_delay)
        except saves.SaveError as e:
            self.app.toast(str(e))
            return
        self.app.stack.push(self.app.scene("game", match, review=match.game.result is not None))

    def load(self) -> None:
        self.app.stack.push(self.app.scene("load"))

    def new_game(self) -> None:
        self.app.stack.push(self.app.scene("setup"))

    def join(self) -> None:
        self.app.stack.push(self.app.scene("join"))

    def continue_hosting(self) -> None:
        """Serve the kept network game again (same code and seats); the others join again."""
        s = self.app.settings
        if self.hosted is None:
            return
        try:
            server, link = hosting.start(self.hosted, s.host_port, s.bot_delay, s.player_name)
        except OSError as e:
            self.app.toast(t("net.host_failed", why=e.strerror or e))
            return
        self.app.stack.push(self.app.scene("join", link=link, server=server))

    def record(self) -> None:
        self.app.stack.push(self.app.scene("record"))

    def puzzles(self) -> None:
        self.app.stack.push(self.app.scene("practice", "puzzles"))

    def learn(self) -> None:
        self.app.stack.push(self.app.scene("tutorial"))

    def rules(self) -> None:
        self.app.stack.push(self.app.scene("rules"))

    def settings(self) -> None:
        self.app.stack.push(self.app.scene("settings"))

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the subtitle, and the buttons; under Quick practice, what it is."""
        if self.language != language():
            self._build()
        w, h = surface.get_size()
        tag_size = max(FLOOR, min(18, h // 48))
        tag_h = line_height(tag_size) + 4
        n, gap = len(self.menu.buttons), 8
        text, size = fitted(t("title.subtitle"), max(16, min(30, h // 32)), w - 40)
        sub = render(text, size, theme.TEXT_DIM)
        # the heading gives way when a kept game adds buttons: every button stays in the window
        room = h - 16 - tag_h - n * (MIN_BUTTON + gap) - h // 24 - sub.get_height() - h // 40
        big_size = max(40, min(140, h // 8))
        big_size = max(MIN_HEADING, min(big_size, big_size * room // line_height(big_size)))
        big = render(t("title.cjk"), big_size, theme.ACCENT)
        surface.blit(big, big.get_rect(midtop=(w // 2, h // 24)))
        y = h // 24 + big.get_height()
        surface.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        y += sub.get_height() + h // 40
        bh = max(MIN_BUTTON, min(56, (h - 16 - y - tag_h) // n - gap))
        width = min(440, w - 80)
        for b in self.menu.buttons:
            b.rect = pygame.Rect((w - width) // 2, y, width, bh)
            y += bh + gap
            if b.action == self.quick:  # say what Quick practice is, right under it
                text, size = fitted(t("title.quick.hint"), tag_size, width)
                img = render(text, size, theme.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(w // 2, y - gap + 2)))
                y += tag_h
        self.menu.draw(surface)
