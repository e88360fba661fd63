"""Game clocks (a house rule: the historical game had none): one clock per player, a base time
with a Fischer increment (the bonus is added after each move) or a Bronstein delay (the time a
move used is given back, up to the delay). The window, its network games and the server share
this arithmetic; the caller says what time it is (``time.monotonic()``), so nothing here waits.

A clock SPEC is ``MIN+SEC`` (increment: ``3+2``) or ``MINdSEC`` (delay: ``5d5``)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

SPEC = re.compile(r"(\d{1,3}(?:\.\d{1,2})?)([+d])(\d{1,3})")
MAX_MINUTES = 180
"""The longest base time a clock may have."""


@dataclass(frozen=True)
class ClockSpec:
    """A time control: `base` seconds each, and `bonus` seconds of increment or delay."""

    base: float
    bonus: float
    kind: str
    """"increment" (Fischer) or "delay" (Bronstein)."""

    def text(self) -> str:
        """The SPEC that gives it back ("3+2", "5d5")."""
        minutes = self.base / 60
        shown = f"{minutes:g}" if minutes != int(minutes) else str(int(minutes))
        return f"{shown}{'+' if self.kind == 'increment' else 'd'}{int(self.bonus)}"


PRESETS = ("5d5", "10d10", "3+2")
"""The presets offered in New game and Settings (besides off and a custom one)."""


def parse_clock(spec: str) -> ClockSpec:
    """The time control a SPEC names; ValueError with a sentence saying what is wrong."""
    m = SPEC.fullmatch(spec.strip())
    if m is None:
        raise ValueError(f"{spec[:40]!r} is not a clock: write MIN+SEC for an increment (3+2) "
                         f"or MINdSEC for a delay (5d5)")
    minutes, sign, seconds = float(m[1]), m[2], int(m[3])
    if not 0 < minutes <= MAX_MINUTES:
        raise ValueError(f"a clock's base time is more than 0 and at most {MAX_MINUTES} minutes, not {m[1]}")
    if seconds > 600:
        raise ValueError(f"a clock's increment or delay is at most 600 seconds, not {seconds}")
    return ClockSpec(minutes * 60, float(seconds), "increment" if sign == "+" else "delay")


def charge(spec: ClockSpec, left: float, used: float) -> float:
    """What a clock holding `left` seconds holds after a move that took `used` seconds."""
    if spec.kind == "increment":
        return left - used + spec.bonus
    return left - used + min(used, spec.bonus)


class Clocks:
    """The clocks of a game's players (each a key: the window and the server use the leading
    kingdom of the player's seats). At most one runs at a time; a turn's time adds up across
    pauses and is charged when the player moves."""

    def __init__(self, spec: ClockSpec, players: Iterable[int]):
        self.spec = spec
        self.left = {p: spec.base for p in players}
        self.running: int | None = None
        """The player whose clock runs now (None: none does)."""
        self.since = 0.0
        """When the running clock last started."""
        self.used = 0.0
        """The time the current turn has used before `since` (its earlier stretches)."""
        self.turn: int | None = None
        """The player whose turn is being timed (it may be stopped: paused, a menu open)."""

    def run(self, player: int | None, now: float) -> None:
        """Let `player`'s clock run from `now` (None: stop whichever runs). A player other than
        the one whose turn is timed starts a new turn."""
        if player is not None and player not in self.left:
            player = None
        if player == self.running:
            return
        if self.running is not None:
            self.used += now - self.since
        if player is not None and player != self.turn:
            self.turn, self.used = player, 0.0
        self.running, self.since = player, now

    def moved(self, player: int, now: float) -> None:
        """`player` has moved at `now`: its turn's time is charged (with the bonus) and its clock stops."""
        if player not in self.left:
            return
        used = self.used + (now - self.since if self.running == player else 0.0)
        if self.turn != player:
            used = 0.0  # its clock never ran this turn (the turn came while stopped)
        self.left[player] = charge(self.spec, self.left[player], used)
        if self.running == player:
            self.running = None
        self.turn, self.used = None, 0.0

    def shown(self, player: int, now: float) -> float:
        """The time `player`'s clock shows at `now` (counting down while it runs)."""
        left = self.left.get(player, 0.0)
        if player != self.turn:
            return left
        return left - self.used - (now - self.since if self.running == player else 0.0)

    def flagged(self, now: float) -> int | None:
        """The player whose time has run out at `now`, if any (only a running clock can fall)."""
        p = self.running
        return p if p is not None and self.shown(p, now) <= 0 else None

    def expire(self, player: int | None, now: float) -> int | None:
        """Let `player`'s clock run from `now` (as :meth:`run`); when the running clock's time is
        out, it stops at zero and its player is returned (None otherwise)."""
        self.run(player, now)
        flagged = self.flagged(now)
        if flagged is not None:
            self.run(None, now)
            self.left[flagged] = 0.0
        return flagged

    def set_left(self, times: dict[int, float], mover: int | None, now: float) -> None:
        """Take the times another keeper sent (the server's, with a move): each player's time, and
        `mover`'s clock running from `now`."""
        for p, value in times.items():
            if p in self.left:
                self.left[p] = value
        self.turn, self.used, self.running = None, 0.0, None
        self.run(mover, now)


MOST_LEFT = 1e6
"""The most seconds a clock's record may hold (a clock never gets near it)."""


@dataclass(frozen=True)
class ClockRecord:
    """Clocks as a save, the server's state and its messages hold them: the time control, each
    player's seconds left, whose clock runs (None: none) and the kingdoms lost on time."""

    spec: ClockSpec
    left: dict[int, float]
    running: int | None
    on_time: list[int]


def clock_record(clocks: Clocks, on_time: Iterable[int], letters: str, now: float) -> dict[str, Any]:
    """The record of `clocks` at `now`, players and kingdoms by their `letters`:
    ``{"spec": "5d5", "left": {"w": 287.4}, "running": "w", "on_time": ""}``."""
    return {"spec": clocks.spec.text(),
            "left": {letters[p]: round(max(0.0, clocks.shown(p, now)), 2) for p in sorted(clocks.left)},  # out is 0
            "running": letters[clocks.running] if clocks.running is not None else "",
            "on_time": "".join(letters[k] for k in on_time)}


def read_clock_record(data: Any, letters: str) -> ClockRecord:
    """A clock record read back (see :func:`clock_record`); ValueError saying what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("spec"), str) or not isinstance(data.get("left"), dict):
        raise ValueError("not a clock record")
    spec = parse_clock(data["spec"])
    if spec.text() != data["spec"]:
        raise ValueError(f"a clock is written {spec.text()!r}, not {data['spec'][:20]!r}")

    def index(letter: Any) -> int:
        if not isinstance(letter, str) or len(letter) != 1 or letter not in letters:
            raise ValueError(f"{str(letter)[:10]!r} is not a kingdom's letter")
        return letters.index(letter)
    left = {}
    for letter, value in data["left"].items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not -1 <= value <= MOST_LEFT:
            raise ValueError(f"a clock's time is a number of seconds, not {str(value)[:20]!r}")
        left[index(letter)] = float(value)
    running, on_time = data.get("running", ""), data.get("on_time", "")
    if not isinstance(running, str) or not isinstance(on_time, str):
        raise ValueError("not a clock record")
    return ClockRecord(spec, left, index(running) if running else None, [index(x) for x in on_time])


def clock_text(seconds: float) -> str:
    """A clock's face: "4:59", "1:02:03", and tenths under ten seconds ("9.4")."""
    s = max(0.0, seconds)
    if s < 10:
        return f"{int(s * 10) / 10:.1f}"
    whole = int(s)
    h, rest = divmod(whole, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
