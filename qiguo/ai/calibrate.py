"""The bot levels' ratings, calibrated from arena games of mixed levels:

    python -m qiguo.ai.calibrate [--games N] [--seed S] [--jobs J] [--out FILE]
    python -m qiguo.ai.calibrate --refit FILE
    python -m qiguo.ai.calibrate --player LEVEL --against LEVEL [--games N] [--seed S]

Each game seats every level (a rotation of ``PATTERNS``), on node budgets so that a run is the
same on any computer; the finishing places of all seven seats rate the levels with the model of
:mod:`.ratings`, each seat standing for its level: the most probable ratings given all the games
at once (a batch fit of the same Plackett-Luce model, with the model's prior), each with its
uncertainty from the curvature there. The ratings are then shifted so that easy shows the
rating a new player starts at. FILE keeps every game's seats and places with the ratings (written after each game, so a
stopped run keeps what it played) and the fingerprint of the bots that played them (the ratings are
stale once the bots that ship differ); ``--refit`` fits the ratings again from those games.
``--player`` rates a scripted player, a bot of one level in the seat of a human, over N games
against six bots of another (its seat moving round), as the window rates a person: its rating
after each game and at the end."""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any, Sequence

from qiguo.cmdline import Parser, parse, run, whole

from . import weights
from .arena import each, play_game, seating
from .levels import LEVELS
from .ratings import MODEL, START_MU, START_SIGMA, Rating, after_game, bot_ratings

PATTERNS = ("1122334", "1223344")
"""The levels at the seven seats, alternating game by game and rotated one seat a game."""
FORMAT = "qiguo-bot-ratings"
ANCHOR = "easy"
"""The level shifted to the rating a new player starts at."""


def log_posterior(mu: dict[str, float], games: list[dict[str, Any]]) -> float:
    """The log-likelihood of the games' orders under the rating model (Plackett-Luce on each
    seat's level, over openskill's c = beta times the root of the seats), with a Gaussian prior
    on each level (the model's starting mean and uncertainty)."""
    total = -sum((m - START_MU) ** 2 for m in mu.values()) / (2 * START_SIGMA ** 2)
    for g in games:
        seats = sorted(((place, i, level) for i, (level, place) in enumerate(zip(g["seats"], g["places"])) if place))
        c = MODEL.beta * math.sqrt(len(seats))
        u = [mu[level] / c for _, _, level in seats]
        for at in range(len(u) - 1):
            top = max(u[at:])
            total += u[at] - top - math.log(sum(math.exp(x - top) for x in u[at:]))
    return total


def fit(games: list[dict[str, Any]]) -> dict[str, Rating]:
    """The levels' ratings from games ({"seats": [level x7], "places": [place x7]}): the most
    probable means (a batch fit of all games at once, by coordinate ascent), each with its
    uncertainty from the curvature there; shifted so that the anchor shows the start rating."""
    mu = {level: START_MU for level in LEVELS}
    step = 4.0
    while step > 1e-3:
        moved = False
        for level in LEVELS:
            here = log_posterior(mu, games)
            for d in (step, -step):
                trial = dict(mu, **{level: mu[level] + d})
                if log_posterior(trial, games) > here:
                    mu, moved = trial, True
                    break
        if not moved:
            step /= 2
    out = {}
    h = 0.05
    for level in LEVELS:
        curve = (log_posterior(dict(mu, **{level: mu[level] + h}), games) - 2 * log_posterior(mu, games)
                 + log_posterior(dict(mu, **{level: mu[level] - h}), games)) / (h * h)
        out[level] = Rating(mu[level], 1 / math.sqrt(-curve) if curve < 0 else START_SIGMA)
    shift = START_MU - out[ANCHOR].mu
    return {level: Rating(r.mu + shift, r.sigma) for level, r in out.items()}


def write(path: Path, games: list[dict[str, Any]], command: str, bots: str | None) -> dict[str, Rating]:
    """Fit the games and write them with the ratings, the command and the fingerprint of the bots
    that played them (:func:`.weights.fingerprint`)."""
    ratings = fit(games)
    data = {"format": FORMAT, "command": command, "bots": bots, "anchor": ANCHOR,
            "levels": {level: r.to_json() for level, r in ratings.items()},
            "shown": {level: {"rating": r.shown, "ci95": list(r.interval)} for level, r in ratings.items()},
            "games": games}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return ratings


def report(ratings: dict[str, Rating], games: int) -> None:
    print(f"{'level':<8}{'rating':>8}{'95% interval':>16}   ({games} games)")
    for level, r in ratings.items():
        low, high = r.interval
        print(f"{level:<8}{r.shown:>8}{f'{low}-{high}':>16}")


def scripted(player: str, against: str, games: int, seed: int) -> int:
    """A bot of level `player` rated as a person would be over `games` games against six
    `against` bots."""
    levels = bot_ratings()
    rating = Rating()
    wins = 0
    for i in range(games):
        seats = seating([player] + [against] * 6, i, True)
        r = play_game((i, seats, "standard", seed + i, True))
        me = i % 7
        others = [(levels[against], place) for k, place in enumerate(r["places"]) if k != me]
        rating = after_game(rating, r["places"][me], others)
        wins += r["places"][me] == 1
        print(f"game {i + 1}: place {r['places'][me]}, rating {rating.shown}", flush=True)
    low, high = rating.interval
    print(f"{player} against six {against}: {wins}/{games} won, rating {rating.shown} (95% {low}-{high})")
    return 0


def _parse(argv: Sequence[str] | None) -> Any:
    p = Parser(prog="python -m qiguo.ai.calibrate", description="calibrate the bot levels' ratings")
    p.add_argument("--games", type=whole(1, 10_000), default=60)
    p.add_argument("--seed", type=whole(0, 2 ** 31), default=500)
    p.add_argument("--jobs", type=whole(1, 64), default=1)
    p.add_argument("--out", default="assets/ratings/bots.json")
    p.add_argument("--refit", metavar="FILE", help="fit again from the games kept in FILE")
    p.add_argument("--player", choices=LEVELS, help="rate a scripted player of this level")
    p.add_argument("--against", choices=LEVELS, default="normal")
    return parse(p, argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    if isinstance(args, int):
        return args
    if args.refit:
        try:
            data = json.loads(Path(args.refit).read_text(encoding="utf-8"))
            kept, command = data["games"], data["command"]
            ratings = write(Path(args.refit), kept, command, data.get("bots"))
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"error: {args.refit}: {e}", file=sys.stderr)
            return 2
        report(ratings, len(kept))
        return 0
    if args.player:
        return scripted(args.player, args.against, args.games, args.seed)
    command = (f"python -m qiguo.ai.calibrate --games {args.games} --seed {args.seed} --jobs {args.jobs}"
               f" --out {args.out}")
    tasks = [(i, seating(list(PATTERNS[i % 2]), i // 2, True), "standard", args.seed + i, True)
             for i in range(args.games)]
    tasks = [(i, [LEVELS[int(ch) - 1] for ch in seats], rules, seed, nodes) for i, seats, rules, seed, nodes in tasks]
    games: list[dict[str, Any]] = []
    bots = weights.fingerprint(weights.current())
    for r in each(play_game, tasks, args.jobs):
        games.append({"seats": r["seats"], "places": r["places"], "plies": r["plies"], "reason": r["reason"]})
        write(Path(args.out), games, command, bots)
    report(fit(games), len(games))
    return 0


if __name__ == "__main__":
    run(main)
