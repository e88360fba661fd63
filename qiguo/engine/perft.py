"""Perft (leaf counts of the move tree) and seeded random games, for tests and benchmarks."""
from __future__ import annotations

import random

from .game import Game


def perft(game: Game, depth: int) -> int:
    """The number of move sequences of exactly `depth` plies from this position (walked with
    an explicit stack, so any depth is safe; the game is left as found)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return len(game.legal_codes())
    total = 0
    stack = [iter(game.legal_codes())]
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if stack:
                game.undo()
        else:
            game.play_code(m)
            if len(stack) == depth - 1:
                total += len(game.legal_codes())
                game.undo()
            else:
                stack.append(iter(game.legal_codes()))
    return total


def random_game(game: Game, seed: int, max_plies: int = 100_000, capture_bias: float = 0.5) -> Game:
    """Play random legal moves (preferring captures with the given probability) until the
    game ends or `max_plies` are played; returns the same game."""
    rng = random.Random(seed)
    b = game.board
    while game.result is None and game.ply < max_plies:
        moves = game.legal_codes()
        captures = [m for m in moves if b[m & 511]]
        pick = captures if captures and rng.random() < capture_bias else moves
        game.play_code(rng.choice(pick))
    return game
