"""The rules: the board, each piece with a diagram the engine computes, defeat and victory as the
rules in play have them, the start position. In the player's language; scrolls with the wheel
or keys, and draws only whole lines inside its window."""
from __future__ import annotations

import pygame

from qiguo.engine import KINGDOMS, SIZE, Game, Piece, Rules
from qiguo.ui import diagrams, piece_art, theme
from qiguo.ui.fonts import FLOOR, fitted, line_height, render, wrap
from qiguo.play.strings import how_it_moves, language, rules_text, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import Scene, hovered, register


@register("rules")
class RulesScene(Scene):
    def __init__(self, app, rules: Rules | None = None):
        super().__init__(app)
        self.menu = ButtonColumn([Button(t("rules.back"), app.stack.pop)])
        self.scroll = 0
        self.rules = rules or Rules.make(app.settings.preset)
        self.diagrams = diagrams.all_diagrams(self.rules)
        self.view = pygame.Rect(0, 0, 0, 0)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.stack.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 60)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 80 if event.key == pygame.K_DOWN else max(80, self.view.height - 60)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (80 if event.key == pygame.K_UP else max(80, self.view.height - 60)))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            self.scroll = 0
        else:
            self.menu.process_event(event)

    def frame_key(self) -> object:
        return (self.scroll, language(), self.app.settings.piece_style, hovered(self.menu.buttons))

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        top = self.draw_title(surface, t("rules.title"), 8) + 6
        bh = max(32, min(44, h // 20))
        self.view = pygame.Rect(24, top, w - 48, h - bh - 24 - top)
        size = max(FLOOR + 1, min(20, h // 44))
        y = self.view.y - self.scroll
        sections = rules_text(self.rules)
        for heading, lines in sections[:1]:
            y = self.section(surface, heading, lines, y, size)
        y = self.pieces(surface, sections[1][0], y, size)
        for heading, lines in sections[2:]:
            y = self.section(surface, heading, lines, y, size)
        y = self.start_position(surface, y, size)
        content = y + self.scroll - self.view.y
        self.scroll = min(self.scroll, max(0, content - self.view.height))
        self.menu.layout(w // 2, h - bh - 12, min(300, w - 40), bh, 0)
        self.menu.draw(surface)
        if content > self.view.height:  # a scrollbar says there is more
            bar = pygame.Rect(w - 14, self.view.y, 6, self.view.height)
            pygame.draw.rect(surface, theme.PANEL_ROW, bar, border_radius=3)
            thumb = max(24, self.view.height * self.view.height // content)
            pos = self.view.y + (self.view.height - thumb) * self.scroll // max(1, content - self.view.height)
            pygame.draw.rect(surface, theme.TEXT_DIM, pygame.Rect(bar.x, pos, 6, thumb), border_radius=3)

    def text(self, surface: pygame.Surface, img: pygame.Surface, pos: tuple[int, int]) -> None:
        """Blit a line only when it is wholly inside the scrolling window."""
        if self.view.contains(pygame.Rect(pos, img.get_size())):
            surface.blit(img, pos)

    def paragraph(self, surface: pygame.Surface, text: str, x: int, y: int, width: int, size: int,
                  colour: tuple[int, int, int]) -> int:
        for line in wrap(text, size, width):
            self.text(surface, render(line, size, colour), (x, y))
            y += line_height(size)
        return y

    def section(self, surface: pygame.Surface, heading: str, lines: list[str], y: int, size: int) -> int:
        self.text(surface, render(heading, int(size * 1.3), theme.ACCENT), (self.view.x, y))
        y += line_height(int(size * 1.3)) + 2
        for text in lines:  # each a paragraph
            y = self.paragraph(surface, text, self.view.x + 10, y, self.view.width - 20, size, theme.TEXT)
        return y + size

    def pieces(self, surface: pygame.Surface, heading: str, y: int, size: int) -> int:
        """Each piece as a card: its diagram, its name and how it moves under these rules."""
        self.text(surface, render(heading, int(size * 1.3), theme.ACCENT), (self.view.x, y))
        y += line_height(int(size * 1.3)) + 6
        width = self.view.width
        cell = max(9, min(16, width // 66))
        card_w = max(cell * 11 + 230, width // 3)
        cols = max(1, width // card_w)
        card_w = width // cols
        small = max(FLOOR, size - 1)
        card_h = max(cell * 11 + 12, line_height(size + 2) + 4 * line_height(small))
        style = piece_art.style_for(self.app.settings.piece_style, language())
        for i, d in enumerate(self.diagrams):
            cx, cy = self.view.x + (i % cols) * card_w, y + (i // cols) * card_h
            if self.view.colliderect(pygame.Rect(cx, cy, cell * 11, cell * 11)):
                self.diagram(surface, d, cx, cy, cell, style)
            tx = cx + cell * 11 + 12
            room = card_w - (tx - cx) - 10
            name = t(f"piece.{d.piece}") + (f" ({t('diagram.' + d.caption)})" if d.caption else "")
            text, fitted_size = fitted(name, size + 2, room)
            self.text(surface, render(text, fitted_size, theme.TEXT), (tx, cy + 2))
            about = t(f"piece.{d.piece}.{d.caption}") if d.caption else how_it_moves(d.piece, self.rules)
            self.paragraph(surface, about, tx, cy + 4 + line_height(size + 2), room, small, theme.TEXT_DIM)
        rows = (len(self.diagrams) + cols - 1) // cols
        return y + rows * card_h + size

    def diagram(self, surface: pygame.Surface, d: diagrams.Diagram, x: int, y: int, cell: int, style: str) -> None:
        """An 11 x 11 window of the board: the piece (labelled as on the board), Zhou (周), the
        other pieces, its moves (dots) and captures (rings)."""
        rect = pygame.Rect(x, y, cell * 11, cell * 11)
        board = theme.BOARDS.get(self.app.settings.board_theme, theme.BOARDS["wood"])
        surface.set_clip(rect.clip(self.view))
        pygame.draw.rect(surface, board["board"], rect, border_radius=4)
        for i in range(11):
            p = i * cell + cell // 2
            pygame.draw.line(surface, board["grid"], (x + cell // 2, y + p), (rect.right - cell // 2, y + p))
            pygame.draw.line(surface, board["grid"], (x + p, y + cell // 2), (x + p, rect.bottom - cell // 2))

        def at(sq: int) -> tuple[int, int]:
            return (x + (sq % SIZE - diagrams.LEFT) * cell + cell // 2,
                    y + (diagrams.BOTTOM + 10 - sq // SIZE) * cell + cell // 2)
        for sq in d.moves:
            pygame.draw.circle(surface, theme.OUTLINE, at(sq), max(3, cell // 4) + 1)
            pygame.draw.circle(surface, theme.MOVE_DOT, at(sq), max(2, cell // 4))
        for sq, tok in d.pieces.items():
            piece = Piece.parse(tok)
            controller = 7 if piece.is_zhou else KINGDOMS.index(tok[0])
            img = piece_art.disc(piece, controller, max(4, cell // 2 - 1), style, False, board["board"])
            surface.blit(img, img.get_rect(center=at(sq)))
            if sq == diagrams.CENTRE:
                pygame.draw.circle(surface, theme.OUTLINE, at(sq), cell // 2 + 3, 2)
                pygame.draw.circle(surface, theme.SELECT, at(sq), cell // 2 + 1, 2)
        for sq in d.captures:
            pygame.draw.circle(surface, theme.OUTLINE, at(sq), cell // 2 + 3, 3)
            pygame.draw.circle(surface, theme.CAPTURE_RING, at(sq), cell // 2 + 1, 2)
        surface.set_clip(None)

    def start_position(self, surface: pygame.Surface, y: int, size: int) -> int:
        self.text(surface, render(t("rules.start"), int(size * 1.3), theme.ACCENT), (self.view.x, y))
        y += line_height(int(size * 1.3)) + 6
        cell = max(8, min(16, self.view.width // 40))
        rect = pygame.Rect(self.view.x, y, cell * SIZE, cell * SIZE)
        surface.set_clip(rect.clip(self.view))
        pygame.draw.rect(surface, theme.BOARDS["wood"]["board"], rect, border_radius=4)
        game = Game.new(self.rules)
        for sq, p in game.occupied():
            colour = theme.ZHOU_FILL if p.is_zhou else theme.KINGDOM_FILL[p.kingdom]
            pygame.draw.circle(surface, colour, (rect.x + (sq % SIZE) * cell + cell // 2,
                                                 rect.y + (SIZE - 1 - sq // SIZE) * cell + cell // 2), cell // 2)
        surface.set_clip(None)
        return rect.bottom + size



