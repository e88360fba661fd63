"""Drawing the board and its pieces, and turning clicks into points."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from qiguo.engine import FILES, INERT, KIND_GLYPHS, KINGDOMS, SIZE, ZHOU, Game, Move, Piece

from . import theme
from .fonts import render
from .match import Played

_START = Game.new().occupied()
START_POINTS: list[list[int]] = [[sq for sq, p in _START if p.kingdom == k] for k in range(len(KINGDOMS))]
"""Each kingdom's 17 start points (its home area)."""
GENERAL_START = [next(sq for sq, p in _START if p.kingdom == k and p.is_general) for k in range(len(KINGDOMS))]
"""Each kingdom's general's start point, in the middle of its home edge."""


MARGIN = 1.45
"""Cells between the outer lines and the board's edge (room for the coordinates)."""


def _display_format(surface: pygame.Surface, alpha: bool) -> pygame.Surface:
    """The surface in the window's pixel format (much faster to blit), when there is a window."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


def _mark(surface: pygame.Surface, shape: str, centre: tuple[int, int], r: int,
          ink: tuple[int, int, int], fill: tuple[int, int, int]) -> None:
    """One kingdom's colour-blind mark, in the piece's ink on a disc of its fill."""
    x, y = centre
    pygame.draw.circle(surface, fill, centre, r + max(2, r // 2))
    if shape == "circle":
        pygame.draw.circle(surface, ink, centre, r)
    elif shape == "triangle":
        pygame.draw.polygon(surface, ink, [(x, y - r), (x + r, y + r), (x - r, y + r)])
    elif shape == "square":
        pygame.draw.rect(surface, ink, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    elif shape == "diamond":
        pygame.draw.polygon(surface, ink, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif shape == "bar":
        pygame.draw.rect(surface, ink, pygame.Rect(x - r, y - r // 2, 2 * r, r))
    elif shape == "cross":
        pygame.draw.line(surface, ink, (x - r, y - r), (x + r, y + r), max(2, r // 2))
        pygame.draw.line(surface, ink, (x - r, y + r), (x + r, y - r), max(2, r // 2))
    else:  # star
        pts = [(x + r * (1 if i % 2 == 0 else 0.45) * math.sin(i * math.pi / 5),
                y - r * (1 if i % 2 == 0 else 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
        pygame.draw.polygon(surface, ink, pts)


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
    """A piece leaving the board (captured, lifted or removed)."""

    piece: Piece
    controller: int
    at: int
    elapsed: float = 0.0


class BoardView:
    """The board's place in the window, its cached drawing, and its animations."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cell = 1.0
        self.origin = (0.0, 0.0)
        self._static: pygame.Surface | None = None
        self._static_key: tuple = ()
        self._sprites: dict[tuple, pygame.Surface] = {}
        self.glides: list[Glide] = []
        self.fades: list[Fade] = []
        self.duration = 0.2
        self.board_theme = "wood"
        self.colour_aid = False

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
        return bool(self.glides or self.fades)

    def animate(self, game: Game, played: Played, duration: float) -> None:
        """Start the animations of a move just played: the glide, and fades for every piece
        that left the board (the captured one, a lifted general, a removed army)."""
        self.duration = max(0.0, duration)
        self.glides.clear()
        self.fades.clear()
        if duration <= 0:
            return
        m = played.move
        if played.piece is not None:
            self.glides.append(Glide(played.piece, game.controller[played.piece.kingdom], m.from_sq, m.to_sq))
        for sq, p in played.left:
            self.fades.append(Fade(p, game.controller[p.kingdom], sq))

    def update(self, dt: float) -> None:
        for a in self.glides + self.fades:
            a.elapsed += dt
        self.glides = [g for g in self.glides if g.elapsed < self.duration]
        self.fades = [f for f in self.fades if f.elapsed < self.duration * 1.5]

    def finish(self) -> None:
        self.glides.clear()
        self.fades.clear()

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

    def sprite(self, piece: Piece, controller: int) -> pygame.Surface:
        """A piece as a disc with its glyph: kingdom colours, a ring in the controller's colour
        when inherited, grey when inert."""
        radius = max(4, int(self.cell * 0.46))
        key = (piece, controller, radius, self.colour_aid)
        cached = self._sprites.get(key)
        if cached is not None:
            return cached
        if piece.is_zhou:
            fill, ink, glyph, ring = theme.ZHOU_FILL, theme.ZHOU_INK, "周", None
        else:
            k = piece.kingdom
            glyph = KIND_GLYPHS[piece.kind]
            if controller == INERT:
                fill, ink, ring = theme.INERT_FILL, theme.INERT_INK, None
            else:
                fill, ink = theme.KINGDOM_FILL[k], theme.KINGDOM_INK[k]
                ring = theme.KINGDOM_FILL[controller] if controller != k else None
        scale = 2
        r2 = radius * scale
        big = pygame.Surface((2 * r2 + 4 * scale, 2 * r2 + 4 * scale), pygame.SRCALPHA)
        c = big.get_width() // 2
        pygame.draw.circle(big, (0, 0, 0, 90), (c + scale, c + 2 * scale), r2)
        pygame.draw.circle(big, fill, (c, c), r2)
        edge = tuple(max(0, v - 70) for v in fill)
        pygame.draw.circle(big, edge, (c, c), r2, max(2, r2 // 10))
        if ring is not None:
            pygame.draw.circle(big, ring, (c, c), r2, max(3, r2 // 4))
            pygame.draw.circle(big, (20, 20, 20), (c, c), r2, max(1, scale))
        text = render(glyph, int(r2 * (1.15 if ring is None else 1.0)), ink)
        big.blit(text, text.get_rect(center=(c, c + scale)))
        if self.colour_aid and not piece.is_zhou:
            _mark(big, theme.MARKS[piece.kingdom], (c + int(r2 * 0.62), c - int(r2 * 0.62)), max(3, r2 // 4), ink, fill)
        small = _display_format(pygame.transform.smoothscale(big, (big.get_width() // scale,
                                                                   big.get_height() // scale)), alpha=True)
        self._sprites[key] = small
        if len(self._sprites) > 600:
            self._sprites.clear()
        return small

    def _blit_piece(self, surface: pygame.Surface, piece: Piece, controller: int, at: tuple[float, float],
                    alpha: int = 255) -> None:
        img = self.sprite(piece, controller)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))

    def draw(self, surface: pygame.Surface, game: Game, *, show_coords: bool = True,
             selected: int | None = None, targets: dict[int, int] | None = None,
             last_move: int = 0, home: int | None = None, hint: int | None = None) -> None:
        """The board, the home edge of kingdom `home`, the last move, pieces, animations, a
        suggested move, and the selection with its legal destinations."""
        surface.blit(self._static_layer(game, show_coords), self.rect.topleft)
        cell = self.cell
        if home is not None:
            self._draw_home_edge(surface, home)
        if last_move:
            for sq in (Move(last_move).from_sq, Move(last_move).to_sq):
                x, y = self.centre(sq)
                pygame.draw.rect(surface, theme.LAST_MOVE,
                                 pygame.Rect(x - cell * 0.52, y - cell * 0.52, cell * 1.04, cell * 1.04),
                                 max(2, int(cell * 0.08)), border_radius=int(cell * 0.2))
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
        if hint:
            (x0, y0), (x1, y1) = self.centre(Move(hint).from_sq), self.centre(Move(hint).to_sq)
            width = max(3, int(cell * 0.16))
            pygame.draw.line(surface, theme.HINT, (x0, y0), (x1, y1), width)
            pygame.draw.circle(surface, theme.HINT, (x0, y0), cell * 0.55, width)
            pygame.draw.circle(surface, theme.HINT, (x1, y1), cell * 0.3)
        if selected is not None:
            x, y = self.centre(selected)
            pygame.draw.circle(surface, theme.SELECT, (x, y), cell * 0.54, max(2, int(cell * 0.1)))
        for t_sq in (targets or {}):
            x, y = self.centre(t_sq)
            if game.piece_at(t_sq):
                pygame.draw.circle(surface, theme.CAPTURE_RING, (x, y), cell * 0.52, max(2, int(cell * 0.12)))
            else:
                pygame.draw.circle(surface, theme.MOVE_DOT, (x, y), max(3, cell * 0.17))

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

