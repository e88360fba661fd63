"""What follows each move of the window's game, decided without pygame: the game kept and
recorded, the sounds and messages it deserves, and whether the last human here is out. The
game scene asks (:meth:`Flow.after_move`, :meth:`Flow.after_resign`) and does what the
:class:`Cues` say; a local and a network match are the same to it (see BaseMatch)."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from qiguo.engine import KINGDOMS, Game

from . import notices, record, saves
from .match import BaseMatch, Played
from .seats import HUMAN
from .strings import kingdom_name, status_text, t

log = logging.getLogger(__name__)


@dataclass
class Cues:
    """What the window does (after a move, or a frame): sounds to play, messages to show (text,
    seconds), and, when every human kingdom here is out while the game goes on, the words of the
    knocked-out choice ("" otherwise)."""

    sounds: list[str] = field(default_factory=list)
    toasts: list[tuple[str, float]] = field(default_factory=list)
    knocked_out: str = ""
    cleared: bool = False
    """A human here just moved: the seat notes of a network game start again."""
    played: Played | None = None
    """A move was played: it glides on the board."""
    result: bool = False
    """The result opens now."""
    server_stopped: bool = False
    """The hosting window's server stopped: offer to serve the game again."""
    cleared_toasts: list[str] = field(default_factory=list)
    """Messages to take away (the hint's "asking" when the question was dropped, its words once
    the position they speak of is gone)."""
    reset: bool = False
    """The game went back or started again: the selection and any glide end."""

    def add(self, other: Cues) -> None:
        """Take in another set of cues (what both ask is done)."""
        self.sounds += other.sounds
        self.toasts += other.toasts
        self.knocked_out = self.knocked_out or other.knocked_out
        self.cleared = self.cleared or other.cleared
        self.played = self.played or other.played
        self.result = self.result or other.result
        self.server_stopped = self.server_stopped or other.server_stopped
        self.cleared_toasts += other.cleared_toasts
        self.reset = self.reset or other.reset


class Flow:
    """The after-move decisions for one match."""

    def __init__(self, match: BaseMatch):
        self.match = match
        self.threatened = {n.kingdom for n in notices.general_threats(match.game, match.seats)}
        """The human kingdoms whose general was in danger after the last move (alerted once)."""
        self.save_warned = False

    @property
    def game(self) -> Game:
        return self.match.game

    def keep(self) -> list[tuple[str, float]]:
        """Keep the game to continue (a failure is said once) and record it when it is over for
        the humans here; the messages to show."""
        out = []
        if not saves.keep(self.match) and not self.save_warned:
            self.save_warned = True
            out.append((t("game.autosave_failed"), 3.5))
        record.add(self.game, self.match.local_seats(), "".join(KINGDOMS[k] for k in self.match.on_time))
        return out

    def after_move(self, played: Played) -> Cues:
        """Everything a move played on the board calls for."""
        m, g = self.match, self.game
        cues = Cues()
        victim = played.captured
        cues.sounds.append("general" if victim and victim.is_general else "capture" if victim else "move")
        if played.fallen:
            cues.sounds.append("defeat")
        if g.result is not None:
            cues.sounds.append("victory")
        elif m.human_to_move and m.player_of(played.kingdom) != m.player_of(g.turn):
            cues.sounds.append("turn")  # a human's turn after others moved (bots, or another player here)
        cues.toasts += self.keep()
        if self._alarming(played):
            cues.sounds.append("alert")
        cues.cleared = m.seats[played.kingdom] == HUMAN
        if played.warning:
            log.warning("a bot's move was a fallback: %s", played.warning)
            cues.toasts.append((t("game.bot_fallback", why=played.warning), 3.5))
        self._knocked_out(played, cues)
        return cues

    def after_resign(self, k: int) -> Cues:
        """Kingdom k resigned: kept, recorded, said; the knocked-out choice when no human is left."""
        return self._resigned([(t("game.log.resign", name=kingdom_name(k)), 3.5)])

    def after_flag(self, kingdoms: list[int]) -> Cues:
        """A player's time ran out: their kingdoms resigned, as :meth:`after_resign` says, in
        the words of the clock."""
        names = t("result.and").join(kingdom_name(k) for k in kingdoms)
        return self._resigned([(t("clock.flag", names=names), 6.0)], sound="defeat")

    def _resigned(self, told: list[tuple[str, float]], sound: str = "") -> Cues:
        cues = Cues(toasts=self.keep() + told)
        if sound:
            cues.sounds.append(sound)
        g = self.game
        if g.result is None and not self.humans_in_play():
            cues.knocked_out = t("resigned.title")
        return cues

    def humans_in_play(self) -> bool:
        g = self.game
        return any(self.match.seats[j] == HUMAN and g.alive[j] for j in range(7))

    def _alarming(self, played: Played) -> bool:
        """Whether the move took a piece a human here moved, or newly threatens a human general
        (the notices themselves are read back from the game)."""
        m, g = self.match, self.game
        new = notices.after_move(g, m.seats, played.kingdom, played.captured, played.owner, played.move.to_sq,
                                 played.fallen)
        threats = notices.general_threats(g, m.seats)
        new += [n for n in threats if n.kingdom not in self.threatened]
        self.threatened = {n.kingdom for n in threats}
        return any(n.kind in ("lost", "threat") for n in new)

    def _knocked_out(self, played: Played, cues: Cues) -> None:
        """A human kingdom here fell: the last one while the game goes on gets the choice of
        what next; in hot-seat with humans left, they are told."""
        m, g = self.match, self.game
        fallen = [k for k in played.fallen if m.seats[k] == HUMAN]
        if not fallen or g.result is not None:
            return
        told = " ".join(t("out.fallen", name=kingdom_name(k), how=status_text(g, k)) for k in fallen)
        if self.humans_in_play():
            cues.toasts.append((told + " " + t("out.goes_on"), 8.0))
        else:
            cues.knocked_out = told + " " + t("out.bots_play_on")


def seat_note_text(note: dict[str, Any]) -> str:
    """The message of a network game's notice about its state file ("" for a seat event)."""
    if note.get("event") == "unsaved":
        return t("net.unsaved", why=str(note.get("message", ""))[:200])
    if note.get("event") == "saved":
        return t("net.saved")
    return ""
