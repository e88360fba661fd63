"""Where the pointer is on the picture the scenes draw. The window is at least MIN_SIZE for
them: a smaller window (a desktop without a window manager may make one) shows that picture
scaled down to fit, so the pointer's window position is mapped back onto it here."""
from __future__ import annotations

import pygame

_offset: tuple[float, float] = (0.0, 0.0)
_scale = 1.0


def set_view(offset: tuple[float, float], scale: float) -> None:
    """Where the scenes' picture stands in the window, and how much it is scaled."""
    global _offset, _scale
    _offset, _scale = offset, scale


def to_canvas(pos: tuple[float, float]) -> tuple[int, int]:
    """A window position on the scenes' picture."""
    return int((pos[0] - _offset[0]) / _scale), int((pos[1] - _offset[1]) / _scale)


def pos() -> tuple[int, int]:
    """The pointer on the scenes' picture (pygame.mouse.get_pos, mapped)."""
    return to_canvas(pygame.mouse.get_pos())


def event_on_canvas(event: pygame.event.Event) -> pygame.event.Event:
    """A mouse event with its position on the scenes' picture (others as they are)."""
    if _scale == 1.0 and _offset == (0.0, 0.0) or not hasattr(event, "pos"):
        return event
    attrs = dict(event.__dict__)
    attrs["pos"] = to_canvas(event.pos)
    if "rel" in attrs:
        attrs["rel"] = (int(event.rel[0] / _scale), int(event.rel[1] / _scale))
    return pygame.event.Event(event.type, attrs)
