"""The guided first game: short steps on the real board, each a small position and a task that
the engine checks (no pygame here: the steps are data and checks, the scene draws them)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from qiguo.engine import (BRIGADIER, CANNON, CROSSBOW, ENVOY, HORSE, SABRE, Game, Move, attackers, parse_point,
                          qfen_of)


@dataclass(frozen=True)
class Step:
    """One lesson: its text keys (tut.NAME.title / .text / .done), a position with Qin to move,
    the points to point out, and what the player's move must achieve."""

    name: str
    position: str
    goal: Callable[[Game, Move, Game], bool]
    """Called with the game before the move, the move, and the game after it."""
    focus: tuple[str, ...] = ()
    prompt: str = "tut.click"
    """What to click, said until a piece is picked up."""


def _moved(kind: int) -> Callable[[Game, Move, Game], bool]:
    return lambda before, move, after: before.piece_on(move.from_sq).kind == kind


def _distance(move: Move) -> int:
    f, t = move.from_sq, move.to_sq
    return max(abs(f % 19 - t % 19), abs(f // 19 - t // 19))


def _captured_with(kind: int) -> Callable[[Game, Move, Game], bool]:
    return lambda before, move, after: (before.piece_on(move.from_sq).kind == kind
                                        and before.piece_at(move.to_sq) is not None)


def _general_safe(before: Game, move: Move, after: Game) -> bool:
    """The Envoy moved, and no Chu piece can take Qin's general any more."""
    if before.piece_on(move.from_sq).kind != ENVOY:
        return False
    general = next(sq for sq, p in after.occupied() if p.is_general and p.kingdom == 0)
    return not any(after.piece_on(s).kingdom == 1 for s in attackers(after, general))


def _left_the_camp(before: Game, move: Move, after: Game) -> bool:
    """Qin's Envoy moved past the f line, well out of Qin's camp (files a to e)."""
    return before.piece_on(move.from_sq).kind == ENVOY and move.to_sq % 19 > parse_point("f1")


STEPS = (
    Step("zhou", qfen_of({"j4": "wD", "a1": "wG", "s19": "rG"}),
         lambda b, m, a: m.to_sq == parse_point("j9"), ("j4", "j10")),
    Step("kingdoms", Game.new().to_qfen(), _left_the_camp, ("e10",)),
    Step("long", qfen_of({"e5": "wB", "h3": "wD", "a1": "wG", "s19": "rG"}), _moved(BRIGADIER), ("e5",)),
    Step("ranged", qfen_of({"e5": "wX", "h5": "wA", "a1": "wG", "s19": "rG"}),
         lambda b, m, a: b.piece_on(m.from_sq).kind == CROSSBOW and _distance(m) == 5, ("e5", "h5")),
    Step("blades", qfen_of({"e5": "wS", "h5": "wW", "f6": "rW", "a1": "wG", "s19": "rG"}), _captured_with(SABRE),
         ("e5", "f6")),
    Step("horse", qfen_of({"e5": "wH", "e6": "wW", "a1": "wG", "s19": "rG"}), _moved(HORSE), ("e5", "e6")),
    Step("envoy", qfen_of({"e3": "wG", "h7": "wE", "e12": "rD", "s19": "rG"}), _general_safe, ("h7", "e12")),
    Step("cannon", qfen_of({"c5": "wC", "e5": "rS", "g5": "rH", "a1": "wG", "s19": "rG"}), _captured_with(CANNON),
         ("c5", "e5", "g5")),
    Step("fall", qfen_of({"c4": "wD", "c10": "rG", "e5": "rS", "h3": "rH", "a19": "wG", "s17": "kG"}),
         lambda b, m, a: not a.alive[1], ("c4", "c10")),
    Step("inherit", qfen_of({"c10": "wD", "e5": "rS", "h3": "rH", "a19": "wG", "s17": "kG"}, control="r:w",
                            prisoners="w=rG"),
         lambda b, m, a: b.piece_on(m.from_sq).kingdom == 1, ("e5", "h3"), "tut.inherit.click"),
    Step("win", qfen_of({"c4": "wD", "c10": "rG", "a19": "wG", "s17": "kG"}, prisoners="w=oG"),
         lambda b, m, a: a.result is not None and "w" in a.result.winners, ("c4", "c10")),
)
"""Zhou and the board, the kingdoms' colours, camps and alliances, the long-range pieces, bow and crossbow, sabre and sword, the horse, the
envoy, the cannon, how a kingdom falls, its army inherited, and how to win."""


def game_of(step: Step) -> Game:
    """A fresh game at the step's position."""
    return Game.from_qfen(step.position)
