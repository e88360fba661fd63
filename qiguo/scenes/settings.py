"""Settings: bot pause, animation time, legal-move hints, coordinates, default rules, and for
network games the player's name, the seat wait and the stand-in bot."""
from __future__ import annotations

import functools

import pygame

from qiguo.clock import PRESETS as CLOCK_PRESETS, parse_clock
from qiguo.engine import PRESETS
from qiguo.net.protocol import LIMITS
from qiguo.ui import theme
from qiguo.play.settings import STYLES
from qiguo.ui.piece_art import style_for
from qiguo.play.catalogs import LANGUAGES
from qiguo.play.strings import clock_words, set_language, t
from qiguo.ui.fonts import FLOOR, line_height, render, wrap
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, hovered, register


def style_label(style: str, language: str) -> str:
    """The piece style in words; "automatic" says which style it gives in this language."""
    if style == "auto":
        return t("style.auto", value=t(f"style.{style_for(style, language)}"))
    return t(f"style.{style}")

BOT_DELAYS = (0.0, 0.25, 0.5, 1.0, 2.0)
VOLUMES = (0.0, 0.25, 0.5, 0.7, 1.0)
ANIM_TIMES = (0.0, 0.1, 0.2, 0.35)
SEAT_WAITS = (15, 30, 60, 120, 300)
STANDINS = ("easy", "normal", "hard")
CUSTOM = "custom"
"""The clock choice that asks for a SPEC of one's own."""


def choice_label(name: str, value: object) -> str:
    """One choice of a setting in words, as its list of choices shows it."""
    if isinstance(value, bool):
        return t("on") if value else t("off")
    if name in ("bot_delay", "anim_time", "seat_wait"):
        return t("settings.seconds", value=value)
    if name == "volume":
        return f"{round(float(value) * 100)}%"  # type: ignore[arg-type]
    if name == "piece_style":
        return t(f"style.{value}") if value != "auto" else t("style.auto.short")
    if name == "board_theme":
        return t(f"theme.{value}")
    if name == "preset":
        return t(f"preset.{value}")
    if name == "language":
        return LANGUAGES.get(str(value), str(value))
    if name == "standin":
        return t(f"level.{value}")
    if name == "clock":
        return t("clock.custom") if value == CUSTOM else clock_words(str(value))
    return str(value)


def _next(values: tuple, current) -> object:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


@register("settings")
class SettingsScene(ButtonScene):
    def __init__(self, app):
        super().__init__(app)
        self.unsaved_said = False
        self._build()

    def choices(self) -> list[tuple[str, tuple, str]]:
        """Each setting the screen cycles through: (its name, its choices, its button's words)."""
        s = self.app.settings
        onoff = {True: t("on"), False: t("off")}
        return [
            ("bot_delay", BOT_DELAYS, t("settings.bot_delay", value=s.bot_delay)),
            ("anim_time", ANIM_TIMES, t("settings.anim", value=s.anim_time)),
            ("volume", VOLUMES, t("settings.volume", value=round(s.volume * 100))),
            ("show_legal", (True, False), t("settings.legal", value=onoff[s.show_legal])),
            ("show_danger", (True, False), t("settings.danger", value=onoff[s.show_danger])),
            ("show_coords", (True, False), t("settings.coords", value=onoff[s.show_coords])),
            ("colour_aid", (False, True), t("settings.aid", value=onoff[s.colour_aid])),
            ("piece_style", STYLES, t("settings.style", value=style_label(s.piece_style, s.language))),
            ("board_theme", tuple(theme.BOARDS), t("settings.theme", value=t(f"theme.{s.board_theme}"))),
            ("preset", tuple(PRESETS), t("settings.preset", value=t(f"preset.{s.preset}"))),
            ("clock", ("",) + CLOCK_PRESETS + (CUSTOM,), t("settings.clock", value=clock_words(s.clock))),
            ("turn_alert", (True, False), t("settings.turn_alert", value=onoff[s.turn_alert])),
            ("hand_over", (True, False), t("settings.hand_over", value=onoff[s.hand_over])),
            ("language", tuple(LANGUAGES), t("settings.language", value=LANGUAGES.get(s.language, LANGUAGES["en"]))),
            ("player_name", (), t("settings.name", value=s.player_name or "—")),
            ("seat_wait", SEAT_WAITS, t("settings.seat_wait", value=s.seat_wait)),
            ("standin", STANDINS, t("settings.standin", value=t(f"level.{s.standin}"))),
        ]

    def _build(self) -> None:
        focus = self.menu.focus if hasattr(self, "menu") else 0
        self.rows = self.choices()
        self.menu = ButtonColumn(
            [Button(words, self.ask_name if name == "player_name" else functools.partial(self.change, name, values))
             for name, values, words in self.rows] + [Button(t("settings.back"), self.back)])
        self.menu.focus = focus

    def explained(self) -> int:
        """The setting whose explanation is shown: the one under the pointer, else the focused one."""
        over = hovered(self.menu.buttons)
        return over if over >= 0 else self.menu.focus

    def explanation(self, i: int) -> str:
        """What setting i does, and its choices with the one in use marked ("" for Back)."""
        if i >= len(self.rows):
            return ""
        name, values, _ = self.rows[i]
        current = getattr(self.app.settings, name)
        said = "  ·  ".join(f"[{choice_label(name, v)}]" if v == current else choice_label(name, v) for v in values)
        return t(f"settings.help.{name}") + (("\n" + t("settings.choices", choices=said)) if said else "")

    def frame_key(self) -> object:
        return (super().frame_key(), self.explained())

    def change(self, name: str, values: tuple) -> None:
        """Change a setting: it applies at once and is written at once (a custom clock is typed)."""
        value = _next(values, getattr(self.app.settings, name))
        if value == CUSTOM:
            self.app.stack.push(self.app.scene("name_entry", t("clock.custom.title"), self.app.settings.clock or "5d5",
                                               self.set_clock, limit=12))
            return
        setattr(self.app.settings, name, value)
        set_language(self.app.settings.language)
        self._build()
        if not self.app.settings.save() and not self.unsaved_said:
            self.unsaved_said = True
            self.app.toast(t("settings.unsaved"))

    def ask_name(self) -> None:
        """The name the other players see in a network game, typed in a box."""
        self.app.stack.push(self.app.scene("name_entry", t("settings.name.title"), self.app.settings.player_name,
                                      self.set_name, limit=LIMITS["name"]))

    def set_clock(self, spec: str) -> None:
        try:
            written = parse_clock(spec).text()
        except ValueError as e:
            self.app.toast(t("clock.bad", why=e), 6.0)
            return
        self.change("clock", (written,))

    def set_name(self, name: str) -> None:
        self.change("player_name", (name,))

    def back(self) -> None:
        self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("settings.title"), h // 24) + h // 30
        size = max(FLOOR, min(18, h // 45))
        help_h = 3 * (line_height(size) + 2) + 12
        self.place_buttons(self.menu, y, h - 16 - help_h, min(520, w - 40))
        self.menu.draw(surface)
        text = self.explanation(self.explained())
        box = pygame.Rect(20, h - 8 - help_h, w - 40, help_h)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        y = box.y + 6
        for n, part in enumerate(text.split("\n")):  # what it does, then its choices
            for line in wrap(part, size, box.width - 24):
                if y + line_height(size) > box.bottom:
                    break
                surface.blit(render(line, size, theme.TEXT if n == 0 else theme.TEXT_DIM), (box.x + 12, y))
                y += line_height(size) + 2
