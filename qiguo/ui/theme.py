"""Colours of the kingdoms, the board and the interface."""
from __future__ import annotations

Colour = tuple[int, int, int]

KINGDOM_FILL: tuple[Colour, ...] = (
    (238, 236, 226),  # Qin, white
    (196, 38, 38),    # Chu, red
    (236, 134, 28),   # Han, orange
    (38, 92, 196),    # Qi, blue
    (38, 146, 72),    # Wei, green
    (128, 60, 170),   # Zhao, purple
    (34, 34, 38),     # Yan, black
)
KINGDOM_INK: tuple[Colour, ...] = (
    (40, 36, 30), (255, 244, 230), (40, 22, 4), (240, 246, 255), (240, 255, 240), (250, 240, 255),
    (236, 232, 220))
ZHOU_FILL: Colour = (236, 196, 40)
ZHOU_INK: Colour = (90, 50, 0)
INERT_FILL: Colour = (150, 148, 142)
INERT_INK: Colour = (92, 90, 86)

BOARDS: dict[str, dict[str, Colour]] = {
    "wood": {"board": (222, 184, 122), "edge": (150, 108, 60), "grid": (86, 58, 28), "coord": (96, 66, 34)},
    "slate": {"board": (70, 84, 92), "edge": (40, 48, 54), "grid": (176, 190, 196), "coord": (196, 208, 212)},
}
"""Board themes: the board, its edge, the grid lines and the coordinates."""
BACKGROUND: Colour = (40, 36, 44)
PANEL: Colour = (52, 48, 58)
PANEL_ROW: Colour = (62, 58, 70)
PANEL_ACTIVE: Colour = (88, 80, 100)
TEXT: Colour = (236, 230, 218)
TEXT_DIM: Colour = (168, 160, 150)
ACCENT: Colour = (236, 196, 40)
WARN: Colour = (240, 120, 90)
SELECT: Colour = (255, 230, 40)
MOVE_DOT: Colour = (245, 245, 235)
CAPTURE_RING: Colour = (255, 60, 60)
LAST_MOVE: Colour = (90, 170, 255)
HINT: Colour = (60, 220, 120)
DANGER: Colour = (255, 150, 20)
"""The danger mark: a piece that can be taken, a destination where it could be."""
PERIL: Colour = (230, 20, 60)
"""A destination that would leave the player's general to be taken."""
OUTLINE: Colour = (16, 16, 16)
"""The dark rim drawn around every marker on the board, so that it reads on light colours."""
HALO: Colour = (255, 255, 255)
CURSOR: Colour = (70, 215, 255)
"""The keyboard's board cursor (corner brackets), unlike any kingdom's, the selection's or a mark's colour."""
"""The light rim, for dark colours (Yan's black, the slate board)."""
BUTTON: Colour = (78, 72, 88)
BUTTON_HOVER: Colour = (104, 96, 118)
BUTTON_DISABLED: Colour = (60, 58, 64)


MARKS = ("circle", "triangle", "square", "diamond", "bar", "cross", "star")
"""The colour-blind aid: a distinct mark per kingdom, drawn on every piece (Qin first)."""
