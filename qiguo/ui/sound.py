"""Sound effects: loaded once, played at the set volume; silent when there is no audio device."""
from __future__ import annotations

import contextlib
import logging
import os
from typing import Iterator
import pygame

from qiguo.assets import asset

log = logging.getLogger(__name__)

SOUND_DIR = asset("sounds")
NAMES = ("move", "capture", "general", "defeat", "turn", "victory", "alert", "tick")


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Send the process's C-level stderr to /dev/null for the duration (best effort)."""
    try:
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


class Sounds:
    """The game's effects. Every method is safe to call without a working audio device."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():  # ALSA writes its own complaints when there is no device
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
