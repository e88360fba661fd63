"""The in-game menu over the board: every game action by mouse, and a confirmation to resign."""
from __future__ import annotations

from typing import Callable

import pygame

from qiguo.ui import theme
from qiguo.ui.fonts import fitted, render
from qiguo.play.seats import HUMAN
from qiguo.play.strings import kingdom_name, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import ButtonScene, register


class _Overlay(ButtonScene):
    """A box of buttons over the scene below."""

    overlay = True
    title_key = "menu.title"

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        n = len(self.menu.buttons)
        text, size = fitted(self.title_text(), max(20, min(40, h // 18)), min(760, w - 80))
        title = render(text, size, theme.TEXT)
        pad, gap = 16, 8
        bh = max(32, min(48, h // 16))
        columns = 1 if n * (bh + gap) + title.get_height() + 3 * pad <= h - 40 else 2
        rows = (n + columns - 1) // columns
        if rows * (bh + gap) + title.get_height() + 3 * pad > h - 40:
            bh = max(28, (h - 40 - title.get_height() - 3 * pad) // rows - gap)
        width = min(440 * columns, w - 40)
        box = pygame.Rect(0, 0, max(width, title.get_width() + 2 * pad),
                          title.get_height() + rows * (bh + gap) - gap + 3 * pad)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
        area = pygame.Rect(box.x + pad, box.y + 2 * pad + title.get_height(), box.width - 2 * pad, 0)
        self.menu.layout_grid(area, columns, bh, gap)
        self.menu.draw(surface)

    def title_text(self) -> str:
        return t(self.title_key)


@register("menu")
class MenuScene(_Overlay):
    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game_scene = game_scene
        match = game_scene.match
        human_turn = match.game.result is None and match.seats[match.game.turn] == HUMAN
        self.resigner = resigner(match)

        def then(action: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                self.app.stack.pop()
                action()
            return run
        self.menu = ButtonColumn([
            Button(t("menu.resume"), app.stack.pop),
            Button(t("menu.undo"), then(lambda: game_scene.take_back(redo=False)), enabled=match.can_undo),
            Button(t("menu.redo"), then(lambda: game_scene.take_back(redo=True)), enabled=match.can_redo),
            Button(t("menu.hint"), then(game_scene.hint), enabled=human_turn),
            Button(t("menu.save"), then(game_scene.save)),
            Button(t("menu.export"), then(game_scene.export)),
            Button(t("menu.keys"), self.keys),
            Button(t("menu.legend"), self.legend),
            Button(t("title.settings"), self.settings),
            Button(t("menu.restart"), self.restart, enabled=not match.networked),
            Button(t("menu.resign", name=kingdom_name(self.resigner if self.resigner >= 0 else 0)), self.resign,
                   enabled=self.resigner >= 0),
            Button(t("menu.agree"), self.propose_end, enabled=len(match.players_in()) >= 2 and not match.networked),
            Button(t("menu.quit"), app.start_title),
        ])

    def settings(self) -> None:
        self.app.stack.replace(self.app.scene("settings"))

    def restart(self) -> None:
        self.app.stack.replace(self.app.scene("confirm", t("confirm.restart"), self.game_scene.restart,
                                            yes=t("confirm.restart.yes")))

    def legend(self) -> None:
        self.app.stack.replace(self.app.scene("legend", self.game_scene))

    def keys(self) -> None:
        self.app.stack.replace(self.app.scene("keys"))

    def propose_end(self) -> None:
        """End by agreement: every player still in is asked in turn; one No and the game goes on."""
        players = self.game_scene.match.players_in()
        self.app.stack.pop()
        self._ask(players, 0)

    def _ask(self, players: list[int], i: int) -> None:
        scene = self.game_scene
        if i == len(players):
            scene.end_by_agreement()
            return
        names = t("result.and").join(kingdom_name(k) for k in scene.match.kingdoms_of_player(players[i]))
        self.app.stack.push(self.app.scene(
            "confirm", t("confirm.agree", names=names), lambda: self._ask(players, i + 1), yes=t("confirm.agree.yes"),
            refused=lambda: self.app.toast(t("agree.refused", names=names), 4.0)))

    def resign(self) -> None:
        k = self.resigner
        self.app.stack.replace(self.app.scene("confirm", t("confirm.resign", name=kingdom_name(k)),
                                            lambda: self.game_scene.resign(k)))


@register("knocked_out")
class KnockedOutScene(_Overlay):
    """The last human kingdom here is out (resigned, or fallen in any way) and the game goes on:
    watch the bots finish without pausing, the standings now, play again with the same seats
    (not in a network game), or the title."""

    def __init__(self, app, game_scene, title: str):
        super().__init__(app)
        self.title = title
        match = game_scene.match

        def watch() -> None:
            match.bot_delay = 0.0
            self.app.stack.pop()

        def standings() -> None:
            self.app.stack.pop()
            self.app.stack.replace(self.app.scene("result", match))

        def finish() -> None:
            self.app.stack.pop()
            self.app.stack.replace(self.app.scene("result", match, finish=True))

        def again() -> None:
            self.app.stack.pop()
            match.restart()
            self.app.stack.replace(self.app.scene("game", match))
        self.menu = ButtonColumn([Button(t("resigned.watch"), watch)]
                                 + ([] if match.networked else [Button(t("out.finish"), finish)])
                                 + [Button(t("resigned.standings"), standings)]
                                 + ([] if match.networked else [Button(t("out.again"), again)])
                                 + [Button(t("menu.quit"), app.start_title)])

    def title_text(self) -> str:
        return self.title


@register("server_stopped")
class ServerStoppedScene(_Overlay):
    """The hosting window's server stopped while its game goes on: serve it again, or the title."""

    def __init__(self, app, game_scene):
        super().__init__(app)

        def again() -> None:
            try:
                game_scene.match.serve_again()
            except OSError as e:
                self.app.toast(t("net.host_failed", why=e.strerror or e))
                return
            self.app.stack.pop()
        self.menu = ButtonColumn([Button(t("net.serve_again"), again), Button(t("menu.quit"), app.start_title)])

    def title_text(self) -> str:
        return t("net.server_stopped")


def resigner(match) -> int:
    """The human kingdom a Resign button stands for: the one to move, else the next human
    kingdom in turn order that is still in the game; -1 if there is none."""
    g = match.game
    if g.result is not None:
        return -1
    order = [(g.turn + i) % 7 for i in range(7)]
    return next((k for k in order if match.seats[k] == HUMAN and g.alive[k]), -1)


@register("confirm")
class ConfirmScene(_Overlay):
    """Yes or no to a question; Esc or No changes nothing."""

    def __init__(self, app, question: str, action: Callable[[], None], yes: str = "",
                 refused: Callable[[], None] | None = None):
        super().__init__(app)
        self.question = question

        def do() -> None:
            self.app.stack.pop()
            action()

        def no() -> None:
            self.app.stack.pop()
            if refused is not None:
                refused()
        self.menu = ButtonColumn([Button(t("confirm.no"), no), Button(yes or t("confirm.yes"), do)])

    def title_text(self) -> str:
        return self.question
