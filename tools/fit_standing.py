"""Fit the standing model's temperature (qiguo/ai/coach/standing.py) on bot games: plays GAMES
games of mixed levels (easy and normal, node budgets, all three presets), takes every 20th
position with each kingdom's value and the game's winners, and finds the temperature that makes
the winners most likely (golden-section search on the log-likelihood). Prints the fit, its
log-loss per position and an even split's, for docs/coach.md.

    python tools/fit_standing.py [--games 30] [--jobs 2]
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from qiguo.ai.arena import NODE_BUDGETS, each  # noqa: E402
from qiguo.ai.bots import think  # noqa: E402
from qiguo.ai.coach.standing import chances  # noqa: E402
from qiguo.ai.evaluate import kingdom_values  # noqa: E402
from qiguo.engine import KINGDOMS, Game  # noqa: E402

EVERY = 20
MAX_PLIES = 1500
PRESETS = ("standard", "chinese", "sima-guang")


def samples(index: int) -> list[tuple[list[float], list[bool], list[int]]]:
    """The positions of one game: (values, in play, winners)."""
    seats = ["easy", "normal"] * 4
    seats = seats[index % 2:index % 2 + 7]
    game = Game.new(PRESETS[index % len(PRESETS)])
    taken = []
    while game.result is None and game.ply < MAX_PLIES:
        if game.ply % EVERY == 0:
            taken.append((kingdom_values(game), list(game.alive)))
        level = seats[game.turn]
        game.play_code(think(game, level, seed=index * 1000 + game.ply, budget=NODE_BUDGETS[level]).move)
    if game.result is None:
        return []
    winners = [KINGDOMS.index(ch) for ch in game.result.winners]
    return [(v, a, winners) for v, a in taken]


def log_loss(data, temperature: float) -> float:
    total = 0.0
    for values, alive, winners in data:
        p = chances(values, alive, temperature)
        total -= math.log(max(1e-12, sum(p[k] for k in winners)))
    return total / len(data)


def fit(data, low: float = 0.5, high: float = 200.0) -> float:
    ratio = (math.sqrt(5) - 1) / 2
    a, b = math.log(low), math.log(high)
    for _ in range(60):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if log_loss(data, math.exp(c)) < log_loss(data, math.exp(d)):
            b = d
        else:
            a = c
    return math.exp((a + b) / 2)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    data = [s for game in each(samples, list(range(args.games)), args.jobs) for s in game]
    print(file=sys.stderr)
    t = fit(data)
    even = log_loss(data, 1e9)
    print(f"{len(data)} positions of {args.games} games: temperature {t:.2f} Swords, "
          f"log-loss {log_loss(data, t):.3f} (an even split among the kingdoms in play: {even:.3f})")


if __name__ == "__main__":
    main()
