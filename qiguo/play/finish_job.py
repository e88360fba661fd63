""""Finish now": the rest of a game the people here are out of, played at once in a separate
process (a house rule, see docs/rules.md): every bot plays on as the easy bot does (one ply,
greedy), seeded by the game's seed and ply as the window's bots are, so that a few seconds give
the final standings; the people's places were settled when they fell. No pygame here."""
from __future__ import annotations

from typing import Any, Callable

from qiguo.ai import choose_move
from qiguo.engine import Game

from .background import Job

FINISH_LEVEL = "easy"
"""How every bot plays the rest of a game finished at once."""
MAX_PLIES = 5000
"""A game finished at once ends here at the latest (ranked as it stands; bot games last
650-750 plies)."""


def finish(game: Game, seed: int, progress: Callable[[int], None] | None = None,
           stop: Callable[[], bool] = lambda: False) -> Game:
    """The game played to its end from where it is (a copy: `game` is not changed); stops early
    (the game unfinished) when `stop()` says so or at MAX_PLIES."""
    g = game.copy()
    while g.result is None and g.ply < MAX_PLIES and not stop():
        g.play_code(choose_move(g, FINISH_LEVEL, seed=seed * 100_003 + g.ply))
        if progress is not None and g.ply % 25 == 0:
            progress(g.ply)
    return g


def _run(record: dict[str, Any], seed: int, out: Any, stop: Any) -> None:
    try:
        g = finish(Game.from_record(record), seed, lambda ply: out.put(("progress", ply)), stop.is_set)
        out.put(("done", g.record()))
    except Exception as e:  # said to the window, which shows it
        out.put(("error", f"{type(e).__name__}: {e}"))


class FinishJob(Job):
    """One game finished in the background: `ply` reached so far; `game` once done (None
    before); `error` if it failed."""

    def __init__(self, game: Game, seed: int):
        super().__init__(_run, (game.record(), seed), "qiguo-finish", "the game could not be finished")
        self.ply = game.ply
        self.game: Game | None = None

    @property
    def running(self) -> bool:
        return self.game is None and not self.error

    def poll(self) -> None:
        """Take in what the job said since the last poll (never blocks)."""
        for kind, value in self.messages():
            if kind == "progress":
                self.ply = value
            elif kind == "done":
                self.game = Game.from_record(value)
