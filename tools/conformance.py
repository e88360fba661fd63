"""Check the engine's move generation against positions from real games with another program's
legal moves (JSON lines of {"qfen", "legal"}, gzipped), run by hand: that data belongs to the
team's shared folder and is not copied into this repository.

Usage: python tools/conformance.py PATH. Prints mismatches and a summary; exits 1 on any, 2 on
a path that cannot be read.

The site these positions come from recolours an inherited army, so a kingdom there can have,
say, two Deputies, which our QFEN refuses (a kingdom has one). Such extra pieces are given back
the letter of a kingdom that is off the board, under the control of the kingdom holding them:
the same pieces, moving and captured exactly as before."""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from qiguo.engine import KIND_COUNTS, KINDS, KINGDOMS, Game, board_pieces, qfen_of



def uncoloured(text: str) -> str:
    """The position with recoloured extra pieces handed to absent kingdoms (see above)."""
    pieces = board_pieces(text)
    fields = text.split()
    absent = [k for k in KINGDOMS if not any(tok[0] == k for tok in pieces.values())]
    count: dict[str, int] = {}
    lent: dict[str, str] = {}  # absent kingdom -> the kingdom controlling it
    for point, tok in sorted(pieces.items()):
        if tok == "Z":
            continue
        count[tok] = count.get(tok, 0) + 1
        if count[tok] <= KIND_COUNTS[KINDS.index(tok[1]) + 1]:
            continue
        owner = tok[0]
        home = next(a for a in absent if lent.get(a, owner) == owner and
                    sum(1 for t in pieces.values() if t == a + tok[1]) < KIND_COUNTS[KINDS.index(tok[1]) + 1])
        lent[home] = owner
        pieces[point] = home + tok[1]
    control = ",".join(f"{a}:{o}" for a, o in sorted(lent.items())) or "-"
    return qfen_of(pieces, fields[1], control)


def check(path: Path) -> tuple[int, list[str]]:
    """(positions checked, mismatch descriptions)."""
    bad, n = [], 0
    with gzip.open(path, "rt") as fh:
        for line in fh:
            row = json.loads(line)
            game = Game.from_qfen(uncoloured(row["qfen"]), horse="upto3", ranged="upto")
            got = sorted(str(m) for m in game.legal_moves())
            n += 1
            if got != row["legal"]:
                extra = sorted(set(got) - set(row["legal"]))
                missing = sorted(set(row["legal"]) - set(got))
                bad.append(f"{row['game']} ply {row['ply']}: extra {extra[:8]} missing {missing[:8]}")
    return n, bad


def main() -> int:
    if len(sys.argv) != 2:
        print("error: give the path of the conformance data (a .jsonl.gz file)", file=sys.stderr)
        return 2
    path = Path(sys.argv[1])
    if not path.is_file():
        print(f"error: {path} is not a file", file=sys.stderr)
        return 2
    n, bad = check(path)
    for b in bad[:20]:
        print(b)
    print(f"{n} positions, {len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
