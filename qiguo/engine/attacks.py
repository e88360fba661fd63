"""Which pieces could capture on a point: the move rules read backwards from the target.

`attackers(game, sq)` lists the points of every piece (of any kingdom) whose capture pattern
reaches `sq` on the current board, as if `sq` held a piece it may capture. `takers(game, sq,
kingdom)` is the one rule of who can take what, built on it: the attackers moved by a kingdom
still in play (not an inert army) of another team than `kingdom`'s, and none for an Envoy. The
tests prove both equal to the legal move generator.

Lines are looked up in the game's occupancy integer (``game.occ``, bit sq set when a piece
stands on sq): the nearest piece along a line is the lowest set bit of the line's mask (for a
line running to higher points) or the highest (to lower points), so no empty point is visited."""
from __future__ import annotations

from typing import Sequence

from .board import DIAG, EDGE_RAYS, ORTHO, POINTS, SIZE, point
from .game import Game
from .pieces import BOW, BRIGADIER, CANNON, CROSSBOW, DEPUTY, ENVOY, GENERAL, SABRE, SWORD
from .qfen import INERT


LINE_MASKS = {d: [sum(1 << s for s in ray) for ray in rays] for d, rays in EDGE_RAYS.items()}
"""By direction, per point: the points of the line from it to the edge, as bits."""


def _lines(sq: int, dirs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """(mask, index step) of each line from sq in `dirs` that is not empty."""
    return tuple((LINE_MASKS[d][sq], d[0] + SIZE * d[1]) for d in dirs if LINE_MASKS[d][sq])


ORTHO_MASKS = [_lines(sq, ORTHO) for sq in range(POINTS)]
DIAG_MASKS = [_lines(sq, DIAG) for sq in range(POINTS)]
"""Per point: its orthogonal and diagonal lines to the edge, as (mask, step)."""


def _toward(lines: tuple[tuple[int, int], ...]) -> dict[int, tuple[int, int]]:
    """Every point on the given lines from a point -> the line it lies on."""
    out = {}
    for mask, step in lines:
        t = (mask & -mask).bit_length() - 1 if step > 0 else mask.bit_length() - 1
        while t >= 0 and mask >> t & 1:
            out[t] = (mask, step)
            t += step
    return out


ORTHO_TOWARD = [_toward(lines) for lines in ORTHO_MASKS]
DIAG_TOWARD = [_toward(lines) for lines in DIAG_MASKS]
"""Per point: the orthogonal (diagonal) line from it through each point it sees along one."""


def _opposite_pairs(sq: int, dirs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
    """(mask of the line to higher points, mask of the opposite line, both) for each pair of
    opposite directions in `dirs`."""
    pairs = [(LINE_MASKS[(dx, dy)][sq], LINE_MASKS[(-dx, -dy)][sq]) for dx, dy in dirs if dx + SIZE * dy > 0]
    return tuple((up, down, up | down) for up, down in pairs)


ORTHO_PAIRS = [_opposite_pairs(sq, ORTHO) for sq in range(POINTS)]
DIAG_PAIRS = [_opposite_pairs(sq, DIAG) for sq in range(POINTS)]
"""Per point: its lines to the edge as (higher-going, lower-going, both) masks, one per axis."""


def _hits(kinds: tuple[int, ...], one: int, exact: bool) -> list[bool]:
    """Indexed by kind * SIZE + distance: whether a piece of that kind, first along a line at
    that distance, captures along it (`kinds` slide; `one` steps once; bows and crossbows by
    their ranges)."""
    out = [False] * (16 * SIZE)
    for d in range(1, SIZE):
        for kind in kinds:
            out[kind * SIZE + d] = True
        out[one * SIZE + 1] = True
        out[BOW * SIZE + d] = d == 4 if exact else d <= 4
        out[CROSSBOW * SIZE + d] = d == 5 if exact else d <= 5
    return out


HITS = {exact: (_hits((GENERAL, DEPUTY), SWORD, exact), _hits((GENERAL, BRIGADIER), SABRE, exact))
        for exact in (False, True)}
"""By ``ranged == "exact"``: the orthogonal and the diagonal hit tables."""


def _reverse_horse(t: int) -> tuple[tuple[int, int, int], ...]:
    """(horse point, mask of the points that must be empty, length of the diagonal) for every
    horse line (of one to three diagonal points) ending on t. The path runs from the leg (next to
    the horse) diagonally up to the point before t, so it lies on the board whenever the horse's
    point does."""
    tf, tr = t % SIZE, t // SIZE
    out = []
    for ox, oy in ORTHO:
        for dx, dy in ((1, oy), (-1, oy)) if ox == 0 else ((ox, 1), (ox, -1)):
            step = dx + SIZE * dy
            path = 0  # t - step ... t - n * step, the last being the leg
            for n in (1, 2, 3):
                if not (0 <= tf - n * dx < SIZE and 0 <= tr - n * dy < SIZE):
                    break  # the diagonal left the board: so would every longer line
                path |= 1 << t - n * step
                hf, hr = tf - ox - n * dx, tr - oy - n * dy
                if 0 <= hf < SIZE and 0 <= hr < SIZE:
                    out.append((point(hf, hr), path, n))
    return tuple(out)


_REVERSE = [_reverse_horse(t) for t in range(POINTS)]
REVERSE_HORSE = {upto: [tuple((h, path) for h, path, n in lines if upto or n == 3) for lines in _REVERSE]
                 for upto in (False, True)}
HORSE_ORIGINS = {upto: [sum(1 << h for h, _ in lines) for lines in REVERSE_HORSE[upto]] for upto in (False, True)}
"""Per point: the points a horse could reach it from (on an empty board), as bits."""


def opens_toward(game: Game, sq: int, frm: int, to: int) -> bool:
    """Whether the move from `frm` to `to` (not yet played; `sq` neither) can give a piece other
    than the one moving a way to capture on `sq` that it lacks: `frm` is the first piece along a
    line from `sq` (a horse's path to `sq` ends along a diagonal from it, its leg included), or the
    second along an orthogonal one (a cannon's screen); or `to`, empty, lies on an orthogonal line
    from `sq` before the second piece on it (it may become a cannon's screen). When it is False, every
    attacker of `sq` after the move but the mover attacked it before."""
    occ = game.occ
    line = DIAG_TOWARD[sq].get(frm)
    if line is not None:
        m = occ & line[0]
        if (m & -m if line[1] > 0 else 1 << m.bit_length() - 1) == 1 << frm:
            return True
    for point, empty in ((frm, False), (to, True)):
        line = ORTHO_TOWARD[sq].get(point)
        if line is None or (empty and occ >> to & 1):
            continue
        m = occ & line[0]
        for _ in range(2):  # the first two pieces from sq along the line
            if not m:  # fewer than two: no cannon stands beyond
                break
            first = m & -m if line[1] > 0 else 1 << m.bit_length() - 1
            if empty and (first > 1 << to if line[1] > 0 else first < 1 << to):
                return True  # `to` comes before this piece
            if first == 1 << point:
                return True
            m ^= first
    return False


def _lines_toward(table: list[dict[int, tuple[int, int]]], sq: int, toward: tuple[int, ...]) -> list[tuple[int, int]]:
    lines = []
    for t in toward:
        line = table[sq].get(t)
        if line is not None and line not in lines:
            lines.append(line)
    return lines


def attackers(game: Game, sq: int, toward: tuple[int, ...] | None = None) -> list[int]:
    """Points of the pieces that could capture on `sq` (see the module docstring). With
    `toward`, only those on the lines from `sq` through the points given, and the horses: after
    a move, the only pieces that may have come to attack `sq` (when it is not an end of the move
    and the move's ends are `toward`)."""
    ortho: Sequence[tuple[int, int]]
    diag: Sequence[tuple[int, int]]
    if toward is None:
        ortho, diag = ORTHO_MASKS[sq], DIAG_MASKS[sq]
    else:
        ortho, diag = _lines_toward(ORTHO_TOWARD, sq, toward), _lines_toward(DIAG_TOWARD, sq, toward)
    b = game.board
    occ = game.occ
    cannons = game.cannons
    rules = game.rules
    ortho_hits, diag_hits = HITS[rules.ranged == "exact"]
    out: list[int] = []
    for mask, step in ortho:
        m = occ & mask
        if not m:
            continue
        if step > 0:
            low = m & -m
            s = low.bit_length() - 1
            if ortho_hits[(b[s] & 15) * SIZE + (s - sq) // step]:  # Zhou's kind is 0: never
                out.append(s)
            if cannons & mask:  # a cannon next beyond the first piece, its screen
                m ^= low
                if m & -m & cannons:
                    out.append((m & -m).bit_length() - 1)
        else:
            s = m.bit_length() - 1
            if ortho_hits[(b[s] & 15) * SIZE + (s - sq) // step]:
                out.append(s)
            if cannons & mask:
                m ^= 1 << s
                if m and cannons >> (m.bit_length() - 1) & 1:
                    out.append(m.bit_length() - 1)
    for mask, step in diag:
        m = occ & mask
        if not m:
            continue
        s = (m & -m).bit_length() - 1 if step > 0 else m.bit_length() - 1
        if diag_hits[(b[s] & 15) * SIZE + (s - sq) // step]:
            out.append(s)
    horses = game.horses
    upto = rules.horse == "upto3"
    if horses & HORSE_ORIGINS[upto][sq]:
        for h, path in REVERSE_HORSE[upto][sq]:
            if horses >> h & 1 and not occ & path:
                out.append(h)
    return out


def attacked_by(game: Game, sq: int, among: int) -> bool:
    """Whether a piece on one of the points set in `among` (bits of occupied points, as
    ``game.occ``) is among attackers(game, sq): the same rules, looking only along the lines that
    hold such a piece and stopping at the first one found."""
    b = game.board
    occ = game.occ
    ortho_hits, diag_hits = HITS[game.rules.ranged == "exact"]
    for mask, step in ORTHO_MASKS[sq]:
        if not among & mask:
            continue
        m = occ & mask
        if step > 0:
            low = m & -m
            s = low.bit_length() - 1
            if low & among and ortho_hits[(b[s] & 15) * SIZE + (s - sq) // step]:
                return True
            m ^= low
            if m & -m & among & game.cannons:
                return True
        else:
            s = m.bit_length() - 1
            if among >> s & 1 and ortho_hits[(b[s] & 15) * SIZE + (s - sq) // step]:
                return True
            m ^= 1 << s
            if m and (among & game.cannons) >> (m.bit_length() - 1) & 1:
                return True
    for mask, step in DIAG_MASKS[sq]:
        if not among & mask:
            continue
        m = occ & mask
        s = (m & -m).bit_length() - 1 if step > 0 else m.bit_length() - 1
        if among >> s & 1 and diag_hits[(b[s] & 15) * SIZE + (s - sq) // step]:
            return True
    upto = game.rules.horse == "upto3"
    horses = game.horses & among
    if horses & HORSE_ORIGINS[upto][sq]:
        for h, path in REVERSE_HORSE[upto][sq]:
            if horses >> h & 1 and not occ & path:
                return True
    return False


def hostile(game: Game, kingdom: int, piece: int) -> bool:
    """Whether `piece` (a piece on the board) may take a piece of `kingdom` in its own turn: it
    is moved by a kingdom still in play (its army not inert) of another team than `kingdom`'s."""
    c = game.controller[piece >> 4]
    return c != INERT and game.alive[c] and game.teams[c] != game.teams[kingdom]


def takers(game: Game, sq: int, kingdom: int) -> list[int]:
    """The points of the pieces that could take a piece of `kingdom` standing on `sq` if their
    kingdom moved now: its hostile attackers. None when `sq` holds an Envoy (never captured)."""
    b = game.board
    if b[sq] & 15 == ENVOY:
        return []
    return [s for s in attackers(game, sq) if hostile(game, kingdom, b[s])]


def _horse_targets(upto: bool) -> list[tuple[int, ...]]:
    """Per point: the targets of a horse standing there (on an empty board)."""
    starts: list[list[int]] = [[] for _ in range(POINTS)]
    for t in range(POINTS):
        for h, _ in REVERSE_HORSE[upto][t]:
            starts[h].append(t)
    return [tuple(x) for x in starts]


HORSE_TARGETS = {upto: _horse_targets(upto) for upto in (False, True)}
HORSE_TARGET_BITS = {upto: [sum(1 << t for t in targets) for targets in HORSE_TARGETS[upto]] for upto in (False, True)}


def touched_by(game: Game, sq: int, horse: bool = True, cannon: bool = True, among: int = -1) -> list[int]:
    """The points whose attackers() may change when what stands on `sq` changes (called after
    the change): the first piece along each line from it (a slider's or a stepper's target or
    blocker), the second along an orthogonal line when a Cannon may be involved, and the
    targets of a horse on it (when `horse`: a Horse stood or stands there). Only points whose
    bit is set in `among` are named (default: all), so a search can ask about its own pieces.

    The second piece along a line sees a cannon over its screen (the first piece): that cannon
    is whatever stood, or stands, next beyond the screen, on `sq` or past it. So it can only
    change when the piece that stood or stands on `sq` is a Cannon (`cannon`), or the first
    piece past `sq` on the opposite line is. A horse's path runs along one diagonal to its
    target after the leg, which begins that diagonal, so a point on a horse's path has the
    target as the first piece along that diagonal: opening or closing a path is caught by the
    diagonal rule. With the points of both ends of a move, this is what a search must look at
    again."""
    b = game.board
    occ = game.occ
    out: list[int] = []
    app = out.append
    for up, down, both in ORTHO_PAIRS[sq]:
        if not both & among:
            continue
        mu, md = occ & up, occ & down
        low = mu & -mu
        a = low.bit_length() - 1  # the first piece up the line (-1: none)
        c = md.bit_length() - 1  # and down it
        if low & among:
            app(a)
        if c >= 0 and among >> c & 1:
            app(c)
        if cannon or (c >= 0 and b[c] & 15 == CANNON):
            rest = mu ^ low
            if rest & -rest & among:
                app((rest & -rest).bit_length() - 1)
        if c >= 0 and (cannon or (a >= 0 and b[a] & 15 == CANNON)):
            rest = md ^ 1 << c
            if rest and among >> (rest.bit_length() - 1) & 1:
                app(rest.bit_length() - 1)
    for up, down, both in DIAG_PAIRS[sq]:
        if not both & among:
            continue
        mu, md = occ & up, occ & down
        if mu & -mu & among:
            app((mu & -mu).bit_length() - 1)
        if md and among >> (md.bit_length() - 1) & 1:
            app(md.bit_length() - 1)
    if horse:
        upto = game.rules.horse == "upto3"
        if HORSE_TARGET_BITS[upto][sq] & among:
            out.extend(t for t in HORSE_TARGETS[upto][sq] if among >> t & 1)
    return out
