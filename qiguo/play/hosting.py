"""Hosting a network game from the window: the server runs in a background thread of this
process, bound to every interface so that friends on the local network can join; the window
itself joins it over loopback like any other player, holding the host's seat."""
from __future__ import annotations

import functools
import socket
from pathlib import Path
from typing import Any

from qiguo.clock import ClockSpec

from qiguo.net.link import Link
from qiguo.net.server import Server, ServerThread
from qiguo.net.table import Table, TableError, table_seats

from .files import data_dir, set_aside
from .net_match import hello
from .seats import Seat

HOST_STATE = "host.json"


def state_path() -> Path:
    return data_dir() / HOST_STATE


def start(table: Table, port: int, bot_delay: float, name: str = "") -> tuple[ServerThread, Link]:
    """Serve the table on `port` (0: any free one) and join it as the host, under the player's
    `name` (may be empty). Raises OSError."""
    server = ServerThread(Server(table, "0.0.0.0", port, bot_delay))
    _, bound = server.start()
    token = next((s.token for s in table.seats if s.kind == "host"), "")
    return server, Link("127.0.0.1", bound, hello(table.code, name, token=token, spectate=not token))


def new_table(seats: list[Seat], rules: Any, blocs: list[str], seat_wait: float = 60.0,
              standin: str = "normal", clock: ClockSpec | None = None) -> Table:
    """A new hosted game (with the players' clocks, kept by its server), kept in the data
    folder's host state (a damaged one is set aside first, never overwritten)."""
    resumable()
    return Table(table_seats(seats), rules, blocs, seat_wait=seat_wait,
                 standin=standin, state=state_path(), clock=clock)


def resumable() -> Table | None:
    """The hosted game kept in the data folder, if there is one still being played."""
    try:
        path = state_path()
        if not path.exists():
            return None
        table = Table.restore(path)
    except TableError:  # damaged: kept aside, never overwritten by the next hosted game
        set_aside(path)
        return None
    except OSError:
        return None
    return table if table.game.result is None else None


@functools.lru_cache(maxsize=4)
def addresses(port: int) -> list[str]:
    """Where friends can reach this computer: its addresses on the local network, with the port.
    Looked up once per port (the hosting window's panel shows them on every redraw)."""
    found: list[str] = []
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            found.append(probe.getsockname()[0])
        finally:
            probe.close()
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    unique = [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]
    return [f"{a}:{port}" for a in (unique or ["127.0.0.1"])]
