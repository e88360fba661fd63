"""Which pieces could capture on a point: the move rules read backwards from the target.

`attackers(game, sq)` lists the points of every piece (of any kingdom) whose capture pattern
reaches `sq` on the current board, as if `sq` held a piece it may capture. Whether the capture
is allowed (allies, Envoys) is the caller's to decide. The tests prove it equal to the legal
move generator."""
from __future__ import annotations

from .board import DIAG, ORTHO, POINTS, SIZE, point
from .game import Game
from .pieces import BOW, BRIGADIER, CANNON, CROSSBOW, DEPUTY, GENERAL, HORSE, SABRE, SWORD


def _line(sq: int, step: tuple[int, int]) -> tuple[int, ...]:
    f, r = sq % SIZE, sq // SIZE
    out = []
    while True:
        f, r = f + step[0], r + step[1]
        if not (0 <= f < SIZE and 0 <= r < SIZE):
            return tuple(out)
        out.append(point(f, r))


LINES = [(tuple(_line(sq, d) for d in ORTHO), tuple(_line(sq, d) for d in DIAG)) for sq in range(POINTS)]
"""Per point: its four orthogonal and four diagonal lines to the edge."""


def _reverse_horse(t: int, upto: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(horse point, points that must be empty) for every horse line ending on t."""
    tf, tr = t % SIZE, t // SIZE
    out = []
    for ox, oy in ORTHO:
        for dx, dy in ((1, oy), (-1, oy)) if ox == 0 else ((ox, 1), (ox, -1)):
            for n in ((1, 2, 3) if upto else (3,)):
                hf, hr = tf - ox - n * dx, tr - oy - n * dy
                path = [(hf + ox + i * dx, hr + oy + i * dy) for i in range(n)]
                if all(0 <= x < SIZE and 0 <= y < SIZE for x, y in [(hf, hr)] + path):
                    out.append((point(hf, hr), tuple(point(x, y) for x, y in path)))
    return tuple(out)


REVERSE_HORSE = {False: [_reverse_horse(t, False) for t in range(POINTS)],
                 True: [_reverse_horse(t, True) for t in range(POINTS)]}


def attackers(game: Game, sq: int) -> list[int]:
    """Points of the pieces that could capture on `sq` (see the module docstring)."""
    b = game.board
    exact = game.rules.ranged == "exact"
    bow, crossbow = 4, 5
    out: list[int] = []
    ortho, diag = LINES[sq]
    for line in ortho:
        seen = 0
        for d, s in enumerate(line, 1):
            p = b[s]
            if not p:
                continue
            if seen:  # the piece beyond the first: a cannon using the first as its screen
                if p & 15 == CANNON:
                    out.append(s)
                break
            seen = 1
            kind = p & 15  # Zhou's is 0: it only ever serves as a screen
            if (kind in (GENERAL, DEPUTY) or (kind == SWORD and d == 1)
                    or (kind == BOW and (d == bow if exact else d <= bow))
                    or (kind == CROSSBOW and (d == crossbow if exact else d <= crossbow))):
                out.append(s)
    for line in diag:
        for d, s in enumerate(line, 1):
            p = b[s]
            if not p:
                continue
            kind = p & 15
            if (kind in (GENERAL, BRIGADIER) or (kind == SABRE and d == 1)
                    or (kind == BOW and (d == bow if exact else d <= bow))
                    or (kind == CROSSBOW and (d == crossbow if exact else d <= crossbow))):
                out.append(s)
            break
    for h, path in REVERSE_HORSE[game.rules.horse == "upto3"][sq]:
        p = b[h]
        if p & 15 == HORSE and not any(b[x] for x in path):
            out.append(h)
    return out


def _horse_targets(upto: bool) -> list[tuple[int, ...]]:
    """Per point: the targets of a horse standing there (on an empty board)."""
    starts: list[list[int]] = [[] for _ in range(POINTS)]
    for t in range(POINTS):
        for h, _ in REVERSE_HORSE[upto][t]:
            starts[h].append(t)
    return [tuple(x) for x in starts]


HORSE_TARGETS = {upto: _horse_targets(upto) for upto in (False, True)}


def touched_by(game: Game, sq: int, horse: bool = True) -> list[int]:
    """The points whose attackers() may change when what stands on `sq` changes: the first two
    pieces along each orthogonal line from it (a slider, or a cannon over a screen), the first
    along each diagonal, and the targets of a horse on it (when `horse`: a Horse stood or stands
    there). A horse's path runs along one diagonal to its target after the leg, which begins
    that diagonal, so a point on a horse's path has the target as the first piece along that
    diagonal: opening or closing a path is caught by the diagonal rule. With the points of both
    ends of a move, this is what a search must look at again."""
    b = game.board
    out: list[int] = []
    ortho, diag = LINES[sq]
    for line in ortho:
        seen = 0
        for s in line:
            if b[s]:
                out.append(s)
                if seen:
                    break
                seen = 1
    for line in diag:
        for s in line:
            if b[s]:
                out.append(s)
                break
    if horse:
        out.extend(HORSE_TARGETS[game.rules.horse == "upto3"][sq])
    return out
