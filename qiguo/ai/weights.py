"""The evaluation's weights, as the bots read them: the piece values and the kingdom terms of
:mod:`.evaluate`, whether the search counts each piece it may lose against its kingdom's
attrition limit, whether hard's opponents' round counts trades, how much each level weighs its
opponents' standing against its own, how much of its threatened pieces a level's search counts
as lost at its leaves, which levels count a defended piece whole when its capture would end its
kingdom, which levels play zero-sum once one opponent is left, which levels let an opponent's
attacked General, or its most valuable attacked piece, escape in their selective replies, which
levels' opponents' round moves away what they attack, which levels' opponents' round keeps
its Generals out of reach, which levels' replies leave out the opponents' captures of each
other's Generals, and the books of first moves (a level's,
and the hint's).
They come from ``weights.json`` beside this module, written by the tuning tool (``python -m qiguo.ai.tune``);
a missing or damaged file leaves the hand-set values. `use` switches to other weights in this
process (the A/B test runs old and new side by side)."""
from __future__ import annotations

import hashlib
import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from . import evaluate
from .levels import LEVELS
from qiguo.engine import KIND_NAMES, KINGDOM_NAMES, PASS, EngineError, Move

FILE = Path(os.environ.get("QIGUO_WEIGHTS") or Path(__file__).with_name("weights.json"))
"""The weights file: beside this module, or QIGUO_WEIGHTS (to try other weights)."""
TERMS = ("ALIVE", "GENERAL_HELD", "PRISONER", "FALLING", "NEAR", "CURVE")
"""The kingdom terms of :mod:`.evaluate` that are tuned, besides the piece values."""
ATTRITION_AWARE = False
"""The search's leaf and easy's greed count each piece they may lose against the attrition limit
(off unless the weights file turns it on: the A/B test decides)."""
ROUND_TRADES = True
"""In hard's opponents' round, an opponent takes a defended piece too (a trade), not only one
left undefended (the weights file may turn it off: the A/B test decides)."""
SWITCHES = {"attrition_aware": "ATTRITION_AWARE", "round_trades": "ROUND_TRADES"}
"""The switches a weights file may set: its key -> the flag of this module."""
RIVALS: dict[str, evaluate.Rivals] = {}
"""By bot level: how much the strongest opponent's standing and the opponents' average standing
count against its own (``"rivals"`` in the file; a level not named weighs them as
:data:`.evaluate.RIVALS`)."""


BRINK: set[str] = set()
"""The search levels whose threat view counts a defended piece whole when its capture would end
its kingdom by attrition (nobody takes back for a kingdom that is out): ``"brink"`` in the file,
a list of levels."""
DUEL: set[str] = set()
"""The search levels that, with a single opponent (team) left in the game, weigh it as
:data:`.evaluate.DUEL` whatever their rivals (a duel is zero-sum): ``"duel"`` in the file, a
list of levels."""
EVADE: set[str] = set()
"""The search levels whose selective replies (below the first, :attr:`.search.Shape.full_min`)
include the escapes of an opponent's General that the level's kingdom attacks, beside the
captures: without them the General stands and the next leaf takes it (``"evade"`` in the file, a
list of levels)."""
FLEE: set[str] = set()
"""The search levels whose selective replies include the moves of the most valuable opponent
piece the level's kingdom can take, beside the captures: without them it stands, and the next
leaf counts every attack as a capture (``"flee"`` in the file, a list of levels)."""
DODGE: set[str] = set()
"""The search levels whose opponents' round lets an opponent with nothing to take move away its
most valuable piece the level's kingdom can take, as every opponent moves between two of its
turns (without it only the one reply may answer an attack; ``"dodge"`` in the file, a list of
levels)."""
GUARD: set[str] = set()
"""The search levels whose opponents' round keeps each opponent's General: one whose General the
level's kingdom attacks moves it out of reach first, and no opponent's move in the round (a capture
or a dodge) leaves its own General where the level's kingdom can take it (without it an opponent
takes a piece with its General's shield and the level counts a General it will never get;
``"guard"`` in the file, a list of levels, each also in ``"dodge"``)."""
FEUD: set[str] = set()
"""The search levels whose opponents' replies leave out their captures of each other's Generals,
short of one that ends the game: a fall that swings the opponents' standings by dozens of Swords
is the worst reply to every root move alike, and while one is on the board the single reply
never shows what the opponents could do to the level's own kingdom (``"feud"`` in the file, a
list of levels)."""
LEVEL_SETS = {"brink": BRINK, "duel": DUEL, "evade": EVADE, "flee": FLEE, "dodge": DODGE, "guard": GUARD,
              "feud": FEUD}
"""The switches a weights file gives by level, as a list of levels: its key -> the set of this module."""
LEAF: dict[str, dict[str, tuple[float, float, float]]] = {}
"""By search level: how much of its three most threatened pieces (largest first) the search's leaf
counts as lost, ``"after_root"`` with the opponents to move and ``"after_reply"`` with the level's
kingdom to move (``"leaf"`` in the file, as ``python -m qiguo.ai.tune taken`` measures them); a
level or a leaf not named counts them as its :class:`.search.Shape` says."""
BOOK: dict[str, dict[str, str]] = {}
"""By level, or ``"hint"`` for the coach's: its first move at each kingdom (by name, in the
engine's notation) from the standard start (``"book"`` in the file, as ``python -m qiguo.ai.tune
opening`` measures it; see :mod:`.opening`); a kingdom not named searches its first move."""
BOOKS = (*LEVELS, "hint")
"""Who may have a book: a bot level, or the hint."""
LEAVES = ("after_root", "after_reply")
"""The two leaves a level's rates may be given for (the :class:`.search.Shape` fields)."""


def rivals(level: str) -> evaluate.Rivals:
    """How much `level` weighs the strongest and the average opponent against its own standing."""
    return RIVALS.get(level, evaluate.RIVALS)


def current() -> dict[str, Any]:
    """The weights in use, as the file holds them."""
    return {"values": {KIND_NAMES[k]: evaluate.VALUE[k] for k in range(1, len(KIND_NAMES)) if KIND_NAMES[k]},
            "terms": {name: getattr(evaluate, name) for name in TERMS},
            **{key: globals()[flag] for key, flag in SWITCHES.items()},
            "rivals": {level: list(pair) for level, pair in RIVALS.items()},
            **{key: sorted(levels) for key, levels in LEVEL_SETS.items()},
            "leaf": {level: {name: list(w) for name, w in rates.items()} for level, rates in LEAF.items()},
            "book": {level: dict(moves) for level, moves in BOOK.items()}}


def use(data: dict[str, Any]) -> None:
    """Use these weights in this process (values and terms missing from `data` stay)."""
    for name, v in data.get("values", {}).items():
        evaluate.VALUE[KIND_NAMES.index(name)] = float(v)
    for name, v in data.get("terms", {}).items():
        if name in TERMS:
            setattr(evaluate, name, float(v))
    for key, flag in SWITCHES.items():
        globals()[flag] = bool(data.get(key, globals()[flag]))
    if "rivals" in data:
        RIVALS.clear()
        RIVALS.update({level: (float(pair[0]), float(pair[1])) for level, pair in data["rivals"].items()})
    for key, levels in LEVEL_SETS.items():
        if key in data:
            levels.clear()
            levels.update(data[key])
    if "leaf" in data:
        LEAF.clear()
        LEAF.update({level: {name: (float(w[0]), float(w[1]), float(w[2])) for name, w in rates.items()}
                     for level, rates in data["leaf"].items()})
    if "book" in data:
        BOOK.clear()
        BOOK.update({level: dict(moves) for level, moves in data["book"].items()})


@contextmanager
def using(data: dict[str, Any]) -> Iterator[None]:
    """Use these weights within the block, and those in use before after it."""
    before = current()
    use(data)
    try:
        yield
    finally:
        use(before)


HAND_SET: dict[str, Any] = current()
"""The weights set by hand in :mod:`.evaluate`, before any file is read: the puzzles are defined
under them (see :mod:`.puzzles.mine`), the tuning starts from them and the A/B test's ``old``."""


def complete(data: dict[str, Any]) -> dict[str, Any]:
    """A weight set with every value, term, switch, level's rivals, level sets and leaf: those `data` leaves out
    are the hand-set ones, as when the bots read a file (so that switching between two sets
    leaves nothing of the first)."""
    return {**data, "values": {**HAND_SET["values"], **data.get("values", {})},
            "terms": {**HAND_SET["terms"], **data.get("terms", {})},
            **{key: data.get(key, HAND_SET[key]) for key in SWITCHES},
            "rivals": data.get("rivals", HAND_SET["rivals"]),
            **{key: data.get(key, HAND_SET[key]) for key in LEVEL_SETS},
            "leaf": data.get("leaf", HAND_SET["leaf"]),
            "book": data.get("book", HAND_SET["book"])}


def fingerprint(data: dict[str, Any]) -> str:
    """A short digest of what the bots play by in a weight set: every value, term, switch,
    level's rivals, level set, leaf and level's book, as the bots read them (the hint's book and
    the file's records are not play). A measurement of the bots' play (the hint's book, the
    levels' ratings) keeps the fingerprint of the bots it played, and is stale once it differs."""
    full = complete(data)
    play = {key: full[key] for key in HAND_SET}  # the keys `current` gives: all the bots play by
    play.update({key: sorted(full[key]) for key in LEVEL_SETS},
                book={who: moves for who, moves in full["book"].items() if who != "hint"})
    return hashlib.sha256(json.dumps(play, sort_keys=True).encode()).hexdigest()[:16]


def load(path: Path = FILE) -> dict[str, Any] | None:
    """The weights of a file (None when it is missing or damaged)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    ok = (isinstance(data, dict) and isinstance(data.get("values", {}), dict) and isinstance(data.get("terms", {}), dict)
          and all(name in KIND_NAMES and isinstance(v, (int, float)) and 0 <= v <= 100
                  for name, v in data.get("values", {}).items())
          and all(isinstance(v, (int, float)) and -1000 <= v <= 1000 for v in data.get("terms", {}).values())
          and 0.5 <= data.get("terms", {}).get("CURVE", 3.0) <= 4
          and isinstance(data.get("rivals", {}), dict)
          and all(level in LEVELS and isinstance(pair, list) and len(pair) == 2
                  and all(isinstance(v, (int, float)) and 0 <= v <= 10 for v in pair)
                  for level, pair in data.get("rivals", {}).items())
          and all(isinstance(data.get(key, []), list) and all(level in LEVELS for level in data.get(key, []))
                  for key in LEVEL_SETS)
          and isinstance(data.get("leaf", {}), dict)
          and all(level in LEVELS and isinstance(rates, dict) and set(rates) <= set(LEAVES)
                  and all(isinstance(w, list) and len(w) == 3 and all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in w)
                          for w in rates.values())
                  for level, rates in data.get("leaf", {}).items())
          and isinstance(data.get("book", {}), dict)
          and all(level in BOOKS and isinstance(moves, dict)
                  and all(name in KINGDOM_NAMES and _is_move(text) for name, text in moves.items())
                  for level, moves in data.get("book", {}).items()))
    return data if ok else None


def _is_move(text: object) -> bool:
    """Whether `text` is a move in the engine's notation (not a pass)."""
    try:
        return isinstance(text, str) and Move.parse(text).code != PASS
    except EngineError:
        return False


shipped = load()
if shipped is not None:
    use(shipped)
