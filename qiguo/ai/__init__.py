"""Computer opponents, the coach, puzzles and ratings. Imports the engine's public face (and the
standard-library helpers every layer shares: qiguo.cmdline, qiguo.jsonfile, qiguo.assets; the
ratings also openskill); a bot returns a move and never changes the game.

    from qiguo.ai import choose_move
    code = choose_move(game, "hard", seed=1)
"""
from .bots import DEFAULT_BUDGETS, NODE_BUDGETS, Budget, choose_move
from .levels import LEVELS

__all__ = ["choose_move", "LEVELS", "Budget", "DEFAULT_BUDGETS", "NODE_BUDGETS"]
