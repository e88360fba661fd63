"""The game state: legal moves, play and undo, defeats and victory (docs/rules.md sections 3-6)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from . import qfen
from .board import EXACT, HORSE_PATHS, ORTHO_RAYS, POINTS, SLIDES, parse_point, point_name
from .errors import EngineError, IllegalMove, QfenError, SetupError
from .pieces import (BOW, BRIGADIER, CANNON, CLASSIC_WEIGHTS, CROSSBOW, DEPUTY, ENVOY, FLAT_WEIGHTS,
                     GENERAL, HORSE, KIND_NAMES, KINGDOM_NAMES, KINGDOMS, SABRE, SWORD, ZHOU_CODE, Piece)
from .qfen import INERT, START_QFEN
from .rules import Rules
from .setup import teams_for

PASS = 0
"""The integer code of the move ``pass`` (a1a1 can never be a real move)."""
RESIGN = "resign:"
"""History entries of resignations are ``resign:`` + kingdom letter."""

_rng = random.Random(7)
ZOBRIST = [_rng.getrandbits(64) for _ in range(128 << 9)]
ZOBRIST_MOVER = [_rng.getrandbits(64) for _ in KINGDOMS]

HORSE_EXACT = [tuple((leg,) + path for leg, path in paths if len(path) == 3) for paths in HORSE_PATHS]
STEP_TARGETS = {kind: [tuple(r[0] for r in rays) for rays in SLIDES[kind]] for kind in (SABRE, SWORD)}
STEP, SLIDE, LINE3, CANNON_LINES, QUIET_SLIDE, LEG_SLIDE, LINE4 = range(7)
"""How legal_codes walks a piece's table: one step, slide to the first piece, a line whose
points before the last must be empty, the cannon, a slide that never captures (Envoy), the
upto3 horse (leg, then slide), and the exact-distance crossbow's line of four empty points
before its target."""


def movement(rules: Rules) -> list[tuple[int, list]]:
    """Per piece kind, how it moves under these rules and its per-point table."""
    how: list[tuple[int, list]] = [(STEP, [()] * POINTS) for _ in range(11)]
    for kind in (GENERAL, DEPUTY, BRIGADIER, BOW, CROSSBOW):
        how[kind] = (SLIDE, SLIDES[kind])
    how[SABRE] = (STEP, STEP_TARGETS[SABRE])
    how[SWORD] = (STEP, STEP_TARGETS[SWORD])
    how[ENVOY] = (QUIET_SLIDE, SLIDES[ENVOY])
    how[CANNON] = (CANNON_LINES, ORTHO_RAYS)
    how[HORSE] = (LINE3, HORSE_EXACT) if rules.horse == "exact3" else (LEG_SLIDE, HORSE_PATHS)
    if rules.ranged == "exact":
        how[BOW] = (LINE3, EXACT[BOW])
        how[CROSSBOW] = (LINE4, EXACT[CROSSBOW])
    return how


JUMP, RAY, SCREEN = range(3)
"""How capture_codes reads a piece's capture table: a target whose points between must be
empty (one step, or an exact line), the first piece along a line (a slide, or the upto3 horse's
path once its leg is clear), the piece after the first along a line (the cannon's)."""


def _bits(points: Iterable[int]) -> int:
    """Points as bits, like the occupancy."""
    return sum(1 << sq for sq in points)


def _line(points: tuple[int, ...]) -> tuple[int, bool]:
    """A line's points as bits, and whether they rise along it (its first piece is then the
    lowest bit, else the highest)."""
    assert list(points) in (sorted(points), sorted(points, reverse=True)), points
    return _bits(points), points[-1] >= points[0]


def capture_tables(how: list[tuple[int, list]]) -> list[tuple[int, list]]:
    """Per piece kind, the table of its captures under the rules `how` (:func:`movement`) moves
    by: per point, the mode and its entries, in the order legal_codes lists the moves."""
    out: list[tuple[int, list]] = []
    for mode, table in how:
        if mode == STEP:
            out.append((JUMP, [[(0, t) for t in targets] for targets in table]))
        elif mode in (LINE3, LINE4):
            out.append((JUMP, [[(_bits(line[:-1]), line[-1]) for line in lines] for lines in table]))
        elif mode == SLIDE:
            out.append((RAY, [[(0, *_line(ray)) for ray in rays] for rays in table]))
        elif mode == LEG_SLIDE:
            out.append((RAY, [[(1 << leg, *_line(path)) for leg, path in paths] for paths in table]))
        elif mode == CANNON_LINES:
            out.append((SCREEN, [[_line(ray) for ray in rays] for rays in table]))
        else:  # QUIET_SLIDE: the Envoy never captures
            out.append((JUMP, [[]] * POINTS))
    return out


CAPTURE_TABLES: dict[tuple[str, str], list[tuple[int, list]]] = {}
"""The capture tables made so far, by the rules' horse and ranged options."""

REASONS = ("generals", "prisoners", "kingdoms", "last_standing", "quiet")


class Move(int):
    """A move: its integer code (from << 9 | to, or PASS) with ``str()`` giving its notation
    (``b10e10`` or ``pass``). Being an int, it compares equal to its code."""

    __slots__ = ()

    @property
    def code(self) -> int:
        return int(self)

    @property
    def from_sq(self) -> int:
        return self >> 9

    @property
    def to_sq(self) -> int:
        return self & 511

    @property
    def is_pass(self) -> bool:
        return self == PASS

    def __str__(self) -> str:
        return "pass" if self == PASS else point_name(self >> 9) + point_name(self & 511)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """A move from its notation; raises IllegalMove if the text is not a move."""
        t = text.strip() if isinstance(text, str) else ""
        if t == "pass":
            return cls(PASS)
        for cut in (2, 3):
            try:
                a, b = parse_point(t[:cut]), parse_point(t[cut:])
            except ValueError:
                continue
            if a != b:
                return cls(a << 9 | b)
        raise IllegalMove(f"{text!r} is not a move (write from-point then to-point, "
                          f"e.g. b10e10, or pass)")


class LegalMoves(list):
    """The mover's legal moves (a list of :class:`Move`). Membership also takes notation:
    ``"e10e5" in game.legal_moves()``."""

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except IllegalMove:
                return False
        return list.__contains__(self, move)


@dataclass(frozen=True)
class Result:
    """How a finished game ended."""

    winners: str
    """Letters of the winning player's kingdoms (several on a shared quiet-game lead)."""
    reason: str
    """One of REASONS."""
    ranking: tuple[str, ...]
    """The kingdoms that started, best first."""


@dataclass(frozen=True)
class Fall:
    """How a kingdom left the game."""

    how: str  # "general", "attrition" or "resigned"
    by: int  # the kingdom credited with it, or -1
    ply: int


@dataclass(frozen=True)
class Standing:
    """Where a kingdom stands: in play, off the board, or out (how, credited to whom, and what
    became of its army)."""

    state: str  # "in play", "off" or "out"
    how: str = ""  # when out: "general", "attrition" or "resigned"
    by: int = -1  # the kingdom credited with it, or -1
    army: str = ""  # when out: "removed", "inert", "inherited" or "idle"
    heir: int = -1  # who inherited the army


def _fresh(item: Any) -> Any:
    """A copy of a list, set or dict (one level); anything else is immutable and shared."""
    if isinstance(item, list):
        return item[:]
    if isinstance(item, (set, dict)):
        return item.copy()
    return item


class Game:
    """A game of Seven Kingdoms Chess. Build it with :meth:`new` or :meth:`from_qfen`."""

    def __init__(self, pos: qfen.Position, rules: Rules, teams: list[int], seated: Iterable[int]):
        self.rules = rules
        self.teams = teams
        self.seated = tuple(sorted(set(seated)))
        self.board = pos.board
        self.turn = pos.mover
        self.quiet = pos.quiet
        self.prisoners = pos.prisoners
        self.pieces: list[set[int]] = [set() for _ in KINGDOMS]
        for sq, p in enumerate(self.board):
            if p and p != ZHOU_CODE:
                self.pieces[p >> 4].add(sq)
        self.alive = [any(self.board[sq] & 15 == GENERAL for sq in s) for s in self.pieces]
        self.controller = [pos.control.get(k, k) for k in range(7)]
        self._check_control()
        self.weights = CLASSIC_WEIGHTS if rules.weights == "classic" else FLAT_WEIGHTS
        self._how = movement(rules)
        key = (rules.horse, rules.ranged)  # all that movement() reads
        if key not in CAPTURE_TABLES:
            CAPTURE_TABLES[key] = capture_tables(self._how)
        self._captures = CAPTURE_TABLES[key]
        self._derive_counts()
        self._undo: list[tuple] = []
        self._all_tables: dict[tuple, dict[int, tuple[list[bool], list[int]]]] = {}
        self._control_changed()
        self.hash = self._full_hash()
        self.occ = self._bits()
        """The occupied points as the bits of one integer (bit sq set: a piece stands on sq), kept
        up to date with the board for :func:`attackers`' line lookups."""
        self.horses = self._bits(HORSE)
        self.cannons = self._bits(CANNON)
        """The points of the Horses and of the Cannons, as bits like :attr:`occ`."""
        self.result: Result | None = None
        self._check_seated(pos)
        if not self._over_on_load() and not self.alive[self.turn]:
            raise QfenError(f"the mover {KINGDOM_NAMES[self.turn]} has no general on the board")
        self.start_qfen = self.to_qfen()
        """The position the game started from (with :attr:`history`, the whole game)."""

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, rules: "str | Mapping[str, Any] | Rules | None" = "standard", *,
            kingdoms: str = KINGDOMS, blocs: "str | Iterable[str] | None" = None,
            **options: Any) -> "Game":
        """The start position with the given kingdoms on the board (the rest left off)."""
        r = Rules.make(rules, **options)
        teams = teams_for(kingdoms, blocs)
        pos = qfen.parse(START_QFEN)
        seated = [KINGDOMS.index(ch) for ch in kingdoms]
        for sq, p in enumerate(pos.board):
            if p and p != ZHOU_CODE:
                k = p >> 4
                if k not in seated:
                    pos.board[sq] = 0
                elif r.layout == "mirrored" and k in (1, 2) and p & 15 in (2, 3):
                    pos.board[sq] = p ^ 1  # Deputy (2) <-> Brigadier (3)
        pos.mover = min(seated)
        return cls(pos, r, teams, seated)

    @classmethod
    def from_qfen(cls, text: str, rules: "str | Mapping[str, Any] | Rules | None" = "standard", *,
                  blocs: "str | Iterable[str] | None" = None, kingdoms: str | None = None,
                  **options: Any) -> "Game":
        """A game from a QFEN position. `kingdoms` names those that started (by default, all
        with a trace in the position; the rest count as off the board)."""
        r = Rules.make(rules, **options)
        pos = qfen.parse(text)
        if kingdoms is None:
            present = {p >> 4 for p in pos.board if p and p != ZHOU_CODE}
            for k, held in enumerate(pos.prisoners):
                if held:
                    present.add(k)
                    present.update(p >> 4 for p in held)
            present.add(pos.mover)
            kingdoms = "".join(KINGDOMS[k] for k in sorted(present))
            if len(kingdoms) < 2:
                kingdoms = KINGDOMS
        teams = teams_for(kingdoms, blocs)
        return cls(pos, r, teams, [KINGDOMS.index(ch) for ch in kingdoms])

    MUTABLE = ("teams", "board", "pieces", "alive", "controller", "prisoners", "score", "generals", "losses",
               "taken", "credits", "fallen", "_undo")
    """The state a game changes in place: what :meth:`copy` copies (a list, and each list, set or
    dict in it). Everything else is immutable or a cache shared by design (tests check that
    changing every part of a copy leaves the original as it was)."""

    def copy(self) -> "Game":
        """An independent game in the same state, history included (undo works on it)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        for name in Game.MUTABLE:
            setattr(g, name, [_fresh(item) for item in getattr(self, name)])
        return g

    def record(self) -> dict[str, Any]:
        """The whole game as plain data: start position, rules, set-up and every move.
        :meth:`from_record` rebuilds exactly this game (bot workers and network peers get it)."""
        return {"start": self.start_qfen, "rules": self.rules.options(), "kingdoms": self.kingdoms,
                "blocs": self.blocs, "moves": self.history}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> "Game":
        """The game a :meth:`record` describes; raises EngineError if it is not one."""
        try:
            start, rules, kingdoms = record["start"], record["rules"], record["kingdoms"]
            blocs, moves = record.get("blocs") or [], record["moves"]
        except (KeyError, TypeError, AttributeError):
            raise EngineError("a game record needs start, rules, kingdoms and moves") from None
        if not (isinstance(start, str) and isinstance(rules, Mapping) and isinstance(kingdoms, str)
                and isinstance(blocs, list) and all(isinstance(b, str) for b in blocs)
                and isinstance(moves, list)):
            raise EngineError("a game record has a field of the wrong type")
        game = cls.from_qfen(start, rules, blocs=blocs or None, kingdoms=kingdoms)
        game.replay(moves)
        return game

    def state(self) -> dict[str, Any]:
        """Every field the rules use, as plain data: equal for two games in the same state."""
        return {"board": self.board[:], "mover": self.turn, "seated": self.seated, "teams": self.teams[:],
                "control": {k: c for k, c in enumerate(self.controller) if c != k and self.pieces[k]},
                "prisoners": [held[:] for held in self.prisoners], "quiet": self.quiet,
                "alive": self.alive[:], "credits": self.credits[:], "losses": self.losses[:],
                "score": self.score[:], "generals": self.generals[:], "taken": [row[:] for row in self.taken],
                "fallen": [(f.how, f.by) if f else None for f in self.fallen], "result": self.result,
                "rules": self.rules}

    def _check_seated(self, pos: qfen.Position) -> None:
        """A kingdom that is not in the game may have no piece on the board or in prison."""
        for k in range(7):
            if k in self.seated:
                continue
            if (self.pieces[k] or pos.prisoners[k] or k in pos.control or k in pos.control.values()
                    or any(p >> 4 == k for held in pos.prisoners for p in held)):
                raise SetupError(f"{KINGDOM_NAMES[k]} has pieces in this position but is not one of the "
                                 f"kingdoms in the game ({', '.join(KINGDOM_NAMES[j] for j in self.seated)})")

    def _check_control(self) -> None:
        for k, c in enumerate(self.controller):
            if c == k:
                continue
            if self.alive[k]:
                raise QfenError(f"control: {KINGDOM_NAMES[k]} still has its general, so it "
                                f"controls its own pieces")
            if c != INERT and not self.alive[c]:
                raise QfenError(f"control: {KINGDOM_NAMES[c]} is not in the game and cannot "
                                f"control {KINGDOM_NAMES[k]}'s pieces")

    def _derive_counts(self) -> None:
        """Scores, losses and generals taken, which all follow from the prisoners."""
        w = self.weights
        self.score = [sum(w[p & 15] for p in held) for held in self.prisoners]
        self.generals = [sum(1 for p in held if p & 15 == GENERAL) for held in self.prisoners]
        self.taken = [[0] * 7 for _ in KINGDOMS]  # taken[victim][captor], generals excluded
        general_taker = {}
        for captor, held in enumerate(self.prisoners):
            for p in held:
                if p & 15 == GENERAL:
                    general_taker[p >> 4] = captor
                else:
                    self.taken[p >> 4][captor] += w[p & 15]
        self.losses = [sum(row) for row in self.taken]
        self.credits = [0] * 7
        self.fallen: list[Fall | None] = [None] * 7
        for k in self.seated:
            if self.alive[k]:
                continue
            if k in general_taker:
                fall = Fall("general", general_taker[k], 0)
            elif self.losses[k] or any(self.pieces[k]) or self.controller[k] != k:
                fall = Fall("attrition", self._top_captor(k, -1), 0)
            else:
                continue
            self.fallen[k] = fall
            if fall.by >= 0:
                self.credits[fall.by] += 1

    def _over_on_load(self) -> bool:
        """Sets the result for a position that is already decided; True if it is."""
        for k in range(7):
            self._check_hegemony(k)
            if self.result is not None:
                return True
        return self._check_last_standing() or self._check_quiet()

    # ---- reading the position -----------------------------------------------------------

    @property
    def mover(self) -> str:
        """The letter of the kingdom whose turn it is."""
        return KINGDOMS[self.turn]

    @property
    def ply(self) -> int:
        return len(self._undo)

    @property
    def history(self) -> list[str]:
        """Every move played (``pass`` and ``resign:X`` included), oldest first."""
        return [RESIGN + KINGDOMS[rec[1]] if rec[0] == RESIGN else str(Move(rec[0])) for rec in self._undo]

    @property
    def movers(self) -> list[int]:
        """The kingdom that made each history entry (the resigning one, for a resignation)."""
        return [rec[1] if rec[0] == RESIGN else rec[3] for rec in self._undo]

    def piece_at(self, sq: int) -> Piece | None:
        """The piece on a point (Zhou included), or None."""
        p = self.board[sq]
        return Piece(p) if p else None

    def piece_on(self, sq: int) -> Piece:
        """The piece on a point known to hold one (a move's origin, an attacker); raises
        EngineError when it is empty."""
        p = self.board[sq]
        if not p:
            raise EngineError(f"no piece on {point_name(sq)}")
        return Piece(p)

    def occupied(self) -> list[tuple[int, Piece]]:
        """Every (point, piece) on the board, Zhou included."""
        return [(sq, Piece(p)) for sq, p in enumerate(self.board) if p]

    def to_qfen(self) -> str:
        """The position as QFEN (all five fields)."""
        control = {k: c for k, c in enumerate(self.controller) if c != k and self.pieces[k]}
        return qfen.format_qfen(self.board, self.turn, control, self.prisoners, self.quiet)

    @property
    def kingdoms(self) -> str:
        """The letters of the kingdoms that started the game."""
        return "".join(KINGDOMS[k] for k in self.seated)

    @property
    def blocs(self) -> list[str]:
        """The alliance blocs of more than one kingdom, as letter strings (for Game.new)."""
        groups: dict[int, str] = {}
        for k in self.seated:
            groups[self.teams[k]] = groups.get(self.teams[k], "") + KINGDOMS[k]
        return [g for g in groups.values() if len(g) > 1]

    def _bloc(self, k: int) -> str:
        return "".join(KINGDOMS[j] for j in self.seated if self.teams[j] == self.teams[k])

    def attrition_left(self, k: int) -> int:
        """How many more pieces (weighted as the rules count them) kingdom k may lose before it
        falls by attrition: to all captors together, or under `attrition_count=single` to the
        one that has taken most."""
        r = self.rules
        taken = max(self.taken[k]) if r.attrition_count == "single" else self.losses[k]
        return max(0, r.attrition_limit - taken)

    def standing(self, k: int) -> Standing:
        """Kingdom k's standing: in play, off the board, or out (how, by whom, its army)."""
        if k not in self.seated:
            return Standing("off")
        if self.alive[k]:
            return Standing("in play")
        fall = self.fallen[k]
        c = self.controller[k]
        army = ("removed" if not self.pieces[k] else "inert" if c == INERT
                else "inherited" if c != k else "idle")
        return Standing("out", fall.how if fall else "", fall.by if fall else -1, army,
                        c if army == "inherited" else -1)

    # ---- move generation ----------------------------------------------------------------

    def _tables_for(self, m: int) -> tuple[list[bool], list[int]]:
        """For mover m: which piece codes it may capture, and which kingdoms' pieces it moves."""
        t = self._tables.get(m)
        if t is None:  # built once per mover and control state
            team, ctl = self.teams, self.controller
            cap = [False] * 128
            for p in range(128):
                k, kind = p >> 4, p & 15
                if k < 7 and 1 <= kind <= 10 and kind != ENVOY:
                    c = ctl[k]
                    cap[p] = c == INERT or team[c] != team[m]
            t = self._tables[m] = (cap, [k for k in range(7) if ctl[k] == m])
        return t

    def _control_changed(self) -> None:
        """Point the capture/move tables at the current control state (cached per state)."""
        self._tables = self._all_tables.setdefault(tuple(self.controller), {})

    def legal_codes(self, at: int | None = None) -> list[int]:
        """The mover's legal moves as integer codes (from << 9 | to, or PASS): the fast path.
        With `at`, only the moves of the piece on that point, if the mover moves it (never a pass)."""
        if self.result is not None:
            return []
        cap, movable = self._tables_for(self.turn)
        b = self.board
        how = self._how
        out: list[int] = []
        app = out.append
        if at is None:
            groups: list[Iterable[int]] = [self.pieces[k] for k in movable]
        else:
            groups = [(at,)] if b[at] and b[at] >> 4 in movable else []
        for squares in groups:
            for f in squares:
                mode, table = how[b[f] & 15]
                base = f << 9
                if mode == STEP:
                    for t in table[f]:
                        p = b[t]
                        if not p or cap[p]:
                            app(base | t)
                elif mode == SLIDE:
                    for ray in table[f]:
                        for t in ray:
                            p = b[t]
                            if p:
                                if cap[p]:
                                    app(base | t)
                                break
                            app(base | t)
                elif mode == LINE3:
                    for x, y, z, t in table[f]:
                        if not (b[x] or b[y] or b[z]):
                            p = b[t]
                            if not p or cap[p]:
                                app(base | t)
                elif mode == CANNON_LINES:
                    for ray in table[f]:
                        screen = 0
                        for t in ray:
                            p = b[t]
                            if screen:
                                if p:
                                    if cap[p]:
                                        app(base | t)
                                    break
                            elif p:
                                screen = 1
                            else:
                                app(base | t)
                elif mode == QUIET_SLIDE:
                    for ray in table[f]:
                        for t in ray:
                            if b[t]:
                                break
                            app(base | t)
                elif mode == LEG_SLIDE:
                    for leg, path in table[f]:
                        if b[leg]:
                            continue
                        for t in path:
                            p = b[t]
                            if p:
                                if cap[p]:
                                    app(base | t)
                                break
                            app(base | t)
                else:  # LINE4: the crossbow's exact five
                    for w, x, y, z, t in table[f]:
                        if not (b[w] or b[x] or b[y] or b[z]):
                            p = b[t]
                            if not p or cap[p]:
                                app(base | t)
        if not out and at is None:
            out.append(PASS)
        return out

    def capture_codes(self) -> list[int]:
        """The mover's captures as integer codes, in the order legal_codes() lists them (found
        along the occupancy bits, without walking the empty points)."""
        if self.result is not None:
            return []
        cap, movable = self._tables_for(self.turn)
        b, occ, tables = self.board, self.occ, self._captures
        out: list[int] = []
        for k in movable:
            for f in self.pieces[k]:
                mode, table = tables[b[f] & 15]
                base = f << 9
                if mode == JUMP:
                    for between, t in table[f]:
                        if cap[b[t]] and not occ & between:
                            out.append(base | t)
                elif mode == RAY:
                    for leg, line, rises in table[f]:
                        m = occ & line
                        if m and not occ & leg:
                            t = (m & -m).bit_length() - 1 if rises else m.bit_length() - 1
                            if cap[b[t]]:
                                out.append(base | t)
                else:  # SCREEN: past the first piece on the line, the next one
                    for line, rises in table[f]:
                        m = occ & line
                        if m:
                            m ^= m & -m if rises else 1 << m.bit_length() - 1
                            if m:
                                t = (m & -m).bit_length() - 1 if rises else m.bit_length() - 1
                                if cap[b[t]]:
                                    out.append(base | t)
        return out

    def set_turn(self, k: int) -> None:
        """Hand the move to kingdom k without playing (searches let any opponent reply)."""
        self.hash ^= ZOBRIST_MOVER[self.turn] ^ ZOBRIST_MOVER[k]
        self.turn = k

    def legal_moves(self) -> LegalMoves:
        """The mover's legal moves (``[pass]`` when nothing else is legal; ``[]`` once over)."""
        return LegalMoves(map(Move, self.legal_codes()))

    def parse_move(self, move: "Move | str | int") -> Move:
        """Check a move for the mover; raises IllegalMove saying what is wrong with it."""
        if self.result is not None:
            raise IllegalMove("the game is over")
        m = move if isinstance(move, Move) else Move(move) if isinstance(move, int) else Move.parse(move)
        if m.code in self.legal_codes():
            return m
        name = KINGDOM_NAMES[self.turn]
        if m.is_pass:
            raise IllegalMove(f"{name} has legal moves and cannot pass")
        if not 0 <= m.from_sq < POINTS or not 0 <= m.to_sq < POINTS:
            raise IllegalMove(f"move code {m.code} is not on the board")
        p = self.board[m.from_sq]
        here = point_name(m.from_sq)
        if not p:
            raise IllegalMove(f"no piece on {here}")
        if p == ZHOU_CODE:
            raise IllegalMove("Zhou never moves")
        if self.controller[p >> 4] != self.turn:
            raise IllegalMove(f"the {KINGDOM_NAMES[p >> 4]} {KIND_NAMES[p & 15]} on {here} is not "
                              f"{name}'s to move")
        raise IllegalMove(f"{m} is not a legal move for {name}")

    # ---- play and undo ------------------------------------------------------------------

    def play(self, move: "Move | str | int") -> Move:
        """Play a legal move of the mover with all its consequences; returns the Move."""
        m = self.parse_move(move)
        self.play_code(m.code)
        return m

    def play_code(self, m: int) -> None:
        """Play a move code known to be legal (no checks: the fast path for search)."""
        turn = self.turn
        rec_tail = (turn, self.quiet, self.hash, self.result, self.occ, self.horses, self.cannons)
        b = self.board
        if m == PASS:
            self._undo.append((PASS, 0, None) + rec_tail)
            self.quiet += 1
            self._check_quiet()
            self._advance()
            return
        f = m >> 9
        t = m & 511
        p = b[f]
        c = b[t]
        snap = None
        if c:
            victim = c >> 4
            w = self.weights[c & 15]
            if c & 15 == GENERAL or (self.alive[victim] and self._attrition_reached(victim, turn, w)):
                snap = self._snapshot()
        self._undo.append((m, c, snap) + rec_tail)
        b[t] = p
        b[f] = 0
        self.occ = (self.occ ^ 1 << f) | 1 << t
        if c & 15 == HORSE:
            self.horses ^= 1 << t
        elif c & 15 == CANNON:
            self.cannons ^= 1 << t
        if p & 15 == HORSE:
            self.horses ^= 1 << f | 1 << t
        elif p & 15 == CANNON:
            self.cannons ^= 1 << f | 1 << t
        s = self.pieces[p >> 4]
        s.remove(f)
        s.add(t)
        h = self.hash ^ ZOBRIST[p << 9 | f] ^ ZOBRIST[p << 9 | t]
        if c:
            self.hash = h ^ ZOBRIST[c << 9 | t]
            self.pieces[victim].remove(t)
            self.prisoners[turn].append(c)
            self.score[turn] += w
            self.quiet = 0
            if c & 15 == GENERAL:
                self.generals[turn] += 1
                self._defeat(victim, "general", turn)
            else:
                self.taken[victim][turn] += w
                self.losses[victim] += w
                if snap is not None:
                    self._defeat(victim, "attrition", turn)
            if self.result is None:
                self._check_hegemony(turn)
        else:
            self.hash = h
            self.quiet += 1
            if self.quiet >= self.rules.quiet_rounds:  # the limit is at least that
                self._check_quiet()
        self._advance()

    def resign(self, kingdom: "str | int | None" = None) -> None:
        """The kingdom (default: the mover) leaves the game as by attrition (docs/rules.md 5)."""
        if self.result is not None:
            raise IllegalMove("the game is over")
        if kingdom is None:
            k = self.turn
        elif isinstance(kingdom, str):
            k = KINGDOMS.find(kingdom) if len(kingdom) == 1 else -1
        else:
            k = kingdom if isinstance(kingdom, int) and not isinstance(kingdom, bool) else -1
        if not 0 <= k < 7 or not self.alive[k]:
            raise IllegalMove(f"{kingdom!r} is not a kingdom in the game")
        self._undo.append((RESIGN, k, self._snapshot(), self.turn, self.quiet, self.hash, self.result, self.occ,
                           self.horses, self.cannons))
        self._defeat(k, "resigned", -1)
        if self.result is None and self.turn == k:
            self._advance()

    def undo(self) -> "Move | str":
        """Take back the last move or resignation exactly; returns it (a Move, or
        ``resign:`` + the kingdom's letter)."""
        if not self._undo:
            raise IllegalMove("there is no move to undo")
        m, c, snap, turn, quiet, h, result, self.occ, self.horses, self.cannons = self._undo.pop()
        self.turn, self.quiet, self.hash, self.result = turn, quiet, h, result
        if m == RESIGN:
            self._restore(snap)
            return RESIGN + KINGDOMS[c]
        if snap is not None:
            self._restore(snap)
            return Move(m)
        if m == PASS:
            return Move(PASS)
        f = m >> 9
        t = m & 511
        b = self.board
        p = b[t]
        b[f] = p
        b[t] = c
        s = self.pieces[p >> 4]
        s.remove(t)
        s.add(f)
        if c:
            victim = c >> 4
            w = self.weights[c & 15]
            self.pieces[victim].add(t)
            self.prisoners[turn].pop()
            self.score[turn] -= w
            self.taken[victim][turn] -= w
            self.losses[victim] -= w
        return Move(m)

    def replay(self, entries: Iterable[str]) -> None:
        """Play history entries (moves, ``pass`` and ``resign:X``) in order."""
        for e in entries:
            if not isinstance(e, str):
                raise IllegalMove(f"{e!r} is not a move (moves are text, e.g. b10e10)")
            if e.startswith(RESIGN):
                self.resign(e[len(RESIGN):])
            else:
                self.play(e)

    # ---- consequences -------------------------------------------------------------------

    def _advance(self) -> None:
        n = self.turn
        alive = self.alive
        for _ in range(7):
            n = n + 1 if n < 6 else 0
            if alive[n]:
                break
        self.hash ^= ZOBRIST_MOVER[self.turn] ^ ZOBRIST_MOVER[n]
        self.turn = n

    def _attrition_reached(self, victim: int, captor: int, w: int) -> bool:
        r = self.rules
        if r.attrition_count == "single":
            return self.taken[victim][captor] + w >= r.attrition_limit
        return self.losses[victim] + w >= r.attrition_limit

    def _snapshot(self) -> tuple:
        return (self.board[:], [set(s) for s in self.pieces], self.controller[:], self.alive[:],
                [h[:] for h in self.prisoners], self.score[:], self.generals[:],
                [row[:] for row in self.taken], self.losses[:], self.credits[:], self.fallen[:])

    def _restore(self, snap: tuple) -> None:
        """Back to a snapshot, in place (lists held by callers stay valid); the snapshot itself
        is only read, so copies of a game may share it."""
        (board, pieces, controller, alive, prisoners, score, generals, taken, losses, credits, fallen) = snap
        self.board[:] = board
        for mine, saved in zip(self.pieces, pieces):
            mine.clear()
            mine.update(saved)
        for kept, saved_list in zip(self.prisoners, prisoners):
            kept[:] = saved_list
        for kept, saved_list in zip(self.taken, taken):
            kept[:] = saved_list
        self.controller[:], self.alive[:], self.score[:] = controller, alive, score
        self.generals[:], self.losses[:], self.credits[:], self.fallen[:] = generals, losses, credits, fallen
        self._control_changed()

    def _top_captor(self, k: int, decider: int) -> int:
        """The kingdom that took most of k's pieces (the decider on a tie), or -1."""
        row = self.taken[k]
        best = max(row)
        if best == 0:
            return -1
        if decider >= 0 and row[decider] == best:
            return decider
        return row.index(best)

    def _defeat(self, k: int, how: str, by: int) -> None:
        """Kingdom k is out: pass on, freeze or remove its army and the armies it held."""
        r = self.rules
        army = [j for j in range(7) if j == k or self.controller[j] == k]
        self.alive[k] = False
        if how == "general":
            fate = "captor" if r.general_army == "captor" else "removed"
            heir = by
        else:
            for sq in list(self.pieces[k]):
                if self.board[sq] & 15 == GENERAL:
                    self.hash ^= ZOBRIST[self.board[sq] << 9 | sq]
                    self.board[sq] = 0
                    self.occ ^= 1 << sq
                    self.pieces[k].discard(sq)
            by = self._top_captor(k, by)
            fate, heir = r.attrition_army, by
            if fate == "captor":
                while heir >= 0 and not self.alive[heir]:
                    nxt = self.controller[heir]
                    heir = nxt if nxt != heir else INERT
                if heir < 0:
                    fate = "inert"
        for j in army:
            if fate == "removed":
                for sq in self.pieces[j]:
                    self.hash ^= ZOBRIST[self.board[sq] << 9 | sq]
                    self.board[sq] = 0
                    self.occ ^= 1 << sq
                    self.horses &= ~(1 << sq)
                    self.cannons &= ~(1 << sq)
                self.pieces[j].clear()
                self.controller[j] = j
            else:
                self.controller[j] = heir if fate == "captor" else INERT
        self.fallen[k] = Fall(how, by, self.ply)
        if by >= 0:
            self.credits[by] += 1
        self._control_changed()
        if self.result is None and by >= 0 and by != self.turn:
            self._check_hegemony(by)
        self._check_last_standing()

    def _hegemony_reason(self, k: int) -> str | None:
        r = self.rules
        if r.win_generals and self.generals[k] >= r.win_generals:
            return "generals"
        if r.win_captures and self.score[k] >= r.win_captures:
            return "prisoners"
        if r.win_kingdoms and self.credits[k] >= r.win_kingdoms:
            return "kingdoms"
        return None

    def _check_hegemony(self, k: int) -> None:
        reason = self._hegemony_reason(k)
        if reason and self.alive[k]:
            self.result = self._make_result(self._bloc(k), reason)

    def _check_last_standing(self) -> bool:
        players = {self.teams[k] for k in range(7) if self.alive[k]}
        if len(players) <= 1 and self.result is None:
            k = next(k for k in range(7) if self.alive[k])
            self.result = self._make_result(self._bloc(k), "last_standing")
        return self.result is not None

    def _check_quiet(self) -> bool:
        if self.result is None and self.quiet >= self.rules.quiet_rounds * sum(self.alive):
            self.result = self._make_result(self._leaders(), "quiet")
        return self.result is not None

    def _leaders(self) -> str:
        """The players in play with the most prisoners, then the fewest losses (every tied one)."""
        best = max(self._standing(k) for k in range(7) if self.alive[k])
        top = {self.teams[k] for k in range(7) if self.alive[k] and self._standing(k) == best}
        return "".join(KINGDOMS[k] for k in self.seated if self.teams[k] in top)

    def end_by_agreement(self) -> Result:
        """The players end the game as it stands (a house rule of Qiguo's, not of the sources):
        ranked as a quiet game is, the leaders in play winning. Not a move: it is not in the
        history, and the game cannot be played on or taken back after it."""
        if self.result is not None:
            raise IllegalMove("the game is over")
        self.result = self._make_result(self._leaders(), "agreement")
        return self.result

    def _standing(self, k: int) -> tuple[int, int]:
        return (self.score[k], -self.losses[k])

    def ranking(self) -> list[int]:
        """The kingdoms that started, best first: the result's ranking once the game is over;
        before, by the same order without winners (in play first, then by how long each lasted,
        then standing: prisoners and losses)."""
        if self.result is not None:
            return [KINGDOMS.index(ch) for ch in self.result.ranking]
        return self._ranked("")

    def _ranked(self, winners: str) -> list[int]:
        def key(k: int) -> tuple:
            fall = self.fallen[k]
            return (KINGDOMS[k] in winners, self.alive[k], fall.ply if fall else 0) + self._standing(k)
        return sorted(self.seated, key=key, reverse=True)

    def _make_result(self, winners: str, reason: str) -> Result:
        return Result(winners, reason, tuple(KINGDOMS[k] for k in self._ranked(winners)))

    def _bits(self, kind: int | None = None) -> int:
        """The points holding a piece (of `kind`, when given) as bits, counted from the board."""
        return sum(1 << sq for sq, p in enumerate(self.board) if p and (kind is None or p & 15 == kind))

    def _full_hash(self) -> int:
        h = ZOBRIST_MOVER[self.turn]
        for sq, p in enumerate(self.board):
            if p:
                h ^= ZOBRIST[p << 9 | sq]
        return h

