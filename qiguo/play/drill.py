"""A run of problems on the practice screen, decided without pygame: which problem comes next,
whether a move answers it (two tries, then the answer with its reason), and what each try
counts for (the puzzle rating and streak, an exercise's next day). The screen only turns input
into :meth:`Drill.answer` and draws what it is told."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from qiguo.ai.coach import Contrast, contrast
from qiguo.ai.puzzles import Puzzle
from qiguo.engine import Game

from .judging import Judging
from .practice import Practice, Problem, accepted, of_exercise, of_puzzle, today

TRIES = 2
"""Tries at a problem before the answer is shown."""
MODES = ("puzzles", "daily", "exercises")
"""Puzzles by rating (the exercises due first: your own mistakes join the puzzles), the day's
puzzle (then puzzles), or only the exercises due."""


@dataclass(frozen=True)
class Outcome:
    """How a problem ended: solved (and on which try), the answer shown, the rating's change."""

    solved: bool
    tries: int
    answer: int
    change: int = 0


class Drill:
    """Problems one after another for one practice session."""

    def __init__(self, practice: Practice, puzzles: list[Puzzle], mode: str = "puzzles", day: int | None = None,
                 judging: Callable[[], Judging] = Judging):
        if mode not in MODES:
            raise ValueError(f"unknown practice mode {mode!r}")
        self.practice, self.puzzles, self.mode = practice, puzzles, mode
        self.day = today() if day is None else day
        self._judging_factory = judging
        self._judging: Judging | None = None
        self.seen: list[str] = []
        self.problem: Problem | None = None
        self.game: Game | None = None
        self.tries = 0
        self.wrong: int | None = None
        """The last wrong move tried (drawn on the board)."""
        self.why: Contrast | None = None
        """Why the last wrong move is wrong: the explainer's contrast with the better move."""
        self.outcome: Outcome | None = None
        self.checking: int | None = None
        """A move the judge is looking at (an exercise's answer), if any."""
        self.saved = True
        self.next()

    # ---- which problem ------------------------------------------------------------------

    def _pick(self) -> Problem | None:
        p = self.practice
        due = [e for e in p.due(self.day) if e.id not in self.seen]
        if self.mode == "exercises":
            return of_exercise(due[0]) if due else None
        if self.mode == "daily" and not self.seen:
            daily = p.daily(self.puzzles, self.day)
            if daily is not None:
                return of_puzzle(daily, "daily")
        if due:
            return of_exercise(due[0])
        found = p.next_puzzle(self.puzzles, self.seen)
        return of_puzzle(found) if found is not None else None

    def next(self) -> bool:
        """Set the next problem; False when there is none left."""
        self.problem = self._pick()
        self.tries, self.wrong, self.why, self.outcome, self.checking = 0, None, None, None, None
        if self.problem is None:
            self.game = None
            return False
        self.seen.append(self.problem.id)
        self.game = self.problem.game()
        return True

    # ---- answers ------------------------------------------------------------------------

    @property
    def open(self) -> bool:
        """Whether a move may be tried now."""
        return self.problem is not None and self.outcome is None and self.checking is None

    def answer(self, code: int) -> None:
        """Try the mover's move `code` (a legal move of the problem's position)."""
        problem, game = self.problem, self.game
        if not self.open or problem is None or game is None or code not in game.legal_codes():
            return
        verdict = accepted(problem, code)
        if verdict is None:
            if self._judging is None:
                self._judging = self._judging_factory()
            self.checking = code
            self._judging.ask(problem, code)
            return
        self._tried(code, verdict, None, 0.0, 0.0)

    def update(self) -> None:
        """Take in the judge's ruling on an exercise's answer, if it has come."""
        if self.checking is None or self._judging is None:
            return
        ruling = self._judging.poll()
        if ruling is None:
            if self._judging.error:  # the judge failed: the move is not counted, and may be tried again
                self.checking = None
            return
        code, self.checking = self.checking, None
        self._tried(code, ruling.good, ruling.best, ruling.gap, ruling.best_value)

    @property
    def error(self) -> str:
        return self._judging.error if self._judging is not None else ""

    def _tried(self, code: int, good: bool, best: int | None, gap: float, best_value: float) -> None:
        """Count a try: right, or wrong with its reason against the better move (the judge's,
        or the puzzle's answer); after the last try, the answer."""
        self.tries += 1
        if good:
            self._finish(True, code)
            return
        game, problem = self.game, self.problem
        assert game is not None and problem is not None
        better = best if best is not None else game.parse_move(problem.solution[0]).code
        self.wrong, self.why = code, contrast(game, code, better, gap, best_value)
        if self.tries >= TRIES:
            self._finish(False, best)

    def give_up(self) -> None:
        """Show the answer now (counted as not solved)."""
        if self.open:
            self.tries = max(self.tries, 1)
            self._finish(False, None)

    def _finish(self, solved: bool, shown: int | None) -> None:
        problem, game = self.problem, self.game
        assert problem is not None and game is not None
        answer = shown if shown is not None else game.parse_move(problem.solution[0]).code
        change = 0
        if problem.kind == "exercise":
            self.practice.exercise_done(problem.id, solved, self.day)
        else:
            change = self.practice.puzzle_done(problem, solved and self.tries == 1)
        self.outcome = Outcome(solved, self.tries, answer, change)
        self.wrong = None if solved else self.wrong
        self.saved = self.practice.save()

    def close(self) -> None:
        if self._judging is not None:
            self._judging.close()
            self._judging = None
