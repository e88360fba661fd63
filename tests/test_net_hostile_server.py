"""A hostile server against the clients (issue 78): the window's link and the network bot keep
what they queue bounded, never hang or spin, take every message of a poll in order, and leave
what cannot be with one clear reason."""
import asyncio
import time

import pytest

from qiguo.net import bot, gate as gate_module, link as link_module
from qiguo.net.gate import (BEFORE_WELCOME, EARLY_END, FLOODED, NO_WELCOME, OUT_OF_SEQUENCE, PILED_UP,
                            SECOND_WELCOME, SILENT, Backoff, Gate)
from qiguo.net.link import Link
from qiguo.net.protocol import VERSION
from qiguo.net.session import Tokens

from hostile_server import CODE, Hostile, link_until_closed, table_and_welcome, write

HELLO = {"type": "hello", "version": VERSION, "code": CODE}


def after(table, move):
    """The server's message for `move` played on `table`'s game."""
    g = table.game
    k = g.turn
    g.play(move)
    return {"type": "move", "seq": g.ply, "move": move, "kingdom": "wrobgpk"[k], "qfen": g.to_qfen(),
            "result": None, "sent": 0}


# ---- the gate, on made-up messages ------------------------------------------------------------

def test_the_gate_takes_a_game_in_order_and_nothing_else():
    table, welcome = table_and_welcome()
    g = Gate(now=0.0)
    assert g.take({"type": "seats"}, 10, now=0.1) == BEFORE_WELCOME
    g = Gate(now=0.0)
    assert g.take(welcome, 100, now=0.1) == ""
    assert g.take(welcome, 100, now=0.2) == SECOND_WELCOME
    move = after(table, "e10e5")
    assert g.take(move, 100, now=0.3) == ""
    assert g.take(move, 100, now=0.4) == OUT_OF_SEQUENCE  # the same move again: stale
    assert g.take(dict(move, seq=5), 100, now=0.5) == OUT_OF_SEQUENCE  # a gap
    assert g.take({"type": "end", "result": None}, 10, now=0.6) == EARLY_END


def test_a_second_welcome_is_taken_only_as_the_answer_to_a_sit():
    table, welcome = table_and_welcome(seat=None)
    g = Gate(now=0.0)
    assert g.take(welcome, 100, now=0.0) == ""
    g.asked_seat()
    assert g.take(table.welcome(1), 100, now=0.1) == ""
    assert g.take(table.welcome(1), 100, now=0.2) == SECOND_WELCOME


def test_an_end_is_taken_after_the_move_that_ended_the_game():
    table, welcome = table_and_welcome()
    g = Gate(now=0.0)
    g.take(welcome, 100, now=0.0)
    last = dict(after(table, "e10e5"), result={"winners": "w"})
    assert g.take(last, 100, now=0.1) == ""
    assert g.take({"type": "end", "result": {"winners": "w"}}, 10, now=0.2) == ""


def test_the_gate_waits_ten_seconds_for_the_welcome_then_the_idle_limit():
    g = Gate(now=100.0)
    assert g.wait(now=103.0) == pytest.approx(7.0)
    assert g.wait(now=111.0) == 0.0 and g.silence() == NO_WELCOME
    g.take(table_and_welcome()[1], 100, now=104.0)
    assert g.wait(now=200.0) == 30.0 and g.silence() == SILENT


def test_the_gate_stops_a_flood_of_messages_a_real_server_never_sends():
    table, welcome = table_and_welcome()
    g = Gate(now=0.0)
    g.take(welcome, 100, now=0.0)
    answers = [g.take({"type": "pong"}, 10, now=0.0) for _ in range(int(gate_module.MESSAGE_BURST) + 1)]
    assert answers[:-2] == [""] * (len(answers) - 2) and answers[-1] == FLOODED
    g = Gate(now=0.0)
    g.take(welcome, 100, now=0.0)
    assert all(g.take({"type": "pong"}, 10, now=n / 500) == "" for n in range(20000))  # 500 a second, for 40 s


def test_backoff_doubles_from_half_a_second_and_gives_up():
    b = Backoff()
    pauses = [b.failed() for _ in range(Backoff.TRIES)]
    assert pauses[:5] == [0.5, 1.0, 2.0, 4.0, 8.0] and max(pauses) == 8.0
    assert b.spent
    b.progress()
    assert not b.spent and b.failed() == 0.5


# ---- the window's link against a real socket --------------------------------------------------

def endless(*messages):
    """A script: the hello read, then `messages` written again and again as fast as it can."""
    async def script(reader, writer, n):
        await reader.readline()
        while True:
            await write(writer, *messages)
    return script


@pytest.mark.parametrize("mode", ["welcomes", "stale moves"])
def test_endless_welcomes_or_stale_moves_are_left_at_once(mode):
    table, welcome = table_and_welcome()
    stale = dict(after(table, "e10e5"), seq=0)
    fake = Hostile(endless(welcome) if mode == "welcomes" else endless(welcome, stale))
    try:
        link, got = link_until_closed(fake.port)
    finally:
        fake.stop()
    assert link.state == "closed"
    assert link.error == (SECOND_WELCOME if mode == "welcomes" else OUT_OF_SEQUENCE)
    assert [m["type"] for m in got] == ["welcome"]


def test_messages_left_unread_are_bounded(monkeypatch):
    monkeypatch.setattr(link_module, "MAX_QUEUED", 50)
    welcome = table_and_welcome()[1]

    async def script(reader, writer, n):
        await reader.readline()
        await write(writer, welcome)
        while True:
            await write(writer, *[{"type": "pong"}] * 10)
    fake = Hostile(script)
    try:
        link, got = link_until_closed(fake.port, poll=False)  # a window that does not take them in
    finally:
        fake.stop()
    assert link.error == PILED_UP and len(got) == 50


@pytest.mark.parametrize("mode", ["silent", "a byte at a time"])
def test_a_server_that_sends_no_whole_line_is_left(monkeypatch, mode):
    monkeypatch.setattr(gate_module, "WELCOME_WAIT", 0.6)

    async def script(reader, writer, n):
        await reader.readline()
        while True:
            if mode == "a byte at a time":
                await write(writer, b"{")
            await asyncio.sleep(0.1)
    fake = Hostile(script)
    try:
        start = time.monotonic()
        link, got = link_until_closed(fake.port)
        waited = time.monotonic() - start
    finally:
        fake.stop()
    assert link.error == NO_WELCOME and got == [] and waited < 3


def test_a_welcomed_link_leaves_a_server_silent_past_the_idle_limit(monkeypatch):
    monkeypatch.setattr(gate_module, "SILENCE", 0.5)

    async def script(reader, writer, n):
        await reader.readline()
        await write(writer, table_and_welcome()[1])
        while True:
            await write(writer, b" ")  # bytes, never a line
            await asyncio.sleep(0.1)
    fake = Hostile(script)
    try:
        link, got = link_until_closed(fake.port)
    finally:
        fake.stop()
    assert link.error == SILENT and [m["type"] for m in got] == ["welcome"]


# ---- the window: what comes with the welcome, and joining again --------------------------------

def test_a_move_sent_with_the_welcome_is_shown_in_the_window(tmp_path, monkeypatch):
    from qiguo.scenes.join import JoinScene
    from qiguo.scenes.play import GameScene
    from ui_helpers import make_app
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    table, welcome = table_and_welcome(seat=1)  # this window holds Chu; Qin moves as it joins
    move = after(table, "e10e5")

    async def script(reader, writer, n):
        await reader.readline()
        await write(writer, welcome, move)  # one write: the same poll
        while True:
            await asyncio.sleep(1)
            await write(writer, {"type": "pong"})
    fake = Hostile(script)
    app = make_app()
    try:
        app.stack.push(JoinScene(app, f"127.0.0.1:{fake.port}", CODE, auto=True))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (isinstance(app.stack.top, GameScene)
                                                   and app.stack.top.game.history):
            app.step(0.05, [])
            time.sleep(0.01)
        scene = app.stack.top
        assert isinstance(scene, GameScene) and scene.game.history == ["e10e5"]
        assert scene.match.human_to_move  # Chu's turn, in the window as on the server
    finally:
        while app.stack.scenes:
            app.stack.pop()
        fake.stop()


def test_the_window_refuses_an_end_of_a_game_not_over_and_joins_again_after_a_pause(tmp_path):
    from qiguo.play.net_match import NetMatch
    from qiguo.net.session import Session
    table, welcome = table_and_welcome()

    async def script(reader, writer, n):
        await reader.readline()
        await write(writer, welcome, {"type": "end", "result": None})
        await asyncio.sleep(30)
    fake = Hostile(script)
    try:
        link = Link("127.0.0.1", fake.port, dict(HELLO))
        session = Session()
        deadline = time.monotonic() + 5
        while session.game is None and time.monotonic() < deadline:
            for m in link.poll():
                if m["type"] == "welcome":
                    session.welcome(m)
            time.sleep(0.01)
        match = NetMatch(link, session, ("127.0.0.1", fake.port), CODE, Tokens(tmp_path))
        while not match.problem and time.monotonic() < deadline:
            match.update()
            time.sleep(0.01)
        assert match.problem == EARLY_END and match.game.result is None
        left = time.monotonic()
        while fake.connections < 2 and time.monotonic() < left + 3:
            match.update()
            time.sleep(0.01)
        assert fake.connections == 2 and time.monotonic() - left >= Backoff.FIRST - 0.05  # after a pause
        match.close()
    finally:
        fake.stop()


def test_the_window_gives_up_joining_again_after_its_tries(tmp_path, monkeypatch):
    from qiguo.play.net_match import NetMatch
    from qiguo.net.session import Session
    monkeypatch.setattr(Backoff, "FIRST", 0.01)
    monkeypatch.setattr(Backoff, "LONGEST", 0.02)
    table, welcome = table_and_welcome()

    async def script(reader, writer, n):
        await reader.readline()
        await write(writer, welcome, b'{"type": "mo')  # half a line, then the end
    fake = Hostile(script)
    try:
        session = Session()
        session.welcome(welcome)
        link = Link("127.0.0.1", fake.port, dict(HELLO))
        match = NetMatch(link, session, ("127.0.0.1", fake.port), CODE, Tokens(tmp_path))
        deadline = time.monotonic() + 10
        while not match.gave_up and time.monotonic() < deadline:
            match.update()
            time.sleep(0.005)
        assert match.gave_up and fake.connections == Backoff.TRIES
        match.close()
    finally:
        fake.stop()


# ---- the network bot ---------------------------------------------------------------------------

def bot_against(script, seconds=20.0):
    """Run the network bot against a hostile server: (exit status, connections, stderr lines)."""
    fake = Hostile(script)
    lines = []

    async def go():
        return await asyncio.wait_for(bot.play("127.0.0.1", fake.port, CODE, "r", "novice", Tokens(None), 1.0, 50),
                                      seconds)
    import contextlib
    import io
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            status = asyncio.run(go())
    finally:
        fake.stop()
    lines = err.getvalue().splitlines()
    return status, fake.connections, lines


@pytest.fixture
def quick(monkeypatch, tmp_path):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(Backoff, "FIRST", 0.02)
    monkeypatch.setattr(Backoff, "LONGEST", 0.04)
    monkeypatch.setattr(gate_module, "WELCOME_WAIT", 0.3)
    monkeypatch.setattr(gate_module, "SILENCE", 0.3)


@pytest.mark.parametrize("mode", ["silent", "a byte at a time", "half a line then close", "welcome then close"])
def test_the_bot_leaves_a_server_that_gives_nothing_and_gives_up_after_its_tries(quick, mode):
    table, welcome = table_and_welcome()

    async def script(reader, writer, n):
        await reader.readline()
        if mode == "half a line then close":
            await write(writer, b'{"type": "wel')
            return
        if mode == "welcome then close":
            await write(writer, welcome)
            return
        while True:
            if mode == "a byte at a time":
                await write(writer, b"{")
            await asyncio.sleep(0.05)
    status, connections, lines = bot_against(script)
    assert status == 2 and connections == Backoff.TRIES
    assert lines[-1].startswith(f"error: gave up joining 127.0.0.1:") and len(lines) == Backoff.TRIES


def test_the_bot_joins_again_after_a_growing_pause(monkeypatch, tmp_path):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    seen = []

    async def script(reader, writer, n):
        seen.append(time.monotonic())
        await reader.readline()
        await write(writer, b'{"type": "wel')
    fake = Hostile(script)

    async def go():
        return await bot.play("127.0.0.1", fake.port, CODE, "r", "novice", Tokens(None), 1.0, 50)
    try:
        with pytest.raises(asyncio.TimeoutError):
            asyncio.run(asyncio.wait_for(go(), 3.2))
    finally:
        fake.stop()
    gaps = [b - a for a, b in zip(seen, seen[1:])]
    assert len(seen) == 3 and gaps[0] >= 0.45 and gaps[1] >= 0.95  # 0.5 s, then 1 s (not 46,000 in 40 s)


@pytest.mark.parametrize("mode", ["gap", "stale moves", "notices first", "second welcome", "early end"])
def test_the_bot_refuses_what_cannot_be_in_one_line(quick, mode):
    table, welcome = table_and_welcome()
    move = after(table, "e10e5")
    scripts = {"gap": [welcome, dict(move, seq=3)],
               "stale moves": [welcome, move] + [dict(move, seq=1)] * 1000,
               "notices first": [{"type": "notice", "event": "left", "kingdom": "w", "wait": 1}] * 1000,
               "second welcome": [welcome] * 1000,
               "early end": [welcome, {"type": "end", "result": None}]}
    why = {"gap": OUT_OF_SEQUENCE, "stale moves": OUT_OF_SEQUENCE, "notices first": BEFORE_WELCOME,
           "second welcome": SECOND_WELCOME, "early end": EARLY_END}[mode]

    async def script(reader, writer, n):
        await reader.readline()
        await write(writer, *scripts[mode])
        await asyncio.sleep(10)
    start = time.process_time()
    status, connections, lines = bot_against(script)
    assert status == 2 and connections == 1 and lines == [f"error: {why}"]
    assert time.process_time() - start < 5  # no spin


def test_the_real_window_link_and_a_whole_game_still_play(tmp_path):
    """The gate lets a real game through: a bot game of a real server seen by a link to its end."""
    from qiguo.ai.seats import parse_seats
    from qiguo.net.server import Server
    from qiguo.net.table import Table, table_seats
    from qiguo.net.session import Session
    table = Table(table_seats(parse_seats("1111111")), code=CODE)

    async def go():
        srv = Server(table)
        _, port = await srv.start()
        task = asyncio.ensure_future(srv.serve())
        link = Link("127.0.0.1", port, dict(HELLO, spectate=True))
        session = Session()
        moves = 0
        for _ in range(3000):
            for m in link.poll():
                if m["type"] == "welcome":
                    session.welcome(m)
                elif m["type"] == "move":
                    assert session.apply(m) == "move"
                    moves += 1
            if session.game is not None and session.game.result is not None:
                break
            await asyncio.sleep(0.02)
        srv.stop()
        await task
        link.close()
        return session, moves, link
    session, moves, link = asyncio.run(go())
    assert session.game is not None and session.game.result is not None
    assert moves == session.game.ply and link.error in ("", "the connection was closed")
