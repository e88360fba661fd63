"""Check the engine's move generation against ../shared/conformance (run by hand or by a test).

Usage: python tools/conformance.py [PATH]. Prints mismatches and a summary; exits 1 on any."""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from qiguo.engine import Game

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "conformance" / "elephantchess-real-games.jsonl.gz"


def check(path: Path) -> tuple[int, list[str]]:
    """(positions checked, mismatch descriptions)."""
    bad, n = [], 0
    with gzip.open(path, "rt") as fh:
        for line in fh:
            row = json.loads(line)
            game = Game.from_qfen(row["qfen"], horse="upto3", ranged="upto")
            got = sorted(str(m) for m in game.legal_moves())
            n += 1
            if got != row["legal"]:
                extra = sorted(set(got) - set(row["legal"]))
                missing = sorted(set(row["legal"]) - set(got))
                bad.append(f"{row['game']} ply {row['ply']}: extra {extra[:8]} missing {missing[:8]}")
    return n, bad


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    n, bad = check(path)
    for b in bad[:20]:
        print(b)
    print(f"{n} positions, {len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
