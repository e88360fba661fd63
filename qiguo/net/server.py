"""The game server: ``python -m qiguo.net.server --port P --seats SPEC [--rules R] [--blocs B]
[--code C] [--bind ADDR] [--seat-wait S] [--state FILE]``.

It holds the only authoritative game (:class:`~qiguo.net.table.Table`): clients send move
strings, the server checks them with the engine and sends every move, with its sequence number
and the resulting position, to everyone. Bot seats, and players who dropped for longer than the
seat wait, are played here through the same bot worker as a local game. Every line from a
client is checked; a malformed, oversized or flooding client, or one that says nothing, is
answered and dropped, and the game goes on."""
from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from qiguo.ai.seats import describe, parse_level, parse_seats
from qiguo.ai.worker import BotWorker
from qiguo.clock import parse_clock
from qiguo.cmdline import Parser, parse, parsed, run, seconds, whole
from qiguo.engine import KINGDOMS, EngineError, Move, Rules
from qiguo.names import TextError, clean

from .guard import LOCK_AFTER, LOCKOUT, Guard, same_code
from .protocol import CLIENT, CLIENT_LINE, LIMITS, MIN_CODE, VERSION, ProtocolError, decode, encode
from .table import SERVED, Table, TableError, table_seats, valid_code

HELLO_TIMEOUT = 5.0
"""Seconds a new connection has to say hello."""
IDLE_TIMEOUT = 30.0
"""Seconds a welcomed client may stay silent (clients ping while idle) before it is dropped."""
MAX_CLIENTS = 64
"""Welcomed connections without a seat (watchers) at most; seat holders always get in."""
MAX_PENDING, PER_ADDRESS = 64, 16
"""Connections that have not been welcomed yet, in all and from one address. Past either, the
oldest of the address with the most is dropped to make room, if it has waited GRACE seconds;
else the newcomer is told "full" (and clients try again a little later)."""
GRACE = 1.0
"""Seconds an unwelcomed connection is safe from being dropped for room (a real client's hello
arrives within milliseconds)."""
RESERVE = 256
"""Connections past the pending limit held at most, each for GRACE seconds, so that a flood of
new connections cannot keep out a player: one whose hello carries a seat token, or asks for a
seat, goes on as usual; any other is told "full"."""
RATE, BURST = 200.0, 400.0
"""Messages a second a client may send on average, and in a burst (a fast bot moves many times a
second; a flood sends thousands)."""
BYTE_RATE, BYTE_BURST = 16 * 1024.0, 64 * 1024.0
"""Bytes a second a client may send on average, and in a burst."""
MAX_BUFFER = 512 * 1024
"""Bytes waiting to be sent to one client at most: a client that does not read is dropped."""
TICK = 0.02
"""Seconds between the server's looks at its bots and timers."""
BOT_TICK = 0.002
"""The same while a bot of the server is to move, so that a game of bots does not wait a whole
tick for each move."""


@dataclass
class Client:
    """One connection: where it comes from, the seat it holds (None: watching), when it came,
    and its allowance of messages and bytes."""

    writer: asyncio.StreamWriter
    address: str = ""
    seat: int | None = None
    allowance: float = BURST
    bytes_left: float = BYTE_BURST
    last: float = field(default_factory=time.monotonic)
    since: float = field(default_factory=time.monotonic)

    def spend(self, size: int) -> bool:
        """Take one message of `size` bytes from the allowance; False when the client floods."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE) - 1
        self.bytes_left = min(BYTE_BURST, self.bytes_left + (now - self.last) * BYTE_RATE) - size
        self.last = now
        return self.allowance >= 0 and self.bytes_left >= 0


def clean_name(message: dict[str, Any]) -> str:
    """The name a hello or sit gives, cleaned (qiguo.names); TableError when it cannot be."""
    try:
        return clean(message.get("name", ""), LIMITS["name"])
    except TextError as e:
        raise TableError(str(e)) from None


class Dropped(Exception):
    """A connection the server ends; the message is the error code sent, the args' second the reason."""


class Server:
    """Serves one table on one port until its game is over (or it is stopped)."""

    def __init__(self, table: Table, bind: str = "127.0.0.1", port: int = 0, bot_delay: float = 0.0,
                 worker_factory: Callable[[], Any] = BotWorker, log: Callable[[str], None] | None = None,
                 idle: float | None = None):
        self.table = table
        self.bind, self.port = bind, port
        self.bot_delay = bot_delay
        self.idle = IDLE_TIMEOUT if idle is None else idle
        self.worker_factory = worker_factory
        self.worker: Any = None
        self.clients: dict[asyncio.StreamWriter, Client] = {}
        """Welcomed connections: the only ones told anything of the game."""
        self.pending: dict[asyncio.StreamWriter, Client] = {}
        """Connections that have not been welcomed yet, oldest first."""
        self.reserve: dict[asyncio.StreamWriter, Client] = {}
        """Connections that came while `pending` was full, waiting GRACE seconds for a player's hello."""
        self.guard = Guard()
        self.log = log or (lambda text: None)
        self.save_error = ""
        """Why the last state write failed ("" when it did not): the game goes on in memory."""
        self._asked = -1
        self._reply: Any = None
        self._reply_at = 0.0
        self._server: asyncio.AbstractServer | None = None
        self._stop: asyncio.Event | None = None
        self._handlers: set[asyncio.Task] = set()

    # ---- running ------------------------------------------------------------------------

    async def start(self) -> tuple[str, int]:
        """Listen; returns the address and port actually bound."""
        self._stop = asyncio.Event()
        self._server = await asyncio.start_server(self.handle, self.bind, self.port, limit=CLIENT_LINE + 2)
        host, port = self._server.sockets[0].getsockname()[:2]
        self.port = port
        return host, port

    async def serve(self) -> None:
        """Drive bots and timers until the game is over (and everyone is told) or stop()."""
        assert self._stop is not None
        try:
            while not self._stop.is_set():
                self.tick()
                if self.table.game.result is not None:
                    await asyncio.sleep(0.3)  # the last move and the end reach everyone
                    break
                await asyncio.sleep(BOT_TICK if self.table.bot_level() else TICK)
        finally:
            await self.shutdown()

    def stop(self) -> None:
        if self._stop is not None:
            self._stop.set()

    async def shutdown(self) -> None:
        """Close every connection and let their handlers end by themselves (a handler cancelled
        by the event loop's end would print a traceback)."""
        if self._server is not None:
            self._server.close()
        for line in self.guard.summary(force=True):
            self.log(line)
        for writer in list(self.clients) + list(self.pending) + list(self.reserve):
            self.close(writer)
        self.clients.clear()
        self.pending.clear()
        self.reserve.clear()
        handlers = [task for task in self._handlers if task is not asyncio.current_task()]
        if handlers:
            await asyncio.wait(handlers, timeout=2.0)
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ---- connections --------------------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection: hello first (in time), then messages until it closes, misbehaves or
        falls silent. Whatever it sends, only this connection can end."""
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        peer = writer.get_extra_info("peername")
        client = Client(writer, str(peer[0]) if isinstance(peer, tuple) and peer else "?")
        crowded = not self.make_room(client.address)
        if crowded and len(self.reserve) >= RESERVE:
            await self.refuse(writer, "full", "too many connections are joining: try again in a moment")
            return
        (self.reserve if crowded else self.pending)[writer] = client
        try:
            line = await self.read(reader, GRACE if crowded else HELLO_TIMEOUT, "say hello first")
            if crowded and not self.claims_seat(line):
                await self.refuse(writer, "full", "too many connections are joining: try again in a moment")
                return
            if not line or not await self.hello(client, line):
                return
            while True:
                line = await self.read(reader, self.idle, f"nothing heard for {self.idle:g} s")
                if not line:
                    break
                if not client.spend(len(line)):
                    raise Dropped("flood", "too many messages or bytes")
                try:
                    message = decode(line, CLIENT, CLIENT_LINE)
                except ProtocolError as e:
                    self.send(writer, {"type": "error", "code": "bad message", "message": str(e)})
                    continue
                self.dispatch(client, message)
        except Dropped as e:
            self.log(f"dropped {client.address}: {e.args[0]} ({e.args[1]})")
            await self.refuse(writer, e.args[0], e.args[1])
        except (ValueError, asyncio.LimitOverrunError):  # a line over the limit
            self.log(f"dropped {client.address}: too long")
            await self.refuse(writer, "too long", f"a line is at most {CLIENT_LINE} bytes")
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a last resort: a defect must close this client only
            self.log(f"dropped a client after an unexpected {type(e).__name__}: {e}")
        finally:
            self.gone(client)

    async def read(self, reader: asyncio.StreamReader, timeout: float, why: str) -> bytes:
        """The next line, or Dropped("timeout") when none comes in `timeout` seconds."""
        try:
            return await asyncio.wait_for(reader.readline(), timeout)
        except asyncio.TimeoutError:
            raise Dropped("timeout", why) from None

    def claims_seat(self, line: bytes) -> bool:
        """Whether a hello is a player's: it carries a seat token of this table, or asks for a
        seat (the join code is checked after, as for anyone)."""
        try:
            message = decode(line, CLIENT, CLIENT_LINE)
        except ProtocolError:
            return False
        token = message.get("token", "")
        return message["type"] == "hello" and (bool(message.get("seat"))
                                               or (bool(token) and self.table.seat_of(token) is not None))

    def make_room(self, address: str) -> bool:
        """Room for one more unwelcomed connection from `address`: the oldest unwelcomed one of
        this address (or, when the server has too many, of the address with the most) is dropped
        if it has waited GRACE seconds. False when there is no room."""
        while True:
            counts: dict[str, int] = {}
            for c in self.pending.values():
                counts[c.address] = counts.get(c.address, 0) + 1
            if counts.get(address, 0) >= PER_ADDRESS:
                worst = address
            elif len(self.pending) >= MAX_PENDING:
                if not counts:
                    return False
                worst = max(counts, key=lambda a: counts[a])
            else:
                return True
            oldest, client = next((w, c) for w, c in self.pending.items() if c.address == worst)
            if time.monotonic() - client.since < GRACE:
                return False
            self.pending.pop(oldest)
            self.send(oldest, {"type": "error", "code": "full", "message": "too many connections are joining"})
            self.close(oldest)

    async def hello(self, client: Client, line: bytes) -> bool:
        """Check the first message and seat the client; False if it was refused (and closed)."""
        writer = client.writer
        try:
            message = decode(line, CLIENT, CLIENT_LINE)
            if message["type"] != "hello":
                raise ProtocolError("the first message is hello")
            if message["version"] != VERSION:
                raise ProtocolError(f"this server speaks version {VERSION}")
            token = message.get("token", "")
            holder = bool(token) and self.table.seat_of(token) is not None
            if not holder:
                wait = self.guard.refusal(client.address)
                if wait:
                    await self.refuse(writer, "slow down", wait)
                    return False
            if not same_code(message["code"], self.table.code):
                if not holder:
                    r = self.guard.wrong(client.address)
                    if r.wrong == LOCK_AFTER:
                        self.log(f"{client.address} is locked out for {LOCKOUT:g} s after {r.wrong} wrong join codes")
                raise TableError("wrong join code")
            self.guard.right(client.address)
            name = clean_name(message)
            seat = None if message.get("spectate") else self.table.join(token, message.get("seat", ""), name)
            if seat is None and sum(c.seat is None for c in self.clients.values()) >= MAX_CLIENTS:
                raise Dropped("full", "the server has no room for another watcher")
        except (ProtocolError, TableError) as e:
            await self.refuse(writer, "refused", str(e))
            return False
        except Dropped as e:
            await self.refuse(writer, e.args[0], e.args[1])
            return False
        self.pending.pop(writer, None)
        self.reserve.pop(writer, None)
        if writer.is_closing():  # dropped to make room while it was being checked
            if seat is not None:
                self.table.leave(seat)
            return False
        client.seat = seat
        self.clients[writer] = client
        self.send(writer, self.table.welcome(seat))
        if seat is not None:
            self.log(f"{KINGDOMS[seat]} joined")
            self.broadcast({"type": "seats", "seats": self.table.public_seats()})
            self.keep()
        return True

    def gone(self, client: Client) -> None:
        self.pending.pop(client.writer, None)
        self.reserve.pop(client.writer, None)
        self.clients.pop(client.writer, None)
        if client.seat is not None and self.table.seats[client.seat].connected:
            self.table.leave(client.seat)
            self.log(f"{KINGDOMS[client.seat]} left")
            self.broadcast({"type": "seats", "seats": self.table.public_seats()})
            self.broadcast({"type": "notice", "event": "left", "kingdom": KINGDOMS[client.seat],
                            "wait": self.table.seat_wait})
        self.close(client.writer)

    def close(self, writer: asyncio.StreamWriter) -> None:
        try:
            writer.close()
        except (ConnectionError, OSError, RuntimeError):
            pass

    async def refuse(self, writer: asyncio.StreamWriter, code: str, why: str) -> None:
        self.send(writer, {"type": "error", "code": code, "message": why})
        try:
            await asyncio.wait_for(writer.drain(), 1.0)
        except (ConnectionError, OSError, RuntimeError, asyncio.TimeoutError):
            pass
        self.close(writer)

    def dispatch(self, client: Client, message: dict[str, Any]) -> None:
        kind = message["type"]
        try:
            if kind == "ping":
                self.send(client.writer, {"type": "pong"})
            elif kind == "move":
                k = client.seat
                if k is None:
                    raise TableError("watchers do not move")
                move = self.table.play(k, message["move"], message["seq"])
                self.played(str(move), k)
            elif kind == "resign":
                k = client.seat
                if k is None:
                    raise TableError("nothing to resign")
                self.table.resign(k, message["seq"])
                self.played("resign:" + KINGDOMS[k], k)
            elif kind == "sit":
                if client.seat is not None:
                    raise TableError("you hold a seat already")
                if not message["seat"]:
                    raise TableError("sit names the seat to take: a kingdom letter")
                client.seat = self.table.join(seat=message["seat"], name=clean_name(message))
                self.send(client.writer, self.table.welcome(client.seat))
                self.broadcast({"type": "seats", "seats": self.table.public_seats()})
                self.keep()
            elif kind == "pause":
                if client.seat is None or self.table.seats[client.seat].kind != "host":
                    raise TableError("only the host pauses the game")
                if message["paused"] == self.table.paused:
                    raise TableError("the game is paused already" if self.table.paused else "the game is not paused")
                self.table.paused = message["paused"]
                self.broadcast({"type": "paused", "paused": self.table.paused})
            else:
                raise TableError(f"{kind} is not a request once seated")
        except TableError as e:
            self.send(client.writer, {"type": "error", "code": "refused", "message": str(e)})

    def keep(self) -> None:
        """Write the table to its state file. A failed write (a full disk, say) keeps the game
        going in memory: the host is told once, and the next move tries again."""
        try:
            self.table.save()
        except (OSError, ValueError) as e:
            if not self.save_error:
                self.log(f"cannot save the game ({e}); it goes on, and saving is tried after each move")
                self.tell_host({"type": "notice", "event": "unsaved", "message": str(e)})
            self.save_error = str(e)
            return
        if self.save_error:
            self.save_error = ""
            self.log("the game is saved again")
            self.tell_host({"type": "notice", "event": "saved"})

    def tell_host(self, message: dict[str, Any]) -> None:
        for writer, c in list(self.clients.items()):
            if c.seat is not None and self.table.seats[c.seat].kind == "host":
                self.send(writer, message)

    # ---- the game -----------------------------------------------------------------------

    def played(self, entry: str, k: int) -> None:
        """Tell everyone of a move just made (it is in the table's game already)."""
        g = self.table.game
        self.keep()  # first: a host killed now resumes with every move anyone has seen
        message = {"type": "move", "seq": g.ply, "move": entry, "kingdom": KINGDOMS[k], "qfen": g.to_qfen(),
                   "result": self.table.result(), "sent": time.time()}
        if self.table.clocks is not None:
            self.table.time_clocks()  # the next mover's clock runs from now
            message["clock"] = self.table.clock_message()
        self.broadcast(message)
        self._asked, self._reply = -1, None
        if self.worker is not None:
            self.worker.cancel()
        if g.result is not None:
            self.broadcast({"type": "end", "result": self.table.result()})

    def tick(self) -> None:
        """Stand-ins whose wait is over; the guard's summary logged; the bot to move asked, and
        its answer played."""
        for line in self.guard.summary():
            self.log(line)
        for k in self.table.standins_due():
            self.log(f"a bot stands in for {KINGDOMS[k]}")
            self.broadcast({"type": "seats", "seats": self.table.public_seats()})
            self.broadcast({"type": "notice", "event": "standin", "kingdom": KINGDOMS[k]})
        for k in self.table.time_clocks():  # out of time: each of the player's kingdoms resigns
            self.log(f"{KINGDOMS[k]} lost on time")
            self.table.lose_on_time(k)
            self.broadcast({"type": "notice", "event": "flag", "kingdom": KINGDOMS[k]})
            self.played("resign:" + KINGDOMS[k], k)
        level = self.table.bot_level()
        g = self.table.game
        if not level:
            return
        if self.worker is None:
            self.worker = self.worker_factory()
        if self._asked != g.ply:
            self.worker.request(g, level, seed=g.ply)
            self._asked, self._reply = g.ply, None
        if self._reply is None:
            self._reply = self.worker.poll()
            if self._reply is None:
                return
            self._reply_at = time.monotonic()
        if time.monotonic() - self._reply_at < self.bot_delay:
            return
        reply, self._reply = self._reply, None
        if reply.move in g.legal_codes():
            k = g.turn
            self.table.play_bot(reply.move)
            self.played(str(Move(reply.move)), k)

    # ---- sending ------------------------------------------------------------------------

    def send(self, writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
        self.write(writer, encode(message))

    def broadcast(self, message: dict[str, Any]) -> None:
        """To every welcomed connection (never to one that has not said hello)."""
        data = encode(message)
        for writer in list(self.clients):
            self.write(writer, data)

    def write(self, writer: asyncio.StreamWriter, data: bytes) -> None:
        """Queue bytes for one connection; one that lets MAX_BUFFER bytes pile up unread is
        dropped (its handler then ends)."""
        if writer.is_closing():
            return
        try:
            writer.write(data)
            if writer.transport.get_write_buffer_size() > MAX_BUFFER:
                self.log("dropped a client that does not read")
                writer.transport.abort()
        except (ConnectionError, OSError, RuntimeError):
            pass


class ServerThread:
    """A server in a background thread (the window's host): the frame loop never waits on it."""

    def __init__(self, server: Server):
        self.server = server
        self.loop = asyncio.new_event_loop()
        self.address: tuple[str, int] | None = None
        self.error = ""
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="qiguo-server", daemon=True)

    def start(self, timeout: float = 5.0) -> tuple[str, int]:
        """Start and wait until it listens; raises OSError if it cannot."""
        self.thread.start()
        self._ready.wait(timeout)
        if self.address is None:
            raise OSError(self.error or "the server did not start")
        return self.address

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            try:
                self.address = self.loop.run_until_complete(self.server.start())
            except OSError as e:
                self.error = str(e)
                return
            finally:
                self._ready.set()
            try:
                self.loop.run_until_complete(self.server.serve())
            except Exception as e:  # the window says the server stopped and offers to serve again
                self.error = f"{type(e).__name__}: {e}"
        finally:
            self._close_loop()

    def _close_loop(self) -> None:
        """End every task still pending (a connection accepted as the server stopped) and close
        the loop, as asyncio.run does: a task left unrun would be destroyed pending later."""
        pending = asyncio.all_tasks(self.loop)
        for task in pending:
            task.cancel()
        self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()

    @property
    def stopped(self) -> bool:
        """Whether the server no longer runs although its game is not over."""
        return not self.thread.is_alive() and self.server.table.game.result is None

    def lockouts(self) -> list[tuple[str, float]]:
        """The addresses its guard has locked out, with the seconds each has left."""
        try:
            return self.server.guard.lockouts()
        except RuntimeError:  # the guard changed while it was read: shown next frame
            return []

    def requests(self) -> int:
        """How many newcomers the guessing budgets turned away lately (the host may let one in)."""
        try:
            return len(self.server.guard.requests())
        except RuntimeError:  # the guard changed while it was read: shown next frame
            return 0

    def admit(self) -> None:
        """Let the oldest of them try its code whatever the budgets (in the server's own thread)."""
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.server.guard.admit)
        else:
            self.server.guard.admit()

    def lift(self) -> None:
        """Let every locked-out address try again (in the server's own thread)."""
        guard = self.server.guard
        for address, _ in self.lockouts():
            if self.thread.is_alive():
                self.loop.call_soon_threadsafe(guard.lift, address)
            else:
                guard.lift(address)

    def stop(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.server.stop)
            self.thread.join(timeout=3)


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m qiguo.net.server", description="a headless Qiguo game server")
    p.add_argument("--port", type=whole(0, 65535), default=0, help="0 picks a free port")
    p.add_argument("--seats", required=True, type=parsed(lambda text: parse_seats(text, SERVED)),
                   help=f"7 seats, Qin first: {describe(SERVED)}, e.g. nn33---")
    p.add_argument("--rules", default="standard")
    p.add_argument("--blocs", default=None, help="alliance blocs, e.g. wg,ro")
    p.add_argument("--code", default=None, help=f"the join code, {MIN_CODE} or more letters and digits"
                   " (default: a new one)")
    p.add_argument("--idle", type=seconds(1, 3600), default=IDLE_TIMEOUT,
                   help="seconds a connected client may stay silent before it is dropped")
    p.add_argument("--bind", default="127.0.0.1", help="the address to listen on (default: this computer only)")
    p.add_argument("--seat-wait", type=seconds(0, 3600), default=60.0,
                   help="seconds a dropped player's seat waits before a bot stands in")
    p.add_argument("--level", type=parsed(parse_level), default="normal",
                   help="the level of the bots that stand in for a dropped player (novice, easy, normal, hard)")
    p.add_argument("--bot-delay", type=seconds(0, 10), default=0.0, help="seconds before a bot's move is played")
    p.add_argument("--state", default=None, help="keep the game in this file; resume from it if it exists")
    p.add_argument("--clock", type=parsed(parse_clock), default=None, metavar="SPEC",
                   help="each human player's clock, kept here: MIN+SEC adds SEC after each move (3+2), MINdSEC "
                        "gives back up to SEC of each move (5d5); out of time, a player's kingdoms resign")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
    try:
        if args.code is not None and not valid_code(args.code):
            raise TableError(f"--code takes {MIN_CODE} to {LIMITS['code']} letters and digits")
        state = Path(args.state) if args.state else None
        if state is not None and state.exists():
            table = Table.restore(state, args.seat_wait)
        else:
            blocs = [b for b in (args.blocs or "").split(",") if b]
            table = Table(table_seats(args.seats), Rules.make(args.rules), blocs,
                          code=args.code or "", seat_wait=args.seat_wait, standin=args.level, state=state,
                          clock=args.clock)
            table.save()
    except (TableError, EngineError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: cannot keep the game in {args.state} ({e.strerror or e})", file=sys.stderr)
        return 2
    return asyncio.run(_serve(table, args))


async def _serve(table: Table, args: argparse.Namespace) -> int:
    server = Server(table, args.bind, args.port, args.bot_delay,
                    log=lambda text: print(text, file=sys.stderr, flush=True), idle=args.idle)
    try:
        host, port = await server.start()
    except OSError as e:
        print(f"error: cannot listen on {args.bind}:{args.port} ({e.strerror or e})", file=sys.stderr)
        return 2
    print(f"listening {host}:{port} code {table.code}", flush=True)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # a clean stop (also when SIGINT was ignored by a parent)
        try:
            loop.add_signal_handler(sig, server.stop)
        except (NotImplementedError, RuntimeError, ValueError):
            pass
    try:
        await server.serve()
    except asyncio.CancelledError:
        pass
    r = table.game.result
    if r is not None:
        print(f"result winner={r.winners} reason={r.reason} plies={table.game.ply}", flush=True)
    return 0


if __name__ == "__main__":
    run(main)
