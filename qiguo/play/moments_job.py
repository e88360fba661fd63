"""Key moments found in a separate process (a review of a long game takes seconds of pure-Python
work, which in a thread would take frames from the window): the window starts a job, polls its
progress each frame, and may stop it at any time. No pygame here."""
from __future__ import annotations

import multiprocessing as mp
import queue
import weakref
from typing import Any

from qiguo.ai.coach import Moment, key_moments
from qiguo.ai.coach.accuracy import Judged
from qiguo.ai.coach.standing import course
from qiguo.ai.worker import kill_unclosed
from qiguo.engine import Game


def _run(record: dict[str, Any], kingdoms: list[int], out: Any, stop: Any) -> None:
    try:
        game = Game.from_record(record)
        review = key_moments(game, kingdoms, lambda done, total: out.put(("progress", done, total)), stop.is_set)
        out.put(("done", review.moments, review.judged, course(game)))
    except Exception as e:  # said to the window, which shows it
        out.put(("error", f"{type(e).__name__}: {e}"))


class MomentsJob:
    """One review in the background: `done` of `total` moves looked at; `moments` once finished
    (None before), with every move judged (`judged`, for the accuracy) and the standing after
    each ply (`course`, for the graph); `error` if it failed."""

    def __init__(self, game: Game, kingdoms: list[int]):
        ctx = mp.get_context("spawn")
        self._out = ctx.Queue()
        self._stop = ctx.Event()
        self._proc = ctx.Process(target=_run, args=(game.record(), list(kingdoms), self._out, self._stop),
                                 name="qiguo-review", daemon=True)
        self._proc.start()
        self._unclosed = weakref.finalize(self, kill_unclosed, self._proc, self._out, self._stop)
        self.done, self.total = 0, 0
        self.moments: list[Moment] | None = None
        self.judged: list[Judged] = []
        self.course: list[list[float]] = []
        self.error = ""

    @property
    def running(self) -> bool:
        return self.moments is None and not self.error

    def poll(self) -> None:
        """Take in what the review said since the last poll (never blocks)."""
        while self.running:
            try:
                kind, *rest = self._out.get_nowait()
            except queue.Empty:
                if not self._proc.is_alive() and self._out.empty():
                    self.error = self.error or "the review stopped"
                return
            except (EOFError, OSError):
                self.error = "the review stopped"
                return
            if kind == "progress":
                self.done, self.total = rest
            elif kind == "done":
                self.moments, self.judged, self.course = rest
            else:
                self.error = rest[0]

    def close(self) -> None:
        """Stop the review (it ends within a move) and the process."""
        self._stop.set()
        self._proc.join(timeout=0.5)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join(timeout=2)
        self._unclosed.detach()
        self._out.cancel_join_thread()
        self._out.close()
