"""Join-code guessing made slow and visible: wrong codes are counted per address; each one makes
that address wait longer before its next try, and a run of them locks it out for a while. Beside
the addresses, each network (an IPv4 /24, an IPv6 /64) and the whole server have a budget of
wrong codes that refills slowly, so that guessing from many addresses is as slow as from one.
Wrong codes are logged as a summary per address once a minute. Codes are compared in constant
time. No networking here: the server asks, tests drive it."""
from __future__ import annotations

import hmac
import ipaddress
import time
from dataclasses import dataclass

FIRST_WAIT = 0.5
"""Seconds an address waits after its first wrong code; each further one doubles it..."""
MAX_WAIT = 8.0
"""... up to this."""
LOCK_AFTER = 8
"""Wrong codes in a row that lock an address out..."""
LOCKOUT = 600.0
"""... for this many seconds."""
REMEMBERED = 4096
"""Addresses (and networks) remembered at most (the oldest are forgotten first)."""
NETWORK_BUDGET = (16.0, 0.1)
"""Wrong codes one network may send: a burst, then this many a second."""
SERVER_BUDGET = (32.0, 0.2)
"""Wrong codes the whole server takes: a burst, then this many a second."""
SUMMARY_EVERY = 60.0
"""Seconds between the log's summaries of wrong codes."""
WAITING_FOR = 120.0
"""Seconds an address turned away by the network or server budget stays on the host's list of
join requests waiting..."""
ADMITTED_FOR = 120.0
"""... and, once the host lets it in, how long it may try its code whatever the budgets."""


def same_code(given: str, code: str) -> bool:
    """Whether a join code is the right one, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), code.encode("utf-8", "replace"))


def network_of(address: str) -> str:
    """The network an address belongs to for the budgets: its IPv4 /24 or IPv6 /64 (an
    IPv4-mapped IPv6 address counts as IPv4); text that is no address is its own network."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


@dataclass
class Record:
    wrong: int = 0
    next_try: float = 0.0
    locked_until: float = 0.0


@dataclass
class Bucket:
    """A budget that refills at `rate` a second up to `burst`."""

    burst: float
    rate: float
    level: float = -1.0
    at: float = 0.0

    def now_level(self, now: float) -> float:
        if self.level < 0:
            return self.burst
        return min(self.burst, self.level + (now - self.at) * self.rate)

    def wait(self, now: float) -> float:
        """Seconds until one more may be spent (0: now)."""
        missing = 1.0 - self.now_level(now)
        return 0.0 if missing <= 0 else missing / self.rate

    def spend(self, now: float) -> None:
        self.level, self.at = max(0.0, self.now_level(now) - 1.0), now


class Guard:
    """Wrong join codes per address, per network and in all."""

    def __init__(self) -> None:
        self.records: dict[str, Record] = {}
        self.networks: dict[str, Bucket] = {}
        self.server = Bucket(*SERVER_BUDGET)
        self.unlogged: dict[str, int] = {}
        """Wrong codes per address since the last summary."""
        self.turned_away = 0
        """Tries refused by the network or server budget since the last summary."""
        self.summary_due = 0.0
        self.waiting: dict[str, float] = {}
        """Addresses turned away by the budgets, with when, oldest first: the host may let them in."""
        self.admitted: dict[str, float] = {}
        """Addresses the host let in, with until when the budgets do not hold them back."""

    def refusal(self, address: str, now: float | None = None) -> str:
        """Why this address may not try a code now ("" when it may)."""
        now = time.monotonic() if now is None else now
        r = self.records.get(address)
        if r is not None and r.locked_until > now:
            return f"too many wrong join codes from your address: try again in {r.locked_until - now:.0f} s"
        if r is not None and r.next_try > now:
            return f"wrong join code: wait {r.next_try - now:.1f} s before trying again"
        if self.admitted.get(address, 0.0) > now:
            return ""
        network = self.networks.get(network_of(address))
        for bucket, whose in ((network, "your network"), (self.server, "everywhere")):
            wait = bucket.wait(now) if bucket is not None else 0.0
            if wait:
                self._start_summary(now)
                self.turned_away += 1
                self.waiting.pop(address, None)
                self.waiting[address] = now
                while len(self.waiting) > REMEMBERED:
                    del self.waiting[next(iter(self.waiting))]
                return (f"too many wrong join codes from {whose}: try again in {wait:.0f} s,"
                        " or ask the host to let you in")
        return ""

    def requests(self, now: float | None = None) -> list[str]:
        """The addresses turned away by the budgets in the last WAITING_FOR seconds, oldest first."""
        now = time.monotonic() if now is None else now
        return [a for a, at in self.waiting.items() if at > now - WAITING_FOR]

    def admit(self, now: float | None = None) -> str:
        """Let the oldest waiting address try its code whatever the budgets, for ADMITTED_FOR
        seconds (its own waits and lock-out still hold); returns it ("" when none waits)."""
        now = time.monotonic() if now is None else now
        waiting = self.requests(now)
        if not waiting:
            return ""
        address = waiting[0]
        del self.waiting[address]
        self.admitted[address] = now + ADMITTED_FOR
        return address

    def _start_summary(self, now: float) -> None:
        """The first wrong code or turned-away try since the last summary sets when the next is due."""
        if not self.unlogged and not self.turned_away:
            self.summary_due = now + SUMMARY_EVERY

    def wrong(self, address: str, now: float | None = None) -> Record:
        """Count a wrong code from this address; returns its record (locked when it must be)."""
        now = time.monotonic() if now is None else now
        r = self.records.pop(address, None) or Record()
        self.records[address] = r  # newest last, so the oldest are forgotten first
        if r.locked_until and r.locked_until <= now:
            r.wrong, r.locked_until = 0, 0.0
        r.wrong += 1
        if r.wrong >= LOCK_AFTER:
            r.locked_until = now + LOCKOUT
        r.next_try = now + min(MAX_WAIT, FIRST_WAIT * 2 ** (r.wrong - 1))
        key = network_of(address)
        bucket = self.networks.pop(key, None) or Bucket(*NETWORK_BUDGET)
        self.networks[key] = bucket
        bucket.spend(now)
        self.server.spend(now)
        self._start_summary(now)
        self.unlogged[address] = self.unlogged.get(address, 0) + 1
        for table in (self.records, self.networks):
            while len(table) > REMEMBERED:
                del table[next(iter(table))]
        return r

    def right(self, address: str) -> None:
        """A right code: the address starts afresh."""
        self.records.pop(address, None)
        self.waiting.pop(address, None)
        self.admitted.pop(address, None)

    def lockouts(self, now: float | None = None) -> list[tuple[str, float]]:
        """The addresses locked out now, with the seconds each has left, soonest free first."""
        now = time.monotonic() if now is None else now
        found = [(a, r.locked_until - now) for a, r in self.records.items() if r.locked_until > now]
        return sorted(found, key=lambda item: item[1])

    def lift(self, address: str) -> None:
        """Let a locked-out address try again at once (the host knows who it is)."""
        self.records.pop(address, None)

    def summary(self, now: float | None = None, force: bool = False) -> list[str]:
        """The log's lines for the wrong codes since the last summary, once SUMMARY_EVERY
        seconds have passed since the first of them (at once with `force`); else none."""
        now = time.monotonic() if now is None else now
        if not (self.unlogged or self.turned_away) or (now < self.summary_due and not force):
            return []
        lines = []
        for address, count in self.unlogged.items():
            r = self.records.get(address)
            locked = r is not None and r.locked_until > now
            lines.append(f"wrong join codes from {address}: {count} in the last minute"
                         + (", locked out" if locked else ""))
        if self.turned_away:
            lines.append(f"{self.turned_away} tries turned away by the guessing budgets in the last minute")
        self.unlogged.clear()
        self.turned_away = 0
        return lines
