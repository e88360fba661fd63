"""The search bench's positions: the same whatever weights the bots ship with."""
from qiguo.ai import bench, weights


def test_the_bench_positions_do_not_move_with_the_weights_in_use():
    shipped = [(g.ply, g.hash) for g in bench.positions(3)]
    before = weights.current()
    with weights.using(weights.complete(weights.HAND_SET)):
        assert [(g.ply, g.hash) for g in bench.positions(3)] == shipped
        assert weights.current() == weights.complete(weights.HAND_SET)  # set back after the positions
    assert weights.current() == before
    assert [g.ply for g in bench.positions(3)] == [40, 44, 48]
