"""The engine's command line: its main() in this process, and as a real subprocess."""
import subprocess
import sys

from in_process import run_main
from qiguo.engine import START_QFEN, cli


def run(*args, stdin=""):
    return run_main(cli.main, *args, stdin=stdin)


def test_moves_sorted_one_per_line():
    r = subprocess.run([sys.executable, "-m", "qiguo.engine", "moves", START_QFEN], capture_output=True, text=True,
                       timeout=60)
    lines = r.stdout.split()
    assert r.returncode == 0 and len(lines) == 72 and lines == sorted(lines)
    assert len(run("moves", "--rules", "chinese", START_QFEN).stdout.split()) == 96
    assert len(run("moves", "--set", "horse=upto3", START_QFEN).stdout.split()) == 96


def test_play_prints_qfen_and_result():
    r = run("play", START_QFEN, "e10e5")
    assert r.returncode == 0 and r.stdout.split()[1] == "r"
    two = "wG18/19/19/19/19/19/19/19/19/9Z9/19/19/19/19/19/2wD16/19/19/2rG16 w - - 0"
    r = run("play", two, "c4c1")
    assert "winner=w reason=last_standing" in r.stdout


def test_perft_prints_each_depth():
    r = run("perft", START_QFEN, "2")
    assert r.stdout.split("\n")[:2] == ["1 72", "2 5125"]


def test_bad_input_exits_2_with_one_line():
    for args in [("moves", "junk"), ("play", START_QFEN, "e5e9"), ("moves", "--set", "horse=x", START_QFEN),
                 ("moves", "--rules", "nope", START_QFEN), ("perft", START_QFEN, "0")]:
        r = run(*args)
        assert r.returncode == 2, args
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("error:"), r.stderr
        assert "Traceback" not in r.stderr


def test_serve_answers_each_line():
    board = "wG18/19/19/19/19/19/19/19/19/9Z9/19/19/19/19/19/2wD16/19/19/2rG16"
    stdin = "\n".join([
        f"moves {START_QFEN}",
        f"play {START_QFEN} e10e5",
        f"play {board} w - - 0 c4c1",
        "frob",
        "moves not a qfen",
        f"play {START_QFEN} zz",
        "",
        f"moves {START_QFEN}",
    ]) + "\n"
    r = run("serve", stdin=stdin)
    lines = r.stdout.split("\n")[:-1]
    assert len(lines) == 6
    assert len(lines[0].split(" ")) == 72
    assert lines[1].split()[1] == "r" and "|" not in lines[1]
    assert lines[2].endswith(" | winner=w reason=last_standing")
    assert all(line.startswith("error:") for line in lines[3:])


def test_bench_prints_figures():
    r = run("bench", "--seconds", "0.05")
    assert r.returncode == 0 and "/s" in r.stdout and "play" in r.stdout
