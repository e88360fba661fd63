"""Kingdoms, piece kinds and the integer codes the board stores."""
from __future__ import annotations

KINGDOMS = "wrobgpk"
"""Kingdom letters in turn order: Qin, Chu, Han, Qi, Wei, Zhao, Yan."""

KINGDOM_NAMES = ("Qin", "Chu", "Han", "Qi", "Wei", "Zhao", "Yan")
KINGDOM_GLYPHS = ("秦", "楚", "韩", "齐", "魏", "赵", "燕")
KINGDOM_COLOURS = ("white", "red", "orange", "blue", "green", "purple", "black")

# Piece kinds: 1..10, so that a piece code is never 0 (0 is an empty point).
GENERAL, DEPUTY, BRIGADIER, ENVOY, CANNON, BOW, CROSSBOW, SABRE, SWORD, HORSE = range(1, 11)
KIND_LETTERS = " GDBECAXSWH"
KIND_NAMES = ("", "General", "Deputy", "Brigadier", "Envoy", "Cannon", "Bow", "Crossbow",
              "Sabre", "Sword", "Horse")
KIND_GLYPHS = ("", "将", "偏", "裨", "行", "炮", "弓", "弩", "刀", "剑", "骑")
KIND_COUNTS = (0, 1, 1, 1, 1, 1, 1, 1, 2, 4, 4)
"""How many pieces of each kind a kingdom starts with (17 in all)."""

CLASSIC_WEIGHTS = (0, 1, 5, 4, 1, 3, 1, 1, 1, 1, 2)
"""Weights of the 1206 text (`weights=classic`) for the 10 and 30 counts."""
FLAT_WEIGHTS = (0,) + (1,) * 10

ZHOU = 7 << 4
"""The code of Zhou, the immovable centre piece."""
CODE_SPACE = 128


def code(kingdom: int, kind: int) -> int:
    """The board code of a piece: kingdom index in the high bits, kind in the low four."""
    return (kingdom << 4) | kind


def kingdom_of(piece: int) -> int:
    """The kingdom index carried by a piece code."""
    return piece >> 4


def kind_of(piece: int) -> int:
    """The kind (GENERAL … HORSE) of a piece code."""
    return piece & 15


def token(piece: int) -> str:
    """The QFEN token of a piece code, e.g. ``wG``."""
    if piece == ZHOU:
        return "Z"
    return KINGDOMS[piece >> 4] + KIND_LETTERS[piece & 15]


def kingdom_index(letter: str) -> int:
    """The index of a kingdom letter; raises ValueError naming the letter."""
    i = KINGDOMS.find(letter) if len(letter) == 1 else -1
    if i < 0:
        raise ValueError(f"unknown kingdom {letter!r} (expected one of {KINGDOMS})")
    return i
