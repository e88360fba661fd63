"""QFEN, the position notation of docs/rules.md section 8: reading and writing."""
from __future__ import annotations

from dataclasses import dataclass, field

from .board import CENTRE, POINTS, SIZE, parse_point, point_name
from .errors import QfenError
from .pieces import (DEPUTY, ENVOY, GENERAL, KIND_COUNTS, KIND_LETTERS, KIND_NAMES, KINGDOM_NAMES, KINGDOMS,
                     ZHOU_CODE, code, token)
from .text import is_number

START_QFEN = (
    "2kHkWkBkGkDkWkH1pHpWpBpGpDpWpH2/3kHkWkCkWkH3pHpWpCpWpH3/4kSkXkS5pSpXpS3gH/"
    "5kA7pA3gHgW/5kE7pE2gSgWgB/14gEgAgXgCgG/wH15gSgWgD/wWwH15gHgW/wDwWwS15gH/"
    "wGwCwXwAwE4Z9/wBwWwS15bH/wWwH15bHbW/wH15bSbWbB/14bEbAbXbCbG/5rE7oE2bSbWbD/"
    "5rA7oA3bHbW/4rSrXrS5oSoXoS3bH/3rHrWrCrWrH3oHoWoCoWoH3/"
    "2rHrWrDrGrBrWrH1oHoWoDoGoBoWoH2 w - - 0")
"""The start position of docs/rules.md section 4 (Leventhal's layout)."""

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
        raise QfenError(f"{what}: {_quote(ch)} is not a kingdom letter (one of {KINGDOMS})")
    return i


def _rank(text: str, rank: int) -> list[int]:
    row: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if "0" <= ch <= "9":
            j = i
            while j < len(text) and "0" <= text[j] <= "9":
                j += 1
            if j - i > 2 or not 1 <= int(text[i:j]) <= SIZE:
                raise QfenError(f"rank {rank}: a run of {text[i:j][:8]} empty points is not possible")
            run = int(text[i:j])
            row.extend([0] * run)
            i = j
        elif ch == "Z":
            row.append(ZHOU_CODE)
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


def parse_board(field: str) -> list[int]:
    """The board field (ranks 19 to 1) as a list of codes per point, Zhou checked on j10."""
    ranks = field.split("/")
    if len(ranks) != SIZE:
        raise QfenError(f"the board has {len(ranks)} ranks, expected {SIZE}")
    board = [0] * POINTS
    for n, rank_text in enumerate(ranks):
        rank = SIZE - n
        board[(rank - 1) * SIZE:rank * SIZE] = _rank(rank_text, rank)
    zhous = [sq for sq in range(POINTS) if board[sq] == ZHOU_CODE]
    if zhous != [CENTRE]:
        where = ", ".join(point_name(sq) for sq in zhous) or "nowhere"
        raise QfenError(f"Zhou (Z) must stand on j10 alone; found at {where}")
    return board


def _quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def parse(text: str) -> Position:
    """Decode a QFEN string; raises QfenError naming the first problem found."""
    if not isinstance(text, str):
        raise QfenError("a QFEN must be text")
    parts = text.split()
    if len(parts) < 2 or len(parts) > 5:
        raise QfenError(f"a QFEN has 2 to 5 fields separated by spaces, this one has {len(parts)}")
    parts += ["-", "-", "0"][len(parts) - 2:]
    board = parse_board(parts[0])
    mover = _letter(parts[1], "mover")
    pos = Position(board, mover)
    if parts[2] != "-":
        for item in parts[2].split(","):
            who, sep, by = item.partition(":")
            if not sep:
                raise QfenError(f"control: {_quote(item)} is not KINGDOM:CONTROLLER")
            k = _letter(who, "control")
            pos.control[k] = _letter(by, "control") if by else INERT
    if parts[3] != "-":
        for item in parts[3].split(","):
            who, sep, tokens = item.partition("=")
            if not sep or len(tokens) % 2:
                raise QfenError(f"prisoners: {_quote(item)} is not CAPTOR=TOKENS")
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
    if not is_number(parts[4]):
        raise QfenError(f"quiet counter: {parts[4][:20]!r} is not a whole number (ASCII digits, at most 9)")
    pos.quiet = int(parts[4])
    _check_counts(pos)
    return pos


def plural(kind: int) -> str:
    """``Deputies``, ``Swords``..."""
    return "Deputies" if kind == DEPUTY else KIND_NAMES[kind] + "s"


def _check_counts(pos: Position) -> None:
    """Every piece is on the board or a prisoner, never both, and no kingdom has more of a kind
    than it starts with (docs/rules.md sections 3 and 8); at least one general stands."""
    on_board = [[0] * 11 for _ in KINGDOMS]
    for p in pos.board:
        if p and p != ZHOU_CODE:
            on_board[p >> 4][p & 15] += 1
    held = [[0] * 11 for _ in KINGDOMS]
    for captor in pos.prisoners:
        for p in captor:
            held[p >> 4][p & 15] += 1
    for k, name in enumerate(KINGDOM_NAMES):
        if held[k][ENVOY]:
            raise QfenError(f"prisoners: an Envoy is never captured, so {name}'s cannot be held")
        for kind in range(1, 11):
            n, h = on_board[k][kind], held[k][kind]
            if n + h <= KIND_COUNTS[kind]:
                continue
            what = plural(kind) if KIND_COUNTS[kind] > 1 else KIND_NAMES[kind]
            if n and h and KIND_COUNTS[kind] == 1:
                raise QfenError(f"{name}'s {what} stands on the board and is also held as a prisoner "
                                f"(a prisoner is off the board)")
            if h > KIND_COUNTS[kind]:
                raise QfenError(f"prisoners: {name}'s {what} {'is' if KIND_COUNTS[kind] == 1 else 'are'} "
                                f"held {h} times; {name} has {KIND_COUNTS[kind]}")
            held_text = f" and {h} held as prisoners" if h else ""
            raise QfenError(f"{name} has {n} {plural(kind)} on the board{held_text}; "
                            f"a kingdom has {KIND_COUNTS[kind]}")
    if not any(row[GENERAL] for row in on_board):
        raise QfenError("no general stands on the board, so no kingdom is in the game")


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


def board_pieces(text: str) -> dict[str, str]:
    """The pieces of a QFEN's board field as point name -> token (``{"a10": "wG", ...}``),
    Zhou included; the other fields are not read or checked."""
    board = parse_board(text.split()[0] if text.split() else "")
    return {point_name(sq): token(p) for sq, p in enumerate(board) if p}


def qfen_of(pieces: dict[str, str], mover: str = "w", control: str = "-", prisoners: str = "-",
            quiet: int = 0) -> str:
    """A QFEN with Zhou on j10 and the given pieces (point name -> token, e.g. ``{"e5": "wH"}``)
    and the other four fields as given; raises QfenError for a bad point or token."""
    board = [0] * POINTS
    board[CENTRE] = ZHOU_CODE
    for name, tok in pieces.items():
        try:
            sq = parse_point(name)
        except ValueError as e:
            raise QfenError(str(e)) from None
        if tok == "Z":
            continue
        if len(tok) != 2 or tok[0] not in KINGDOMS or KIND_LETTERS.find(tok[1]) < 1:
            raise QfenError(f"{_quote(tok)} is not a piece (kingdom letter + one of {KIND_LETTERS.strip()})")
        board[sq] = code(KINGDOMS.index(tok[0]), KIND_LETTERS.index(tok[1]))
    return f"{format_board(board)} {mover} {control} {prisoners} {quiet}"
