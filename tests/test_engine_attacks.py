"""attackers() reads the move rules backwards: it must agree with the legal move generator."""
import random

import pytest

from qiguo.engine import (CANNON, HORSE, INERT, POINTS, Game, Move, attacked_by, attackers, opens_toward, random_game,
                          touched_by)


def legal_captures(g: Game) -> set[tuple[int, int]]:
    """(from, to) of every legal capture of every kingdom in play, as if each moved now."""
    captures: set[tuple[int, int]] = set()
    saved = g.turn
    for k in range(7):
        if g.alive[k]:
            g.set_turn(k)
            captures |= {(m.from_sq, m.to_sq) for m in g.legal_moves() if not m.is_pass and g.piece_at(m.to_sq)}
    g.set_turn(saved)
    return captures


def check_agreement(g: Game) -> int:
    """Every legal capture appears in attackers(); every attacker that may capture can. Returns
    how many captures were compared."""
    captures = legal_captures(g)
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


@pytest.mark.parametrize("options", [{}, {"horse": "upto3"}, {"ranged": "exact"}])
def test_touched_by_names_every_piece_whose_attackers_a_move_changes(options):
    """After any move, a piece whose attackers() changed is on one end of the move or in
    touched_by() of an end (with the flags saying whether a Horse or a Cannon moved or fell);
    asked about some points only, it names those of them it names when asked about all."""
    checked = 0
    for seed in range(6):
        g = Game.new(**options)
        random_game(g, seed, max_plies=24 + 6 * seed)
        if g.result is not None:
            continue
        before = {sq: sorted(attackers(g, sq)) for sq, _ in g.occupied()}
        for code in g.legal_codes()[::3]:
            frm, to = Move(code).from_sq, Move(code).to_sq
            kinds = {p.kind for p in (g.piece_at(frm), g.piece_at(to)) if p}
            alive = g.alive[:]
            g.play_code(code)
            if g.alive != alive:  # a defeat may remove armies: a search looks at everything again
                g.undo()
                continue
            touched = set(touched_by(g, frm, HORSE in kinds, CANNON in kinds)
                          + touched_by(g, to, HORSE in kinds, CANNON in kinds)) | {frm, to}
            among = sum(1 << sq for sq, _ in g.occupied()[code % 5::2])
            for end in (frm, to):
                assert sorted(touched_by(g, end, HORSE in kinds, CANNON in kinds, among)) == sorted(
                    sq for sq in touched_by(g, end, HORSE in kinds, CANNON in kinds) if among >> sq & 1)
            for sq, _ in g.occupied():
                if sq not in touched:
                    assert sorted(attackers(g, sq)) == before.get(sq), (g.to_qfen(), code, sq)
                    checked += 1
                elif sq not in (frm, to):  # what newly attacks it lies on a line through an end
                    new = set(attackers(g, sq)) - set(before[sq])
                    assert new <= set(attackers(g, sq, (frm, to))) <= set(attackers(g, sq)), (g.to_qfen(), code, sq)
            g.undo()
    assert checked > 10000


@pytest.mark.parametrize("options", [{}, {"horse": "upto3"}, {"ranged": "exact"}])
def test_attacked_by_says_whether_an_attacker_stands_among_the_points_given(options):
    """attacked_by(g, sq, among) is whether attackers(g, sq) holds a point of `among`, for every
    point (empty or not) and the pieces of each kingdom, of every other piece, and of one."""
    yes = no = 0
    for seed in range(6):
        g = Game.new(**options)
        random_game(g, seed, max_plies=20 + 8 * seed)
        occupied = [sq for sq, _ in g.occupied()]
        sets = [sum(1 << sq for sq in g.pieces[k]) for k in range(7)]
        sets += [sum(1 << sq for sq in occupied[seed % 2::2]), 1 << occupied[seed]]
        for sq in range(0, 361, 2):
            found = attackers(g, sq)
            for among in sets:
                expected = any(among >> s & 1 for s in found)
                assert attacked_by(g, sq, among) == expected, (g.to_qfen(), sq, among)
                yes, no = yes + expected, no + (not expected)
    assert yes > 1000 and no > 1000


@pytest.mark.parametrize("options", [{}, {"horse": "upto3", "ranged": "exact"}])
def test_a_move_that_opens_no_way_toward_a_point_brings_it_no_new_attacker(options):
    """``opens_toward(game, sq, frm, to)`` False: every attacker of sq after the move, the mover
    aside, attacked it before (so a search need not play the move to know)."""
    rng = random.Random(3)
    checked = opened = 0
    for seed in range(6):
        g = random_game(Game.new(**options), seed, max_plies=20 + 40 * seed)
        if g.result is not None:
            continue
        for m in rng.sample(g.legal_codes(), 12):
            frm, to = Move(m).from_sq, Move(m).to_sq
            points = [sq for sq in range(POINTS) if g.board[sq] and sq not in (frm, to)]
            before = {sq: set(attackers(g, sq)) for sq in points}
            opens = {sq: opens_toward(g, sq, frm, to) for sq in points}
            g.play_code(m)
            for sq in points:
                new = set(attackers(g, sq)) - before[sq] - {to}
                assert opens[sq] or not new, (g.to_qfen(), str(Move(m)), sq)
                checked += 1
                opened += bool(new)
            g.undo()
    assert checked > 2000 and opened > 10, (checked, opened)  # moves did open ways, and each was foreseen


def test_a_horse_leg_left_and_a_cannon_screen_made_open_ways():
    from positions import game as position
    from qiguo.engine import parse_point as p
    horse = position({"b1": "wG", "h11": "wH", "h12": "rW", "e15": "rG", "s3": "oG"})  # h12: its leg
    cannon = position({"b1": "wG", "e5": "wC", "e3": "rW", "d10": "rW", "e15": "rG", "s3": "oG"})
    for g, attacker, frm, to in ((horse, "h11", "h12", "i12"), (cannon, "e5", "d10", "e10")):
        assert not attacked_by(g, p("e15"), 1 << p(attacker))
        assert opens_toward(g, p("e15"), p(frm), p(to))
        g.set_turn(1)
        g.play(frm + to)
        assert attacked_by(g, p("e15"), 1 << p(attacker))
