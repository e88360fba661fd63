"""What the root player's pieces stand to lose, kept up to date move by move during a search.

For each piece of the root player (a kingdom and its allies) that an opponent could capture,
the loss: its value, less the cheapest attacker when the piece is defended; a general counts as
losing the kingdom. After a move only the pieces whose attackers can have changed (the engine's
``touched_by`` of both ends of the move) are looked at again, so a leaf of the search need not
walk every piece; of those, a piece no opponent attacked is looked at in full only when an
opponent's piece now reaches it along a line through an end of the move, or by horse (the only
ways a move can bring a new attacker).

With `brink`, a defended piece whose capture would end its kingdom by attrition counts whole:
nobody takes back for a kingdom that is out."""
from __future__ import annotations

from qiguo.engine import ENVOY, GENERAL, INERT, Game, attackers, touched_by

from .evaluate import VALUE

GENERAL_DANGER = 150.0
"""What a general an opponent can take is counted as losing."""
Sides = tuple[list[bool], list[bool], list[bool]]
"""By piece code: the root team moves it and can lose it; it is the team's; it is an opponent's."""
KNOWN_MOVES = 100_000
"""How many moves :meth:`Threats.moved` keeps the changes of (tens of megabytes at most); past
that it starts again."""


class Threats:
    """The loss of every threatened root-team piece, by point (points absent: nothing to lose)."""

    def __init__(self, game: Game, team: int, brink: bool = False):
        self.g = game
        self.team = team
        self.brink = brink
        """Whether a defended piece counts whole when its capture would end its kingdom."""
        self.loss: dict[int, float] = {}
        self.allied = game.teams.count(team) > 1
        """Whether the team has kingdoms besides the one searching (allies)."""
        self.mine = [False] * 128
        """By piece code: the root team moves it (its kingdom's controller is on the team), and it
        can be lost (Envoys aside)."""
        self.friend = [False] * 128
        """By piece code: its kingdom's controller is in the game and on the root team."""
        self.enemy = [False] * 128
        """By piece code: its kingdom's controller is in the game and an opponent."""
        self.bits = 0
        """The points of the root team's pieces (Envoys aside), as bits like the game's occupancy."""
        self.hit = 0
        """The points of the root team's pieces that an opponent attacks, as bits."""
        self._undo: list[tuple[int, int, object]] = []
        """Per move: the bits and hits before it, and the losses it changed as (point, old loss),
        or the tables and losses it replaced (a tuple)."""
        self._replaced = 0
        """How many of those entries replaced the tables (after a defeat)."""
        self._known: dict[int, tuple[int, int, list[tuple[int, float]], list[tuple[int, float]]]] = {}
        """By move played from a position (see :meth:`moved`'s `key`), while the tables are the
        first ones: the bits and hits it led to, the losses it changed (as the undo stack keeps
        them) and what it did to them, in order (point, new loss; 0 for removed)."""
        self._tables: dict[tuple[tuple[int, ...], ...], Sides] = {}
        """The tables by control, kingdoms in the game and teams (never changed once made)."""
        self.recompute()

    def recompute(self) -> None:
        """Every root-team piece looked at again (at the start, and after a defeat)."""
        g = self.g
        state = (tuple(g.controller), tuple(g.alive), tuple(g.teams))
        tables = self._tables.get(state)
        if tables is None:
            tables = self._tables[state] = self._sides()
        self.mine, self.friend, self.enemy = tables
        loss = {}
        bits = self.hit = 0
        for k in range(7):
            c = g.controller[k]
            if c != INERT and g.alive[c] and g.teams[c] == self.team:
                for sq in g.pieces[k]:
                    if self.mine[g.board[sq]]:
                        bits |= 1 << sq
                    v = self.loss_at(sq)
                    if v:
                        loss[sq] = v
        self.loss = loss
        self.bits = bits

    def _sides(self) -> Sides:
        """The tables :attr:`mine`, :attr:`friend` and :attr:`enemy` for the game's control now."""
        g = self.g
        mine, friend, enemy = [False] * 128, [False] * 128, [False] * 128
        for p in range(112):
            c = g.controller[p >> 4]
            if p & 15 and c != INERT and g.alive[c]:
                ours = g.teams[c] == self.team
                friend[p], enemy[p] = ours, not ours
                mine[p] = ours and p & 15 != ENVOY
        return mine, friend, enemy

    def loss_at(self, sq: int) -> float:
        """What the piece on `sq` stands to lose if it is the root team's, else 0 (and whether an
        opponent attacks it, in :attr:`hit`)."""
        g = self.g
        b = g.board
        p = b[sq]
        if not self.mine[p]:
            return 0.0
        enemy, friend = self.enemy, self.friend
        cheapest, defended = 0.0, False
        for s in attackers(g, sq):
            a = b[s]
            if enemy[a]:
                v = VALUE[a & 15]
                if not cheapest or v < cheapest:
                    cheapest = v
            elif friend[a]:
                defended = True
        if not cheapest:
            self.hit &= ~(1 << sq)
            return 0.0
        self.hit |= 1 << sq
        if p & 15 == GENERAL:
            return GENERAL_DANGER
        if defended and self.brink and g.alive[p >> 4] and g.attrition_left(p >> 4) <= g.weights[p & 15]:
            defended = False  # its capture ends the kingdom: nobody takes back
        loss = VALUE[p & 15] - (cheapest if defended else 0.0)
        return loss if loss > 0 else 0.0

    def moved(self, frm: int, to: int, defeat: bool = False, horse: bool = True, cannon: bool = True,
              key: int | None = None) -> None:
        """Bring the losses up to date after a move from `frm` to `to` (already played; a pass
        has both 0). `defeat`: a kingdom fell; `horse`, `cannon`: the piece moved or taken is a
        Horse, a Cannon. `key`: the position before the move and the move, as one number (the
        game's hash << 18 | move code); the losses are a function of the board while the tables
        stay the first ones, so a move played again from the same position (a search revisits
        positions at each depth) takes the changes found the first time."""
        loss = self.loss
        bits0, hit0 = self.bits, self.hit
        if frm == to:
            self._undo.append((bits0, hit0, []))
            return
        memo = key is not None and not defeat and not self._replaced
        changes: list[tuple[int, float]]
        ops: list[tuple[int, float]]
        if memo and key is not None:
            known = self._known.get(key)
            if known is not None:
                self.bits, self.hit, changes, ops = known
                self._undo.append((bits0, hit0, changes))
                for sq, v in ops:  # done again in the same order: the losses keep their order too
                    if v:
                        loss[sq] = v
                    else:
                        loss.pop(sq, None)
                return
        if defeat:
            after = self._after_defeat()
            if after != "lines":
                self._replaced += 1
                self._undo.append((bits0, hit0, (loss, self.mine, self.friend, self.enemy)))
                if after == "lapse":
                    self.loss = {}
                else:
                    self.recompute()
                return
        g = self.g
        b, mine = g.board, self.mine
        if mine[b[to]]:  # a root-team piece moved
            self.bits = bits = self.bits & ~(1 << frm) | 1 << to
        else:  # a root-team piece may have been taken on `to`
            self.bits = bits = self.bits & ~(1 << to)
        changes = []
        ops = []  # what was done to the losses, in order (0: removed)
        for sq in (frm, to):
            if sq in loss:
                changes.append((sq, loss.pop(sq)))
                ops.append((sq, 0.0))
        self.hit = hit = self.hit & ~(1 << frm | 1 << to)  # each bit below changes only at its point
        touched = set(touched_by(g, frm, horse, cannon, bits) + touched_by(g, to, horse, cannon, bits))
        if bits >> to & 1:
            touched.add(to)
        elif self.brink and bits0 >> to & 1:  # one piece nearer the limit: every threatened one again
            rest = hit & bits
            while rest:
                low = rest & -rest
                touched.add(low.bit_length() - 1)
                rest ^= low
        ends = (frm, to)
        enemy = self.enemy
        for sq in touched:
            if sq != to and not hit >> sq & 1:
                # no opponent attacked it: one can only have come along a line through an end
                # of the move, or by horse
                for s in attackers(g, sq, ends):
                    if enemy[b[s]]:
                        break
                else:
                    continue
            old = loss.get(sq, 0.0)
            new = self.loss_at(sq)
            if new != old:
                changes.append((sq, old))
                ops.append((sq, new))
                if new:
                    loss[sq] = new
                else:
                    del loss[sq]
        self._undo.append((bits0, hit0, changes))
        if memo and key is not None:
            if len(self._known) >= KNOWN_MOVES:
                self._known.clear()
            self._known[key] = (self.bits, self.hit, changes, ops)

    def _after_defeat(self) -> str:
        """What a defeat asks of the losses: ``"lapse"`` once the game is over or the whole
        team is out (nobody reads them then: they are emptied), ``"lines"`` when only the
        move's lines changed (a general taken between two enemies, whose armies stay enemies),
        else ``"all"`` (armies changed hands or left: every piece is looked at again)."""
        g = self.g
        team, teams = self.team, g.teams
        if g.result is not None or not any(a and teams[k] == team for k, a in enumerate(g.alive)):
            return "lapse"
        if g.rules.general_army != "captor":
            return "all"
        for k, fall in enumerate(g.fallen):
            if fall is not None and fall.ply == g.ply and (
                    fall.how != "general" or teams[k] == team or teams[fall.by] == team):
                return "all"
        return "lines"

    def undo(self) -> None:
        """Back to the losses before the last :meth:`moved`."""
        self.bits, self.hit, undone = self._undo.pop()
        if isinstance(undone, tuple):
            self.loss, self.mine, self.friend, self.enemy = undone
            self._replaced -= 1
            return
        loss = self.loss
        assert isinstance(undone, list)
        for sq, old in reversed(undone):
            if old:
                loss[sq] = old
            else:
                loss.pop(sq, None)

    def worst(self, root: int) -> tuple[float, float, float]:
        """The three largest losses, largest first (zeros when fewer pieces are threatened),
        leaving out each ally's largest: an ally (a kingdom of the team other than `root`, which
        the search never moves) saves that piece itself on its own turn."""
        if not self.loss:
            return 0.0, 0.0, 0.0
        if not self.allied:  # every piece of the team is the root kingdom's
            three = sorted(self.loss.values(), reverse=True)[:3] + [0.0, 0.0, 0.0]
            return three[0], three[1], three[2]
        b, ctl = self.g.board, self.g.controller
        top: list[float] = []
        saved: set[int] = set()
        for sq, v in sorted(self.loss.items(), key=lambda item: item[1], reverse=True):
            k = ctl[b[sq] >> 4]
            if k != root and k not in saved:
                saved.add(k)
                continue
            top.append(v)
            if len(top) == 3:
                break
        return tuple(top + [0.0] * (3 - len(top)))  # type: ignore[return-value]
