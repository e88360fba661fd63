"""Bots in a separate process, so that a search never takes frames from the caller's loop.

The caller submits a position with :meth:`BotWorker.request`, calls :meth:`BotWorker.poll` each
frame until it gets a :class:`Reply`, and may :meth:`cancel` or :meth:`close` at any time.
A bot that raises, hangs or answers an illegal move is replaced by a legal fallback move
with a logged warning; a hung or dead process is restarted."""
from __future__ import annotations

import logging
import multiprocessing as mp
import queue
import random
import time
import weakref
from dataclasses import dataclass
from typing import Any, Callable

from qiguo.engine import Game

from .bots import CAP_SECONDS, DEFAULT_BUDGETS, Budget, cap_seconds, choose_move, novice
from .coach import HINT_BUDGET, hint_move

log = logging.getLogger(__name__)

MARGIN = 2.0
"""Seconds past a bot's budget before it counts as hung."""
UNTIMED_LIMIT = 8.0
"""How long an untimed level (novice, easy) may take before it counts as hung."""
PARENT_CHECK = 0.5
"""Seconds between the worker's checks that its caller is still alive."""


HINT = "hint"
"""The level to ask for the coach's hint for the mover instead of a bot's move."""
BUDGETS = {**DEFAULT_BUDGETS, HINT: HINT_BUDGET}


def answer(game: Game, level: str, seed: int = 0, budget: Budget | None = None,
           cancelled: Callable[[], bool] | None = None) -> int:
    """What the worker answers: a bot's move at `level`, or the hint (level HINT)."""
    if level == HINT:
        return hint_move(game, 0, budget, cancelled)  # the one judge: the same hint as key moments
    return choose_move(game, level, seed, budget, cancelled)


@dataclass(frozen=True)
class Reply:
    """A move for the position of request `job`; `warning` says why it is a fallback."""

    job: int
    move: int
    seconds: float
    """How long the bot thought (in its process; a fallback: from the request to it)."""
    warning: str | None = None


def _serve(requests: Any, replies: Any, cancelled_upto: Any, bot: Callable[..., int]) -> None:
    """The worker process: answer requests until a None arrives or the caller is gone (a
    killed caller sends nothing, so the worker watches for it). Each request carries the whole
    game (:meth:`Game.record`: start position and every move), so the bot searches exactly the
    game being played, not a position rebuilt from a QFEN that lacks part of its state."""
    parent = mp.parent_process()
    while True:
        try:
            job = requests.get(timeout=PARENT_CHECK)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return
            continue
        if job is None:
            return
        job_id, record, level, seed, budget = job
        start = time.perf_counter()
        try:
            game = Game.from_record(record)
            move = bot(game, level, seed, budget, lambda: cancelled_upto.value >= job_id)
            replies.put((job_id, int(move), None, time.perf_counter() - start))
        except Exception as e:  # reported to the caller, which falls back
            replies.put((job_id, None, f"{type(e).__name__}: {e}", 0.0))


def kill_unclosed(proc: Any, *keep: Any) -> None:
    """Kill the process of a worker that was dropped without being closed. Its queues and other
    shared objects come in `keep`, so that they outlive it: a process still starting that finds
    them gone prints a traceback (their names are removed when they are collected)."""
    if proc.is_alive():
        proc.kill()
        proc.join(timeout=2)


class BotWorker:
    """One worker process that answers one request at a time."""

    def __init__(self, bot: Callable[..., int] = answer):
        self._ctx = mp.get_context("spawn")
        self._bot = bot
        self._proc: Any = None
        self._job = 0
        self._pending: tuple[int, Game, float, float, int] | None = None

    def _start(self) -> None:
        self._requests = self._ctx.Queue()
        self._replies = self._ctx.Queue()
        self._cancelled = self._ctx.Value("i", 0)
        proc = self._ctx.Process(target=_serve, daemon=True, name="qiguo-bot",
                                 args=(self._requests, self._replies, self._cancelled, self._bot))
        proc.start()  # only a started process is ours to close (a failed start leaves none)
        self._proc = proc
        self._unclosed = weakref.finalize(self, kill_unclosed, self._proc, self._requests, self._replies,
                                          self._cancelled)

    @property
    def busy(self) -> bool:
        return self._pending is not None

    def request(self, game: Game, level: str, seed: int = 0, budget: Budget | None = None) -> int:
        """Ask for a move for the game's mover; returns the job number. Cancels any earlier job."""
        if self._proc is None or not self._proc.is_alive():
            self._start()
        self.cancel()
        self._job += 1
        budget = budget or BUDGETS.get(level, Budget())
        # a search may go past its budget, up to its cap, to complete its minimum depth
        limit = (cap_seconds(budget.seconds) if budget.seconds else CAP_SECONDS if budget.nodes else UNTIMED_LIMIT) + MARGIN
        self._requests.put((self._job, game.record(), level, seed, budget))
        self._pending = (self._job, game.copy(), time.monotonic(), limit, seed)
        return self._job

    def poll(self) -> Reply | None:
        """The reply to the current request once there is one (never blocks)."""
        pending = self._pending
        if pending is None:
            return None
        job, game, started, limit, seed = pending
        elapsed = time.monotonic() - started
        while True:
            try:
                got_job, move, error, thought = self._replies.get_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError):
                return self._fallback(pending, "the bot process failed", restart=True)
            if got_job != job:
                continue  # the answer to a cancelled request
            if error is not None:
                return self._fallback(pending, f"the bot raised {error}")
            if move not in game.legal_codes():
                return self._fallback(pending, f"the bot answered an illegal move ({move})")
            self._pending = None
            return Reply(job, move, thought)
        if not self._proc.is_alive():
            return self._fallback(pending, "the bot process died", restart=True)
        if elapsed > limit:
            return self._fallback(pending, f"the bot took over {limit:.1f} s", restart=True)
        return None

    def _fallback(self, pending: tuple, why: str, restart: bool = False) -> Reply:
        """A legal move for a request the bot failed, and a restart if the process is lost."""
        job, game, started, _, seed = pending
        self._pending = None
        if restart:
            self._kill()
        log.warning("%s; playing a fallback move", why)
        moves = sorted(game.legal_codes())
        move = novice(game, moves, random.Random(seed))
        return Reply(job, move, time.monotonic() - started, warning=why)

    def cancel(self) -> None:
        """Abandon the current request (its search stops early; its answer is ignored)."""
        if self._pending is not None:
            self._cancelled.value = self._pending[0]
            self._pending = None

    def _kill(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.join(timeout=5)
            self._proc = None
            self._close_queues()

    def _close_queues(self) -> None:
        self._unclosed.detach()
        for q in (self._requests, self._replies):
            q.cancel_join_thread()
            q.close()

    def close(self) -> None:
        """Stop the process and wait for it; safe to call more than once."""
        self._pending = None
        if self._proc is None:
            return
        if self._proc.is_alive():
            self._cancelled.value = self._job
            try:
                self._requests.put(None)
            except (OSError, ValueError):
                pass
            self._proc.join(timeout=0.3)  # a search stops at the cancel within milliseconds
        if self._proc is not None and self._proc.is_alive():
            self._kill()
            return
        self._proc = None
        self._close_queues()
