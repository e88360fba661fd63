"""The game: the board, whose turn it is, the kingdoms and the move list; clicks become moves.
What happened since the player's last move stays drawn on the board, captured pieces fly to
their captor's prisoners, notices say what matters, and hovering a point explains it. Every
decision is the table's (:class:`qiguo.play.table.Table`, without pygame): this scene turns
input into its calls, performs the cues it returns and draws."""
from __future__ import annotations

import pygame

from qiguo.engine import Game, Move
from qiguo.play import movelist
from qiguo.play.flow import Cues
from qiguo.play.match import BaseMatch
from qiguo.play.table import Ask, Table, View
from qiguo.ui import keymap, piece_art, pointer, theme
from qiguo.ui.board_view import BoardView
from qiguo.ui.fonts import FLOOR, fitted, has_glyph, render
from qiguo.ui.panel import Panel
from qiguo.play.cursor import explains, general_of, movable, next_point, stepped
from qiguo.play.saves import NAME_LIMIT, default_name
from qiguo.play.strings import cannot_move, language, t
from qiguo.ui.layout import split
from qiguo.ui.tooltip import HOVER_AFTER, draw_tooltip

from .base import Scene, register


@register("game")
class GameScene(Scene):
    def __init__(self, app, match: BaseMatch, review: bool = False):
        super().__init__(app)
        self.match = match
        self.table = Table(match, app.settings, review, has_glyph)
        self.view = BoardView()
        self.panel = Panel()
        self.selected: int | None = None
        self.targets: dict[int, int] = {}
        self.pressed: int | None = None
        self.moves = movelist.MoveList()
        self._lines: list[movelist.Line] = []
        self._lines_key: tuple = ()
        self.scroll = 0  # lines scrolled up from the newest
        self.hover: int | None = None
        self.cursor: int | None = None
        """The keyboard's (or a controller's) point on the board, shown once a cursor key is
        pressed and hidden when the mouse moves."""
        self.hover_for = 0.0
        self.hover_armed = False

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def review(self) -> bool:
        """Reviewing a finished game: no moves, no bots; arrows, Home and End step through it and
        Esc goes back to the result."""
        return self.table.review

    @property
    def view_ply(self) -> int | None:
        return self.table.view_ply

    # ---- input --------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.table.minimised = event.type == pygame.WINDOWMINIMIZED  # a local game's clocks stop
            return
        if self.table.hand_over() and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)):
            self.table.take_over()  # the next player has the computer: this key or click only says so
            return
        if event.type == pygame.MOUSEMOTION:
            self.cursor = None
            point = self.view.point_at(event.pos)
            if point != self.hover or not self.hover_armed:
                self.hover, self.hover_for, self.hover_armed = point, 0.0, True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, ply in self.panel.list_hits:
                if rect.collidepoint(event.pos):
                    self.show_ply(ply)
                    return
            self.pressed = self.view.point_at(event.pos)
            self.hover, self.hover_for, self.hover_armed = self.pressed, 0.0, True  # a long press explains
            self.click(self.pressed)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.hover_armed = False  # after a click, explain again only once the pointer moves
            sq = self.view.point_at(event.pos)
            if self.selected is not None and sq != self.pressed and sq in self.targets:
                self.play(self.targets[sq])  # a drag from the piece to its destination
            self.pressed = None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.deselect()
        elif event.type == pygame.MOUSEWHEEL and self.panel.list_rect.collidepoint(pointer.pos()):
            self.scroll = max(0, self.scroll + event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        """A key, through the key map (qiguo.ui.keymap.GAME: the keys screen lists the same).
        Once the game is over there is nothing to move: the arrows step through it, as in review."""
        if self.review or (self.game.result is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT)):
            self.review_key(event)
            return
        name = keymap.action(event, keymap.GAME)
        if name.startswith("cursor."):
            self.move_cursor(name.split(".")[1])
        elif name == "pick":
            if self.game.result is not None:
                self.show_result()
            elif event.key == pygame.K_SPACE and not self.match.human_to_move:
                self.match.paused = not self.match.paused  # Space pauses the bots while they move
            elif self.cursor is None:
                self.move_cursor("")
            else:
                self.click(self.cursor)
        elif name in ("next", "previous", "danger"):
            self.jump(name)
        elif name == "menu":
            if self.selected is not None:
                self.deselect()
            elif self.view_ply is not None:
                self.show_ply(None)
            else:
                self.app.stack.push(self.app.scene("menu", self))
        elif name == "pause":
            self.match.paused = not self.match.paused
        elif name in ("undo", "redo"):
            self.take_back(redo=name == "redo")
        elif name in ("save", "export", "hint", "legend"):
            getattr(self, name)()
        elif name in ("back", "forward"):
            if name == "back" or self.view_ply is not None:
                self.step(-1 if name == "back" else 1)
        elif name in ("latest", "first"):
            self.show_ply(None if name == "latest" else 0)
        elif name == "letin":
            self.perform(self.table.let_in())

    def move_cursor(self, direction: str) -> None:
        """Show the board cursor (on the piece picked up, else the mover's General, else the
        centre) or move it one point; the point under it is explained as under the pointer."""
        if self.cursor is None:
            self.cursor = self.selected if self.selected is not None else general_of(self.game)
        else:
            self.cursor = stepped(self.cursor, direction)
        self.hover, self.hover_for, self.hover_armed = self.cursor, 0.0, True

    def jump(self, kind: str) -> None:
        """Tab / Shift+Tab: the cursor to the next or previous of the player's movable pieces (of
        the piece's destinations, once one is picked up); T: to the next piece in danger."""
        if kind == "danger":
            points = list(self.table.danger())
        elif self.selected is not None:
            points = list(self.targets)
        elif self.table.can_pick:
            points = movable(self.game)
        else:
            points = []
        if not points:
            return
        self.cursor = next_point(points, self.cursor, backwards=kind == "previous")
        self.hover, self.hover_for, self.hover_armed = self.cursor, 0.0, True

    def review_key(self, event: pygame.event.Event) -> None:
        """Keys while reviewing: step through the game, or go back."""
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.leave_review()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.show_ply(0 if event.key == pygame.K_HOME else None)
        elif event.key == pygame.K_l:
            self.legend()

    def leave_review(self) -> None:
        """Back to the result of a finished game (or to the title)."""
        if self.game.result is not None:
            self.app.stack.replace(self.app.scene("result", self.match))
        else:
            self.app.stack.pop()

    def click(self, sq: int | None) -> None:
        """A left click on a point (None: off the board). Only ever selects, moves or deselects."""
        if self.view.animating or not self.table.can_pick:
            return
        if sq is not None and sq in self.targets:
            self.play(self.targets[sq])
            return
        moves = self.match.legal_from(sq) if sq is not None else {}
        if moves:
            self.selected, self.targets = sq, moves
        else:
            why = cannot_move(self.game, sq) if sq is not None and sq != self.selected else ""
            self.deselect()
            if why:
                self.app.toast(why)

    def deselect(self) -> None:
        self.selected, self.targets = None, {}

    # ---- what the table decides, performed ----------------------------------------------

    def play(self, code: int) -> None:
        self.perform(self.table.play(code))

    def perform(self, cues: Cues | Ask) -> None:
        """Do what the table asks: ask a question first, or play the sounds, show and take away
        the messages, glide a move, and open the knocked-out choice, the server's or the result."""
        if isinstance(cues, Ask):
            self.app.stack.push(self.app.scene("confirm", cues.text, lambda: self.perform(cues.then()), cues.yes))
            return
        for sound in cues.sounds:
            self.app.play_sound(sound)
        for text, seconds in cues.toasts:
            self.app.toast(text, seconds)
        for text in cues.cleared_toasts:
            self.app.clear_toast(text)
        if cues.reset:
            self.deselect()
            self.view.finish()
        if cues.played is not None:
            self.deselect()
            if self.cursor is not None:  # the cursor's explanation waits for the cursor to move again
                self.hover_armed = False
            self.scroll = 0
            self.view.animate(self.game, cues.played, self.app.settings.anim_time, self._tray)
        if cues.knocked_out:
            self.app.stack.push(self.app.scene("knocked_out", self, cues.knocked_out))
        if cues.server_stopped and self.app.stack.top is self:
            self.app.stack.push(self.app.scene("server_stopped", self))
        if cues.result:
            self.show_result()

    def show_ply(self, ply: int | None) -> None:
        """Show the position after `ply` moves (None, or the latest ply: the game itself)."""
        self.table.show_ply(ply)
        if self.view_ply is not None:
            self.deselect()
            self.view.finish()

    def step(self, by: int) -> None:
        self.table.step(by)
        if self.view_ply is not None:
            self.deselect()
            self.view.finish()

    def show_moment(self, ply: int, better: int) -> None:
        """Review: the position before move `ply` (1 = the first), the move played there and the
        better move drawn."""
        self.show_ply(ply - 1)
        self.table.show_moment(ply, better)

    def _tray(self, k: int) -> tuple[float, float] | None:
        """Where kingdom k's prisoners are counted in the panel (a captured piece flies there)."""
        return self.panel.prisoner_cells.get(k)

    def legend(self) -> None:
        self.app.stack.push(self.app.scene("legend", self))

    def hint(self) -> None:
        self.perform(self.table.ask_hint())

    def end_by_agreement(self) -> None:
        """Every player still in agreed to end the game: it ends as it stands."""
        self.deselect()
        self.perform(self.table.end_by_agreement())

    def resign(self, k: int) -> None:
        """Kingdom k (a human's) resigns, on its turn or not. When no human is left in a game that
        goes on, the player chooses: watch the bots finish, the standings now, or the title."""
        self.deselect()
        self.perform(self.table.resign(k))

    def take_back(self, redo: bool) -> None:
        self.perform(self.table.take_back(redo))

    def restart(self) -> None:
        self.perform(self.table.restart())

    def autosave(self) -> None:
        self.perform(self.table.autosave())

    def save(self) -> None:
        """Ask for a name (the date, time and players by default), then keep a copy of the game."""
        self.app.stack.push(self.app.scene("name_entry", t("save.name.title"), default_name(self.match),
                                           lambda name: self.perform(self.table.save_as(name)), NAME_LIMIT))

    def export(self) -> None:
        self.perform(self.table.export())

    def show_result(self) -> None:
        self.app.stack.replace(self.app.scene("result", self.match))

    # ---- time ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.hover_for += dt
        self.perform(self.table.update(dt, self.view.animating))

    def leave(self) -> None:
        self.match.close()

    def frame_key(self) -> object:
        if self.view.animating:
            return object()
        m, g, tb = self.match, self.game, self.table
        net = (tuple(tb.net_labels()), m.connected, m.problem, tb.lockout_line()) if m.networked else ()
        return (id(g), g.ply, g.turn, g.result, self.selected, m.paused, self.view_ply, m.hint, tb.better, self.scroll,
                self.hover if self.selected is not None else None, self.cursor,
                tb.last_move, tuple(n.text for n in tb.notices), self.tooltip_point(), language(), net,
                tuple(sorted(vars(self.app.settings).items(), key=str)), tuple(tb.clock_faces().items()), tb.handed)

    def tooltip_point(self) -> int | None:
        """The point being explained: the pointer has rested on it long enough."""
        if self.hover is None or not self.hover_armed or self.hover_for < HOVER_AFTER:
            return None
        return self.hover if explains(self.hover, self.selected, self.targets) else None

    toast_top = True

    def toast_area(self) -> pygame.Rect:
        """Messages go in the room the panel leaves for them above the move list: they cover
        neither the board nor the moves (one too long for that room covers the list, down to the
        keys' line and no further)."""
        p = self.panel
        top = (p.message_rect if p.message_rect.height else p.list_rect).top
        return pygame.Rect(p.list_rect.x, top, p.list_rect.width, max(0, p.footer.top - 2 - top))

    # ---- drawing ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """The board as large as the height allows; the panel takes the rest of the width (so a
        wide window widens the panel rather than leaving a gap), within bounds."""
        self.panel.rect, board = split(size)
        self.view.layout(board)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        s, tb = self.app.settings, self.table
        self.view.board_theme, self.view.colour_aid = s.board_theme, s.colour_aid
        self.view.style = piece_art.style_for(s.piece_style, language())
        past = tb.past is not None
        g = tb.shown
        handing = tb.hand_over()  # hot-seat: nothing of the next player's shows until they take over
        risks = tb.risks(self.selected) if not handing else {}
        self.view.draw(surface, g, show_coords=s.show_coords, selected=self.selected,
                       targets=self.targets if s.show_legal and not handing else {},
                       trail=None if past else tb.trail(),
                       last_move=tb.last_move, home=g.turn if g.result is None and not past else None,
                       hint=tb.better if past else None if handing else self.match.hint, hover=self.tooltip_point(),
                       danger=set() if handing else set(tb.danger()), risks=risks if s.show_legal else {},
                       cursor=None if past or self.review or handing else self.cursor)
        if past:
            pygame.draw.rect(surface, theme.LAST_MOVE, self.view.rect.inflate(6, 6), 4, border_radius=8)
        key = (id(self.game), self.game.ply, self.game.hash, language())
        if key != self._lines_key:
            self._lines, self._lines_key = self.moves.update(self.match), key
        reserve = self.app.toast_height(self.panel.rect.width - 2 * max(6, self.panel.rect.width // 40))
        self.scroll = self.panel.draw(surface, self.panel_view(), self._lines, self.scroll, reserve)
        self.view.draw_flights(surface)
        if not self.view.animating:
            self.draw_hand_over(surface, handing)
        point = self.tooltip_point()
        if point is not None and self.app.stack.top is self:  # never peeking out from under a menu
            self.draw_tooltip(surface, g, point)

    def draw_hand_over(self, surface: pygame.Surface, text: str) -> None:
        """Hot-seat: the next player asked large, across the board, to take the computer."""
        if not text:
            return
        board = self.view.rect
        size = max(FLOOR, min(56, board.height // 13))
        text, size = fitted(text, size, board.width - 60)
        img = render(text, size, theme.KINGDOM_INK[self.game.turn])
        y = board.centery
        last = self.table.last_move
        if last and not Move(last).is_pass:  # clear of the last move, which the next player wants to see
            landed = self.view.centre(Move(last).to_sq)[1]
            y = board.top + board.height // 4 if landed > board.centery else board.bottom - board.height // 4
        band = img.get_rect(center=(board.centerx, y)).inflate(40, 16)
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*theme.KINGDOM_FILL[self.game.turn][:3], 225), shade.get_rect(), border_radius=14)
        surface.blit(shade, band)
        surface.blit(img, img.get_rect(center=band.center))

    def panel_view(self) -> View:
        """The panel's view of the position on show, with what the destination under the pointer
        risks while a piece is picked up."""
        return self.table.panel_view(self.table.shown, self.table.risk_warning(self.selected, self.hover))

    def draw_tooltip(self, surface: pygame.Surface, g: Game, point: int) -> None:
        """What stands on a point and how it moves, and on the game itself what can take it."""
        extra = self.table.danger_tips(point) if g is self.game else []
        draw_tooltip(surface, self.view, g, point, extra)
