"""A game in the window: the engine's Game, who sits where, and the bots' worker.

Scenes call :meth:`Match.update` every frame and :meth:`Match.play_human` on a click; both
return a :class:`Played` describing what changed, for the animation and the log."""
from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from qiguo.ai.seats import player_of, players
from qiguo.ai.worker import HINT, BotWorker, Reply
from qiguo.clock import Clocks, ClockSpec
from qiguo.engine import Game, Move, Piece

from .seats import HUMAN, NETWORK, Seat, kingdoms_of


BEAT = 0.5
"""A clock is timed from frame to frame: a gap longer than this between two frames (the game's
screen not on top, a menu over it) is not charged to anyone."""


class Worker(Protocol):
    @property
    def busy(self) -> bool: ...

    def request(self, game: Game, level: str, seed: int = 0) -> int: ...
    def poll(self) -> Reply | None: ...
    def cancel(self) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class Played:
    """One move as it changed the board."""

    kingdom: int
    move: Move
    piece: Piece | None
    """The piece that moved (None for a pass)."""
    captured: Piece | None
    left: list[tuple[int, Piece]]
    """Every piece that left the board, with its point: the captured one, a general lifted by
    attrition, an army removed."""
    fallen: list[int]
    warning: str | None = None
    owner: int = -1
    """Who moved the captured piece's army before the capture (-1: no capture, or inert)."""


class BaseMatch(ABC):
    """What a local and a network match share, and the one face both show the scene (it does not
    know which it holds): the game, who sits where, hints, and playing a move."""

    networked: bool
    """Played through a server (:class:`~qiguo.play.net_match.NetMatch`)."""
    kept_elsewhere: bool
    """Whether the game is kept by a server (a network game), not in this window's saves."""
    server: Any = None
    """The server thread of a game this window hosts."""
    code = ""
    """The join code of a network game."""
    problem = ""
    """What the server last sent that could not be taken in."""
    gave_up = False
    """Whether joining a network game's server again was given up."""
    paused: bool
    rules: Any
    blocs: list[str]
    start_qfen: str | None
    clocks: Clocks | None = None
    """The players' clocks (None: a game without clocks). A network game's are the server's,
    shown here."""
    on_time: list[int]
    """The kingdoms that resigned because their player's time ran out, in order."""
    _clock_beat = 0.0
    """When the clocks were last timed."""
    agreed = False
    """The game was ended by the agreement of the players still in."""

    def prefetch(self) -> bool:
        """Start the search of the bot to move, if there is one to start (a local game's)."""
        return False

    def clock_player(self, k: int) -> int | None:
        """The clock kingdom k's moves are timed on: its player's (a bloc shares one, kept under
        its first human kingdom); None for a bot's kingdom or a game without clocks."""
        return None if self.clocks is None else self.player_of(k)

    def player_of(self, k: int) -> int | None:
        """The player kingdom k's seat belongs to, named by the player's first human kingdom (a
        bloc of humans is one player); None for a bot's kingdom."""
        return player_of(self.game.teams, [s == HUMAN for s in self.seats], k)

    def players_in(self) -> list[int]:
        """The players at this window with a kingdom still in the game (each named by its first
        kingdom), in order."""
        return sorted({p for k in range(7) if self.game.alive[k] for p in [self.player_of(k)] if p is not None})

    def kingdoms_of_player(self, player: int) -> list[int]:
        """The kingdoms in play that `player` plays."""
        return [k for k in range(7) if self.game.alive[k] and self.player_of(k) == player]

    def end_by_agreement(self) -> bool:
        """Every player still in agreed: the game ends as it stands (docs/rules.md, house rules)."""
        if self.game.result is not None or self.networked:
            return False
        self._cancel()
        self.game.end_by_agreement()
        self.agreed = True
        return True

    def time_clocks(self, stopped: bool, now: float | None = None) -> list[int]:
        """Let the mover's clock run (a human's, the game on, not `stopped`: paused, a menu open,
        the window minimised) or stop it; when a player's time runs out their kingdoms resign:
        returns those kingdoms."""
        c = self.clocks
        if c is None:
            return []
        now = time.monotonic() if now is None else now
        if now - self._clock_beat > BEAT:  # not called for a while (a menu on top): stopped meanwhile
            c.run(None, self._clock_beat)
        self._clock_beat = now
        g = self.game
        running = None if stopped or self.paused or g.result is not None else self.clock_player(g.turn)
        flagged = c.expire(running, now)
        if flagged is None:
            return []
        out = self.kingdoms_of_player(flagged)
        for k in out:
            self.on_time.append(k)
            self.resign(k)
        return out

    def __init__(self, game: Game, seats: list[Seat], seed: int, bot_delay: float,
                 worker_factory: Callable[[], Worker] | None):
        self.game = game
        self.seats = seats
        self.seed = seed
        self.bot_delay = bot_delay
        self.created = time.time()
        """When this game started (or this window joined it): it names the game's one entry among the saves."""
        self.on_time = []
        self._worker_factory = worker_factory or (lambda: BotWorker())
        self.worker: Worker | None = None
        self.hint: int | None = None
        self._hint_for: int | None = None  # the ply a hint request was made at
        self.notes: list[dict[str, Any]] = []
        """Seat events the scene has not shown yet (network games only)."""

    @property
    def seat(self) -> Seat:
        """Who plays the kingdom to move."""
        return self.seats[self.game.turn]

    def local_seats(self) -> list[Seat]:
        """The seats for a local copy of the game (a save): network players become humans."""
        return [HUMAN if s == NETWORK else s for s in self.seats]

    def legal_from(self, sq: int) -> dict[int, int]:
        """For a human's turn: destination point -> move code of the piece on `sq`."""
        if not self.human_to_move:
            return {}
        moves = map(Move, self.game.legal_codes())
        return {m.to_sq: m for m in moves if not m.is_pass and m.from_sq == sq}

    def ask_hint(self) -> bool:
        """Ask a hard bot which move the human to move should play (the answer arrives in
        :attr:`hint` via update). False when it is not a human's turn."""
        if not self.human_to_move:
            return False
        if self.worker is None:
            self.worker = self._worker_factory()
        self.hint = None
        self._hint_for = self.game.ply
        self.worker.request(self.game, HINT, seed=self.seed)
        return True

    @property
    def hint_pending(self) -> bool:
        """A hint was asked for and has not arrived."""
        return self._hint_for is not None

    def _poll_hint(self) -> None:
        reply = self.worker.poll() if self.worker is not None else None
        if reply is not None:
            if self._hint_for == self.game.ply and reply.move in self.game.legal_codes():
                self.hint = reply.move
            self._hint_for = None

    def _play(self, code: int, warning: str | None) -> Played:
        self.hint = None
        if self._hint_for is not None:
            self._cancel()
        g = self.game
        move = Move(code)
        before = g.occupied()
        alive = g.alive[:]
        k = g.turn
        player = self.clock_player(k)
        if self.clocks is not None and player is not None and not self.networked:  # a server's are its own
            self.clocks.moved(player, time.monotonic())
        piece = None if move.is_pass else g.piece_at(move.from_sq)
        captured = None if move.is_pass else g.piece_at(move.to_sq)
        owner = g.controller[captured.kingdom] if captured is not None else -1
        g.play_code(code)
        left = [(sq, p) for sq, p in before if g.piece_at(sq) != p and (move.is_pass or sq != move.from_sq)]
        fallen = [j for j in range(7) if alive[j] and not g.alive[j]]
        return Played(k, move, piece, captured, left, fallen, warning, owner)

    def presser(self) -> int | None:
        """The kingdom whose player an undo is for: the human to move, else the human who
        moved last (None when no human has moved and none is to move)."""
        g = self.game
        if g.result is None and self.seats[g.turn] == HUMAN:
            return g.turn
        return next((k for k in reversed(g.movers) if self.seats[k] == HUMAN), None)

    def _cancel(self) -> None:
        self._hint_for = None
        self.hint = None
        if self.worker is not None:
            self.worker.cancel()

    def close(self) -> None:
        """Stop the bot worker (when leaving the game)."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ---- what each kind does its own way ---------------------------------------------------

    @property
    @abstractmethod
    def human_to_move(self) -> bool:
        """Whether a player at this window is to move now."""

    @abstractmethod
    def play_human(self, code: int) -> Played | None:
        """Play a human's move if it is legal now; None if not, or not played yet."""

    @abstractmethod
    def update(self) -> Played | None:
        """Called every frame: the move played since, if any. Never blocks."""

    @abstractmethod
    def resign(self, k: int) -> list[int]:
        """Kingdom k resigns; returns the kingdoms that fell now."""

    @property
    @abstractmethod
    def can_undo(self) -> bool: ...

    @property
    @abstractmethod
    def can_redo(self) -> bool: ...

    @abstractmethod
    def undo_plan(self, k: int | None = None) -> tuple[int, list[int]]:
        """What taking back to the last move of kingdom k's player undoes: how many moves, and
        the other humans' kingdoms whose moves go with them. (0, []) when nothing is undone."""

    @abstractmethod
    def undo(self, k: int | None = None) -> bool:
        """Take back to the last move of kingdom k's player; False if nothing was taken back."""

    @abstractmethod
    def redo(self) -> bool:
        """Play again what the last undo took back; False if nothing was."""

    @abstractmethod
    def restart(self) -> None:
        """The same set-up from the start."""

    @property
    @abstractmethod
    def connected(self) -> bool:
        """Whether the server can be reached (a local game always is)."""

    @abstractmethod
    def labels(self) -> list[dict[str, Any]]:
        """The server's word on every seat (network games)."""

    @abstractmethod
    def lockouts(self) -> list[tuple[str, float]]:
        """The addresses the hosted server locked out for wrong join codes."""

    @abstractmethod
    def lift(self) -> None:
        """Let the locked-out addresses try again (a hosted game)."""

    @abstractmethod
    def join_requests(self) -> int:
        """How many newcomers the hosted server's guessing budgets turned away lately."""

    @abstractmethod
    def admit(self) -> None:
        """Let the oldest of them try their join code (a hosted game)."""

    @property
    @abstractmethod
    def server_stopped(self) -> bool:
        """Whether the server this window hosts stopped before its game was over."""


class Match(BaseMatch):
    """A game played in this window: seats, rules and a Game; asks the worker for bot moves
    without ever waiting for it; moves can be taken back and played again."""

    networked = False
    kept_elsewhere = False

    def __init__(self, seats: list[Seat], rules: Any = "standard", blocs: list[str] | None = None,
                 seed: int = 0, qfen: str | None = None, bot_delay: float = 0.5,
                 worker_factory: Callable[[], Worker] | None = None, clock: ClockSpec | None = None):
        self.rules = rules
        self.blocs = list(blocs or [])
        self.start_qfen = qfen
        self.paused = False
        super().__init__(self._new_game(seats), seats, seed, bot_delay, worker_factory)
        if clock is not None:
            self.clocks = Clocks(clock, players(self.game.teams, [s == HUMAN for s in seats]))
        self._reply: Reply | None = None
        self._asked_at = 0.0
        self._redo: list[list[str]] = []

    def _new_game(self, seats: list[Seat]) -> Game:
        kingdoms = kingdoms_of(seats)
        if self.start_qfen:
            return Game.from_qfen(self.start_qfen, self.rules, blocs=self.blocs or None, kingdoms=kingdoms)
        return Game.new(self.rules, kingdoms=kingdoms, blocs=self.blocs or None)

    @property
    def human_to_move(self) -> bool:
        return self.game.result is None and self.seat == HUMAN

    def play_human(self, code: int) -> Played | None:
        if not self.human_to_move or code not in self.game.legal_codes():
            return None
        return self._play(code, None)

    def _play(self, code: int, warning: str | None) -> Played:
        self._redo.clear()  # a new move: what an undo took back cannot be played again
        return super()._play(code, warning)

    def update(self) -> Played | None:
        """Drive the bots: ask for a move, collect it, play it after the pause. Never blocks."""
        g = self.game
        if self._hint_for is not None:
            self._poll_hint()
            return None
        if g.result is not None or self.seat in (HUMAN, None):
            return None
        if self._reply is None:
            if not self.prefetch() and not self.worker_busy:
                return None
            assert self.worker is not None
            self._reply = self.worker.poll()
            if self._reply is None:
                return None
        if self.paused or time.monotonic() - self._asked_at < self.bot_delay:
            return None
        reply, self._reply = self._reply, None
        if reply.move not in g.legal_codes():  # a stale answer: ask again
            return None
        return self._play(reply.move, reply.warning)

    @property
    def worker_busy(self) -> bool:
        return self.worker is not None and self.worker.busy

    def prefetch(self) -> bool:
        """Ask the worker for the bot to move now, if it is not asked already (the window calls
        this while the last move still glides, so that the search and the pause overlap the
        glide); False when no bot is to move or the game is paused."""
        g = self.game
        if g.result is not None or self.seat in (HUMAN, None) or self._hint_for is not None or self.paused:
            return False
        if self.worker is None:
            self.worker = self._worker_factory()
        if not self.worker.busy and self._reply is None:
            self.worker.request(g, self.seat, seed=self.seed * 100_003 + g.ply)
            self._asked_at = time.monotonic()
        return True

    def resign(self, k: int) -> list[int]:
        """Kingdom k resigns (if it is in the game); returns the kingdoms that fell."""
        g = self.game
        if g.result is not None or not g.alive[k]:
            return []
        self._cancel()
        self._redo.clear()
        g.resign(k)
        return [k]

    @property
    def can_undo(self) -> bool:
        return any(self.seats[k] == HUMAN for k in self.game.movers)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo_plan(self, k: int | None = None) -> tuple[int, list[int]]:
        """What taking back to the last move of kingdom k's player (its team: a player may hold
        a bloc; default: any human's) undoes: how many moves, and the other humans' kingdoms
        whose moves go with them, in the order they moved. (0, []) when it has not moved."""
        g = self.game
        team = None if k is None else g.teams[k]
        mine = (lambda j: self.seats[j] == HUMAN) if team is None else (lambda j: g.teams[j] == team)
        others: list[int] = []
        for n, j in enumerate(reversed(g.movers), 1):
            if mine(j):
                return n, others[::-1]
            if self.seats[j] == HUMAN and j not in others:
                others.append(j)
        return 0, []

    def undo(self, k: int | None = None) -> bool:
        """Take back moves until the last move of kingdom k's player is undone (default: any
        human's; the bots' and others' moves after it go too, and a bot that is thinking is
        stopped). False if that player has not moved."""
        n, _ = self.undo_plan(k)
        if not n:
            return False
        self._cancel()
        g = self.game
        taken: list[str] = []
        for _ in range(n):
            taken.append(g.history[-1])
            g.undo()
        self._redo.append(taken[::-1])
        return True

    def redo(self) -> bool:
        """Play again what the last undo took back. False if there is nothing to redo."""
        if not self._redo:
            return False
        self._cancel()
        self.game.replay(self._redo.pop())
        return True

    def restart(self) -> None:
        """The same set-up from the start (a new game, with an entry of its own)."""
        self._cancel()
        self.game = self._new_game(self.seats)
        self.created = time.time()

    def _cancel(self) -> None:
        self._reply = None
        super()._cancel()

    def close(self) -> None:
        self._reply = None
        super().close()

    @property
    def connected(self) -> bool:
        return True

    def labels(self) -> list[dict[str, Any]]:
        return []

    def lockouts(self) -> list[tuple[str, float]]:
        return []

    def lift(self) -> None:
        """No server: nobody is locked out."""

    def join_requests(self) -> int:
        return 0

    def admit(self) -> None:
        """No server: nobody waits."""

    @property
    def server_stopped(self) -> bool:
        return False
