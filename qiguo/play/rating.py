"""The player's rating from games against bots, kept in ``rating.json`` in the data folder with
its history (for the plot on Your record). A game counts when one human kingdom played it
here against bots only: the human's finishing place against each bot's (winners share first
place) moves the rating by the model of :mod:`qiguo.ai.ratings`, the bots rated as calibrated.
A damaged file is set aside as ``rating.json.bad`` and said once; the rating starts again.
No pygame here."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from qiguo.ai import LEVELS
from qiguo.ai.ratings import Rating, after_game, bot_ratings
from qiguo.engine import KINGDOMS

from .files import data_dir, read_kept, set_aside, write_json

FILE = "rating.json"
FORMAT = "qiguo-rating"
KEPT = 1000
"""Points of history kept at most (the oldest go first)."""


class RatingError(ValueError):
    """The rating file could not be read; the message says why (it was set aside)."""


@dataclass(frozen=True)
class Point:
    """The rating after one game: when, the rating, the place, the strongest bot level in it."""

    when: float
    rating: Rating
    place: int
    level: str

    def to_json(self) -> dict[str, Any]:
        return {"when": self.when, "rating": self.rating.to_json(), "place": self.place, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> Point:
        if not isinstance(data, dict):
            raise ValueError("not a point")
        when, place, level = data.get("when"), data.get("place"), data.get("level")
        if not (isinstance(when, (int, float)) and not isinstance(when, bool) and isinstance(place, int)
                and not isinstance(place, bool) and 1 <= place <= 7 and level in LEVELS):
            raise ValueError("not a point")
        return cls(float(when), Rating.from_json(data.get("rating")), place, level)


def path() -> Path:
    return data_dir() / FILE


def load() -> list[Point]:
    """The rating's history, oldest first (empty: never rated). Raises RatingError after setting
    a damaged file aside."""
    p = path()
    data = read_kept(p, RatingError)
    if data is None:
        return []
    try:
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("history"), list):
            raise ValueError("not a rating")
        return [Point.from_json(x) for x in data["history"]]
    except ValueError:
        set_aside(p)
        raise RatingError(f"{FILE}: not a rating") from None


def current(history: list[Point]) -> Rating:
    return history[-1].rating if history else Rating()


def seating(entry: dict[str, Any]) -> tuple[int, list[tuple[str, int]], int] | None:
    """Of a record entry: the human kingdom, each bot's (level, place), and the human's place;
    None when the game does not count (not one human against bots only, or no ranking)."""
    seats, ranking = entry.get("seats", ""), entry.get("ranking")
    humans = [k for k, ch in enumerate(seats) if ch == "h"]
    if len(humans) != 1 or any(ch not in "h1234-" for ch in seats) or not isinstance(ranking, str):
        return None
    winners = entry.get("winners", "")
    place = {KINGDOMS.index(ch): 1 if ch in winners else i + 1 for i, ch in enumerate(ranking) if ch in KINGDOMS}
    bots = [(LEVELS[int(ch) - 1], place[k]) for k, ch in enumerate(seats) if ch in "1234" and k in place]
    if humans[0] not in place or not bots:
        return None
    return humans[0], bots, place[humans[0]]


def add(entry: dict[str, Any]) -> Point | None:
    """Rate the game of a new record entry; the new point (None when the game does not count or
    the file could not be written)."""
    seen = seating(entry)
    if seen is None:
        return None
    _, bots, place = seen
    try:
        history = load()
    except RatingError:
        history = []
    levels = bot_ratings()
    rating = after_game(current(history), place, [(levels[level], p) for level, p in bots])
    strongest = max((level for level, _ in bots), key=LEVELS.index)
    point = Point(float(entry["when"]), rating, place, strongest)
    history = (history + [point])[-KEPT:]
    try:
        write_json(path(), {"format": FORMAT, "version": 1, "history": [x.to_json() for x in history]})
    except OSError:
        return None
    return point


def suggestion(rows: list[Any]) -> tuple[str, dict[str, Any]]:
    """What to play next, from Your record's rows per level (games, wins): a text key and its
    values. Against the strongest level played at least three times: win 40% or more, try the
    next level up; win under 10% in five or more, go back a level; else keep at it."""
    played = [r for r in rows if r.level and r.games >= 3]
    if not played:
        return "record.suggest.start", {}
    top = max(played, key=lambda r: LEVELS.index(r.level))
    share = round(100 * top.wins / top.games)
    at = LEVELS.index(top.level)
    if share >= 40 and at + 1 < len(LEVELS):
        return "record.suggest.up", {"share": share, "level": top.level, "next": LEVELS[at + 1]}
    if share < 10 and top.games >= 5 and at > 0:
        return "record.suggest.down", {"share": share, "level": top.level, "next": LEVELS[at - 1]}
    return "record.suggest.keep", {"share": share, "level": top.level}
