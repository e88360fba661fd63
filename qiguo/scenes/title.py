"""The title: quick practice, new game, rules, settings, quit."""
from __future__ import annotations

import pygame

from qiguo.ui import saves, theme
from qiguo.ui.fonts import fit, render
from qiguo.ui.match import Match
from qiguo.ui.seats import parse_seats
from qiguo.ui.strings import TITLE_CJK, language, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene

QUICK_SEATS = "h333333"


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
        self.menu = ButtonColumn(first + [
            Button(t("title.quick"), self.quick),
            Button(t("title.new"), self.new_game),
            Button(t("title.learn"), self.learn),
            Button(t("title.load"), self.load),
            Button(t("title.rules"), self.rules),
            Button(t("title.settings"), self.settings),
            Button(t("title.quit"), app.quit),
        ])

    def quick(self) -> None:
        from .play import GameScene
        s = self.app.settings
        match = Match(parse_seats(QUICK_SEATS), s.preset, seed=self.app.seed, bot_delay=s.bot_delay)
        self.app.stack.push(GameScene(self.app, match))

    def resume(self) -> None:
        from .play import GameScene
        try:
            match = saves.to_match(self.saved, "the autosave", self.app.settings.bot_delay)
        except saves.SaveError as e:
            self.app.toast(str(e))
            return
        self.app.stack.push(GameScene(self.app, match, review=match.game.result is not None))

    def load(self) -> None:
        from .load import LoadScene
        self.app.stack.push(LoadScene(self.app))

    def new_game(self) -> None:
        from .setup import SetupScene
        self.app.stack.push(SetupScene(self.app))

    def learn(self) -> None:
        from .tutorial import TutorialScene
        self.app.stack.push(TutorialScene(self.app))

    def rules(self) -> None:
        from .rules import RulesScene
        self.app.stack.push(RulesScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene
        self.app.stack.push(SettingsScene(self.app))

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        if self.language != language():
            self._build()
        w, h = surface.get_size()
        big = render(TITLE_CJK, max(40, h // 7), theme.ACCENT)
        surface.blit(big, big.get_rect(midtop=(w // 2, h // 12)))
        y = h // 12 + big.get_height()
        sub = render(t("title.subtitle"), fit(t("title.subtitle"), max(16, h // 30), w - 40), theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        n = len(self.menu.buttons)
        bh = max(30, min(h // 14, (h - y - sub.get_height() - 60) // (n + (n - 1) // 3 + 1)))
        bottom = self.menu.layout(w // 2, y + sub.get_height() + h // 24, min(420, w - 80), bh, bh // 3)
        self.menu.draw(surface)
        hint = render(t("title.quick.hint"), max(12, h // 50), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midtop=(w // 2, min(bottom, h - hint.get_height() - 30))))
