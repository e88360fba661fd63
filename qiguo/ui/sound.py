"""Sound effects: loaded once, played at the set volume; silent when there is no audio device."""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

SOUND_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"
NAMES = ("move", "capture", "general", "defeat", "turn", "victory")


class Sounds:
    """The game's effects. Every method is safe to call without a working audio device."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in NAMES:
                self.sounds[name] = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.wav"))
        except (pygame.error, FileNotFoundError) as e:
            log.info("no sound (%s); the game runs silently", e)
            self.sounds = {}

    @property
    def available(self) -> bool:
        return bool(self.sounds)

    def play(self, name: str, volume: float, muted: bool) -> None:
        sound = self.sounds.get(name)
        if sound is None or muted or volume <= 0:
            return
        try:
            sound.set_volume(max(0.0, min(1.0, volume)))
            sound.play()
        except pygame.error:
            pass
