"""Puzzles mined from bot games (:mod:`.mine`), their files (:mod:`.store`) and command line
(``python -m qiguo.ai.puzzles make|check|show``)."""
from .mine import THEMES, clearly_best, mine, puzzle_of
from .store import SHIPPED, Puzzle, PuzzleError, check, read, read_sound, shipped, shipped_sound

__all__ = ["THEMES", "clearly_best", "mine", "puzzle_of", "SHIPPED", "Puzzle", "PuzzleError", "check", "read",
           "read_sound", "shipped", "shipped_sound"]
