"""The rules engine: the single source of rule truth, shared by the window and the bots.

Pure Python, no pygame. Everything outside the engine imports from here; see docs/engine.md::

    from qiguo.engine import Game
    game = Game.new()                 # standard preset, seven kingdoms
    game.legal_moves()                # [Move('a10a11'), ...]; "e10e5" in game.legal_moves()
    game.play("e10e5"); game.undo()   # undo returns Move('e10e5')
"""
from .attacks import attacked_by, attackers, hostile, opens_toward, takers, touched_by
from .board import CENTRE, FILES, POINTS, SIZE, parse_point, point_name
from .errors import EngineError, IllegalMove, QfenError, RuleError, SetupError
from .game import PASS, REASONS, RESIGN, Fall, Game, LegalMoves, Move, Result, Standing
from .invariants import problems
from .perft import perft, random_game
from .pieces import (BOW, BRIGADIER, CANNON, CROSSBOW, DEPUTY, ENVOY, GENERAL, HORSE, KIND_COUNTS,
                     KIND_GLYPHS, KIND_NAMES, KINDS, KINGDOM_GLYPHS, KINGDOM_NAMES, KINGDOMS, SABRE, SWORD,
                     ZHOU, Piece)
from .qfen import INERT, START_QFEN, board_pieces, qfen_of
from .rules import CHOICES, PRESETS, Rules, parse_setting
from .setup import teams_for

__all__ = [
    "Game", "Move", "LegalMoves", "Result", "Fall", "Standing", "Rules", "Piece",
    "EngineError", "IllegalMove", "QfenError", "RuleError", "SetupError",
    "PASS", "RESIGN", "REASONS", "INERT", "START_QFEN", "PRESETS", "CHOICES",
    "KINGDOMS", "KINGDOM_NAMES", "KINGDOM_GLYPHS", "KINDS", "KIND_NAMES", "KIND_GLYPHS", "KIND_COUNTS",
    "GENERAL", "DEPUTY", "BRIGADIER", "ENVOY", "CANNON", "BOW", "CROSSBOW", "SABRE", "SWORD", "HORSE", "ZHOU",
    "SIZE", "POINTS", "CENTRE", "FILES", "parse_point", "point_name",
    "board_pieces", "qfen_of", "parse_setting", "teams_for", "attackers", "attacked_by", "takers", "hostile",
    "opens_toward", "touched_by", "perft", "random_game", "problems",
]
