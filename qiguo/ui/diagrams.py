"""Movement diagrams for the help, computed by the engine (so they cannot disagree with it).

Each diagram is an 11 x 11 window of a board with one piece on i7 (Zhou, at j10, then lies
on none of its lines, horse squares or horse paths), its legal destinations and captures."""
from __future__ import annotations

from dataclasses import dataclass

from qiguo.engine import Game, Rules, parse_point
from qiguo.engine.board import SIZE
from qiguo.engine.pieces import KIND_LETTERS

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


def _qfen(pieces: dict[int, str]) -> str:
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row, run = "", 0
        for f in range(SIZE):
            tok = pieces.get(rank * SIZE + f)
            if tok is None:
                run += 1
                continue
            row += (str(run) if run else "") + tok
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + " w"


def diagram(letter: str, rules: Rules, extra: dict[str, str] | None = None, caption: str = "") -> Diagram:
    """The moves of a Qin piece (`letter`) on i7 that fall in the window, with `extra` pieces
    placed around it."""
    pieces = {parse_point(p): tok for p, tok in {**CAMPS, **(extra or {})}.items()}
    pieces[CENTRE] = "w" + letter
    pieces[parse_point("j10")] = "Z"
    game = Game.from_qfen(_qfen(pieces), rules)
    targets = [m.to_sq for m in game.legal_moves()
               if not m.is_pass and m.from_sq == CENTRE and in_window(m.to_sq)]
    caps = frozenset(t for t in targets if game.board[t])
    shown = {sq: tok for sq, tok in pieces.items() if in_window(sq)}
    return Diagram(letter, shown, frozenset(targets) - caps, caps, caption)


def in_window(sq: int) -> bool:
    return LEFT <= sq % SIZE < LEFT + SPAN and BOTTOM <= sq // SIZE < BOTTOM + SPAN


def all_diagrams(rules: Rules) -> list[Diagram]:
    """One per piece kind, then the horse against blockers and the cannon with screens."""
    out = [diagram(letter, rules) for letter in KIND_LETTERS.strip()]
    out.append(diagram("H", rules, {"i8": "wS", "k6": "rS"}, "blocked"))
    out.append(diagram("C", rules, {"i9": "rS", "i11": "rH", "g7": "wS", "e7": "rD", "l7": "rE", "n7": "rH"},
                       "screens"))
    return out
