"""Best-Reply Search (Schadd & Winands 2011) for one kingdom against all its opponents.

MAX nodes are the root kingdom's moves; a MIN node lets every opponent try each of its
moves and keeps the single best reply, after which it is the root kingdom's turn again.
Leaves extend by one capture of the side to move (captures are all that change the
material evaluation), so a piece left hanging is always seen."""
from __future__ import annotations

import time
from typing import Callable

from qiguo.engine import ENVOY, GENERAL, PASS, Game, attackers

from .evaluate import VALUE, WIN, evaluate, letter_material

EXACT, LOWER, UPPER = 0, 1, 2
MIN_NODE = 0x5A5A_1234_9876_F00D
GENERAL_DANGER = 150.0
"""What a general an opponent can take is counted as losing."""


class Timeout(Exception):
    """The deadline, node budget or a cancel request stopped the search."""


class BestReplySearch:
    """One search from one position. The game given is searched in place and left as found;
    callers pass a copy they own."""

    def __init__(self, game: Game, deadline: float | None = None, node_limit: int | None = None,
                 cancelled: Callable[[], bool] | None = None):
        self.g = game
        self.root = game.turn
        self.team = game.teams[self.root]
        self.deadline = deadline
        self.node_limit = node_limit
        self.cancelled = cancelled
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, float, int]] = {}
        self.killers = [[0, 0] for _ in range(64)]
        self.completed_depth = 0
        self.letters = letter_material(game)
        self._saved: list[list[float]] = []

    def _play(self, m: int) -> None:
        """Play m, keeping the material of each letter up to date."""
        g = self.g
        victim = g.board[m & 511]
        self._saved.append(self.letters)
        if not victim:
            g.play_code(m)
            return
        v = victim >> 4
        was = g.alive[v]
        g.play_code(m)
        if was and not g.alive[v]:  # a defeat may have removed armies: count again
            self.letters = letter_material(g)
        else:
            self.letters = self.letters[:]
            self.letters[v] -= VALUE[victim & 15]

    def _undo(self) -> None:
        self.g.undo()
        self.letters = self._saved.pop()

    def _eval(self) -> float:
        return evaluate(self.g, self.team, self.letters)

    # ---- driver -------------------------------------------------------------------------

    def best_move(self, max_depth: int = 32, order_seed: list[int] | None = None) -> tuple[int, float]:
        """Iterative deepening; returns (move code, value) of the deepest finished iteration
        (or the best move found so far in an unfinished one, which is searched PV-first)."""
        g = self.g
        moves = order_seed or sorted(g.legal_codes())
        if len(moves) == 1:
            return moves[0], 0.0
        best, best_val = moves[0], -WIN
        for depth in range(1, max_depth + 1):
            try:
                val, move = self._root(moves, depth)
            except Timeout:
                break
            best, best_val = move, val
            self.completed_depth = depth
            moves = [move] + [m for m in moves if m != move]
            if abs(val) >= WIN / 2:
                break
        return best, best_val

    def _root(self, moves: list[int], depth: int) -> tuple[float, int]:
        alpha, best = -2 * WIN, moves[0]
        for m in moves:
            self._play(m)
            try:
                v = self._search(depth - 1, alpha, 2 * WIN, 1, False)
            finally:
                self._undo()
            if v > alpha:
                alpha, best = v, m
        return alpha, best

    # ---- the tree -----------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise Timeout
        if self.nodes & 127 == 0:
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise Timeout
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

    def _order(self, moves: list[int], ply: int, tt_move: int) -> list[int]:
        b = self.g.board
        k1, k2 = self.killers[ply] if ply < 64 else (0, 0)

        def key(m: int) -> float:
            if m == tt_move:
                return 1e9
            victim = b[m & 511]
            if victim:
                return 1000 * VALUE[victim & 15] - VALUE[b[m >> 9] & 15]
            return 500.0 if m == k1 or m == k2 else 0.0
        return sorted(moves, key=key, reverse=True)

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
        best_move = 0
        if maxnode:
            best = -2 * WIN
            for m in self._order(g.legal_codes(), ply, tt_move):
                self._play(m)
                try:
                    v = self._search(depth - 1, alpha, beta, ply + 1, False)
                finally:
                    self._undo()
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            self._killer(ply, m)
                            break
        else:
            best = 2 * WIN
            replies: list[tuple[int, int]] = []
            for k in self._opponents():
                g.set_turn(k)
                replies.extend((m, k) for m in g.legal_codes() if m != PASS)
            if not replies:
                return self._search(depth - 1, alpha, beta, ply + 1, True)
            owner = dict(replies)
            for m in self._order(list(owner), ply, tt_move):
                g.set_turn(owner[m])
                self._play(m)
                try:
                    v = self._search(depth - 1, alpha, beta, ply + 1, True)
                finally:
                    self._undo()
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            self._killer(ply, m)
                            break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.tt[key] = (depth, flag, best, best_move)
        return best

    def _killer(self, ply: int, m: int) -> None:
        if ply < 64 and not self.g.board[m & 511]:
            ks = self.killers[ply]
            if ks[0] != m:
                ks[1], ks[0] = ks[0], m

    def _hanging(self) -> list[float]:
        """What each of the root player's pieces that an opponent attacks stands to lose
        (its value, less the cheapest attacker when it is defended), largest first."""
        g = self.g
        b, ctl, teams, alive, team = g.board, g.controller, g.teams, g.alive, self.team
        losses: list[float] = []
        for k in range(7):
            c = ctl[k]
            if c < 0 or not alive[c] or teams[c] != team:
                continue
            for sq in g.pieces[k]:
                kind = b[sq] & 15
                if kind == ENVOY:
                    continue
                cheapest, defended = 0.0, False
                for s in attackers(g, sq):
                    a = b[s]
                    ac = ctl[a >> 4]
                    if ac < 0 or not alive[ac]:
                        continue
                    if teams[ac] == team:
                        defended = True
                    elif not cheapest or VALUE[a & 15] < cheapest:
                        cheapest = VALUE[a & 15]
                if not cheapest:
                    continue
                if kind == GENERAL:
                    losses.append(GENERAL_DANGER)
                else:
                    loss = VALUE[kind] - (cheapest if defended else 0.0)
                    if loss > 0:
                        losses.append(loss)
        losses.sort(reverse=True)
        return losses

    def _leaf(self, alpha: float, beta: float, maxnode: bool) -> float:
        """A static exchange view of the position: the opponents (who all move before the root
        kingdom's next turn) take what hangs; the root kingdom, to move, saves its biggest
        piece or makes its best capture."""
        g = self.g
        stand = self._eval()
        hang = self._hanging() + [0.0, 0.0, 0.0]
        if not maxnode:
            return stand - (hang[0] + 0.5 * hang[1] + 0.25 * hang[2])
        best = stand - (hang[1] + 0.5 * hang[2])
        if best >= beta:
            return best
        b, ctl, teams, alive = g.board, g.controller, g.teams, g.alive
        left = hang[0] + 0.5 * hang[1]
        for m in g.legal_codes():
            victim = b[m & 511]
            if not victim:
                continue
            if victim & 15 == GENERAL:  # a kingdom falls: let the engine work it out
                self._play(m)
                v = self._eval() if g.result is None else self._terminal(0)
                self._undo()
                best = max(best, v - left)
                continue
            t = m & 511
            exposed = any(ctl[b[s] >> 4] >= 0 and alive[ctl[b[s] >> 4]] and teams[ctl[b[s] >> 4]] != self.team
                          for s in attackers(g, t) if s != m >> 9)
            gain = VALUE[victim & 15] - (VALUE[b[m >> 9] & 15] if exposed else 0.0)
            best = max(best, stand + gain - left)
        return best
