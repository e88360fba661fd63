"""The game screen's logic, without pygame: the position on show (the game or a ply of the past,
with a key moment's better move), the trail and notices of the player whose view it is, a
network game's seat notes, the hint, undo and redo, saving and exporting, the moment the result
opens, and every word the panel shows. The game scene turns input into calls here, performs
the :class:`~qiguo.play.flow.Cues` it gets back (sounds, messages, scenes to open) and draws;
a local and a network match are the same to it."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from qiguo.ai.coach import Danger, Destination, explain
from qiguo.clock import clock_text
from qiguo.engine import KINGDOMS, RESIGN, Game, Move
from qiguo.names import TextError, clean, placeheld, short
from qiguo.net.protocol import LIMITS

from . import hosting, movelist, notices, saves, trail
from .coaching import Coaching
from .files import data_dir
from .flow import Cues, Flow, seat_note_text
from .match import BaseMatch, Played
from .notices import Notice
from .seats import HUMAN, Seat
from .settings import Settings
from .strings import kingdom_name, move_words, reason_words, t, tn

RESULT_AFTER = 1.5
"""Seconds the final position stays on screen before the result opens."""


LOW = 10.0
"""Seconds under which a clock shows red and ticks."""


@dataclass
class View:
    """What the panel shows this frame."""

    game: Game
    """The position on show (the game, or a position of the past)."""
    seats: list[Seat]
    past: int | None
    """The ply on show when it is not the game's last one."""
    total: int
    head: str
    sub: str
    sub_active: bool
    turn: int | None
    """The kingdom to move, when the game is on show and not over."""
    notices: list[Notice] = field(default_factory=list)
    quiet_line: str = ""
    """What the notice area says when there is no notice."""
    aid: bool = False
    footer: str = ""
    """The keys line at the bottom (the game's keys when empty)."""
    labels: list[str] = field(default_factory=list)
    """Who plays each kingdom, when not said by its seat (a network game)."""
    clocks: dict[int, Face] = field(default_factory=dict)
    """The clock shown in each kingdom's row (its player's), for a game with clocks."""


@dataclass(frozen=True)
class Face:
    """A clock as the panel shows it: its time, whether it runs now, whether it is nearly out."""

    text: str
    running: bool
    low: bool


@dataclass(frozen=True)
class Ask:
    """A question for the player before something is done: its words, the yes button, and what
    a yes does (it returns the cues to perform)."""

    text: str
    yes: str
    then: Callable[[], Cues]


def last_move_of(game: Game) -> int:
    """The code of the game's last move on the board (0 for none, a pass or a resignation)."""
    last = next((e for e in reversed(game.history) if not e.startswith(RESIGN)), "pass")
    return 0 if last == "pass" else int(Move.parse(last))


class Table:
    """One game on the screen: a match (local or network) and what the screen shows of it."""

    def __init__(self, match: BaseMatch, settings: Settings, review: bool = False,
                 drawable: Callable[[str], bool] = lambda ch: True):
        self.match = match
        self.drawable = drawable
        """Which characters the window can draw (a player's name is cleaned of the others)."""
        self.settings = settings
        self.review = review
        """Reviewing: no moves, no bots; the player steps through the game."""
        self.flow = Flow(match)
        self.coaching = Coaching()
        self.view_ply: int | None = None
        """A position of the past on show, or None for the game itself."""
        self.past: Game | None = None
        self.better: int | None = None
        """In review, the better move of a key moment, drawn on the position before it."""
        self.last_move = last_move_of(match.game)
        self.over_for = 0.0
        self.ended_here = match.game.result is None
        """The game ended while on this screen (then its result opens by itself)."""
        self.seat_notes: list[Notice] = []
        """Seat events of a network game (a bot stands in), until the player's move."""
        self.away: dict[int, float] = {}
        """Network games: the kingdoms whose player left, and when a bot takes their seat."""
        self.game_notices: list[Notice] = []
        """What the moves on the trail mean for the player whose view is on show."""
        self._past_notices: tuple[object, list[Notice]] = (None, [])
        self._trail: list[trail.Step] = []
        self._trail_key: tuple = ()
        self._locked_told: set[str] = set()
        self._hint_shown: int | None = None
        self.asking = ""
        """The words of a hint asked for and not yet come ("" otherwise)."""
        self.advice = ""
        """The last advice shown about the game (the danger explanation, a hint's words): the
        result takes it away as it opens."""
        self.hint_words = ""
        """A hint's words while they are about the position on the board: the next move played
        takes them away (they would name a move of a position gone)."""
        self.minimised = False
        """The window is minimised: a local game's clocks stop."""
        self.handed: int | None = None
        """The player at the computer in hot-seat (the last who took it over)."""
        self._ticked: int | None = None
        """The second of a running clock's last ticked (its last LOW seconds tick)."""

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def shown(self) -> Game:
        """The position on show."""
        return self.past if self.past is not None else self.game

    # ---- the position on show -----------------------------------------------------------

    def show_ply(self, ply: int | None) -> None:
        """Show the position after `ply` moves (None, or the latest ply: the game itself)."""
        self.better = None
        if ply is None or ply >= self.game.ply:
            self.view_ply, self.past = None, None
            self.last_move = last_move_of(self.game)
            return
        self.view_ply = max(0, ply)
        self.past = movelist.position_at(self.match, self.view_ply)
        self.last_move = last_move_of(self.past)

    def show_moment(self, ply: int, better: int) -> None:
        """Review: the position before move `ply` (1 = the first), with the move played there
        marked and the better move drawn."""
        self.show_ply(ply - 1)
        self.better = better
        entry = self.game.history[ply - 1] if 0 < ply <= len(self.game.history) else "pass"
        self.last_move = 0 if entry == "pass" or entry.startswith(RESIGN) else int(Move.parse(entry))

    def step(self, by: int) -> None:
        """Show the position `by` plies from the one on show."""
        at = self.game.ply if self.view_ply is None else self.view_ply
        self.show_ply(max(0, at + by))

    @property
    def can_pick(self) -> bool:
        """Whether a human here may pick a move now (the game itself on show, their turn)."""
        return not self.review and self.view_ply is None and self.match.human_to_move

    # ---- the trail and the notices ------------------------------------------------------

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

    @property
    def notices(self) -> list[Notice]:
        """The notices on show: what the trail's moves mean for the player whose view it is, and
        the seat events of a network game."""
        if self.past is not None:  # a position of the past: its own notices, as they were then
            past = self.past
            key = (id(past), past.ply, past.hash)
            if key != self._past_notices[0]:
                self._past_notices = (key, notices.since(past, self.match.seats, notices.viewer(past, self.match.seats)))
            return self._past_notices[1]
        self.trail()
        return (self.game_notices + self.live_seat_notes())[-notices.KEPT:]

    def seat_notices(self) -> Cues:
        """Network games: a player left (and when a bot takes over), or a bot now stands in."""
        cues = Cues()
        notes = self.match.notes
        while notes:
            note = notes.pop(0)
            said = seat_note_text(note)  # the host's server could not write its state, or can again
            if said:
                cues.toasts.append((said, 8.0))
                continue
            k = KINGDOMS.find(str(note.get("kingdom", ""))[:1])
            if k < 0:
                continue
            if note.get("event") == "flag":  # out of time on the server's clock
                cues.add(self.flow.after_flag([k]))
                continue
            if note.get("event") == "left":  # counted down live, and gone when they are back
                wait = note.get("wait", 0)
                self.away[k] = time.monotonic() + (float(wait) if isinstance(wait, (int, float)) else 0.0)
            else:
                self.away.pop(k, None)
                name = short(self.player_name(k)) or kingdom_name(k)
                self.seat_notes = (self.seat_notes + [Notice(t("net.standin_now", name=name), "fell", k)]
                                   )[-notices.KEPT:]
            cues.sounds.append("alert")
        return cues

    def live_seat_notes(self) -> list[Notice]:
        """The seat notes as the seats stand now: a player who left, with the seconds before a
        bot takes over counting down; none for a player who is back."""
        labels = self.match.labels()  # none in a local game
        back = {k for k, s in enumerate(labels) if s.get("connected")}
        for k in list(self.away):
            if k in back or labels[k].get("standin"):
                del self.away[k]
        self.seat_notes = [n for n in self.seat_notes if n.kingdom not in back]
        now = time.monotonic()
        left = [Notice(t("net.left", name=short(self.player_name(k)) or kingdom_name(k),
                                 wait=max(0, math.ceil(until - now))), "fell", k) for k, until in self.away.items()]
        return self.seat_notes + left

    # ---- the coach ----------------------------------------------------------------------

    def danger_tips(self, sq: int) -> list[str]:
        """The tooltip's lines on what can take the piece on `sq` (with the danger marks)."""
        return self.coaching.tips(self.game, self.game.turn, sq) if sq in self.danger() else []

    def danger(self) -> dict[int, Danger]:
        """The pieces of the human to move that can be taken now (the danger view is on, the
        game itself is on show)."""
        g = self.game
        if not self.settings.show_danger or not self.can_pick:
            return {}
        return self.coaching.danger(g, g.turn)

    def risks(self, selected: int | None) -> dict[int, Destination]:
        """For the piece picked up: what each destination risks (with the danger view on)."""
        if selected is None or not self.settings.show_danger or not self.match.human_to_move:
            return {}
        return self.coaching.risks(self.game, selected)

    def risk_warning(self, selected: int | None, point: int | None) -> str:
        """While choosing: what the destination `point` risks, in words ("")."""
        risk = self.risks(selected).get(point) if point is not None else None
        if risk is None:
            return ""
        return t("game.peril") if risk.general else t("game.risky") if risk.exposed else ""

    def explain_danger(self) -> Cues:
        """Once, in a player's first game: why some of their pieces are marked in danger before
        they have moved (the neighbours' long-range pieces reach them from their camps)."""
        s = self.settings
        if s.danger_explained or not s.show_danger or not self.match.human_to_move or not self.danger():
            return Cues()
        s.danger_explained = True
        s.save()
        self.advice = t("game.danger_explained")
        return Cues(toasts=[(self.advice, 12.0)])

    def ask_hint(self) -> Cues:
        """Ask for the hint (on the game itself): the "asking" message while it is found."""
        if self.view_ply is None and self.match.ask_hint():
            self.asking = t("game.hint_asked")
            return Cues(toasts=[(self.asking, 30.0)])
        return Cues()

    def hint_cues(self) -> Cues:
        """Say the suggested move in words once it arrives; the "asking" message goes then, or
        when the question is dropped (a move was played meanwhile)."""
        cues = Cues()
        hint = self.match.hint
        if hint is not None and hint != self._hint_shown:
            why = reason_words(explain(self.game, hint))
            self.advice = self.hint_words = t("game.hint_why", move=move_words(self.game, Move(hint)), why=why)
            cues.toasts.append((self.advice, 8.0))
            self.asking = ""
        elif self.asking and not self.match.hint_pending:
            cues.cleared_toasts.append(self.asking)
            self.asking = ""
        self._hint_shown = hint
        return cues

    # ---- moves, time and what they call for ---------------------------------------------

    def play(self, code: int) -> Cues:
        """A human's move (nothing when it is not legal now)."""
        played = self.match.play_human(code)
        return self.after(played) if played is not None else Cues()

    def after(self, played: Played) -> Cues:
        """What a move played on the board calls for (the flow's decision), and the glide."""
        cues = self.flow.after_move(played)
        cues.played = played
        if self.hint_words:
            cues.cleared_toasts.append(self.hint_words)
            self.hint_words = ""
        if cues.cleared:  # like the trail: what happened since the player's move
            self.seat_notes = []
        self.last_move = played.move
        cues.add(self.seat_notices())
        if not self.settings.turn_alert:
            cues.sounds = [x for x in cues.sounds if x != "turn"]
        return cues

    def hand_over(self) -> str:
        """In hot-seat (two players or more at this window), when the turn has passed to another
        of them: the words that ask to pass them the computer, shown over a board with nothing of
        theirs marked until they take over (a key or a click); "" otherwise."""
        m, g = self.match, self.game
        if m.networked or self.review or self.view_ply is not None or len(m.players_in()) < 2 or not m.human_to_move:
            return ""
        if m.player_of(g.turn) == self.handed or not self.settings.hand_over:
            return ""
        return t("game.hand_over", name=kingdom_name(g.turn))

    def take_over(self) -> None:
        """The player to move has the computer: their marks and moves show."""
        self.handed = self.match.player_of(self.game.turn)

    def update(self, dt: float, animating: bool) -> Cues:
        """The frame's time: the hint, a network game's notes and server, the bots' moves (not
        while a move glides or the past is on show), and the result once the end has been on
        screen a moment."""
        if self.review:
            return Cues()
        cues = self.hint_cues()
        if not self.match.networked:  # a network game's clocks are the server's
            waiting = self.minimised or animating or bool(self.hand_over())  # a turn starts once its player sees it
            flagged = self.match.time_clocks(waiting)
            if flagged:
                cues.add(self.flow.after_flag(flagged))
        cues.sounds += self.clock_ticks()
        now = time.monotonic()
        if not any(s == HUMAN for s in self.match.seats) and any(n.until <= now for n in self.seat_notes):
            self.seat_notes = [n for n in self.seat_notes if n.until > now]  # watching bots: they fade
        if animating or self.view_ply is not None:
            if animating and self.view_ply is None:
                self.match.prefetch()  # the next bot thinks while the last move glides
            return cues
        played = self.match.update()
        cues.add(self.explain_danger())
        cues.add(self.seat_notices())
        cues.add(self.server_cues())
        if played is not None:
            self.ended_here = True
            cues.add(self.after(played))
        elif self.game.result is not None and self.ended_here:
            self.over_for += dt
            cues.result = self.over_for >= RESULT_AFTER
            if cues.result and self.advice:
                cues.cleared_toasts.append(self.advice)
        return cues

    def end_by_agreement(self) -> Cues:
        """The players still in agreed: the game is over, kept and recorded; the result follows."""
        if not self.match.end_by_agreement():
            return Cues()
        cues = Cues(sounds=["victory"], toasts=self.flow.keep() + [(t("agree.done"), 4.0)])
        self.ended_here = True
        return cues

    def resign(self, k: int) -> Cues:
        """Kingdom k (a human's) resigns, on its turn or not."""
        return self.flow.after_resign(k) if self.match.resign(k) else Cues()

    def server_cues(self) -> Cues:
        """A new lock-out is said; a hosting window whose server stopped (its game not over)
        offers to serve the game again."""
        cues = Cues()
        locked = {a for a, _ in self.match.lockouts()}
        if locked - self._locked_told:
            cues.toasts.append((self.lockout_line(), 3.5))
        self._locked_told = locked
        cues.server_stopped = self.match.server_stopped
        return cues

    def let_in(self) -> Cues:
        """The host lets every address locked out for wrong join codes try again, and the
        oldest newcomer turned away by the guessing budgets try its code."""
        if self.match.lockouts():
            self.match.lift()
            return Cues(toasts=[(t("net.lifted"), 3.5)])
        if self.match.join_requests():
            self.match.admit()
            return Cues(toasts=[(t("net.admitted"), 3.5)])
        return Cues()

    # ---- undo, redo, restart, saving ----------------------------------------------------

    def take_back(self, redo: bool) -> Cues | Ask:
        """Undo to the last move of the player who asks (the human to move, or the last human
        who moved), or redo what was undone; when undoing takes back another human's moves too,
        a question naming them comes back instead."""
        self.show_ply(None)
        if redo:
            return self._took_back(self.match.redo(), True)
        k = self.match.presser()
        n, others = self.match.undo_plan(k)
        if not n or k is None:
            return Cues(toasts=[(t("game.nothing_to_undo"), 3.5)])
        bots = sum(1 for j in self.game.movers[-n:] if self.match.seats[j] != HUMAN)
        if others:
            names = ", ".join(kingdom_name(j) for j in others)
            question = t("confirm.undo_others", name=kingdom_name(k), others=names)
            if bots:
                question += " " + tn("confirm.undo_bots", bots)
            return Ask(question, t("confirm.undo_yes"), lambda: self._took_back(self.match.undo(k), False, k, n))
        return self._took_back(self.match.undo(k), False, k, n)

    def _took_back(self, done: bool, redo: bool, k: int | None = None, n: int = 0) -> Cues:
        if not done:
            return Cues(toasts=[(t("game.nothing_to_redo" if redo else "game.nothing_to_undo"), 3.5)])
        cues = Cues(toasts=self.flow.keep(), reset=True)
        self.over_for = 0.0
        self.last_move = last_move_of(self.game)
        said = t("game.redone") if redo else tn("game.undone_to", n, name=kingdom_name(k or 0))
        cues.toasts.append((said, 3.5))
        return cues

    def restart(self) -> Cues:
        self.match.restart()
        self.show_ply(None)
        self.last_move, self.over_for = 0, 0.0
        return Cues(toasts=self.flow.keep(), reset=True)

    def autosave(self) -> Cues:
        """Keep the game to continue up to date (see Flow.keep; a failure is said once)."""
        return Cues(toasts=self.flow.keep())

    def save_as(self, name: str) -> Cues:
        try:
            saves.save_slot(self.match, name)
        except OSError as e:
            return Cues(toasts=[(t("game.save_failed", why=e.strerror or e), 3.5)])
        return Cues(toasts=[(t("game.saved", name=name or saves.default_name(self.match)), 3.5)])

    def export(self) -> Cues:
        """Write the move list as text in the data folder's exports."""
        path: Path = data_dir() / "exports" / f"{time.strftime('%Y-%m-%d %H-%M-%S')}.txt"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(movelist.export_text(self.match), encoding="utf-8")
        except OSError as e:
            return Cues(toasts=[(t("moves.export_failed", why=e.strerror or e), 3.5)])
        return Cues(toasts=[(t("moves.exported", path=str(path)), 3.5)])

    # ---- the panel's words --------------------------------------------------------------

    def panel_view(self, g: Game, risk: str = "") -> View:
        """What the panel shows: the position on show, whose turn it is, notices (`risk`: what
        the destination under the pointer risks, said in place of "your move")."""
        m = self.match
        turn = None
        if self.review:
            at = self.game.ply if self.view_ply is None else self.view_ply
            head, sub = t("review.head", n=at, total=self.game.ply), t("review.keys")
        elif self.view_ply is not None:
            head, sub = t("moves.past", n=self.view_ply, total=self.game.ply), t("moves.back")
        elif g.result is None:
            turn = g.turn
            head = t("game.turn", name=kingdom_name(g.turn))
            sub = ((risk or t("game.your_move")) if m.human_to_move else t("game.paused") if m.paused
                   else self.waiting_for(g.turn) if m.networked
                   else t("game.thinking") if m.seat not in (HUMAN, None) else t("game.waiting"))
        else:
            head, sub = t("game.over"), t("game.view_result")
        steps = self._trail if self.view_ply is None else []
        mover = m.player_of(g.turn) if g.result is None else None  # a person here to move, or None
        moved = {m.player_of(j) for j in set(g.movers)} - {None}  # the players here who have moved
        moved_before = mover in moved if mover is not None else bool(moved)
        quiet = tn("game.trail", len(steps)) if steps and moved_before else ""  # "since your last move": after one
        labels: list[str] = []
        if m.networked:
            labels = self.net_labels()
            if m.server is not None:  # the host tells friends where to join, and who is locked out
                quiet = self.lockout_line() or self.requests_line() or t("net.join_at", addresses=", ".join(
                    hosting.addresses(m.server.address[1])), code=m.code)
            elif not m.connected:
                quiet = (t("net.gave_up") if m.gave_up
                         else t("net.server_wrong") if m.problem else t("net.lost"))
        return View(g, m.seats, self.view_ply, self.game.ply, head, sub,
                    m.human_to_move and self.view_ply is None, turn, self.notices, quiet, self.settings.colour_aid,
                    t("review.footer") if self.review else "", labels, self.clock_faces())

    def clock_ticks(self) -> list[str]:
        """A tick each second of the running clock's last LOW seconds."""
        c = self.match.clocks
        if c is None or c.running is None:
            self._ticked = None
            return []
        left = c.shown(c.running, time.monotonic())
        second = math.ceil(left) if 0 < left < LOW else None
        ticked, self._ticked = self._ticked, second
        return ["tick"] if second is not None and second != ticked else []

    def clock_faces(self) -> dict[int, Face]:
        """Each human kingdom's clock (a bloc's rows show the one they share)."""
        c, m = self.match.clocks, self.match
        if c is None:
            return {}
        now = time.monotonic()
        out = {}
        for k in range(7):
            player = m.clock_player(k)
            if player is not None and player in c.left:
                left = c.shown(player, now)
                out[k] = Face(clock_text(left), c.running == player, left < LOW)
        return out

    def lockout_line(self) -> str:
        """The host's word on the addresses locked out for wrong join codes ("" for none)."""
        locked = self.match.lockouts()
        return t("net.locked", addresses=", ".join(f"{a} ({math.ceil(left / 60)} min)" for a, left in locked[:3])) \
            if locked else ""

    def requests_line(self) -> str:
        """The host's word on newcomers turned away by the guessing budgets ("" for none)."""
        waiting = self.match.join_requests()
        return tn("net.requests", waiting) if waiting else ""

    def waiting_for(self, k: int) -> str:
        """A network game's turn line: this window's move is on its way, a bot (or a stand-in)
        thinks, or a player is awaited."""
        s = self.match.labels()[k]
        if self.match.seats[k] == HUMAN:  # sent, not yet back from the server
            return t("net.sending")
        if s["kind"] == "bot" or s["standin"]:
            return t("game.thinking")
        name = self.player_name(k)
        return t("net.waiting_for", name=short(name)) if name else t("net.waiting_for_player")

    def player_name(self, k: int) -> str:
        """The name a network player gave, or "" (the server holds a seat taken without a name
        under the seat's letter)."""
        try:
            name = placeheld(clean(str(self.match.labels()[k].get("name") or ""), LIMITS["name"] + 2), self.drawable)
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
