"""Move latency on loopback: ``python -m qiguo.net.bench [--moves N] [--sitters N]``.

Starts a server with seven network seats in its own process and seats seven clients; each
client answers its turn at once with a random legal move. For every move, the time from the
mover sending it to each of the seven clients receiving it is measured; p50, p95 and max are
printed. ``--sitters`` adds watchers that send meaningless ``sit`` requests (for no seat) as
fast as the rate limit lets them, and counts what that costs: welcomes sent again to them and
seat messages reaching the players."""
from __future__ import annotations

import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

from qiguo.cmdline import Parser, parse, whole
from qiguo.engine import KINGDOMS, Move

from .protocol import MAX_LINE, VERSION, decode, encode
from .session import Session


async def client(port: int, seat: str, sent: dict[int, float], seen: list[float], moves: int, rng: random.Random,
                 done: asyncio.Event, counts: dict[str, int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=MAX_LINE + 2)
    writer.write(encode({"type": "hello", "version": VERSION, "code": "BENCH7", "seat": seat}))
    session = Session()
    while not done.is_set():
        line = await reader.readline()
        if not line:
            break
        message = decode(line)
        if message["type"] == "welcome":
            session.welcome(message)
        else:
            if message["type"] == "seats":
                counts["seats to players"] = counts.get("seats to players", 0) + 1
            if message["type"] == "move" and message["seq"] in sent:
                seen.append(time.perf_counter() - sent[message["seq"]])
            session.apply(message)
            if session.game is not None and (session.game.ply >= moves or session.game.result is not None):
                done.set()
        if session.game is not None and session.my_turn and session.game.ply + 1 not in sent:
            if all(s.get("connected") for s in session.seats if s["kind"] == "network"):
                move = str(Move(rng.choice(session.game.legal_codes())))
                sent[session.game.ply + 1] = time.perf_counter()
                writer.write(encode(session.move_message(move)))
                await writer.drain()
    writer.close()


SIT_RATE = 150.0
"""Meaningless sits a second from each sitter (the server allows 200 a second on average)."""


async def sitter(port: int, counts: dict[str, int], done: asyncio.Event) -> None:
    """A watcher that asks to sit nowhere, again and again, and counts the answers."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=MAX_LINE + 2)
    writer.write(encode({"type": "hello", "version": VERSION, "code": "BENCH7", "spectate": True}))

    async def ask() -> None:
        while not done.is_set():
            writer.write(encode({"type": "sit", "seat": ""}))
            counts["sits"] += 1
            await asyncio.sleep(1 / SIT_RATE)
    asking = asyncio.ensure_future(ask())
    try:
        while not done.is_set():
            line = await reader.readline()
            if not line:
                break
            kind = decode(line)["type"]
            counts[kind] = counts.get(kind, 0) + 1
    finally:
        asking.cancel()
        writer.close()


async def measure(port: int, moves: int, sitters: int = 0) -> tuple[list[float], dict[str, int]]:
    sent: dict[int, float] = {}
    seen: list[float] = []
    done = asyncio.Event()
    rng = random.Random(1)
    counts = {"sits": 0, "welcome": 0, "error": 0}
    tasks = [asyncio.ensure_future(client(port, k, sent, seen, moves, rng, done, counts)) for k in KINGDOMS]
    tasks += [asyncio.ensure_future(sitter(port, counts, done)) for _ in range(sitters)]
    await asyncio.wait_for(done.wait(), 600)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)  # every client closed before the server goes
    return seen, counts


def main(argv: Sequence[str] | None = None) -> int:
    p = Parser(prog="python -m qiguo.net.bench", description="move latency over loopback with seven clients")
    p.add_argument("--moves", type=whole(7, 100_000), default=300)
    p.add_argument("--sitters", type=whole(0, 60), default=0, help="watchers sending meaningless sits")
    args = parse(p, argv)
    if isinstance(args, int):
        return args
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "state.json"
        server = subprocess.Popen([sys.executable, "-m", "qiguo.net.server", "--port", "0", "--seats", "nnnnnnn",
                                   "--code", "BENCH7", "--rules", "standard", "--state", str(state)],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            port = int(server.stdout.readline().split()[1].split(":")[1])
            seen, counts = asyncio.run(measure(port, args.moves, args.sitters))
            seen.sort()
        finally:
            server.kill()
            server.wait()
    ms = [1000 * s for s in seen]
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(f"{len(ms) // 7} moves, {len(ms)} deliveries to 7 clients: p50 {statistics.median(ms):.2f} ms, "
          f"p95 {p95:.2f} ms, max {ms[-1]:.2f} ms")
    print(f"seat messages to the players: {counts.get('seats to players', 0)}")
    if args.sitters:
        print(f"{args.sitters} sitters sent {counts['sits']} meaningless sits: {counts['error']} refusals, "
              f"{counts['welcome'] - args.sitters} welcomes sent again")
    return 0


if __name__ == "__main__":
    sys.exit(main())
