"""Short notices about what matters to the players at this computer: a piece of theirs taken,
their general in danger, a kingdom out. They never block play; like the trail, they stay until
the player's next move (in a game of bots, they fade after a few seconds)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from qiguo.engine import KINGDOMS, RESIGN, Game, Move, Piece, point_name, takers

from .seats import HUMAN, Seat
from .strings import kingdom_name, piece_name, piece_of, status_text, t, tn

SHOWN_FOR = 6.0
"""Seconds a notice stays in a game without a human seat."""
BRINK = 2
"""A human kingdom this close to falling by attrition is told so when it loses a piece."""
KEPT = 3
"""The most notices on show at once (the newest)."""


@dataclass
class Notice:
    text: str
    kind: str  # "lost", "threat", "fell" or "near" (a kingdom close to winning)
    kingdom: int
    until: float = field(default_factory=lambda: time.monotonic() + SHOWN_FOR)


def after_move(game: Game, seats: Sequence[Seat], mover: int, captured: Piece | None, owner: int, at: int,
               fallen: Sequence[int]) -> list[Notice]:
    """The notices a move deserves: a piece taken that a human moved (`owner` is who moved the
    captured piece's army before the capture), kingdoms that fell (one that fell by attrition to
    another than the mover says why: that kingdom took most of its pieces)."""
    out = []
    if captured is not None and owner >= 0 and seats[owner] == HUMAN:
        k = captured.kingdom
        out.append(Notice(t("notice.lost", kingdom=kingdom_name(k), piece=piece_name(captured),
                            point=point_name(at), captor=kingdom_name(mover)), "lost", k))
        left = game.attrition_left(k)
        if game.alive[k] and 0 < left <= BRINK:
            out.append(Notice(tn("notice.brink", left, kingdom=kingdom_name(k), limit=game.rules.attrition_limit),
                              "lost", k))
    for k in fallen:
        text = t("moves.out", name=kingdom_name(k), status=status_text(game, k))
        s = game.standing(k)
        if s.how == "attrition" and s.by >= 0 and s.by != mover:  # the fall is not the last taker's
            text += t("notice.out.most", by=kingdom_name(s.by))  # the words bring their own space or bracket
        out.append(Notice(text, "fell", k))
    return out


def viewer(game: Game, seats: Sequence[Seat]) -> int | None:
    """The human kingdom whose view the trail and notices show: the one to move, else the next
    human in turn order still in the game; None when no human is in it (the last round is
    shown then, as when watching bots)."""
    order = [(game.turn + i) % 7 for i in range(7)]
    return next((k for k in order if seats[k] == HUMAN and game.alive[k]), None)


def since(game: Game, seats: Sequence[Seat], seen_by: int | None) -> list[Notice]:
    """The notices for the position on show, read back from the game (so they are right after
    undo, redo or load): what happened since `seen_by`'s own last move (or that move itself,
    when it is the latest), its own losses only (without a viewer: the last round), and its
    general in danger now. A player is a team: the kingdoms of one bloc are one player's, so
    what happens to any of them is told at the turn of each."""
    movers = game.movers
    teams = game.teams
    team = teams[seen_by] if seen_by is not None else None
    back = 0
    while back < min(len(movers), 7 * 4):
        mine = team is not None and teams[movers[-1 - back]] == team
        if (seen_by is None and back >= 7) or (mine and back > 0):
            break
        back += 1
        if mine:  # its own move, just made: a kingdom it took out is news
            break
    g = game.copy()
    for _ in range(back):
        g.undo()
    out: list[Notice] = []
    for entry in game.history[len(game.history) - back:]:
        k = g.turn
        alive = g.alive[:]
        captured, owner, at = None, -1, 0
        if not entry.startswith(RESIGN) and entry != "pass":
            m = g.parse_move(entry)
            captured, at = g.piece_at(m.to_sq), m.to_sq
            owner = g.controller[captured.kingdom] if captured is not None else -1
        g.replay([entry])
        fallen = [j for j in range(7) if alive[j] and not g.alive[j]]
        told = owner if team is None or (owner >= 0 and teams[owner] == team) else -1
        out += after_move(g, seats, k, captured if told >= 0 else None, told, at, fallen)
    threats = [n for n in general_threats(game, seats) if team is None or teams[n.kingdom] == team]
    return (out + near_wins(game) + threats)[-KEPT:]


def side_name(game: Game, k: int) -> str:
    """Kingdom k's name, or its bloc's ("Qin's bloc (Qin, Han)") in an alliance game."""
    bloc = [j for j in game.seated if game.teams[j] == game.teams[k]]
    if len(bloc) < 2:
        return kingdom_name(k)
    return t("notice.bloc", lead=kingdom_name(bloc[0]), names=", ".join(kingdom_name(j) for j in bloc))


def near_wins(game: Game) -> list[Notice]:
    """A warning for each kingdom that could win with its next move, before it does: a capture
    of its that would end the game in its favour (a last General, the last kingdom to bring
    down, the prisoner points still missing), with the piece that could make it. A kingdom
    merely close (one General short, with nothing able to take one) is not warned of: the
    panel's columns show its progress ("1/2")."""
    r = game.rules
    out: list[Notice] = []
    if game.result is not None:
        return out
    for k in range(7):
        win = winning_capture(game, k)
        if win is None:
            continue
        at, piece, target, reason = win
        name = side_name(game, k)  # a bloc wins together: the warning names it
        if reason == "generals":
            text = t("notice.near.general", kingdom=name)
        elif reason == "kingdoms":
            text = t("notice.near.kingdom", kingdom=name)
        elif reason == "prisoners":
            text = t("notice.near.prisoners", kingdom=name, n=max(1, r.win_captures - game.score[k]))
        else:
            text = t("notice.near.last", kingdom=name)
        out.append(Notice(text + " " + t("notice.near.by", piece=piece_name(piece), point=point_name(at),
                                         target=piece_of(target)), "near", k))
    return out


def winning_capture(game: Game, k: int) -> tuple[int, Piece, Piece, str] | None:
    """A capture kingdom k could make that would win it the game, were it to move now: (the
    capturing piece's point, the piece, what it takes, how it would win: one of the engine's
    REASONS). None when there is none."""
    if game.result is not None or not game.alive[k] or not _one_capture_from_winning(game, k):
        return None
    g = game.copy()
    g.set_turn(k)
    for code in g.legal_codes():
        m = Move(code)
        if m.is_pass or g.piece_at(m.to_sq) is None:
            continue
        piece, target = g.piece_on(m.from_sq), g.piece_at(m.to_sq)
        g.play_code(code)
        result = g.result
        g.undo()
        if result is not None and KINGDOMS[k] in result.winners and target is not None:
            return m.from_sq, piece, target, result.reason
    return None


def _one_capture_from_winning(game: Game, k: int) -> bool:
    """Whether any one capture could win kingdom k the game, by the counts alone (so that the
    captures themselves are tried only then, not for every kingdom after every move): one General
    or one kingdom short, prisoner points within one piece's weight, or two sides left."""
    r = game.rules
    sides = {game.teams[j] for j in range(7) if game.alive[j]}
    return (len(sides) <= 2 or bool(r.win_generals and game.generals[k] == r.win_generals - 1)
            or bool(r.win_kingdoms and game.credits[k] == r.win_kingdoms - 1)
            or bool(r.win_captures and r.win_captures - game.score[k] <= max(game.weights)))


def general_threats(game: Game, seats: Sequence[Seat]) -> list[Notice]:
    """A notice for each human kingdom whose general an opponent could take on its next turn."""
    out: list[Notice] = []
    if game.result is not None:
        return out
    for k in range(7):
        if seats[k] != HUMAN or not game.alive[k]:
            continue
        sq = next((sq for sq, p in game.occupied() if p.is_general and p.kingdom == k), None)
        if sq is None:
            continue
        s = next(iter(takers(game, sq, k)), None)
        if s is not None:
            c = game.controller[game.piece_on(s).kingdom]
            out.append(Notice(t("notice.threat", kingdom=kingdom_name(k), point=point_name(sq),
                                attacker=kingdom_name(c), piece=piece_name(game.piece_on(s)),
                                at=point_name(s)), "threat", k))
    return out
