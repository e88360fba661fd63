"""Puzzle themes proved with the engine (issue 76): a fork attacks two undefended pieces worth a
Horse, a General that cannot escape is takeable after every reply, check refuses a theme that
does not hold, and the answer states the theme's point."""
import pytest

from qiguo.ai.puzzles import Puzzle
from qiguo.ai.puzzles.store import check
from qiguo.ai.puzzles.themes import point, proven_theme
from qiguo.engine import Game, qfen_of

FORK = {"j5": "wH", "a1": "wG", "s19": "rG", "s1": "oG", "p13": "rD", "q6": "rC"}
"""Qin's Horse j5–m9 attacks Chu's Deputy on p13 and Cannon on q6; nothing guards either."""
TRAP = {"a19": "rG", "a18": "rW", "b18": "rW", "b19": "rW", "e10": "wC", "s1": "wG", "r17": "oG"}
"""Qin's Cannon e10–a10 attacks Chu's General, boxed in by its own Swords: no reply saves it."""


def game(pieces, kingdoms="wro"):
    return Game.from_qfen(qfen_of(pieces, "w"), kingdoms=kingdoms)


def test_a_horse_attacking_two_undefended_pieces_is_a_fork():
    g = game(FORK)
    proof = point(g, g.parse_move("j5m9").code, "fork")
    assert proof is not None and sorted(p.token for _, p in proof.pieces) == ["rC", "rD"]


@pytest.mark.parametrize("change", ["one target", "one defended", "not worth a Horse"])
def test_a_false_fork_is_refused(change):
    pieces = dict(FORK)
    if change == "one target":
        del pieces["q6"]
    elif change == "one defended":
        pieces["p17"] = "rX"  # Chu's Crossbow, four points up the file, takes back on p13
    else:
        pieces["q6"] = "rW"  # a Sword
    g = game(pieces)
    assert point(g, g.parse_move("j5m9").code, "fork") is None


def test_a_general_that_cannot_escape_is_proved_and_one_that_can_is_not():
    g = game(TRAP)
    assert point(g, g.parse_move("e10a10").code, "threat") is not None
    loose = dict(TRAP)
    del loose["b18"]  # the General may step to b18
    g = game(loose)
    assert point(g, g.parse_move("e10a10").code, "threat") is None


def test_check_refuses_a_theme_that_does_not_hold_and_says_what_does():
    from dataclasses import replace
    from qiguo.ai.puzzles import shipped
    real = next(p for p in shipped() if p.theme == "save")
    assert check(real) == ""
    assert check(replace(real, theme="threat")) == f"its theme threat does not hold for {real.solution[0]} (it is save)"


def test_every_shipped_puzzle_proves_its_theme():
    from qiguo.ai.puzzles import shipped
    puzzles = shipped()
    assert puzzles
    for p in puzzles:
        g = p.game()
        assert point(g, g.parse_move(p.solution[0]).code, p.theme) is not None, p.id


def test_a_puzzles_answer_states_its_themes_point(tmp_path, monkeypatch):
    from qiguo.play.drill import Drill
    from qiguo.play.drill_text import lines
    from qiguo.play.practice import Practice
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    puzzle = Puzzle(id="f", qfen=qfen_of(FORK, "w"), rules="standard", solution=("j5m9",), theme="fork", rating=1500)
    drill = Drill(Practice(), [puzzle], "puzzles", day=100)
    g = drill.game
    drill.answer(g.parse_move("j5m9").code)
    said = [text for text, kind in lines(drill) if kind == "good"]
    assert said and "the Horse attacks Chu's" in said[0] and "p13" in said[0] and "q6" in said[0]


def test_a_bad_puzzle_line_is_said_with_its_file_and_line_and_the_rest_are_played(tmp_path, monkeypatch):
    from qiguo.ai.puzzles import read_sound, shipped
    good = [p.to_json() for p in shipped()[:3]]
    import json
    lines = [json.dumps(good[0]), "{not json", json.dumps(good[1]), json.dumps({"id": "x"}), json.dumps(good[1]),
             json.dumps(good[2])]
    path = tmp_path / "mine.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    puzzles, problems = read_sound(path)
    assert [p.id for p in puzzles] == [good[0]["id"], good[1]["id"], good[2]["id"]]
    assert [x.split(":")[0] for x in problems] == ["mine.jsonl line 2", "mine.jsonl line 4", "mine.jsonl line 5"]
    from qiguo.ai.puzzles import store
    from ui_helpers import make_app
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(store, "asset", lambda *parts: path)
    app = make_app((800, 600))
    app.stack.push(app.scene("practice", "puzzles"))
    assert "mine.jsonl line 2" in app.toast_text and "3 puzzle lines" in app.toast_text
    assert app.stack.top.drill.problem is not None  # the rest are played
