"""Ratings on one scale for players, bot levels and puzzles: openskill's Plackett-Luce model
(Weng & Lin 2011, a Bayesian rating for games of many players ranked by finishing place).
A rating is a mean and an uncertainty; it is shown as ``SCALE`` times the mean (1500 at the
start), with a 95% interval of two uncertainties either side.

- A game of humans against bots: each human kingdom is rated from its finishing place against
  every seat's (the bots' ratings stay as calibrated; allies share their bloc's place).
- A puzzle: a one-against-one game between the player and the puzzle, won when it is solved.

The bot levels' ratings are calibrated from arena games by ``python -m qiguo.ai.calibrate`` and
shipped in ``assets/ratings/bots.json``."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from openskill.models import PlackettLuce

from qiguo.assets import asset

from .levels import LEVELS

SCALE = 60.0
"""Shown rating per unit of mean: the model's starting mean of 25 shows as 1500."""
MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma
BOTS_FILE = ("ratings", "bots.json")
LEAST_SIGMA = 0.8
"""A player's uncertainty never falls below this (ratings keep moving as a player improves)."""


@dataclass(frozen=True)
class Rating:
    """A rating: mean and uncertainty, in the model's units."""

    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def shown(self) -> int:
        return round(self.mu * SCALE)

    @property
    def interval(self) -> tuple[int, int]:
        """The 95% interval, on the shown scale."""
        return round((self.mu - 2 * self.sigma) * SCALE), round((self.mu + 2 * self.sigma) * SCALE)

    @classmethod
    def of_shown(cls, shown: float, sigma: float = 1.0) -> Rating:
        return cls(shown / SCALE, sigma)

    def to_json(self) -> list[float]:
        return [round(self.mu, 4), round(self.sigma, 4)]

    @classmethod
    def from_json(cls, data: Any) -> Rating:
        """A rating from ``[mu, sigma]``; ValueError if that is not what `data` is."""
        if (not isinstance(data, list) or len(data) != 2
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in data)
                or not (-1000 < data[0] < 1000 and 0 < data[1] < 1000)):
            raise ValueError("not a rating")
        return cls(float(data[0]), float(data[1]))


def rate(ranked: list[tuple[Rating, int]], moving: Iterable[int]) -> list[Rating]:
    """New ratings after one game: `ranked` holds each seat's rating and place (1 = best; equal
    places tie); only the seats in `moving` change, the others are kept as they were."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r, _ in ranked]
    after = MODEL.rate(teams, ranks=[float(place) for _, place in ranked])
    moving = set(moving)
    return [Rating(new[0].mu, max(LEAST_SIGMA, new[0].sigma)) if i in moving else ranked[i][0]
            for i, new in enumerate(after)]


def after_game(player: Rating, place: int, others: list[tuple[Rating, int]]) -> Rating:
    """A player's rating after a game in which they finished `place` and the other seats
    (rating, place) theirs."""
    return rate([(player, place)] + others, [0])[0]


def after_puzzle(player: Rating, puzzle: Rating, solved: bool) -> Rating:
    """A player's puzzle rating after a try at a puzzle rated `puzzle`."""
    return rate([(player, 1 if solved else 2), (puzzle, 2 if solved else 1)], [0])[0]


def bot_ratings() -> dict[str, Rating]:
    """The calibrated rating of each bot level (the start rating for any level missing, or all
    of them when the file is missing or damaged: the game goes on)."""
    try:
        data = json.loads(asset(*BOTS_FILE).read_text(encoding="utf-8"))["levels"]
        found = {level: Rating.from_json(data[level]) for level in LEVELS if level in data}
    except (OSError, ValueError, KeyError, TypeError):
        found = {}
    return {level: found.get(level, Rating()) for level in LEVELS}
