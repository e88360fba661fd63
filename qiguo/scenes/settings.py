"""Settings: bot pause, animation time, legal-move hints, coordinates, default rules, and for
network games the player's name, the seat wait and the stand-in bot."""
from __future__ import annotations

import pygame

from qiguo.engine import PRESETS
from qiguo.net.protocol import LIMITS
from qiguo.ui import theme
from qiguo.play.settings import STYLES
from qiguo.ui.piece_art import style_for
from qiguo.play.catalogs import LANGUAGES
from qiguo.play.strings import set_language, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, register


def style_label(style: str, language: str) -> str:
    """The piece style in words; "automatic" says which style it gives in this language."""
    if style == "auto":
        return t("style.auto", value=t(f"style.{style_for(style, language)}"))
    return t(f"style.{style}")

BOT_DELAYS = (0.0, 0.25, 0.5, 1.0, 2.0)
VOLUMES = (0.0, 0.25, 0.5, 0.7, 1.0)
ANIM_TIMES = (0.0, 0.1, 0.2, 0.35)
SEAT_WAITS = (15, 30, 60, 120, 300)


def _next(values: tuple, current) -> object:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


@register("settings")
class SettingsScene(ButtonScene):
    def __init__(self, app):
        super().__init__(app)
        self.unsaved_said = False
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        onoff = {True: t("on"), False: t("off")}
        focus = self.menu.focus if hasattr(self, "menu") else 0
        self.menu = ButtonColumn([
            Button(t("settings.bot_delay", value=s.bot_delay), lambda: self.change("bot_delay", BOT_DELAYS)),
            Button(t("settings.anim", value=s.anim_time), lambda: self.change("anim_time", ANIM_TIMES)),
            Button(t("settings.volume", value=round(s.volume * 100)), lambda: self.change("volume", VOLUMES)),
            Button(t("settings.legal", value=onoff[s.show_legal]), lambda: self.change("show_legal", (True, False))),
            Button(t("settings.danger", value=onoff[s.show_danger]),
                   lambda: self.change("show_danger", (True, False))),
            Button(t("settings.coords", value=onoff[s.show_coords]), lambda: self.change("show_coords", (True, False))),
            Button(t("settings.aid", value=onoff[s.colour_aid]), lambda: self.change("colour_aid", (False, True))),
            Button(t("settings.style", value=style_label(s.piece_style, s.language)),
                   lambda: self.change("piece_style", STYLES)),
            Button(t("settings.theme", value=t(f"theme.{s.board_theme}")),
                   lambda: self.change("board_theme", tuple(theme.BOARDS))),
            Button(t("settings.preset", value=t(f"preset.{s.preset}")), lambda: self.change("preset", tuple(PRESETS))),
            Button(t("settings.language", value=LANGUAGES.get(s.language, LANGUAGES["en"])),
                   lambda: self.change("language", tuple(LANGUAGES))),
            Button(t("settings.name", value=s.player_name or "—"), self.ask_name),
            Button(t("settings.seat_wait", value=s.seat_wait), lambda: self.change("seat_wait", SEAT_WAITS)),
            Button(t("settings.standin", value=t(f"level.{s.standin}")),
                   lambda: self.change("standin", ("easy", "normal", "hard"))),
            Button(t("settings.back"), self.back),
        ])
        self.menu.focus = focus

    def change(self, name: str, values: tuple) -> None:
        """Change a setting: it applies at once and is written at once."""
        setattr(self.app.settings, name, _next(values, getattr(self.app.settings, name)))
        set_language(self.app.settings.language)
        self._build()
        if not self.app.settings.save() and not self.unsaved_said:
            self.unsaved_said = True
            self.app.toast(t("settings.unsaved"))

    def ask_name(self) -> None:
        """The name the other players see in a network game, typed in a box."""
        self.app.stack.push(self.app.scene("name_entry", t("settings.name.title"), self.app.settings.player_name,
                                      self.set_name, limit=LIMITS["name"]))

    def set_name(self, name: str) -> None:
        self.change("player_name", (name,))

    def back(self) -> None:
        self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("settings.title"), h // 24) + h // 30
        self.place_buttons(self.menu, y, h - 16, min(520, w - 40))
        self.menu.draw(surface)
