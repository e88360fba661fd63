"""The game's moves in words, and the positions after each, by replaying the history."""
from __future__ import annotations

from dataclasses import dataclass

from qiguo.engine import KINGDOMS, RESIGN, Game, Move, point_name

from .match import BaseMatch
from .strings import kingdom_name, language, piece_name, status_text, t


@dataclass(frozen=True)
class Line:
    """One line of the move list; `ply` is the position it leads to (None for a note)."""

    text: str
    ply: int | None
    kingdom: int


def fresh_game(match: BaseMatch) -> Game:
    """The match's game as it stood before the first move."""
    return Game.from_record({**match.game.record(), "moves": []})


def position_at(match: BaseMatch, ply: int) -> Game:
    """A separate game at the position after `ply` moves."""
    return Game.from_record({**match.game.record(), "moves": match.game.history[:ply]})


def move_text(g: Game, entry: str, number: int) -> str:
    """``12. Qin Deputy c4–c10 × Chu General`` (in the current language) for a move about to be
    played in g: its number, who moves (and whose army, when inherited), what it takes."""
    k = g.turn
    if entry == "pass":
        return f"{number}. " + t("moves.pass", k=kingdom_name(k))
    m = Move.parse(entry)
    piece, victim = g.piece_on(m.from_sq), g.piece_at(m.to_sq)
    who = kingdom_name(k)
    if piece.kingdom != k:  # a piece of an inherited army
        who = t("moves.inherited", who=who, owner=kingdom_name(piece.kingdom))
    text = t("moves.line", n=number, who=who, piece=piece_name(piece), frm=point_name(m.from_sq),
             to=point_name(m.to_sq))
    if victim:
        text += t("moves.takes", kingdom=kingdom_name(victim.kingdom), piece=piece_name(victim))
    return text


class MoveList:
    """The move list, kept up to date as the game grows: only new moves are replayed; a change
    to earlier moves (undo, restart, another game or language) starts it again."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.lines: list[Line] = []
        self._source: tuple = ()
        self._history: list[str] = []
        self._game: Game | None = None

    def update(self, match: BaseMatch) -> list[Line]:
        """The lines for the match's game as it stands now."""
        history = match.game.history
        source = (id(match), id(match.game), language())
        if source != self._source or history[:len(self._history)] != self._history:
            self._reset()
            self._source, self._game = source, fresh_game(match)
        for entry in history[len(self._history):]:
            self._add(entry)
        return self.lines

    def _add(self, entry: str) -> None:
        g = self._game
        assert g is not None  # update() made it
        ply = len(self._history) + 1
        self._history.append(entry)
        alive = g.alive[:]
        if entry.startswith(RESIGN):
            k = KINGDOMS.index(entry[-1])
            g.replay([entry])
            self.lines.append(Line(f"{ply}. " + t("moves.resign", name=kingdom_name(k)), ply, k))
        else:
            k = g.turn
            text = move_text(g, entry, ply)
            g.play(entry)
            self.lines.append(Line(text, ply, k))
        for j in range(7):
            if alive[j] and not g.alive[j] and not entry.startswith(RESIGN):
                self.lines.append(Line(t("moves.out", name=kingdom_name(j), status=status_text(g, j)), None, j))


def lines(match: BaseMatch) -> list[Line]:
    """The whole move list: moves numbered by ply (as in the history banner and the export), with
    defeats as notes."""
    return MoveList().update(match)


def export_text(match: BaseMatch) -> str:
    """The move list as plain text with a header of the set-up, for sharing."""
    g = match.game
    seats = ", ".join(f"{kingdom_name(k)}: {s}" for k, s in enumerate(match.seats) if s is not None)
    rules = g.rules.differences()
    head = [t("app.title"), f"{t('export.seats')}: {seats}", f"{t('export.rules')}: {g.rules.preset}"
            + (" (" + ", ".join(f"{k}={v}" for k, v in rules.items()) + ")" if rules else "")]
    if match.blocs:
        head.append(f"{t('export.blocs')}: " + ", ".join(match.blocs))
    if match.start_qfen:
        head.append(f"{t('export.start')}: {match.start_qfen}")
    body = [line.text for line in lines(match)]
    if g.result is not None:
        body.append(f"{t('export.result')}: {g.result.winners} ({g.result.reason}); {' '.join(g.result.ranking)}")
    body.append(f"{t('export.position')}: {g.to_qfen()}")
    return "\n".join(head + [""] + body) + "\n"
