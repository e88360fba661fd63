"""attackers() reads the move rules backwards: it must agree with the legal move generator."""
import pytest

from qiguo.engine import Game
from qiguo.engine.attacks import attackers
from qiguo.engine.perft import random_game
from qiguo.engine.pieces import ENVOY, ZHOU


def check_agreement(g: Game) -> int:
    """Every legal capture appears in attackers(); every attacker that may capture can. Returns
    how many captures were compared."""
    b = g.board
    captures: set[tuple[int, int]] = set()
    saved = g.turn
    for k in range(7):
        if g.alive[k]:
            g.set_turn(k)
            captures |= {(m >> 9, m & 511) for m in g.legal_codes() if m and b[m & 511]}
    g.set_turn(saved)
    for s, t in captures:
        assert s in attackers(g, t), (g.to_qfen(), s, t)
    for t, victim in enumerate(b):
        if not victim or victim == ZHOU or victim & 15 == ENVOY:
            continue
        for s in attackers(g, t):
            mover = g.controller[b[s] >> 4]
            if mover >= 0 and g.alive[mover] and (g.controller[victim >> 4] < 0
                                                   or g.teams[g.controller[victim >> 4]] != g.teams[mover]):
                assert (s, t) in captures, (g.to_qfen(), s, t)
    return len(captures)


@pytest.mark.parametrize("options", [{}, {"horse": "upto3"}, {"ranged": "exact"},
                                     {"horse": "upto3", "ranged": "exact"}])
def test_attackers_agree_with_move_generation(options):
    compared = 0
    for seed in range(12):
        g = Game.new(**options)
        for plies in (20, 25, 25, 30):
            random_game(g, seed * 7 + plies, max_plies=g.ply + plies)
            if g.result is not None:
                break
            compared += check_agreement(g)
    assert compared > 200
