"""A client's view of a networked game, shared by the window and the network bot: the game as
the server has told it (never ahead of the server), the seat held, and the seat token kept in
the player's data folder so that a dropped player gets the seat back."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from qiguo.engine import KINGDOMS, EngineError, Game
from qiguo.datadir import data_dir
from qiguo.jsonfile import parse_json, read_text, write_json


class Tokens:
    """Seat tokens by server, kept in ``net_tokens.json`` in a data folder."""

    def __init__(self, folder: Path | None = None):
        self.path = (folder or data_dir()) / "net_tokens.json"

    def _all(self) -> dict[str, str]:
        try:
            data = parse_json(read_text(self.path))
        except (OSError, ValueError):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}

    def get(self, key: str) -> str:
        return self._all().get(key, "")

    def put(self, key: str, token: str) -> None:
        data = self._all()
        data[key] = token
        try:
            write_json(self.path, data)
        except OSError:
            pass  # without a data folder a dropped player cannot rejoin; play goes on


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

    def welcome(self, message: dict[str, Any]) -> None:
        """Start (or start again) from a welcome: the whole game, the seat, the token."""
        game = Game.from_record(message["game"])
        if game.ply != message.get("seq"):
            raise EngineError("the welcome's game and sequence disagree")
        self.game = game
        seat = message.get("seat") or ""
        self.seat = KINGDOMS.index(seat) if seat in KINGDOMS and len(seat) == 1 else None
        self.token = message.get("token") or ""
        self.seats = list(message.get("seats") or [])
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
        played), "stale" (an old move, ignored), "gap" (a move was missed: join again), "seats",
        "paused", "end", or "" for anything else."""
        kind = message.get("type")
        if kind == "move" and self.game is not None:
            place = self.place_of(message)
            if place == "next":
                self.game.replay([message["move"]])
                return "move"
            return place
        if kind == "seats":
            self.seats = list(message.get("seats") or [])
            return "seats"
        if kind == "paused":
            self.paused = bool(message.get("paused"))
            return "paused"
        if kind == "end":
            return "end"
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
