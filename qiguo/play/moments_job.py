"""Key moments found in a separate process (a review of a long game takes seconds of pure-Python
work, which in a thread would take frames from the window): the window starts a job, polls its
progress each frame, and may stop it at any time. No pygame here."""
from __future__ import annotations

from typing import Any

from qiguo.ai.coach import Moment, key_moments
from qiguo.ai.coach.accuracy import Judged
from qiguo.ai.coach.standing import course
from qiguo.engine import Game

from .background import Job


def _run(record: dict[str, Any], kingdoms: list[int], out: Any, stop: Any) -> None:
    try:
        game = Game.from_record(record)
        review = key_moments(game, kingdoms, lambda done, total: out.put(("progress", done, total)), stop.is_set)
        out.put(("done", review.moments, review.judged, course(game)))
    except Exception as e:  # said to the window, which shows it
        out.put(("error", f"{type(e).__name__}: {e}"))


class MomentsJob(Job):
    """One review in the background: `done` of `total` moves looked at; `moments` once finished
    (None before), with every move judged (`judged`, for the accuracy) and the standing after
    each ply (`course`, for the graph); `error` if it failed."""

    def __init__(self, game: Game, kingdoms: list[int]):
        super().__init__(_run, (game.record(), list(kingdoms)), "qiguo-review", "the review stopped")
        self.done, self.total = 0, 0
        self.moments: list[Moment] | None = None
        self.judged: list[Judged] = []
        self.course: list[list[float]] = []

    @property
    def running(self) -> bool:
        return self.moments is None and not self.error

    def poll(self) -> None:
        """Take in what the review said since the last poll (never blocks)."""
        for kind, *rest in self.messages():
            if kind == "progress":
                self.done, self.total = rest
            elif kind == "done":
                self.moments, self.judged, self.course = rest
