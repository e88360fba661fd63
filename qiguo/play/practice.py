"""Practice with a purpose, kept in ``practice.json`` in the data folder: the puzzle rating (the
model of :mod:`qiguo.ai.ratings`, a puzzle being a game between the player and the puzzle), the
streak, which puzzles were tried, and the exercises made from the player's own key moments.

An exercise is the position before a key moment's move: find a better move. A move the coach's
judge values within its margin of its own choice is right (not only that one move); two tries,
then the answer. Spaced repetition (Leitner's boxes): an exercise failed comes back the next
day; solved on the first try it is done; solved after a failure it comes back after 3, then 7
days, and is done once solved on two later days. A damaged file is set aside as
``practice.json.bad`` and said once; practice starts again. No pygame here."""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any, Iterable

from qiguo.ai.coach import Moment
from qiguo.ai.puzzles import Puzzle
from qiguo.ai.ratings import Rating, after_puzzle
from qiguo.engine import Game, Move

from .files import data_dir, read_kept, set_aside, write_json

FILE = "practice.json"
FORMAT = "qiguo-practice"
INTERVALS = (1, 3, 7)
"""Days before an exercise comes back: failed (box 0), then solved once and twice after a failure."""
DONE_BOX = 2
"""An exercise solved after a failure is done once it reaches this box."""
KEPT_TRIES = 2000
"""Puzzle tries kept at most (the oldest go first)."""
KEPT_REVIEWED = 500
"""Games whose key moments were looked through, remembered at most (the record keeps as many)."""
EXERCISE_RATING = 1500
"""What an exercise is shown as, beside the puzzles (it moves no rating)."""


def today() -> int:
    """Today's date as a day number (local time)."""
    return date.today().toordinal()


@dataclass(frozen=True)
class Exercise:
    """A key moment to put right: the position before the move, the move played, the coach's
    move, and its place in the repetition (due day, box, fails, done)."""

    id: str
    qfen: str
    rules: dict[str, Any]
    played: str
    better: str
    due: int
    box: int = 0
    fails: int = 0
    done: bool = False
    kingdoms: str = ""
    """The kingdoms that started the game ("": those with a trace in the position)."""
    blocs: tuple[str, ...] = ()
    """The game's alliance blocs."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "qfen": self.qfen, "rules": self.rules, "played": self.played, "better": self.better,
                "due": self.due, "box": self.box, "fails": self.fails, "done": self.done, "kingdoms": self.kingdoms,
                "blocs": list(self.blocs)}

    @classmethod
    def from_json(cls, d: Any) -> Exercise:
        if not isinstance(d, dict):
            raise ValueError("not an exercise")
        ints = [d.get(k) for k in ("due", "box", "fails")]
        strs = [d.get(k) for k in ("id", "qfen", "played", "better")]
        if not (all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in ints)
                and all(isinstance(v, str) and 0 < len(v) <= 4000 for v in strs)
                and isinstance(d.get("rules"), dict) and isinstance(d.get("done"), bool)):
            raise ValueError("not an exercise")
        kingdoms, blocs = d.get("kingdoms", ""), d.get("blocs", [])
        if not (isinstance(kingdoms, str) and len(kingdoms) <= 7 and isinstance(blocs, list)
                and all(isinstance(b, str) and len(b) <= 7 for b in blocs)):
            raise ValueError("not an exercise")
        return cls(d["id"], d["qfen"], d["rules"], d["played"], d["better"], d["due"], d["box"], d["fails"],
                   d["done"], kingdoms, tuple(blocs))


@dataclass(frozen=True)
class Problem:
    """What the practice screen sets: a puzzle (the daily one too) or an exercise. `solution`:
    the moves accepted at once (a puzzle's); an exercise's answer is judged by the coach."""

    kind: str
    """"puzzle", "daily" or "exercise"."""
    id: str
    qfen: str
    rules: Any
    solution: tuple[str, ...]
    theme: str
    rating: int
    played: str = ""
    """An exercise's move that was played in the game (a key moment)."""
    kingdoms: str = ""
    blocs: tuple[str, ...] = ()

    def game(self) -> Game:
        return position(self.qfen, self.rules, self.kingdoms, self.blocs)

    @property
    def judged(self) -> bool:
        """Whether an answer needs the coach's judge (an exercise) rather than the solution list."""
        return self.kind == "exercise"


def of_puzzle(p: Puzzle, kind: str = "puzzle") -> Problem:
    return Problem(kind, p.id, p.qfen, p.rules, p.solution, p.theme, p.rating)


def of_exercise(e: Exercise) -> Problem:
    return Problem("exercise", e.id, e.qfen, e.rules, (e.better,), "mistake", EXERCISE_RATING, e.played, e.kingdoms,
                   e.blocs)


def position(qfen: str, rules: Any, kingdoms: str = "", blocs: tuple[str, ...] = ()) -> Game:
    """A problem's position, with the set-up of the game it came from (who started, the blocs)."""
    return Game.from_qfen(qfen, rules, kingdoms=kingdoms or None, blocs=list(blocs) or None)


@dataclass
class Practice:
    """The player's practice: puzzle rating and streak, puzzles tried, exercises."""

    rating: Rating = field(default_factory=Rating)
    streak: int = 0
    best_streak: int = 0
    tries: list[dict[str, Any]] = field(default_factory=list)
    """Each puzzle try: when, id, solved, the rating after it."""
    exercises: dict[str, Exercise] = field(default_factory=dict)
    reviewed: list[str] = field(default_factory=list)
    """The games whose key moments were looked through (`game_key`), oldest first."""
    problem: str = ""
    """Why the file could not be read, when it was set aside ("" otherwise)."""

    # ---- the file -----------------------------------------------------------------------

    @classmethod
    def load(cls) -> Practice:
        """The practice kept in the data folder (a new one when there is none, or when the file
        is damaged: then it is set aside and `problem` says so)."""
        p = path()
        try:
            data = read_kept(p, ValueError)
        except ValueError as e:
            return cls(problem=str(e))
        if data is None:
            return cls()
        try:
            return cls.from_json(data)
        except (ValueError, KeyError, TypeError):
            set_aside(p)
            return cls(problem=f"{FILE}: not a practice file")

    @classmethod
    def from_json(cls, data: Any) -> Practice:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a practice file")
        tries = data["tries"]
        if not isinstance(tries, list) or not all(
                isinstance(x, dict) and isinstance(x.get("id"), str) and isinstance(x.get("solved"), bool)
                and isinstance(x.get("when"), (int, float)) for x in tries):
            raise ValueError("bad tries")
        streak, best = data["streak"], data["best_streak"]
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (streak, best)):
            raise ValueError("bad streak")
        exercises = [Exercise.from_json(x) for x in data["exercises"]]
        reviewed = data.get("reviewed", [])  # not in the files of earlier versions
        if not isinstance(reviewed, list) or not all(isinstance(x, str) for x in reviewed):
            raise ValueError("bad reviewed")
        return cls(Rating.from_json(data["rating"]), streak, best, tries, {e.id: e for e in exercises}, reviewed)

    def save(self) -> bool:
        """Write the practice (atomically); False when it could not be written."""
        try:
            write_json(path(), {"format": FORMAT, "version": 1, "rating": self.rating.to_json(), "streak": self.streak,
                                "best_streak": self.best_streak, "tries": self.tries[-KEPT_TRIES:],
                                "exercises": [e.to_json() for e in self.exercises.values()],
                                "reviewed": self.reviewed[-KEPT_REVIEWED:]})
        except OSError:
            return False
        return True

    # ---- puzzles ------------------------------------------------------------------------

    @property
    def tried(self) -> set[str]:
        return {x["id"] for x in self.tries}

    def daily(self, puzzles: list[Puzzle], day: int) -> Puzzle | None:
        """The day's puzzle: the same for everyone on that date."""
        if not puzzles:
            return None
        ordered = sorted(puzzles, key=lambda p: p.id)
        return ordered[int(hashlib.sha256(str(day).encode()).hexdigest(), 16) % len(ordered)]

    def next_puzzle(self, puzzles: list[Puzzle], skip: Iterable[str] = ()) -> Puzzle | None:
        """The untried puzzle nearest the player's puzzle rating (every puzzle again once all
        were tried)."""
        tried, skipped = self.tried, set(skip)
        fresh = [p for p in puzzles if p.id not in tried and p.id not in skipped] or [
            p for p in puzzles if p.id not in skipped]
        return min(fresh, key=lambda p: (abs(p.rating - self.rating.shown), p.id), default=None)

    def puzzle_done(self, problem: Problem, solved: bool, when: float | None = None) -> int:
        """Count a try at a puzzle (solved: on the first try); returns the rating's change."""
        before = self.rating.shown
        self.rating = after_puzzle(self.rating, Rating.of_shown(problem.rating), solved)
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.tries.append({"when": time.time() if when is None else when, "id": problem.id, "solved": solved,
                           "rating": self.rating.shown})
        return self.rating.shown - before

    # ---- exercises ----------------------------------------------------------------------

    def add_moments(self, game: Game, moments: Iterable[Moment], day: int) -> int:
        """Make an exercise of each key moment of `game` (once each); returns how many are new."""
        new = 0
        record = game.record()
        for m in moments:
            before = Game.from_record({**record, "moves": game.history[:m.ply - 1]})
            qfen = before.to_qfen()
            ident = "x" + hashlib.sha256(f"{qfen} {m.move}".encode()).hexdigest()[:12]
            if ident in self.exercises:
                continue
            self.exercises[ident] = Exercise(ident, qfen, before.rules.options(), m.move, m.better, day,
                                             kingdoms=game.kingdoms, blocs=tuple(game.blocs))
            new += 1
        return new

    def looked_through(self, record: dict[str, Any]) -> None:
        """Remember that the key moments of a game (its `Game.record()`) were looked through."""
        key = game_key(record)
        if key not in self.reviewed:
            self.reviewed.append(key)

    def due(self, day: int) -> list[Exercise]:
        """The exercises to do on `day`, the longest waiting first."""
        return sorted((e for e in self.exercises.values() if not e.done and e.due <= day), key=lambda e: (e.due, e.id))

    def next_due(self, day: int) -> int | None:
        """The day the next exercise not yet done comes back after `day` (None: there is none)."""
        later = [e.due for e in self.exercises.values() if not e.done and e.due > day]
        return min(later) if later else None

    def exercise_done(self, ident: str, solved: bool, day: int) -> Exercise | None:
        """Count a try at an exercise on `day`; the exercise as it now stands."""
        e = self.exercises.get(ident)
        if e is None:
            return None
        if not solved:
            e = replace(e, box=0, fails=e.fails + 1, due=day + INTERVALS[0])
        elif e.fails == 0:
            e = replace(e, done=True)
        else:
            box = e.box + 1
            e = replace(e, box=box, done=box >= DONE_BOX, due=day + INTERVALS[min(box, len(INTERVALS) - 1)])
        self.exercises[ident] = e
        return e


def path() -> Path:
    return data_dir() / FILE


def game_key(record: dict[str, Any]) -> str:
    """A game's name in `Practice.reviewed`, from its record (where it started and its moves)."""
    text = " ".join([str(record.get("start")), *map(str, record.get("moves") or ())])
    return "g" + hashlib.sha256(text.encode()).hexdigest()[:16]


def accepted(problem: Problem, code: int) -> bool | None:
    """Whether the move `code` answers a puzzle (None for an exercise: the judge decides)."""
    if problem.judged:
        return False if str(Move(code)) == problem.played else None
    return str(Move(code)) in problem.solution
