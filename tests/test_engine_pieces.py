"""Section 3 of docs/rules.md: how each piece moves and captures."""
import pytest

from positions import game, targets

# Generals parked in corners, off every line the tested pieces use.
BASE = {"a19": "wG", "s1": "rG"}


def with_base(**pieces):
    return {**BASE, **pieces}


def test_general_moves_like_a_queen():
    # c4: 18 + 18 orthogonal, diagonals 15 + 2 + 3 + 2
    assert len(targets(game(with_base(c4="wG", a19="wS")), "c4")) == 58


def test_deputy_rook_brigadier_bishop():
    g = game(with_base(c4="wD", c3="wB"))
    assert len(targets(g, "c4")) == 2 + 16 + 15  # west, east, north; c3 blocks the south
    # north-east diagonal stops before Zhou on j10
    assert targets(g, "c3") == {"b4", "a5", "b2", "a1", "d2", "e1", "d4", "e5", "f6", "g7", "h8", "i9"}


def test_slider_stops_at_first_piece_and_captures_it():
    g = game(with_base(c4="wD", c8="rS", c10="rS"))
    assert {"c5", "c6", "c7", "c8"} <= targets(g, "c4")
    assert "c9" not in targets(g, "c4")


def test_own_piece_blocks_and_is_not_captured():
    g = game(with_base(c4="wD", c6="wS"))
    assert "c6" not in targets(g, "c4") and "c5" in targets(g, "c4")


@pytest.mark.parametrize("kind,reach", [("A", 4), ("X", 5)])
def test_bow_and_crossbow_upto(kind, reach):
    g = game(with_base(g8="w" + kind))
    assert len(targets(g, "g8")) == 8 * reach


@pytest.mark.parametrize("kind,reach", [("A", 4), ("X", 5)])
def test_bow_and_crossbow_exact(kind, reach):
    got = targets(game(with_base(g8="w" + kind), ranged="exact"), "g8")
    assert len(got) == 8
    assert f"g{8 + reach}" in got and f"g{8 + reach - 1}" not in got
    # g10 blocks the northern line; k8 is the bow's destination but blocks the crossbow
    got = targets(game(with_base(g8="w" + kind, g10="rS", k8="rS"), ranged="exact"), "g8")
    assert f"g{8 + reach}" not in got
    assert ("k8" in got) == (reach == 4)
    assert "l8" not in got


def test_exact_range_captures_on_the_destination():
    g = game(with_base(h5="wA", h9="rS"), ranged="exact")
    assert "h9" in targets(g, "h5")


def test_sabre_and_sword_one_step():
    g = game(with_base(h5="wS", m5="wW"))
    assert targets(g, "h5") == {"g4", "g6", "i4", "i6"}
    assert targets(g, "m5") == {"m4", "m6", "l5", "n5"}


HORSE_DIAGRAM_EXACT = {"g14", "m14", "g6", "m6", "f13", "f7", "n13", "n7"}


def test_horse_matches_the_diagram():
    # a horse on j10 is impossible (Zhou), so use the same shape around e5's mirror: h6
    g = game(with_base(h6="wH"))
    got = targets(g, "h6")
    assert got == {"e10", "k10", "e2", "k2", "d9", "d3", "l9", "l3"}


def test_horse_upto3_reaches_every_point_of_its_diagonals():
    g = game(with_base(h6="wH"), horse="upto3")
    got = targets(g, "h6")
    assert len(got) == 24
    assert {"i8", "j9", "k10", "g8", "f9", "e10"} <= got


def test_horse_leg_and_path_must_be_empty():
    leg = game(with_base(h6="wH", h7="rS"))  # blocks both northern lines
    assert not {"e10", "k10"} & targets(leg, "h6")
    mid = game(with_base(h6="wH", j9="rS"))  # second diagonal point of the north-east line
    assert "k10" not in targets(mid, "h6") and "e10" in targets(mid, "h6")
    upto = game(with_base(h6="wH", j9="rS"), horse="upto3")
    assert {"i8", "j9"} <= targets(upto, "h6") and "k10" not in targets(upto, "h6")


def test_horse_captures_on_its_destination():
    g = game(with_base(h6="wH", k10="rS"))
    assert "k10" in targets(g, "h6")


def test_zhou_is_never_entered_or_passed():
    g = game(with_base(j5="wD", e10="wG", a19="wS", m13="wB"))
    d = targets(g, "j5")
    assert "j9" in d and "j10" not in d and "j11" not in d
    gen = targets(g, "e10")
    assert "i10" in gen and "j10" not in gen and "k10" not in gen
    assert "k11" in targets(g, "m13") and "j10" not in targets(g, "m13")


def test_horse_cannot_pass_through_zhou():
    via_diagonal = game(with_base(h9="wH"), horse="upto3")  # leg i9, then j10 is Zhou
    got = targets(via_diagonal, "h9")
    assert not {"j10", "k11", "l12"} & got and "j8" in got
    via_leg = game(with_base(j11="wH"))  # the southern leg is Zhou: both southern lines closed
    assert not {"g7", "m7"} & targets(via_leg, "j11")
    assert {"g15", "m15"} <= targets(via_leg, "j11")


@pytest.mark.parametrize("screen", ["wS", "rS", "rE", "wE"])
def test_cannon_captures_over_any_screen(screen):
    g = game(with_base(c5="wC", c8=screen, c12="rH"))
    got = targets(g, "c5")
    assert {"c6", "c7", "c12"} <= got
    assert not {"c8", "c9", "c10", "c11", "c13"} & got


def test_cannon_uses_zhou_as_screen():
    g = game(with_base(e10="wC", o10="rH"))
    got = targets(g, "e10")
    assert "o10" in got and not {"j10", "k10", "n10"} & got


def test_cannon_needs_exactly_one_screen():
    g = game(with_base(c5="wC", c12="rH"))
    assert "c12" not in targets(g, "c5")
    g = game(with_base(c5="wC", c8="rS", c9="rS", c12="rH"))
    got = targets(g, "c5")
    assert "c9" in got and "c12" not in got


def test_cannon_cannot_capture_envoy_or_own_piece():
    g = game(with_base(c5="wC", c8="rS", c12="rE"))
    assert "c12" not in targets(g, "c5")
    g = game(with_base(c5="wC", c8="rS", c12="wS"))
    assert "c12" not in targets(g, "c5")


def test_envoy_never_captures_and_is_never_captured():
    g = game(with_base(h5="wE", h8="rS", k5="rE", f5="rD"), mover="w")
    got = targets(g, "h5")
    assert {"h6", "h7", "i5", "j5"} <= got
    assert not {"h8", "k5"} & got
    r = game(with_base(h5="wE", f5="rD"), mover="r")
    assert "h5" not in targets(r, "f5") and "g5" in targets(r, "f5")


def test_pass_is_the_only_move_of_a_boxed_in_kingdom():
    pieces = {"a19": "wG", "a1": "rG", "a2": "wE", "b1": "oE", "b2": "bE", "s19": "oG", "s18": "bG"}
    g = game(pieces, mover="r")
    assert [str(m) for m in g.legal_moves()] == ["pass"]
    g.play("pass")
    assert g.mover == "o"
    assert g.to_qfen().endswith(" 1")
    with pytest.raises(ValueError, match="cannot pass"):
        g.play("pass")
