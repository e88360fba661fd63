"""Player settings and the last set-up, kept as JSON in the user's data folder."""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields

from .files import data_dir, write_json

log = logging.getLogger(__name__)


@dataclass
class Settings:
    bot_delay: float = 0.5
    anim_time: float = 0.2
    volume: float = 0.7
    muted: bool = False
    show_legal: bool = True
    show_coords: bool = True
    colour_aid: bool = False
    board_theme: str = "wood"
    language: str = "en"
    preset: str = "standard"
    last_seats: str = "h444444"
    last_blocs: list[str] = field(default_factory=list)

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings, or the defaults when there are none or the file is unreadable."""
        path = data_dir() / "settings.json"
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls()
        except (OSError, ValueError) as e:
            log.warning("settings file %s unreadable (%s); using defaults", path, e)
            return cls()
        s = cls()
        if isinstance(raw, dict):
            for f in fields(cls):
                if f.name in raw and isinstance(raw[f.name], type(getattr(s, f.name))):
                    setattr(s, f.name, raw[f.name])
        return s

    def save(self) -> bool:
        """Write atomically; False (and a logged warning) if the folder cannot be written."""
        try:
            write_json(data_dir() / "settings.json", asdict(self), indent=2)
            return True
        except OSError as e:
            log.warning("could not save settings: %s", e)
            return False
