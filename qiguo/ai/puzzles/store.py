"""Puzzle files: one JSON object a line, ``{"id", "qfen", "rules", "solution", "theme",
"rating"}`` (``solution``: the accepted first moves, best first). Reading checks the form of
every line (a damaged file is one PuzzleError saying where); :func:`check` checks a puzzle
against the rules and the deeper search."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from qiguo.assets import asset
from qiguo.engine import EngineError, Game, Move

from .mine import CHECK_DEPTH, THEMES, clearly_best
from .themes import point, proven_theme

SHIPPED = ("puzzles", "puzzles.jsonl")
"""The puzzles that come with the game, under assets/."""
MOST = 5_000
"""The most puzzles a file may hold."""


class PuzzleError(ValueError):
    """A puzzle file that cannot be read; the message says where and why."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    qfen: str
    rules: str
    solution: tuple[str, ...]
    theme: str
    rating: int

    def game(self) -> Game:
        """The puzzle's position (raises EngineError when it is not a legal one)."""
        return Game.from_qfen(self.qfen, self.rules)

    def to_json(self) -> dict:
        return {"id": self.id, "qfen": self.qfen, "rules": self.rules, "solution": list(self.solution),
                "theme": self.theme, "rating": self.rating}


def parse(line: str, where: str) -> Puzzle:
    """One puzzle from one line of a file (`where` names it in errors)."""
    try:
        data = json.loads(line)
    except ValueError as e:
        raise PuzzleError(f"{where}: not JSON ({e})") from None
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}: not a puzzle")
    ident, qfen, rules, solution = data.get("id"), data.get("qfen"), data.get("rules"), data.get("solution")
    theme, rating = data.get("theme"), data.get("rating")
    if not (isinstance(ident, str) and 0 < len(ident) <= 64 and isinstance(qfen, str) and len(qfen) <= 4000
            and isinstance(rules, str) and len(rules) <= 40 and isinstance(solution, list) and 0 < len(solution) <= 8
            and all(isinstance(m, str) and len(m) <= 12 for m in solution) and theme in THEMES
            and isinstance(rating, int) and not isinstance(rating, bool) and 0 < rating < 4000):
        raise PuzzleError(f"{where}: a puzzle needs id, qfen, rules, solution, theme ({', '.join(THEMES)}) and rating")
    return Puzzle(ident, qfen, rules, tuple(solution), theme, rating)


def read(path: Path) -> list[Puzzle]:
    """Every puzzle of a file; PuzzleError (or OSError) when it cannot be read."""
    text = path.read_text(encoding="utf-8")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MOST:
        raise PuzzleError(f"{path.name}: more than {MOST} puzzles")
    puzzles = [parse(line, f"{path.name} line {n}") for n, line in lines]
    if len({p.id for p in puzzles}) != len(puzzles):
        raise PuzzleError(f"{path.name}: two puzzles have the same id")
    return puzzles


def read_sound(path: Path) -> tuple[list[Puzzle], list[str]]:
    """The puzzles of a file that can be played, and what is wrong with each line that cannot
    (naming the file and the line: a bad line is left out, the rest still played)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return [], [f"{path.name}: cannot be read ({e})"]
    puzzles: list[Puzzle] = []
    problems: list[str] = []
    seen: set[str] = set()
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or len(puzzles) >= MOST:
            continue
        try:
            puzzle = parse(line, f"{path.name} line {n}")
        except PuzzleError as e:
            problems.append(str(e))
            continue
        if puzzle.id in seen:
            problems.append(f"{path.name} line {n}: the id {puzzle.id[:40]!r} again")
            continue
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return puzzles, problems


def shipped() -> list[Puzzle]:
    """The puzzles that come with the game (a damaged line left out: :func:`shipped_sound`)."""
    return shipped_sound()[0]


def shipped_sound() -> tuple[list[Puzzle], list[str]]:
    """The shipped puzzles that can be played, and what is wrong with the lines that cannot."""
    return read_sound(asset(*SHIPPED))


def check(puzzle: Puzzle) -> str:
    """What is wrong with a puzzle ("" when nothing): its position must be legal and not over,
    its solution legal, and its first move best by the margin under the deeper search (the
    others within a small distance of it)."""
    try:
        game = puzzle.game()
        codes = [game.parse_move(m).code for m in puzzle.solution]
    except EngineError as e:
        return str(e)
    if game.result is not None:
        return "the game in it is over"
    if len(set(codes)) != len(codes):
        return "a solution move is given twice"
    found = clearly_best(game, CHECK_DEPTH)
    if not found.gap:
        return "no move is best by the margin under the deeper search"
    if codes[0] != found.solution[0] or not set(found.solution) <= set(codes):
        return f"the deeper search's best is {' '.join(str(Move(c)) for c in found.solution)}"
    if point(game, codes[0], puzzle.theme) is None:
        holds = proven_theme(game, codes[0])
        return f"its theme {puzzle.theme} does not hold for {Move(codes[0])}" + (f" (it is {holds})" if holds else "")
    return ""
