"""The legend over the game (L, or the menu): the ten pieces as they are drawn, with their names
and moves under the game's rules, and the kingdoms with their colours and marks."""
from __future__ import annotations

import pygame

from qiguo.engine import KINDS, Piece
from qiguo.ui import piece_art, theme
from qiguo.ui.fonts import FLOOR, blit_lines, fit, line_height, render, wrap
from qiguo.play.seats import HUMAN
from qiguo.play.strings import how_it_moves, kingdom_name, language, piece_name, t

from .base import Scene, register


@register("legend")
class LegendScene(Scene):
    overlay = True

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game_scene = game_scene
        seats = game_scene.match.seats
        self.kingdom = next((k for k, s in enumerate(seats) if s == HUMAN), 0)
        """The pieces are shown in the colours of the (first) human player's kingdom."""

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_l, pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.app.stack.pop()

    def frame_key(self) -> object:
        return (language(), self.app.settings.piece_style, self.app.settings.colour_aid)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, min(1100, w - 24), min(h - 24, 860))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
        title_size = max(18, min(32, h // 26))
        title = render(t("legend.title"), title_size, theme.ACCENT)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 10)))
        y0 = box.y + 18 + title.get_height()
        foot = render(t("legend.close"), FLOOR + 1, theme.TEXT_DIM)
        kingdoms_h = max(46, box.height // 9)
        rows_h = box.bottom - y0 - kingdoms_h - foot.get_height() - 24
        cols = 2 if box.width >= 640 else 1
        per_col = (len(KINDS) + cols - 1) // cols
        row_h = max(2 * FLOOR + 10, rows_h // per_col)
        col_w = (box.width - 24) // cols
        style = piece_art.style_for(self.app.settings.piece_style, language())
        rules = self.game_scene.game.rules
        r = max(10, min(row_h // 2 - 4, 30))
        size = self.text_size(rules, row_h, col_w - 2 * r - 26, min(18, row_h // 3))
        if size is None:  # not even the floor fits beside a full disc: a smaller disc, more room
            r = 10
            size = self.text_size(rules, row_h, col_w - 2 * r - 26, FLOOR) or FLOOR
        for i, letter in enumerate(KINDS):
            x = box.x + 12 + (i // per_col) * col_w
            y = y0 + (i % per_col) * row_h
            piece = Piece.parse("wrobgpk"[self.kingdom] + letter)
            img = piece_art.disc(piece, self.kingdom, r, style, self.app.settings.colour_aid)
            surface.blit(img, img.get_rect(center=(x + r + 4, y + row_h // 2)))
            tx = x + 2 * r + 14
            name = piece_name(piece)
            head = render(name, max(FLOOR, fit(name, size + 3, col_w - (tx - x) - 8)), theme.TEXT)
            surface.blit(head, (tx, y + 2))
            blit_lines(surface, how_it_moves(letter, rules), size, theme.TEXT_DIM, tx, y + 2 + head.get_height(),
                       col_w - (tx - x) - 12, y + row_h)
        self.draw_kingdoms(surface, pygame.Rect(box.x + 12, box.bottom - kingdoms_h - foot.get_height() - 14,
                                                box.width - 24, kingdoms_h))
        surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - 8)))

    @staticmethod
    def text_size(rules, row_h: int, width: int, largest: int) -> int | None:
        """The largest text size (down to the floor) at which every piece's name and how it
        moves fit, wrapped, in a row of the legend; None if none does."""
        for size in range(max(FLOOR, largest), FLOOR - 1, -1):
            head = line_height(size + 3)
            if all(head + 2 + len(wrap(how_it_moves(letter, rules), size, width - 12)) * line_height(size) <= row_h
                   for letter in KINDS):
                return size
        return None

    def draw_kingdoms(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The seven kingdoms' colours (and marks, with the colour-blind aid on), with names."""
        aid = self.app.settings.colour_aid
        label = t("legend.marks") if aid else t("legend.kingdoms")
        heading = render(label, max(FLOOR, fit(label, FLOOR + 2, area.width)), theme.TEXT_DIM)
        surface.blit(heading, (area.x, area.y))
        cell = area.width // 7
        r = max(9, min(cell // 5, (area.height - heading.get_height()) // 2 - 4))
        cy = area.y + heading.get_height() + r + 4
        for k in range(7):
            cx = area.x + k * cell + r + 4
            pygame.draw.circle(surface, theme.KINGDOM_FILL[k], (cx, cy), r)
            pygame.draw.circle(surface, piece_art.rim_on(theme.PANEL), (cx, cy), r, 2)
            if aid:
                piece_art.draw_mark(surface, k, (cx, cy), r * 0.55)
            name = kingdom_name(k)
            img = render(name, max(FLOOR, fit(name, FLOOR + 2, cell - 2 * r - 12)), theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(cx + r + 6, cy)))
