"""Hostile clients (issue 13): each refused with an answer, the connection dropped where it must
be, and the game unharmed for the players who behave."""
import asyncio
import contextlib
import json

import pytest

from qiguo.net import protocol, server as server_module
from qiguo.net.protocol import VERSION, ProtocolError, decode
from qiguo.net.server import Server
from qiguo.ai.seats import parse_seats
from qiguo.net.table import Table, table_seats

CODE = "SECRET"


@contextlib.asynccontextmanager
async def serving(seats="nnn----", log=None, table=None):
    """A server on a free loopback port for the length of a test: (server, port). It serves
    `table` when one is given, else a new table of `seats`."""
    srv = Server(table or Table(table_seats(parse_seats(seats)), code=CODE), log=log)
    _, port = await srv.start()
    task = asyncio.ensure_future(srv.serve())
    try:
        yield srv, port
    finally:
        srv.stop()
        await task


async def connect(port, source="127.0.0.1"):
    """A connection from `source` (any address of the loopback range stands for another computer)."""
    return await asyncio.open_connection("127.0.0.1", port, limit=protocol.MAX_LINE + 2, local_addr=(source, 0))


async def send(writer, message):
    writer.write((json.dumps(message) + "\n").encode())
    await writer.drain()


async def read(reader, timeout=3.0):
    line = await asyncio.wait_for(reader.readline(), timeout)
    return json.loads(line) if line else None


async def seated(port, seat):
    reader, writer = await connect(port)
    await send(writer, {"type": "hello", "version": VERSION, "code": CODE, "seat": seat})
    welcome = await read(reader)
    assert welcome["type"] == "welcome" and welcome["seat"] == seat
    await read(reader)  # the seats message everyone gets
    return reader, writer, welcome


async def closed(reader, timeout=3.0):
    """True when the server has closed the connection (after any last messages)."""
    try:
        while True:
            line = await asyncio.wait_for(reader.readline(), timeout)
            if not line:
                return True
    except (ConnectionError, asyncio.TimeoutError):
        return False


def run(coro):
    return asyncio.run(coro)


def test_a_wrong_code_or_version_or_token_is_refused_and_dropped():
    async def go():
        async with serving() as (srv, port):
            for n, hello in enumerate(({"type": "hello", "version": VERSION, "code": "WRONG"},
                                       {"type": "hello", "version": 99, "code": CODE},
                                       {"type": "hello", "version": VERSION, "code": CODE, "token": "f" * 32},
                                       {"type": "move", "move": "e10e5", "seq": 0})):
                reader, writer = await connect(port, f"127.0.0.{10 + n}")
                await send(writer, hello)
                answer = await read(reader)
                assert answer["type"] == "error" and answer["code"] == "refused", answer
                assert await closed(reader)
            assert srv.table.game.ply == 0 and not any(s.connected for s in srv.table.seats)
    run(go())


def test_moves_out_of_turn_for_another_seat_or_illegal_are_refused_and_change_nothing():
    async def go():
        async with serving() as (srv, port):
            qin_r, qin_w, _ = await seated(port, "w")
            chu_r, chu_w, _ = await seated(port, "r")
            await read(qin_r)  # Chu's arrival
            for message, who in (({"type": "move", "move": "f5f6", "seq": 0}, (chu_r, chu_w)),  # not Chu's turn
                                 ({"type": "move", "move": "a10a11", "seq": 0}, (qin_r, qin_w)),  # illegal
                                 ({"type": "move", "move": "e10e5", "seq": 7}, (qin_r, qin_w)),  # a stale sequence
                                 ({"type": "move", "move": "zz", "seq": 0}, (qin_r, qin_w))):
                await send(who[1], message)
                answer = await read(who[0])
                assert answer["type"] == "error", answer
            assert srv.table.game.ply == 0
            await send(qin_w, {"type": "move", "move": "e10e5", "seq": 0})  # a good move still works
            assert (await read(qin_r))["move"] == "e10e5" and (await read(chu_r))["move"] == "e10e5"
            assert srv.table.game.history == ["e10e5"]
    run(go())


def test_malformed_messages_are_answered_and_the_connection_goes_on():
    async def go():
        async with serving() as (srv, port):
            reader, writer, _ = await seated(port, "w")
            for line in (b"{not json\n", b"[1,2]\n", b'{"type": 5}\n', b'{"type": "frob"}\n',
                         b'{"type": "move", "move": 5, "seq": 0}\n', b'{"type": "move", "move": "e10e5"}\n',
                         b'{"type": "move", "move": "e10e5", "seq": 0, "extra": 1}\n', b'{"type":"move","move":"a","seq":NaN}\n',
                         "\u00ff\u00fe".encode("latin-1") + b"\n"):
                writer.write(line)
                await writer.drain()
                answer = await read(reader)
                assert answer["type"] == "error" and answer["code"] == "bad message", (line, answer)
            await send(writer, {"type": "ping"})
            assert (await read(reader))["type"] == "pong"
    run(go())


def test_an_oversized_line_drops_the_connection_and_the_game_goes_on():
    async def go():
        async with serving() as (srv, port):
            reader, writer, _ = await seated(port, "w")
            writer.write(b'{"type": "ping", "x": "' + b"x" * (protocol.MAX_LINE + 10) + b'"}\n')
            await writer.drain()
            answer = await read(reader)
            assert answer["type"] == "error" and answer["code"] == "too long"
            assert await closed(reader)
            again_r, again_w, welcome = await seated(port, "r")  # others still play
            assert welcome["seq"] == 0
    run(go())


def test_a_flood_is_cut_off_and_the_game_goes_on():
    logged = []

    async def go():
        async with serving(log=logged.append) as (srv, port):
            reader, writer, _ = await seated(port, "w")
            writer.write(b'{"type": "ping"}\n' * 5000)
            await writer.drain()
            codes, cut = [], False
            while True:
                try:
                    line = await asyncio.wait_for(reader.readline(), 3)
                except ConnectionError:  # closed with our pings still unread: a reset
                    cut = True
                    break
                if not line:
                    cut = True
                    break
                codes.append(json.loads(line).get("code"))
            assert cut and codes.count(None) < 5000  # cut off long before answering every ping
            assert any("flood" in line for line in logged)  # and for flooding, not for anything else
            _, _, welcome = await seated(port, "r")
            assert welcome["type"] == "welcome"
    run(go())


def test_a_silent_connection_times_out(monkeypatch):
    monkeypatch.setattr(server_module, "HELLO_TIMEOUT", 0.3)

    async def go():
        async with serving() as (srv, port):
            reader, writer = await connect(port)
            answer = await read(reader)
            assert answer["type"] == "error" and answer["code"] == "timeout"
            assert await closed(reader)
    run(go())


def test_watchers_are_bounded_but_a_player_always_gets_a_seat(monkeypatch):
    monkeypatch.setattr(server_module, "MAX_CLIENTS", 5)

    async def go():
        async with serving() as (srv, port):
            held = []
            for _ in range(5):
                reader, writer = await connect(port)
                await send(writer, {"type": "hello", "version": VERSION, "code": CODE, "spectate": True})
                assert (await read(reader))["type"] == "welcome"
                held.append((reader, writer))
            reader, writer = await connect(port)
            await send(writer, {"type": "hello", "version": VERSION, "code": CODE, "spectate": True})
            answer = await read(reader)
            assert answer["type"] == "error" and answer["code"] == "full"
            _, _, welcome = await seated(port, "w")  # a seat is not a watcher's room
            assert welcome["type"] == "welcome"
            for r, w in held:
                w.close()
            await asyncio.sleep(0.2)
            reader, writer = await connect(port)
            await send(writer, {"type": "hello", "version": VERSION, "code": CODE, "spectate": True})
            assert (await read(reader))["type"] == "welcome"  # room again once they are gone
    run(go())


def test_only_the_host_may_pause_and_a_taken_seat_is_kept_for_its_player():
    async def go():
        async with serving() as (srv, port):
            reader, writer, welcome = await seated(port, "w")
            await send(writer, {"type": "pause", "paused": True})
            assert (await read(reader))["type"] == "error" and not srv.table.paused
            writer.close()
            await asyncio.sleep(0.2)
            r2, w2 = await connect(port)
            await send(w2, {"type": "hello", "version": VERSION, "code": CODE, "seat": "w"})
            assert (await read(r2))["type"] == "error"  # Qin's seat waits for its player
            r3, w3 = await connect(port)
            await send(w3, {"type": "hello", "version": VERSION, "code": CODE, "token": welcome["token"]})
            back = await read(r3)
            assert back["type"] == "welcome" and back["seat"] == "w"
    run(go())


def test_the_protocol_checks_every_field():
    with pytest.raises(ProtocolError, match="too long"):
        decode(b'{"type": "hello", "version": 1, "code": "' + b"c" * 100 + b'"}', protocol.CLIENT)
    with pytest.raises(ProtocolError, match="wrong type"):
        decode(b'{"type": "hello", "version": true, "code": "C"}', protocol.CLIENT)
    with pytest.raises(ProtocolError, match="missing"):
        decode(b'{"type": "hello", "version": 1}', protocol.CLIENT)
    assert decode(b'{"type": "ping"}', protocol.CLIENT) == {"type": "ping"}
