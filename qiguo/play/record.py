"""The player's record: every finished game with a human at this computer, kept in
``record.json`` in the data folder (date, rules, seats, result, places, the whole game), and
what the Record screen shows of it (per bot level: games, wins, average place; the recent
games). A damaged or hostile file is set aside as ``record.json.bad`` and said once, never a
crash; the record starts again. No pygame here."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from qiguo.ai import LEVELS
from qiguo.engine import KINGDOMS, Game

from . import rating
from .files import data_dir, read_kept, set_aside, write_json
from .seats import HUMAN, Seat, parse_seats, seats_spec

FILE = "record.json"
FORMAT = "qiguo-record"
KEPT = 500
"""Games kept at most (the oldest go first)."""


class RecordError(ValueError):
    """The record file could not be read; the message says why (it was set aside)."""


def path() -> Path:
    return data_dir() / FILE


HUMANS_OUT = "humans_out"
"""The reason of an entry for a game whose last human here fell (or resigned) while the bots
played on: it is over for the record, with the humans' places already fixed."""


def entry_of(game: Game, seats: list[Seat], on_time: str = "") -> dict[str, Any] | None:
    """What the record keeps of a game that is over for the humans here: finished, or every
    human kingdom out (None when it is neither, or no human played it here); `on_time`: the
    kingdoms (letters) that lost on time."""
    humans = [k for k, s in enumerate(seats) if s == HUMAN]
    if not humans or (game.result is None and any(game.alive[k] for k in humans)):
        return None
    ranking = game.ranking()
    result = game.result
    return {"when": time.time(), "seats": seats_spec(seats), "rules": game.rules.options(),
            "winners": result.winners if result else "", "reason": result.reason if result else HUMANS_OUT,
            "places": {KINGDOMS[k]: ranking.index(k) + 1 for k in humans if k in ranking},
            "ranking": "".join(KINGDOMS[k] for k in ranking),
            "game": game.record(), "on_time": on_time}


def _valid(e: Any) -> bool:
    if not isinstance(e, dict):
        return False
    try:
        parse_seats(e["seats"])
        ok = (isinstance(e["when"], (int, float)) and not isinstance(e["when"], bool) and isinstance(e["winners"], str)
              and isinstance(e["reason"], str) and isinstance(e["places"], dict)
              and all(k in KINGDOMS and isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 7
                      for k, v in e["places"].items()) and isinstance(e["game"], dict))
    except (KeyError, TypeError, ValueError):
        return False
    return ok


def load() -> list[dict[str, Any]]:
    """The games recorded, oldest first. Raises RecordError (after setting the file aside) when
    the file is damaged; a missing file is an empty record."""
    p = path()
    data = read_kept(p, RecordError)
    if data is None:
        return []
    games = data.get("games") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(games, list) or not all(_valid(e) for e in games):
        set_aside(p)
        raise RecordError(f"{FILE}: not a record of games")
    return games


def add(game: Game, seats: list[Seat], on_time: str = "") -> bool:
    """Record a finished game (once: a game already recorded is not added again). False when
    there is nothing to record or it could not be written."""
    entry = entry_of(game, seats, on_time)
    if entry is None:
        return False
    try:
        games = load()
    except RecordError:
        games = []
    start, moves, seats_text = entry["game"]["start"], list(entry["game"]["moves"]), entry["seats"]
    if any((e["game"].get("start"), list(e["game"].get("moves") or ()), e["seats"]) == (start, moves, seats_text)
           for e in games):
        return False
    earlier = [e for e in games if continued(e, start, moves, seats_text)]
    if earlier and entry["reason"] == HUMANS_OUT:
        return False  # recorded when the last human fell: the bots' moves since change nothing here
    games = [e for e in games if e not in earlier]
    games = (games + [entry])[-KEPT:]
    try:
        write_json(path(), {"format": FORMAT, "version": 1, "games": games})
    except OSError:
        return False
    if not earlier:  # a game is rated once, when it is over for the humans here
        rating.add(entry)
    return True


def continued(e: dict[str, Any], start: str, moves: list[str], seats: str) -> bool:
    """Whether entry `e` is an earlier point of this game, recorded when its humans were out
    (the finished game takes its place: one entry a game)."""
    earlier = list(e["game"].get("moves") or ())
    return (e["reason"] == HUMANS_OUT and e["seats"] == seats and e["game"].get("start") == start
            and moves[:len(earlier)] == earlier)


@dataclass(frozen=True)
class LevelRow:
    """Games against one bot level (the strongest in the game): how many, won, average place."""

    level: str
    games: int
    wins: int
    place: float


def opponents(seats: str) -> str:
    """The strongest bot level among a game's seats ("" for humans only)."""
    levels = [LEVELS[int(ch) - 1] for ch in seats if ch in "1234"]
    return max(levels, key=LEVELS.index) if levels else ""


def by_level(games: list[dict[str, Any]]) -> list[LevelRow]:
    """Per strongest bot level (novice first; humans only last): games, wins, average place of
    the human kingdoms here."""
    rows = []
    for level in list(LEVELS) + [""]:
        mine = [e for e in games if opponents(e["seats"]) == level]
        if not mine:
            continue
        wins = sum(any(k in e["winners"] for k in e["places"]) for e in mine)
        places = [p for e in mine for p in e["places"].values()]
        rows.append(LevelRow(level, len(mine), wins, sum(places) / len(places) if places else 0.0))
    return rows
