"""Player settings and the last set-up, kept as JSON in the user's data folder.

Every field is checked against its range when read: an invalid one falls back to its default,
the file is kept as settings.json.bad, and the cleaned settings are written in its place."""
from __future__ import annotations

import logging
import math
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Callable

from qiguo.ai import LEVELS
from qiguo.clock import ClockSpec, parse_clock
from qiguo.engine import KINGDOMS, PRESETS, EngineError, teams_for
from qiguo.names import TextError, clean, clean_code
from qiguo.net.protocol import LIMITS

from .files import data_dir, parse_json, read_text, set_aside, write_json
from .seats import parse_seats
from .catalogs import locale_names, system_language
from .catalogs import LANGUAGES

log = logging.getLogger(__name__)
FILE = "settings.json"


def _between(low: float, high: float) -> Callable[[Any], bool]:
    return lambda v: (isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                      and low <= v <= high)


def _clean_text(limit: int, cleaner: Callable[[str, int], str] = clean) -> Callable[[Any], bool]:
    """Typed text as the game keeps it: already clean (no control, format or surrogate
    characters, trimmed) and at most `limit` characters."""
    def check(v: Any) -> bool:
        try:
            return isinstance(v, str) and cleaner(v, limit) == v
        except TextError:
            return False
    return check


def _clock_ok(spec: str) -> bool:
    """A SPEC as the game writes it ("5d5", not " 5d5")."""
    try:
        return parse_clock(spec).text() == spec
    except ValueError:
        return False


def clock_of(spec: str) -> ClockSpec | None:
    """The clock a setting names (None: off, or a SPEC no longer valid)."""
    return parse_clock(spec) if spec and _clock_ok(spec) else None


def _flag(v: Any) -> bool:
    return isinstance(v, bool)


def _seats(v: Any) -> bool:
    try:
        parse_seats(v)
    except (TypeError, ValueError):
        return False
    return isinstance(v, str)


def _blocs(v: Any) -> bool:
    if not isinstance(v, list) or not all(isinstance(b, str) for b in v):
        return False
    try:
        teams_for(KINGDOMS, v)
    except EngineError:
        return False
    return True


STYLES = ("auto", "glyphs", "pictures")
"""How pieces are drawn: by language (pictures in English, glyphs in Chinese and Japanese), as
Chinese glyphs, or as pictures."""
BOARD_THEMES = ("wood", "slate")
"""The board themes (their colours are in qiguo.ui.theme.BOARDS)."""
BOT_DELAY_MAX = 10.0
"""The longest pause after a bot's move, in seconds (also the limit of --bot-delay)."""


@dataclass
class Settings:
    bot_delay: float = 0.5
    anim_time: float = 0.2
    volume: float = 0.7
    muted: bool = False
    show_legal: bool = True
    show_danger: bool = True
    show_coords: bool = True
    colour_aid: bool = False
    piece_style: str = "auto"
    board_theme: str = "wood"
    language: str = field(default_factory=lambda: system_language(locale_names()))
    preset: str = "standard"
    last_seats: str = "h333333"
    last_blocs: list[str] = field(default_factory=list)
    last_join_address: str = ""
    last_join_code: str = ""
    player_name: str = ""
    host_port: int = 0
    seat_wait: int = 60
    standin: str = "normal"
    danger_explained: bool = False
    """Whether the first game has said why pieces are in danger from the first move."""
    clock: str = ""
    """The default clock of a new game: a SPEC of :mod:`qiguo.clock` ("5d5", "3+2"), or "" for none."""
    turn_alert: bool = True
    """A sound when a human's turn comes after others moved."""
    hand_over: bool = True
    """In hot-seat, the next player's marks wait behind a "pass the computer" screen."""

    @classmethod
    def load(cls) -> tuple["Settings", list[str]]:
        """The saved settings and the names of the fields that were invalid (and are now back to
        their defaults; the file was then kept as settings.json.bad and written anew)."""
        s = cls()
        try:
            path = data_dir() / FILE
        except OSError:  # no data folder: said once at start, and nothing to read
            return s, []
        try:
            raw = parse_json(read_text(path, 64 * 1024))
        except FileNotFoundError:
            return s, []
        except (OSError, ValueError) as e:
            log.warning("settings file unreadable (%s); using defaults", e)
            raw = None
        if not isinstance(raw, dict):
            bad = ["settings.json"]
        else:
            bad = [f.name for f in fields(cls) if f.name in raw and not VALID[f.name](raw[f.name])]
            for f in fields(cls):
                if f.name in raw and f.name not in bad:
                    setattr(s, f.name, raw[f.name])
        if bad:
            set_aside(path)
            s.save()
        return s, bad

    def save(self) -> bool:
        """Write atomically; False (and a logged warning) if the folder cannot be written."""
        try:
            write_json(data_dir() / FILE, asdict(self), indent=2)
            return True
        except OSError as e:
            log.warning("could not save settings: %s", e)
            return False


VALID: dict[str, Callable[[Any], bool]] = {
    "bot_delay": _between(0.0, BOT_DELAY_MAX), "anim_time": _between(0.0, 2.0), "volume": _between(0.0, 1.0),
    "muted": _flag, "show_legal": _flag, "show_danger": _flag, "show_coords": _flag, "colour_aid": _flag,
    "piece_style": lambda v: isinstance(v, str) and v in STYLES,
    "board_theme": lambda v: isinstance(v, str) and v in BOARD_THEMES,
    "language": lambda v: isinstance(v, str) and v in LANGUAGES,
    "preset": lambda v: isinstance(v, str) and v in PRESETS,
    "last_seats": _seats, "last_blocs": _blocs,
    "last_join_address": _clean_text(80),
    "last_join_code": lambda v: v == "" or _clean_text(LIMITS["code"], clean_code)(v),
    "player_name": _clean_text(LIMITS["name"]),
    "host_port": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 65535,
    "seat_wait": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 3600,
    "standin": lambda v: isinstance(v, str) and v in LEVELS,
    "danger_explained": _flag,
    "clock": lambda v: isinstance(v, str) and (v == "" or _clock_ok(v)),
    "turn_alert": _flag,
    "hand_over": _flag,
}
"""What each field may hold; every field of Settings has a check (a test makes sure)."""
