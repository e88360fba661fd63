"""The coach (issue 18): danger marks, destination risks, the hint and the key moments, through
the library and its command line."""
import functools
import json
import random
import subprocess
import sys

import pytest

from qiguo.ai import Budget
from qiguo.ai.bots import think
from qiguo.ai.coach import Review, dangers, destinations, explain, hint_move, key_moments
from qiguo.ai.coach.__main__ import main as coach_main
from qiguo.ai.coach.danger import outlook
from qiguo.ai.coach.judge import safer
from qiguo.engine import PRESETS, Game, Move, Piece, parse_point, point_name, qfen_of

TAKE_GENERAL = qfen_of({"a1": "wG", "e5": "wD", "e12": "rG", "s18": "oG", "m3": "oD"}, "w")
"""Qin's Deputy can take Chu's General, and nothing can take it back."""
GENERAL_ATTACKED = qfen_of({"a1": "wG", "e6": "wD", "i9": "rB", "i19": "rG", "s18": "oG"}, "w")
"""Chu's Brigadier can take Qin's General; taking the Brigadier would leave the General to Chu's."""
DEPUTY_ATTACKED = qfen_of({"a3": "wG", "e5": "wD", "h8": "rB", "s19": "rG", "s1": "oG", "q1": "oW"}, "w")
"""Chu's Brigadier can take Qin's Deputy on e5 (which shields nothing)."""
BLUNDER_GAME = (qfen_of({"a1": "wG", "e5": "wD", "k2": "wB", "r19": "rG", "h9": "rD", "m4": "rH", "s11": "oG"}, "w"),
                ["e5e9", "h9e9", "s11s12", "a1a2", "r19r18", "s12s13", "a2a1"])
"""Qin gives its Deputy away (ply 1), leaves its General to Chu's (ply 4) and does not take
Chu's free Horse (ply 7)."""


@functools.cache
def blunder_review() -> Review:
    """Qin's key moments in BLUNDER_GAME on the hint's budget, reviewed once per test process
    (several tests read them; none changes them)."""
    start, moves = BLUNDER_GAME
    g = Game.from_qfen(start)
    g.replay(moves)
    return key_moments(g, [0])


def reference_dangers(game, k):
    """The same question answered by the legal move generator: every capture any enemy kingdom
    in play could make now, landing on a piece k controls."""
    found = {}
    saved = game.turn
    for e in range(7):
        if not game.alive[e] or game.teams[e] == game.teams[k]:
            continue
        game.set_turn(e)
        for code in game.legal_codes():
            m = Move(code)
            if m.is_pass:
                continue
            p = game.piece_at(m.to_sq)
            if p is not None and game.controller[p.kingdom] == k:
                found.setdefault(m.to_sq, set()).add(m.from_sq)
    game.set_turn(saved)
    return found


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_danger_marks_equal_every_enemy_capture_through_random_games(preset):
    rng = random.Random(preset)
    for seed in range(4):
        g = Game.new(preset, blocs="wg" if seed == 3 else None)
        while g.result is None and g.ply < 160:
            for k in {g.turn, rng.randrange(7)}:
                if not g.alive[k]:
                    continue
                before = g.state()
                mine = {d.point: {s for s, _ in d.by} for d in dangers(g, k)}
                assert mine == reference_dangers(g, k), (g.to_qfen(), k)
                assert g.state() == before
                assert all(not Piece(g.board[sq]).is_envoy for sq in mine)
            moves = g.legal_codes()
            g.play_code(rng.choice(moves))


def test_envoys_are_never_marked():
    g = Game.from_qfen(qfen_of({"a1": "wG", "e5": "wE", "e9": "rD", "s19": "rG", "s2": "oG"}, "w"))
    assert dangers(g, 0) == []  # the Envoy on e5 stands in the Deputy's line


def test_what_each_destination_risks():
    g = Game.from_qfen(DEPUTY_ATTACKED)
    risks = destinations(g, parse_point("e5"))
    assert set(risks) == {m.to_sq for m in g.legal_moves() if not m.is_pass and m.from_sq == parse_point("e5")}
    for sq, risk in risks.items():
        after = g.copy()
        after.play(f"e5{point_name(sq)}")
        assert risk.exposed == any(d.point == sq for d in dangers(after, 0)), point_name(sq)
    assert risks[parse_point("k5")].exposed and not risks[parse_point("e4")].exposed
    g = Game.from_qfen(GENERAL_ATTACKED)
    risks = destinations(g, parse_point("e6"))
    assert risks[parse_point("e5")].general is False  # the Deputy steps in front of the General
    assert risks[parse_point("e7")].general is True


def test_the_hint_takes_a_general_when_it_is_safe():
    g = Game.from_qfen(TAKE_GENERAL)
    move = hint_move(g)
    assert str(Move(move)) == "e5e12" and explain(g, move).key == "takes_general"


def test_the_hint_keeps_its_general_safe_even_with_a_tiny_budget():
    g = Game.from_qfen(GENERAL_ATTACKED)
    for budget in (Budget(seconds=0.001), Budget(nodes=1), None):
        move = hint_move(g, budget=budget)
        assert not outlook(g, move).general, Move(move)
        assert explain(g, move).key in ("general_out", "shields_general")


def test_the_hint_never_gives_a_piece_away_when_it_need_not():
    g = Game.from_qfen(DEPUTY_ATTACKED)
    careless = g.parse_move("a3a2").code  # leaves the Deputy to the Brigadier
    better = safer(g, careless)
    assert better != careless
    o = outlook(g, better)
    assert not o.general and o.gain >= o.loss
    for budget in (Budget(nodes=1), Budget(seconds=0.001)):
        o = outlook(g, hint_move(g, budget=budget))
        assert not o.general and o.gain >= o.loss


@pytest.mark.parametrize("level, floor", [("hard", 3), ("normal", 2)])
def test_a_tiny_deadline_still_completes_the_levels_minimum_depth(level, floor):
    g = Game.new()
    rng = random.Random(5)
    for _ in range(12):
        g.play_code(rng.choice(g.legal_codes()))
    thought = think(g, level, seed=1, budget=Budget(seconds=0.001))
    assert thought.depth >= floor and thought.floor_used


def test_key_moments_of_a_crafted_game():
    """Judged by the hint's own search: giving the Deputy away (ply 1) and leaving the General
    open (ply 4) are key moments; each better move is the hint's at that position, with its
    reason, and the better move kept what the played one lost."""
    start, moves = BLUNDER_GAME
    review = blunder_review()
    assert [(m.ply, m.kind) for m in review.moments][:2] == [(1, "blunder"), (4, "general")]
    blunder, general = review.moments[:2]
    assert blunder.piece.token == "wD" and point_name(blunder.at) == "e9" and blunder.by.token == "rD"
    before = Game.from_qfen(start)
    kept = before.copy()
    kept.play(blunder.better)
    assert not any(d.piece.token == "wD" for d in dangers(kept, 0))  # the better move kept it
    assert general.piece.is_general
    for m in review.moments:
        position = Game.from_qfen(start)
        position.replay(moves[:m.ply - 1])
        hinted = hint_move(position)
        assert m.better == str(Move(hinted)) and m.reason == explain(position, hinted)
    g = Game.from_qfen(start)
    g.replay(moves)
    others = key_moments(g, [1, 2], budget=Budget(nodes=1500))  # which moves are judged, not how well
    assert others.total == 4 and all(m.kingdom in (1, 2) for m in others.moments)


def test_a_free_general_not_taken_is_a_missed_win():
    g = Game.from_qfen(TAKE_GENERAL)
    g.play("a1a2")
    (moment,) = key_moments(g, [0]).moments
    assert (moment.kind, moment.better, moment.piece.token) == ("win", "e5e12", "rG")
    assert moment.why.key == "takes_general" and moment.line().startswith("ply 1 a1a2 win a missed win: ")
    assert moment.reason.key == "takes_general"


def test_a_review_can_be_stopped_and_reports_progress():
    start, moves = BLUNDER_GAME
    g = Game.from_qfen(start)
    g.replay(moves)
    seen = []
    review = key_moments(g, [0], progress=lambda done, total: seen.append((done, total)), cancelled=lambda: len(seen) >= 1)
    assert seen == [(1, 3)] and review.done == 1


# ---- the command line -------------------------------------------------------------------------


def test_danger_on_the_command_line(capsys):
    assert coach_main(["danger", "--qfen", Game.new().to_qfen()]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "a8 wW by f3 rX" and out[-1] == f"danger {len(out) - 1}"
    g = Game.new()
    assert [line.split()[0] for line in out[:-1]] == [point_name(d.point) for d in dangers(g)]


def test_hint_on_the_command_line_reads_a_stream_and_survives_bad_lines():
    lines = f"{TAKE_GENERAL}\nnot a position\n{GENERAL_ATTACKED}\n"
    out = subprocess.run([sys.executable, "-m", "qiguo.ai.coach", "hint", "--nodes", "4000"], input=lines,
                         capture_output=True, text=True, timeout=120)
    answers = out.stdout.splitlines()
    assert out.returncode == 0 and len(answers) == 3
    assert answers[0] == "e5e12 takes Chu's General: its kingdom falls"
    assert answers[1].startswith("error: ")
    assert " " in answers[2] and not answers[2].startswith("error")


def test_a_hint_on_a_node_budget_is_the_same_every_time(capsys, monkeypatch):
    from qiguo.ai.coach import __main__ as coach_cli
    budgets = []
    real = coach_cli.hint_move
    monkeypatch.setattr(coach_cli, "hint_move", lambda g, seed, budget: budgets.append(budget) or real(g, seed, budget))
    answers = []
    for _ in range(2):
        assert coach_main(["hint", "--qfen", GENERAL_ATTACKED, "--nodes", "3000"]) == 0
        answers.append(capsys.readouterr().out)
    assert budgets == [Budget(nodes=3000)] * 2
    assert answers[0] == answers[1] and answers[0].count("\n") == 1
    assert coach_main(["hint", "--qfen", GENERAL_ATTACKED, "--nodes", "0"]) == 2
    assert capsys.readouterr().err.startswith("error:")


def test_review_on_the_command_line_of_a_record_and_a_save(tmp_path, capsys):
    start, moves = BLUNDER_GAME
    g = Game.from_qfen(start)
    g.replay(moves)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(g.record()))
    assert coach_main(["review", "--for", "w", str(record)]) == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert lines[0] == "ply 1 e5e9 blunder loses wD at e9 to rD; better " + lines[0].rsplit(" ", 1)[1]
    assert lines[-1] == "key moments 2" and "reviewed 7 of 7" not in out.out and "reviewed" in out.err
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"format": "qiguo-save", "version": 1, "seats": "h22----", "rules": g.rules.options(),
                                "blocs": [], "start_qfen": start, "moves": moves}))
    assert coach_main(["review", str(save)]) == 0  # the human seats of a save by default
    assert capsys.readouterr().out.splitlines()[-1] == "key moments 2"


@pytest.mark.parametrize("argv", [["danger"], ["danger", "--qfen", "xx"], ["review", "/nonexistent.json"],
                                  ["review", "--for", "q", "/dev/null"], ["frob"], ["hint", "--qfen", "w"]])
def test_bad_input_is_one_error_line(argv, capsys, tmp_path):
    assert coach_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_a_hostile_review_file_is_one_error_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    for text in ('{"format": "qiguo-save", "seats": "h2", "moves": []}', "[1, 2]", '{"start": 5}', "\x00" * 10):
        bad.write_text(text)
        assert coach_main(["review", str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1
