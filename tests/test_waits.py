"""The waits benchmark (issue 81): a scripted player against six bots in a real window with the
real worker; it counts the player's turns and every bot move; the command prints the figures.
And the window asks for the next bot's move while the last one glides (the waits shrink, the
moves stay the same)."""
import subprocess
import sys

from qiguo.waits import measure, report


def test_a_tiny_run_counts_the_turns_and_the_bot_moves():
    waits, moves = measure("novice", 2)
    assert len(waits) == 2 and all(w > 0.5 for w in waits)  # six bots, each shown for the pause at least
    assert len(moves) >= 12 and all(m >= 0 for m in moves)
    line = report("novice", waits, moves)
    assert line.startswith("novice: wait for your turn over 2 turns: median ") and " p99 " in line


def test_the_command_prints_the_figures():
    r = subprocess.run([sys.executable, "-m", "qiguo.ai.bench", "--waits", "easy", "--turns", "1"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "easy: wait for your turn over 1 turns" in r.stdout


def test_the_next_bot_is_asked_while_the_last_move_glides():
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from qiguo.play.settings import Settings
    from qiguo.play.table import Table
    from ui_helpers import InlineWorker
    m = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    table = Table(m, Settings())
    table.play(m.game.legal_codes()[0])
    table.update(0.016, animating=True)  # the move glides: Chu's search starts already
    assert m.worker is not None and m.worker.requests == 1
    assert m.game.ply == 1  # but nothing is played while it glides
    m.close()
