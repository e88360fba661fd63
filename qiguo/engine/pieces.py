"""Kingdoms, piece kinds, the integer codes the board stores, and :class:`Piece`, their
public face."""
from __future__ import annotations

KINGDOMS = "wrobgpk"
"""Kingdom letters in turn order: Qin, Chu, Han, Qi, Wei, Zhao, Yan."""

KINGDOM_NAMES = ("Qin", "Chu", "Han", "Qi", "Wei", "Zhao", "Yan")
KINGDOM_GLYPHS = ("秦", "楚", "韩", "齐", "魏", "赵", "燕")

# Piece kinds: 1..10, so that a piece code is never 0 (0 is an empty point).
GENERAL, DEPUTY, BRIGADIER, ENVOY, CANNON, BOW, CROSSBOW, SABRE, SWORD, HORSE = range(1, 11)
KIND_LETTERS = " GDBECAXSWH"
KINDS = KIND_LETTERS.strip()
"""The ten piece letters, in kind order (General first)."""
KIND_NAMES = ("", "General", "Deputy", "Brigadier", "Envoy", "Cannon", "Bow", "Crossbow",
              "Sabre", "Sword", "Horse")
KIND_GLYPHS = ("", "将", "偏", "裨", "行", "炮", "弓", "弩", "刀", "剑", "骑")
KIND_COUNTS = (0, 1, 1, 1, 1, 1, 1, 1, 2, 4, 4)
"""How many pieces of each kind a kingdom starts with (17 in all)."""

CLASSIC_WEIGHTS = (0, 1, 5, 4, 1, 3, 1, 1, 1, 1, 2)
"""Weights of the 1206 text (`weights=classic`) for the 10 and 30 counts."""
FLAT_WEIGHTS = (0,) + (1,) * 10

ZHOU_CODE = 7 << 4
"""The code of Zhou, the immovable centre piece."""


def code(kingdom: int, kind: int) -> int:
    """The board code of a piece: kingdom index in the high bits, kind in the low four."""
    return (kingdom << 4) | kind


def token(piece: int) -> str:
    """The QFEN token of a piece code, e.g. ``wG``."""
    if piece == ZHOU_CODE:
        return "Z"
    return KINGDOMS[piece >> 4] + KIND_LETTERS[piece & 15]


class Piece(int):
    """A piece as the board stores it, with named parts: ``piece.kingdom`` (0-6, Qin first),
    ``piece.kind`` (GENERAL ... HORSE), ``piece.letter``, ``piece.token`` (``wG``), and
    ``is_general`` / ``is_envoy`` / ``is_zhou``. Zhou's kingdom is 7 and its kind 0."""

    __slots__ = ()

    @classmethod
    def make(cls, kingdom: int, kind: int) -> "Piece":
        return cls(code(kingdom, kind))

    @classmethod
    def parse(cls, text: str) -> "Piece":
        """A piece from its token (``wG``, or ``Z`` for Zhou); raises ValueError."""
        if text == "Z":
            return ZHOU
        if len(text) == 2 and text[0] in KINGDOMS and text[1] in KINDS:
            return cls.make(KINGDOMS.index(text[0]), KIND_LETTERS.index(text[1]))
        raise ValueError(f"{text!r} is not a piece (kingdom letter + one of {KINDS}, or Z)")

    @property
    def kingdom(self) -> int:
        return self >> 4

    @property
    def kind(self) -> int:
        return self & 15

    @property
    def letter(self) -> str:
        """The kind's letter (``G`` ... ``H``; ``Z`` for Zhou)."""
        return "Z" if self == ZHOU_CODE else KIND_LETTERS[self & 15]

    @property
    def token(self) -> str:
        return token(self)

    @property
    def is_general(self) -> bool:
        return self & 15 == GENERAL and self != ZHOU_CODE

    @property
    def is_envoy(self) -> bool:
        return self & 15 == ENVOY

    @property
    def is_zhou(self) -> bool:
        return self == ZHOU_CODE

    def __repr__(self) -> str:
        return f"Piece({self.token!r})"


ZHOU = Piece(ZHOU_CODE)
"""Zhou, the immovable centre piece."""
