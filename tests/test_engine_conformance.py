"""The engine's legal moves against a second, plain implementation of the movement rules
(tests/reference_moves.py), on positions of seeded random games under every preset, both
movement options and several set-ups: inherited and inert armies, blocs, kingdoms off the board,
games to their end.

By hand, the same reference also agrees with another program's legal moves on 3,067 positions
from real games (the team's conformance data, which stays outside this repository; see
tools/conformance.py)."""
import random

import pytest

from qiguo.engine import Game, board_pieces
from positions import game
from reference_moves import legal_moves as reference

SETUPS = [
    ("standard", {}, None, "wrobgpk"),
    ("standard", {"horse": "upto3"}, None, "wrobgpk"),
    ("standard", {"ranged": "exact"}, "wg,ro,bp", "wrobgpk"),
    ("chinese", {}, "wgp,ro,bk", "wrobgpk"),
    ("chinese", {"ranged": "exact"}, None, "wrob"),
    ("sima-guang", {}, None, "wrobgpk"),
    ("sima-guang", {"horse": "upto3", "ranged": "exact"}, None, "wbgk"),
]


def reference_of(g: Game) -> list[str]:
    return reference(board_pieces(g.to_qfen()), g.mover, list(g.controller), list(g.teams), g.rules.horse,
                     g.rules.ranged, over=g.result is not None)


def engine_of(g: Game) -> list[str]:
    return sorted(str(m) for m in g.legal_moves())


@pytest.mark.parametrize("preset,options,blocs,kingdoms", SETUPS)
def test_every_other_ply_of_random_games_the_moves_equal_the_reference(preset, options, blocs, kingdoms):
    checked = inherited = 0
    for seed in range(2):
        g = Game.new(preset, kingdoms=kingdoms, blocs=blocs, **options)
        rng = random.Random(seed)
        while True:
            if g.ply % 2 == 0 or g.result is not None:
                assert engine_of(g) == reference_of(g), (preset, options, seed, g.to_qfen())
                checked += 1
                inherited += any(c not in (k, -1) for k, c in enumerate(g.controller))
            if g.result is not None or g.ply >= 600:
                break
            moves = g.legal_moves()
            captures = [m for m in moves if not m.is_pass and g.piece_at(m.to_sq)]
            g.play(rng.choice(captures if captures and rng.random() < 0.3 else moves))
    assert checked > 60, checked
    if preset != "sima-guang":  # where armies pass to the captor, some positions have one moved by another
        assert inherited


def test_a_kingdom_with_no_move_passes_in_both():
    # Qin's General is boxed in by enemy Envoys, which are never taken.
    g = game({"a1": "wG", "a2": "rE", "b1": "oE", "b2": "bE", "s19": "rG", "s1": "oG", "a19": "bG"})
    assert engine_of(g) == reference_of(g) == ["pass"]


def test_the_cannon_screen_zhou_and_the_horse_leg_in_both():
    # The Cannon on j5 jumps Zhou (j10) to take on j14; the Horses meet blocked legs and paths.
    pieces = {"j5": "wC", "j14": "rS", "a1": "wG", "s19": "rG", "h9": "wH", "h10": "rW", "k8": "wH",
              "l7": "oS", "s1": "oG"}
    for horse in ("exact3", "upto3"):
        g = game(pieces, horse=horse)
        moves = engine_of(g)
        assert moves == reference_of(g)
        assert "j5j14" in moves and "j5j10" not in moves and all(not m.endswith("j10") for m in moves)
