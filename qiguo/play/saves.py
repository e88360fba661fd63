"""Saved games: JSON files of the set-up and the moves, written atomically.

Loading replays every move through the engine, so a save can never hold an impossible
position; a file that is truncated, corrupt, foreign or from a newer version is refused with
a SaveError that says why, and nothing is deleted or overwritten."""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from qiguo.ai import LEVELS
from qiguo.clock import clock_record, read_clock_record
from qiguo.engine import KINGDOMS, PRESETS, EngineError, Rules, teams_for

from .match import BaseMatch, Match, Worker
from .seats import HUMAN, parse_seats, seats_spec
from .files import data_dir, parse_json, read_text, set_aside
from .files import write_json as write
from .strings import kingdom_name, t, tn

FORMAT = "qiguo-save"
NAME_LIMIT = 80
"""The longest name a save may have."""
VERSION = 1
AUTOSAVE = "autosave.json"


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says why."""


def saves_dir() -> Path:
    return data_dir() / "saves"


def to_data(match: BaseMatch, created: float | None = None, name: str = "") -> dict[str, Any]:
    """The save record of a match (`position` is the last position, for the load screen's
    picture; loading replays the moves)."""
    g = match.game
    now = time.time()
    return {
        "format": FORMAT, "version": VERSION, "name": name,
        "created": created or now, "updated": now, "position": g.to_qfen(),
        "seats": seats_spec(match.local_seats()),
        "blocs": list(match.blocs),
        "rules": g.rules.options(), "start_qfen": match.start_qfen,
        "moves": g.history, "seed": match.seed,
        "result": None if g.result is None else {"winners": g.result.winners, "reason": g.result.reason},
        "humans_out": humans_out(match),
        "agreed": match.agreed,
        "clock": None if match.clocks is None else clock_record(match.clocks, match.on_time, KINGDOMS,
                                                                time.monotonic()),
    }


def humans_out(match: BaseMatch) -> bool:
    """Whether the game is over for the people here though not finished: every human kingdom
    out (or resigned) while bots play on. Your record counts such a game as over, and Load says
    so the same way."""
    humans = [k for k, s in enumerate(match.local_seats()) if s == HUMAN]
    return match.game.result is None and bool(humans) and not any(match.game.alive[k] for k in humans)


def read(path: Path) -> dict[str, Any]:
    """The checked save record in a file; raises SaveError naming the problem."""
    try:
        text = read_text(path)
    except FileNotFoundError:
        raise SaveError(t("save.missing", name=path.name)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{t('save.unreadable', name=path.name)} ({getattr(e, 'strerror', None) or e})") from None
    try:
        data = parse_json(text)
    except ValueError:
        raise SaveError(t("save.truncated", name=path.name)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(t("save.foreign", name=path.name))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(t("save.damaged", name=path.name, field="'version'"))
    if version > VERSION:
        raise SaveError(t("save.newer", name=path.name, version=version))
    bad = damaged_field(data)
    if bad:
        raise SaveError(t("save.damaged", name=path.name, field=repr(bad)))
    return data


def _number(value: Any, low: float, high: float) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and low <= value <= high)


def damaged_field(data: dict[str, Any]) -> str:
    """The name of the first field of a save record that is missing or not what it must be, or
    empty. (Whether the moves can be played is checked when the game is rebuilt.)"""
    checks: dict[str, Callable[[Any], bool]] = {
        "seats": lambda v: isinstance(v, str) and _seats_ok(v),
        "blocs": lambda v: isinstance(v, list) and all(isinstance(b, str) and 1 <= len(b) <= 7 for b in v),
        "rules": lambda v: isinstance(v, dict) and _rules_ok(v),
        "moves": lambda v: isinstance(v, list) and len(v) <= 100_000
        and all(isinstance(m, str) and len(m) <= 12 for m in v),
    }
    optional: dict[str, Callable[[Any], bool]] = {
        "start_qfen": lambda v: v is None or (isinstance(v, str) and len(v) <= 4000),
        "position": lambda v: v is None or (isinstance(v, str) and len(v) <= 4000),
        "name": lambda v: v is None or (isinstance(v, str) and len(v) <= NAME_LIMIT),
        "seed": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2 ** 63),
        "created": lambda v: v is None or _number(v, 0, 1e11),
        "updated": lambda v: v is None or _number(v, 0, 1e11),
        "result": lambda v: v is None or isinstance(v, dict),
        "humans_out": lambda v: v is None or isinstance(v, bool),
        "clock": lambda v: v is None or _clock_record_ok(v),
        "agreed": lambda v: v is None or isinstance(v, bool),
    }
    for name, ok in checks.items():
        if name not in data or not ok(data[name]):
            return name
    for name, ok in optional.items():
        if not ok(data.get(name)):
            return name
    return ""


def _clock_record_ok(v: Any) -> bool:
    try:
        read_clock_record(v, KINGDOMS)
    except ValueError:
        return False
    return True


def _seats_ok(spec: str) -> bool:
    try:
        parse_seats(spec)
    except ValueError:
        return False
    return True


def _rules_ok(options: dict[str, Any]) -> bool:
    try:
        Rules.make(options)
    except EngineError:
        return False
    return True


def to_match(data: dict[str, Any], name: str = "save", bot_delay: float = 0.5,
             worker_factory: Callable[[], Worker] | None = None) -> Match:
    """A match at the saved position, reached by replaying the saved moves."""
    try:
        clock = read_clock_record(data["clock"], KINGDOMS) if data.get("clock") else None
        match = Match(parse_seats(data["seats"]), Rules.make(data["rules"]), data["blocs"],
                      seed=int(data.get("seed") or 0), qfen=data.get("start_qfen"), bot_delay=bot_delay,
                      worker_factory=worker_factory, clock=clock.spec if clock else None)
    except (ValueError, TypeError, EngineError) as e:
        raise SaveError(t("save.setup", name=name, why=e)) from None
    match.created = float(data.get("created") or match.created)  # the same game: the same entry
    for i, entry in enumerate(data["moves"], 1):
        try:
            match.game.replay([entry])
        except EngineError as e:
            raise SaveError(t("save.move", name=name, n=i, move=entry, why=e)) from None
    if data.get("agreed") and match.game.result is None:  # ended by agreement: not a move, so said apart
        match.end_by_agreement()
    if clock and match.clocks is not None:  # each clock as it was left
        match.clocks.left.update((p, v) for p, v in clock.left.items() if p in match.clocks.left)
        match.on_time = clock.on_time
    return match


def default_name(match: BaseMatch) -> str:
    """A save's name until the player gives one: the date and time to the second, and who plays."""
    return auto_name(seats_spec(match.seats), time.time(), match.blocs)


def auto_name(seats: str, when: float, blocs: Sequence[str] = ()) -> str:
    """The name of a save the player did not name, made in the current language from what the
    save holds: when it started, and who plays, counted by player (a bloc of allied kingdoms
    is one player, its leader's kind), so it follows a change of language."""
    kinds = parse_seats(seats)
    try:
        teams = teams_for(KINGDOMS, list(blocs))
    except EngineError:
        teams = list(range(7))
    players = {teams[k]: s for k, s in reversed(list(enumerate(kinds))) if s is not None}  # the leader's kind
    playing = list(players.values())
    humans = sum(1 for s in playing if s == "human")
    levels = sorted({s for s in playing if s != "human"}, key=LEVELS.index)
    who = t("save.who", humans=tn("save.humans", humans), bots=tn("save.bots", len(playing) - humans),
            levels=", ".join(t(f"level.{lvl}") for lvl in levels) or "-")
    return f"{time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(when))} {who}"


def game_path(created: float) -> Path:
    """The one entry of a game (started at `created`) among the saves."""
    return saves_dir() / f"game-{int(created * 1000)}.json"


def autosave(match: BaseMatch) -> bool:
    """Save the match as the game to continue, and as its own entry among the saves (one entry
    per game, named by when it started, updated by every autosave; a finished game keeps its
    entry, for review); False if the data folder cannot be written."""
    try:
        data = to_data(match, match.created)
        write(data_dir() / AUTOSAVE, data)
        write(game_path(match.created), data)
        return True
    except OSError:
        return False


def keep(match: BaseMatch) -> bool:
    """Keep a game to continue up to date: the autosave, unless a server keeps it. False when
    it could not be written."""
    return True if match.kept_elsewhere else autosave(match)


def continuable() -> tuple[dict[str, Any] | None, str]:
    """The autosaved game (finished or not) if there is one that is readable, and why not if an
    autosave exists but cannot be read (empty when there is none or it is fine). A refused
    autosave is set aside as autosave.json.bad, so that the next game does not overwrite it."""
    try:
        path = data_dir() / AUTOSAVE
        if not os.path.lexists(path):
            return None, ""
    except OSError:
        return None, ""
    try:
        data = read(path)
    except SaveError as e:
        kept = set_aside(path)
        return None, str(e) + (" " + t("save.kept", name=kept.name) if kept else "")
    return data, ""


def new_slot() -> Path:
    """A file name in the saves folder that no save has yet (the date and time)."""
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    path = saves_dir() / f"{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = saves_dir() / f"{stamp} ({n}).json"
    return path


def save_slot(match: BaseMatch, name: str = "") -> Path:
    """Save under a new file, with the name the player gave; returns the path. Raises OSError."""
    path = new_slot()
    write(path, to_data(match, name=name.strip()[:NAME_LIMIT]))
    return path


def delete(path: Path) -> None:
    """Remove a saved game (or a broken file in the saves folder). Raises OSError."""
    path.unlink()


@dataclass(frozen=True)
class Listing:
    """One saved game as the load screen shows it."""

    path: Path
    data: dict[str, Any] | None
    error: str = ""

    @property
    def name(self) -> str:
        d = self.data or {}
        if d.get("name"):
            return d["name"]
        if self.data is not None:
            blocs = d.get("blocs")
            return auto_name(d["seats"], float(d.get("created") or self.updated),
                             [b for b in blocs if isinstance(b, str)] if isinstance(blocs, list) else [])
        return self.path.stem

    @property
    def updated(self) -> float:
        if self.data is not None and self.data.get("updated"):
            return float(self.data["updated"])
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0

    @property
    def summary(self) -> str:
        """The second line of an entry: rules, moves, finished or not, when."""
        if self.data is None:
            return self.error
        d = self.data
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.updated))
        preset = t(f"preset.{d['rules'].get('preset', 'standard')}") if d["rules"].get("preset") in PRESETS else "?"
        state = t("save.finished") if d.get("result") else t("save.humans_out") if d.get("humans_out") is True \
            else t("save.in_play")
        line = tn("save.summary", len(d["moves"]), preset=preset, moves=len(d["moves"]), state=state, when=when)
        blocs = [b for b in d.get("blocs") or [] if isinstance(b, str) and b and all(ch in KINGDOMS for ch in b)]
        if blocs:  # "alliance game: Qin with Han"
            words = "; ".join(t("save.bloc", lead=kingdom_name(KINGDOMS.index(b[0])),
                                others=t("result.and").join(kingdom_name(KINGDOMS.index(ch)) for ch in b[1:]))
                              for b in blocs)
            line += " · " + t("save.alliance", blocs=words)
        return line


def list_saves() -> list[Listing]:
    """Every file in the saves folder, newest first; unreadable ones carry their error."""
    try:
        paths = list(saves_dir().glob("*.json"))
    except OSError:
        return []
    out = []
    for p in paths:
        try:
            out.append(Listing(p, read(p)))
        except SaveError as e:
            out.append(Listing(p, None, str(e)))
    return sorted(out, key=lambda x: x.updated, reverse=True)
