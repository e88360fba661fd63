"""Drawing the board and its pieces, the moves since the player's last, and turning clicks
into points."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import pygame

from qiguo.engine import FILES, KINGDOMS, SIZE, ZHOU, Game, Move, Piece

from . import piece_art, theme
from .fonts import FLOOR, render
from qiguo.play.match import Played
from qiguo.play.trail import Step

_START = Game.new().occupied()
START_POINTS: list[list[int]] = [[sq for sq, p in _START if p.kingdom == k] for k in range(len(KINGDOMS))]
"""Each kingdom's 17 start points (its home area)."""
GENERAL_START = [next(sq for sq, p in _START if p.kingdom == k and p.is_general) for k in range(len(KINGDOMS))]
"""Each kingdom's general's start point, in the middle of its home edge."""
FLIGHT = 0.55
"""Seconds a captured piece takes to fly to its captor's prisoners in the panel."""


MARGIN = 1.45
"""Cells between the outer lines and the board's edge (room for the coordinates)."""


def _display_format(surface: pygame.Surface, alpha: bool) -> pygame.Surface:
    """The surface in the window's pixel format (much faster to blit), when there is a window."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


def ease_out(t: float) -> float:
    """Cubic ease-out on 0..1."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Glide:
    """A piece moving from one point to another."""

    piece: Piece
    controller: int
    start: int
    end: int
    elapsed: float = 0.0


@dataclass
class Fade:
    """A piece leaving the board (a general lifted, an army removed)."""

    piece: Piece
    controller: int
    at: int
    elapsed: float = 0.0


@dataclass
class Flight:
    """A captured piece flying from its point to its captor's prisoners (window pixels)."""

    piece: Piece
    controller: int
    start: tuple[float, float]
    end: tuple[float, float]
    elapsed: float = 0.0


class BoardView:
    """The board's place in the window, its cached drawing, and its animations."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cell = 1.0
        self.origin = (0.0, 0.0)
        self._static: pygame.Surface | None = None
        self._static_key: tuple = ()
        self.glides: list[Glide] = []
        self.fades: list[Fade] = []
        self.flights: list[Flight] = []
        self.duration = 0.2
        self.board_theme = "wood"
        self.colour_aid = False
        self.style = "glyphs"

    # ---- geometry -----------------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        """Fit the board (with a margin of one cell for coordinates) into `area`."""
        side = max(40, min(area.width, area.height))
        self.cell = side / (SIZE - 1 + 2 * MARGIN)
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = area.center
        self.origin = (self.rect.x + MARGIN * self.cell, self.rect.y + MARGIN * self.cell)

    def centre(self, sq: int) -> tuple[float, float]:
        """The pixel centre of a point."""
        f, r = sq % SIZE, sq // SIZE
        return self.origin[0] + f * self.cell, self.origin[1] + (SIZE - 1 - r) * self.cell

    def point_at(self, pos: tuple[int, int]) -> int | None:
        """The point under a pixel, or None off the board or between points."""
        fx = (pos[0] - self.origin[0]) / self.cell
        fy = (pos[1] - self.origin[1]) / self.cell
        f, row = round(fx), round(fy)
        if not (0 <= f < SIZE and 0 <= row < SIZE) or (fx - f) ** 2 + (fy - row) ** 2 > 0.5 ** 2:
            return None
        return (SIZE - 1 - row) * SIZE + f

    # ---- animation ----------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return bool(self.glides or self.fades or self.flights)

    def animate(self, game: Game, played: Played, duration: float,
                tray: Callable[[int], tuple[float, float] | None] | None = None) -> None:
        """Start the animations of a move just played: the glide; the captured piece flying to
        `tray(captor)` (its captor's prisoners in the panel), or fading where there is none;
        fades for every other piece that left the board (a lifted general, a removed army)."""
        self.duration = max(0.0, duration)
        self.finish()
        if duration <= 0:
            return
        m = played.move
        if played.piece is not None:
            self.glides.append(Glide(played.piece, game.controller[played.piece.kingdom], m.from_sq, m.to_sq))
        for sq, p in played.left:
            end = tray(played.kingdom) if tray is not None and sq == m.to_sq and not m.is_pass else None
            if end is not None:
                self.flights.append(Flight(p, game.controller[p.kingdom], self.centre(sq), end))
            else:
                self.fades.append(Fade(p, game.controller[p.kingdom], sq))

    def update(self, dt: float) -> None:
        for a in self.glides + self.fades + self.flights:
            a.elapsed += dt
        self.glides = [g for g in self.glides if g.elapsed < self.duration]
        self.fades = [f for f in self.fades if f.elapsed < self.duration * 1.5]
        self.flights = [f for f in self.flights if f.elapsed < max(FLIGHT, self.duration * 2)]

    def finish(self) -> None:
        self.glides.clear()
        self.fades.clear()
        self.flights.clear()

    # ---- drawing ------------------------------------------------------------------------

    def _static_layer(self, game: Game, show_coords: bool) -> pygame.Surface:
        key = (self.rect.size, round(self.cell, 3), game.seated, show_coords, self.board_theme)
        if self._static is not None and self._static_key == key:
            return self._static
        colours = theme.BOARDS.get(self.board_theme, theme.BOARDS["wood"])
        surf = pygame.Surface(self.rect.size)
        surf.fill(theme.BACKGROUND)
        pygame.draw.rect(surf, colours["board"], surf.get_rect(), border_radius=max(2, int(self.cell * 0.3)))
        pygame.draw.rect(surf, colours["edge"], surf.get_rect(), width=max(1, int(self.cell * 0.08)),
                         border_radius=max(2, int(self.cell * 0.3)))
        ox, oy = self.origin[0] - self.rect.x, self.origin[1] - self.rect.y
        tint = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        for k in game.seated:
            pygame.draw.polygon(tint, theme.KINGDOM_FILL[k] + (56,), self._home_polygon(k))
        surf.blit(tint, (0, 0))
        width = max(1, int(self.cell / 22))
        end = ox + (SIZE - 1) * self.cell
        for i in range(SIZE):
            p = ox + i * self.cell
            pygame.draw.line(surf, colours["grid"], (p, oy), (p, end), width)
            pygame.draw.line(surf, colours["grid"], (ox, p), (end, p), width)
        pygame.draw.rect(surf, colours["grid"], pygame.Rect(ox, oy, end - ox + 1, end - oy + 1), width + 1)
        if show_coords and self.cell >= 14:
            size = max(9, int(self.cell * 0.42))
            for i in range(SIZE):
                letter = render(FILES[i], size, colours["coord"])
                number = render(str(SIZE - i), size, colours["coord"])
                p = ox + i * self.cell
                for y in (oy - self.cell * 0.95, end + self.cell * 0.95):
                    surf.blit(letter, letter.get_rect(center=(p, y)))
                for x in (ox - self.cell * 0.98, end + self.cell * 0.98):
                    surf.blit(number, number.get_rect(center=(x, p)))
        self._static, self._static_key = _display_format(surf, alpha=False), key
        return self._static

    def _home_polygon(self, k: int) -> list[tuple[float, float]]:
        """Kingdom k's home area: the hull of its start points, grown by half a cell."""
        pts = sorted(self._local(sq) for sq in START_POINTS[k])

        def half(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
            out: list[tuple[float, float]] = []
            for p in points:
                while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                         - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                    out.pop()
                out.append(p)
            return out[:-1]
        hull = half(pts) + half(pts[::-1])
        cx = sum(x for x, _ in hull) / len(hull)
        cy = sum(y for _, y in hull) / len(hull)
        grow = self.cell * 0.55
        out = []
        for x, y in hull:
            d = max(1e-6, ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5)
            out.append((x + (x - cx) / d * grow, y + (y - cy) / d * grow))
        return out

    def _local(self, sq: int) -> tuple[float, float]:
        x, y = self.centre(sq)
        return x - self.rect.x, y - self.rect.y

    def sprite(self, piece: Piece, controller: int, scale: float = 1.0) -> pygame.Surface:
        """A piece as drawn on this board (style, colour-blind aid, size of a point)."""
        radius = max(4, int(self.cell * 0.46 * scale))
        ground = theme.BOARDS.get(self.board_theme, theme.BOARDS["wood"])["board"]
        return piece_art.disc(piece, controller, radius, self.style, self.colour_aid, ground)

    def _blit_piece(self, surface: pygame.Surface, piece: Piece, controller: int, at: tuple[float, float],
                    alpha: int = 255, scale: float = 1.0) -> None:
        img = self.sprite(piece, controller, scale)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))

    def draw(self, surface: pygame.Surface, game: Game, *, show_coords: bool = True,
             selected: int | None = None, targets: Mapping[int, int] | None = None, trail: list[Step] | None = None,
             last_move: int = 0, home: int | None = None, hint: int | None = None, hover: int | None = None,
             danger: set[int] | None = None, risks: dict[int, Any] | None = None,
             cursor: int | None = None) -> None:
        """The board, the home edge of kingdom `home`, the trail of moves (or the last move),
        pieces, animations, a suggested move, the selection with its legal destinations, the
        danger marks on pieces that can be taken, what each destination risks (`risks`:
        point -> an object with `exposed` and `general`), and the keyboard's cursor."""
        surface.blit(self._static_layer(game, show_coords), self.rect.topleft)
        cell = self.cell
        if home is not None:
            self._draw_home_edge(surface, home)
        steps = trail or []
        if steps:
            self._draw_trail_lines(surface, steps)
        elif last_move:
            for sq in (Move(last_move).from_sq, Move(last_move).to_sq):
                self._box(surface, sq, theme.LAST_MOVE)
        hidden = {g.end for g in self.glides}
        ctl = game.controller
        for sq, p in game.occupied():
            if sq not in hidden:
                self._blit_piece(surface, p, ZHOU if p.is_zhou else ctl[p.kingdom], self.centre(sq))
        for f in self.fades:
            t = f.elapsed / (self.duration * 1.5)
            self._blit_piece(surface, f.piece, f.controller, self.centre(f.at), int(255 * (1 - t)))
        for g in self.glides:
            t = ease_out(g.elapsed / self.duration) if self.duration else 1.0
            (x0, y0), (x1, y1) = self.centre(g.start), self.centre(g.end)
            self._blit_piece(surface, g.piece, ctl[g.piece.kingdom], (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
        if steps:
            self._draw_trail_badges(surface, steps)
        for sq in danger or ():
            if sq not in hidden:
                self._warning(surface, self.centre(sq), theme.DANGER)
        if hint:
            m = Move(hint)
            (x0, y0), (x1, y1) = self.centre(m.from_sq), self.centre(m.to_sq)
            width = max(3, int(cell * 0.16))
            _ring(surface, (x0, y0), cell * 0.55, width, theme.HINT)
            _arrow(surface, (x0, y0), (x1, y1), width, cell * 0.5, theme.HINT)
        if hover is not None and hover != selected:
            _ring(surface, self.centre(hover), cell * 0.54, max(2, int(cell * 0.06)), theme.HALO)
        if selected is not None:
            _ring(surface, self.centre(selected), cell * 0.56, max(3, int(cell * 0.11)), theme.SELECT)
        risks = risks or {}
        for t_sq in (targets or {}):
            x, y = self.centre(t_sq)
            risk = risks.get(t_sq)
            if game.piece_at(t_sq):
                _capture_ring(surface, (x, y), cell * 0.58, max(3, int(cell * 0.12)))
            else:
                dot = theme.DANGER if risk is not None and risk.exposed else theme.MOVE_DOT
                pygame.draw.circle(surface, theme.OUTLINE, (x, y), max(4, cell * 0.19))
                pygame.draw.circle(surface, dot, (x, y), max(3, cell * 0.19) - 2)
            if risk is not None and risk.general:
                self._cross(surface, (x, y), theme.PERIL)
            elif risk is not None and risk.exposed:
                self._warning(surface, (x, y), theme.DANGER)
        if cursor is not None:
            self._cursor(surface, cursor)

    def _cursor(self, surface: pygame.Surface, sq: int) -> None:
        """The keyboard's cursor: four thick corner brackets around the point, dark-edged, so it
        reads on any board, piece or mark and is never taken for the selection ring."""
        x, y = self.centre(sq)
        half, arm = self.cell * 0.62, self.cell * 0.3
        width = max(3, int(self.cell * 0.1))
        for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            corner = (x + sx * half, y + sy * half)
            for colour, w in ((theme.OUTLINE, width + 3), (theme.CURSOR, width)):
                pygame.draw.line(surface, colour, corner, (corner[0] - sx * arm, corner[1]), w)
                pygame.draw.line(surface, colour, corner, (corner[0], corner[1] - sy * arm), w)

    def _warning(self, surface: pygame.Surface, at: tuple[float, float], colour: tuple[int, int, int]) -> None:
        """The danger mark: a small triangle with "!" at the lower right of a point (the trail's
        badges sit at the upper corners; the colour-blind marks on the piece's face)."""
        cell = self.cell
        r = max(8.0, cell * 0.3)
        cx, cy = at[0] + cell * 0.36, at[1] + cell * 0.34
        tri = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.7), (cx - r * 0.95, cy + r * 0.7)]
        pygame.draw.polygon(surface, theme.OUTLINE, [(x + (x - cx) * 0.28, y + (y - cy) * 0.28) for x, y in tri])
        pygame.draw.polygon(surface, colour, tri)
        bar = max(2, int(r * 0.22))
        pygame.draw.line(surface, theme.OUTLINE, (cx, cy - r * 0.45), (cx, cy + r * 0.2), bar)
        pygame.draw.circle(surface, theme.OUTLINE, (cx, cy + r * 0.45), max(1, bar * 0.6))

    def _cross(self, surface: pygame.Surface, at: tuple[float, float], colour: tuple[int, int, int]) -> None:
        """A bold cross over a destination: moving there leaves the general to be taken."""
        k = self.cell * 0.34
        width = max(3, int(self.cell * 0.13))
        x, y = at
        for a, b in (((x - k, y - k), (x + k, y + k)), ((x - k, y + k), (x + k, y - k))):
            pygame.draw.line(surface, theme.OUTLINE, a, b, width + 4)
            pygame.draw.line(surface, colour, a, b, width)

    def draw_flights(self, surface: pygame.Surface) -> None:
        """Captured pieces on their way to the panel (drawn over it, after it)."""
        span = max(FLIGHT, self.duration * 2)
        for f in self.flights:
            t = ease_out(f.elapsed / span)
            (x0, y0), (x1, y1) = f.start, f.end
            at = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - 40 * t * (1 - t) * 4)
            self._blit_piece(surface, f.piece, f.controller, at, scale=1.0 - 0.55 * t)

    def _box(self, surface: pygame.Surface, sq: int, colour: tuple[int, int, int]) -> None:
        x, y = self.centre(sq)
        cell = self.cell
        rect = pygame.Rect(x - cell * 0.52, y - cell * 0.52, cell * 1.04, cell * 1.04)
        width = max(2, int(cell * 0.08))
        pygame.draw.rect(surface, theme.OUTLINE, rect.inflate(4, 4), width + 2, border_radius=int(cell * 0.22))
        pygame.draw.rect(surface, colour, rect, width, border_radius=int(cell * 0.2))

    def _draw_trail_lines(self, surface: pygame.Surface, steps: list[Step]) -> None:
        """Each move since the player's last as a line in the mover's colour (older ones
        thinner), under the pieces, with a ring where it started."""
        cell = self.cell
        n = len(steps)
        for i, step in enumerate(steps):
            newest = i == n - 1
            colour = theme.KINGDOM_FILL[step.kingdom]
            width = max(3, int(cell * (0.16 if newest else 0.11)))
            a, b = self.centre(step.move.from_sq), self.centre(step.move.to_sq)
            pygame.draw.line(surface, theme.OUTLINE, a, b, width + 4)
            pygame.draw.line(surface, colour, a, b, width)
            pygame.draw.circle(surface, theme.OUTLINE, a, cell * 0.28)
            pygame.draw.circle(surface, colour, a, cell * 0.28 - 2)
            pygame.draw.circle(surface, theme.OUTLINE, a, cell * 0.12)
        self._box(surface, steps[-1].move.from_sq, theme.LAST_MOVE)
        self._box(surface, steps[-1].move.to_sq, theme.LAST_MOVE)

    def _draw_trail_badges(self, surface: pygame.Surface, steps: list[Step]) -> None:
        """Each move's number in the game (as in the move list) on a badge at its destination,
        over the pieces, and a cross where a piece was taken, at a corner no badge holds (under
        the badges when every corner is held: a number is never hidden)."""
        cell = self.cell
        r = max(7, int(cell * 0.25))
        size = max(FLOOR, int(r * 1.35))
        off = cell * (0.5 if cell < 32 else 0.42)  # on a small board, out between the points
        shown: dict[int, int] = {}
        for step in steps:
            shown[step.move.to_sq] = step.ply  # a point reached twice shows its latest move
        latest = [step for step in steps if shown.get(step.move.to_sq) == step.ply]
        badges = []
        for step in latest:
            x, y = self.centre(step.move.to_sq)
            label = render(str(step.ply), size, theme.KINGDOM_INK[step.kingdom])
            room = int(cell) - 6  # the badge and its rim within one cell: neighbours never overlap
            if label.get_width() > room:  # a long number on a small board: narrower digits
                label = pygame.transform.smoothscale(label, (max(1, room), label.get_height()))
            badge = pygame.Rect(0, 0, min(max(2 * r, label.get_width() + 8), room + 2), 2 * r)
            badge.center = (round(x - off), round(y - off))
            badges.append((badge, label, theme.KINGDOM_FILL[step.kingdom]))
        held = [badge.inflate(4, 4) for badge, _, _ in badges]
        crosses = [self._cross_spot(self.centre(step.move.to_sq), off, r, held)
                   for step in latest if step.captured is not None]
        for (cx, cy), free in crosses:
            if not free:
                _draw_cross(surface, cx, cy, r)
        for badge, label, fill in badges:
            pygame.draw.rect(surface, theme.OUTLINE, badge.inflate(4, 4), border_radius=r + 2)
            pygame.draw.rect(surface, fill, badge, border_radius=r)
            surface.blit(label, label.get_rect(center=badge.center))
        for (cx, cy), free in crosses:
            if free:
                _draw_cross(surface, cx, cy, r)

    @staticmethod
    def _cross_spot(at: tuple[float, float], off: float, r: int, held: list[pygame.Rect]
                    ) -> tuple[tuple[float, float], bool]:
        """Where a taken-piece cross goes beside a point's badge: its upper right corner, or the
        first other corner no badge or cross holds (a neighbour's badge may sit at each); with
        whether that corner is free (the spot is added to `held`)."""
        x, y = at
        corners = [(x + off, y - off), (x + off, y + off), (x - off, y + off)]
        for cx, cy in corners:
            spot = pygame.Rect(0, 0, 2 * r + 4, 2 * r + 4)
            spot.center = (round(cx), round(cy))
            if spot.collidelist(held) < 0:
                held.append(spot)
                return (cx, cy), True
        return corners[0], False

    def _draw_home_edge(self, surface: pygame.Surface, k: int) -> None:
        sq = GENERAL_START[k]
        f, r = sq % SIZE, sq // SIZE
        cell, (x, y) = self.cell, self.centre(sq)
        thick = max(4, int(cell * 0.28))
        half = cell * 3.6
        if f == 0 or f == SIZE - 1:
            edge_x = self.rect.left + thick / 2 if f == 0 else self.rect.right - thick / 2
            start, end = (edge_x, y - half), (edge_x, y + half)
        else:
            edge_y = self.rect.bottom - thick / 2 if r == 0 else self.rect.top + thick / 2
            start, end = (x - half, edge_y), (x + half, edge_y)
        pygame.draw.line(surface, theme.KINGDOM_FILL[k], start, end, thick)
        pygame.draw.line(surface, theme.ACCENT, start, end, max(1, thick // 4))



def _arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float], width: int, head: float,
           colour: tuple[int, int, int]) -> None:
    """An arrow from `start` to `end` (its head's tip on `end`), with a dark rim."""
    (x0, y0), (x1, y1) = start, end
    length = max(1.0, math.hypot(x1 - x0, y1 - y0))
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head
    tip = [(x1, y1), (bx - uy * head * 0.6, by + ux * head * 0.6), (bx + uy * head * 0.6, by - ux * head * 0.6)]
    rim = [(x1 + ux * 3, y1 + uy * 3), (bx - uy * (head * 0.6 + 3) - ux * 2, by + ux * (head * 0.6 + 3) - uy * 2),
           (bx + uy * (head * 0.6 + 3) - ux * 2, by - ux * (head * 0.6 + 3) - uy * 2)]
    pygame.draw.line(surface, theme.OUTLINE, start, (bx, by), width + 4)
    pygame.draw.polygon(surface, theme.OUTLINE, rim)
    pygame.draw.line(surface, colour, start, (bx, by), width)
    pygame.draw.polygon(surface, colour, tip)


def _capture_ring(surface: pygame.Surface, centre: tuple[float, float], radius: float, width: int) -> None:
    """A capture's ring: red between white bands and a dark rim, so it shows on every kingdom's
    pieces, red Chu's included, and on either board."""
    pygame.draw.circle(surface, theme.OUTLINE, centre, radius + 3, width + 6)
    pygame.draw.circle(surface, theme.HALO, centre, radius + 1, width + 2)
    pygame.draw.circle(surface, theme.CAPTURE_RING, centre, radius, max(2, width - 1))


def _ring(surface: pygame.Surface, centre: tuple[float, float], radius: float, width: int,
          colour: tuple[int, int, int]) -> None:
    """A ring in `colour` between a dark and a light rim, visible on any board and any piece."""
    pygame.draw.circle(surface, theme.OUTLINE, centre, radius + 2, width + 4)
    pygame.draw.circle(surface, colour, centre, radius, width)
    pygame.draw.circle(surface, theme.HALO, centre, radius - width + 1, 1)


def _draw_cross(surface: pygame.Surface, cx: float, cy: float, r: int) -> None:
    """A white cross on a red disc: a piece was taken there."""
    pygame.draw.circle(surface, theme.OUTLINE, (cx, cy), r + 2)
    pygame.draw.circle(surface, theme.CAPTURE_RING, (cx, cy), r)
    k = r * 0.5
    pygame.draw.line(surface, theme.HALO, (cx - k, cy - k), (cx + k, cy + k), max(2, r // 3))
    pygame.draw.line(surface, theme.HALO, (cx - k, cy + k), (cx + k, cy - k), max(2, r // 3))
