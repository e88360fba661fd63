"""What the coach shows a human at their turn, kept per position (the board is drawn many times
a second; the coach looks once): their pieces that can be taken, and, for a piece picked up,
what each destination risks. No pygame here."""
from __future__ import annotations

from qiguo.ai.coach import Danger, Destination, dangers, destinations
from qiguo.engine import Game, point_name

from .strings import piece_of, t


class Coaching:
    """Danger marks and destination risks, computed once per position and selection."""

    def __init__(self) -> None:
        self._danger_key: object = None
        self._danger: dict[int, Danger] = {}
        self._risks_key: object = None
        self._risks: dict[int, Destination] = {}

    def danger(self, game: Game, kingdom: int) -> dict[int, Danger]:
        """The pieces `kingdom` controls that can be taken, by point."""
        key = (id(game), game.ply, game.hash, kingdom)
        if key != self._danger_key:
            self._danger_key = key
            self._danger = {d.point: d for d in dangers(game, kingdom)}
        return self._danger

    def tips(self, game: Game, kingdom: int, sq: int) -> list[str]:
        """A piece's tooltip lines on what can take it: each attacker, with its point (the same in
        a game, an exercise and a puzzle)."""
        danger = self.danger(game, kingdom).get(sq)
        return [t("tip.danger", taker=piece_of(p), point=point_name(s)) for s, p in danger.by] if danger else []

    def risks(self, game: Game, sq: int) -> dict[int, Destination]:
        """For the mover's piece on `sq`: what each legal destination risks."""
        key = (id(game), game.ply, game.hash, sq)
        if key != self._risks_key:
            self._risks_key = key
            self._risks = destinations(game, sq)
        return self._risks
