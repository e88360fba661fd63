"""Network clocks (issue 79): the server keeps them, sends every player's time with each move
and the welcome, applies a flag itself (with nobody connected too), and the window shows its
times; ``--clock`` is refused in one line when it is not a clock."""
import json
import subprocess
import sys
import time

import pytest

from qiguo.ai.seats import parse_seats
from qiguo.clock import parse_clock
from qiguo.net.table import Table, table_seats

from test_net import PY, server


def test_the_table_times_the_player_to_move_and_says_so_with_each_move():
    t = Table(table_seats(parse_seats("nn33333")), clock=parse_clock("1+2"))
    assert set(t.clocks.left) == {0, 1}
    now = time.monotonic()
    t.clocks.run(0, now - 5.0)  # Qin has thought for 5 s
    t.play(0, str(t.game.legal_moves()[0]), 0)
    assert t.clocks.left[0] == pytest.approx(57, abs=0.2)  # 5 s used, 2 added
    t.time_clocks()
    said = t.clock_message()
    assert said["spec"] == "1+2" and said["running"] == "r" and said["left"]["w"] == pytest.approx(57, abs=0.2)
    assert t.welcome(None)["clock"]["left"].keys() == {"w", "r"}


def test_a_flag_resigns_every_kingdom_of_the_player_and_the_next_move_is_refused():
    t = Table(table_seats(parse_seats("nnn3333")), blocs=["wo"], clock=parse_clock("0.1+0"))
    assert t.player_of(0) == t.player_of(2) == 0 and t.player_of(1) == 1
    now = time.monotonic()
    t.clocks.run(0, now - 7.0)
    out = t.time_clocks(now)
    assert out == [0, 2]
    for k in out:
        t.lose_on_time(k)
    assert t.on_time == [0, 2] and not t.game.alive[0] and not t.game.alive[2]
    assert t.game.standing(0).how == "resigned"


def test_the_server_applies_a_flag_with_nobody_connected(tmp_path):
    state = tmp_path / "state.json"
    srv, port = server(tmp_path, "nn33333", "--state", str(state), "--clock", "0.05+0", "--seat-wait", "600")
    try:
        deadline = time.monotonic() + 30
        moves = []
        while time.monotonic() < deadline:
            data = json.loads(state.read_text())
            moves = data["game"]["moves"]
            if "resign:r" in moves:
                break
            time.sleep(0.3)
        assert moves[:1] == ["resign:w"] and "resign:r" in moves  # 3 s each, then the bots play on
        assert data["clock"]["on_time"] == "wr" and data["clock"]["left"]["w"] == 0
    finally:
        srv.terminate()
        srv.wait(timeout=10)
    back = Table.restore(state)  # a resumed game keeps its clocks as they were left
    assert back.clocks is not None and back.clocks.spec.text() == "0.05+0"
    assert back.clocks.left[0] == 0 and back.on_time == [0, 1]


@pytest.mark.parametrize("spec", ["5x5", "0d5", "", "999+1"])
def test_the_server_refuses_a_bad_clock_in_one_line(spec):
    r = subprocess.run([PY, "-m", "qiguo.net.server", "--seats", "nn33333", "--clock", spec],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("error:")


def test_the_window_shows_the_servers_times():
    from qiguo.play.net_match import NetMatch
    match = NetMatch.__new__(NetMatch)  # only the clock's part of a network match
    match.clocks = None
    from qiguo.engine import Game
    match.game = Game.new()
    match._take_clock({"spec": "5d5", "left": {"w": 120.5, "r": 300}, "running": "w"})
    assert match.clocks.spec.text() == "5d5" and match.clocks.running == 0
    assert match.clocks.shown(0, time.monotonic()) == pytest.approx(120.5, abs=0.1)
    assert match.clock_player(0) == 0 and match.clock_player(1) == 1 and match.clock_player(2) is None
    match._take_clock({"spec": "5d5", "left": {"w": "lots"}, "running": "w"})  # not a time: left out
    match._take_clock({"spec": "nonsense"})  # not a clock: nothing changes
    assert match.clocks.shown(1, time.monotonic()) == 300
