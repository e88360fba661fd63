"""A hostile server on loopback for the clients' tests (issue 78): in its own thread, it answers
each connection with what a script coroutine writes, and counts the connections."""
import asyncio
import threading
import time

from qiguo.ai.seats import parse_seats
from qiguo.net.link import Link
from qiguo.net.protocol import VERSION, encode
from qiguo.net.table import Table, table_seats

CODE = "SECRET"


def table_and_welcome(seats="nn-----", seat=1):
    """A table and the welcome it gives the client that holds `seat` (None: watching)."""
    table = Table(table_seats(parse_seats(seats)), code=CODE)
    return table, table.welcome(seat)


class Hostile:
    """`script(reader, writer, n)` is run for the n-th connection (from 1)."""

    def __init__(self, script):
        self.script = script
        self.connections = 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.ready.wait(5)

    def _run(self):
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self.ready.set()
        self.loop.run_forever()

    async def _handle(self, reader, writer):
        self.connections += 1
        try:
            await self.script(reader, writer, self.connections)
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    def stop(self):
        async def end():
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self.loop.stop()
        asyncio.run_coroutine_threadsafe(end(), self.loop)
        self.thread.join(5)


async def write(writer, *messages):
    for m in messages:
        writer.write(m if isinstance(m, bytes) else encode(m))
    await writer.drain()


def link_until_closed(port, seconds=5.0, poll=True):
    """A link to `port` until it closes (or `seconds` pass): the link, and what it received
    (taken in as it came, unless `poll` is False)."""
    link = Link("127.0.0.1", port, {"type": "hello", "version": VERSION, "code": CODE})
    got = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and link.state != "closed":
        if poll:
            got += link.poll()
        time.sleep(0.01)
    return link, got + link.poll()
