"""What one stranger's bytes could do to a network game (issue 17), tried on loopback: hostile
names, silent and unauthenticated connections, guessing, a failing disk, silence after hello, a
client that never reads. Each attack may close the attacker's own connection only."""
import asyncio
import json
import os
import subprocess
import sys
import time

import pytest

from qiguo.net import guard as guard_module, server as server_module
from qiguo.net.guard import Guard
from qiguo.net.protocol import VERSION
from qiguo.net.server import Server
from qiguo.ai.seats import parse_seats
from qiguo.net.table import Table, TableError, table_seats
from qiguo.names import TextError, clean, imitates

from test_net_hostile import CODE, closed, connect, read, run, seated, send, serving

STRANGER = "127.0.0.2"
"""Another address of the loopback range: the stranger's computer."""
UGLY = ["\ud800", "a\x00b", "\u202eevil", "zero\u200bwidth", "\x1b[31mred", "line\nbreak", "\udfff\ud800x"]


def raw_clean(text):
    return all(ch.isprintable() for ch in text)


def test_names_are_cleaned_or_refused():
    assert clean("  Bo \x00 \u202eMa\u200bo\n ", 40) == "Bo Mao"
    assert clean("e\u0301", 40) == "é"  # normalised
    assert clean("\ud800\udfff", 40) == ""
    with pytest.raises(TextError):
        clean("x" * 41, 40)
    for name in ("You", "the  host", "bot novice", "Bot-Hard", "w", "QIN", "stand-in"):
        assert imitates(name), name
    for name in ("Bo", "Robot Wars", "Hannah", "Winston"):
        assert not imitates(name), name


@pytest.mark.parametrize("how", ["hello", "sit"])
def test_hostile_names_never_reach_the_others_and_the_server_lives(how):
    async def go():
        async with serving() as (srv, port):
            watcher_r, watcher_w = await connect(port)
            await send(watcher_w, {"type": "hello", "version": VERSION, "code": CODE, "spectate": True})
            assert (await read(watcher_r))["type"] == "welcome"
            held = []  # a connection no longer referred to would be closed
            for n, name in enumerate(UGLY[:3]):
                seat = "wro"[n]
                r, w = await connect(port)
                held.append(w)
                if how == "hello":
                    await send(w, {"type": "hello", "version": VERSION, "code": CODE, "seat": seat, "name": name})
                    assert (await read(r))["type"] == "welcome"
                else:
                    await send(w, {"type": "hello", "version": VERSION, "code": CODE})
                    assert (await read(r))["type"] == "welcome"
                    await send(w, {"type": "sit", "seat": seat, "name": name})
                    while (await read(r))["type"] != "welcome":
                        pass
                seats = await read(watcher_r)
                assert seats["type"] == "seats"
                for s in seats["seats"]:
                    assert raw_clean(s["name"]), s
            assert srv.table.seats[0].name == "" or raw_clean(srv.table.seats[0].name)
            srv.table.state = None
            await send(watcher_w, {"type": "ping"})
            assert (await read(watcher_r))["type"] == "pong"  # the server is alive
    run(go())


def test_a_surrogate_name_does_not_end_a_headless_game(tmp_path):
    """The real server process: a surrogate name through hello, and the bots' game still ends
    with its result line (it used to exit 1 at once)."""
    env = dict(os.environ, QIGUO_DATA_DIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "qiguo.net.server", "--port", "0", "--seats", "n111111",
                             "--seat-wait", "0", "--level", "novice", "--code", CODE,
                             "--state", str(tmp_path / "state.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        port = int(proc.stdout.readline().split()[1].rsplit(":", 1)[1])

        async def go():
            r, w = await connect(port)
            w.write(b'{"type":"hello","version":1,"code":"' + CODE.encode() + b'","seat":"w","name":"\\ud800"}\n')
            await w.drain()
            assert (await read(r))["type"] == "welcome"
            w.close()
        run(go())
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "result winner=" in out, (out, err)
    assert "Traceback" not in err, err
    saved = json.loads((tmp_path / "state.json").read_text(encoding="utf-8"))
    assert raw_clean(saved["seats"][0]["name"])


def test_a_connection_that_has_not_said_hello_is_told_nothing():
    async def go():
        async with serving("nn-----") as (srv, port):
            silent_r, silent_w = await connect(port, STRANGER)
            watcher_r, watcher_w = await connect(port)
            await send(watcher_w, {"type": "hello", "version": VERSION, "code": CODE, "spectate": True})
            assert (await read(watcher_r))["type"] == "welcome"
            qin_r, qin_w, _ = await seated(port, "w")
            chu_r, chu_w, _ = await seated(port, "r")
            players = {0: qin_w, 1: chu_w}
            for seq in range(4):
                g = srv.table.game
                await send(players[g.turn], {"type": "move", "move": str(g.legal_moves()[0]), "seq": seq})
                while (await read(watcher_r))["type"] != "move":
                    pass
            assert srv.table.game.ply == 4
            assert srv.pending and not any(c.address == STRANGER for c in srv.clients.values())
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(silent_r.readline(), 0.5)  # nothing at all: no seats, no move
    run(go())


def test_silent_connections_do_not_keep_a_player_out():
    async def go():
        async with serving() as (srv, port):
            crowd = [await connect(port, STRANGER) for _ in range(90)]
            await asyncio.sleep(0.3)
            assert len(srv.pending) <= server_module.PER_ADDRESS
            reader, writer, welcome = await seated(port, "w")
            assert welcome["type"] == "welcome"
            for _, w in crowd:
                w.close()
    run(go())


def test_a_token_always_gets_its_seat_back_while_strangers_crowd_the_server(monkeypatch):
    monkeypatch.setattr(server_module, "MAX_PENDING", 6)
    monkeypatch.setattr(server_module, "GRACE", 0.2)

    async def go():
        async with serving() as (srv, port):
            reader, writer, welcome = await seated(port, "w")
            writer.close()
            await asyncio.sleep(0.2)
            crowds = [await connect(port, f"127.0.0.{3 + n // 3}") for n in range(30)]
            await asyncio.sleep(0.3)  # silent past the grace: theirs are the places given up
            r, w = await connect(port)
            await send(w, {"type": "hello", "version": VERSION, "code": CODE, "token": welcome["token"]})
            assert (await read(r))["seat"] == "w"
            for _, cw in crowds:
                cw.close()
    run(go())


def test_guessing_is_throttled_then_locked_out_and_logged(monkeypatch):
    monkeypatch.setattr(guard_module, "FIRST_WAIT", 0.02)
    monkeypatch.setattr(guard_module, "MAX_WAIT", 0.02)
    logged = []

    async def go():
        srv = Server(Table(table_seats(parse_seats("nn-----")), code=CODE), log=logged.append)
        _, port = await srv.start()
        task = asyncio.ensure_future(srv.serve())
        answers = []
        try:
            start = time.monotonic()
            while time.monotonic() - start < 0.5:  # locked out after 8 guesses (0.16 s at least)
                r, w = await connect(port, STRANGER)
                await send(w, {"type": "hello", "version": VERSION, "code": "GUESS1", "seat": "w"})
                answers.append((await read(r))["code"])
                w.close()
            r, w = await connect(port, STRANGER)  # locked out: even the right code is not tried
            await send(w, {"type": "hello", "version": VERSION, "code": CODE, "seat": "w"})
            locked = await read(r)
            _, _, welcome = await seated(port, "r")  # another address is not locked out
        finally:
            srv.stop()
            await task
        return answers, locked, welcome
    answers, locked, welcome = run(go())
    assert answers.count("refused") == guard_module.LOCK_AFTER  # each guess costs a growing wait...
    assert answers.count("slow down") > 0  # ...and trying sooner is refused without a guess
    assert locked["code"] == "slow down" and "try again in" in locked["message"]
    assert welcome["type"] == "welcome"
    assert sum("127.0.0.2 is locked out" in line for line in logged) == 1  # said at once, once
    summary = [line for line in logged if line.startswith("wrong join codes from 127.0.0.2")]
    assert summary == [f"wrong join codes from 127.0.0.2: {guard_module.LOCK_AFTER} in the last minute, locked out"]


def test_the_guard_compares_in_constant_time_and_forgets_old_addresses(monkeypatch):
    monkeypatch.setattr(guard_module, "REMEMBERED", 3)
    g = Guard()
    for n in range(5):
        g.wrong(f"10.0.0.{n}", now=0.0)
    assert list(g.records) == ["10.0.0.2", "10.0.0.3", "10.0.0.4"]
    assert g.refusal("10.0.0.4", now=0.1) and not g.refusal("10.0.0.4", now=100.0)
    assert guard_module.same_code("ABCDEF", "ABCDEF") and not guard_module.same_code("ABCDEG", "ABCDEF")
    assert not guard_module.same_code("\ud800", "ABCDEF")


@pytest.mark.parametrize("code", ["abc", "A", "ABCDE!", "ＡＢＣＤＥＦ"])
def test_short_or_odd_codes_are_refused_by_the_server(code, capsys):
    assert server_module.main(["--seats", "nn-----", "--code", code]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --code takes 6") and err.count("\n") == 1


def test_a_failed_state_write_is_a_warning_and_the_game_goes_on(tmp_path):
    folder = tmp_path / "state"
    logged = []

    async def go():
        table = Table(table_seats(parse_seats("hn-----")), code=CODE, state=folder / "host.json")
        table.save()
        srv = Server(table, log=logged.append)
        _, port = await srv.start()
        task = asyncio.ensure_future(srv.serve())
        try:
            r, w = await connect(port)
            await send(w, {"type": "hello", "version": VERSION, "code": CODE, "token": table.seats[0].token})
            assert (await read(r))["type"] == "welcome"
            (folder / "host.json").unlink()
            folder.rmdir()
            folder.write_text("a file where the folder was")  # every write now fails
            await send(w, {"type": "move", "move": "e10e5", "seq": 0})
            kinds = [(await read(r)) for _ in range(3)]
            notice = next(m for m in kinds if m["type"] == "notice")
            assert notice["event"] == "unsaved"
            assert any(m["type"] == "move" for m in kinds)
            assert not task.done() and srv.table.game.ply == 1
            folder.unlink()  # the disk is back: the next move is saved
            chu_r, chu_w, _ = await seated(port, "r")
            await send(chu_w, {"type": "move", "move": str(srv.table.game.legal_moves()[0]), "seq": 1})
            heard = [await read(r)]
            while heard[-1]["type"] != "move":
                heard.append(await read(r))
            assert {"type": "notice", "event": "saved"} in heard  # the host is told it is saved again
            saved = json.loads((folder / "host.json").read_text(encoding="utf-8"))
            assert saved["game"]["moves"] == srv.table.game.history and len(saved["game"]["moves"]) == 2
        finally:
            srv.stop()
            await task
    run(go())
    assert any("cannot save the game" in line for line in logged)


def test_a_failed_write_notice_reaches_the_host_and_the_saved_game_is_the_last_good_one(tmp_path):
    state = tmp_path / "host.json"

    class Broken(Table):
        fail = False

        def save(self):
            if self.fail:
                raise OSError(28, "No space left on device")
            super().save()

    table = Broken(table_seats(parse_seats("hn-----")), code=CODE, state=state)
    table.save()
    srv = Server(table)
    before = state.read_bytes()
    table.fail = True
    table.game.play("e10e5")
    srv.played("e10e5", 0)  # no exception: the game goes on in memory
    assert srv.save_error and state.read_bytes() == before
    table.fail = False
    table.game.play(table.game.legal_moves()[0])
    srv.played(str(table.game.legal_moves()[0]), 1)
    assert not srv.save_error and json.loads(state.read_text())["game"]["moves"][:1] == ["e10e5"]


def test_a_silent_seated_client_is_dropped_by_the_heartbeat_and_its_seat_waits():
    async def go():
        srv = Server(Table(table_seats(parse_seats("nn-----")), code=CODE), idle=0.3)
        _, port = await srv.start()
        task = asyncio.ensure_future(srv.serve())
        try:
            r, w, _ = await seated(port, "w")
            chatty_r, chatty_w, _ = await seated(port, "r")
            for _ in range(6):  # Chu pings, Qin says nothing; one byte at a time is no ping
                await send(chatty_w, {"type": "ping"})
                try:
                    w.write(b" ")
                    await w.drain()
                except ConnectionError:
                    pass
                await asyncio.sleep(0.1)
            for _ in range(100):
                if not srv.table.seats[0].connected:
                    break
                await asyncio.sleep(0.02)
            assert not srv.table.seats[0].connected and srv.table.seats[0].left_at
            assert srv.table.seats[1].connected
        finally:
            srv.stop()
            await task
    run(go())


def test_a_client_that_never_reads_is_dropped(monkeypatch):
    monkeypatch.setattr(server_module, "MAX_BUFFER", 16 * 1024)

    async def go():
        async with serving() as (srv, port):
            r, w = await connect(port)
            sock = w.get_extra_info("socket")
            import socket
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            await send(w, {"type": "hello", "version": VERSION, "code": CODE, "spectate": True})
            await asyncio.sleep(0.1)
            client = next(iter(srv.clients.values()))
            big = {"type": "notice", "event": "x", "pad": "x" * 8000}
            for _ in range(2000):
                srv.send(client.writer, big)
                if client.writer.is_closing():
                    break
                await asyncio.sleep(0)
            assert client.writer.is_closing()
            assert client.writer.transport.get_write_buffer_size() <= server_module.MAX_BUFFER + 9000
            await asyncio.sleep(0.1)
            assert client.writer not in srv.clients
    run(go())


def test_bytes_are_rate_limited_as_well_as_messages():
    async def go():
        async with serving() as (srv, port):
            r, w, _ = await seated(port, "w")
            line = b'{"type":"ping","pad":"' + b"9" * 1900 + b'"}\n'  # a bad message of nearly the longest line
            w.write(line * 200)
            await w.drain()
            codes = []
            while True:
                try:
                    got = await asyncio.wait_for(r.readline(), 3)
                except ConnectionError:
                    break
                if not got:
                    break
                codes.append(json.loads(got)["code"])
            assert codes.count("bad message") < 60 and codes[-1] == "flood"
    run(go())


def test_a_line_longer_than_a_client_message_ends_only_that_connection():
    async def go():
        async with serving() as (srv, port):
            r, w, _ = await seated(port, "w")
            w.write(b'{"type":"ping","x":[' + b"1.5," * 2000 + b'1]}\n')
            await w.drain()
            assert (await read(r))["code"] == "too long"
            assert await closed(r)
            _, _, welcome = await seated(port, "r")
            assert welcome["type"] == "welcome"
    run(go())


def test_a_legal_move_for_the_mover_sent_by_another_seat_is_refused():
    async def go():
        async with serving() as (srv, port):
            qin_r, qin_w, _ = await seated(port, "w")
            chu_r, chu_w, _ = await seated(port, "r")
            await read(qin_r)
            legal = str(srv.table.game.legal_moves()[0])  # a real move of Qin's, sent by Chu
            await send(chu_w, {"type": "move", "move": legal, "seq": 0})
            answer = await read(chu_r)
            assert answer["type"] == "error" and "turn" in answer["message"]
            assert srv.table.game.ply == 0
    run(go())


@pytest.mark.parametrize("broken", [
    {"seats": [1, 2, 3, 4, 5, 6, 7]},
    {"seats": [{"kind": "network", "token": "zz", "name": ""}] * 7},
    {"code": "A"},
    {"code": 5},
    {"seat_wait": "soon"},
    {"standin": "grandmaster"},
    {"seats": "nn"},
])
def test_a_damaged_host_state_is_one_line_error(tmp_path, broken, capsys):
    state = tmp_path / "host.json"
    Table(table_seats(parse_seats("nn-----")), code=CODE, state=state).save()
    data = json.loads(state.read_text())
    data.update(broken)
    state.write_text(json.dumps(data))
    with pytest.raises(TableError):
        Table.restore(state)
    if "seat_wait" in broken:
        return  # the server's --seat-wait stands in for the file's
    assert server_module.main(["--seats", "nn-----", "--state", str(state)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: host.json: cannot resume") and err.count("\n") == 1


def test_a_good_host_state_round_trips(tmp_path):
    state = tmp_path / "host.json"
    table = Table(table_seats(parse_seats("nh2----")), code=CODE, state=state)
    table.join(seat="w", name="Bo")
    table.game.play("e10e5")
    table.save()
    back = Table.restore(state)
    assert back.code == CODE and back.game.history == ["e10e5"]
    assert [(s.kind, s.level, s.token, s.name) for s in back.seats] == \
        [(s.kind, s.level, s.token, s.name) for s in table.seats]


def _server_process(tmp_path, *extra):
    return subprocess.Popen([sys.executable, "-m", "qiguo.net.server", "--port", "0", "--seats", "nn-----",
                             "--code", CODE, *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, QIGUO_DATA_DIR=str(tmp_path)))


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_the_server_stops_without_a_traceback(tmp_path, signal_name):
    import signal
    proc = _server_process(tmp_path)
    try:
        port = int(proc.stdout.readline().split()[1].rsplit(":", 1)[1])

        async def go():
            r, w, _ = await seated(port, "w")
            proc.send_signal(getattr(signal, signal_name))
            await closed(r, 5.0)
        run(go())
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert "Traceback" not in err and "CancelledError" not in err, err
    assert proc.returncode in (0, 130, 143), (proc.returncode, err)


def test_the_network_bot_and_the_window_try_again_when_the_server_is_full(monkeypatch, tmp_path):
    from qiguo.net import bot
    from qiguo.net.gate import Backoff
    from qiguo.net.link import Link
    from qiguo.net.session import Tokens
    monkeypatch.setattr(server_module, "MAX_PENDING", 0)  # no room for anyone just now
    monkeypatch.setattr(server_module, "RESERVE", 0)
    monkeypatch.setattr(Backoff, "FIRST", 0.1)  # pauses of 0.1, 0.2, 0.4 s: refused three times in the first 0.35 s
    monkeypatch.setattr(Backoff, "LONGEST", 0.4)

    async def go():
        async with serving("nn-----") as (srv, port):
            player = asyncio.ensure_future(bot.play("127.0.0.1", port, CODE, "w", "novice", Tokens(tmp_path), 5.0, 50))
            link = Link("127.0.0.1", port, {"type": "hello", "version": VERSION, "code": CODE, "seat": "r"})
            await asyncio.sleep(0.35)
            assert not any(s.connected for s in srv.table.seats) and link.state == "connecting"
            monkeypatch.setattr(server_module, "MAX_PENDING", 64)  # room again
            for _ in range(200):
                await asyncio.sleep(0.05)
                if all(s.connected for s in srv.table.seats[:2]):
                    break
            assert srv.table.seats[0].connected and srv.table.seats[1].connected
            assert not player.done()
            link.close()
            player.cancel()
    run(go())


def test_the_window_and_the_network_bot_ping_while_idle(monkeypatch, tmp_path):
    from qiguo.net import bot, protocol
    from qiguo.net.link import Link
    from qiguo.net.session import Tokens
    monkeypatch.setattr(protocol, "PING_EVERY", 0.06)

    async def go():
        srv = Server(Table(table_seats(parse_seats("nn-----")), code=CODE), idle=0.3)
        _, port = await srv.start()
        task = asyncio.ensure_future(srv.serve())
        try:
            link = Link("127.0.0.1", port, {"type": "hello", "version": VERSION, "code": CODE, "seat": "r"})
            player = asyncio.ensure_future(bot.play("127.0.0.1", port, CODE, "w", "novice", Tokens(tmp_path), 5.0, 50))
            await asyncio.sleep(0.3)
            srv.table.paused = True  # nobody moves: only pings keep the connections
            await asyncio.sleep(0.9)  # three times the silence that drops a client
            assert srv.table.seats[0].connected and srv.table.seats[1].connected and link.state == "open"
            link.close()
            player.cancel()
        finally:
            srv.stop()
            await task
    run(go())


def test_a_token_that_is_not_ascii_is_refused_with_an_answer():
    """It used to raise inside the token comparison (secrets.compare_digest refuses non-ASCII
    text), and the client was dropped without a word."""
    async def go():
        async with serving() as (srv, port):
            r, w = await connect(port)
            await send(w, {"type": "hello", "version": VERSION, "code": CODE, "token": "é" * 32})
            answer = await read(r)
            assert answer["type"] == "error" and answer["code"] == "refused" and "token" in answer["message"]
    run(go())
