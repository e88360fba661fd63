"""The help's diagrams come from the engine and follow the active rules."""
from qiguo.engine import Rules, parse_point
from qiguo.ui import diagrams


def test_every_piece_has_a_diagram_inside_its_window():
    ds = diagrams.all_diagrams(Rules.make())
    assert [d.piece for d in ds] == list("GDBECAXSWH") + ["H", "C"]
    for d in ds:
        assert all(diagrams.in_window(sq) for sq in d.moves | d.captures | set(d.pieces))
    counts = {d.piece: len(d.moves) for d in ds if not d.caption}
    assert counts["S"] == 4 and counts["W"] == 4 and counts["H"] == 8 and counts["A"] == 32


def test_diagrams_follow_the_rule_options():
    upto = {d.piece: d for d in diagrams.all_diagrams(Rules.make("chinese")) if not d.caption}
    exact = {d.piece: d for d in diagrams.all_diagrams(Rules.make(ranged="exact")) if not d.caption}
    assert len(upto["H"].moves) == 24 and len(exact["A"].moves) == 8 and len(exact["X"].moves) == 8


def test_blocked_horse_and_cannon_screens():
    ds = diagrams.all_diagrams(Rules.make())
    horse, cannon = ds[-2], ds[-1]
    assert len(horse.moves) == 5  # the leg on i8 closes two lines, k6 a third
    assert cannon.captures == {parse_point("i11"), parse_point("e7"), parse_point("n7")}

