"""The game: the board, whose turn it is, the kingdoms' panel; clicks become moves."""
from __future__ import annotations

import time

import pygame

from qiguo.engine import KINGDOM_NAMES, RESIGN, Game, Move
from qiguo.engine.pieces import KIND_NAMES, KINGDOM_GLYPHS
from qiguo.ui import saves, theme
from qiguo.ui.board_view import BoardView
from qiguo.ui.fonts import fit, render
from qiguo.ui.match import Match, Played
from qiguo.ui.seats import HUMAN
from qiguo.ui.strings import t

from .base import Scene

RESULT_AFTER = 1.5
"""Seconds the final position stays on screen before the result scene."""
LOG_LINES = 6


def player_text(seat) -> str:
    if seat == HUMAN:
        return t("game.player.human")
    return t("game.player.bot", level=t(f"level.{seat}")) if seat else t("setup.off")


def describe(game: Game, played: Played) -> list[str]:
    """Log lines for a move: the move, its capture, and the kingdoms it put out."""
    name = KINGDOM_NAMES[played.kingdom]
    if played.move == 0:
        return [t("game.log.pass", name=name)]
    lines = [t("game.log.move", name=f"{KINGDOM_GLYPHS[played.kingdom]} {name}", move=str(Move(played.move)))]
    victim = played.before[played.move & 511]
    if victim:
        lines[0] += " × " + f"{KINGDOM_NAMES[victim >> 4]} {KIND_NAMES[victim & 15]}"
    lines += [t("game.log.defeat", name=KINGDOM_NAMES[k], status=game.status(k)) for k in played.fallen]
    return lines


class GameScene(Scene):
    def __init__(self, app, match: Match):
        super().__init__(app)
        self.match = match
        self.view = BoardView()
        self.selected: int | None = None
        self.targets: dict[int, int] = {}
        self.pressed: int | None = None
        self.last_move = 0
        self.log: list[str] = []
        self.over_for = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.created = time.time()

    @property
    def game(self) -> Game:
        return self.match.game

    # ---- input --------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.view.point_at(event.pos)
            self.click(self.pressed)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            sq = self.view.point_at(event.pos)
            if self.selected is not None and sq != self.pressed and sq in self.targets:
                self.play(self.targets[sq])  # a drag from the piece to its destination
            self.pressed = None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.deselect()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.selected is not None:
                    self.deselect()
                else:
                    from .menu import MenuScene
                    self.app.stack.push(MenuScene(self.app, self))
            elif event.key == pygame.K_SPACE:
                self.match.paused = not self.match.paused
            elif event.mod & pygame.KMOD_CTRL and (event.key == pygame.K_y or (
                    event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)):
                self.take_back(redo=True)
            elif event.mod & pygame.KMOD_CTRL and event.key == pygame.K_z:
                self.take_back(redo=False)
            elif event.mod & pygame.KMOD_CTRL and event.key == pygame.K_s:
                self.save()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.game.result is not None:
                self.show_result()

    def click(self, sq: int | None) -> None:
        """A left click on a point (None: off the board). Only ever selects, moves or deselects."""
        if self.view.animating or not self.match.human_to_move:
            return
        if sq is not None and sq in self.targets:
            self.play(self.targets[sq])
            return
        moves = self.match.legal_from(sq) if sq is not None else {}
        if moves:
            self.selected, self.targets = sq, moves
        else:
            self.deselect()

    def deselect(self) -> None:
        self.selected, self.targets = None, {}

    def play(self, code: int) -> None:
        played = self.match.play_human(code)
        if played is not None:
            self.on_played(played)

    def autosave(self) -> None:
        """Keep the game to continue up to date (a failure to write is said once)."""
        if not saves.autosave(self.match, self.created) and not getattr(self, "_save_warned", False):
            self._save_warned = True
            self.app.toast(t("game.autosave_failed"))

    def save(self) -> None:
        try:
            path = saves.save_slot(self.match)
        except OSError as e:
            self.app.toast(t("game.save_failed", why=e.strerror or e))
            return
        self.app.toast(t("game.saved", name=path.stem))

    def on_played(self, played: Played) -> None:
        self.autosave()
        self.deselect()
        self.view.animate(self.game, played.move, played.before, self.app.settings.anim_time)
        self.last_move = played.move
        self.log = (self.log + describe(self.game, played))[-LOG_LINES:]
        if played.warning:
            self.app.toast(t("game.bot_fallback", why=played.warning))

    def resign(self, k: int) -> None:
        """Kingdom k (a human's, on its turn) resigns."""
        if self.match.resign(k):
            self.autosave()
            self.deselect()
            self.log = (self.log + [t("game.log.resign", name=KINGDOM_NAMES[k])])[-LOG_LINES:]

    def take_back(self, redo: bool) -> None:
        """Undo to the last human move, or redo what was undone."""
        done = self.match.redo() if redo else self.match.undo()
        if not done:
            self.app.toast(t("game.nothing_to_redo" if redo else "game.nothing_to_undo"))
            return
        self.autosave()
        self.deselect()
        self.view.finish()
        self.over_for = 0.0
        last = next((e for e in reversed(self.game.history) if not e.startswith(RESIGN)), "")
        self.last_move = Move.parse(last) if last and last != "pass" else 0
        self.log = (self.log + [t("game.redone" if redo else "game.undone")])[-LOG_LINES:]

    def restart(self) -> None:
        self.match.restart()
        self.created = time.time()
        self.autosave()
        self.deselect()
        self.view.finish()
        self.last_move, self.log, self.over_for = 0, [], 0.0

    def show_result(self) -> None:
        from .result import ResultScene
        self.app.stack.replace(ResultScene(self.app, self.match))

    # ---- time ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.view.update(dt)
        if self.view.animating:
            return
        played = self.match.update()
        if played is not None:
            self.on_played(played)
        elif self.game.result is not None:
            self.over_for += dt
            if self.over_for >= RESULT_AFTER:
                self.show_result()

    def leave(self) -> None:
        self.match.close()

    def frame_key(self) -> object:
        if self.view.animating:
            return object()
        m, g = self.match, self.game
        return (id(g), g.ply, g.turn, g.result, self.selected, m.paused, m.bot_thinking, len(self.log),
                self.last_move, tuple(sorted(vars(self.app.settings).items(), key=str)))

    # ---- drawing ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = max(250, min(440, int(w * 0.32)))
        self.panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        self.view.layout(pygame.Rect(8, 8, max(40, w - panel_w - 16), max(40, h - 16)))

    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        g = self.game
        s = self.app.settings
        self.view.draw(surface, g, show_coords=s.show_coords, selected=self.selected,
                       targets=self.targets if s.show_legal else {}, last_move=self.last_move,
                       home=g.turn if g.result is None else None)
        self.draw_panel(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        g, m = self.game, self.match
        pad = max(6, p.width // 40)
        x, y, w = p.x + pad, p.y + pad, p.width - 2 * pad
        # whose turn it is
        banner_h = max(56, p.height // 9)
        banner = pygame.Rect(x, y, w, banner_h)
        k = g.turn
        if g.result is None:
            pygame.draw.rect(surface, theme.PANEL_ACTIVE, banner, border_radius=10)
            pygame.draw.rect(surface, theme.KINGDOM_FILL[k], banner.inflate(-4, -4), 4, border_radius=9)
            r = banner_h // 2 - 6
            pygame.draw.circle(surface, theme.KINGDOM_FILL[k], (x + 8 + r, banner.centery), r)
            glyph = render(KINGDOM_GLYPHS[k], int(r * 1.3), theme.KINGDOM_INK[k])
            surface.blit(glyph, glyph.get_rect(center=(x + 8 + r, banner.centery)))
            head = t("game.turn", name=KINGDOM_NAMES[k])
            sub = (t("game.your_move") if m.human_to_move else t("game.paused") if m.paused
                   else t("game.thinking") if m.bot_thinking else t("game.waiting"))
        else:
            pygame.draw.rect(surface, theme.PANEL_ACTIVE, banner, border_radius=10)
            pygame.draw.rect(surface, theme.ACCENT, banner, 3, border_radius=10)
            r = 0
            head, sub = t("game.over"), t("game.view_result")
        tx = x + 16 + 2 * r
        size = fit(head, int(banner_h * 0.36), banner.right - tx - 8)
        img = render(head, size, theme.TEXT)
        surface.blit(img, (tx, banner.y + banner_h * 0.12))
        img = render(sub, fit(sub, int(banner_h * 0.28), banner.right - tx - 8),
                     theme.ACCENT if m.human_to_move else theme.TEXT)
        surface.blit(img, (tx, banner.y + banner_h * 0.56))
        y = banner.bottom + pad
        # the kingdoms
        row_h = max(34, min(70, (p.height - y - 150) // 7))
        small = max(11, int(row_h * 0.3))
        cols = t("game.col.prisoners"), t("game.col.losses"), t("game.col.generals")
        col_x = [x + w - int(w * 0.36) + i * int(w * 0.12) for i in range(3)]
        for i, c in enumerate(cols):
            img = render(c, max(10, small - 2), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midbottom=(col_x[i] + w * 0.06, y + small)))
        y += small + 4
        for j in range(7):
            row = pygame.Rect(x, y, w, row_h - 4)
            active = g.result is None and j == k
            pygame.draw.rect(surface, theme.PANEL_ACTIVE if active else theme.PANEL_ROW, row, border_radius=6)
            if active:
                pygame.draw.rect(surface, theme.KINGDOM_FILL[j], row, 2, border_radius=6)
            seated = j in g.seated
            r = row.height // 2 - 4
            fill = theme.KINGDOM_FILL[j] if seated and g.alive[j] else theme.INERT_FILL
            pygame.draw.circle(surface, fill, (row.x + 6 + r, row.centery), r)
            glyph = render(KINGDOM_GLYPHS[j], int(r * 1.3), theme.KINGDOM_INK[j] if g.alive[j] else theme.INERT_INK)
            surface.blit(glyph, glyph.get_rect(center=(row.x + 6 + r, row.centery)))
            name_x = row.x + 12 + 2 * r
            name = f"{KINGDOM_NAMES[j]} · {player_text(m.seats[j])}"
            img = render(name, fit(name, int(row_h * 0.34), col_x[0] - name_x - 4), theme.TEXT)
            surface.blit(img, (name_x, row.y + 2))
            status = g.status(j)
            status = t("status.in play") if status == "in play" else status
            img = render(status, fit(status, small, row.right - name_x - 6),
                         theme.TEXT_DIM if g.alive[j] or not seated else theme.WARN)
            surface.blit(img, (name_x, row.bottom - img.get_height() - 2))
            if seated:
                for i, v in enumerate((g.score[j], g.losses[j], g.generals[j])):
                    img = render(str(v), int(row_h * 0.34), theme.TEXT)
                    surface.blit(img, img.get_rect(midtop=(col_x[i] + w * 0.06, row.y + 2)))
            y += row_h
        # the log of recent moves
        y += pad
        line = max(12, min(18, (p.bottom - y - 30) // (LOG_LINES + 1)))
        for text in self.log:
            img = render(text, fit(text, line, w), theme.TEXT_DIM)
            surface.blit(img, (x, y))
            y += line + 3
        hint = t("game.hint")
        img = render(hint, fit(hint, max(11, line - 2), w), theme.TEXT_DIM)
        surface.blit(img, (x, p.bottom - img.get_height() - 6))
