"""Practice: puzzles mined from real games, the daily puzzle, and exercises made from the
player's own key moments (:mod:`qiguo.play.drill` decides everything). A move is picked on the
board with the mouse, the keys or a controller, as in a game; the panel says right or wrong
with the coach's reason, the puzzle rating, the streak and the exercises due."""
from __future__ import annotations

import pygame

from qiguo.ai.puzzles import shipped_sound
from qiguo.engine import Move
from qiguo.play.coaching import Coaching
from qiguo.play.cursor import general_of
from qiguo.play.drill import Drill
from qiguo.play.drill_text import lines, standing
from qiguo.play.practice import Practice
from qiguo.play.strings import language, t, tn
from qiguo.ui import piece_art, theme
from qiguo.ui.board_view import BoardView
from qiguo.ui.fonts import FLOOR, line_height, render, wrap
from qiguo.ui.layout import split
from qiguo.ui.tooltip import draw_tooltip
from qiguo.ui.widgets import Button, ButtonColumn

from .base import Scene, hovered, register
from .picking import Picking

COLOURS = {"head": theme.ACCENT, "text": theme.TEXT, "dim": theme.TEXT_DIM, "good": theme.HINT, "bad": theme.WARN,
           "accent": theme.ACCENT}


@register("practice")
class PracticeScene(Picking, Scene):
    """A run of problems: `mode` is "puzzles", "daily" or "exercises" (see Drill)."""

    def __init__(self, app, mode: str = "puzzles", drill: Drill | None = None):
        super().__init__(app)
        self.view = BoardView()
        practice = Practice.load()
        if practice.problem:
            app.toast(t("practice.damaged", why=practice.problem), 6.0)
        if drill is None:
            puzzles, problems = shipped_sound()
            if problems:  # a damaged line is left out and said; the rest are played
                app.toast(tn("practice.bad_puzzles", len(problems), first=problems[0]), 8.0)
            drill = Drill(practice, puzzles, mode)
        self.drill = drill
        self.init_picking()
        self.coaching = Coaching()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._start()

    def _start(self) -> None:
        if self.drill.game is not None:
            self.game = self.drill.game
        self.deselect()
        self.cursor = None
        self.view.finish()
        self._build()

    def _build(self) -> None:
        d = self.drill
        over = d.outcome is not None or d.problem is None
        if d.problem is None and d.mode == "exercises":  # nothing due: puzzles are one click away
            self.menu = ButtonColumn([Button(t("practice.puzzles_instead"), self.puzzles_instead),
                                      Button(t("practice.back"), self.app.stack.pop)])
            self.menu.focus = 0
            return
        self.menu = ButtonColumn([Button(t("practice.next"), self.next, enabled=d.outcome is not None),
                                  Button(t("practice.answer"), self.give_up, enabled=not over and d.checking is None),
                                  Button(t("practice.back"), self.app.stack.pop)])
        self.menu.focus = 0 if d.outcome is not None else -1

    def puzzles_instead(self) -> None:
        """No exercise is due: the puzzles in this scene's place."""
        self.app.stack.replace(self.app.scene("practice", "puzzles"))

    # ---- picking (see Picking) ----------------------------------------------------------

    @property
    def picking(self) -> bool:
        return self.drill.open

    def first_point(self) -> int:
        return general_of(self.game)

    def chosen(self, move: Move) -> None:
        self.drill.answer(move.code)
        self._after_try()

    def _after_try(self) -> None:
        o = self.drill.outcome
        if o is not None:
            self.app.play_sound("victory" if o.solved else "defeat")
        elif self.drill.wrong is not None and self.drill.checking is None:
            self.app.play_sound("alert")
        self._build()

    def next(self) -> None:
        if self.drill.outcome is not None:
            self.drill.next()
            self._start()

    def give_up(self) -> None:
        self.drill.give_up()
        self._after_try()

    # ---- input and time -----------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.deselect()
            else:
                self.app.stack.pop()
            return
        if event.type == pygame.KEYDOWN and self.board_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_n, pygame.K_PAGEDOWN) and self.drill.outcome:
            self.next()
            return
        if self.menu.process_event(event):
            return
        self.pointer_event(event)

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.hover_for += dt
        if self.drill.checking is not None:
            self.drill.update()
            if self.drill.checking is None:
                self._after_try()

    def leave(self) -> None:
        self.drill.close()

    def frame_key(self) -> object:
        d = self.drill
        return (d.problem.id if d.problem else None, d.tries, d.outcome, d.checking, d.wrong, d.error, self.selected,
                language(), hovered(self.menu.buttons), self.menu.focus, self.cursor, self.tooltip_point(),
                tuple(b.enabled for b in self.menu.buttons))

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.panel, board = split((w, h))
        surface.fill(theme.BACKGROUND)
        d = self.drill
        if d.game is not None:
            self.view.layout(board)
            s = self.app.settings
            self.view.board_theme, self.view.colour_aid = s.board_theme, s.colour_aid
            self.view.style = piece_art.style_for(s.piece_style, language())
            answer = d.outcome.answer if d.outcome is not None else None
            wrong = d.wrong if d.outcome is None else 0
            open_ = d.outcome is None
            danger = set(self.coaching.danger(d.game, d.game.turn)) if s.show_danger and open_ else set()
            risks = self.coaching.risks(d.game, self.selected) if s.show_legal and self.selected is not None else {}
            self.view.draw(surface, d.game, show_coords=s.show_coords, selected=self.selected,
                           targets=self.targets if s.show_legal else {}, last_move=wrong or 0, home=d.game.turn,
                           hint=answer, danger=danger, risks=risks, cursor=self.cursor)
        else:
            self.draw_nothing(surface, board)
        self.draw_panel(surface)
        point = self.tooltip_point()
        if point is not None and d.game is not None and self.app.stack.top is self:
            extra = self.coaching.tips(d.game, d.game.turn, point) if s.show_danger and d.outcome is None else []
            draw_tooltip(surface, self.view, d.game, point, extra)

    def draw_nothing(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """Nothing to do now: the board's place says so, and what comes next, in a card."""
        width = min(board.width - 40, 560)
        size = max(FLOOR, min(24, board.height // 24))
        wrapped = [(line, kind) for text, kind in lines(self.drill) for line in wrap(text, size, width - 40)]
        height = len(wrapped) * line_height(size) + 40 + size
        card = pygame.Rect(0, 0, width, height)
        card.center = board.center
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, card, 2, border_radius=12)
        y = card.y + 20
        for n, (line, kind) in enumerate(wrapped):
            surface.blit(render(line, size, COLOURS[kind]), (card.x + 20, y))
            y += line_height(size) + (size // 2 if n == 0 else 0)

    def draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        pad = max(10, p.width // 24)
        x, width = p.x + pad, p.width - 2 * pad
        y = p.y + pad
        bh = max(32, min(46, p.height // 16))
        buttons_top = p.bottom - 3 * (bh + 8) - pad
        body = max(FLOOR, min(19, p.height // 40))
        head = max(FLOOR, min(26, p.height // 26))
        foot = [(line, kind) for text, kind in standing(self.drill) for line in wrap(text, body, width)]
        foot_top = buttons_top - len(foot) * line_height(body) - 6
        for text, kind in lines(self.drill) if self.drill.game is not None else []:  # else the card says it
            size = head if kind == "head" else body
            for line in wrap(text, size, width):
                if y + line_height(size) > foot_top:
                    break
                surface.blit(render(line, size, COLOURS[kind]), (x, y))
                y += line_height(size)
            y += body // 2
        y = foot_top
        for line, kind in foot:
            surface.blit(render(line, body, COLOURS[kind]), (x, y))
            y += line_height(body)
        self.menu.layout(p.centerx, buttons_top, width, bh, 8)
        self.menu.draw(surface)
