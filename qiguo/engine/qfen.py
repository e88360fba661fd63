"""QFEN, the position notation of RULES.md section 8: reading and writing."""
from __future__ import annotations

from dataclasses import dataclass, field

from .board import CENTRE, POINTS, SIZE, point_name
from .errors import QfenError
from .pieces import KIND_LETTERS, KIND_NAMES, KINGDOM_NAMES, KINGDOMS, ZHOU, code, token

START_QFEN = (
    "2kHkWkBkGkDkWkH1pHpWpBpGpDpWpH2/3kHkWkCkWkH3pHpWpCpWpH3/4kSkXkS5pSpXpS3gH/"
    "5kA7pA3gHgW/5kE7pE2gSgWgB/14gEgAgXgCgG/wH15gSgWgD/wWwH15gHgW/wDwWwS15gH/"
    "wGwCwXwAwE4Z9/wBwWwS15bH/wWwH15bHbW/wH15bSbWbB/14bEbAbXbCbG/5rE7oE2bSbWbD/"
    "5rA7oA3bHbW/4rSrXrS5oSoXoS3bH/3rHrWrCrWrH3oHoWoCoWoH3/"
    "2rHrWrDrGrBrWrH1oHoWoDoGoBoWoH2 w - - 0")
"""The start position of RULES.md section 4 (Leventhal's layout)."""

INERT = -1
"""Controller value of an army that never moves again."""


@dataclass
class Position:
    """The five QFEN fields, decoded."""

    board: list[int]
    mover: int
    control: dict[int, int] = field(default_factory=dict)  # kingdom -> controller or INERT
    prisoners: list[list[int]] = field(default_factory=lambda: [[] for _ in KINGDOMS])
    quiet: int = 0


def _letter(ch: str, what: str) -> int:
    i = KINGDOMS.find(ch) if len(ch) == 1 else -1
    if i < 0:
        raise QfenError(f"{what}: {ch!r} is not a kingdom letter (one of {KINGDOMS})")
    return i


def _rank(text: str, rank: int) -> list[int]:
    row: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            run = int(text[i:j])
            if not 1 <= run <= SIZE:
                raise QfenError(f"rank {rank}: a run of {run} empty points is not possible")
            row.extend([0] * run)
            i = j
        elif ch == "Z":
            row.append(ZHOU)
            i += 1
        else:
            piece = text[i:i + 2]
            k = KINGDOMS.find(ch)
            kind = KIND_LETTERS.find(piece[1:2]) if len(piece) == 2 else -1
            if k < 0 or kind < 1:
                raise QfenError(f"rank {rank}: {piece!r} is not a piece (kingdom letter + one of "
                                f"{KIND_LETTERS.strip()}, or Z)")
            row.append(code(k, kind))
            i += 2
    if len(row) != SIZE:
        raise QfenError(f"rank {rank} has {len(row)} points, expected {SIZE}")
    return row


def parse(text: str) -> Position:
    """Decode a QFEN string; raises QfenError naming the first problem found."""
    if not isinstance(text, str):
        raise QfenError("a QFEN must be text")
    parts = text.split()
    if len(parts) < 2 or len(parts) > 5:
        raise QfenError(f"a QFEN has 2 to 5 fields separated by spaces, this one has {len(parts)}")
    parts += ["-", "-", "0"][len(parts) - 2:]
    ranks = parts[0].split("/")
    if len(ranks) != SIZE:
        raise QfenError(f"the board has {len(ranks)} ranks, expected {SIZE}")
    board = [0] * POINTS
    for n, rank_text in enumerate(ranks):
        rank = SIZE - n
        board[(rank - 1) * SIZE:rank * SIZE] = _rank(rank_text, rank)
    zhous = [sq for sq in range(POINTS) if board[sq] == ZHOU]
    if zhous != [CENTRE]:
        where = ", ".join(point_name(sq) for sq in zhous) or "nowhere"
        raise QfenError(f"Zhou (Z) must stand on j10 alone; found at {where}")
    mover = _letter(parts[1], "mover")
    pos = Position(board, mover)
    if parts[2] != "-":
        for item in parts[2].split(","):
            who, sep, by = item.partition(":")
            if not sep:
                raise QfenError(f"control: {item!r} is not KINGDOM:CONTROLLER")
            k = _letter(who, "control")
            pos.control[k] = _letter(by, "control") if by else INERT
    if parts[3] != "-":
        for item in parts[3].split(","):
            who, sep, tokens = item.partition("=")
            if not sep or len(tokens) % 2:
                raise QfenError(f"prisoners: {item!r} is not CAPTOR=TOKENS")
            captor = _letter(who, "prisoners")
            for i in range(0, len(tokens), 2):
                k = _letter(tokens[i], "prisoners")
                kind = KIND_LETTERS.find(tokens[i + 1])
                if kind < 1:
                    raise QfenError(f"prisoners: {tokens[i:i + 2]!r} is not a piece")
                if k == captor:
                    raise QfenError(f"prisoners: {KINGDOM_NAMES[captor]} cannot hold its own "
                                    f"{KIND_NAMES[kind]}")
                pos.prisoners[captor].append(code(k, kind))
    if not parts[4].isdigit():
        raise QfenError(f"quiet counter: {parts[4]!r} is not a whole number")
    pos.quiet = int(parts[4])
    return pos


def format_board(board: list[int]) -> str:
    """The first QFEN field."""
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        out, run = [], 0
        for p in board[rank * SIZE:(rank + 1) * SIZE]:
            if p:
                if run:
                    out.append(str(run))
                    run = 0
                out.append(token(p))
            else:
                run += 1
        if run:
            out.append(str(run))
        ranks.append("".join(out))
    return "/".join(ranks)


def format_qfen(board: list[int], mover: int, control: dict[int, int],
                prisoners: list[list[int]], quiet: int) -> str:
    """All five QFEN fields."""
    ctl = ",".join(f"{KINGDOMS[k]}:{'' if c == INERT else KINGDOMS[c]}" for k, c in sorted(control.items()))
    pri = ",".join(f"{KINGDOMS[k]}={''.join(token(p) for p in held)}"
                   for k, held in enumerate(prisoners) if held)
    return f"{format_board(board)} {KINGDOMS[mover]} {ctl or '-'} {pri or '-'} {quiet}"
