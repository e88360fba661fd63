"""What a client (the window's link, the network bot) takes from a server on one connection,
checked line by line as it arrives, before anything acts on it: the welcome first and in time,
no second welcome unless a seat was asked for, moves in sequence, an `end` only after the move
that ended the game, and no more lines or bytes than a server at play ever sends. A server that
breaks one of these is left, with a one-line reason (docs/protocol.md). Pure: no networking,
so tests drive it with made-up messages and clocks."""
from __future__ import annotations

import time
from typing import Any

from .protocol import BACKOFF

WELCOME_WAIT = 10.0
"""Seconds a client waits for its welcome, whatever else arrives meanwhile."""
SILENCE = 30.0
"""Seconds a welcomed client waits for the next whole line (the server answers every ping, and
clients ping every 10 s): the protocol's idle limit, the same as the server's."""
MESSAGE_RATE, MESSAGE_BURST = 1000.0, 4000.0
"""Lines a second a server may send on average, and in a burst (bots at full speed send a few
hundred moves a second at most)."""
BYTE_RATE, BYTE_BURST = 4 * 1024 * 1024.0, 16 * 1024 * 1024.0
"""Bytes a second a server may send on average, and in a burst."""
MAX_QUEUED, MAX_QUEUED_BYTES = 4096, 32 * 1024 * 1024
"""Messages (and their bytes) that may wait, received but not yet taken in by the window, at
most: past either the connection is left (a whole game of 700 moves fits many times)."""

SECOND_WELCOME = "the server sent a second welcome that nobody asked for"
BEFORE_WELCOME = "the server sent a game message before its welcome"
NO_WELCOME = f"the server sent no welcome in {WELCOME_WAIT:g} s"
OUT_OF_SEQUENCE = "the server sent a move out of sequence"
EARLY_END = "the server ended a game that is not over"
FLOODED = "the server sent more messages than any game does"
SILENT = f"the server said nothing for {SILENCE:g} s"
PILED_UP = f"more than {MAX_QUEUED} of the server's messages piled up unread"


class Gate:
    """One connection's checks. `take(message, size)` returns why the message cannot be taken
    ("" when it can); the caller then leaves the connection."""

    def __init__(self, now: float | None = None) -> None:
        start = time.monotonic() if now is None else now
        self.welcomed = False
        self.seq = -1
        """The number of moves the server has told of on this connection."""
        self.over = False
        """Whether the last move told ended the game."""
        self.asked = 0
        """Welcomes owed: one for each `sit` sent."""
        self.lines, self.bytes, self.at = MESSAGE_BURST, BYTE_BURST, start
        self.deadline = start + WELCOME_WAIT

    def asked_seat(self) -> None:
        """A `sit` was sent: the server answers it with a new welcome."""
        self.asked += 1

    def wait(self, now: float | None = None) -> float:
        """Seconds to wait for the next whole line before leaving (see `silence`)."""
        now = time.monotonic() if now is None else now
        return max(0.0, self.deadline - now) if not self.welcomed else SILENCE

    def silence(self) -> str:
        """Why a wait that ran out ends the connection."""
        return SILENT if self.welcomed else NO_WELCOME

    def take(self, message: dict[str, Any], size: int, now: float | None = None) -> str:
        now = time.monotonic() if now is None else now
        spent = now - self.at
        self.at = now
        self.lines = min(MESSAGE_BURST, self.lines + spent * MESSAGE_RATE) - 1
        self.bytes = min(BYTE_BURST, self.bytes + spent * BYTE_RATE) - size
        if self.lines < 0 or self.bytes < 0:
            return FLOODED
        kind = message.get("type")
        if kind == "error":
            return ""
        if kind == "welcome":
            return self._welcome(message)
        if not self.welcomed:
            return BEFORE_WELCOME
        if kind == "move":
            if message.get("seq") != self.seq + 1 or isinstance(message.get("seq"), bool):
                return OUT_OF_SEQUENCE
            self.seq += 1
            self.over = message.get("result") is not None
        elif kind == "end" and not self.over:
            return EARLY_END
        return ""

    def _welcome(self, message: dict[str, Any]) -> str:
        seq = message.get("seq")
        if self.welcomed and self.asked <= 0:
            return SECOND_WELCOME
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < max(0, self.seq):
            return OUT_OF_SEQUENCE
        if self.welcomed:
            self.asked -= 1
        self.welcomed, self.seq, self.over = True, seq, False
        return ""


class Backoff:
    """Joining again after a connection ended: a pause that doubles from FIRST to LONGEST, and
    giving up after TRIES connections in a row that brought nothing (no welcome with a game
    further on, no move)."""

    FIRST, LONGEST = BACKOFF
    TRIES = 10

    def __init__(self) -> None:
        self.failures = 0

    def failed(self) -> float:
        """Count a connection that brought nothing; returns the pause before the next."""
        self.failures += 1
        return min(self.LONGEST, self.FIRST * 2 ** (self.failures - 1))

    def progress(self) -> None:
        """The game went on through this connection: the count starts again."""
        self.failures = 0

    @property
    def spent(self) -> bool:
        return self.failures >= self.TRIES
