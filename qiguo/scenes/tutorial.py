"""Learn to play: the steps of :mod:`qiguo.play.tutorial` on the real board. Each step shows a small
position; the player moves Qin's pieces (dots show the engine's legal moves) by mouse, keyboard
or controller, resting on a point explains it as in a game, and the engine checks the task
before the next step opens."""
from __future__ import annotations

from typing import Any

import pygame

from qiguo.engine import Game, Move, Piece, parse_point
from qiguo.ui import piece_art, theme
from qiguo.ui.board_view import BoardView
from qiguo.ui.tooltip import draw_tooltip
from qiguo.ui.fonts import FLOOR, fit, render, wrap
from qiguo.play.strings import language, piece_of, t
from qiguo.play.tutorial import STEPS, Step, game_of
from qiguo.ui.widgets import Button, ButtonColumn
from qiguo.ui.layout import split

from .base import Scene, hovered, register
from .picking import Picking


@register("tutorial")
class TutorialScene(Picking, Scene):
    def __init__(self, app, step: int = 0):
        super().__init__(app)
        self.view = BoardView()
        self.index = 0
        self.game: Game = game_of(STEPS[0])
        self.init_picking()
        self.done = False
        self.feedback = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.go(step)

    # ---- steps --------------------------------------------------------------------------

    def go(self, index: int) -> None:
        """Open step `index` (its position afresh)."""
        self.index = max(0, min(len(STEPS) - 1, index))
        self.game = game_of(STEPS[self.index])
        self.done, self.feedback = False, ""
        self.selected, self.targets = None, {}
        self.cursor = None
        self.view.finish()
        self._build()

    def _build(self) -> None:
        last = self.index == len(STEPS) - 1
        next_button = (Button(t("tut.quick"), self.quick, enabled=self.done) if last
                       else Button(t("tut.next"), lambda: self.go(self.index + 1), enabled=self.done))
        self.menu = ButtonColumn([next_button, Button(t("tut.previous"), lambda: self.go(self.index - 1),
                                                      enabled=self.index > 0),
                                  Button(t("tut.leave"), self.app.stack.pop)])

    def quick(self) -> None:
        self.app.stack.pop()
        top: Any = self.app.stack.top  # the title scene, whose quick() starts Quick practice
        if top is not None and top.name == "title":
            top.quick()

    # ---- input --------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected, self.targets = None, {}
            else:
                self.app.stack.pop()
            return
        if event.type == pygame.KEYDOWN and self.board_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            if event.key == pygame.K_PAGEUP or self.done:
                self.go(self.index + (1 if event.key == pygame.K_PAGEDOWN else -1))
            return
        if self.menu.process_event(event):
            return
        self.pointer_event(event)

    @property
    def picking(self) -> bool:
        return not self.done

    def first_point(self) -> int:
        """The piece the step is about."""
        return parse_point(STEPS[self.index].focus[0] if STEPS[self.index].focus else "j10")

    def chosen(self, move: Move) -> None:
        self.play(move)

    def play(self, move: Move) -> None:
        """Play the move; keep it if it does the task, else take it back and say so."""
        before = self.game.copy()
        self.game.play(move)
        if STEPS[self.index].goal(before, move, self.game):
            self.done = True
            self.feedback = t(f"tut.{STEPS[self.index].name}.done")
            self.app.play_sound("victory" if self.index == len(STEPS) - 1 else "turn")
            self._build()
            self.menu.focus = 0
        else:
            self.game.undo()
            self.feedback = t("tut.again")
            self.app.play_sound("alert")

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.hover_for += dt

    def frame_key(self) -> object:
        return (self.index, self.game.ply, self.selected, self.done, self.feedback, language(),
                hovered(self.menu.buttons), self.menu.focus, self.cursor, self.tooltip_point())

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.panel, board = split((w, h))
        self.view.layout(board)
        s = self.app.settings
        self.view.board_theme, self.view.colour_aid = s.board_theme, s.colour_aid
        self.view.style = piece_art.style_for(s.piece_style, language())
        step = STEPS[self.index]
        self.view.draw(surface, self.game, show_coords=s.show_coords, selected=self.selected, targets=self.targets,
                       last_move=0 if not self.game.history else int(Move.parse(self.game.history[-1])),
                       home=0, cursor=self.cursor)
        if not self.done and self.selected is None:
            for name in step.focus:  # what the step is about
                x, y = self.view.centre(parse_point(name))
                pygame.draw.circle(surface, theme.OUTLINE, (x, y), self.view.cell * 0.62 + 2, 5)
                pygame.draw.circle(surface, theme.HINT, (x, y), self.view.cell * 0.62, 3)
        self.draw_panel(surface, step)
        point = self.tooltip_point()
        if point is not None and self.app.stack.top is self:
            draw_tooltip(surface, self.view, self.game, point)

    def draw_panel(self, surface: pygame.Surface, step: Step) -> None:
        p = self.panel
        name = step.name
        pygame.draw.rect(surface, theme.PANEL, p)
        pad = max(10, p.width // 24)
        x, width = p.x + pad, p.width - 2 * pad
        y = p.y + pad
        for text, size, colour in ((t("tut.title"), 26, theme.ACCENT),
                                   (t("tut.step", n=self.index + 1, total=len(STEPS)), 16, theme.TEXT_DIM),
                                   (t(f"tut.{name}.title"), 22, theme.TEXT)):
            img = render(text, max(FLOOR, fit(text, min(size, max(FLOOR, p.height // 30 + size // 3)), width)), colour)
            surface.blit(img, (x, y))
            y += img.get_height() + 6
        bh = max(32, min(46, p.height // 16))
        buttons_top = p.bottom - 3 * (bh + 8) - pad
        body = max(FLOOR, min(19, p.height // 42))
        texts = [(t(f"tut.{name}.text"), theme.TEXT)]
        held = self.game.prisoners[self.game.turn]
        if held:  # what the lesson says the player holds, shown
            texts.append((t("tut.held", pieces=", ".join(piece_of(Piece(p)) for p in held)), theme.ACCENT))
        if self.feedback:
            texts.append((self.feedback, theme.HINT if self.done else theme.WARN))
        elif self.selected is None:
            texts.append((t(step.prompt), theme.TEXT_DIM))
        if self.done and self.index == len(STEPS) - 1:
            texts.append((t("tut.finished"), theme.ACCENT))
        y += 6
        for text, colour in texts:
            for line in wrap(text, body, width):
                if y + body + 4 > buttons_top:
                    break
                surface.blit(render(line, body, colour), (x, y))
                y += body + 5
            y += body // 2
        self.menu.layout(p.centerx, buttons_top, width, bh, 8)
        self.menu.draw(surface)
