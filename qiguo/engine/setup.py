"""Which kingdoms are on the board and which player plays which (docs/rules.md section 6)."""
from __future__ import annotations

from typing import Iterable

from .errors import SetupError
from .pieces import KINGDOM_NAMES, KINGDOMS

QIN, CHU, QI = 0, 1, 3


def parse_blocs(blocs: "str | Iterable[str] | None") -> list[str]:
    """Blocs as a list of kingdom-letter strings; accepts ``"wg,rb"`` or ``["wg", "rb"]``."""
    if blocs is None:
        return []
    items = blocs.split(",") if isinstance(blocs, str) else list(blocs)
    return [b.strip() for b in items if b and b.strip()]


def teams_for(kingdoms: str, blocs: "str | Iterable[str] | None") -> list[int]:
    """The player number of each of the seven kingdoms (a kingdom off the board gets its own).

    Checks the kingdoms and blocs against docs/rules.md section 6 and raises SetupError naming
    the problem."""
    for ch in kingdoms:
        if ch not in KINGDOMS:
            raise SetupError(f"{ch!r} is not a kingdom letter (one of {KINGDOMS})")
    if len(set(kingdoms)) != len(kingdoms):
        raise SetupError(f"kingdoms {kingdoms!r} names a kingdom twice")
    if len(kingdoms) < 2:
        raise SetupError("at least two kingdoms must be on the board")
    groups = parse_blocs(blocs)
    team = list(range(7))
    seen: set[str] = set()
    for g in groups:
        for ch in g:
            if ch not in KINGDOMS:
                raise SetupError(f"bloc {g!r}: {ch!r} is not a kingdom letter")
            if ch in seen:
                raise SetupError(f"{KINGDOM_NAMES[KINGDOMS.index(ch)]} is in two blocs")
            if ch not in kingdoms:
                raise SetupError(f"bloc {g!r}: {KINGDOM_NAMES[KINGDOMS.index(ch)]} is not on the board")
            seen.add(ch)
            team[KINGDOMS.index(ch)] = KINGDOMS.index(g[0])
    multi = [g for g in groups if len(g) > 1]
    if multi:
        if len(kingdoms) != 7:
            raise SetupError("alliance blocs need all seven kingdoms on the board; with kingdoms "
                             "left off, each player takes one kingdom")
        _check_blocs(multi)
    return team


def _check_blocs(multi: list[str]) -> None:
    def bloc_of(k: int) -> str:
        return next((g for g in multi if KINGDOMS[k] in g), "")

    players = 7 - sum(len(g) - 1 for g in multi)
    qin, chu, qi = bloc_of(QIN), bloc_of(CHU), bloc_of(QI)
    need = {6: {"qin": 2}, 5: {"qin": 2, "chu": 2}, 4: {"qin": 2, "chu": 2, "qi": 2},
            3: {"qin": 3, "chu": 2, "qi": 2}}.get(players)
    if need is None:
        raise SetupError(f"{players} players is not a valid game (3 to 7 players)")
    sizes = {"qin": len(qin), "chu": len(chu) if chu != qin else 0, "qi": len(qi) if qi not in (qin, chu) else 0}
    if qin and KINGDOMS[CHU] in qin:
        raise SetupError("Qin may not ally with Chu")
    if qi and qi in (qin, chu) and players <= 4:
        raise SetupError("with 4 or fewer players Qi leads a bloc of its own, outside Qin's and Chu's")
    for name, size in need.items():
        if sizes[name] != size:
            raise SetupError(f"with {players} players the blocs are: Qin + 1 kingdom (not Chu)"
                             f"{', Chu + 1' if players <= 5 else ''}{', Qi + 1' if players <= 4 else ''}"
                             f"{', and Qin takes one more (3-2-2)' if players == 3 else ''}")
    if len(multi) != len(need):
        raise SetupError(f"with {players} players only the blocs of docs/rules.md section 6 are allowed")
