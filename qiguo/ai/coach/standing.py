"""Each kingdom's standing in a position: its chance of finishing first, from how the bots'
evaluation values every kingdom (:func:`qiguo.ai.evaluate.kingdom_values`, in Swords).

The model is the first choice of a Plackett-Luce model (the ratings' own) whose strengths are
exp(value / TEMPERATURE): P(k first) = exp(v_k / T) / sum over kingdoms in play of exp(v_j / T);
a kingdom out of the game has 0, and a finished game gives its winners the whole chance, shared.
TEMPERATURE is fitted by maximum likelihood on positions of bot games (every 20th ply, each
labelled with the game's winners) by ``python tools/fit_standing.py``, which prints the fit and
the log-loss beside an even split; docs/coach.md keeps the figures."""
from __future__ import annotations

import math

from qiguo.engine import KINGDOMS, Game

from ..evaluate import kingdom_values

TEMPERATURE = 58.0
"""Swords of value that make one kingdom e times as likely to finish first as another (fitted:
docs/coach.md)."""


def chances(values: list[float], alive: list[bool], temperature: float = TEMPERATURE) -> list[float]:
    """Each kingdom's chance of finishing first, from its value (the kingdoms in play only)."""
    live = [v for v, a in zip(values, alive) if a]
    if not live:
        return [0.0] * len(values)
    top = max(live)
    weights = [math.exp((v - top) / temperature) if a else 0.0 for v, a in zip(values, alive)]
    total = sum(weights)
    return [w / total for w in weights]


def standing(game: Game) -> list[float]:
    """Each of the seven kingdoms' chance of finishing first in `game`'s position."""
    if game.result is not None:
        winners = [KINGDOMS.index(ch) for ch in game.result.winners]
        return [1.0 / len(winners) if k in winners else 0.0 for k in range(7)]
    return chances(kingdom_values(game), list(game.alive))


def course(record_game: Game) -> list[list[float]]:
    """The standing after each ply of a game, from its start (index 0) to its end."""
    g = Game.from_record({**record_game.record(), "moves": []})
    out = [standing(g)]
    for entry in record_game.history:
        g.replay([entry])
        out.append(standing(g))
    return out
