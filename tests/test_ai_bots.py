"""The bots: legal, sensible, repeatable, and they never change the game they are given."""
import random

import pytest

from positions import LOST, game as position
from qiguo.ai import LEVELS, NODE_BUDGETS, Budget, choose_move
from qiguo.ai.threats import Threats
from qiguo.engine import Game, Move, random_game

SETUPS = [("standard", None), ("chinese", None), ("sima-guang", None), ("standard", "wg,ro,bp"),
          ("chinese", "wgp,ro,bk")]


def positions(preset, blocs, count=4):
    out = []
    for seed in range(count):
        g = random_game(Game.new(preset, blocs=blocs), seed, max_plies=10 + 15 * seed)
        if g.result is None:
            out.append(g)
    return out


SWEEP = {"novice": Budget(), "easy": Budget(), "normal": Budget(nodes=800), "hard": Budget(nodes=1500)}
"""Small node budgets for the legality sweep: every level's code path, at a tenth of its cost
(the shipped budgets are played in the tests of strength below)."""


@pytest.mark.parametrize("preset,blocs", SETUPS)
def test_bots_return_only_legal_moves_and_leave_the_game_alone(preset, blocs):
    for g in positions(preset, blocs):
        before, history = g.to_qfen(), g.history
        for level in LEVELS:
            move = choose_move(g, level, seed=1, budget=SWEEP[level])
            assert move in g.legal_codes(), (level, g.to_qfen())
            assert g.to_qfen() == before and g.history == history


@pytest.mark.parametrize("preset,blocs", SETUPS)
def test_hard_with_every_switch_of_the_weights_file_returns_legal_moves_and_leaves_the_game_alone(preset, blocs):
    from qiguo.ai import weights
    every = weights.complete({**weights.current(), **{key: ["hard"] for key in weights.LEVEL_SETS}})
    with weights.using(every):
        for g in positions(preset, blocs):
            before, history = g.to_qfen(), g.history
            assert choose_move(g, "hard", seed=1, budget=SWEEP["hard"]) in g.legal_codes(), g.to_qfen()
            assert g.to_qfen() == before and g.history == history


@pytest.mark.parametrize("level", LEVELS[1:])
def test_bots_guard_an_allys_general_as_their_own(level):
    # Qin and Wei are allies. Chu's Brigadier on p10 attacks Wei's general (s13); Qin's Deputy (k10)
    # can take it, or take Yan's Deputy (k4), the bigger piece, and let Chu take Wei's general.
    pieces = {"n5": "wG", "k10": "wD", "p10": "rB", "k4": "kD", "a15": "rG", "q12": "oG", "l1": "bG",
              "s13": "gG", "d17": "pG", "c11": "kG"}
    g = position(pieces, blocs="wg")
    assert choose_move(g, level, seed=2, budget=NODE_BUDGETS[level]) == Move.parse("k10p10")


@pytest.mark.parametrize("level", LEVELS[1:])
def test_takes_an_undefended_general(level):
    # Qin may take Chu's general (c10) or Yan's Deputy (k4), worth more as material
    g = position({"a19": "wG", "c4": "wD", "c10": "rG", "k4": "kD", "s18": "kG", "s1": "oG"})
    assert choose_move(g, level, seed=3, budget=NODE_BUDGETS[level]) == (3 * 19 + 2) << 9 | (9 * 19 + 2)


@pytest.mark.parametrize("level", LEVELS[1:])
def test_wins_at_once_by_hegemony(level):
    # Qin already holds a general: taking Chu's wins; Yan's Deputy is the bigger piece
    g = position({"a19": "wG", "c4": "wD", "c10": "rG", "k4": "kD", "s19": "kG"}, prisoners="w=oG")
    move = choose_move(g, level, seed=4, budget=NODE_BUDGETS[level])
    g.play_code(move)
    assert g.result is not None and g.result.winners == "w" and g.result.reason == "generals"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_leave_its_general_capturable(level):
    # Chu's Deputy on c3 attacks Qin's general on c10; Qin's Deputy could grab Yan's Deputy instead
    pieces = {"c10": "wG", "k5": "wD", "h14": "wS", "c3": "rD", "a1": "rG", "k8": "kD", "s19": "kG"}
    for seed in range(3):
        g = position(pieces)
        g.play_code(choose_move(g, level, seed=seed, budget=NODE_BUDGETS[level]))
        for k in (1, 6):
            g.set_turn(k)
            assert not [m for m in g.legal_moves() if (g.piece_at(m.to_sq) or 0) and g.piece_at(m.to_sq).is_general], \
                f"{level} left its general"


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_position_same_move(level):
    g = random_game(Game.new(), 5, max_plies=30)
    budget = SWEEP[level] if level == "hard" else NODE_BUDGETS[level]
    moves = {choose_move(g, level, seed=9, budget=budget) for _ in range(2)}
    again = Game.from_qfen(g.to_qfen())
    moves.add(choose_move(again, level, seed=9, budget=budget))
    assert len(moves) == 1


def test_novice_varies_with_the_seed_and_prefers_captures():
    g = random_game(Game.new(), 2, max_plies=25)
    assert len({choose_move(g, "novice", seed=s) for s in range(20)}) > 1
    captures = [m for m in g.legal_moves() if g.piece_at(m.to_sq)]
    if captures:
        picks = [choose_move(g, "novice", seed=s) for s in range(40)]
        assert sum(m in captures for m in picks) > 20


def test_unknown_level_and_finished_game_are_refused():
    g = Game.new()
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_move(g, "grandmaster")
    done = position({"a19": "wG", "c4": "wD", "c10": "rG"})
    done.play("c4c10")
    with pytest.raises(ValueError, match="over"):
        choose_move(done, "easy")


@pytest.mark.parametrize("level", LEVELS)
def test_bots_leave_the_global_random_state_alone(level):
    g = random_game(Game.new(), 3, max_plies=30)
    random.seed(12)
    state = random.getstate()
    choose_move(g, level, seed=1, budget=SWEEP[level])
    assert random.getstate() == state


def test_the_search_completes_two_plies_on_a_node_budget():
    from qiguo.ai.search import BestReplySearch
    search = BestReplySearch(Game.new(), node_limit=NODE_BUDGETS["hard"].nodes)
    move, _ = search.best_move()
    assert search.completed_depth >= 2 and move in Game.new().legal_codes()


def _wins_whatever_they_do(g: Game, team_letter: str) -> bool:
    """Every sequence of the opponents' moves until Qin's turn leaves Qin a move that wins."""
    if g.result is not None:
        return False
    if g.mover == team_letter:
        for m in g.legal_codes():
            g.play_code(m)
            won = g.result is not None and g.result.winners == team_letter
            g.undo()
            if won:
                return True
        return False
    for m in g.legal_codes():
        g.play_code(m)
        ok = _wins_whatever_they_do(g, team_letter)
        g.undo()
        if not ok:
            return False
    return True


def test_hard_finds_a_two_step_win_that_normal_misses():
    # Chinese rules: Qin has defeated Han (one kingdom of the two it needs) and has taken nine
    # of Chu's pieces; a tenth defeats Chu by attrition, credited to Qin, and wins. Chu's only
    # piece Qin can reach is the Sword in the a19 corner, behind Yan's Sword on a15. Taking that
    # Sword (a13a15) opens the file: Chu's Sword can only step to a18, still on it, and no
    # one can block or take Qin's Deputy, so Qin wins next turn. Normal, two plies deep, sees
    # only a Sword for a Sword and takes Qi's Deputy (c8c4) instead.
    pieces = {"a10": "wG", "a13": "wD", "b13": "wW", "b19": "wE", "c8": "wX",
              "a19": "rW", "s1": "rG", "s2": "rW", "r1": "rW", "r2": "rW",
              "a15": "kW", "a1": "kG", "a2": "kW", "b1": "kW", "b2": "kW",
              "s19": "bG", "s18": "bW", "r19": "bW", "r18": "bW", "c4": "bD"}
    g = position(pieces, rules="chinese", prisoners="w=oGrHrHrHrHrSrSrDrBrC,k=pG,b=gG")
    for m in g.legal_codes():  # no win in one: it takes two steps
        g.play_code(m)
        assert g.result is None
        g.undo()
    hard = choose_move(g, "hard", seed=1, budget=NODE_BUDGETS["hard"])
    normal = choose_move(g, "normal", seed=1, budget=NODE_BUDGETS["normal"])
    assert str(Move(hard)) == "a13a15"
    assert str(Move(normal)) != "a13a15"
    g.play_code(hard)
    assert _wins_whatever_they_do(g, "w")
    g.undo()
    g.play_code(normal)
    assert not _wins_whatever_they_do(g, "w")


ROUND_CAPTURES = {"b18": "wG", "e10": "wC", "j12": "wA", "a6": "rB", "a15": "rG", "n16": "kB", "c11": "kG",
                  "s10": "oG", "s13": "gG", "l1": "bG", "d17": "pG"}
"""Chu's Brigadier (a6) can take Qin's Cannon (e10), Yan's (n16) Qin's Bow (j12)."""


def test_the_rest_of_the_round_takes_what_pays_each_other_opponent():
    # Between two of Qin's turns both move, so hard's search plays both captures after a reply
    # (BRS alone would let only one opponent move).
    from qiguo.ai.search import BestReplySearch, Shape
    g = position(ROUND_CAPTURES)
    before = g.to_qfen()
    search = BestReplySearch(g, shape=Shape(2, round=True))
    assert search._round(-1) == 2 and g.history == ["a6e10", "n16j12"] and g.turn == 0
    for _ in range(2):
        search._undo()
    g.set_turn(0)
    assert g.to_qfen() == before and search.threats.loss == Threats(g, 0).loss
    g.set_turn(1)
    search._play(Move.parse("a15a16"))  # Chu's reply was elsewhere: Chu does not move twice
    assert search._round(1) == 1 and g.history[-1] == "n16j12"


def test_the_round_takes_a_defended_piece_only_when_trades_are_counted():
    # Qin's Deputy (e10), defended by a Sword, stands to lose 0.62 to Chu's Brigadier (a trade);
    # its Bow (j12) is Yan's for nothing. With trades, the round plays both captures; without,
    # only Yan's, as an opponent that would lose its Brigadier for the Deputy leaves it.
    from qiguo.ai import weights
    from qiguo.ai.search import BestReplySearch, Shape
    g = position({**ROUND_CAPTURES, "e10": "wD", "e11": "wW"})
    for trades, moves in ((True, ["a6e10", "n16j12"]), (False, ["n16j12"])):
        with weights.using({**weights.current(), "round_trades": trades}):
            search = BestReplySearch(g, shape=Shape(2, round=True))
            assert search._round(-1) == len(moves) and g.history == moves
            for _ in moves:
                search._undo()
            g.set_turn(0)


def test_the_captures_before_a_replier_are_replayed_as_first_chosen():
    # Yan moves last: before its reply, Chu's Brigadier takes Qin's Cannon. The MIN node keeps
    # that choice for Yan's other replies: replayed, it must give the same moves and position,
    # and Yan's legal moves after it.
    from qiguo.ai.search import BestReplySearch, Shape
    g = position(ROUND_CAPTURES)
    before = g.to_qfen()
    search = BestReplySearch(g, shape=Shape(2, round=True))
    memo: dict = {}
    seen = []
    for _ in range(2):
        played = search._round_before(6, memo)
        turn = g.turn
        g.set_turn(6)
        seen.append((played, turn, g.history[:], g.to_qfen(), sorted(g.legal_codes()), search.threats.loss.copy(),
                     search.nodes))
        for _ in range(played):
            search._undo()
        g.set_turn(0)
        assert g.to_qfen() == before
    (first, turn, moves, qfen, legal, loss, nodes), again = seen
    assert first == 1 and turn == 0 and moves == ["a6e10"]
    assert again[:6] == (first, turn, moves, qfen, legal, loss) and again[6] == nodes + 1  # a replay counts
    assert memo[6][0] == [(1, Move.parse("a6e10").code)] and memo[6][1] == set(legal)


ROUND_ORDER = {"a1": "wG", "a5": "rG", "a12": "oD", "s19": "oG", "a8": "bW", "s1": "bG", "m1": "rW"}
"""Qin's General can take Chu's on a5. Han's Deputy on a12 could take it back only if Qi's Sword
left a8 first, but Han moves before Qi: in real turn order the capture is safe."""


@pytest.mark.parametrize("budget", [Budget(nodes=20000), Budget(seconds=0.5)])
def test_hard_takes_a_general_that_is_safe_in_real_turn_order(budget):
    from qiguo.engine import qfen_of
    g = Game.from_qfen(qfen_of(ROUND_ORDER, "w"))
    assert str(Move(choose_move(g, "hard", budget=budget))) == "a1a5"


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("nodes", [40, 700, 4000])
def test_each_level_honours_its_node_budget(level, nodes):
    import time
    from qiguo.ai.bots import think
    g = Game.new()
    random_game(g, seed=nodes, max_plies=30)
    stop = time.monotonic() + 20  # a runaway search is stopped, and then fails the check below
    thought = think(g, level, seed=1, budget=Budget(nodes=nodes), cancelled=lambda: time.monotonic() > stop)
    assert thought.nodes <= nodes + 8, thought


class NoTable(dict):
    """A transposition table that keeps nothing."""

    def __setitem__(self, key, value):
        pass


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_transposition_table_keeps_alpha_beta_sound(seed):
    """Searched again and again with random windows, a search that keeps its table answers as
    alpha-beta must: the exact value inside the window, a bound on the right side outside it."""
    from qiguo.ai.evaluate import WIN
    from qiguo.ai.search import BestReplySearch, Shape
    g = Game.new()
    random_game(g, seed=seed, max_plies=24 + seed)
    if g.result is not None:
        pytest.skip("the game ended")
    rng = random.Random(seed)
    for depth in (2, 3):
        exact = BestReplySearch(g.copy(), shape=Shape(max_depth=depth))
        exact.tt = NoTable()
        v = exact._search(depth, -2 * WIN, 2 * WIN, 0, True)
        kept = BestReplySearch(g.copy(), shape=Shape(max_depth=depth))
        for _ in range(25):
            centre, half = v + rng.uniform(-2.0, 2.0), rng.uniform(0.01, 1.5)
            alpha, beta = centre - half, centre + half
            kept.tt.pop(kept.g.hash, None)  # not the root's own answer: its children's entries answer
            r = kept._search(depth, alpha, beta, 0, True)
            if alpha < v < beta:
                assert r == pytest.approx(v), (depth, alpha, beta)
            elif v <= alpha:
                assert r <= alpha + 1e-9, (depth, alpha, beta, v, r)
            else:
                assert r >= beta - 1e-9, (depth, alpha, beta, v, r)
        assert kept.tt and len(exact.tt) == 0


def test_the_transposition_table_stores_and_uses_bounds_by_their_kind():
    """A search that fails low stores an upper bound, one that fails high a lower bound, one
    inside its window the exact value; a stored bound answers a later search only on its side."""
    from qiguo.ai.evaluate import WIN
    from qiguo.ai.search import EXACT, LOWER, UPPER, BestReplySearch, Shape
    g = Game.new()
    random_game(g, seed=7, max_plies=26)
    s = BestReplySearch(g.copy(), shape=Shape(max_depth=2))
    exact = BestReplySearch(g.copy(), shape=Shape(max_depth=2))
    exact.tt = NoTable()
    v = exact._search(2, -2 * WIN, 2 * WIN, 0, True)
    root = s.g.hash
    low = s._search(2, v + 1, v + 2, 0, True)  # fails low
    assert low <= v + 1 and s.tt[root][1] == UPPER
    before = s.nodes
    assert s._search(2, low + 0.5, low + 1, 0, True) <= low + 0.5 and s.nodes == before + 1  # answered by the bound
    s.tt.clear()
    high = s._search(2, v - 2, v - 1, 0, True)  # fails high
    assert high >= v - 1 and s.tt[root][1] == LOWER
    before = s.nodes
    assert s._search(2, high - 1, high - 0.5, 0, True) >= high - 0.5 and s.nodes == before + 1
    s.tt.clear()
    assert s._search(2, v - 1, v + 1, 0, True) == pytest.approx(v) and s.tt[root][1] == EXACT


@pytest.mark.parametrize("rules, options", [("standard", {}), ("chinese", {}), ("standard", {"attrition_limit": 4})])
def test_the_search_keeps_each_kingdoms_value_as_computed_afresh(rules, options):
    """The search updates only the captor's and the victim's values after a capture; through
    captures, defeats and undo they equal kingdom_values() of the position."""
    from qiguo.ai.evaluate import kingdom_values
    from qiguo.ai.search import BestReplySearch
    rng = random.Random(3)
    captures = 0
    for seed in range(4):
        g = random_game(Game.new(rules, **options), seed, max_plies=40)
        search = BestReplySearch(g)
        played = [search.values]
        while g.result is None and len(played) < 80:
            codes = g.legal_codes()
            taking = [c for c in codes if g.piece_at(Move(c).to_sq)]
            captures += bool(taking)
            search._play(rng.choice(taking or codes))
            assert search.values == pytest.approx(kingdom_values(g))  # sums of tuned values: to rounding
            played.append(search.values)
        while len(played) > 1:
            search._undo()
            played.pop()
            assert search.values == played[-1] == pytest.approx(kingdom_values(g))
    assert captures > 50


UNFINISHED = ("2kHkWkBkGkD1kH1pHpWpBpGpDpWpH2/3kHkWkCkWrB1gC3pCpWpS3/4kS1kSoD11/14gE2gHgW/11kH1pE2gSgWgB/"
              "8kX5gH3gG/wH15gSgWgD/1wW3kE11gHgW/wDwWwS11bE3gH/1wC2wEpH3Z9/2wS15bH/wW16bHbW/wH1wB2rE10bSbWbB/"
              "4wGrC11bCbG/7oH3rH1oE3bWbD/18bW/4rS1rS7oS3bH/3rHrW1rW4oS1oCoW4/2rHrWrDrG1rWrH1oHoW2oGoWoH2 b - "
              "w=rArXkA,r=wAwHwWkW,o=bHbXwXbApSbS,b=oAoXoWoHoB,g=pHpXpWpA,p=gAgX,k=wH 0")
"""A mid-game position (Qi to move) where hard's first ply prefers one move and its second ply,
cut short by a budget of 1,500 nodes, has already refuted it and proved another better."""


def test_an_unfinished_iteration_keeps_a_move_that_beat_the_last_finished_choice():
    from dataclasses import replace
    from qiguo.ai.bots import SHAPES
    from qiguo.ai.search import BestReplySearch
    g = Game.from_qfen(UNFINISHED)
    hard = SHAPES["hard"]
    cut = BestReplySearch(g.copy(), node_limit=1500, shape=hard)
    move, _ = cut.best_move()
    assert cut.completed_depth == 1 and cut.overtaken is not None
    first_ply, _ = BestReplySearch(g.copy(), shape=replace(hard, max_depth=1)).best_move()
    two_plies, _ = BestReplySearch(g.copy(), shape=replace(hard, max_depth=2)).best_move()
    assert move != first_ply  # the finished iteration's choice is not played ...
    assert move == two_plies  # ... the move the second ply, searched to its end, chooses is


def test_the_collector_is_off_while_a_search_runs_and_as_it_was_after():
    import gc

    from qiguo.ai.bots import SHAPES
    from qiguo.ai.search import BestReplySearch
    g = Game.from_qfen(UNFINISHED)
    search = BestReplySearch(g.copy(), node_limit=1500, shape=SHAPES["hard"])
    root, seen = search._root, []

    def watched(moves, depth):
        seen.append(gc.isenabled())
        return root(moves, depth)

    search._root = watched
    assert gc.isenabled()
    search.best_move()  # stopped by its node limit: on again all the same
    assert seen and not any(seen) and gc.isenabled()
    search.value_of(search.best_move()[0], 2)
    assert gc.isenabled()
    gc.disable()
    try:
        BestReplySearch(g.copy(), node_limit=300, shape=SHAPES["hard"]).best_move()
        assert not gc.isenabled()  # left off, as it was
    finally:
        gc.enable()


ESCAPE = {"b1": "wG", "o16": "rG", "h9": "wH"}
"""Qin and Chu alone: Qin's Horse can go to k13, from where it attacks Chu's General on o16 (which
cannot take it there)."""


@pytest.mark.parametrize("evade", [False, True])
def test_a_general_attacked_before_a_selective_reply_escapes_with_evade(evade):
    # Two plies from a MAX node below the first reply: Qin's Horse attacks Chu's General, then a
    # selective reply (captures only), then a leaf where Qin takes what stands. Without escapes
    # the General stands and the leaf takes it: a win that is not one. With them, it flees.
    from qiguo.ai.evaluate import WIN
    from qiguo.ai.search import BestReplySearch, Shape
    g = position(ESCAPE)
    search = BestReplySearch(g, shape=Shape(4, full_min=1), switches=frozenset({"evade"} if evade else ()))
    value = search._search(2, -2 * WIN, 2 * WIN, 2, True)
    assert (value > WIN / 2) is not evade
    assert g.history == [] and g.turn == 0
    search._play(Move.parse("h9k13"))
    g.set_turn(1)
    flights = {m.code for m in g.legal_moves() if str(m).startswith("o16")}
    g.set_turn(0)
    assert flights and search._escapes() == dict.fromkeys(flights, 1) and g.turn == 0


FLIGHT = {"b1": "wG", "s19": "rG", "o16": "rD", "h9": "wH"}
"""Qin and Chu alone: Qin's Horse can go to k13, from where it attacks Chu's Deputy on o16 (which
cannot take it there)."""


def test_the_most_valuable_piece_attacked_before_a_selective_reply_flees_with_flee():
    # Qin's Horse attacks Chu's Deputy, then a selective reply, then a leaf where Qin takes what
    # stands. Without flights the Deputy stands and the attack counts as its capture; with them
    # it flees and the attack gains nothing.
    from qiguo.ai.evaluate import VALUE, WIN
    from qiguo.ai.search import BestReplySearch, Shape
    from qiguo.engine import DEPUTY

    def after_attack(flee):
        g = position(FLIGHT)
        search = BestReplySearch(g, shape=Shape(4, full_min=1), switches=frozenset({"flee"} if flee else ()))
        search._play(Move.parse("h9k13"))
        return search, search._search(1, -2 * WIN, 2 * WIN, 3, False)
    (search, fled), (_, stood) = after_attack(True), after_attack(False)
    assert stood == pytest.approx(fled + VALUE[DEPUTY])
    g = search.g
    g.set_turn(1)
    flights = {m.code for m in g.legal_moves() if str(m).startswith("o16")}
    g.set_turn(0)
    assert flights and search._flights() == dict.fromkeys(flights, 1) and g.turn == 0
    # A General comes first: with Chu's General attacked, its escapes are the flights.
    general = BestReplySearch(position(ESCAPE), shape=Shape(4, full_min=1))
    general._play(Move.parse("h9k13"))
    assert general._flights() == general._escapes() != {}


FORK = {"b1": "wG", "k13": "wH", "c3": "wH", "n17": "rG", "f7": "oG"}
"""Qin, Chu and Han: Qin's Horses attack Chu's General (n17) and Han's (f7); neither General can
take anything."""


@pytest.mark.parametrize("dodge", [False, True])
def test_every_opponent_moves_away_what_the_root_kingdom_attacks_with_dodge(dodge):
    # The opponents' full-width reply, then Qin's move and a leaf. A single reply saves one
    # General; without dodge the other stands through the round and Qin takes it. With dodge each
    # opponent in the round moves its attacked General away, as both move before Qin's next turn.
    from qiguo.ai.evaluate import WIN
    from qiguo.ai.search import BestReplySearch, Shape
    from qiguo.engine import attackers, parse_point
    g = position(FORK)
    search = BestReplySearch(g, shape=Shape(4, full_min=1, round=True),
                             switches=frozenset({"dodge"} if dodge else ()))
    stand = search._eval()
    value = search._search(2, -2 * WIN, 2 * WIN, 1, False)
    assert (value > stand + 20) is not dodge and (value < stand) is dodge
    assert g.history == []
    targets = search._targets()
    assert targets == {1: parse_point("n17"), 2: parse_point("f7")}
    moves: list[tuple[int, int]] = []
    played = search._round(-1, record=moves, targets=targets)
    assert played == 2 and [k for k, _ in moves] == [1, 2]
    for k, m in moves:  # each from its target to a point no Qin piece attacks
        move = Move(m)
        assert move.from_sq == targets[k]
        assert not any(g.controller[g.piece_on(s).kingdom] == 0 for s in attackers(g, move.to_sq))
    for _ in range(played):
        search._undo()
    g.set_turn(0)
    assert g.to_qfen() == position(FORK).to_qfen() and g.history == []


LAST_LOSS = {"b1": "wG", "c3": "wH", "k10": "wA", "k14": "rD", "n17": "rG", "f7": "oG"}
"""Qin, at nine losses, attacks Han's General (f7) with its Horse; Chu's Deputy can take Qin's
Bow on k10, its tenth loss: Qin is out by attrition before Han's turn in the round."""


def test_the_dodge_asks_whether_the_root_kingdoms_pieces_attack_even_after_its_fall():
    # Every dodge's question (does a piece the root kingdom moves attack this point?) answered as
    # the attackers say, in the position above (where a reply ends the root kingdom mid-round)
    # and along hard's searches of random positions.
    from qiguo.ai.bots import SHAPES
    from qiguo.ai.search import BestReplySearch
    from qiguo.engine import attacked_by, attackers
    asked = []

    def checked(search):
        dodge = search._dodge

        def watched(at, k):
            g, root = search.g, search.root
            truth = any(g.controller[g.piece_on(s).kingdom] == root for s in attackers(g, at))
            assert attacked_by(g, at, search._root_points()) == truth, (g.to_qfen(), at)
            asked.append(g.alive[root])
            return dodge(at, k)

        search._dodge = watched
        return search

    g = position(LAST_LOSS, prisoners="r=" + LOST[:18])
    checked(BestReplySearch(g, shape=SHAPES["hard"], node_limit=3000, switches=frozenset({"dodge"}))).best_move()
    assert False in asked  # a dodge was asked with Qin out
    for seed in range(3):
        g = random_game(Game.new(), seed, max_plies=60)
        checked(BestReplySearch(g, shape=SHAPES["hard"], node_limit=2000, switches=frozenset({"dodge"}))).best_move()
    assert asked.count(True) > 100


class _Forgetful(dict):
    """A memo that never finds what it was given."""

    def get(self, key, default=None):
        return default


def test_the_dodges_kept_by_position_change_neither_the_move_nor_the_nodes():
    from qiguo.ai.bots import searcher
    g = Game.new()
    rng = random.Random(5)
    while g.ply < 60:  # a middle game with pieces in reach of each other
        g.play_code(choose_move(g, "easy", seed=rng.randrange(1000)))
    budget = Budget(nodes=6000, floor=True)
    found = []
    for forget in (False, True):
        search, ordered = searcher(g, "hard", sorted(g.legal_codes()), random.Random(1), budget)
        if forget:
            search._found_dodges = _Forgetful()
        move, value = search.best_move(order_seed=ordered)
        found.append((move, value, search.nodes, search.completed_depth))
    assert found[0] == found[1]
    assert len(search._found_dodges) > 100  # the dodges were asked for: the memo had work to do


@pytest.mark.parametrize("general_army", ["captor", "removed"])
def test_a_general_taken_at_a_leaf_is_valued_as_when_played_through(general_army):
    # Qin's Deputy (a1) can take Chu's General (a15); Chu's Deputy (c5) attacks Qin's Sword (c10).
    # A leaf values the capture without bringing the threats up to date: the same value as when
    # the search plays it, and the game and the threats left as they were.
    from qiguo.ai.search import BestReplySearch
    g = position({"b18": "wG", "a1": "wD", "c10": "wS", "a15": "rG", "c5": "rD", "s10": "oG", "s13": "gG"},
                 general_army=general_army)
    before, take = g.to_qfen(), Move.parse("a1a15").code
    search = BestReplySearch(g)
    stand, loss = search._eval(), dict(search.threats.loss)
    search._play(take)
    played = search._eval()
    search._undo()
    assert search._after_fall(take) == played != stand
    assert g.to_qfen() == before and search.threats.loss == loss and search._eval() == stand


GUARDED = {
    "shield dodges": ({"b1": "wG", "e5": "wD", "e10": "rC", "e11": "rG", "s3": "oG"}, "e11", "e5"),
    "shield takes": ({"b1": "wG", "e5": "wD", "e10": "rW", "f10": "wW", "e15": "rG", "s3": "oG"}, "e15", "e5"),
    "general attacked": ({"b1": "wG", "h11": "wH", "e15": "rG", "h5": "wW", "h6": "rW", "s3": "oG"}, "e15", "h11"),
}
"""Chu's General, and the Qin piece that would take it: Qin's Deputy on e5 looks up the e file at
it, behind Chu's Cannon (which Qin attacks, and which has nothing to take), or behind Chu's Sword
(which can take Qin's Sword on f10); or Qin's Horse attacks it (while Chu's Sword on h6 can take
Qin's Sword on h5)."""


@pytest.mark.parametrize("name", sorted(GUARDED))
@pytest.mark.parametrize("guard", [False, True])
def test_the_opponents_round_keeps_their_generals_with_guard(name, guard):
    # In hard's round each opponent moves once. Without guard Chu takes or dodges with the piece
    # that shields its General, or takes a piece and leaves its General standing, and Qin counts a
    # General it would never get; with guard Chu keeps its General out of the Deputy's reach.
    from qiguo.ai.search import BestReplySearch, Shape
    from qiguo.engine import attacked_by, parse_point
    pieces, general, attacker = GUARDED[name]
    g = position(pieces)
    search = BestReplySearch(g, shape=Shape(4, full_min=1, round=True),
                             switches=frozenset({"dodge", "guard"} if guard else {"dodge"}))
    assert search.guard is guard
    moves: list[tuple[int, int]] = []
    played = search._round(-1, record=moves, targets=search._targets())
    assert [k for k, _ in moves] == ([] if guard and name == "shield dodges" else [1])  # Chu; Han has nothing to do
    at = next(sq for sq in g.pieces[1] if g.piece_on(sq).is_general)
    assert attacked_by(g, at, 1 << parse_point(attacker)) is not guard
    assert (at == parse_point(general)) is not (guard and name == "general attacked")  # it got away
    for _ in range(played):
        search._undo()
    g.set_turn(0)
    assert g.to_qfen() == position(pieces).to_qfen() and g.history == []


ENDS_QIN = {
    "general takes": ({"b1": "wG", "a1": "wD", "e4": "rG", "s3": "oG"}, "e4b1"),
    "shield takes": ({"f10": "wG", "e5": "wD", "e10": "rW", "e15": "rG", "s3": "oG"}, "e10f10"),
}
"""Chu's capture of Qin's General, and the position: Chu's General, which Qin's General attacks,
can take it (Qin's Deputy guards it); or Chu's Sword can, opening the e file from Qin's Deputy to
Chu's General."""


@pytest.mark.parametrize("name", sorted(ENDS_QIN))
@pytest.mark.parametrize("guard", [False, True])
def test_the_round_takes_the_root_kingdoms_general_whatever_it_exposes(name, guard):
    # With Qin out nothing of Qin's takes back: the guard neither runs Chu's General away nor keeps
    # the Sword shielding it, and Qin's search sees the loss of its General.
    from qiguo.ai.search import BestReplySearch, Shape
    pieces, capture = ENDS_QIN[name]
    g = position(pieces)
    search = BestReplySearch(g, shape=Shape(4, full_min=1, round=True),
                             switches=frozenset({"dodge", "guard"} if guard else {"dodge"}))
    moves: list[tuple[int, int]] = []
    played = search._round(-1, record=moves, targets=search._targets())
    assert moves == [(1, Move.parse(capture).code)] and not g.alive[0]
    for _ in range(played):
        search._undo()
    g.set_turn(0)
    assert g.to_qfen() == position(pieces).to_qfen()


FEUD = {"b1": "wG", "s19": "rG", "e10": "rD", "e15": "oG", "s3": "gG", "a19": "kG", "k19": "pG"}
"""Chu's Deputy on e10 can take Han's General on e15 (Qin, to move, is not in it)."""


@pytest.mark.parametrize("feud", [False, True])
@pytest.mark.parametrize("chu_holds_one", [False, True])
def test_feud_leaves_out_the_opponents_taking_each_others_generals_unless_it_wins(feud, chu_holds_one):
    # A General taken between two opponents is the worst reply to every root move alike: with
    # feud it is not a reply, so the single reply shows what could be done to the root kingdom.
    # Taking a second General wins the game (two needed), and a game lost stays the worst reply.
    from qiguo.ai.search import BestReplySearch, Shape
    g = position(FEUD, prisoners="r=bG") if chu_holds_one else position({**FEUD, "n1": "bG"})
    search = BestReplySearch(g, shape=Shape(4, full_min=1, round=True),
                             switches=frozenset({"feud"} if feud else set()))
    replies = search._replies()
    take = Move.parse("e10e15").code
    assert (take in replies) is (chu_holds_one or not feud)
    assert replies.get(Move.parse("e10e11").code) == 1  # its other moves stay
    assert g.turn == 0 and g.history == []


def test_guard_goes_with_dodge():
    from qiguo.ai.search import BestReplySearch, Shape
    g = position(GUARDED["shield dodges"][0])
    assert not BestReplySearch(g, shape=Shape(4, full_min=1, round=True), switches=frozenset({"guard"})).guard
