"""Perft (leaf counts of the move tree) and seeded random games, for tests and benchmarks."""
from __future__ import annotations

import random

from .game import Game


def perft(game: Game, depth: int) -> int:
    """The number of move sequences of exactly `depth` plies from this position."""
    if depth == 0:
        return 1
    moves = game.legal_codes()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        game.play_code(m)
        total += perft(game, depth - 1)
        game.undo()
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
