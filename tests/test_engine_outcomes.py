"""Sections 5 and 6 of docs/rules.md: captures, defeat, victory, alliances, resignation; and undo."""
import pytest

from positions import game, targets
from qiguo.engine import Game, IllegalMove, Standing

# Qin's Deputy on c4 can take Chu's General on c10; Yan sits far away so the game goes on.
DUEL = {"a19": "wG", "c4": "wD", "c10": "rG", "e5": "rS", "h3": "rH", "s19": "kG"}
SEVEN_GENERALS = {"a19": "wG", "s1": "oG", "a1": "rG", "s7": "bG", "s13": "gG", "s17": "pG", "m19": "kG"}


def play_and_check_undo(g: Game, move: str) -> None:
    """Play `move`, then prove undo restores the position exactly, then play it again."""
    before, moves, result = g.to_qfen(), sorted(map(str, g.legal_moves())), g.result
    g.play(move)
    after = g.to_qfen()
    g.undo()
    assert g.to_qfen() == before
    assert sorted(map(str, g.legal_moves())) == moves
    assert g.result == result
    g.play(move)
    assert g.to_qfen() == after


def test_general_captured_army_passes_to_captor():
    g = game(DUEL)
    play_and_check_undo(g, "c4c10")
    assert not g.alive[1]
    fields = g.to_qfen().split()
    assert fields[1:] == ["k", "r:w", "w=rG", "0"]
    assert g.result is None
    g.play("s19s18")
    assert {"e5", "h3"} <= {str(m)[:2] for m in g.legal_moves()}  # Qin moves Chu's army now
    assert (g.standing(1).army, g.standing(1).heir) == ("inherited", 0)


def test_general_captured_army_removed_under_sima_guang():
    g = game(DUEL, rules="sima-guang")
    play_and_check_undo(g, "c4c10")
    q = g.to_qfen()
    assert "rS" not in q and "rH" not in q and q.split()[2] == "-"


def test_two_generals_win_by_hegemony():
    g = game(DUEL, prisoners="w=oG")
    play_and_check_undo(g, "c4c10")
    assert g.result is not None
    assert (g.result.winners, g.result.reason) == ("w", "generals")
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        g.play("s19s18")


def test_thirty_prisoners_win_by_hegemony():
    held = "".join(f"{k}S{k}S{k}W{k}W{k}W{k}W{k}H" for k in "obgp") + "oA"  # 29 pieces
    g = game({**DUEL, "c10": "rW", "a1": "rG"}, prisoners=f"w={held}")
    play_and_check_undo(g, "c4c10")
    assert (g.result.winners, g.result.reason) == ("w", "prisoners")


def test_two_kingdoms_win_under_chinese_preset():
    g = game(DUEL, rules="chinese", prisoners="w=oG")
    play_and_check_undo(g, "c4c10")
    assert (g.result.winners, g.result.reason) == ("w", "kingdoms")


def test_attrition_total_lifts_general_and_army_turns_inert():
    pieces = {**DUEL, "c10": "rC", "a1": "rG"}
    g = game(pieces, prisoners="w=rWrWrWrWrS,k=rHrHrHrA")  # Chu has lost 9
    play_and_check_undo(g, "c4c10")
    q = g.to_qfen().split()
    assert "rG" not in q[0] and q[2] == "r:"
    assert g.standing(1) == Standing("out", "attrition", 0, "inert")
    assert g.mover == "k" and not [m for m in g.legal_moves() if str(m).startswith(("e5", "h3"))]
    g.play("s19s18")
    assert g.mover == "w"  # Chu is skipped, and Qin cannot move the inert army either
    assert not [m for m in g.legal_moves() if str(m).startswith(("e5", "h3"))]


def test_inert_army_never_moves_and_anyone_may_capture_it():
    g = game({"a19": "wG", "c4": "wD", "c8": "rS", "s19": "kG", "s8": "kD"}, control="r:",
             prisoners="w=rG")
    assert "c8" in targets(g, "c4")
    assert not [m for m in g.legal_moves() if m.from_sq == 7 * 19 + 2]
    g.play("a19a18")
    assert "c8" in targets(g, "s8")  # Yan may take it too
    play_and_check_undo(g, "s8c8")
    assert g.to_qfen().split()[3] == "w=rG,k=rS"


def test_attrition_single_counts_one_captor_only():
    pieces = {**DUEL, "c10": "rC", "a1": "rG"}
    split = game(pieces, rules="chinese", prisoners="w=rWrWrWrWrS,k=rHrHrHrA")
    split.play("c4c10")
    assert split.alive[1]  # 6 to Qin, 4 to Yan: nobody has taken 10
    one = game(pieces, rules="chinese", prisoners="w=rWrWrWrWrSrHrHrHrA")
    play_and_check_undo(one, "c4c10")
    assert not one.alive[1]
    assert one.to_qfen().split()[2] == "r:w"  # the army passes to the captor


def test_attrition_under_sima_guang_uses_weights_and_removes_the_army():
    pieces = {**DUEL, "c10": "rC", "a1": "rG"}
    g = game(pieces, rules="sima-guang", prisoners="w=rHrHrH,k=rW")  # 6 + 1 = 7 by weight
    g.play("c4c10")  # a Cannon weighs 3: 10, and the limit is 11
    assert g.alive[1]
    g = game(pieces, rules="sima-guang", prisoners="w=rHrHrH,k=rWrW")  # 8
    play_and_check_undo(g, "c4c10")  # 11
    assert not g.alive[1]
    board = g.to_qfen().split()[0]
    assert "rS" not in board and "rH" not in board and "rG" not in board


def test_attrition_left_counts_as_the_rules_do():
    pieces = {**DUEL, "c10": "rC", "a1": "rG"}
    assert game(pieces, prisoners="w=rWrWrWrWrS,k=rHrHrHrA").attrition_left(1) == 1  # 9 of 10 lost in all
    assert game(pieces, rules="chinese", prisoners="w=rWrWrWrWrS,k=rHrHrHrA").attrition_left(1) == 5  # 5 to Qin
    assert game(pieces, rules="sima-guang", prisoners="w=rHrHrH,k=rW").attrition_left(1) == 4  # 7 by weight of 11
    assert game(pieces).attrition_left(1) == 10


def test_last_standing():
    g = game({"a19": "wG", "c4": "wD", "c10": "rG", "e5": "rS"})
    play_and_check_undo(g, "c4c10")
    assert (g.result.winners, g.result.reason) == ("w", "last_standing")
    assert g.result.ranking == ("w", "r")


def test_allies_cannot_capture_each_other_and_win_together():
    pieces = {**SEVEN_GENERALS, "c4": "wD", "c6": "gS", "c10": "rW"}
    alone = game(pieces)
    assert "c6" in targets(alone, "c4")
    allied = game(pieces, blocs="wg")
    assert "c6" not in targets(allied, "c4") and "c5" in targets(allied, "c4")
    # Wei cannot take Qin's general either
    g = game({**SEVEN_GENERALS, "a17": "gD"}, mover="g", blocs="wg")
    assert "a19" not in targets(g, "a17")


def test_bloc_wins_when_only_its_kingdoms_remain():
    pieces = {"a19": "wG", "s13": "gG", "c4": "wD", "c10": "rG"}
    g = game(pieces, blocs="wg", prisoners="g=oSbSpSkS")  # Han, Qi, Zhao, Yan fell earlier
    play_and_check_undo(g, "c4c10")
    assert (g.result.winners, g.result.reason) == ("wg", "last_standing")


def test_quiet_game_ranks_by_prisoners():
    g = game({"a19": "wG", "a1": "rG", "s19": "kG"}, prisoners="k=oS", quiet_rounds=1)
    g.play("a19a18")
    g.play("a1a2")
    assert g.result is None
    play_and_check_undo(g, "s19s18")  # 3 plies = 1 round of the 3 kingdoms in the game
    assert (g.result.winners, g.result.reason) == ("k", "quiet")
    assert g.result.ranking[0] == "k"


def test_resignation_turns_army_inert_and_is_undone():
    g = game(DUEL, mover="r")
    before = g.to_qfen()
    g.resign()
    assert not g.alive[1] and g.mover == "k"
    assert g.to_qfen().split()[2] == "r:" and "rG" not in g.to_qfen()
    assert g.history == ["resign:r"]
    g.undo()
    assert g.to_qfen() == before and g.alive[1]


def test_resignation_under_chinese_goes_to_top_captor_or_inert():
    g = game(DUEL, rules="chinese", prisoners="k=rW")
    g.resign("r")
    assert g.to_qfen().split()[2] == "r:k"
    g = game(DUEL, rules="chinese")
    g.resign("r")
    assert g.to_qfen().split()[2] == "r:"


def test_turn_skips_kingdoms_out_of_the_game():
    g = Game.new(kingdoms="wbk")
    assert g.mover == "w"
    g.play(g.legal_moves()[0])
    assert g.mover == "b"
    g.play(g.legal_moves()[0])
    assert g.mover == "k"


def test_weighted_prisoners_win_under_sima_guang():
    # classic weights: 5 Deputies (25) + 2 Horses (4) = 29; a Cannon (3) makes 32 >= 30
    held = "oDbDgDpDkD" + "oHoH"
    g = game({**DUEL, "c10": "rC", "a1": "rG"}, rules="sima-guang", prisoners=f"w={held}")
    assert g.result is None and g.score[0] == 29
    play_and_check_undo(g, "c4c10")
    assert (g.result.winners, g.result.reason) == ("w", "prisoners")
    flat = game({**DUEL, "c10": "rC", "a1": "rG"}, prisoners=f"w={held}")
    flat.play("c4c10")
    assert flat.result is None and flat.score[0] == 8  # flat weights: 8 pieces


def test_general_captured_army_passes_to_captor_under_chinese():
    g = game(DUEL, rules="chinese")
    play_and_check_undo(g, "c4c10")
    assert g.to_qfen().split()[2] == "r:w" and g.credits[0] == 1 and g.result is None


def test_replaying_the_history_reproduces_the_game():
    import random
    g = Game.new(kingdoms="wrobk")
    rng = random.Random(5)
    for _ in range(40):
        g.play_code(rng.choice(g.legal_codes()))
    g.resign("o")
    for _ in range(10):
        if g.result is None:
            g.play_code(rng.choice(g.legal_codes()))
    again = Game.new(kingdoms="wrobk")
    again.replay(g.history)
    assert "resign:o" in g.history
    assert again.to_qfen() == g.to_qfen() and again.history == g.history
    with pytest.raises(IllegalMove):
        Game.new().replay(["e10e5", "e10e5"])


def test_the_ranking_of_a_game_going_on_and_of_a_finished_one_come_from_one_order():
    from qiguo.engine import KINGDOMS, random_game
    for seed in range(6):
        g = Game.new()
        random_game(g, seed=seed, max_plies=40 + 30 * seed)
        order = g.ranking()
        assert sorted(order) == list(g.seated)
        alive = [k for k in order if g.alive[k]]
        assert order[:len(alive)] == alive  # the kingdoms in play come first
        if g.result is not None:
            assert order == [KINGDOMS.index(ch) for ch in g.result.ranking]
