"""Frozen move-tree counts: a regression check on move generation, play and undo."""
import pytest

from qiguo.engine import KINGDOMS, START_QFEN, Game, perft

# Depth 1 and 2 from the start position with each kingdom to move.
START = {
    "standard": [(72, 5125), (73, 4963), (67, 4562), (67, 4481), (67, 4582), (67, 4888), (73, 5221)],
    "chinese": [(96, 9045), (96, 8660), (90, 8126), (90, 8040), (90, 8146), (90, 8585), (96, 9139)],
    "sima-guang": [(72, 5125), (73, 4963), (67, 4562), (67, 4481), (67, 4582), (67, 4888), (73, 5221)],
}
# A mid-game position (from a seeded random game): Han's army inherited by Chu, prisoners held.
MIDGAME = ("2kHkWkBkGkDkWkH1pHpWpWpGpDpWpH2/3kHkWkSkWkH6pWgB3/4kS7pB5gH/14gE3gW/5kE1wX5pE2gSgW1/"
           "12oE4gCgG/16gSgWgD/1wW6bE8gHgW/wD11bA5gH/wGwC1wAwH4Z9/wBwWwS2wE12bH/1wH15bSbW/wH16oXbB/"
           "6bC11bG/5rE7oH2bSbWbD/17bHbW/4rSrXrS5oS1oS3bH/3rHrWrCrWrH3oHoWoCoWoH3/"
           "2rHrWrDrGrBrWrH4rAoBoWoH2 g o:r w=kAkXpH,r=wWoWoDoG,o=bXbHbW,b=oA,g=pXpCpApHpS,"
           "p=gHgXgAkC,k=wHwWwSpS 1")
MIDGAME_COUNTS = {"standard": (77, 5132, 182077), "chinese": (95, 7272, 421771),
                  "sima-guang": (77, 5067, 186471)}


@pytest.mark.parametrize("preset", list(START))
@pytest.mark.parametrize("mover", range(7))
def test_start_position_perft(preset, mover):
    g = Game.from_qfen(START_QFEN.replace(" w ", f" {KINGDOMS[mover]} "), preset)
    assert (perft(g, 1), perft(g, 2)) == START[preset][mover]
    assert g.to_qfen() == START_QFEN.replace(" w ", f" {KINGDOMS[mover]} ")


def test_start_move_counts_of_the_rule_book():
    counts = [START["standard"][k][0] for k in range(7)]
    assert counts == [72, 73, 67, 67, 67, 67, 73]  # docs/rules.md section 4


@pytest.mark.parametrize("preset", list(MIDGAME_COUNTS))
def test_midgame_perft(preset):
    g = Game.from_qfen(MIDGAME, preset)
    depth = 3 if preset == "standard" else 2
    assert tuple(perft(g, d) for d in range(1, depth + 1)) == MIDGAME_COUNTS[preset][:depth]
    assert g.to_qfen() == MIDGAME


def test_mirrored_layout_swaps_chu_and_han_deputy_and_brigadier():
    g = Game.new(layout="mirrored")
    q = g.to_qfen().split()[0].split("/")[-1]
    assert q == "2rHrWrBrGrDrWrH1oHoWoBoGoDoWoH2"
    assert (perft(g, 1), perft(g, 2)) == (72, 5125)
