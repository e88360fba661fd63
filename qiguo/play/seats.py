"""Who sits at each kingdom in the window: the seat language of :mod:`qiguo.ai.seats`
(``h444444``), and the seats a local game may have (no network player: those are hosted)."""
from __future__ import annotations

from qiguo.ai.seats import HUMAN, NETWORK, Seat, parse_seats as _parse_any, seats_spec
from qiguo.engine import KINGDOMS
from qiguo.ai import LEVELS

LOCAL: tuple[Seat, ...] = (HUMAN, *LEVELS, None)
"""The seats of a game played at this computer alone."""
SETUP: tuple[Seat, ...] = (HUMAN, *LEVELS, NETWORK, None)
"""The seats the set-up screen offers, in the order a click cycles them (a network seat makes
it a hosted game)."""

__all__ = ["HUMAN", "NETWORK", "Seat", "LOCAL", "SETUP", "parse_seats", "seats_spec", "kingdoms_of"]


def parse_seats(spec: str, allowed: tuple[Seat, ...] = LOCAL) -> list[Seat]:
    """The seats of a spec (a local game's unless `allowed` says otherwise); raises ValueError."""
    return _parse_any(spec, allowed)


def kingdoms_of(seats: list[Seat]) -> str:
    """The letters of the kingdoms on the board."""
    return "".join(KINGDOMS[k] for k, s in enumerate(seats) if s is not None)
