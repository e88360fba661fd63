"""The search's threat map, kept up to date move by move, equals one computed afresh."""
import random

import pytest

from qiguo.ai.evaluate import VALUE
from qiguo.ai.threats import Threats
from positions import DEFENDED, LOST, game as position
from qiguo.engine import CANNON, CROSSBOW, HORSE, SABRE, Game, Move, parse_point, random_game


@pytest.mark.parametrize("rules, options, blocs, brink", [
    ("standard", {}, None, False), ("chinese", {}, None, False), ("sima-guang", {}, None, False),
    ("standard", {"ranged": "exact"}, "wg,ro", False),
    ("standard", {"horse": "upto3", "attrition_limit": 4}, None, False),
    ("standard", {"general_army": "removed", "attrition_limit": 4}, None, False),
    ("standard", {"attrition_limit": 4}, None, True), ("chinese", {"attrition_limit": 3}, None, True),
    ("sima-guang", {"attrition_limit": 5}, "wg,ro", True)])
def test_kept_threats_equal_fresh_ones_through_play_and_undo(rules, options, blocs, brink):
    rng = random.Random(5)
    for seed in range(4):
        g = random_game(Game.new(rules, blocs=blocs, **options), seed, max_plies=rng.randrange(0, 150))
        if g.result is not None:
            continue
        team = g.teams[g.turn]
        kept = Threats(g, team, brink)
        seen = [dict(kept.loss)]
        while g.result is None and len(seen) <= 60:
            m = rng.choice(g.legal_moves())
            alive = list(g.alive)
            horse = not m.is_pass and any(p and p.kind == HORSE for p in (g.piece_at(m.from_sq), g.piece_at(m.to_sq)))
            g.play(m)
            kept.moved(m.from_sq, m.to_sq, g.alive != alive, horse)
            if g.result is None:  # once over, nobody reads the losses: they are not kept
                fresh = Threats(g, team, brink)
                assert ((kept.loss, kept.bits, kept.hit, kept.mine, kept.friend, kept.enemy)
                        == (fresh.loss, fresh.bits, fresh.hit, fresh.mine, fresh.friend, fresh.enemy)), (g.to_qfen(), m)
            seen.append(dict(kept.loss))
        for _ in range(len(seen) - 1):
            g.undo()
            kept.undo()
            seen.pop()
            fresh = Threats(g, team, brink)
            assert kept.loss == seen[-1] == fresh.loss and (kept.mine, kept.enemy) == (fresh.mine, fresh.enemy)



@pytest.mark.parametrize("rules, options", [("standard", {}), ("chinese", {"horse": "upto3"}),
                                            ("standard", {"general_army": "removed", "attrition_limit": 4})])
def test_a_move_played_again_from_a_position_takes_back_what_it_found_the_first_time(rules, options):
    # a search plays the same move from the same position again and again (at every depth): the
    # second time, the threats take the changes found the first time (by the key of position and
    # move), and must end exactly as a fresh update would, down to the order of the losses,
    # which decides ties in the search
    rng = random.Random(11)
    remembered = 0
    for seed in range(3):
        g = random_game(Game.new(rules, **options), seed, max_plies=rng.randrange(0, 30))
        team = g.teams[g.turn]
        memo, plain = Threats(g, team), Threats(g, team)
        path: list[Move] = []
        while g.result is None and len(path) < 50:
            m = rng.choice(g.legal_moves())
            for again in range(2):  # played, taken back, played again
                alive = list(g.alive)
                before = g.hash
                g.play(m)
                defeat = g.alive != alive
                memo.moved(m.from_sq, m.to_sq, defeat, True, key=before << 18 | m.code)
                plain.moved(m.from_sq, m.to_sq, defeat, True)
                assert list(memo.loss.items()) == list(plain.loss.items())
                assert (memo.bits, memo.hit) == (plain.bits, plain.hit)
                if not again:
                    g.undo()
                    memo.undo()
                    plain.undo()
                    assert list(memo.loss.items()) == list(plain.loss.items())
            path.append(m)
        remembered += len(memo._known)
        while path:
            path.pop()
            g.undo()
            memo.undo()
            plain.undo()
            assert list(memo.loss.items()) == list(plain.loss.items()) and (memo.bits, memo.hit) == (plain.bits, plain.hit)
    assert remembered > 100  # the moves played again were taken from what was kept


def test_the_moves_kept_are_bounded(monkeypatch):
    from qiguo.ai import threats
    monkeypatch.setattr(threats, "KNOWN_MOVES", 5)
    g = random_game(Game.new(), 3, max_plies=10)
    kept = Threats(g, g.teams[g.turn])
    for m in list(g.legal_moves())[:40]:
        before = g.hash
        g.play(m)
        kept.moved(m.from_sq, m.to_sq, False, True, key=before << 18 | m.code)
        assert len(kept._known) <= 5
        g.undo()
        kept.undo()
    assert kept._known and kept.loss == Threats(g, g.teams[g.turn]).loss


@pytest.mark.parametrize("move, point", [("f7f8", "h9"), ("e5a8", "d12")])
def test_a_horse_path_opened_or_a_horse_arriving_threatens_a_piece(move, point):
    # Chu's Horse on e5 would reach h9 over e6, f7, g8, but Chu's Sword stands on f7; from a8
    # it reaches d12 over a9, b10, c11
    g = position({"h9": "wW", "d12": "wW", "a10": "wG", "e5": "rH", "f7": "rW", "f1": "rG"}, mover="r")
    kept = Threats(g, g.teams[0])
    assert not kept.loss
    m = Move.parse(move)
    g.play(move)
    kept.moved(m.from_sq, m.to_sq, False, True)
    assert set(kept.loss) == {parse_point(point)} == set(Threats(g, g.teams[0]).loss)


def test_an_allys_most_threatened_piece_is_left_to_the_ally_to_save():
    # Qin and Wei are allies; Qi's general on s10 attacks Wei's general (s13) and Chu's Deputy on
    # c5 attacks Qin's Sword on c10. Wei moves before Qin's next turn and saves its general;
    # Qin's Sword is Qin's to save.
    pieces = {"m19": "wG", "c10": "wS", "c5": "rD", "a15": "rG", "s10": "oG", "s13": "gG", "l1": "bG",
              "d17": "pG", "c11": "kG"}
    g = position(pieces, blocs="wg")
    threats = Threats(g, g.teams[0])
    assert sorted(threats.loss.values(), reverse=True)[0] == 150.0  # Wei's general is threatened
    assert threats.worst(0) == (VALUE[SABRE], 0.0, 0.0)
    assert threats.worst(4) == (150.0, 0.0, 0.0)  # searched from Wei's side, Qin saves its Sword


@pytest.mark.parametrize("general_army, threatened", [("captor", True), ("removed", False)])
def test_a_general_taken_between_two_enemies_hands_on_or_removes_the_threat(general_army, threatened):
    # Chu's Deputy on c5 attacks Qin's piece on c10; Qi takes Chu's general. Under "captor" the
    # Deputy is Qi's and still attacks; under "removed" it leaves the board with Chu's army.
    g = position({"m19": "wG", "c10": "wS", "c5": "rD", "a15": "rG", "a1": "oD", "s10": "oG"},
                 mover="o", general_army=general_army)
    kept = Threats(g, g.teams[0])
    assert set(kept.loss) == {parse_point("c10")}
    g.play("a1a15")
    kept.moved(parse_point("a1"), parse_point("a15"), True, False)
    assert (parse_point("c10") in kept.loss) is threatened
    assert kept.loss == Threats(g, g.teams[0]).loss


BRINK = {**DEFENDED, "r14": "wX", "r17": "oD"}
"""DEFENDED, and Qi's Deputy on r17 can take Qin's Crossbow on r14 for nothing."""


def brink_at(losses: int, mover: str = "w") -> Game:
    return position(BRINK, mover=mover, prisoners="r=" + LOST[:2 * losses])


def test_a_defended_piece_counts_whole_when_its_capture_would_end_the_kingdom():
    # at nine losses of ten, the Deputy taking the Cannon ends Qin: nobody takes back for it
    cannon, crossbow = parse_point("i9"), parse_point("r14")
    loss = {(n, brink): Threats(brink_at(n), 0, brink).loss for n in (8, 9) for brink in (False, True)}
    assert loss[9, True] == {cannon: VALUE[CANNON], crossbow: VALUE[CROSSBOW]}
    assert loss[8, True] == loss[8, False] == loss[9, False] == {crossbow: VALUE[CROSSBOW]}


def test_a_loss_in_the_search_brings_a_defended_piece_to_the_brink_and_back():
    # at eight losses, Qi takes the Crossbow (the ninth): the defended Cannon counts whole from then,
    # and no more once the capture is taken back
    g = brink_at(8, mover="o")
    kept = Threats(g, 0, True)
    assert parse_point("i9") not in kept.loss
    g.play("r17r14")
    kept.moved(parse_point("r17"), parse_point("r14"), False, False)
    assert kept.loss == {parse_point("i9"): VALUE[CANNON]} == Threats(g, 0, True).loss
    g.undo()
    kept.undo()
    assert kept.loss == {parse_point("r14"): VALUE[CROSSBOW]} == Threats(g, 0, True).loss
