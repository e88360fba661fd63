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
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from qiguo.ai import LEVELS
from qiguo.ai.worker import BotWorker
from qiguo.cmdline import Parser, parse, seconds, whole
from qiguo.engine import KINGDOMS, EngineError, Move, Rules

from .protocol import CLIENT, LIMITS, MAX_LINE, VERSION, ProtocolError, decode, encode
from .table import Table, TableError, parse_spec

HELLO_TIMEOUT = 5.0
"""Seconds a new connection has to say hello."""
MAX_CLIENTS = 64
RATE, BURST = 200.0, 400.0
"""Messages a second a client may send on average, and in a burst (a fast bot moves many times a
second; a flood sends thousands)."""
TICK = 0.02
"""Seconds between the server's looks at its bots and timers."""


@dataclass
class Client:
    """One connection: the seat it holds (None: watching) and its message allowance."""

    writer: asyncio.StreamWriter
    seat: int | None = None
    allowance: float = BURST
    last: float = field(default_factory=time.monotonic)

    def spend(self) -> bool:
        """Take one message from the allowance; False when the client floods."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE)
        self.last = now
        self.allowance -= 1
        return self.allowance >= 0


class Server:
    """Serves one table on one port until its game is over (or it is stopped)."""

    def __init__(self, table: Table, bind: str = "127.0.0.1", port: int = 0, bot_delay: float = 0.0,
                 worker_factory: Callable[[], Any] = BotWorker, log: Callable[[str], None] | None = None):
        self.table = table
        self.bind, self.port = bind, port
        self.bot_delay = bot_delay
        self.worker_factory = worker_factory
        self.worker: Any = None
        self.clients: dict[asyncio.StreamWriter, Client] = {}
        self.log = log or (lambda text: None)
        self._asked = -1
        self._reply: Any = None
        self._reply_at = 0.0
        self._server: asyncio.AbstractServer | None = None
        self._stop: asyncio.Event | None = None

    # ---- running ------------------------------------------------------------------------

    async def start(self) -> tuple[str, int]:
        """Listen; returns the address and port actually bound."""
        self._stop = asyncio.Event()
        self._server = await asyncio.start_server(self.handle, self.bind, self.port, limit=MAX_LINE + 2)
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
                await asyncio.sleep(TICK)
        finally:
            await self.shutdown()

    def stop(self) -> None:
        if self._stop is not None:
            self._stop.set()

    async def shutdown(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in list(self.clients):
            writer.close()
        self.clients.clear()
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ---- connections --------------------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection: hello first (in time), then messages until it closes or misbehaves."""
        if len(self.clients) >= MAX_CLIENTS:
            await self.refuse(writer, "full", "the server has no room for another connection")
            return
        client = Client(writer)
        self.clients[writer] = client
        try:
            try:
                line = await asyncio.wait_for(reader.readline(), HELLO_TIMEOUT)
            except asyncio.TimeoutError:
                await self.refuse(writer, "timeout", "say hello first")
                return
            if not line:
                return
            if not await self.hello(client, line):
                return
            while True:
                line = await reader.readline()
                if not line:
                    break
                if not client.spend():
                    await self.refuse(writer, "flood", "too many messages")
                    break
                try:
                    message = decode(line, CLIENT)
                except ProtocolError as e:
                    self.send(writer, {"type": "error", "code": "bad message", "message": str(e)})
                    continue
                self.dispatch(client, message)
        except (ValueError, asyncio.LimitOverrunError):  # a line over the limit
            await self.refuse(writer, "too long", f"a line is at most {MAX_LINE} bytes")
        except (ConnectionError, OSError):
            pass
        finally:
            self.gone(client)

    async def hello(self, client: Client, line: bytes) -> bool:
        """Check the first message and seat the client; False if it was refused."""
        writer = client.writer
        try:
            message = decode(line, CLIENT)
            if message["type"] != "hello":
                raise ProtocolError("the first message is hello")
            if message["version"] != VERSION:
                raise ProtocolError(f"this server speaks version {VERSION}")
            if message["code"] != self.table.code:
                raise TableError("wrong join code")
            seat = None if message.get("spectate") else self.table.join(
                message.get("token", ""), message.get("seat", ""), message.get("name", ""))
        except (ProtocolError, TableError) as e:
            await self.refuse(writer, "refused", str(e))
            return False
        client.seat = seat
        self.send(writer, self.table.welcome(seat))
        if seat is not None:
            self.log(f"{KINGDOMS[seat]} joined")
            self.broadcast({"type": "seats", "seats": self.table.public_seats()})
            self.table.save()
        return True

    def gone(self, client: Client) -> None:
        self.clients.pop(client.writer, None)
        if client.seat is not None and self.table.seats[client.seat].connected:
            self.table.leave(client.seat)
            self.log(f"{KINGDOMS[client.seat]} left")
            self.broadcast({"type": "seats", "seats": self.table.public_seats()})
            self.broadcast({"type": "notice", "event": "left", "kingdom": KINGDOMS[client.seat],
                            "wait": self.table.seat_wait})
        try:
            client.writer.close()
        except (ConnectionError, OSError, RuntimeError):
            pass

    async def refuse(self, writer: asyncio.StreamWriter, code: str, why: str) -> None:
        self.send(writer, {"type": "error", "code": code, "message": why})
        try:
            await writer.drain()
        except (ConnectionError, OSError):
            pass
        writer.close()

    def dispatch(self, client: Client, message: dict[str, Any]) -> None:
        kind = message["type"]
        try:
            if kind == "ping":
                self.send(client.writer, {"type": "pong"})
            elif kind == "move":
                move = self.table.play(client.seat, message["move"], message["seq"])
                self.played(str(move), client.seat)
            elif kind == "resign":
                k = client.seat
                self.table.resign(k, message["seq"])
                self.played("resign:" + KINGDOMS[k], k)
            elif kind == "sit":
                if client.seat is not None:
                    raise TableError("you hold a seat already")
                client.seat = self.table.join(seat=message["seat"], name=message.get("name", ""))
                self.send(client.writer, self.table.welcome(client.seat))
                self.broadcast({"type": "seats", "seats": self.table.public_seats()})
                self.table.save()
            elif kind == "pause":
                if client.seat is None or self.table.seats[client.seat].kind != "host":
                    raise TableError("only the host pauses the game")
                self.table.paused = message["paused"]
                self.broadcast({"type": "paused", "paused": self.table.paused})
            else:
                raise TableError(f"{kind} is not a request once seated")
        except TableError as e:
            self.send(client.writer, {"type": "error", "code": "refused", "message": str(e)})

    # ---- the game -----------------------------------------------------------------------

    def played(self, entry: str, k: int) -> None:
        """Tell everyone of a move just made (it is in the table's game already)."""
        g = self.table.game
        self.table.save()  # first: a host killed now resumes with every move anyone has seen
        self.broadcast({"type": "move", "seq": g.ply, "move": entry, "kingdom": KINGDOMS[k], "qfen": g.to_qfen(),
                        "result": self.table.result(), "sent": time.time()})
        self._asked, self._reply = -1, None
        if self.worker is not None:
            self.worker.cancel()
        if g.result is not None:
            self.broadcast({"type": "end", "result": self.table.result()})

    def tick(self) -> None:
        """Stand-ins whose wait is over; the bot to move asked, and its answer played."""
        for k in self.table.standins_due():
            self.log(f"a bot stands in for {KINGDOMS[k]}")
            self.broadcast({"type": "seats", "seats": self.table.public_seats()})
            self.broadcast({"type": "notice", "event": "standin", "kingdom": KINGDOMS[k]})
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
            self._reply_at = time.monotonic()
            return
        if time.monotonic() - self._reply_at < self.bot_delay:
            return
        reply, self._reply = self._reply, None
        if reply.move in g.legal_codes():
            k = g.turn
            self.table.play_bot(reply.move)
            self.played(str(Move(reply.move)), k)

    # ---- sending ------------------------------------------------------------------------

    def send(self, writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
        try:
            writer.write(encode(message))
        except (ConnectionError, OSError, RuntimeError):
            pass

    def broadcast(self, message: dict[str, Any]) -> None:
        data = encode(message)
        for writer in list(self.clients):
            try:
                writer.write(data)
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
            self.address = self.loop.run_until_complete(self.server.start())
        except OSError as e:
            self.error = str(e)
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_until_complete(self.server.serve())

    def stop(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.server.stop)
            self.thread.join(timeout=3)


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m qiguo.net.server", description="a headless Qiguo game server")
    p.add_argument("--port", type=whole(0, 65535), default=0, help="0 picks a free port")
    p.add_argument("--seats", required=True, help="7 characters, Qin first: n network player, 1-4 bot, - off")
    p.add_argument("--rules", default="standard")
    p.add_argument("--blocs", default=None, help="alliance blocs, e.g. wg,ro")
    p.add_argument("--code", default=None, help="the join code (default: a new one)")
    p.add_argument("--bind", default="127.0.0.1", help="the address to listen on (default: this computer only)")
    p.add_argument("--seat-wait", type=seconds(0, 3600), default=60.0,
                   help="seconds a dropped player's seat waits before a bot stands in")
    p.add_argument("--standin", default="normal", choices=LEVELS, help="the level of the stand-in bots")
    p.add_argument("--bot-delay", type=seconds(0, 10), default=0.0, help="seconds before a bot's move is played")
    p.add_argument("--state", default=None, help="keep the game in this file; resume from it if it exists")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
    try:
        if args.code is not None and not (0 < len(args.code) <= LIMITS["code"] and args.code.isascii()
                                          and args.code.isalnum()):
            raise TableError(f"--code takes 1 to {LIMITS['code']} letters and digits")
        state = Path(args.state) if args.state else None
        if state is not None and state.exists():
            table = Table.restore(state, args.seat_wait)
        else:
            blocs = [b for b in (args.blocs or "").split(",") if b]
            table = Table(parse_spec(args.seats, host_allowed=False), Rules.make(args.rules), blocs,
                          code=args.code or "", seat_wait=args.seat_wait, standin=args.standin, state=state)
            table.save()
    except (TableError, EngineError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return asyncio.run(_serve(table, args))


async def _serve(table: Table, args: argparse.Namespace) -> int:
    server = Server(table, args.bind, args.port, args.bot_delay,
                    log=lambda text: print(text, file=sys.stderr, flush=True))
    try:
        host, port = await server.start()
    except OSError as e:
        print(f"error: cannot listen on {args.bind}:{args.port} ({e.strerror or e})", file=sys.stderr)
        return 2
    print(f"listening {host}:{port} code {table.code}", flush=True)
    try:
        await server.serve()
    except asyncio.CancelledError:
        pass
    r = table.game.result
    if r is not None:
        print(f"result winner={r.winners} reason={r.reason} plies={table.game.ply}", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        sys.exit(130)
