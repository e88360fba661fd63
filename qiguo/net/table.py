"""The table a server keeps: the one authoritative game, who sits where, their tokens, who is
connected, and the stand-in bots for players who dropped. No networking here: the server calls
it, tests drive it directly."""
from __future__ import annotations

import secrets
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from qiguo.ai import LEVELS
from qiguo.ai.seats import HUMAN, NETWORK, player_of, players
from qiguo.clock import Clocks, ClockSpec, clock_record, read_clock_record
from qiguo.jsonfile import parse_json, read_text, write_json
from qiguo.engine import KINGDOMS, EngineError, Game, IllegalMove, Move, Rules
from qiguo.names import TextError, clean, shown

from .guard import same_code
from .protocol import LIMITS, MIN_CODE

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Join codes avoid letters that read alike (I/1, O/0, L)."""


def new_code(length: int = MIN_CODE) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def valid_code(code: object) -> bool:
    """Whether a join code is long enough to resist guessing and plain: MIN_CODE to
    LIMITS["code"] ASCII letters and digits."""
    return isinstance(code, str) and MIN_CODE <= len(code) <= LIMITS["code"] and code.isascii() and code.isalnum()


@dataclass
class Seat:
    """One kingdom's seat: played over the network (or by the host's window), by a bot, or off."""

    kind: str  # "network", "host", "bot" or "off"
    level: str = ""  # for a bot seat
    token: str = ""  # proves who holds a network or host seat
    name: str = ""
    connected: bool = False
    left_at: float = 0.0  # when its player dropped (monotonic), while away
    standin: bool = False  # a bot plays it until its player is back

    @property
    def human(self) -> bool:
        return self.kind in ("network", "host")

    def public(self, k: int) -> dict[str, Any]:
        """What every client may know of the seat (never the token); a name that imitates the
        game's own labels is shown in quotation marks."""
        name = self.name if self.name == KINGDOMS[k] else shown(self.name)
        return {"kingdom": KINGDOMS[k], "kind": self.kind, "level": self.level, "name": name,
                "connected": self.connected, "standin": self.standin}


class TableError(ValueError):
    """A request the table refuses; the message says why."""


SERVED: tuple[Any, ...] = (NETWORK, *LEVELS, None)
"""The seats a headless server takes (the seat language of :mod:`qiguo.ai.seats`): no ``h``,
there is no window at the server."""


def table_seats(seats: list[Any]) -> list[Seat]:
    """A table's seats from parsed seats: a network player, the host's window (the one human
    seat of a hosted game), a bot, or off the board. Raises TableError."""
    if seats.count(HUMAN) > 1:
        raise TableError("in a network game this computer plays one seat")
    if len(seats) != 7 or sum(s is not None for s in seats) < 2:
        raise TableError("a table has 7 seats, at least two of them on the board")
    out = []
    for s in seats:
        if s in LEVELS:
            out.append(Seat("bot", level=s))
        elif s is None:
            out.append(Seat("off"))
        elif s in (NETWORK, HUMAN):
            out.append(Seat("network" if s == NETWORK else "host", token=secrets.token_hex(16)))
        else:
            raise TableError(f"seat {s!r} is not a seat of a table")
    return out


class Table:
    """The game and its seats. `seat_wait` seconds after a player drops, a bot of `standin`
    level plays the seat until the player joins again."""

    def __init__(self, seats: list[Seat], rules: Any = "standard", blocs: list[str] | None = None,
                 code: str = "", seat_wait: float = 60.0, standin: str = "normal", state: Path | None = None,
                 game: Game | None = None, clock: ClockSpec | None = None):
        self.seats = seats
        self.code = code or new_code()
        self.seat_wait = seat_wait
        self.standin_level = standin
        self.state = state
        self.paused = False
        kingdoms = "".join(KINGDOMS[k] for k, s in enumerate(seats) if s.kind != "off")
        self.game = game or Game.new(Rules.make(rules), kingdoms=kingdoms, blocs=blocs or None)
        self.clocks: Clocks | None = None
        """The players' clocks: the server keeps them (the windows show them)."""
        if clock is not None:
            self.clocks = Clocks(clock, players(self.game.teams, [s.human for s in seats]))
        self.on_time: list[int] = []
        """The kingdoms that resigned because their player's time ran out."""

    # ---- joining ------------------------------------------------------------------------

    def join(self, token: str = "", seat: str = "", name: str = "") -> int | None:
        """The seat a client gets: its own back by token, a free one it asks for (or the first
        free), or None to watch. Raises TableError when the request cannot be met."""
        if token:
            k = self.seat_of(token)
            if k is None:
                raise TableError("that seat token is not one of this game's")
            self._take(k, name)
            return k
        if seat:
            if seat not in KINGDOMS or len(seat) != 1:
                raise TableError(f"{seat!r} is not a kingdom letter")
            k = KINGDOMS.index(seat)
            s = self.seats[k]
            if s.kind != "network":
                raise TableError(f"{KINGDOMS[k]} is not a network seat")
            if s.connected or s.name:
                raise TableError(f"{KINGDOMS[k]} is taken (its player rejoins with their token)")
            self._take(k, name)
            return k
        return None

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time), or None."""
        return next((k for k, s in enumerate(self.seats) if s.human and s.token and same_code(token, s.token)), None)

    def _take(self, k: int, name: str) -> None:
        s = self.seats[k]
        if s.connected:
            raise TableError(f"{KINGDOMS[k]} is held by a connected player")
        s.connected, s.left_at, s.standin = True, 0.0, False
        s.name = name[:LIMITS["name"]] or s.name or KINGDOMS[k]

    def leave(self, k: int, now: float | None = None) -> None:
        """The player of seat k dropped: its seat waits, then a bot stands in."""
        s = self.seats[k]
        s.connected = False
        s.left_at = time.monotonic() if now is None else now

    def standins_due(self, now: float | None = None) -> list[int]:
        """Seats whose player has been away for the wait; they get a stand-in bot now."""
        now = time.monotonic() if now is None else now
        due = []
        for k, s in enumerate(self.seats):
            if s.human and not s.connected and s.left_at and not s.standin and now - s.left_at >= self.seat_wait:
                s.standin = True
                due.append(k)
        return due

    # ---- the clocks -----------------------------------------------------------------------

    def player_of(self, k: int) -> int | None:
        """The player seat k belongs to (a bloc of human seats is one player, named by its first
        kingdom), or None for a bot's or an empty seat."""
        return player_of(self.game.teams, [s.human for s in self.seats], k)

    def time_clocks(self, now: float | None = None) -> list[int]:
        """Let the mover's clock run (a player's seat, waiting for them too when they dropped;
        not a stand-in bot's, not while paused); when a player's time has run out, their
        kingdoms in play, each to resign (:meth:`lose_on_time`)."""
        c = self.clocks
        if c is None:
            return []
        now = time.monotonic() if now is None else now
        g = self.game
        k = g.turn
        running = None if g.result is not None or self.paused or self.seats[k].standin else self.player_of(k)
        flagged = c.expire(running, now)
        return [] if flagged is None else [j for j in range(7) if g.alive[j] and self.player_of(j) == flagged]

    def lose_on_time(self, k: int) -> None:
        """Kingdom k's player is out of time: it resigns (the rule of resigning applies)."""
        self.game.resign(k)
        self.on_time.append(k)

    def clock_message(self) -> dict[str, Any] | None:
        """What the clients are told of the clocks, with each move and in the welcome: the time
        control, each player's time (under the letter of their first kingdom), whose runs."""
        return None if self.clocks is None else clock_record(self.clocks, self.on_time, KINGDOMS, time.monotonic())

    # ---- playing ------------------------------------------------------------------------

    def bot_level(self) -> str:
        """The level of the bot that moves now, or "" when a player (or nobody) moves."""
        if self.game.result is not None or self.paused:
            return ""
        s = self.seats[self.game.turn]
        if s.kind == "bot":
            return s.level
        if s.human and s.standin:
            return self.standin_level
        return ""

    def play(self, k: int | None, move: str, seq: int) -> Move:
        """Seat k's move, checked: its turn, the sequence number it saw, a legal move."""
        g = self.game
        if g.result is not None:
            raise TableError("the game is over")
        if k is None:
            raise TableError("watchers do not move")
        if g.turn != k:
            raise TableError(f"it is not {KINGDOMS[k]}'s turn")
        if seq != g.ply:
            raise TableError(f"move {seq} is not the game's next (it is at {g.ply})")
        if self.seats[k].standin:
            raise TableError("a stand-in bot plays this seat just now")
        try:
            played = g.parse_move(move)
        except IllegalMove as e:
            raise TableError(str(e)) from None
        player = self.player_of(k)
        if self.clocks is not None and player is not None:
            now = time.monotonic()
            self.clocks.run(player, now)
            if self.clocks.flagged(now) is not None:
                raise TableError("out of time")  # the server's next tick resigns the player's kingdoms
            self.clocks.moved(player, now)
        try:
            return g.play(played)
        except IllegalMove as e:
            raise TableError(str(e)) from None

    def play_bot(self, code: int) -> Move:
        """A bot's move (already legal: it comes from the engine's own list)."""
        return self.game.play(code)

    def resign(self, k: int | None, seq: int) -> None:
        if k is None or self.game.result is not None or seq != self.game.ply:
            raise TableError("nothing to resign")
        try:
            self.game.resign(k)
        except IllegalMove as e:
            raise TableError(str(e)) from None

    # ---- what clients are told ----------------------------------------------------------

    def welcome(self, k: int | None) -> dict[str, Any]:
        return {"type": "welcome", "version": 1, "seat": KINGDOMS[k] if k is not None else "",
                "token": self.seats[k].token if k is not None else "", "game": self.game.record(),
                "seq": self.game.ply, "seats": self.public_seats(), "paused": self.paused,
                "clock": self.clock_message()}

    def public_seats(self) -> list[dict[str, Any]]:
        return [s.public(k) for k, s in enumerate(self.seats)]

    def result(self) -> dict[str, Any] | None:
        r = self.game.result
        return None if r is None else {"winners": r.winners, "reason": r.reason, "ranking": list(r.ranking)}

    # ---- keeping the game -----------------------------------------------------------------

    def save(self) -> None:
        """Write the table atomically to its state file (if it has one)."""
        if self.state is None:
            return
        data = {"format": "qiguo-host", "version": 1, "code": self.code, "seat_wait": self.seat_wait,
                "standin": self.standin_level, "game": self.game.record(), "clock": self.clock_message(),
                "seats": [asdict(s) | {"connected": False, "left_at": 0.0, "standin": False} for s in self.seats]}
        write_json(self.state, data)

    @classmethod
    def restore(cls, path: Path, seat_wait: float | None = None) -> "Table":
        """The table a state file holds: same game, code and tokens, every field checked.
        Raises TableError with one line saying what is wrong."""
        try:
            data = parse_json(read_text(path))
            if not isinstance(data, dict) or data.get("format") != "qiguo-host":
                raise ValueError("not a host state")
            table = cls(_seats_from(data.get("seats")), code=_code_from(data.get("code")),
                        seat_wait=_wait_from(data.get("seat_wait") if seat_wait is None else seat_wait),
                        standin=_standin_from(data.get("standin", "normal")), state=path,
                        game=Game.from_record(data["game"]))
            if data.get("clock") is not None:  # each player's time as it was left
                clock = read_clock_record(data["clock"], KINGDOMS)
                table.clocks = Clocks(clock.spec, players(table.game.teams, [s.human for s in table.seats]))
                table.clocks.left.update((p, v) for p, v in clock.left.items() if p in table.clocks.left)
                table.on_time = clock.on_time
        except (OSError, ValueError, TypeError, KeyError, EngineError) as e:
            raise TableError(f"{path.name}: cannot resume this game ({e})") from None
        if [k for k, s in enumerate(table.seats) if s.kind != "off"] != list(table.game.seated):
            raise TableError(f"{path.name}: cannot resume this game (its seats and its game disagree)")
        now = time.monotonic()
        for s in table.seats:  # everyone has to join again; the wait starts now
            if s.human:
                s.left_at = now
        return table


def _code_from(code: Any) -> str:
    if not valid_code(code):
        raise ValueError(f"the join code is not {MIN_CODE} to {LIMITS['code']} letters and digits")
    return code


def _wait_from(wait: Any) -> float:
    if isinstance(wait, bool) or not isinstance(wait, (int, float)) or not 0 <= wait <= 3600:
        raise ValueError("seat_wait is not a number of seconds from 0 to 3600")
    return float(wait)


def _standin_from(level: Any) -> str:
    if level not in LEVELS:
        raise ValueError(f"standin is not one of {', '.join(LEVELS)}")
    return level


def _seats_from(seats: Any) -> list[Seat]:
    """Seven seats from a state file, each field checked."""
    if not isinstance(seats, list) or len(seats) != 7:
        raise ValueError("seats is not a list of seven seats")
    out = []
    for k, s in enumerate(seats):
        if not isinstance(s, dict):
            raise ValueError(f"seat {KINGDOMS[k]} is not an object")
        kind, level, token, name = s.get("kind"), s.get("level", ""), s.get("token", ""), s.get("name", "")
        if kind not in ("network", "host", "bot", "off"):
            raise ValueError(f"seat {KINGDOMS[k]} has an unknown kind")
        if (level not in LEVELS) if kind == "bot" else level != "":
            raise ValueError(f"seat {KINGDOMS[k]} has a wrong level")
        human = kind in ("network", "host")
        if not isinstance(token, str) or (human != bool(token)) or len(token) > LIMITS["token"] or \
                not all(c in "0123456789abcdef" for c in token):
            raise ValueError(f"seat {KINGDOMS[k]} has a wrong token")
        try:
            if not isinstance(name, str) or clean(name, LIMITS["name"]) != name:
                raise TextError("not clean")
        except TextError:
            raise ValueError(f"seat {KINGDOMS[k]} has a wrong name") from None
        out.append(Seat(kind, level=level, token=token, name=name))
    return out
