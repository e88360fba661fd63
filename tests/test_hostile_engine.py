"""Hostile input to the engine and its command line (issue 9): every case gives a clear error
and loses nothing; nothing crashes, hangs or answers twice."""
import io
import signal
import subprocess
import sys
import time

import pytest

from qiguo.engine import (START_QFEN, EngineError, Game, IllegalMove, Move, QfenError, RuleError, Rules,
                          SetupError, qfen_of)
from qiguo.engine import cli
from in_process import run_main

NO_GENERAL = "19/19/19/19/19/19/19/19/19/9Z9/19/19/19/5wH13/19/19/19/19/19 w - - 0"
EMPTY = "19/19/19/19/19/19/19/19/19/9Z9/19/19/19/19/19/19/19/19/19 w - - 0"
TWO = qfen_of({"a19": "wG", "a1": "rG"})


def run(*args, stdin=""):
    return run_main(cli.main, *args, stdin=stdin)


def run_process(*args, stdin=None, timeout=60):
    return subprocess.run([sys.executable, "-m", "qiguo.engine", *args], input=stdin, capture_output=True,
                          text=True, timeout=timeout)


def one_error_line(r) -> str:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error:") and "Traceback" not in r.stderr, r.stderr
    return r.stderr


@pytest.mark.parametrize("text", [NO_GENERAL, EMPTY])
def test_a_board_without_a_general_is_an_error_not_a_crash(text):
    with pytest.raises(QfenError, match="no general"):
        Game.from_qfen(text)
    assert "no general" in one_error_line(run("moves", text))
    assert "no general" in one_error_line(run("play", text, "f7f8"))


@pytest.mark.parametrize("text,message", [
    (TWO.replace("/rG18", "/rG1²"), "not a piece"),
    (TWO.replace("/rG18", "/rG١٨"), "not a piece"),
    (TWO.replace("/rG18", "/rG１８"), "not a piece"),
    (TWO.replace("/rG18", "/rG" + "1" * 5000), "run of"),
    (TWO[:-1] + "²", "quiet counter"),
    (TWO[:-1] + "1" * 5000, "quiet counter"),
    (TWO[:-1] + "１", "quiet counter"),
])
def test_only_ascii_digits_are_numbers_in_a_qfen(text, message):
    with pytest.raises(QfenError, match=message):
        Game.from_qfen(text)


@pytest.mark.parametrize("move", ["a１a2", "a¹a2", "a1a٢", "a10a¹¹", "ａ1a2"])
def test_only_ascii_moves_are_moves(move):
    g = Game.from_qfen(qfen_of({"a1": "wG", "s19": "rG"}))
    with pytest.raises(IllegalMove, match="is not a move"):
        g.play(move)
    assert g.history == []


@pytest.mark.parametrize("value", ["１０", "1_0", "1e1", "10.0", "²", "9" * 400, " 10"])
def test_only_ascii_digits_set_a_numeric_option(value):
    with pytest.raises(RuleError, match="whole number"):
        Rules.make(attrition_limit=value)
    if value.strip() == value:  # the command line strips spaces around OPTION=VALUE
        assert "attrition_limit" in one_error_line(run("moves", "--set", f"attrition_limit={value}", START_QFEN))


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 1e300, True, 10 ** 30, -1, [10]])
def test_numeric_options_refuse_other_types_and_huge_values(value):
    with pytest.raises(RuleError):
        Rules.make({"preset": "standard", "attrition_limit": value})


@pytest.mark.parametrize("pieces,prisoners,message", [
    ({"a19": "wG", "a1": "rG", "c3": "oG"}, "w=rG", "stands on the board and is also held"),
    ({"a19": "wG", "c3": "oG"}, "w=rG,o=rG", "held 2 times"),
    ({"a19": "wG", "c3": "oG"}, "w=rGrG", "held 2 times"),
    ({"a19": "wG", "a1": "rG", "b1": "rD", "c1": "rD"}, "-", "2 Deputies on the board"),
    ({"a19": "wG", "a1": "rG", "b1": "rS", "c1": "rS"}, "o=rS", "2 on the board|held as prisoners"),
    ({"a19": "wG", "a1": "rG"}, "w=rE", "Envoy is never captured"),
    ({"a19": "wG", "a1": "rG", "b1": "wG"}, "-", "2 Generals on the board"),
])
def test_inconsistent_positions_are_refused(pieces, prisoners, message):
    with pytest.raises(QfenError, match=message):
        Game.from_qfen(qfen_of(pieces, prisoners=prisoners))


def test_a_kingdom_not_in_the_game_may_have_no_pieces():
    text = qfen_of({"a19": "wG", "a1": "rG", "s1": "kG"})
    with pytest.raises(SetupError, match="Yan has pieces in this position but is not one of the kingdoms"):
        Game.from_qfen(text, kingdoms="wr")
    assert Game.from_qfen(text).kingdoms == "wrk"


def test_serve_answers_every_line_but_a_truly_empty_one():
    lines = [f"moves {TWO}", " ", "\t", "\u3000", "\x0c", " \t ", f"moves {NO_GENERAL}", f"play {TWO} a19a18",
             "\x00", "resign", f"moves {TWO}", "", f"moves {TWO}"]
    out = io.StringIO()
    cli.serve(Rules.make(), io.StringIO("\n".join(lines) + "\n"), out)
    answers = out.getvalue().split("\n")[:-1]
    assert len(answers) == 11  # everything before the empty line, one answer each
    assert answers[0] == answers[10] and not answers[0].startswith("error")
    assert all(a.startswith("error:") for a in answers[1:10] if a not in answers[7:8])
    assert "no general" in answers[6] and answers[7].split()[1] == "r"


def test_serve_goes_on_after_an_unexpected_failure(monkeypatch):
    calls = []

    def flaky(rules, line):
        calls.append(line)
        if len(calls) == 2:
            raise RuntimeError("something inside broke")
        return "ok"
    monkeypatch.setattr(cli, "_serve_one", flaky)
    out = io.StringIO()
    cli.serve(Rules.make(), io.StringIO("a\nb\nc\n"), out)
    assert out.getvalue().split("\n")[:-1] == ["ok", "error: internal error on this line (RuntimeError: "
                                                     "something inside broke)", "ok"]


def test_serve_as_a_process_survives_a_position_without_a_general():
    r = run_process("serve", stdin=f"moves {NO_GENERAL}\n \nmoves {TWO}\n")
    answers = r.stdout.split("\n")[:-1]
    assert r.returncode == 0 and len(answers) == 3 and "Traceback" not in r.stderr
    assert answers[0].startswith("error:") and answers[1].startswith("error:") and "a19a18" in answers[2]


def test_perft_reports_progress_per_depth_on_standard_error():
    r = run("perft", START_QFEN, "2")
    assert r.returncode == 0 and r.stdout.split("\n")[:2] == ["1 72", "2 5125"]
    assert [line.split(",")[0] for line in r.stderr.splitlines()] == ["perft: depth 1 done", "perft: depth 2 done"]


def test_perft_stops_cleanly_on_ctrl_c():
    # the child's Ctrl+C is its default whatever this runner was started with (a background
    # shell or some CI runners start it with SIGINT ignored, which a child inherits)
    proc = subprocess.Popen([sys.executable, "-m", "qiguo.engine", "perft", START_QFEN, "6"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
    deadline = time.monotonic() + 30
    first = proc.stderr.readline()  # depth 1 is done: the search of depth 2.. is running
    assert first.startswith("perft: depth 1")
    time.sleep(0.5 if time.monotonic() < deadline else 0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err.strip().splitlines()[-1] == "error: interrupted" and "Traceback" not in err


class PassOnly:
    """A game whose only move, for ever, is a pass (perft walks any depth without recursing)."""

    def __init__(self):
        self.depth = self.deepest = 0

    def legal_codes(self):
        return [0]

    def play_code(self, m):
        self.depth += 1
        self.deepest = max(self.deepest, self.depth)

    def undo(self):
        self.depth -= 1


def test_perft_walks_a_very_deep_pass_only_tree_without_recursing():
    from qiguo.engine import perft
    g = PassOnly()
    assert perft(g, 5000) == 1 and g.deepest == 4999 and g.depth == 0


def test_perft_on_the_command_line_is_bounded_in_depth():
    ending = qfen_of({"a19": "wG", "a1": "rG"}, quiet=99)  # one more quiet ply ends the game
    r = run("perft", ending, "100")
    assert r.returncode == 0 and r.stdout.split("\n")[:3] == ["1 44", "2 0", "3 0"]
    assert "between 1 and 100" in one_error_line(run("perft", ending, "101"))


@pytest.mark.parametrize("args", [("bench", "--seconds", "nan"), ("bench", "--seconds", "inf"),
                                  ("bench", "--seconds", "-1"), ("perft", START_QFEN, "１"), ("perft", START_QFEN),
                                  ("frob",), (), ("moves",), ("moves", START_QFEN, "--nope")])
def test_usage_mistakes_are_one_error_line(args):
    one_error_line(run(*args))


def test_what_to_qfen_writes_from_qfen_reads_back_over_random_games():
    from qiguo.engine import PRESETS, random_game
    checked = 0
    for seed in range(24):
        preset = list(PRESETS)[seed % 3]
        g = Game.new(preset, blocs=["wg", None, "wg,ro,bp"][seed % 3], horse=["exact3", "upto3"][seed % 2])
        while g.result is None:
            random_game(g, seed * 31 + g.ply, max_plies=g.ply + 23)
            again = Game.from_qfen(g.to_qfen(), g.rules, blocs=g.blocs or None, kingdoms=g.kingdoms)
            a, b = g.state(), again.state()
            for field in ("board", "mover", "control", "prisoners", "quiet", "alive", "losses", "score", "generals",
                          "seated", "teams"):
                assert a[field] == b[field], (field, g.to_qfen())
            assert again.to_qfen() == g.to_qfen()
            checked += 1
    assert checked > 100


def test_a_python_chess_user_finds_it_natural():
    g = Game.new()
    assert "e10e5" in g.legal_moves() and Move.parse("e10e5") in g.legal_moves()
    assert "e10j10" not in g.legal_moves() and "junk" not in g.legal_moves()
    g.play("e10e5")
    g.play("f5f6")
    copy = g.copy()
    assert copy.history == g.history == ["e10e5", "f5f6"]
    assert copy.undo() == Move.parse("f5f6") and g.history == ["e10e5", "f5f6"]
    assert str(copy.undo()) == "e10e5" and copy.to_qfen() == START_QFEN
    g.resign("o")
    assert g.undo() == "resign:o"
    with pytest.raises(IllegalMove):
        g.resign("")
    with pytest.raises(IllegalMove):
        g.replay(["resign:"])
    assert g.history == ["e10e5", "f5f6"]
    assert issubclass(QfenError, EngineError)


def test_a_second_zhou_is_refused():
    from qiguo.engine import QfenError, qfen_of
    text = qfen_of({"a1": "wG", "s19": "rG"}).replace("/19/19/19/19/19/19/19/19/wG1", "/19/19/19/19/19/19/19/Z18/wG1")
    assert text.count("Z") == 2
    with pytest.raises(QfenError, match="Zhou"):
        Game.from_qfen(text)
