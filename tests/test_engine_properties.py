"""Property tests over seeded random games (hypothesis chooses seeds, presets and set-ups)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qiguo.engine import KINGDOMS, Game, Move, problems

SETUPS = [dict(), dict(blocs="wg"), dict(blocs="wg,ro,bp"), dict(blocs="wgp,ro,bk"), dict(kingdoms="wbk"),
          dict(kingdoms="rp")]


def check_invariants(g: Game) -> None:
    assert problems(g) == [], (problems(g), g.to_qfen())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["standard", "chinese", "sima-guang"]),
       setup=st.sampled_from(SETUPS), horse=st.sampled_from(["exact3", "upto3"]),
       ranged=st.sampled_from(["upto", "exact"]))
def test_random_games_keep_every_invariant_and_undo_exactly(seed, preset, setup, horse, ranged):
    rng = random.Random(seed)
    g = Game.new(preset, horse=horse, ranged=ranged, **setup)
    while g.result is None:
        assert g.ply < 20_000, "a game must end"
        before, moves = g.to_qfen(), sorted(g.legal_codes())
        captures = [m for m in moves if g.piece_at(Move(m).to_sq)]
        move = rng.choice(captures if captures and rng.random() < 0.3 else moves)
        g.play(move)
        check_invariants(g)
        after = g.to_qfen()
        g.undo()
        assert g.to_qfen() == before and sorted(g.legal_codes()) == moves
        g.play(move)
        assert g.to_qfen() == after
        # the QFEN written is read back to the same position and the same moves
        if g.result is None and g.ply % 7 == 0:
            again = Game.from_qfen(after, g.rules, blocs=setup.get("blocs"))
            assert again.to_qfen() == after and sorted(again.legal_codes()) == sorted(g.legal_codes())
    assert g.result.reason in ("generals", "prisoners", "kingdoms", "last_standing", "quiet")
    assert set(g.result.winners) <= set(KINGDOMS)
    # unwinding the whole game returns to the start
    while g.history:
        g.undo()
    assert g.to_qfen() == Game.new(preset, **setup).to_qfen()


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), setup=st.sampled_from(SETUPS), horse=st.sampled_from(["exact3", "upto3"]))
def test_the_moves_of_one_piece_are_its_share_of_the_legal_moves(seed, setup, horse):
    rng = random.Random(seed)
    g = Game.new(horse=horse, **setup)
    while g.result is None and g.ply < 240:
        if g.ply % 12 == 0:
            moves = g.legal_codes()
            for sq in range(361):
                assert g.legal_codes(sq) == [m for m in moves if not Move(m).is_pass and Move(m).from_sq == sq]
        g.play(rng.choice(g.legal_codes()))


@pytest.mark.parametrize("horse", ["exact3", "upto3"])
@pytest.mark.parametrize("ranged", ["upto", "exact"])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6), setup=st.sampled_from(SETUPS))
def test_the_captures_are_the_legal_moves_that_take_in_their_order(horse, ranged, seed, setup):
    rng = random.Random(seed)
    g = Game.new(horse=horse, ranged=ranged, **setup)
    while g.result is None and g.ply < 240:
        mover = g.turn
        for k in range(7):  # every kingdom's, as a search asks them
            if g.alive[k]:
                g.set_turn(k)
                assert g.capture_codes() == [m for m in g.legal_codes() if m and g.board[Move(m).to_sq]]
        g.set_turn(mover)
        moves = g.legal_codes()
        takes = [m for m in moves if m and g.board[Move(m).to_sq]]
        g.play(rng.choice(takes if takes and rng.random() < 0.3 else moves))
    assert g.capture_codes() == [] or g.result is None


def test_quiet_rule_ends_aimless_games():
    g = Game.new(kingdoms="wk")
    rng = random.Random(3)
    while g.result is None:
        moves = [m for m in g.legal_moves() if not g.piece_at(m.to_sq)] or g.legal_moves()
        g.play_code(rng.choice(moves))
    assert g.result.reason == "quiet"
    assert g.quiet == 50 * 2 and g.ply == 100  # 50 full rounds of the two kingdoms


def test_problems_are_found():
    g = Game.new()
    assert problems(g) == []
    g.board[0] = g.board[5]  # a Chu piece copied onto a1: two pieces where the lists have one
    found = problems(g)
    assert "the piece lists and the board disagree" in found and "the position key drifted" in found


def _spoil(value):
    """Change a container in place, and every container in it."""
    if isinstance(value, list):
        for item in value:
            _spoil(item)
        value.append(-99)
    elif isinstance(value, set):
        value.add(-97)
    elif isinstance(value, dict):
        value[-96] = -95


SHARED = {"_how", "_captures", "_tables", "_all_tables"}
"""Caches a copy shares with its original by design (never changed in place)."""


def test_changing_every_part_of_a_copy_leaves_the_original_as_it_was():
    from qiguo.engine import random_game
    g = Game.new(blocs="wg")
    random_game(g, seed=3, max_plies=120)
    before = g.state()
    history = g.history[:]
    c = g.copy()
    containers = {name for name, value in vars(c).items() if isinstance(value, (list, set, dict))}
    assert containers == set(Game.MUTABLE) | SHARED  # a new mutable field must be declared
    for name in Game.MUTABLE:
        _spoil(getattr(c, name))
    assert g.state() == before and g.history == history
