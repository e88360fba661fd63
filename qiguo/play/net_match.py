"""A networked game in the window: the same face as a local match (both are a
:class:`~qiguo.play.match.BaseMatch`; the game scene does not know the difference), but moves
go to the server and come back from it; the window never waits (the connection is a
:class:`~qiguo.net.link.Link` in its own thread). A dropped connection is joined again with the
seat token."""
from __future__ import annotations

import time
from typing import Any, Callable

from qiguo.clock import Clocks, read_clock_record
from qiguo.engine import KINGDOMS, EngineError, Game, Move
from qiguo.net.gate import EARLY_END, Backoff
from qiguo.net.link import Link
from qiguo.net.server import Server, ServerThread
from qiguo.net.protocol import LIMITS, VERSION
from qiguo.net.session import ILLEGAL, Session, Tokens, key_of

from .match import BaseMatch, Played, Worker
from .seats import HUMAN, NETWORK, Seat

TAKEN_AT_ONCE = 256
"""Messages taken from the link into the match at most: the rest wait in the link (bounded
there), while the moves on hand are played one a frame."""


def hello(code: str, name: str = "", token: str = "", seat: str = "", spectate: bool = False) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "version": VERSION, "code": code, "name": name[:LIMITS["name"]]}
    if token:
        message["token"] = token
    elif seat:
        message["seat"] = seat
    if spectate and not token and not seat:
        message["spectate"] = True
    return message


class NetMatch(BaseMatch):
    """The game a server holds, as this window sees and plays it."""

    networked = True
    kept_elsewhere = True

    def __init__(self, link: Link, session: Session, address: tuple[str, int], code: str, tokens: Tokens,
                 server: Any = None, worker_factory: Callable[[], Worker] | None = None,
                 backlog: list[dict[str, Any]] | None = None):
        self.link, self.session, self.address, self.code = link, session, address, code
        self.tokens = tokens
        self.server = server
        """The host's server thread, when this window hosts the game."""
        assert session.game is not None
        game: Game = session.game
        self.rules = game.rules
        self.blocs = game.blocs
        self.start_qfen = game.start_qfen
        super().__init__(game, self._seats(), seed=0, bot_delay=0.0, worker_factory=worker_factory)
        self._sent = -1
        self._incoming: list[dict[str, Any]] = list(backlog or [])
        """What the server sent after the welcome this match starts from (the rest of the join
        screen's last poll, first) and is not yet taken in."""
        self._retry_at: float | None = None
        """When to join again, once the connection has ended (None: not yet set)."""
        self._backoff = Backoff()
        self.problem = ""
        """What the server last sent that could not be taken in ("" until it welcomes us again)."""
        self.gave_up = False
        """Whether joining again was given up (Backoff.TRIES connections in a row brought nothing)."""
        self._keep_token()

    # ---- what the scene reads ------------------------------------------------------------

    def _seats(self) -> list[Seat]:
        out: list[Seat] = []
        for k, s in enumerate(self.session.seats):
            if k == self.session.seat:
                out.append(HUMAN)
            elif s["kind"] == "bot":
                out.append(s["level"])
            elif s["kind"] == "off":
                out.append(None)
            else:
                out.append(NETWORK)
        return out

    def labels(self) -> list[dict[str, Any]]:
        """The server's word on every seat (kind, level, name, connected, stand-in)."""
        return self.session.seats

    @property
    def connected(self) -> bool:
        return self.link.state == "open"

    @property
    def paused(self) -> bool:
        return self.session.paused

    @paused.setter
    def paused(self, value: bool) -> None:
        """Only the host pauses a network game (the server says no to anyone else)."""
        self.link.send({"type": "pause", "paused": bool(value)})

    @property
    def human_to_move(self) -> bool:
        return self.session.my_turn and self._sent != self.game.ply

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    # ---- what the scene asks ---------------------------------------------------------------

    def play_human(self, code: int) -> Played | None:
        """Send the move; it is played when the server sends it back (to everyone)."""
        if not self.human_to_move or code not in self.game.legal_codes():
            return None
        self.link.send(self.session.move_message(str(Move(code))))
        self._sent = self.game.ply
        return None

    def resign(self, k: int) -> list[int]:
        if k == self.session.seat:
            self.link.send({"type": "resign", "seq": self.game.ply})
        return []

    def undo_plan(self, k: int | None = None) -> tuple[int, list[int]]:
        return 0, []  # the server's game is not taken back

    def undo(self, k: int | None = None) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def restart(self) -> None:
        """A network game is not restarted from one window."""

    def update(self) -> Played | None:
        """Take in what the server sent; play the next move it announced (one a frame, so each
        is animated). Joins again after a drop. Never blocks."""
        if self._hint_for is not None:
            self._poll_hint()
        if len(self._incoming) < TAKEN_AT_ONCE:
            self._incoming += self.link.poll()
        if self.link.state == "closed" and self.link.kind == "not qiguo" and not self.problem:
            self.problem = self.link.error  # the link left a server that broke the protocol
        if self.link.state == "closed" and not self.gave_up:
            self._rejoin()
        while self._incoming:
            message = self._incoming.pop(0)
            kind = message.get("type")
            if kind == "welcome":
                self._welcome(message)
            elif kind == "move":
                played = self._move(message)
                if played is not None:
                    return played
            elif kind == "notice":
                self.notes.append(message)
            else:
                happened = self.session.apply(message)
                if happened == "seats":
                    self.seats = self._seats()
                elif happened == "bad":
                    self._refuse(self.session.problem)
                elif happened == "end" and self.game.result is None:
                    self._refuse(EARLY_END)
        return None

    def _move(self, message: dict[str, Any]) -> Played | None:
        place = self.session.place_of(message)
        if place == "stale":
            return None  # an old move (after joining again)
        if place == "gap":
            self.link.close()  # a move was missed: join again for the whole game
            return None
        problem = self.session.misfit(message)
        if problem:
            self._refuse(problem)
            return None
        entry = message["move"]
        self.hint = None
        try:
            if entry.startswith("resign:"):
                self.game.replay([entry])
                self._take_clock(message.get("clock"))
                return None
            code = Move.parse(entry).code
            if code not in self.game.legal_codes():  # the engine plays only what it has checked
                raise EngineError(ILLEGAL)
            self._backoff.progress()
            played = self._play(code, None)
            self._take_clock(message.get("clock"))
            return played
        except EngineError:
            self._refuse(ILLEGAL)
            return None

    def _refuse(self, why: str) -> None:
        """The server sent what cannot be: close, say why, and join again later for the whole
        game (the game on show stays as it was)."""
        self.problem = why
        self._incoming.clear()
        self.link.refuse(why)

    def _welcome(self, message: dict[str, Any]) -> None:
        try:
            fresh = Session()
            fresh.welcome(message)
        except ValueError as e:
            self._refuse(str(e))
            return
        self.problem = ""
        game = fresh.game
        assert game is not None  # a welcome always holds the game
        if game.ply > self.game.ply:
            self._backoff.progress()
        if game.history[:self.game.ply] == self.game.history:
            for entry in game.history[self.game.ply:]:  # what happened while away
                self.game.replay([entry])
        else:
            self.game = game
        self._take_clock(message.get("clock"))
        self.session.seat, self.session.token = fresh.seat, fresh.token
        self.session.seats, self.session.paused = fresh.seats, fresh.paused
        self.session.game = self.game
        self.seats = self._seats()
        self._keep_token()

    def clock_player(self, k: int) -> int | None:
        """The server's clock kingdom k's moves are timed on (its players', named by their
        first kingdom), or None."""
        c = self.clocks
        if c is None:
            return None
        return next((p for p in sorted(c.left) if self.game.teams[p] == self.game.teams[k]), None)

    def _take_clock(self, clock: Any) -> None:
        """The server's clocks, as it sent them (with the welcome and each move): shown here,
        the running one counting down from now. A message that is not a clock is left out."""
        try:
            got = read_clock_record(clock, KINGDOMS)
        except ValueError:
            return
        if not got.left:
            return
        if self.clocks is None or self.clocks.spec != got.spec or set(self.clocks.left) != set(got.left):
            self.clocks = Clocks(got.spec, got.left)
        self.clocks.set_left(got.left, got.running, time.monotonic())

    def _rejoin(self) -> None:
        """Join again after the connection ended, after a pause that grows with each connection
        in a row that brought nothing; give up after Backoff.TRIES of them."""
        now = time.monotonic()
        if self._retry_at is None:
            pause = self._backoff.failed()
            self.gave_up = self._backoff.spent
            self._retry_at = now + pause
            return
        if now < self._retry_at:
            return
        self._retry_at = None
        self.link = Link(*self.address, hello(self.code, token=self.session.token,
                                              spectate=not self.session.token))

    def _keep_token(self) -> None:
        """File the seat token for this server (the host's is in its own state file)."""
        if self.session.token and self.server is None:
            self.tokens.put(key_of(self.address[0], self.address[1], self.code), self.session.token)

    def serve_again(self) -> None:
        """Start the host's server again on the same port, from the table it held (the game as
        far as it went); this window joins it again by itself. Raises OSError."""
        assert self.server is not None
        old = self.server.server
        fresh = ServerThread(Server(old.table, old.bind, old.port, old.bot_delay))
        fresh.start()
        self.server = fresh
        self._retry_at, self.gave_up = 0.0, False  # it listens now: join at once, not at the next retry
        self._backoff.progress()

    def lockouts(self) -> list[tuple[str, float]]:
        return self.server.lockouts() if self.server is not None else []

    def lift(self) -> None:
        if self.server is not None:
            self.server.lift()

    def join_requests(self) -> int:
        return self.server.requests() if self.server is not None else 0

    def admit(self) -> None:
        if self.server is not None:
            self.server.admit()

    @property
    def server_stopped(self) -> bool:
        return self.server is not None and self.server.stopped

    def close(self) -> None:
        self.link.close()
        super().close()
        if self.server is not None:
            self.server.stop()
            self.server = None


def connect(host: str, port: int, code: str, tokens: Tokens, name: str = "") -> Link:
    """Open a connection; with a seat token kept for this server, to take that seat again."""
    token = tokens.get(key_of(host, port, code))
    return Link(host, port, hello(code, name, token=token, spectate=not token))



