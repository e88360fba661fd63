"""The rules engine: the single source of rule truth, shared by the window and the bots.

Pure Python, no pygame. Start with :class:`Game`::

    from qiguo.engine import Game
    game = Game.new()                 # standard preset, seven kingdoms
    game.legal_moves()                # [Move('a10a11'), ...]
    game.play("e10e5"); game.undo()
"""
from .board import POINTS, SIZE, parse_point, point_name
from .errors import EngineError, IllegalMove, QfenError, RuleError, SetupError
from .game import PASS, REASONS, RESIGN, Fall, Game, Move, Result, Standing
from .pieces import KINGDOM_NAMES, KINGDOMS
from .qfen import INERT, START_QFEN
from .rules import PRESETS, Rules

__all__ = ["Game", "Move", "Result", "Fall", "Rules", "RuleError", "EngineError", "IllegalMove",
           "QfenError", "SetupError", "Standing", "PASS", "RESIGN", "REASONS", "INERT", "START_QFEN", "PRESETS",
           "KINGDOMS", "KINGDOM_NAMES", "SIZE", "POINTS", "parse_point", "point_name"]
