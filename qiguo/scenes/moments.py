"""The review after a game: the human kingdoms' moves are looked through in the background (a
progress bar; Stop; the window never waits), then shown: a summary, each reviewed kingdom's
accuracy (for the game, the opening, the middle and the end), a graph of every kingdom's chance
of finishing first across the game with the reviewed kingdoms' lines bold and the key moments as
dots, and the key moments, the costliest first, each a row wrapped whole with the explainer's
reason. A row or a dot opens the review at that move, with the move played and the better one
drawn."""
from __future__ import annotations

import functools
from typing import Any

import pygame

from qiguo.ai.coach import KINDS, Moment
from qiguo.ai.coach.accuracy import PHASES, accuracy
from qiguo.engine import Game, Move
from qiguo.play import movelist
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, fitted, line_height, render, wrap
from qiguo.ui.standing_graph import draw_graph
from qiguo.play.match import BaseMatch
from qiguo.play.moments_job import MomentsJob
from qiguo.play.practice import Practice, today
from qiguo.play.seats import HUMAN
from qiguo.play.strings import contrast_words, kingdom_name, move_words, reason_words, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, hovered, register


def moment_texts(match: BaseMatch, moments: list[Moment]) -> list[str]:
    """Each key moment in words, going through the game once (a long game has many)."""
    game = movelist.position_at(match, 0)
    history = match.game.history
    texts = {}
    for m in sorted(moments, key=lambda m: m.ply):
        game.replay(history[game.ply:m.ply - 1])
        texts[id(m)] = moment_text(game, m)
    if len({m.kingdom for m in moments}) > 1:  # several kingdoms' moments (hot-seat): each says whose move
        return [t("moment.whose", name=kingdom_name(m.kingdom), line=texts[id(m)]) for m in moments]
    return [texts[id(m)] for m in moments]


def moment_text(before: Game, m: Moment) -> str:
    """A key moment in words, in the current language: what the move did against the better
    one (the explainer's contrast), then the hint's move and its reason (`before`: the position
    before its move)."""
    played = move_words(before, before.parse_move(m.move))
    better = move_words(before, before.parse_move(m.better))
    reason = reason_words(m.reason) if m.reason is not None else ""
    why = contrast_words(m.why) if m.why is not None else ""
    return t("moment.line", n=m.ply, move=played, why=why, better=better, reason=reason)


def summary_text(moments: list[Moment]) -> str:
    count = {kind: sum(m.kind == kind for m in moments) for kind in KINDS}
    return t("moment.summary", given=count["blunder"], missed=count["missed"], wins=count["win"],
             general=count["general"])


@register("moments")
class MomentsScene(ButtonScene):
    """The key moments of the human kingdoms of a match (a finished game, or one on show)."""

    def __init__(self, app, match: BaseMatch):
        super().__init__(app)
        self.match = match
        self.kingdoms = [k for k, s in enumerate(match.seats) if s == HUMAN] or list(match.game.seated)
        self.job: MomentsJob | None = MomentsJob(match.game, self.kingdoms)
        self.texts: list[str] = []
        self.moments: list[Moment] = []
        self.error = ""
        self.menu = ButtonColumn([Button(t("moment.stop"), self.back)])
        self.course: list[list[float]] = []
        self.accuracies: dict[int, dict[str, float | None]] = {}
        self.first = 0
        """The first key moment's row on show (the list scrolls)."""
        self.dots: list[tuple[pygame.Rect, int]] = []

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        job.poll()
        if job.moments is not None or job.error:
            self._finish()

    def _finish(self) -> None:
        job = self.job
        assert job is not None
        moments = job.moments or []
        self.moments = sorted(moments, key=lambda m: (-m.cost, m.ply))  # what cost the most first
        self.error = job.error
        self.course = job.course
        self.accuracies = {k: accuracy(job.judged, k) for k in self.kingdoms}
        job.close()
        self.job = None
        self.texts = moment_texts(self.match, self.moments)
        if not self.error:  # looked through: Your record offers it no more
            practice = Practice.load()
            practice.looked_through(self.match.game.record())
            self._save(practice)
        practise = [Button(t("moment.practise"), self.practise)] if self.moments else []
        self.menu = ButtonColumn(practise + [Button(text, functools.partial(self.open, m))
                                             for m, text in zip(self.moments, self.texts)]
                                 + [Button(t("moment.back"), self.back)])

    def practise(self) -> None:
        """Each key moment becomes an exercise (kept with the others, due today), then the
        exercises due are set one after another."""
        practice = Practice.load()
        practice.add_moments(self.match.game, self.moments, today())
        self._save(practice)
        self.app.stack.push(self.app.scene("practice", "exercises"))

    def _save(self, practice: Practice) -> None:
        """Keep the practice, or say that it could not be kept."""
        if not practice.save():
            self.app.toast(t("practice.not_saved"))

    def open(self, moment: Moment) -> None:
        """The review at the moment's move, with the better move drawn."""
        review: Any = self.app.scene("game", self.match, review=True)  # a game scene: show_moment
        self.app.stack.push(review)
        review.show_moment(moment.ply, Move.parse(moment.better).code)

    def back(self) -> None:
        self.leave()
        self.app.stack.pop()

    def leave(self) -> None:
        if self.job is not None:
            self.job.close()
            self.job = None

    @property
    def rows(self) -> list[Button]:
        """The key moments' buttons (between Practise and Back)."""
        return self.menu.buttons[1:-1] if self.moments else []

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.rows:
            self.first = max(0, min(len(self.rows) - 1, self.first - event.y))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for rect, i in self.dots if rect.collidepoint(event.pos)), None)
            if hit is not None:
                self.open(self.moments[hit])
                return
        super().process_event(event)

    def frame_key(self) -> object:
        job = self.job
        return (super().frame_key(), job.done if job else -1, len(self.texts), self.first)

    def accuracy_line(self, k: int) -> str:
        """A reviewed kingdom's accuracy in words."""
        def shown(value: float | None) -> str:
            return f"{value:.0f}" if value is not None else "–"
        acc = self.accuracies.get(k, {})
        return t("review.accuracy", kingdom=kingdom_name(k), game=shown(acc.get("game")),
                 **{phase: shown(acc.get(phase)) for phase in PHASES})

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        names = t("result.and").join(kingdom_name(k) for k in self.kingdoms)
        y = self.draw_title(surface, t("moment.title", names=names), h // 30) + 8
        width = min(1000, w - 40)
        left = (w - width) // 2
        size = max(FLOOR, min(22, h // 36))
        if self.job is not None:
            done, total = self.job.done, max(1, self.job.total)
            said = t("moment.working", done=done, total=total) if self.job.total else t("moment.starting")
            text, fsize = fitted(said, size, width)
            img = render(text, fsize, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            bar = pygame.Rect(left, y + img.get_height() + 12, width, max(12, h // 40))
            pygame.draw.rect(surface, theme.PANEL_ROW, bar, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, bar.inflate(-4, -4).move(0, 0).clip(
                pygame.Rect(bar.x + 2, bar.y, int((bar.width - 4) * done / total), bar.height)), border_radius=5)
            self.place_buttons(self.menu, bar.bottom + 24, h - 16, min(320, w - 40))
            self.menu.draw(surface)
            return
        small = max(FLOOR, size - 4)
        line = t("moment.failed", why=self.error) if self.error else (
            summary_text(self.moments) if self.moments else t("moment.none"))
        y = self._lines(surface, line, small, theme.ACCENT, left, y, width)
        for k in self.kingdoms:
            if self.accuracies.get(k, {}).get("game") is not None:
                y = self._lines(surface, self.accuracy_line(k), small, theme.TEXT, left, y, width)
        bh = max(30, min(44, h // 18))
        bottom = h - bh - 16
        if self.course:
            graph = pygame.Rect(left, y + 4, width, max(80, min(220, (bottom - y) // 3)))
            self.dots = draw_graph(surface, graph, self.course, self.kingdoms,
                                   [(m.ply - 1, m.kingdom) for m in self.moments], self.match.game.seated,
                                   (t("review.graph"), t("review.plies", n=len(self.course) - 1)))
            y = graph.bottom + 10
        buttons = self.menu.buttons
        ends = [buttons[0], buttons[-1]] if self.moments else buttons
        area = pygame.Rect(left, bottom, width, 0)
        ButtonColumn(ends).layout_grid(area, len(ends), bh, 12)
        self._rows(surface, left, y, width, bottom - 10, small)
        focused = buttons[self.menu.focus] if 0 <= self.menu.focus < len(buttons) else None
        for button in ends:
            button.draw(surface, focused=button is focused)

    def _lines(self, surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int], x: int, y: int,
               width: int) -> int:
        for part in wrap(text, size, width):
            surface.blit(render(part, size, colour), (x, y))
            y += line_height(size)
        return y + 4

    def _rows(self, surface: pygame.Surface, x: int, top: int, width: int, bottom: int, size: int) -> None:
        """The key moments from `first` on, each wrapped whole in its row; those that do not fit
        wait for the scroll (the wheel, or the focus moving down to them)."""
        rows = self.rows
        focus = self.menu.focus - 1
        if 0 <= focus < len(rows):
            self.first = min(self.first, focus)
        step = line_height(size)
        while True:
            y, placed = top, []
            for i in range(self.first, len(rows)):
                lines = wrap(rows[i].label, size, width - 20)
                height = len(lines) * step + 12
                if y + height > bottom:
                    break
                placed.append((i, lines, pygame.Rect(x, y, width, height)))
                y += height + 6
            shown = [i for i, _, _ in placed]
            if not (0 <= focus < len(rows)) or focus in shown or not shown or focus < self.first:
                break
            self.first += 1
        for b in rows:
            b.rect = pygame.Rect(0, 0, 0, 0)
        hover = hovered(rows)
        for i, lines, rect in placed:
            rows[i].rect = rect
            lit = i == focus or i == hover
            pygame.draw.rect(surface, theme.BUTTON_HOVER if lit else theme.BUTTON, rect, border_radius=8)
            if i == focus:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
            for n, part in enumerate(lines):
                surface.blit(render(part, size, theme.TEXT), (rect.x + 10, rect.y + 6 + n * step))
        if self.first > 0 or (placed and placed[-1][0] < len(rows) - 1):
            more = render(t("review.more", shown=len(placed), total=len(rows)), max(FLOOR, size - 2), theme.TEXT_DIM)
            surface.blit(more, more.get_rect(bottomright=(x + width, top - 2)))
