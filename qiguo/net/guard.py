"""Join-code guessing made slow and visible: wrong codes are counted per address; each one makes
that address wait longer before its next try, and a run of them locks it out for a while.
Codes are compared in constant time. No networking here: the server asks, tests drive it."""
from __future__ import annotations

import hmac
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
"""Addresses remembered at most (the oldest are forgotten first)."""


def same_code(given: str, code: str) -> bool:
    """Whether a join code is the right one, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), code.encode("utf-8", "replace"))


@dataclass
class Record:
    wrong: int = 0
    next_try: float = 0.0
    locked_until: float = 0.0


class Guard:
    """Wrong join codes per address."""

    def __init__(self) -> None:
        self.records: dict[str, Record] = {}

    def refusal(self, address: str, now: float | None = None) -> str:
        """Why this address may not try a code now ("" when it may)."""
        now = time.monotonic() if now is None else now
        r = self.records.get(address)
        if r is None:
            return ""
        if r.locked_until > now:
            return f"too many wrong join codes from your address: try again in {r.locked_until - now:.0f} s"
        if r.next_try > now:
            return f"wrong join code: wait {r.next_try - now:.1f} s before trying again"
        return ""

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
        while len(self.records) > REMEMBERED:
            del self.records[next(iter(self.records))]
        return r

    def right(self, address: str) -> None:
        """A right code: the address starts afresh."""
        self.records.pop(address, None)
