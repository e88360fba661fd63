"""A client's view of a networked game, shared by the window and the network bot: the game as
the server has told it (never ahead of the server), the seat held, and the seat token kept in
the player's data folder so that a dropped player gets the seat back."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from qiguo.ai import LEVELS
from qiguo.engine import KINGDOMS, EngineError, Game
from qiguo.datadir import data_dir
from qiguo.jsonfile import parse_json, read_text, set_aside, write_json

from .protocol import LIMITS


class Tokens:
    """Seat tokens by server, kept in ``net_tokens.json`` in a data folder."""

    def __init__(self, folder: Path | None = None):
        self.path = (folder or data_dir()) / "net_tokens.json"

    def _all(self) -> dict[str, str]:
        """The tokens kept; a damaged file is set aside first (NAME.bad), so that the next
        write does not lose the other games' tokens for good."""
        try:
            data = parse_json(read_text(self.path))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            data = None
        if not isinstance(data, dict):
            set_aside(self.path)
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, key: str) -> str:
        return self._all().get(key, "")

    def put(self, key: str, token: str) -> None:
        data = self._all()
        data[key] = token
        try:
            write_json(self.path, data)
        except OSError:
            pass  # without a data folder a dropped player cannot rejoin; play goes on


SEAT_KINDS = ("network", "host", "bot", "off")
ILLEGAL = "the server sent a move that is not legal in its own game"


def checked_seats(seats: Any) -> list[dict[str, Any]]:
    """The seven seats a server describes, each field checked (a server may be hostile):
    kind, level, name, connected, standin. Raises ValueError."""
    if not isinstance(seats, list) or len(seats) != 7:
        raise ValueError("the server's seats are not seven seats")
    out = []
    for k, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS:
            raise ValueError(f"the server's seat {KINGDOMS[k]} is not a seat")
        level, name = s.get("level", ""), s.get("name", "")
        if not isinstance(level, str) or (s["kind"] == "bot" and level not in LEVELS):
            raise ValueError(f"the server's seat {KINGDOMS[k]} has a wrong level")
        if not isinstance(name, str) or len(name) > LIMITS["name"] + 2:
            raise ValueError(f"the server's seat {KINGDOMS[k]} has a wrong name")
        out.append({"kingdom": KINGDOMS[k], "kind": s["kind"], "level": level, "name": name,
                    "connected": s.get("connected") is True, "standin": s.get("standin") is True})
    return out


def key_of(host: str, port: int, code: str, seat: str = "") -> str:
    """How a token is filed: the server, its code, and the seat when one is named."""
    return f"{host}:{port}/{code}" + (f"/{seat}" if seat else "")


class Session:
    """The game as the server told it, and what this client holds."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.seat: int | None = None
        self.token = ""
        self.seats: list[dict[str, Any]] = []
        self.paused = False
        self.problem = ""
        """Why the server's last message could not be taken in ("" when it could)."""

    def welcome(self, message: dict[str, Any]) -> None:
        """Start (or start again) from a welcome: the whole game, the seat, the token. Raises
        ValueError (EngineError included) saying what is wrong with it."""
        try:
            game = Game.from_record(message["game"])
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"the server's game cannot be read ({type(e).__name__})") from None
        if game.ply != message.get("seq"):
            raise EngineError("the welcome's game and sequence disagree")
        seat, token = message.get("seat") or "", message.get("token") or ""
        if not isinstance(seat, str) or not isinstance(token, str) or len(token) > LIMITS["token"]:
            raise ValueError("the welcome's seat or token is not text")
        seats = checked_seats(message.get("seats"))
        self.game = game
        self.seat = KINGDOMS.index(seat) if seat in KINGDOMS and len(seat) == 1 else None
        self.token = token
        self.seats = seats
        self.paused = bool(message.get("paused"))

    def place_of(self, move: dict[str, Any]) -> str:
        """Where a move message stands against the game: "next" (to be played now), "stale"
        (already in it, or not numbered) or "gap" (one was missed: join again)."""
        assert self.game is not None
        seq = move.get("seq")
        if not isinstance(seq, int) or seq <= self.game.ply:
            return "stale"
        return "next" if seq == self.game.ply + 1 else "gap"

    def apply(self, message: dict[str, Any]) -> str:
        """Take in a message from the server; returns what happened: "move" (the next move was
        played), "stale" (an old move, ignored), "gap" (a move was missed: join again), "bad"
        (a move that cannot be played here: `problem` says why), "seats", "paused", "end",
        or "" for anything else."""
        kind = message.get("type")
        if kind == "move" and self.game is not None:
            place = self.place_of(message)
            if place == "next":
                self.problem = self._played(message)
                return "bad" if self.problem else "move"
            return place
        if kind == "seats":
            try:
                self.seats = checked_seats(message.get("seats"))
            except ValueError as e:
                self.problem = str(e)
                return "bad"
            return "seats"
        if kind == "paused":
            self.paused = bool(message.get("paused"))
            return "paused"
        if kind == "end":
            return "end"
        return ""

    def misfit(self, message: dict[str, Any]) -> str:
        """Why the server's next move is not one to play here ("" when it may be): not a move
        string, or another kingdom's move at this turn."""
        assert self.game is not None
        entry, kingdom = message.get("move"), message.get("kingdom")
        if not isinstance(entry, str) or len(entry) > 32:
            return "the server sent a move that is not a move"
        if kingdom is not None and kingdom != KINGDOMS[self.game.turn] and not entry.startswith("resign:"):
            return f"the server sent a move of {str(kingdom)[:8]!r} at {KINGDOMS[self.game.turn]}'s turn"
        return ""

    def _played(self, message: dict[str, Any]) -> str:
        """Play the server's next move; why it cannot be played here ("" when it was): a
        misfit, or a move not legal in the game the server sent."""
        assert self.game is not None
        problem = self.misfit(message)
        if problem:
            return problem
        try:
            self.game.replay([message["move"]])
        except EngineError:
            return ILLEGAL
        return ""

    @property
    def my_turn(self) -> bool:
        g = self.game
        if g is None or g.result is not None or self.seat is None or g.turn != self.seat:
            return False
        seat = self.seats[self.seat] if self.seat < len(self.seats) else {}
        return not seat.get("standin", False)

    def move_message(self, move: str) -> dict[str, Any]:
        assert self.game is not None
        return {"type": "move", "move": move, "seq": self.game.ply}
