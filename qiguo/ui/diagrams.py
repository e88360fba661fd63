"""Movement diagrams for the help, computed by the engine (so they cannot disagree with it).

Each diagram is an 11 x 11 window of a board with one piece on i7 (Zhou, at j10, then lies
on none of its lines, horse squares or horse paths), its legal destinations and captures."""
from __future__ import annotations

from dataclasses import dataclass

from qiguo.engine import KINDS, SIZE, Game, Rules, parse_point, point_name, qfen_of

CENTRE = parse_point("i7")
LEFT, BOTTOM, SPAN = CENTRE % SIZE - 5, CENTRE // SIZE - 5, 11
CAMPS = {"a19": "wG", "s1": "rG"}


@dataclass(frozen=True)
class Diagram:
    """What to draw: the pieces in the window, and the points the piece may move to."""

    piece: str  # the piece letter
    pieces: dict[int, str]  # point -> token (e.g. "wH", "rS", "Z")
    moves: frozenset[int]
    captures: frozenset[int]
    caption: str = ""


def diagram(letter: str, rules: Rules, extra: dict[str, str] | None = None, caption: str = "") -> Diagram:
    """The moves of a Qin piece (`letter`) on i7 that fall in the window, with `extra` pieces
    placed around it."""
    camps = {p: tok for p, tok in CAMPS.items() if tok != "w" + letter}  # one general a kingdom
    placed = {**camps, **(extra or {}), point_name(CENTRE): "w" + letter}
    game = Game.from_qfen(qfen_of(placed), rules)
    pieces = {parse_point(p): tok for p, tok in placed.items()}
    pieces[parse_point("j10")] = "Z"
    targets = [m.to_sq for m in game.legal_moves()
               if not m.is_pass and m.from_sq == CENTRE and in_window(m.to_sq)]
    caps = frozenset(t for t in targets if game.piece_at(t))
    shown = {sq: tok for sq, tok in pieces.items() if in_window(sq)}
    return Diagram(letter, shown, frozenset(targets) - caps, caps, caption)


def in_window(sq: int) -> bool:
    return LEFT <= sq % SIZE < LEFT + SPAN and BOTTOM <= sq // SIZE < BOTTOM + SPAN


def all_diagrams(rules: Rules) -> list[Diagram]:
    """One per piece kind, then the horse against blockers and the cannon with screens."""
    out = [diagram(letter, rules) for letter in KINDS]
    out.append(diagram("H", rules, {"i8": "wS", "k6": "rS"}, "blocked"))
    out.append(diagram("C", rules, {"i9": "rS", "i11": "rH", "g7": "wS", "e7": "rD", "l7": "rE", "n7": "rH"},
                       "screens"))
    return out
