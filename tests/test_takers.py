"""The one rule of who can take what (``qiguo.engine.takers``): equal to the legal move
generator, and the rule every other part builds on (the coach's danger marks, the notices, the
bots' threats); the search's incremental form (qiguo.ai.threats) is checked equal to it."""
import pytest

from qiguo.ai.coach.danger import dangers
from qiguo.ai.threats import Threats
from qiguo.engine import INERT, Game, attackers, hostile, parse_point, random_game, takers

from test_engine_attacks import legal_captures


def positions(options, seeds=10):
    """Positions of seeded random games, some with kingdoms out (inherited or inert armies)."""
    for seed in range(seeds):
        g = Game.new(**options)
        for plies in (30, 60, 90, 120):
            random_game(g, seed * 11 + plies, max_plies=g.ply + plies)
            if g.result is not None:
                break
            yield g


@pytest.mark.parametrize("options", [{}, {"horse": "upto3", "ranged": "exact"}, {"attrition_army": "inert"}])
def test_takers_are_the_legal_captures(options):
    compared = fallen = 0
    for g in positions(options):
        captures = legal_captures(g)
        fallen += g.alive.count(False)
        for t, victim in g.occupied():
            if victim.is_zhou:
                continue
            owner = g.controller[victim.kingdom]
            if owner == INERT or not g.alive[owner]:
                continue
            expected = {s for s, to in captures if to == t}
            assert set(takers(g, t, owner)) == expected, (g.to_qfen(), t)
            compared += 1
    assert compared > 1000 and fallen > 0


def test_a_fallen_or_inert_army_takes_nothing():
    for g in positions({"attrition_army": "inert"}, seeds=16):
        for k in range(7):
            for sq in g.pieces[k]:
                piece = g.board[sq]
                c = g.controller[k]
                if c == INERT or not g.alive[c]:
                    assert not any(hostile(g, j, piece) for j in range(7))


@pytest.mark.parametrize("options", [{}, {"attrition_army": "inert"}])
def test_the_searchs_threat_view_and_the_danger_marks_follow_the_rule(options):
    checked = 0
    for g in positions(options, seeds=6):
        for team in set(g.teams[k] for k in range(7) if g.alive[k]):
            rule = {sq for k in range(7) for sq in g.pieces[k]
                    if g.controller[k] != INERT and g.alive[g.controller[k]] and g.teams[g.controller[k]] == team
                    and takers(g, sq, g.controller[k])}
            threats = Threats(g, team)
            assert {sq for sq in range(361) if threats.hit >> sq & 1} == rule
            checked += 1
        marked = {d.point for d in dangers(g)}
        mover = g.turn
        assert marked == {sq for k in range(7) if g.controller[k] == mover for sq in g.pieces[k]
                          if takers(g, sq, mover)}
    assert checked > 30


def test_a_kingdom_out_of_play_takes_nothing_even_where_its_army_still_stands():
    """A placed position: Chu has no General (it is out) but its Deputy still stands on c10, in
    line with Qin's Deputy on c4. It attacks the point, and takes nothing: no danger mark."""
    g = Game.from_qfen("wG18/19/19/19/19/19/19/19/19/2rD6Z9/19/19/19/19/19/2wD16/19/19/18oG w - - 0")
    c4, c10 = parse_point("c4"), parse_point("c10")
    assert not g.alive[1] and g.controller[1] == 1
    assert c10 in attackers(g, c4)
    assert takers(g, c4, 0) == [] and dangers(g) == []
