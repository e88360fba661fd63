"""The window's scenes: title, seat set-up, game, result, rules and settings, on a stack. Each is
registered by name (qiguo.scenes.base.SCENES) when this package is imported; scenes open one
another by name, never by importing each other."""
from . import (join, keys, legend, load, menu, moments, name_entry, play, practice, record, result,  # noqa: F401
               rules, settings, setup, title, tutorial)
from .base import SCENES, SceneStack

__all__ = ["SCENES", "SceneStack"]
