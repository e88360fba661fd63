"""A connection to a server for the window: it runs in a background thread (the frame loop
never waits on the network); the window sends messages and polls what arrived, once a frame."""
from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

from .gate import MAX_QUEUED, MAX_QUEUED_BYTES, PILED_UP, Backoff, Gate
from .protocol import BUSY, MAX_LINE, ProtocolError, decode, encode, keep_alive


NOT_QIGUO = "the server sent something that is not Qiguo's protocol"
TOO_LONG = f"the server sent a line longer than {MAX_LINE // 1024} KiB"


class Link:
    """One connection. `state` is "connecting", "open" or "closed" (`error` says why, when the
    server refused or the connection was lost). What the server sends passes its connection's
    :class:`~qiguo.net.gate.Gate` in this thread; a server that breaks the protocol, floods, or
    lets more than MAX_QUEUED messages pile up unread is left with a one-line reason."""

    def __init__(self, host: str, port: int, hello: dict[str, Any], timeout: float = 5.0):
        self.host, self.port, self.hello, self.timeout = host, port, hello, timeout
        self.state = "connecting"
        self.error = ""
        self.kind = ""
        """What went wrong, for the window to say in the player's language: "unreachable",
        "closed", "lost", "not qiguo", "too long", "refused" (the server's words in `error`), or
        "" while nothing has."""
        self.busy = ""
        """The server's words when it last asked us to wait before its welcome (we try again)."""
        self._inbox: queue.Queue[tuple[dict[str, Any], int]] = queue.Queue()
        self._queued = [0, 0]  # messages and bytes in the inbox (this thread adds, poll takes)
        self._lock = threading.Lock()
        self._gate = Gate()
        self._loop = asyncio.new_event_loop()
        self._writer: asyncio.StreamWriter | None = None
        self._thread = threading.Thread(target=self._run, name="qiguo-link", daemon=True)
        self._thread.start()

    def poll(self) -> list[dict[str, Any]]:
        """Every message that arrived since the last poll, in order (never blocks)."""
        out: list[dict[str, Any]] = []
        while True:
            try:
                message, size = self._inbox.get_nowait()
            except queue.Empty:
                return out
            with self._lock:
                self._queued[0] -= 1
                self._queued[1] -= size
            out.append(message)

    def refuse(self, why: str) -> None:
        """Close the connection because of what the server sent (`why` says what)."""
        self.error, self.kind = why, "not qiguo"
        self.close()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for the server (dropped if the connection is not open). A `sit` is
        answered by a new welcome, which the gate then expects."""
        if self.state == "open" and self._writer is not None:
            data = encode(message)
            self._loop.call_soon_threadsafe(self._write, data, message.get("type") == "sit")

    def _write(self, data: bytes, sit: bool) -> None:
        try:
            if self._writer is not None:
                if sit:
                    self._gate.asked_seat()
                self._writer.write(data)
        except (ConnectionError, OSError, RuntimeError):
            pass

    def close(self) -> None:
        """Close the connection and stop the thread (quickly: the window may be closing)."""
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop)
            self._thread.join(timeout=1)
        self.state = "closed"

    def _stop(self) -> None:
        if self._writer is not None:
            self._writer.close()
        for task in asyncio.all_tasks(self._loop):
            task.cancel()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._talk())
        except (asyncio.CancelledError, RuntimeError):
            pass
        finally:
            self.state = "closed"
            self._loop.close()

    async def _talk(self) -> None:
        """Connect and read until the connection ends. A server that is full (or asks to wait)
        before it welcomes us is tried again after a growing pause, Backoff.TRIES times at
        most; the state stays "connecting" meanwhile."""
        backoff = Backoff()
        while not await self._connection():
            pause = backoff.failed()
            if backoff.spent:
                self.error, self.kind = f"the server stayed busy through {backoff.TRIES} tries", "closed"
                return
            await asyncio.sleep(pause)

    def _leave(self, why: str) -> bool:
        self.error, self.kind = why, "not qiguo"
        return True

    async def _connection(self) -> bool:
        """One connection; False when the server was busy and joining again may help."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port, limit=MAX_LINE + 2), self.timeout)
        except (OSError, asyncio.TimeoutError) as e:
            self.error = f"cannot reach {self.host}:{self.port} ({getattr(e, 'strerror', None) or type(e).__name__})"
            self.kind = "unreachable"
            return True
        self._writer = writer
        self._gate = gate = Gate()
        self.state = "open"
        writer.write(encode(self.hello))
        pinger = asyncio.ensure_future(keep_alive(writer))
        try:
            while True:
                try:
                    line = await asyncio.wait_for(reader.readline(), gate.wait())
                except asyncio.TimeoutError:
                    return self._leave(gate.silence())
                if not line.endswith(b"\n"):  # the end, or a line cut off by it
                    self.error = self.error or "the connection was closed"
                    self.kind = self.kind or "closed"
                    return True
                try:
                    message = decode(line)
                except ProtocolError:
                    return self._leave(NOT_QIGUO)
                if message["type"] == "error" and not gate.welcomed and message.get("code") in BUSY:
                    self.busy = str(message.get("message", ""))[:200]
                    self.state = "connecting"
                    return False
                why = gate.take(message, len(line))
                if why:
                    return self._leave(why)
                if message["type"] == "error" and message.get("code") != "bad message":
                    self.error = str(message.get("message", "refused"))[:200]
                    self.kind = "refused"
                with self._lock:
                    if self._queued[0] >= MAX_QUEUED or self._queued[1] + len(line) > MAX_QUEUED_BYTES:
                        return self._leave(PILED_UP)
                    self._queued[0] += 1
                    self._queued[1] += len(line)
                self._inbox.put((message, len(line)))
        except ValueError:  # readline's word for a line over the limit
            self.error, self.kind = TOO_LONG, "too long"
            return True
        except (ConnectionError, OSError):
            self.error = self.error or "the connection was lost"
            self.kind = self.kind or "lost"
            return True
        finally:
            pinger.cancel()
            writer.close()
