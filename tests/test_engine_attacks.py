"""attackers() reads the move rules backwards: it must agree with the legal move generator."""
import pytest

from qiguo.engine import INERT, Game, attackers, random_game


def check_agreement(g: Game) -> int:
    """Every legal capture appears in attackers(); every attacker that may capture can. Returns
    how many captures were compared."""
    captures: set[tuple[int, int]] = set()
    saved = g.turn
    for k in range(7):
        if g.alive[k]:
            g.set_turn(k)
            captures |= {(m.from_sq, m.to_sq) for m in g.legal_moves() if not m.is_pass and g.piece_at(m.to_sq)}
    g.set_turn(saved)
    for s, t in captures:
        assert s in attackers(g, t), (g.to_qfen(), s, t)
    for t, victim in g.occupied():
        if victim.is_zhou or victim.is_envoy:
            continue
        for s in attackers(g, t):
            mover = g.controller[g.piece_at(s).kingdom]
            owner = g.controller[victim.kingdom]
            if mover != INERT and g.alive[mover] and (owner == INERT or g.teams[owner] != g.teams[mover]):
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
