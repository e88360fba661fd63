"""What got through the network attack of issue 30, each shut: requests that change nothing cost
no one else anything; guessing from a whole network or from everywhere is as slow as from one
address, logged as a summary and liftable by the host; damaged data files are set aside, every
copy kept; look-alike and blank names; a hostile server against the window's link, the window's
match and the network bot; error texts that name the file."""
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import threading
import time

import pytest

from qiguo import jsonfile
from qiguo.ai.seats import parse_seats
from qiguo.engine import Game
from qiguo.names import TextError, clean, imitates
from qiguo.net import guard as guard_module
from qiguo.net.bot import one_connection
from qiguo.net.guard import Guard, network_of
from qiguo.net.link import NOT_QIGUO, TOO_LONG, Link
from qiguo.net.protocol import MAX_LINE, VERSION, encode
from qiguo.net.server import Server, ServerThread
from qiguo.net.session import ILLEGAL, Session, Tokens
from qiguo.net.table import Table, table_seats

from hostile_server import Hostile, link_until_closed, write
from test_net_hostile import CODE, connect, read, run, seated, send, serving

SPECTATE = {"type": "hello", "version": VERSION, "code": CODE, "spectate": True}


def welcomed(link, seconds=5.0):
    """The session of a link's first welcome (polled as the window does)."""
    deadline = time.monotonic() + seconds
    welcome = None
    while welcome is None and time.monotonic() < deadline:
        welcome = next((m for m in link.poll() if m["type"] == "welcome"), None)
        time.sleep(0.01)
    session = Session()
    session.welcome(welcome)
    return session


# ---- 1. requests that change nothing ------------------------------------------------------

class CountingTable(Table):
    writes = 0

    def save(self):
        CountingTable.writes += 1


@pytest.mark.parametrize("seat", ["", "x", "r", "w"])
def test_a_meaningless_sit_is_refused_in_one_line_and_costs_no_one_else_anything(seat):
    """A watcher's sit for no seat, an unknown one, one taken or one that is a bot's: one
    refusal each, no welcome, no seats message to the bystander, no write of the state."""
    async def go():
        table = CountingTable(table_seats(parse_seats("nn1----")), code=CODE)
        async with serving(table=table) as (srv, port):
            qin_r, qin_w, _ = await seated(port, "w")  # the bystander
            held = []  # a connection no longer referred to would be closed (and Chu would leave)
            if seat == "r":
                held.append(await seated(port, "r"))
                await read(qin_r)  # Chu's arrival
            watcher_r, watcher_w = await connect(port)
            await send(watcher_w, SPECTATE)
            assert (await read(watcher_r))["type"] == "welcome"
            writes = CountingTable.writes
            for _ in range(30):
                await send(watcher_w, {"type": "sit", "seat": "o" if seat == "w" else seat})
            answers = [await read(watcher_r) for _ in range(30)]
            await send(qin_w, {"type": "ping"})
            heard = await read(qin_r)
            return answers, heard, CountingTable.writes - writes
    answers, heard, writes = run(go())
    assert all(a["type"] == "error" and a["code"] == "refused" for a in answers), answers[:3]
    assert heard == {"type": "pong"}  # nothing reached the bystander before its own pong
    assert writes == 0


def test_pausing_a_paused_game_is_refused_and_broadcasts_nothing():
    async def play():
        table = Table(table_seats(parse_seats("hn-----")), code=CODE)
        async with serving(table=table) as (srv, port):
            host_r, host_w = await connect(port)
            await send(host_w, {"type": "hello", "version": VERSION, "code": CODE, "token": table.seats[0].token})
            assert (await read(host_r))["type"] == "welcome"
            await read(host_r)  # seats
            chu_r, chu_w, _ = await seated(port, "r")
            await read(host_r)  # Chu's arrival
            await send(host_w, {"type": "pause", "paused": True})
            assert (await read(chu_r))["type"] == "paused"
            await send(host_w, {"type": "pause", "paused": True})
            again = await read(host_r)
            while again["type"] == "paused":
                again = await read(host_r)
            await send(chu_w, {"type": "ping"})
            return again, await read(chu_r)
    again, heard = run(play())
    assert again["type"] == "error" and "paused already" in again["message"]
    assert heard == {"type": "pong"}


# ---- 2. guessing from many addresses -------------------------------------------------------

def test_networks_are_slash_24_and_slash_64():
    assert network_of("192.168.7.200") == "192.168.7.0/24"
    assert network_of("::ffff:10.1.2.3") == "10.1.2.0/24"
    assert network_of("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert network_of("not an address") == "not an address"


def test_guessing_from_many_addresses_of_one_network_is_held_to_its_budget():
    g = Guard()
    compared = 0
    for n in range(200):  # 200 addresses of one /24, each trying once, in 20 seconds
        address, now = f"10.9.8.{n}", n * 0.1
        if not g.refusal(address, now):
            g.wrong(address, now)
            compared += 1
    burst, rate = guard_module.NETWORK_BUDGET
    assert compared <= burst + rate * 20 + 1
    assert "your network" in g.refusal("10.9.8.250", 20.0)
    assert not g.refusal("10.9.9.1", 20.0)  # the next network has its own budget


def test_guessing_from_everywhere_is_held_to_the_servers_budget():
    g = Guard()
    compared, refusals = 0, set()
    for n in range(400):  # a new /24 for each try: only the server's budget holds
        address, now = f"10.{n // 250}.{n % 250}.1", n * 0.05
        why = g.refusal(address, now)
        if not why:
            g.wrong(address, now)
            compared += 1
        refusals.add(why.split(":")[0])
    burst, rate = guard_module.SERVER_BUDGET
    assert compared <= burst + rate * 20 + 1
    assert refusals == {"", "too many wrong join codes from everywhere"}


def test_rotating_loopback_addresses_are_slowed_by_the_network_budget_and_logged_as_a_summary():
    logged = []

    async def go():
        answers = []
        async with serving("nn-----", log=logged.append) as (srv, port):
            for n in range(2, 42):  # 40 addresses of 127.0.0.0/24, one guess each
                r, w = await connect(port, f"127.0.0.{n}")
                await send(w, {"type": "hello", "version": VERSION, "code": "GUESS1", "seat": "w"})
                answers.append(await read(r))
                w.close()
        return answers
    answers = run(go())
    refused = [a for a in answers if a["code"] == "refused"]
    slowed = [a for a in answers if a["code"] == "slow down"]
    assert len(refused) == guard_module.NETWORK_BUDGET[0]  # the burst, then (within a second) none
    assert len(slowed) == 40 - len(refused) and "your network" in slowed[0]["message"]
    summary = [line for line in logged if line.startswith("wrong join codes from")]
    assert len(summary) == len(refused) and all(": 1 in the last minute" in line for line in summary)
    assert any(line.startswith(f"{len(slowed)} tries turned away") for line in logged)
    assert len(logged) <= len(refused) + 2  # no line per try


def test_the_summary_waits_a_minute():
    g = Guard()
    for n in range(5):
        g.wrong("10.0.0.1", now=float(n))
    assert g.summary(now=30.0) == []
    assert g.summary(now=61.0) == ["wrong join codes from 10.0.0.1: 5 in the last minute"]
    assert g.summary(now=200.0) == []  # said once


def test_the_host_sees_lock_outs_and_lifts_them(monkeypatch):
    monkeypatch.setattr(guard_module, "FIRST_WAIT", 0.0)
    srv = ServerThread(Server(Table(table_seats(parse_seats("nn-----")), code=CODE)))
    srv.start()
    try:
        for _ in range(guard_module.LOCK_AFTER):
            srv.server.guard.wrong("192.0.2.7")
        locked = srv.lockouts()
        assert [a for a, _ in locked] == ["192.0.2.7"] and 500 < locked[0][1] <= guard_module.LOCKOUT
        assert srv.server.guard.refusal("192.0.2.7")
        srv.lift()
        deadline = time.monotonic() + 2
        while srv.lockouts() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert srv.lockouts() == [] and not srv.server.guard.refusal("192.0.2.7")
    finally:
        srv.stop()


def test_a_stopped_host_leaves_no_connection_task_pending():
    """Connections that arrive while the window's server stops are ended with it: its thread
    closes its event loop with no task left undone (one left would be destroyed pending later,
    with its first read never awaited)."""
    import socket
    srv = ServerThread(Server(Table(table_seats(parse_seats("nn-----")), code=CODE)))
    host, port = srv.start()
    socks: list[socket.socket] = []
    stopping = threading.Event()

    def connect_until_stopped() -> None:
        while not stopping.is_set():
            try:
                socks.append(socket.create_connection(("127.0.0.1", port), timeout=0.2))
            except OSError:
                pass

    hammer = threading.Thread(target=connect_until_stopped)
    hammer.start()
    try:
        time.sleep(0.05)
        srv.stop()
    finally:
        stopping.set()
        hammer.join()
        for sock in socks:
            sock.close()
    assert not srv.thread.is_alive() and socks
    assert srv.loop.is_closed()
    assert not [task for task in asyncio.all_tasks(srv.loop) if not task.done()]


@contextlib.contextmanager
def hosted_window(tmp_path):
    """A window at 1280×900 hosting Qin against a network seat, on its game screen: (app,
    scene, match, server thread); everything closed after."""
    from qiguo.play import hosting
    from qiguo.play.net_match import NetMatch
    from ui_helpers import make_app
    app = make_app((1280, 900))
    table = hosting.new_table(parse_seats("hn-----"), "standard", [])
    server, link = hosting.start(table, 0, 0.0)
    try:
        match = NetMatch(link, welcomed(link), ("127.0.0.1", server.address[1]), table.code, Tokens(tmp_path),
                         server=server)
        scene = app.scene("game", match)
        app.stack.push(scene)
        app.step(0.05, [])
        yield app, scene, match, server
    finally:
        while app.stack.scenes:
            app.stack.pop()
        server.stop()


def test_the_hosting_window_shows_a_lock_out_and_ctrl_u_lifts_it(tmp_path, monkeypatch):
    import pygame
    from ui_helpers import key
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    with hosted_window(tmp_path) as (app, scene, match, server):
        for _ in range(guard_module.LOCK_AFTER):
            server.server.guard.wrong("198.51.100.9")
        app.step(0.05, [])
        assert "198.51.100.9" in scene.table.lockout_line() and "198.51.100.9" in app.toast_text
        assert "198.51.100.9" in scene.table.panel_view(match.game).quiet_line
        key(app, pygame.K_u, mod=pygame.KMOD_CTRL)
        deadline = time.monotonic() + 2
        while server.lockouts() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.lockouts() == [] and scene.table.lockout_line() == ""


# ---- 3. damaged files set aside, every copy kept ---------------------------------------------

def test_set_aside_never_replaces_an_older_copy(tmp_path):
    path = tmp_path / "net_tokens.json"
    for n in range(3):
        path.write_text(f"damaged {n}")
        jsonfile.set_aside(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["net_tokens.json.bad", "net_tokens.json.bad.2",
                                                          "net_tokens.json.bad.3"]
    assert (tmp_path / "net_tokens.json.bad").read_text() == "damaged 0"
    assert (tmp_path / "net_tokens.json.bad.3").read_text() == "damaged 2"


def test_a_damaged_token_file_is_set_aside_before_it_is_written_again(tmp_path):
    path = tmp_path / "net_tokens.json"
    for n, damage in enumerate(['{"a:1/CODE": "tok', "[1, 2]"]):
        path.write_text(damage)
        Tokens(tmp_path).put(f"h:{n}/CODE", "f" * 32)
        assert json.loads(path.read_text()) == {f"h:{n}/CODE": "f" * 32}
    assert (tmp_path / "net_tokens.json.bad").read_text() == '{"a:1/CODE": "tok'
    assert (tmp_path / "net_tokens.json.bad.2").read_text() == "[1, 2]"
    Tokens(tmp_path).put("h:9/CODE", "e" * 32)  # a good file is not set aside
    assert not (tmp_path / "net_tokens.json.bad.3").exists()


def test_a_damaged_host_state_is_set_aside_before_a_new_hosted_game(tmp_path, monkeypatch):
    from qiguo.play import hosting
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    (tmp_path / "host.json").write_text('{"format": "qiguo-host", "seats": 3}')
    table = hosting.new_table(parse_seats("hn-----"), "standard", [])
    table.save()
    assert (tmp_path / "host.json.bad").read_text() == '{"format": "qiguo-host", "seats": 3}'
    assert json.loads((tmp_path / "host.json").read_text())["format"] == "qiguo-host"


# ---- 4. names ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Ｙｏｕ", "Y\u043eu", "Q\u0456n", "You.", "Host:", "Bot-Hard!", "BotHard",
                                  "Y0U", "电脑困难", "秦", "あなた", "ＱＩＮ", "the\u3164host"])
def test_look_alike_names_are_quoted(name):
    assert imitates(name), name


@pytest.mark.parametrize("name", ["Bo", "Bob", "Hannah", "Robot Wars", "Winston", "Qiang", "王小明"])
def test_ordinary_names_are_not_quoted(name):
    assert not imitates(name), name


@pytest.mark.parametrize("name", ["\u115f", "\u1160\u1160", "\u3164", "\u2800 \u2800", "\uffa0", "\u034f"])
def test_names_with_no_visible_letter_are_refused(name):
    with pytest.raises(TextError, match="visible"):
        clean(name, 40)
    assert clean("Bo\u3164", 40) == "Bo\u3164"  # a visible letter is enough


def test_the_server_quotes_a_look_alike_name_and_refuses_a_blank_one():
    async def play():
        async with serving("nn-----") as (srv, port):
            r, w = await connect(port)
            await send(w, {"type": "hello", "version": VERSION, "code": CODE, "seat": "w", "name": "Y\u043eu"})
            welcome = await read(r)
            r2, w2 = await connect(port)
            await send(w2, {"type": "hello", "version": VERSION, "code": CODE, "seat": "r", "name": "\u3164"})
            return welcome, await read(r2)
    welcome, blank = run(play())
    assert welcome["seats"][0]["name"] == "“Y\u043eu”"
    assert blank["type"] == "error" and "visible" in blank["message"]


# ---- 5. a hostile server ----------------------------------------------------------------------

def _welcome(seats="nn-----"):
    table = Table(table_seats(parse_seats(seats)), code=CODE)
    return table, table.welcome(1)  # this client holds Chu


HOSTILE = {
    "illegal move": [{"type": "move", "seq": 1, "move": "a1a2", "kingdom": "w"}],
    "another's move": [{"type": "move", "seq": 1, "move": "e10e5", "kingdom": "r"}],
    "not a move": [{"type": "move", "seq": 1, "move": 17, "kingdom": "w"}],
    "junk": [b"this is not JSON\n"],
    "too long": [b'{"type": "notice", "x": "' + b"x" * (MAX_LINE + 10) + b'"}\n'],
    "bad seats": [{"type": "seats", "seats": [1, 2, 3]}],
    "bad welcome": [{"type": "welcome", "game": {"moves": 5}, "seq": 0, "seats": []}],
}
"""What a hostile server sends after a good welcome, by the name of the wrong."""


class FakeServer(Hostile):
    """A hostile server on loopback, in its own thread: answers each hello with a good welcome,
    then the lines of `script`, then (with `hang_up`) closes, else stays open."""

    def __init__(self, script, hang_up=False):
        self.table, self.welcome = _welcome()

        async def answer(reader, writer, n):
            await reader.readline()  # the hello
            await write(writer, self.welcome)
            await asyncio.sleep(0.3)  # the client takes the welcome in first
            for line in script:
                await write(writer, line)
            if not hang_up:
                await asyncio.sleep(30)
        super().__init__(answer)


@pytest.mark.parametrize("what", ["junk", "too long"])
def test_the_link_closes_on_what_no_qiguo_server_sends_and_says_why(what):
    fake = FakeServer(HOSTILE[what])
    try:
        link, got = link_until_closed(fake.port)
    finally:
        fake.stop()
    assert link.state == "closed"
    assert link.error == (NOT_QIGUO if what == "junk" else TOO_LONG)
    assert [m["type"] for m in got] == ["welcome"]


def test_a_line_cut_off_by_the_end_is_a_closed_connection():
    fake = FakeServer([b'{"type": "mo'], hang_up=True)
    try:
        link, _ = link_until_closed(fake.port)
    finally:
        fake.stop()
    assert link.error == "the connection was closed"


@pytest.mark.parametrize("what", ["illegal move", "another's move", "not a move", "bad seats", "bad welcome"])
def test_the_windows_match_refuses_what_cannot_be_and_joins_again(what, tmp_path, monkeypatch):
    from qiguo.play.net_match import NetMatch
    fake = FakeServer(HOSTILE[what])
    try:
        link = Link("127.0.0.1", fake.port, {"type": "hello", "version": VERSION, "code": CODE})
        session = welcomed(link)
        match = NetMatch(link, session, ("127.0.0.1", fake.port), CODE, Tokens(tmp_path))
        before = match.game.history[:]
        deadline = time.monotonic() + 5
        while not match.problem and time.monotonic() < deadline:
            match.update()
            time.sleep(0.01)
        assert match.problem and match.game.history == before and len(match.seats) == 7
        while fake.connections < 2 and time.monotonic() < deadline:  # it joins again, later
            match.update()
            time.sleep(0.01)
        assert fake.connections >= 2
        match.close()
    finally:
        fake.stop()
    if what == "illegal move":
        assert match.problem == ILLEGAL


@pytest.mark.parametrize("what", ["illegal move", "another's move", "not a move", "junk", "too long",
                                  "bad seats", "bad welcome", "end"])
def test_the_network_bot_refuses_a_hostile_server_in_one_line(what):
    script = [{"type": "end", "result": "junk"}] if what == "end" else HOSTILE[what]
    first = None
    if what == "bad welcome":
        first, script = script[0], []

    async def go():
        srv_table, welcome = _welcome()

        async def handle(reader, writer):
            await reader.readline()
            for line in ([first] if first else [welcome]) + script:
                writer.write(line if isinstance(line, bytes) else encode(line))
                await writer.drain()
            await asyncio.sleep(5)
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=MAX_LINE + 2)
        try:
            await asyncio.wait_for(one_connection(reader, writer, Session(), CODE, "", "", "novice", 50,
                                                  lambda token: None), 5)
        finally:
            writer.close()
            server.close()
    from qiguo.net.bot import Refused
    with pytest.raises(Refused) as refused:
        run(go())
    assert str(refused.value) and "\n" not in str(refused.value)


def test_the_network_bot_process_says_one_line_to_a_hostile_server(tmp_path):
    fake = FakeServer(HOSTILE["illegal move"])
    try:
        proc = subprocess.run([sys.executable, "-m", "qiguo.net.bot", "--join", f"127.0.0.1:{fake.port}",
                               "--code", CODE, "--level", "novice", "--data", str(tmp_path), "--retry", "1"],
                              capture_output=True, text=True, timeout=60)
    finally:
        fake.stop()
    assert proc.returncode == 2 and proc.stderr == f"error: {ILLEGAL}\n"


def test_a_second_welcome_of_the_same_game_is_taken_in():
    table, welcome = _welcome()
    s = Session()
    s.welcome(welcome)
    table.game.play("e10e5")
    s.welcome(table.welcome(1))
    assert s.game.history == ["e10e5"]


# ---- 6. error texts -----------------------------------------------------------------------------

def _coach(*args):
    return subprocess.run([sys.executable, "-m", "qiguo.ai.coach", *args], capture_output=True, text=True, timeout=60)


def test_coach_review_names_a_damaged_or_missing_file(tmp_path):
    broken = tmp_path / "game.json"
    broken.write_text("")
    damaged, missing = _coach("review", str(broken)), _coach("review", str(tmp_path / "nothing.json"))
    assert damaged.returncode == 2 and damaged.stderr.startswith("error: game.json is damaged (not JSON")
    assert missing.returncode == 2 and missing.stderr == "error: nothing.json: No such file or directory\n"
    assert "Errno" not in damaged.stderr + missing.stderr


def test_a_state_that_cannot_be_written_names_the_state_file(tmp_path):
    folder = tmp_path / "not a folder"
    folder.write_text("")
    proc = subprocess.run([sys.executable, "-m", "qiguo.net.server", "--seats", "nn-----",
                           "--state", str(folder / "state.json")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert f"cannot keep the game in {folder / 'state.json'}" in proc.stderr and ".tmp" not in proc.stderr


def test_a_failed_write_names_its_file_not_the_temporary(tmp_path, monkeypatch):
    target = tmp_path / "state.json"

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / ".x1y2.tmp"))
    monkeypatch.setattr(jsonfile.tempfile, "mkstemp", refuse)
    with pytest.raises(PermissionError) as e:
        jsonfile.write_json(target, {})
    assert e.value.filename == str(target) and jsonfile.os_message(e.value) == "state.json: Permission denied"
    assert not os.listdir(tmp_path)
