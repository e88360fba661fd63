"""A second, deliberately plain move generator, written from docs/rules.md sections 1-3 and 6
without the engine's tables, encodings or bit tricks: points are (file, rank) pairs and pieces
their QFEN tokens. The conformance test holds the engine's legal moves equal to these.

It reads only what a position says: the board (as QFEN text), the mover, who controls each
army, the teams and the two movement options."""
from __future__ import annotations

FILES = "abcdefghijklmnopqrs"
KINGDOMS = "wrobgpk"
STRAIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
INERT = -1
LINES = {"G": (STRAIGHT + DIAGONAL, 18), "D": (STRAIGHT, 18), "B": (DIAGONAL, 18), "E": (STRAIGHT + DIAGONAL, 18),
         "S": (DIAGONAL, 1), "W": (STRAIGHT, 1)}
"""The pieces that move along lines and stop at the first piece: their directions and reach."""


def name(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 19 and 0 <= r < 19


def legal_moves(board: dict[str, str], mover: str, controller: list[int], teams: list[int], horse: str,
                ranged: str, over: bool = False) -> list[str]:
    """The mover's moves as sorted notation; ``["pass"]`` when it has none, ``[]`` once over.
    `board` maps point names to tokens (``"wG"``, ``"Z"`` for Zhou); `controller[k]` is the
    kingdom moving army k (or INERT); `teams[k]` is kingdom k's team."""
    if over:
        return []
    at: dict[tuple[int, int], str] = {(FILES.index(p[0]), int(p[1:]) - 1): t for p, t in board.items()}
    me = KINGDOMS.index(mover)

    def takeable(token: str) -> bool:
        if token == "Z" or token[1] == "E":  # Zhou and Envoys are never taken
            return False
        c = controller[KINGDOMS.index(token[0])]
        return c == INERT or teams[c] != teams[me]  # not the mover's own, not an ally's

    out: list[str] = []
    for (f, r), token in at.items():
        if token == "Z" or controller[KINGDOMS.index(token[0])] != me:
            continue
        kind = token[1]
        here = name(f, r)

        def add(tf: int, tr: int) -> None:
            out.append(here + name(tf, tr))

        def ray(df: int, dr: int, most: int, captures: bool = True, start: tuple[int, int] = (f, r)) -> None:
            """Up to `most` points along a line from `start`, stopping at the first piece (taken
            if it may be)."""
            tf, tr = start[0] + df, start[1] + dr
            for _ in range(most):
                if not on_board(tf, tr):
                    return
                there = at.get((tf, tr))
                if there is None:
                    add(tf, tr)
                else:
                    if captures and takeable(there):
                        add(tf, tr)
                    return
                tf, tr = tf + df, tr + dr

        def exactly(df: int, dr: int, n: int, start: tuple[int, int] = (f, r)) -> None:
            """The point n away from `start`, every point before it empty."""
            sf, sr = start
            for i in range(1, n):
                if (sf + i * df, sr + i * dr) in at:
                    return
            tf, tr = sf + n * df, sr + n * dr
            if on_board(tf, tr) and ((tf, tr) not in at or takeable(at[(tf, tr)])):
                add(tf, tr)

        if kind in LINES:
            dirs, reach = LINES[kind]
            for d in dirs:
                ray(*d, reach, captures=kind != "E")  # the Envoy never captures
        elif kind == "C":
            for df, dr in STRAIGHT:
                tf, tr, screen = f + df, r + dr, False
                while on_board(tf, tr):
                    there = at.get((tf, tr))
                    if not screen:
                        if there is None:
                            add(tf, tr)
                        else:
                            screen = True  # any piece, Zhou too
                    elif there is not None:
                        if takeable(there):
                            add(tf, tr)
                        break
                    tf, tr = tf + df, tr + dr
        elif kind in "AX":
            n = 4 if kind == "A" else 5
            for d in STRAIGHT + DIAGONAL:
                if ranged == "exact":
                    exactly(*d, n)
                else:
                    ray(*d, n)
        elif kind == "H":
            for lf, lr in STRAIGHT:  # the leg, then outward along a diagonal from it
                leg = (f + lf, r + lr)
                if not on_board(*leg) or leg in at:
                    continue
                for d in ((lf, 1), (lf, -1)) if lr == 0 else ((1, lr), (-1, lr)):
                    if horse == "upto3":
                        ray(*d, 3, start=leg)
                    else:
                        exactly(*d, 3, start=leg)
    return sorted(out) or ["pass"]
