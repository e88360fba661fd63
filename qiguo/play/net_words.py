"""What went wrong with a network game, said in the player's language with what to do: the
connection's kind of trouble (qiguo.net.link.Link.kind) and the server's refusal, read from
its words (the protocol's refusals are the server's own English sentences). No pygame here."""
from __future__ import annotations

import re

from .strings import t

REFUSALS = (
    ("wrong join code: wait", "join.why.wait"),
    ("from everywhere", "join.why.busy"),
    ("from your network", "join.why.network"),
    ("too many wrong join codes", "join.why.locked"),
    ("wrong join code", "join.why.code"),
    ("speaks version", "join.why.version"),
    ("is taken", "join.why.taken"),
    ("is not a network seat", "join.why.not_network"),
    ("seat token is not", "join.why.token"),
    ("visible letter", "join.why.name"),
    ("a name is at most", "join.why.name"),
    ("no room for another watcher", "join.why.full"),
    ("too many connections", "join.why.full"),
)
"""Words of the server's refusals, and the text each becomes (first match wins)."""
KINDS = {"unreachable": "join.why.unreachable", "closed": "join.why.closed", "lost": "join.why.closed",
         "not qiguo": "join.why.not_qiguo", "too long": "join.why.not_qiguo", "timeout": "join.why.no_answer"}


def join_problem(kind: str, words: str, address: str) -> str:
    """Why joining `address` failed, and what to do, in the current language. `kind` is the
    link's (or "timeout"); `words` the server's refusal, for kind "refused"."""
    if kind == "refused":
        seconds = re.search(r"(\d+(?:\.\d+)?) s", words)
        wait = seconds.group(1) if seconds else "?"
        key = next((key for part, key in REFUSALS if part in words), "")
        return t(key, address=address, wait=wait) if key else t("join.refused", why=words[:200])
    return t(KINDS.get(kind, "join.why.closed"), address=address)
