"""The one seat language of every command line, setting and save: who sits at each kingdom.

Seven seats in turn order, Qin first, written as seven characters or seven comma-separated
words, which may be mixed freely in the word form::

    h  human     a person at this computer (in a network game, the host's window)
    n  network   a player who joins over the network
    1  novice    2  easy    3  normal    4  hard     a bot of that level
    -  off       nobody: the kingdom is off the board

``h444444`` and ``human,hard,hard,hard,hard,hard,hard`` say the same. Each command takes the
kinds that make sense for it (the arena bots only, the server no ``h``) and says so."""
from __future__ import annotations

from typing import Collection, Sequence

from .levels import LEVELS

HUMAN = "human"
NETWORK = "network"
Seat = str | None
"""``"human"``, ``"network"``, a bot level, or None for off the board."""
BOTS: tuple[Seat, ...] = LEVELS
ANY: tuple[Seat, ...] = (HUMAN, NETWORK, *LEVELS, None)
LETTERS: dict[str, Seat] = {"h": HUMAN, "n": NETWORK, "-": None, **{str(i + 1): lv for i, lv in enumerate(LEVELS)}}
WORDS: dict[str, Seat] = {HUMAN: HUMAN, NETWORK: NETWORK, "off": None, **{lv: lv for lv in LEVELS}}


def describe(allowed: Collection[Seat]) -> str:
    """The kinds a command takes, for its help and errors: ``h (human), 1-4 (bot novice to hard), - (off)``."""
    parts = [f"{letter} ({word})" for letter, word in (("h", HUMAN), ("n", NETWORK)) if word in allowed]
    if any(lv in allowed for lv in LEVELS):
        parts.append("1-4 (bot novice to hard)")
    if None in allowed:
        parts.append("- (off)")
    return ", ".join(parts)


def parse_seat(text: str, allowed: Collection[Seat] = ANY) -> Seat:
    """One seat from its letter or word; raises ValueError naming what is allowed."""
    key = text.strip().lower()
    if key in LETTERS:
        seat = LETTERS[key]
    elif key in WORDS:
        seat = WORDS[key]
    else:
        raise ValueError(f"seat {text[:20]!r}: use {describe(allowed)}")
    if seat not in allowed:
        raise ValueError(f"seat {text[:20]!r} is not taken here: use {describe(allowed)}")
    return seat


def parse_seats(spec: str, allowed: Collection[Seat] = ANY) -> list[Seat]:
    """The seven seats of a spec; raises ValueError saying what is wrong with it."""
    if not isinstance(spec, str):
        raise ValueError("seats are written as text")
    parts = spec.split(",") if "," in spec else list(spec)
    if len(parts) != 7:
        raise ValueError(f"seats take 7 characters or 7 comma-separated words (one per kingdom, Qin first), "
                         f"not {len(parts)}")
    seats = [parse_seat(p, allowed) for p in parts]
    if sum(s is not None for s in seats) < 2:
        raise ValueError("at least two kingdoms must be on the board")
    return seats


def seats_spec(seats: list[Seat]) -> str:
    """The seven-character spec of a list of seats."""
    letter = {seat: ch for ch, seat in LETTERS.items()}
    return "".join(letter[s] for s in seats)


def parse_level(text: str) -> str:
    """A bot level by name or number (``normal``, ``3``); raises ValueError."""
    return str(parse_seat(text, BOTS))


def parse_levels(text: str) -> tuple[str, ...]:
    """Bot levels by name or number, comma-separated (``novice,easy``); raises ValueError."""
    return tuple(parse_level(p) for p in text.split(","))


def player_of(teams: Sequence[int], people: Sequence[bool], k: int) -> int | None:
    """The player seat k belongs to when a person plays it (`people[k]`): a bloc of people's
    seats is one player, named by its first kingdom; None for a bot's or an empty seat."""
    if not people[k]:
        return None
    return min(j for j in range(len(teams)) if teams[j] == teams[k] and people[j])


def players(teams: Sequence[int], people: Sequence[bool]) -> set[int]:
    """Every player of the seats (see :func:`player_of`)."""
    return {p for p in (player_of(teams, people, k) for k in range(len(teams))) if p is not None}
