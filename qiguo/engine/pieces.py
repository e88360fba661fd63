"""Kingdoms, piece kinds and the integer codes the board stores."""
from __future__ import annotations

KINGDOMS = "wrobgpk"
"""Kingdom letters in turn order: Qin, Chu, Han, Qi, Wei, Zhao, Yan."""

KINGDOM_NAMES = ("Qin", "Chu", "Han", "Qi", "Wei", "Zhao", "Yan")
KINGDOM_GLYPHS = ("秦", "楚", "韩", "齐", "魏", "赵", "燕")

# Piece kinds: 1..10, so that a piece code is never 0 (0 is an empty point).
GENERAL, DEPUTY, BRIGADIER, ENVOY, CANNON, BOW, CROSSBOW, SABRE, SWORD, HORSE = range(1, 11)
KIND_LETTERS = " GDBECAXSWH"
KIND_NAMES = ("", "General", "Deputy", "Brigadier", "Envoy", "Cannon", "Bow", "Crossbow",
              "Sabre", "Sword", "Horse")
KIND_GLYPHS = ("", "将", "偏", "裨", "行", "炮", "弓", "弩", "刀", "剑", "骑")

CLASSIC_WEIGHTS = (0, 1, 5, 4, 1, 3, 1, 1, 1, 1, 2)
"""Weights of the 1206 text (`weights=classic`) for the 10 and 30 counts."""
FLAT_WEIGHTS = (0,) + (1,) * 10

ZHOU = 7 << 4
"""The code of Zhou, the immovable centre piece."""


def code(kingdom: int, kind: int) -> int:
    """The board code of a piece: kingdom index in the high bits, kind in the low four."""
    return (kingdom << 4) | kind


def token(piece: int) -> str:
    """The QFEN token of a piece code, e.g. ``wG``."""
    if piece == ZHOU:
        return "Z"
    return KINGDOMS[piece >> 4] + KIND_LETTERS[piece & 15]
