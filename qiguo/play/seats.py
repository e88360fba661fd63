"""Who sits at each kingdom, written as seven characters in turn order (Qin first):
``h`` a human, ``1``-``4`` a bot from novice to hard, ``-`` off the board (``h444444``)."""
from __future__ import annotations

from qiguo.ai import LEVELS
from qiguo.engine import KINGDOMS

HUMAN = "human"
Seat = str | None  # "human", a bot level, or None for off the board


def parse_seats(spec: str) -> list[Seat]:
    """The seats of a spec; raises ValueError saying what is wrong with it."""
    if len(spec) != 7:
        raise ValueError(f"--seats takes 7 characters (one per kingdom, Qin first), not {len(spec)}")
    seats: list[Seat] = []
    for ch in spec:
        if ch == "h":
            seats.append(HUMAN)
        elif ch == "-":
            seats.append(None)
        elif ch in "1234":
            seats.append(LEVELS[int(ch) - 1])
        else:
            raise ValueError(f"seat {ch!r}: use h (human), 1-4 (bot novice to hard) or - (off the board)")
    if sum(s is not None for s in seats) < 2:
        raise ValueError("at least two kingdoms must be on the board")
    return seats


def seats_spec(seats: list[Seat]) -> str:
    """The spec of a list of seats."""
    return "".join("h" if s == HUMAN else "-" if s is None else str(LEVELS.index(s) + 1) for s in seats)


def kingdoms_of(seats: list[Seat]) -> str:
    """The letters of the kingdoms on the board."""
    return "".join(KINGDOMS[k] for k, s in enumerate(seats) if s is not None)
