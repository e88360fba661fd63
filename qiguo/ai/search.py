"""Best-Reply Search (Schadd & Winands 2011) for one kingdom against all its opponents.

MAX nodes are the root kingdom's moves; a MIN node lets every opponent try its moves and keeps
the single best reply, after which it is the root kingdom's turn again. Below the first
`full_min` MIN levels, a MIN node looks only at the opponents' captures of the root player's
threatened pieces, and otherwise lets the opponents make a neutral move (the position with the
root kingdom to move again), in the spirit of BRS+ (Esser et al. 2013). With `round`, each
reply is followed by the rest of the opponents' round: every other opponent takes the root
player's piece that pays it best, as six kingdoms do between two of its turns (BRS alone lets
one opponent move); a level may have an opponent with nothing to take move away its piece the
root kingdom attacks instead (``dodge``), and each opponent may keep its General out of the
root kingdom's reach first (``guard``). Late quiet moves at MAX nodes are searched a ply
shallower first (late-move reductions). Leaves take a static-exchange view: what each threatened
root piece stands to lose (kept up to date move by move, see :mod:`.threats`) and the root
kingdom's best capture."""
from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

from qiguo.engine import CANNON, GENERAL, HORSE, INERT, PASS, Game, attacked_by, attackers, opens_toward

from . import weights
from .evaluate import (RIVALS, VALUE, WIN, Rivals, attrition_cost, controlled, evaluate, hegemony_terms,
                       kingdom_value, kingdom_values, letter_material)
from .threats import GENERAL_DANGER, Threats

EXACT, LOWER, UPPER = 0, 1, 2


MIN_NODE = 0x5A5A_1234_9876_F00D
MAX_PLY = 64


def worth(piece: int) -> float:
    """How much a piece is worth taking: a General above everything, else its value."""
    return WIN if piece & 15 == GENERAL else VALUE[piece & 15]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the duration (as it was after): a search makes
    containers by the hundred thousand and no cycles, and each of the collector's full passes
    would walk its tables again (measured: 3 to 5 % of a search's time)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Timeout(Exception):
    """The deadline, node budget or a cancel request stopped the search."""


@dataclass(frozen=True)
class Shape:
    """How a level searches."""

    max_depth: int
    full_min: int = 99
    """MIN levels (from the root) at which every reply is searched."""
    reduce: bool = False
    """Late-move reductions at MAX nodes."""
    after_reply: tuple[float, float, float] = (0.0, 1.0, 0.5)
    """At a leaf where the root kingdom is to move: how much of its three most threatened
    pieces it counts as lost (it saves the first)."""
    after_root: tuple[float, float, float] = (1.0, 0.5, 0.25)
    """At a leaf where the opponents are to move. Below a first weight of one (rates measured in
    play, :mod:`.taken`), a threatened general is counted whole and the weights go to the pieces
    after it: opponents take a general whenever they can."""
    round: bool = False
    """After each reply, the other opponents take what pays them (see :meth:`BestReplySearch._round`)."""
    min_depth: int = 1
    """The depth a search completes whatever its deadline (up to its cap): a slow or busy
    computer gets the same bot, only slower."""


class BestReplySearch:
    """One search from one position. The game given is searched in place and left as found;
    callers pass a copy they own. `switches` names what a level's search does beyond the shape
    (the keys of :data:`.weights.LEVEL_SETS`: ``brink``, ``evade``, ``flee``, ``dodge``, ``guard``,
    ``feud``)."""

    def __init__(self, game: Game, deadline: float | None = None, node_limit: int | None = None,
                 cancelled: Callable[[], bool] | None = None, shape: Shape = Shape(32), cap: float | None = None,
                 node_cap: int | None = None, rivals: Rivals = RIVALS, switches: frozenset[str] = frozenset()):
        self.g = game
        self.root = game.turn
        self.after_root = [(self.root + i) % 7 for i in range(1, 7)]
        """The other kingdoms in turn order, from the one after the root kingdom."""
        self.team = game.teams[self.root]
        self.deadline = deadline
        self.cap = cap
        """Past the deadline, the search goes on until it has completed `shape.min_depth`, but
        never past this time."""
        self.floor_used = False
        """Whether the search went on past its deadline to complete its minimum depth."""
        self.node_limit = node_limit
        self.node_cap = node_cap
        """With a node limit: past it, the search goes on until it has completed `shape.min_depth`,
        but never past this many nodes (None: the limit is hard)."""
        self.cancelled = cancelled
        self.shape = shape
        self.rivals = rivals
        """How much the strongest and the average opponent count against the root player's standing."""
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, float, int]] = {}
        self.killers = [[0, 0] for _ in range(MAX_PLY)]
        self.history: dict[int, int] = {}
        self.completed_depth = 0
        self.overtaken: tuple[int, float] | None = None
        """In the iteration under way: the best move searched whole that beat the first one
        searched, with its value."""
        self.letters = letter_material(game)
        self.values = kingdom_values(game, self.letters)
        self.terms = hegemony_terms(game.rules)
        self._saved: list[tuple[list[float], list[float]]] = []
        self._evaluated: tuple[list[float] | None, float] = (None, 0.0)
        self.threats = Threats(game, self.team, "brink" in switches)
        self.evade = "evade" in switches
        """Whether the selective replies include the escapes of each opponent's General that the root
        kingdom attacks (:meth:`_escapes`)."""
        self.flee = "flee" in switches
        """Whether the selective replies include the moves of the most valuable opponent piece the
        root kingdom can take (:meth:`_flights`)."""
        self.dodge = "dodge" in switches and shape.round
        """Whether an opponent in the round with nothing to take moves away its most valuable piece
        the root kingdom can take (:meth:`_targets`, :meth:`_dodge`)."""
        self.guard = "guard" in switches and self.dodge
        """Whether each opponent in the round keeps its General: one the root kingdom attacks moves
        it out of reach first, and no move of the round leaves the mover's General where the root
        kingdom can take it (:meth:`_guarded`; it goes with :attr:`dodge`, whose targets it reads)."""
        self.feud = "feud" in switches
        """Whether the full-width replies leave out an opponent's capture of another opponent's
        General that does not end the game (:meth:`_replies`)."""
        self._generals = [-1] * 7
        """By kingdom: where :meth:`_general_of` last found its General."""
        self._found_dodges: dict[tuple[int, int, int], tuple[bool, int]] = {}
        """By position, point and kingdom: whether the root kingdom attacked the piece there, and its
        dodge (iterative deepening asks again at each depth)."""

    def _play(self, m: int) -> None:
        """Play m, keeping the material of each letter, each kingdom's value and the threats up
        to date (only captures change the first two)."""
        g = self.g
        self._saved.append((self.letters, self.values))
        if m == PASS:
            g.play_code(m)
            self.threats.moved(0, 0)
            return
        frm, to = m >> 9, m & 511
        victim = g.board[to]
        kind, taken = g.board[frm] & 15, victim & 15
        horse = kind == HORSE or taken == HORSE
        cannon = kind == CANNON or taken == CANNON
        key = g.hash << 18 | m
        if not victim:
            g.play_code(m)
            self.threats.moved(frm, to, False, horse, cannon, key)
            return
        v = victim >> 4
        was = g.alive[v]
        mover = g.turn
        g.play_code(m)
        defeat = was and not g.alive[v]
        if defeat:  # a defeat may have removed armies: count again
            self.letters = letter_material(g)
            self.values = kingdom_values(g, self.letters)
        else:
            letters = self.letters = self.letters[:]
            letters[v] -= VALUE[victim & 15]
            values = self.values = self.values[:]
            for k in (mover, g.controller[v]):  # the captor's score, the victim's material
                if k != INERT and g.alive[k]:
                    values[k] = kingdom_value(g, k, controlled(g, k, letters), self.terms)
        self.threats.moved(frm, to, defeat, horse, cannon, key)

    def _undo(self) -> None:
        self.g.undo()
        self.threats.undo()
        self.letters, self.values = self._saved.pop()

    def _eval(self) -> float:
        """The evaluation; while the game goes on it depends only on the kingdoms' values (a
        new list after every capture), so the last one is kept with the list it came from."""
        values = self.values
        if self.g.result is None:
            if self._evaluated[0] is values:
                return self._evaluated[1]
            v = evaluate(self.g, self.team, values, self.rivals)
            self._evaluated = (values, v)
            return v
        return evaluate(self.g, self.team, values, self.rivals)

    # ---- driver -------------------------------------------------------------------------

    def best_move(self, order_seed: list[int] | None = None) -> tuple[int, float]:
        """Iterative deepening; returns (move code, value) of the deepest finished iteration, or
        of the unfinished one when a move searched whole there beat the one the last finished
        iteration chose (each iteration searches that move first: a deeper look refuted it and
        found better, so the work is not thrown away)."""
        g = self.g
        moves = order_seed or sorted(g.legal_codes())
        if len(moves) == 1:
            return moves[0], 0.0
        best, best_val = moves[0], -WIN
        with collector_paused():
            for depth in range(1, self.shape.max_depth + 1):
                self.overtaken = None
                try:
                    val, move = self._root(moves, depth)
                except Timeout:
                    if self.overtaken is not None:
                        best, best_val = self.overtaken
                    break
                best, best_val = move, val
                self.completed_depth = depth
                moves = [move] + [m for m in moves if m != move]
                if abs(val) >= WIN / 2:
                    break
        return best, best_val

    def value_of(self, move: int, depth: int) -> float:
        """The value of the root move `move` searched `depth` plies deep with a full window,
        whatever the budget (the table of the search so far speeds it up)."""
        self.node_limit = self.deadline = self.cancelled = None
        self._play(move)
        try:
            with collector_paused():
                return self._search(depth - 1, -2 * WIN, 2 * WIN, 1, False)
        finally:
            self._undo()

    def _root(self, moves: list[int], depth: int) -> tuple[float, int]:
        alpha, best = -2 * WIN, moves[0]
        for i, m in enumerate(moves):
            self._play(m)
            try:
                if i == 0:
                    v = self._search(depth - 1, alpha, 2 * WIN, 1, False)
                else:  # a null window first: most moves only need proving worse
                    v = self._search(depth - 1, alpha, alpha + 0.01, 1, False)
                    if v > alpha:
                        v = self._search(depth - 1, alpha, 2 * WIN, 1, False)
            finally:
                self._undo()
            if v > alpha:
                alpha, best = v, m
                if i:
                    self.overtaken = (m, v)
        return alpha, best

    # ---- the tree -----------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes >= self.node_limit:
            if (self.node_cap is None or self.completed_depth >= self.shape.min_depth
                    or self.nodes >= self.node_cap):
                raise Timeout
            self.floor_used = True
        if self.nodes & 127 == 0:
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                if self.completed_depth >= self.shape.min_depth or (
                        self.cap is not None and time.perf_counter() >= self.cap):
                    raise Timeout
                self.floor_used = True
            if self.cancelled is not None and self.cancelled():
                raise Timeout

    def _opponents(self) -> list[int]:
        g = self.g
        return [k for k in range(7) if g.alive[k] and g.teams[k] != self.team]

    def _terminal(self, ply: int) -> float:
        g = self.g
        if g.result is not None:
            v = self._eval()
        else:  # the root kingdom is out but the game goes on
            v = -WIN
        return v - ply if v > 0 else v + ply

    def _order(self, moves: list[int], ply: int, tt_move: int, quiet_by_history: bool = True) -> list[int]:
        """The TT move, captures by victim value (cheapest capturer first), killers, then the
        quiet moves (by history when asked: MIN nodes with hundreds of replies skip it)."""
        b = self.g.board
        k1, k2 = self.killers[ply] if ply < MAX_PLY else (0, 0)
        captures, quiet, first = [], [], []
        for m in moves:
            if m == tt_move or m == k1 or m == k2:
                first.append(m)
            elif b[m & 511]:
                captures.append(m)
            else:
                quiet.append(m)
        captures.sort(key=lambda m: 1000 * VALUE[b[m & 511] & 15] - VALUE[b[m >> 9] & 15], reverse=True)
        if quiet_by_history and self.history:
            history = self.history
            quiet.sort(key=lambda m: history.get(m, 0), reverse=True)
        first.sort(key=lambda m: (m == tt_move, m == k1))  # the TT move, then the killers
        head = [m for m in first if m == tt_move]
        return head + captures + [m for m in first if m != tt_move] + quiet

    def _search(self, depth: int, alpha: float, beta: float, ply: int, maxnode: bool) -> float:
        g = self.g
        self._tick()
        if g.result is not None or not g.alive[self.root]:
            return self._terminal(ply)
        g.set_turn(self.root)
        if depth <= 0:
            return self._leaf(alpha, beta, maxnode)
        key = g.hash ^ (0 if maxnode else MIN_NODE)
        entry = self.tt.get(key)
        tt_move = 0
        if entry is not None:
            d, flag, val, tt_move = entry
            if d >= depth and (flag == EXACT or (flag == LOWER and val >= beta)
                               or (flag == UPPER and val <= alpha)):
                return val
        a0, b0 = alpha, beta
        if maxnode:
            best, best_move = self._max(depth, alpha, beta, ply, tt_move)
        else:
            best, best_move = self._min(depth, alpha, beta, ply, tt_move)
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.tt[key] = (depth, flag, best, best_move)
        return best

    def _max(self, depth: int, alpha: float, beta: float, ply: int, tt_move: int) -> tuple[float, int]:
        g = self.g
        best, best_move = -2 * WIN, 0
        reduce = self.shape.reduce and depth >= 3
        for i, m in enumerate(self._order(g.legal_codes(), ply, tt_move)):
            quiet = not g.board[m & 511]
            self._play(m)
            try:
                if reduce and i >= 4 and quiet:
                    v = self._search(depth - 2, alpha, alpha + 0.01, ply + 1, False)
                    if v > alpha:
                        v = self._search(depth - 1, alpha, beta, ply + 1, False)
                else:
                    v = self._search(depth - 1, alpha, beta, ply + 1, False)
            finally:
                self._undo()
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self._cut(ply, m, depth)
                        break
        return best, best_move

    def _replies(self) -> dict[int, int]:
        """Every opponent's moves (a pass aside): move code -> its kingdom. With :attr:`feud`,
        none that takes another opponent's General short of ending the game (:meth:`_feuds`)."""
        g = self.g
        out: dict[int, int] = {}
        for k in self._opponents():
            g.set_turn(k)
            moves = g.legal_codes()
            if moves[0] != PASS:  # a pass is the only move of a kingdom that has one
                out.update(dict.fromkeys(moves, k))
        g.set_turn(self.root)
        if self.feud:
            for m in self._feuds(out):
                del out[m]
        return out

    def _feuds(self, replies: dict[int, int]) -> list[int]:
        """The replies that take an opponent's General and do not end the game (one that wins it
        for the taker is the worst reply there is, and stays)."""
        generals = {self._general_of(k) for k in self._opponents()} - {-1}
        out = []
        for m, k in replies.items():
            if m & 511 in generals:
                with self._tried(m, k):
                    if self.g.result is None:
                        out.append(m)
        return out

    @contextmanager
    def _tried(self, m: int, k: int) -> Iterator[None]:
        """Kingdom k's move m played on the game alone (not the search's tables) for the block to
        look at, then taken back, the root kingdom to move."""
        g = self.g
        g.set_turn(k)
        g.play_code(m)
        try:
            yield
        finally:
            g.undo()
            g.set_turn(self.root)

    def _min(self, depth: int, alpha: float, beta: float, ply: int, tt_move: int) -> tuple[float, int]:
        g = self.g
        best, best_move = 2 * WIN, 0
        targets = self._targets() if self.dodge else None
        if ply // 2 >= self.shape.full_min:  # only captures, or a move that changes nothing for us
            others = self._round(-1, targets=targets) if self.shape.round else 0
            try:
                best = self._search(depth - 1, alpha, beta, ply + 1, True)
            finally:
                for _ in range(others):
                    self._undo()
            if best <= alpha:
                return best, 0
            beta = min(beta, best)
            owner = self._captures_of_ours()
            if self.evade:
                owner.update(self._escapes())
            if self.flee:
                owner.update(self._flights())
        else:
            owner = self._replies()
            if not owner:
                return self._search(depth - 1, alpha, beta, ply + 1, True), 0
        rounds: dict[int, tuple[list[tuple[int, int]], set[int] | None]] = {}
        """By replier: the moves of the opponents before it in the round, and its legal moves after
        them (the same for each of its replies, so found once)."""
        for m in self._order(list(owner), ply, tt_move, quiet_by_history=False):
            k = owner[m]
            played = self._round_before(k, rounds, targets) if self.shape.round else 0
            try:
                if g.result is None and g.alive[self.root] and (not played or m in (rounds[k][1] or ())):
                    g.set_turn(k)
                    self._play(m)
                    played += 1
                    if self.shape.round and g.result is None:
                        played += self._round(k, before=False, targets=targets)
                v = self._search(depth - 1, alpha, beta, ply + 1, True)
            finally:
                for _ in range(played):
                    self._undo()
            if v < best:
                best, best_move = v, m
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        self._cut(ply, m, depth)
                        break
        return best, best_move

    def _round_before(self, replier: int, memo: dict[int, tuple[list[tuple[int, int]], set[int] | None]],
                      targets: dict[int, int] | None = None) -> int:
        """The opponents' moves before `replier`'s reply (captures and, with `targets`, dodges: see
        :meth:`_round`), chosen once per MIN node and replier and played again for its other
        replies. The memo also keeps the replier's legal moves after them (an earlier kingdom's
        capture may have taken a reply's target or its screen). Returns how many moves were played."""
        found = memo.get(replier)
        if found is None:
            moves: list[tuple[int, int]] = []
            played = self._round(replier, before=True, record=moves, targets=targets)
            legal = None
            if played:
                g = self.g
                g.set_turn(replier)
                legal = set(g.legal_codes())
                g.set_turn(self.root)
            memo[replier] = (moves, legal)
            return played
        g = self.g
        for k, m in found[0]:
            self.nodes += 1
            g.set_turn(k)
            self._play(m)
        if found[0]:
            g.set_turn(self.root)
        return len(found[0])

    def _round(self, replier: int, before: bool = False, record: list[tuple[int, int]] | None = None,
               targets: dict[int, int] | None = None) -> int:
        """The rest of the opponents' round around one opponent's reply, in real turn order:
        with `before`, the opponents that move between the root kingdom and the replier (acting
        on the position before the reply); else those that move after the replier (acting after
        it); with no replier (-1), every opponent. Each takes the root team's piece that pays it
        best, if any; a defended one (a trade) only when the weights count trades
        (`weights.ROUND_TRADES`: a trade costs the taker its own piece, which its evaluation
        weighs far above a twelfth of the victim's). With `targets` (:meth:`_targets`), an opponent
        with nothing to take moves its piece there away if the root kingdom still attacks it
        (:meth:`_dodge`). With :attr:`guard`, each keeps its General first (:meth:`_guarded`).
        Returns how many moves were played (for the caller to undo); `record`
        receives each as (kingdom, move)."""
        if not self.threats.loss and not targets:
            return 0
        g = self.g
        teams, alive, team = g.teams, g.alive, self.team
        order = self.after_root
        if replier >= 0:
            at = order.index(replier)
            order = order[:at] if before else order[at + 1:]
        played = 0
        seen: dict[int, list[int]] = {}  # attackers by point, until a capture changes the board
        for k in order:
            if not alive[k] or teams[k] == team:
                continue
            if self.guard and targets is not None:
                best = self._guarded(k, seen, targets.get(k, -1))
            else:
                best = self._best_capture(k, seen)
            if not best and targets and k in targets:
                best = self._dodge(targets[k], k)
            if best:
                self.nodes += 1  # not a place to stop: the caller undoes these moves
                g.set_turn(k)
                self._play(best)
                if record is not None:
                    record.append((k, best))
                seen.clear()
                played += 1
                if g.result is not None or not alive[self.root]:
                    break
        if played:
            g.set_turn(self.root)
        return played

    def _guarded(self, k: int, seen: dict[int, list[int]], target: int) -> int:
        """Opponent k's move in the round when it keeps its General (:attr:`guard`): the General's
        way out of reach when the root kingdom attacks it (it is k's `target`, see :meth:`_targets`),
        else the capture of the root team's piece that pays it best among those that leave its
        General out of reach (0: none). A General that cannot get away is lost whatever k does:
        k takes what pays it best. A capture that puts the root kingdom out comes first: nothing
        of the root kingdom's takes anything back then."""
        g = self.g
        b, ctl = g.board, g.controller
        general = self._general_of(k)
        best = self._best_capture(k, seen)  # as without the guard, when it keeps the General
        if general >= 0 and general == target:
            if not best or not self._ends_root(best, k):
                escape = self._dodge(general, k)
                if escape:
                    return escape
            general = -1  # lost whatever k does, or safe with the root kingdom out
        if not best or not self._exposes(best, k, general):
            return best
        trades = weights.ROUND_TRADES
        captures: list[tuple[float, int]] = []  # every capture then, best first (the same first)
        for sq, loss in self.threats.loss.items():
            if not trades and loss < VALUE[b[sq] & 15]:
                continue
            found = seen.get(sq)
            if found is None:
                found = seen[sq] = attackers(g, sq)
            captures += [(loss, s << 9 | sq) for s in found if ctl[b[s] >> 4] == k]
        captures.sort(key=lambda capture: -capture[0])
        return next((m for _, m in captures[1:] if not self._exposes(m, k, general)), 0)

    def _best_capture(self, k: int, seen: dict[int, list[int]]) -> int:
        """Kingdom k's capture of the root team's piece that pays it best (0: none): the first of
        the largest losses, taken by the first of its attackers that k moves (`seen`: attackers by
        point, kept until the board changes)."""
        g = self.g
        b, ctl = g.board, g.controller
        trades = weights.ROUND_TRADES
        best, best_gain = 0, 0.0
        for sq, loss in self.threats.loss.items():
            if loss <= best_gain or (not trades and loss < VALUE[b[sq] & 15]):
                continue
            found = seen.get(sq)
            if found is None:
                found = seen[sq] = attackers(g, sq)
            for s in found:
                if ctl[b[s] >> 4] == k:
                    best, best_gain = s << 9 | sq, loss
                    break
        return best

    def _general_of(self, k: int) -> int:
        """The point of kingdom k's own General (-1: none on the board); the last one found is
        kept by kingdom and looked at first (a General seldom moves in a search)."""
        b = self.g.board
        sq = self._generals[k]
        if sq >= 0 and b[sq] == k << 4 | GENERAL:
            return sq
        sq = self._generals[k] = next((sq for sq in self.g.pieces[k] if b[sq] & 15 == GENERAL), -1)
        return sq

    def _exposes(self, m: int, k: int, general: int) -> bool:
        """Whether kingdom k's move m leaves its General where a piece the root kingdom moves can
        take it: the General on `general` (-1: none, or one lost whatever k does) is out of reach
        before m, and a move that opens no way toward it (:func:`qiguo.engine.opens_toward`) leaves
        it so, as does one that puts the root kingdom out. Leaves the root kingdom to move."""
        frm, to = m >> 9, m & 511
        g = self.g
        if general < 0 or (frm != general and not opens_toward(g, general, frm, to)):
            return False
        root = self._root_points()
        with self._tried(m, k):  # the root kingdom's pieces still on the board (m may take one)
            return g.alive[self.root] and attacked_by(g, to if frm == general else general, root & g.occ & ~(1 << to))

    def _ends_root(self, m: int, k: int) -> bool:
        """Whether kingdom k's capture m puts the root kingdom out (its General, or the piece that
        reaches its attrition limit). Leaves the root kingdom to move."""
        with self._tried(m, k):
            return not self.g.alive[self.root]

    def _targets(self) -> dict[int, int]:
        """By opponent: the point of its most valuable piece the root kingdom can take now (a
        General first)."""
        g = self.g
        b, ctl = g.board, g.controller
        out: dict[int, int] = {}
        best: dict[int, float] = {}
        g.set_turn(self.root)
        for m in g.capture_codes():
            victim = b[m & 511]
            k, w = ctl[victim >> 4], worth(victim)
            if k != INERT and w > best.get(k, 0.0):
                out[k], best[k] = m & 511, w
        return out

    def _dodge(self, at: int, k: int) -> int:
        """A move of kingdom k's piece on `at`, if the root kingdom still attacks it there, to a
        point the root kingdom does not attack (0: none). Counted as a node when the root kingdom
        attacks it (kept by position: iterative deepening asks again at each depth)."""
        g = self.g
        key = (g.hash, at, k)
        found = self._found_dodges.get(key)
        if found is None:
            b, ctl = g.board, g.controller
            attacked, dodge = False, 0
            if b[at] and ctl[b[at] >> 4] == k:
                root = self._root_points()
                attacked = attacked_by(g, at, root)
                if attacked and self.guard:  # out of reach once played, and the General too
                    general = self._general_of(k)
                    if general != at and general >= 0 and attacked_by(g, general, root):
                        general = -1  # lost whatever k does
                    dodge = next((m for m in self._moves_of(at, k)
                                  if not attacked_by(g, m & 511, root) and not self._exposes(m, k, general)), 0)
                elif attacked:
                    dodge = next((m for m in self._moves_of(at, k) if not attacked_by(g, m & 511, root)), 0)
            found = self._found_dodges[key] = attacked, dodge
        attacked, dodge = found
        if attacked:
            self.nodes += 1
            g.set_turn(self.root)
        return dodge

    def _root_points(self) -> int:
        """The points of the pieces the root kingdom moves that can attack, as bits (as the game's
        occupancy): without allies and while it is in the game, the threat view's (all its pieces
        but the Envoys, which never attack)."""
        g = self.g
        if not self.threats.allied and g.alive[self.root]:
            return self.threats.bits
        ctl, root = g.controller, self.root
        points = 0
        for k in range(7):
            if ctl[k] == root:
                for sq in g.pieces[k]:
                    points |= 1 << sq
        return points

    def _root_attacks(self, at: int) -> bool:
        """Whether a piece the root kingdom moves attacks the point `at` (empty or not)."""
        return attacked_by(self.g, at, self._root_points())

    def _captures_of_ours(self) -> dict[int, int]:
        """The opponents' captures of threatened root-team pieces: move code -> its kingdom."""
        g = self.g
        b, ctl, enemy = g.board, g.controller, self.threats.enemy
        out: dict[int, int] = {}
        for sq in self.threats.loss:
            for s in attackers(g, sq):
                if enemy[b[s]]:
                    out[s << 9 | sq] = ctl[b[s] >> 4]
        return out

    def _escapes(self) -> dict[int, int]:
        """The moves of each opponent's General that a piece of the root kingdom attacks: move code
        -> its kingdom (the leaf after a selective reply lets the root kingdom take a General
        left standing)."""
        g = self.g
        b, root = g.board, self.root
        out: dict[int, int] = {}
        for k in self._opponents():
            at = next((sq for sq in g.pieces[k] if b[sq] & 15 == GENERAL), None)
            if at is None or not self._root_attacks(at):
                continue
            out.update(self._moves_of(at, k))
        g.set_turn(root)
        return out

    def _flights(self) -> dict[int, int]:
        """The moves of the most valuable opponent piece the root kingdom can take (a General
        first): move code -> the kingdom that moves it. Without them the piece stands through a
        selective reply, and the next leaf counts its capture: every attack would be a capture."""
        g = self.g
        targets = self._targets()
        if not targets:
            return {}
        k, at = max(targets.items(), key=lambda target: worth(g.board[target[1]]))
        out = self._moves_of(at, k)
        g.set_turn(self.root)
        return out

    def _moves_of(self, at: int, k: int) -> dict[int, int]:
        """The legal moves of kingdom k's piece on `at`: move code -> k (k is left to move)."""
        g = self.g
        g.set_turn(k)
        return dict.fromkeys(g.legal_codes(at), k)

    def _cut(self, ply: int, m: int, depth: int) -> None:
        """Remember a quiet move that caused a cut (killer and history heuristics)."""
        if ply < MAX_PLY and not self.g.board[m & 511]:
            ks = self.killers[ply]
            if ks[0] != m:
                ks[1], ks[0] = ks[0], m
            self.history[m] = self.history.get(m, 0) + depth * depth

    def _after_fall(self, m: int) -> float:
        """The value after the root kingdom takes a General with m, seen from a leaf: when its
        kingdom falls, only the evaluation is wanted, so the threats are left as they are."""
        g = self.g
        if not g.alive[g.board[m & 511] >> 4]:  # the General of an army out of the game: nothing falls
            self._play(m)
            v = self._eval() if g.result is None else self._terminal(0)
            self._undo()
            return v
        g.play_code(m)
        try:  # as _play counts after a defeat, afresh
            return evaluate(g, self.team, kingdom_values(g), self.rivals) if g.result is None else self._terminal(0)
        finally:
            g.undo()

    def _leaf(self, alpha: float, beta: float, maxnode: bool) -> float:
        """A static exchange view of the position: the opponents (who all move before the root
        kingdom's next turn) take what hangs; the root kingdom, to move, saves its biggest
        piece or makes its best capture."""
        g = self.g
        shape = self.shape
        stand = self._eval()
        h0, h1, h2 = self.threats.worst(self.root)
        if h0 and weights.ATTRITION_AWARE:  # each piece lost brings the kingdom nearer its limit
            a0, a1, a2 = (attrition_cost(g, self.root, n) for n in range(3))
            h0, h1, h2 = h0 + a0, h1 + (a1 if h1 else 0.0), h2 + (a2 if h2 else 0.0)
        if not maxnode:
            w0, w1, w2 = shape.after_root
            if h0 >= GENERAL_DANGER and w0 < 1.0:  # a general in reach is taken; the rates are the other pieces'
                return stand - (h0 + w0 * h1 + w1 * h2)
            return stand - (w0 * h0 + w1 * h1 + w2 * h2)
        w0, w1, w2 = shape.after_reply
        best = stand - (w0 * h0 + w1 * h1 + w2 * h2)
        if best >= beta:
            return best
        b, enemy = g.board, self.threats.enemy
        left = h0 + 0.5 * h1
        for m in g.capture_codes():
            victim = b[m & 511]
            if victim & 15 == GENERAL:  # a kingdom falls: let the engine work it out
                best = max(best, self._after_fall(m) - left)
                continue
            t = m & 511
            exposed = False
            for s in attackers(g, t):
                if s != m >> 9 and enemy[b[s]]:
                    exposed = True
                    break
            gain = VALUE[victim & 15] - (VALUE[b[m >> 9] & 15] if exposed else 0.0)
            best = max(best, stand + gain - left)
        return best
