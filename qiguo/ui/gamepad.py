"""Game controllers, hot-plugged: each one plugged in is opened with pygame-ce's controller API,
and its buttons, left stick and right trigger become the key presses they stand for
(:data:`qiguo.ui.keymap.PAD`), so every screen that takes keys takes a controller too."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

import pygame
from pygame._sdl2 import controller

from . import keymap

log = logging.getLogger(__name__)

PRESSED = 16384
"""How far a stick or trigger must go (of 32767) to count."""
REPEAT_AFTER, REPEAT_EVERY = 0.35, 0.12
"""A stick held in one direction moves again after this many seconds, then this often."""
BUTTONS = {button: chord for button, _, chord in keymap.PAD}
STICK = {(pygame.CONTROLLER_AXIS_LEFTX, 1): keymap.Chord(pygame.K_RIGHT),
         (pygame.CONTROLLER_AXIS_LEFTX, -1): keymap.Chord(pygame.K_LEFT),
         (pygame.CONTROLLER_AXIS_LEFTY, 1): keymap.Chord(pygame.K_DOWN),
         (pygame.CONTROLLER_AXIS_LEFTY, -1): keymap.Chord(pygame.K_UP)}


def key_event(chord: keymap.Chord) -> pygame.event.Event:
    """The key press a chord stands for, as the keyboard would send it."""
    mod = (pygame.KMOD_CTRL if chord.ctrl else 0) | (pygame.KMOD_SHIFT if chord.shift else 0)
    return pygame.event.Event(pygame.KEYDOWN, key=chord.key, mod=mod, unicode="", scancode=0, pad=True)


@dataclass
class Stick:
    """What one controller's left stick and right trigger are doing."""

    axes: dict[int, int] = field(default_factory=dict)
    held: keymap.Chord | None = None
    """The direction the stick is held in, as the key it stands for."""
    held_for: float = 0.0
    repeat_at: float = REPEAT_AFTER
    trigger: bool = False


class Gamepads:
    """The controllers plugged in, and what each one's stick and trigger are doing (two players
    may each hold one)."""

    def __init__(self) -> None:
        self.pads: dict[int, controller.Controller] = {}
        self.sticks: dict[int, Stick] = {}
        """By controller (its instance id)."""
        try:
            controller.init()
        except pygame.error as e:  # no controller support here: the keyboard and mouse still work
            log.info("no game controllers: %s", e)

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """What an event means to the scenes: a controller's press as a key press, plugging in
        and out as nothing, any other event as itself."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self.add(event.device_index)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.pads.pop(event.instance_id, None)
            self.sticks.pop(event.instance_id, None)
            if pad is not None:
                pad.quit()
        elif event.type == pygame.CONTROLLERBUTTONDOWN:
            chord = BUTTONS.get(event.button)
            return [key_event(chord)] if chord else []
        elif event.type == pygame.CONTROLLERAXISMOTION:
            return self.axis(event.axis, event.value, event.instance_id)
        elif event.type != pygame.CONTROLLERBUTTONUP and event.type != pygame.CONTROLLERDEVICEREMAPPED:
            return [event]
        return []  # plugging in or out, releasing a button: nothing for the scenes

    def add(self, index: int) -> None:
        try:
            pad = controller.Controller(index)
        except pygame.error as e:
            log.info("a controller could not be opened: %s", e)
            return
        self.pads[pad.as_joystick().get_instance_id()] = pad

    def axis(self, axis: int, value: int, pad: int = 0) -> list[pygame.event.Event]:
        """The press a move of controller `pad`'s stick or trigger makes, if any."""
        stick = self.sticks.setdefault(pad, Stick())
        if axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
            pressed, was = value > PRESSED, stick.trigger
            stick.trigger = pressed
            return [key_event(keymap.TRIGGER_CHORD)] if pressed and not was else []
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        axes = stick.axes
        axes[axis] = value
        direction = None
        for a in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            v = axes.get(a, 0)
            if abs(v) > PRESSED and (direction is None or abs(v) > abs(axes[direction[0]])):
                direction = (a, 1 if v > 0 else -1)
        chord = STICK[direction] if direction else None
        if chord == stick.held:
            return []
        stick.held, stick.held_for, stick.repeat_at = chord, 0.0, REPEAT_AFTER
        return [key_event(chord)] if chord else []

    def update(self, dt: float) -> list[pygame.event.Event]:
        """The presses of sticks held in one direction (each repeats, like a held key)."""
        out = []
        for stick in self.sticks.values():
            if stick.held is None:
                continue
            stick.held_for += dt
            if stick.held_for >= stick.repeat_at:
                stick.repeat_at += REPEAT_EVERY
                out.append(key_event(stick.held))
        return out
