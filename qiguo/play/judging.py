"""The coach's judge asked in a separate process (its search takes a second of pure Python,
which in a thread would take frames from the window): the practice screen asks whether a move
answers an exercise and polls for the verdict each frame. No pygame here."""
from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass


from qiguo.ai.coach import Judge

from .practice import Problem


@dataclass(frozen=True)
class Ruling:
    """The judge's answer: whether the move is as good as its choice (within the margin), and
    its choice."""

    good: bool
    best: int
    gap: float = 0.0
    """How much the judge's search values its choice above the move (0 when it is as good)..."""
    best_value: float = 0.0
    """... and what it values its choice at."""


def rule(problem: Problem, code: int) -> Ruling:
    """Judge the mover's move `code` in the problem's position (in the worker process)."""
    judge = Judge(problem.game())
    verdict = judge.verdict(code)
    return Ruling(judge.good_enough(code), judge.best, verdict.cost, verdict.best_value)


class Judging:
    """One worker process for the judge's rulings, one at a time; started on the first ask."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future[Ruling] | None = None
        self.error = ""

    def ask(self, problem: Problem, code: int) -> None:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"))
        self.error = ""
        self._future = self._pool.submit(rule, problem, code)

    @property
    def pending(self) -> bool:
        return self._future is not None

    def poll(self) -> Ruling | None:
        """The ruling once it is there (never blocks); None while it is being made. A failed
        ruling sets `error`."""
        f = self._future
        if f is None or not f.done():
            return None
        self._future = None
        try:
            return f.result()
        except Exception as e:  # the worker died or the position was refused: said, not raised
            self.error = f"{type(e).__name__}: {e}"
            return None

    def close(self) -> None:
        """Stop the worker (a ruling under way is dropped)."""
        if self._pool is not None:
            procs = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for proc in procs:
                proc.terminate()
            self._pool = None
        self._future = None
