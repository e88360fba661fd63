"""The game: the board, whose turn it is, the kingdoms and the move list; clicks become moves."""
from __future__ import annotations

import time

import pygame

from qiguo.engine import KINGDOM_GLYPHS, RESIGN, Game, Move
from qiguo.ui import movelist, saves, theme
from qiguo.ui.board_view import BoardView
from qiguo.ui.fonts import fit, render
from qiguo.ui.match import Match, Played
from qiguo.ui.seats import HUMAN
from qiguo.ui.files import data_dir
from qiguo.ui.strings import kingdom_name, language, status_text, t

from .base import Scene

RESULT_AFTER = 1.5
"""Seconds the final position stays on screen before the result scene."""


def player_text(seat) -> str:
    if seat == HUMAN:
        return t("game.player.human")
    return t("game.player.bot", level=t(f"level.{seat}")) if seat else t("setup.off")


class GameScene(Scene):
    def __init__(self, app, match: Match):
        super().__init__(app)
        self.match = match
        self.view = BoardView()
        self.selected: int | None = None
        self.targets: dict[int, int] = {}
        self.pressed: int | None = None
        self.last_move = self._last_move_of(match.game)
        self.over_for = 0.0
        self.ended_here = match.game.result is None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.created = time.time()
        self.view_ply: int | None = None  # a position of the past on show, or None for the game
        self._past: Game | None = None
        self.moves = movelist.MoveList()
        self._lines: list[movelist.Line] = []
        self._lines_key: tuple = ()
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.list_hits: list[tuple[pygame.Rect, int]] = []
        self.scroll = 0  # lines scrolled up from the newest

    @property
    def game(self) -> Game:
        return self.match.game

    # ---- input --------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, ply in self.list_hits:
                if rect.collidepoint(event.pos):
                    self.show_ply(ply)
                    return
            self.pressed = self.view.point_at(event.pos)
            self.click(self.pressed)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            sq = self.view.point_at(event.pos)
            if self.selected is not None and sq != self.pressed and sq in self.targets:
                self.play(self.targets[sq])  # a drag from the piece to its destination
            self.pressed = None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.deselect()
        elif event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.deselect()
            elif self.view_ply is not None:
                self.show_ply(None)
            else:
                from .menu import MenuScene
                self.app.stack.push(MenuScene(self.app, self))
        elif event.key == pygame.K_SPACE:
            self.match.paused = not self.match.paused
        elif ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)):
            self.take_back(redo=True)
        elif ctrl and event.key == pygame.K_z:
            self.take_back(redo=False)
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif ctrl and event.key == pygame.K_e:
            self.export()
        elif event.key == pygame.K_h and not ctrl:
            self.hint()
        elif event.key == pygame.K_LEFT:
            self.show_ply(max(0, (self.game.ply if self.view_ply is None else self.view_ply) - 1))
        elif event.key == pygame.K_RIGHT and self.view_ply is not None:
            self.show_ply(self.view_ply + 1)
        elif event.key == pygame.K_END:
            self.show_ply(None)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.game.result is not None:
            self.show_result()

    def click(self, sq: int | None) -> None:
        """A left click on a point (None: off the board). Only ever selects, moves or deselects."""
        if self.view.animating or self.view_ply is not None or not self.match.human_to_move:
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

    def on_played(self, played: Played) -> None:
        victim = played.captured
        self.app.play_sound("general" if victim and victim.is_general else "capture" if victim else "move")
        if played.fallen:
            self.app.play_sound("defeat")
        if self.game.result is not None:
            self.app.play_sound("victory")
        elif self.match.human_to_move and self.match.seats[played.kingdom] != HUMAN:
            self.app.play_sound("turn")
        self.autosave()
        self.deselect()
        self.scroll = 0
        self.view.animate(self.game, played, self.app.settings.anim_time)
        self.last_move = played.move
        if played.warning:
            self.app.toast(t("game.bot_fallback", why=played.warning))

    def show_ply(self, ply: int | None) -> None:
        """Show the position after `ply` moves (None, or the latest ply: the game itself)."""
        if ply is None or ply >= self.game.ply:
            self.view_ply, self._past = None, None
            self.last_move = self._last_move_of(self.game)
            return
        self.deselect()
        self.view.finish()
        self.view_ply = max(0, ply)
        self._past = movelist.position_at(self.match, self.view_ply)
        self.last_move = self._last_move_of(self._past)

    @staticmethod
    def _last_move_of(game: Game) -> int:
        last = next((e for e in reversed(game.history) if not e.startswith(RESIGN)), "pass")
        return 0 if last == "pass" else int(Move.parse(last))

    def hint(self) -> None:
        if self.view_ply is None and self.match.ask_hint():
            self.app.toast(t("game.hint_asked"))

    def resign(self, k: int) -> None:
        """Kingdom k (a human's, on its turn) resigns."""
        if self.match.resign(k):
            self.autosave()
            self.deselect()
            self.app.toast(t("game.log.resign", name=kingdom_name(k)))

    def take_back(self, redo: bool) -> None:
        """Undo to the last human move, or redo what was undone."""
        self.show_ply(None)
        done = self.match.redo() if redo else self.match.undo()
        if not done:
            self.app.toast(t("game.nothing_to_redo" if redo else "game.nothing_to_undo"))
            return
        self.autosave()
        self.deselect()
        self.view.finish()
        self.over_for = 0.0
        self.last_move = self._last_move_of(self.game)
        self.app.toast(t("game.redone" if redo else "game.undone"))

    def restart(self) -> None:
        self.match.restart()
        self.created = time.time()
        self.autosave()
        self.deselect()
        self.view.finish()
        self.show_ply(None)
        self.last_move, self.over_for = 0, 0.0

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

    def export(self) -> None:
        path = data_dir() / "exports" / f"{time.strftime('%Y-%m-%d %H-%M-%S')}.txt"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(movelist.export_text(self.match), encoding="utf-8")
        except OSError as e:
            self.app.toast(t("moves.export_failed", why=e.strerror or e))
            return
        self.app.toast(t("moves.exported", path=str(path)))

    def show_result(self) -> None:
        from .result import ResultScene
        self.app.stack.replace(ResultScene(self.app, self.match))

    # ---- time ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.view.update(dt)
        if self.view.animating or self.view_ply is not None:
            return  # bots wait while a move glides or the past is on show
        played = self.match.update()
        if played is not None:
            self.ended_here = True
            self.on_played(played)
        elif self.game.result is not None and self.ended_here:
            self.over_for += dt
            if self.over_for >= RESULT_AFTER:
                self.show_result()

    def leave(self) -> None:
        self.match.close()

    def frame_key(self) -> object:
        if self.view.animating:
            return object()
        m, g = self.match, self.game
        return (id(g), g.ply, g.turn, g.result, self.selected, m.paused, m.bot_thinking, self.view_ply, m.hint,
                self.scroll, self.last_move, tuple(sorted(vars(self.app.settings).items(), key=str)))

    # ---- drawing ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = max(250, min(440, int(w * 0.32)))
        self.panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        self.view.layout(pygame.Rect(8, 8, max(40, w - panel_w - 16), max(40, h - 16)))

    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        s = self.app.settings
        self.view.board_theme, self.view.colour_aid = s.board_theme, s.colour_aid
        past = self._past is not None
        g = self._past if past else self.game
        self.view.draw(surface, g, show_coords=s.show_coords, selected=self.selected,
                       targets=self.targets if s.show_legal else {}, last_move=self.last_move,
                       home=g.turn if g.result is None and not past else None,
                       hint=None if past else self.match.hint)
        if past:
            pygame.draw.rect(surface, theme.LAST_MOVE, self.view.rect.inflate(6, 6), 4, border_radius=8)
        self.draw_panel(surface)

    def draw_banner(self, surface: pygame.Surface, banner: pygame.Rect) -> None:
        """Whose turn it is (or that the past, or the end, is on show)."""
        g, m = self.game, self.match
        k = g.turn
        pygame.draw.rect(surface, theme.PANEL_ACTIVE, banner, border_radius=10)
        r = 0
        if self.view_ply is not None:
            pygame.draw.rect(surface, theme.LAST_MOVE, banner.inflate(-4, -4), 4, border_radius=9)
            head, sub = t("moves.past", n=self.view_ply, total=g.ply), t("moves.back")
        elif g.result is None:
            pygame.draw.rect(surface, theme.KINGDOM_FILL[k], banner.inflate(-4, -4), 4, border_radius=9)
            r = banner.height // 2 - 6
            pygame.draw.circle(surface, theme.KINGDOM_FILL[k], (banner.x + 8 + r, banner.centery), r)
            glyph = render(KINGDOM_GLYPHS[k], int(r * 1.3), theme.KINGDOM_INK[k])
            surface.blit(glyph, glyph.get_rect(center=(banner.x + 8 + r, banner.centery)))
            head = t("game.turn", name=kingdom_name(k))
            sub = (t("game.your_move") if m.human_to_move else t("game.paused") if m.paused
                   else t("game.thinking") if m.bot_thinking else t("game.waiting"))
        else:
            pygame.draw.rect(surface, theme.ACCENT, banner, 3, border_radius=10)
            head, sub = t("game.over"), t("game.view_result")
        tx = banner.x + 16 + 2 * r
        img = render(head, fit(head, int(banner.height * 0.36), banner.right - tx - 8), theme.TEXT)
        surface.blit(img, (tx, banner.y + banner.height * 0.12))
        img = render(sub, fit(sub, int(banner.height * 0.28), banner.right - tx - 8),
                     theme.ACCENT if m.human_to_move and self.view_ply is None else theme.TEXT)
        surface.blit(img, (tx, banner.y + banner.height * 0.56))

    def draw_kingdoms(self, surface: pygame.Surface, x: int, y: int, w: int, row_h: int) -> int:
        """The seven kingdoms in turn order; returns the y below them."""
        g, m = self.game, self.match
        small = max(11, int(row_h * 0.3))
        col_x = [x + w - int(w * 0.36) + i * int(w * 0.12) for i in range(3)]
        for i, c in enumerate((t("game.col.prisoners"), t("game.col.losses"), t("game.col.generals"))):
            img = render(c, max(10, small - 2), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midbottom=(col_x[i] + w * 0.06, y + small)))
        y += small + 4
        for j in range(7):
            row = pygame.Rect(x, y, w, row_h - 4)
            active = g.result is None and j == g.turn and self.view_ply is None
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
            name = f"{kingdom_name(j)} · {player_text(m.seats[j])}"
            img = render(name, fit(name, int(row_h * 0.34), col_x[0] - name_x - 4), theme.TEXT)
            surface.blit(img, (name_x, row.y + 2))
            status = status_text(g, j)
            img = render(status, fit(status, small, row.right - name_x - 6),
                         theme.TEXT_DIM if g.alive[j] or not seated else theme.WARN)
            surface.blit(img, (name_x, row.bottom - img.get_height() - 2))
            if seated:
                for i, v in enumerate((g.score[j], g.losses[j], g.generals[j])):
                    img = render(str(v), int(row_h * 0.34), theme.TEXT)
                    surface.blit(img, img.get_rect(midtop=(col_x[i] + w * 0.06, row.y + 2)))
            y += row_h
        return y

    def draw_moves(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The move list: the newest lines (or a scrolled window of them); click to view one."""
        key = (id(self.game), self.game.ply, self.game.hash, language())
        if key != self._lines_key:
            self._lines, self._lines_key = self.moves.update(self.match), key
        self.list_rect = area
        self.list_hits = []
        line_h = max(14, min(22, area.height // 12))
        rows = max(1, area.height // line_h)
        self.scroll = min(self.scroll, max(0, len(self._lines) - rows))
        end = len(self._lines) - self.scroll
        shown = self._lines[max(0, end - rows):end]
        y = area.y
        size = int(line_h * 0.8)
        for line in shown:
            rect = pygame.Rect(area.x, y, area.width, line_h)
            current = line.ply is not None and line.ply == (self.view_ply if self.view_ply is not None else self.game.ply)
            if current:
                pygame.draw.rect(surface, theme.PANEL_ACTIVE, rect, border_radius=4)
            colour = theme.TEXT if line.ply is not None else theme.WARN
            img = render(line.text, fit(line.text, size, area.width - 8), colour)
            surface.blit(img, (rect.x + 4, rect.y + (line_h - img.get_height()) // 2))
            if line.ply is not None:
                self.list_hits.append((rect, line.ply))
            y += line_h

    def draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        pad = max(6, p.width // 40)
        x, w = p.x + pad, p.width - 2 * pad
        banner = pygame.Rect(x, p.y + pad, w, max(56, p.height // 10))
        self.draw_banner(surface, banner)
        row_h = max(30, min(60, (p.height - banner.bottom - 200) // 7))
        y = self.draw_kingdoms(surface, x, banner.bottom + pad, w, row_h)
        hint = t("game.hint")
        img = render(hint, fit(hint, max(11, p.height // 70), w), theme.TEXT_DIM)
        surface.blit(img, (x, p.bottom - img.get_height() - 6))
        self.draw_moves(surface, pygame.Rect(x, y + pad, w, p.bottom - img.get_height() - 12 - y - pad))
