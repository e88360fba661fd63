"""The wire format: one JSON object per line (UTF-8, at most MAX_LINE bytes), with a version
handshake. Every message received is checked here against its type's fields before anything
acts on it; nothing is ever unpickled or evaluated. See docs/protocol.md."""
from __future__ import annotations

import asyncio
import json
from typing import Any

VERSION = 1
MAX_LINE = 64 * 1024
"""The longest line a server sends (a welcome holds the whole game)."""
CLIENT_LINE = 2048
"""The longest line a client may send (its longest message, a hello, is a few hundred bytes);
a longer one ends the connection, so no client costs the server much work per line."""
MIN_CODE = 6
"""The shortest join code a server accepts: shorter ones are too easy to guess."""


def parse_address(text: str) -> tuple[str, int] | None:
    """A server's address as typed, ``HOST:PORT`` (an IPv6 host may stand in brackets), or None
    when the text is not one."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        return None
    return host.strip("[]"), int(port)


class ProtocolError(ValueError):
    """A message that is not what the protocol allows; the message says what is wrong."""


# Per message type from a client: field -> (type, required).
CLIENT: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "hello": {"version": (int, True), "code": (str, True), "name": (str, False), "token": (str, False),
              "seat": (str, False), "spectate": (bool, False)},
    "move": {"move": (str, True), "seq": (int, True)},
    "resign": {"seq": (int, True)},
    "pause": {"paused": (bool, True)},
    "sit": {"seat": (str, True), "name": (str, False)},
    "ping": {},
}
PING_EVERY = 10.0
"""Seconds between a client's pings while it has nothing else to say (the server drops a client
it has not heard from for 30 seconds)."""
BUSY = ("full", "slow down")
"""Refusals after which a client tries again later (with a growing pause) instead of giving up."""
BACKOFF = (0.5, 8.0)
"""The first pause before joining a busy server again, and the longest (it doubles)."""
LIMITS = {"code": 32, "name": 40, "token": 64, "seat": 1, "move": 12}
"""The longest text each field may hold."""


async def keep_alive(writer: asyncio.StreamWriter) -> None:
    """Ping the server every PING_EVERY seconds while the connection lasts (also while a bot
    thinks), so that it knows this client is there."""
    while not writer.is_closing():
        await asyncio.sleep(PING_EVERY)
        try:
            writer.write(encode({"type": "ping"}))
        except (ConnectionError, OSError, RuntimeError):
            return


def encode(message: dict[str, Any]) -> bytes:
    """One line of the wire format. Never raises on text: a lone surrogate becomes "?"."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8", "replace")


def decode(line: bytes, schema: dict[str, dict[str, tuple]] | None = None, limit: int = MAX_LINE) -> dict[str, Any]:
    """A checked message from one line of at most `limit` bytes; raises ProtocolError saying
    what is wrong. With a schema (CLIENT), the type must be one of it and the fields must match;
    unknown fields are refused."""
    if len(line) > limit:
        raise ProtocolError(f"a line is at most {limit} bytes")
    try:
        message = json.loads(line.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("not a JSON line") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message is a JSON object with a type")
    if schema is None:
        return message
    kind = message["type"]
    fields = schema.get(kind)
    if fields is None:
        raise ProtocolError(f"unknown message type {kind[:20]!r}")
    for name, value in message.items():
        if name == "type":
            continue
        if name not in fields:
            raise ProtocolError(f"{kind}: unknown field {name[:20]!r}")
        want = fields[name][0]
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise ProtocolError(f"{kind}: field {name} has the wrong type")
        if isinstance(value, str) and len(value) > LIMITS.get(name, 200):
            raise ProtocolError(f"{kind}: field {name} is too long")
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < 2 ** 31:
            raise ProtocolError(f"{kind}: field {name} is out of range")
    for name, (_, required) in fields.items():
        if required and name not in message:
            raise ProtocolError(f"{kind}: field {name} is missing")
    return message


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")
