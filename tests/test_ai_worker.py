"""The bot worker process: answers, cancels, survives faults, shuts down cleanly."""
import json
import multiprocessing
import subprocess
import sys
import time

import pytest

import fault_bots
from qiguo.ai import Budget
from qiguo.ai.worker import BotWorker
from qiguo.engine import Game


def wait(worker, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        reply = worker.poll()
        if reply is not None:
            return reply
        time.sleep(0.01)
    raise AssertionError("no reply")


@pytest.fixture
def game():
    return Game.new()


def test_worker_answers_and_closes_leaving_no_process(game):
    w = BotWorker()
    w.request(game, "easy", seed=1)
    assert w.busy
    reply = wait(w)
    assert reply.move in game.legal_codes() and reply.warning is None and not w.busy
    proc = w._proc
    w.close()
    assert not proc.is_alive() and multiprocessing.active_children() == []
    w.close()  # twice is fine


def test_cancel_stops_a_search_mid_way(game):
    w = BotWorker()
    try:
        w.request(game, "easy")
        wait(w)  # the process is up
        w.request(game, "hard", budget=Budget(seconds=20))
        time.sleep(0.3)
        w.cancel()
        assert not w.busy and w.poll() is None
        start = time.monotonic()
        w.request(game, "novice", seed=2)
        reply = wait(w)
        assert reply.warning is None
        assert time.monotonic() - start < 5  # the 20-second search gave way
    finally:
        w.close()


@pytest.mark.parametrize("bot,why", [(fault_bots.raising_bot, "raised RuntimeError: boom"),
                                     (fault_bots.illegal_bot, "illegal move")])
def test_a_failing_bot_gives_a_fallback_and_the_worker_goes_on(game, bot, why):
    w = BotWorker(bot=bot)
    try:
        for _ in range(2):
            w.request(game, "easy")
            reply = wait(w)
            assert reply.move in game.legal_codes() and why in reply.warning
    finally:
        w.close()


def test_a_hung_bot_is_replaced_and_the_process_restarted(game, monkeypatch):
    from qiguo.ai import bots, worker
    monkeypatch.setattr(bots, "CAP_SECONDS", 0.5)  # a search may take its cap; this one hangs past it
    monkeypatch.setattr(worker, "MARGIN", 0.3)  # an hour's sleep is past any margin
    w = BotWorker(bot=fault_bots.hanging_bot)
    try:
        w.request(game, "hard", budget=Budget(seconds=0.1))
        first = w._proc
        reply = wait(w, timeout=15)
        assert reply.move in game.legal_codes() and "took over" in reply.warning
        assert not first.is_alive()
    finally:
        w.close()
    assert multiprocessing.active_children() == []


def test_a_dead_process_is_restarted(game):
    w = BotWorker(bot=fault_bots.crash_once_bot)
    try:
        w.request(game, "hard")
        reply = wait(w)
        assert "died" in reply.warning or "failed" in reply.warning
        w.request(game, "easy")
        assert wait(w).warning is None
    finally:
        w.close()


def test_arena_runs_and_writes_json(tmp_path):
    out = tmp_path / "arena.json"
    r = subprocess.run([sys.executable, "-m", "qiguo.ai.arena", "--games", "2", "--seats",
                        "novice,easy,novice,normal,novice,novice,novice", "--rotate", "--nodes",
                        "--jobs", "2", "--json", str(out)], capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    assert data["games"] == 2 and data["unfinished"] == 0 and data["mean_plies"] > 0
    assert set(data["levels"]) == {"novice", "easy", "normal"}
    assert sum(v["seats"] for v in data["levels"].values()) == 14
    for v in data["levels"].values():
        assert {"seats", "wins", "win_rate", "move_ms_p50", "move_ms_p95", "floor_moves"} <= set(v)
    assert data["levels"]["normal"]["floor_moves"] == 0  # normal's node budget has no floor to go past
    assert "win rate" in r.stdout and "2/2 games" in r.stderr
    assert "past its budget to reach its minimum depth: 0 of" in r.stdout


def test_arena_refuses_bad_seats():
    r = subprocess.run([sys.executable, "-m", "qiguo.ai.arena", "--seats", "easy,genius"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.startswith("error:")


def test_a_fallback_is_said_once(game):
    """The window says "A bot failed (WHY); a fallback move was played": WHY does not say it again."""
    from qiguo.play.strings import set_language, t
    set_language("en")
    w = BotWorker(bot=fault_bots.raising_bot)
    try:
        w.request(game, "easy")
        reply = wait(w)
    finally:
        w.close()
    said = t("game.bot_fallback", why=reply.warning)
    assert said.count("fallback") == 1, said


DROPPED = """
import gc, multiprocessing, time
from qiguo.ai.worker import BotWorker
from qiguo.engine import Game
from qiguo.play.moments_job import MomentsJob

def drop():
    worker = BotWorker()
    worker.request(Game.new(), "easy")
    MomentsJob(Game.new(), [0])  # dropped at once, its process still starting

if __name__ == "__main__":
    drop()
    gc.collect()
    time.sleep(3)  # long enough for a process left starting to fail
    print(len(multiprocessing.active_children()))
"""


def test_a_worker_dropped_without_closing_takes_its_process_along_quietly(tmp_path):
    # A scene dropped without leaving (a test's, or the window's on an error) lets go of its bot
    # worker or its review job: their processes go too, and none of them, still starting, prints a
    # traceback for the queues it can no longer find.
    script = tmp_path / "dropped.py"
    script.write_text(DROPPED)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "0"
    assert "Traceback" not in done.stderr, done.stderr
