"""The game: the board, whose turn it is, the kingdoms and the move list; clicks become moves.
What happened since the player's last move stays drawn on the board, captured pieces fly to
their captor's prisoners, notices say what matters, and hovering a point explains it."""
from __future__ import annotations

import math
import time

import pygame

from qiguo.engine import KINGDOMS, RESIGN, Game, Move, point_name
from qiguo.play import hosting, movelist, notices, saves, trail
from qiguo.ui import keymap, piece_art, pointer, theme
from qiguo.ui.board_view import BoardView
from qiguo.play.files import data_dir
from qiguo.ai.coach import Danger, Destination, explain
from qiguo.names import TextError, clean, short
from qiguo.net.protocol import LIMITS
from qiguo.ui.fonts import has_glyph
from qiguo.play.match import Match, Played
from qiguo.ui.panel import Panel, View
from qiguo.play.seats import HUMAN
from qiguo.play.coaching import Coaching
from qiguo.play.flow import Cues, Flow, seat_note_text
from qiguo.play.cursor import explains, general_of, movable, next_point, stepped
from qiguo.play.strings import (cannot_move, kingdom_name, language, move_words, piece_of, reason_words,
                               status_text, t, tn)
from qiguo.ui.layout import split
from qiguo.ui.tooltip import HOVER_AFTER, draw_tooltip

from .base import Scene, register

RESULT_AFTER = 1.5
"""Seconds the final position stays on screen before the result scene."""


@register("game")
class GameScene(Scene):
    def __init__(self, app, match: Match, review: bool = False):
        super().__init__(app)
        self.match = match
        self.review = review
        """Reviewing a finished game: no moves, no bots; arrows, Home and End step through it and
        Esc goes back to the result."""
        self.view = BoardView()
        self.panel = Panel()
        self.selected: int | None = None
        self.targets: dict[int, int] = {}
        self.pressed: int | None = None
        self.last_move = self._last_move_of(match.game)
        self.over_for = 0.0
        self._locked_told: set[str] = set()
        """The locked-out addresses the host has been told of."""
        self.ended_here = match.game.result is None
        self.view_ply: int | None = None  # a position of the past on show, or None for the game
        self._past: Game | None = None
        self.moves = movelist.MoveList()
        self.coaching = Coaching()
        self.flow = Flow(match)
        self.better: int | None = None
        """In review, the better move of a key moment, drawn on the position before it."""
        self._lines: list[movelist.Line] = []
        self._lines_key: tuple = ()
        self.scroll = 0  # lines scrolled up from the newest
        self.seat_notes: list[notices.Notice] = []
        self.away: dict[int, float] = {}
        """Network games: the kingdoms whose player left, and when a bot takes their seat."""
        """Seat events of a network game (a player left, a bot stands in), until the player's move."""
        self.game_notices: list[notices.Notice] = []
        """What the moves on the trail mean for the player whose view is on show (see trail())."""
        self._past_notices: tuple[object, list[notices.Notice]] = (None, [])
        """The notices of the position of the past on show, by that position."""
        self._trail: list[trail.Step] = []
        self._trail_key: tuple = ()
        self.hover: int | None = None
        self.cursor: int | None = None
        """The keyboard's (or a controller's) point on the board, shown once a cursor key is
        pressed and hidden when the mouse moves."""
        self.hover_for = 0.0
        self.hover_armed = False
        self._hint_shown: int | None = None
        self._asking = ""

    @property
    def game(self) -> Game:
        return self.match.game

    # ---- input --------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
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
        at = self.game.ply if self.view_ply is None else self.view_ply
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
        elif name == "save":
            self.save()
        elif name == "export":
            self.export()
        elif name == "hint":
            self.hint()
        elif name == "legend":
            self.legend()
        elif name == "back":
            self.show_ply(max(0, at - 1))
        elif name == "forward" and self.view_ply is not None:
            self.show_ply(self.view_ply + 1)
        elif name == "latest":
            self.show_ply(None)
        elif name == "first":
            self.show_ply(0)
        elif name == "letin":
            self.let_in()

    def explain_danger(self) -> None:
        """Once, in a player's first game: why some of their pieces are marked in danger before
        they have moved (the neighbours' long-range pieces reach them from their camps)."""
        s = self.app.settings
        if s.danger_explained or not s.show_danger or not self.match.human_to_move or not self.danger():
            return
        s.danger_explained = True
        s.save()
        self.app.toast(t("game.danger_explained"), 12.0)

    def let_in(self) -> None:
        """The host lets every address locked out for wrong join codes try again."""
        if self.match.lockouts():
            self.match.lift()
            self.app.toast(t("net.lifted"))

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
            points = list(self.danger())
        elif self.selected is not None:
            points = list(self.targets)
        elif self.match.human_to_move and self.view_ply is None:
            points = movable(self.game)
        else:
            points = []
        if not points:
            return
        self.cursor = next_point(points, self.cursor, backwards=kind == "previous")
        self.hover, self.hover_for, self.hover_armed = self.cursor, 0.0, True

    def review_key(self, event: pygame.event.Event) -> None:
        """Keys while reviewing: step through the game, or go back."""
        at = self.game.ply if self.view_ply is None else self.view_ply
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.leave_review()
        elif event.key == pygame.K_LEFT:
            self.show_ply(max(0, at - 1))
        elif event.key == pygame.K_RIGHT:
            self.show_ply(at + 1)
        elif event.key == pygame.K_HOME:
            self.show_ply(0)
        elif event.key == pygame.K_END:
            self.show_ply(None)
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
        if self.review or self.view.animating or self.view_ply is not None or not self.match.human_to_move:
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

    def danger(self) -> dict[int, Danger]:
        """The pieces of the human to move that can be taken now (the danger view is on, the
        game itself is on show)."""
        g = self.game
        if not self.app.settings.show_danger or self.view_ply is not None or self.review or not self.match.human_to_move:
            return {}
        return self.coaching.danger(g, g.turn)

    def risks(self) -> dict[int, Destination]:
        """For the piece picked up: what each destination risks (with the danger view on)."""
        if self.selected is None or not self.app.settings.show_danger or not self.match.human_to_move:
            return {}
        return self.coaching.risks(self.game, self.selected)

    def risk_warning(self) -> str:
        """While choosing: what the destination under the pointer risks, in words ("")."""
        risk = self.risks().get(self.hover) if self.hover is not None else None
        if risk is None:
            return ""
        return t("game.peril") if risk.general else t("game.risky") if risk.exposed else ""

    def play(self, code: int) -> None:
        played = self.match.play_human(code)
        if played is not None:
            self.on_played(played)

    def on_played(self, played: Played) -> None:
        """Draw what the flow decided after a move (qiguo.play.flow): sounds, messages, the
        glide, and the knocked-out choice."""
        self.perform(self.flow.after_move(played))
        self.deselect()
        if self.cursor is not None:  # the cursor's explanation waits for the cursor to move again
            self.hover_armed = False
        self.scroll = 0
        self.view.animate(self.game, played, self.app.settings.anim_time, self._tray)
        self.last_move = played.move
        self.seat_notices()

    def perform(self, cues: Cues) -> None:
        """Play the sounds, show the messages and open the knocked-out choice the flow asks for."""
        for sound in cues.sounds:
            self.app.play_sound(sound)
        for text, seconds in cues.toasts:
            self.app.toast(text, seconds)
        if cues.cleared:  # like the trail: what happened since the player's move
            self.seat_notes = []
        if cues.knocked_out:
            self.app.stack.push(self.app.scene("knocked_out", self, cues.knocked_out))

    def seat_notices(self) -> None:
        """Network games: a player left (and when a bot takes over), or a bot now stands in."""
        notes = self.match.notes
        while notes:
            note = notes.pop(0)
            said = seat_note_text(note)  # the host's server could not write its state, or can again
            if said:
                self.app.toast(said, 8.0)
                continue
            k = KINGDOMS.find(str(note.get("kingdom", ""))[:1])
            if k < 0:
                continue
            if note.get("event") == "left":  # counted down live, and gone when they are back
                wait = note.get("wait", 0)
                self.away[k] = time.monotonic() + (float(wait) if isinstance(wait, (int, float)) else 0.0)
            else:
                self.away.pop(k, None)
                name = short(self.player_name(k)) or kingdom_name(k)
                self.seat_notes = (self.seat_notes + [notices.Notice(t("net.standin_now", name=name), "fell", k)]
                                   )[-notices.KEPT:]
            self.app.play_sound("alert")

    def live_seat_notes(self) -> list[notices.Notice]:
        """The seat notes as the seats stand now: a player who left, with the seconds before a
        bot takes over counting down; none for a player who is back."""
        labels = self.match.labels()  # none in a local game
        back = {k for k, s in enumerate(labels) if s.get("connected")}
        for k in list(self.away):
            if k in back or labels[k].get("standin"):
                del self.away[k]
        self.seat_notes = [n for n in self.seat_notes if n.kingdom not in back]
        now = time.monotonic()
        left = [notices.Notice(t("net.left", name=short(self.player_name(k)) or kingdom_name(k),
                                 wait=max(0, math.ceil(until - now))), "fell", k) for k, until in self.away.items()]
        return self.seat_notes + left

    def check_server(self) -> None:
        """A hosting window whose server stopped (its game not over) says so and offers to serve
        the game again, from the table the server held; a new lock-out is said in a toast."""
        locked = {a for a, _ in self.match.lockouts()}
        if locked - self._locked_told:
            self.app.toast(self.lockout_line())
        self._locked_told = locked
        if not self.match.server_stopped or self.app.stack.top is not self:
            return
        self.app.stack.push(self.app.scene("server_stopped", self))

    def show_moment(self, ply: int, better: int) -> None:
        """Review: the position before move `ply` (1 = the first), with a better move drawn."""
        self.show_ply(ply - 1)
        self.better = better

    def _tray(self, k: int) -> tuple[float, float] | None:
        """Where kingdom k's prisoners are counted in the panel (a captured piece flies there)."""
        return self.panel.prisoner_cells.get(k)

    def legend(self) -> None:
        self.app.stack.push(self.app.scene("legend", self))

    def show_ply(self, ply: int | None) -> None:
        """Show the position after `ply` moves (None, or the latest ply: the game itself)."""
        self.better = None
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
            self._asking = t("game.hint_asked")
            self.app.toast(self._asking, 30.0)

    def _show_hint(self) -> None:
        """Say the suggested move in words once it arrives; the "asking" notice goes then, or
        when the question is dropped (a move was played meanwhile)."""
        hint = self.match.hint
        if hint is not None and hint != self._hint_shown:
            why = reason_words(explain(self.game, hint))
            self.app.toast(t("game.hint_why", move=move_words(self.game, Move(hint)), why=why), 8.0)
            self._asking = ""
        elif self._asking and not self.match.hint_pending:
            self.app.clear_toast(self._asking)
            self._asking = ""
        self._hint_shown = hint

    def resign(self, k: int) -> None:
        """Kingdom k (a human's) resigns, on its turn or not. When no human is left in a game that
        goes on, the player chooses: watch the bots finish, the standings now, or the title."""
        if not self.match.resign(k):
            return
        self.deselect()
        self.perform(self.flow.after_resign(k))

    def take_back(self, redo: bool) -> None:
        """Undo to the last move of the player who asks (the human to move, or the last human
        who moved); when that takes back another human's moves too, say whose and ask first.
        Or redo what was undone."""
        self.show_ply(None)
        if redo:
            self._took_back(self.match.redo(), True)
            return
        k = self.match.presser()
        n, others = self.match.undo_plan(k)
        if not n or k is None:
            self.app.toast(t("game.nothing_to_undo"))
            return
        if others:
            names = ", ".join(kingdom_name(j) for j in others)
            self.app.stack.push(self.app.scene("confirm", t("confirm.undo_others", name=kingdom_name(k), others=names),
                                               lambda: self._took_back(self.match.undo(k), False, k),
                                               t("confirm.undo_yes")))
            return
        self._took_back(self.match.undo(k), False, k)

    def _took_back(self, done: bool, redo: bool, k: int | None = None) -> None:
        if not done:
            self.app.toast(t("game.nothing_to_redo" if redo else "game.nothing_to_undo"))
            return
        self.autosave()
        self.deselect()
        self.view.finish()
        self.over_for = 0.0
        self.last_move = self._last_move_of(self.game)
        self.app.toast(t("game.redone") if redo else t("game.undone_to", name=kingdom_name(k if k is not None else 0)))

    def restart(self) -> None:
        self.match.restart()
        self.autosave()
        self.deselect()
        self.view.finish()
        self.show_ply(None)
        self.last_move, self.over_for = 0, 0.0

    def autosave(self) -> None:
        """Keep the game to continue up to date (see Flow.keep; a failure is said once)."""
        for text, seconds in self.flow.keep():
            self.app.toast(text, seconds)

    def save(self) -> None:
        """Ask for a name (the date, time and players by default), then keep a copy of the game."""
        self.app.stack.push(self.app.scene("name_entry", t("save.name.title"), saves.default_name(self.match), self.save_as,
                                      saves.NAME_LIMIT))

    def save_as(self, name: str) -> None:
        try:
            saves.save_slot(self.match, name)
        except OSError as e:
            self.app.toast(t("game.save_failed", why=e.strerror or e))
            return
        self.app.toast(t("game.saved", name=name or saves.default_name(self.match)))

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
        self.app.stack.replace(self.app.scene("result", self.match))

    # ---- time ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.hover_for += dt
        if self.review:
            return
        self._show_hint()
        now = time.monotonic()
        if not any(s == HUMAN for s in self.match.seats) and any(n.until <= now for n in self.seat_notes):
            self.seat_notes = [n for n in self.seat_notes if n.until > now]  # watching bots: they fade
        if self.view.animating or self.view_ply is not None:
            return  # bots wait while a move glides or the past is on show
        played = self.match.update()
        self.explain_danger()
        self.seat_notices()
        self.check_server()
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
        net = (tuple(self.net_labels()), m.connected, m.problem, self.lockout_line()) if m.networked else ()
        return (id(g), g.ply, g.turn, g.result, self.selected, m.paused, self.view_ply, m.hint, self.better, self.scroll,
                self.hover if self.selected is not None else None, self.cursor,
                self.last_move, tuple(n.text for n in self.notices), self.tooltip_point(), language(), net,
                tuple(sorted(vars(self.app.settings).items(), key=str)))

    def tooltip_point(self) -> int | None:
        """The point being explained: the pointer has rested on it long enough."""
        if self.hover is None or not self.hover_armed or self.hover_for < HOVER_AFTER:
            return None
        return self.hover if explains(self.hover, self.selected, self.targets) else None

    toast_top = True

    def toast_area(self) -> pygame.Rect:
        """Messages go in the room the panel leaves for them above the move list: they cover
        neither the board nor the moves."""
        return self.panel.message_rect if self.panel.message_rect.height else self.panel.list_rect

    # ---- drawing ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """The board as large as the height allows; the panel takes the rest of the width (so a
        wide window widens the panel rather than leaving a gap), within bounds."""
        self.panel.rect, board = split(size)
        self.view.layout(board)

    @property
    def notices(self) -> list[notices.Notice]:
        """The notices on show: what the trail's moves mean for the player whose view it is, and
        the seat events of a network game."""
        if self._past is not None:  # a position of the past: its own notices, as they were then
            past = self._past
            key = (id(past), past.ply, past.hash)
            if key != self._past_notices[0]:
                self._past_notices = (key, notices.since(past, self.match.seats, notices.viewer(past, self.match.seats)))
            return self._past_notices[1]
        self.trail()
        return (self.game_notices + self.live_seat_notes())[-notices.KEPT:]

    def trail(self) -> list[trail.Step]:
        """The moves since the last move of the human whose view is on show, and the notices of
        that stretch (kept until the game changes: after undo, redo or load they are read back
        from the game)."""
        g = self.game
        key = (id(g), g.ply, g.hash)
        if key != self._trail_key:
            seen_by = notices.viewer(g, self.match.seats)
            self._trail, self._trail_key = trail.since_last_human(g, self.match.seats, seen_by), key
            self.game_notices = notices.since(g, self.match.seats, seen_by)
        return self._trail

    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        s = self.app.settings
        self.view.board_theme, self.view.colour_aid = s.board_theme, s.colour_aid
        self.view.style = piece_art.style_for(s.piece_style, language())
        past = self._past is not None
        g = self._past if self._past is not None else self.game
        self.view.draw(surface, g, show_coords=s.show_coords, selected=self.selected,
                       targets=self.targets if s.show_legal else {}, trail=None if past else self.trail(),
                       last_move=self.last_move, home=g.turn if g.result is None and not past else None,
                       hint=self.better if past else self.match.hint, hover=self.tooltip_point(),
                       danger=set(self.danger()), risks=self.risks() if s.show_legal else {},
                       cursor=None if past or self.review else self.cursor)
        if past:
            pygame.draw.rect(surface, theme.LAST_MOVE, self.view.rect.inflate(6, 6), 4, border_radius=8)
        key = (id(self.game), self.game.ply, self.game.hash, language())
        if key != self._lines_key:
            self._lines, self._lines_key = self.moves.update(self.match), key
        reserve = self.app.toast_height(self.panel.rect.width - 2 * max(6, self.panel.rect.width // 40))
        self.scroll = self.panel.draw(surface, self.panel_view(g), self._lines, self.scroll, reserve)
        self.view.draw_flights(surface)
        point = self.tooltip_point()
        if point is not None and self.app.stack.top is self:  # never peeking out from under a menu
            self.draw_tooltip(surface, g, point)

    def panel_view(self, g: Game) -> View:
        """What the panel shows: the position on show, whose turn it is, notices."""
        m = self.match
        turn = None
        if self.review:
            at = self.game.ply if self.view_ply is None else self.view_ply
            head, sub = t("review.head", n=at, total=self.game.ply), t("review.keys")
        elif self.view_ply is not None:
            head, sub = t("moves.past", n=self.view_ply, total=self.game.ply), t("moves.back")
        elif g.result is None and not self.review:
            turn = g.turn
            head = t("game.turn", name=kingdom_name(g.turn))
            sub = ((self.risk_warning() or t("game.your_move")) if m.human_to_move else t("game.paused") if m.paused
                   else self.waiting_for(g.turn) if m.networked
                   else t("game.thinking") if m.seat not in (HUMAN, None) else t("game.waiting"))
        else:
            head, sub = t("game.over"), t("game.view_result")
        steps = self._trail if self.view_ply is None else []
        quiet = tn("game.trail", len(steps)) if steps and any(s == HUMAN for s in m.seats) else ""
        labels: list[str] = []
        if m.networked:
            labels = self.net_labels()
            if m.server is not None:  # the host tells friends where to join, and who is locked out
                quiet = self.lockout_line() or t("net.join_at", addresses=", ".join(
                    hosting.addresses(m.server.address[1])), code=m.code)
            elif not m.connected:
                quiet = t("net.server_wrong") if m.problem else t("net.lost")
        return View(g, m.seats, self.view_ply, self.game.ply, head, sub,
                    m.human_to_move and self.view_ply is None, turn, self.notices, quiet, self.app.settings.colour_aid,
                    t("review.footer") if self.review else "", labels)

    def lockout_line(self) -> str:
        """The host's word on the addresses locked out for wrong join codes ("" for none)."""
        locked = self.match.lockouts()
        return t("net.locked", addresses=", ".join(f"{a} ({math.ceil(left / 60)} min)" for a, left in locked[:3])) \
            if locked else ""

    def waiting_for(self, k: int) -> str:
        """A network game's turn line: a bot (or a stand-in) thinks, or a player is awaited."""
        s = self.match.labels()[k]
        if s["kind"] == "bot" or s["standin"] or self.match.seats[k] == HUMAN:
            return t("game.thinking")
        name = self.player_name(k)
        return t("net.waiting_for", name=short(name)) if name else t("net.waiting_for_player")

    def player_name(self, k: int) -> str:
        """The name a network player gave, or "" (the server holds a seat taken without a name
        under the seat's letter)."""
        try:
            name = clean(str(self.match.labels()[k].get("name") or ""), LIMITS["name"] + 2, has_glyph)
        except TextError:
            name = ""
        return "" if name == KINGDOMS[k] else name

    def net_labels(self) -> list[str]:
        """Who plays each seat of a network game: you, a player (away, or with a bot standing in),
        a free seat, a bot, or nobody."""
        out = []
        for k, s in enumerate(self.match.labels()):
            if self.match.seats[k] == HUMAN:
                out.append(t("game.player.you"))
            elif s["kind"] == "bot":
                out.append(t("game.player.bot", level=t(f"level.{s['level']}")))
            elif s["kind"] == "off":
                out.append(t("setup.off"))
            elif s["kind"] == "host":
                name = self.player_name(k)
                out.append(t("net.host", name=name) if name else t("net.host_unnamed"))
            elif not s["name"]:
                out.append(t("net.waiting"))
            else:
                state = "" if s["connected"] else " · " + t("net.standin" if s["standin"] else "net.away")
                name = self.player_name(k)
                out.append((t("net.player", name=name) if name else t("net.player_unnamed")) + state)
        return out

    def draw_tooltip(self, surface: pygame.Surface, g: Game, point: int) -> None:
        """What stands on a point and how it moves, and on the game itself what can take it."""
        danger = self.danger().get(point) if g is self.game else None
        extra = [t("tip.danger", taker=piece_of(p), point=point_name(s)) for s, p in danger.by] if danger else []
        draw_tooltip(surface, self.view, g, point, extra)
