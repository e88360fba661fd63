"""Key moments after a game: the human kingdoms' moves are looked through in the background
(a progress bar; Stop; the window never waits), then listed, the costliest first (a general
left open, then the pieces given away by value, then the chances missed), under a one-line
summary. Each entry opens the review at that move, with the better move drawn."""
from __future__ import annotations

import functools
from typing import Any

import pygame

from qiguo.ai.coach import KINDS, Moment
from qiguo.engine import Game, Move
from qiguo.play import movelist
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, fitted, render
from qiguo.play.match import BaseMatch
from qiguo.play.moments_job import MomentsJob
from qiguo.play.practice import Practice, today
from qiguo.play.seats import HUMAN
from qiguo.play.strings import contrast_words, kingdom_name, move_words, reason_words, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, register


def moment_texts(match: BaseMatch, moments: list[Moment]) -> list[str]:
    """Each key moment in words, going through the game once (a long game has many)."""
    game = movelist.position_at(match, 0)
    history = match.game.history
    texts = {}
    for m in sorted(moments, key=lambda m: m.ply):
        game.replay(history[game.ply:m.ply - 1])
        texts[id(m)] = moment_text(game, m)
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
        self.menu = ButtonColumn([Button(t("moment.stop"), self.back)])

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

    def frame_key(self) -> object:
        job = self.job
        return (super().frame_key(), job.done if job else -1, len(self.texts))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        names = t("result.and").join(kingdom_name(k) for k in self.kingdoms)
        y = self.draw_title(surface, t("moment.title", names=names), h // 30) + 8
        width = min(900, w - 40)
        size = max(FLOOR, min(22, h // 36))
        if self.job is not None:
            done, total = self.job.done, max(1, self.job.total)
            said = t("moment.working", done=done, total=total) if self.job.total else t("moment.starting")
            text, fsize = fitted(said, size, width)
            img = render(text, fsize, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            bar = pygame.Rect((w - width) // 2, y + img.get_height() + 12, width, max(12, h // 40))
            pygame.draw.rect(surface, theme.PANEL_ROW, bar, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, bar.inflate(-4, -4).move(0, 0).clip(
                pygame.Rect(bar.x + 2, bar.y, int((bar.width - 4) * done / total), bar.height)), border_radius=5)
            self.place_buttons(self.menu, bar.bottom + 24, h - 16, min(320, w - 40))
        else:
            line = t("moment.none") if not self.moments else summary_text(self.moments)
            if self.error:
                line = t("moment.failed", why=self.error)
            text, fsize = fitted(line, size, width)
            img = render(text, fsize, theme.ACCENT)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            self.place_buttons(self.menu, y + img.get_height() + 16, h - 16, width, tallest=40)
        self.menu.draw(surface)
