"""Prove every puzzle's theme in a puzzle file with the engine (qiguo/ai/puzzles/themes.py) and
write the file again: a puzzle whose theme does not hold for its first solution move takes the
theme it does prove, or is dropped when none holds. Prints what changed.

    python tools/prove_puzzles.py assets/puzzles/puzzles.jsonl
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from qiguo.ai.puzzles.store import read  # noqa: E402
from qiguo.ai.puzzles.themes import point, proven_theme  # noqa: E402


def main(path: Path) -> None:
    kept, changes = [], Counter()
    for p in read(path):
        game = p.game()
        code = game.parse_move(p.solution[0]).code
        if point(game, code, p.theme) is not None:
            kept.append(p)
            continue
        holds = proven_theme(game, code)
        changes[(p.theme, holds or "dropped")] += 1
        if holds:
            kept.append(replace(p, theme=holds))
    path.write_text("".join(json.dumps(p.to_json(), ensure_ascii=False) + "\n" for p in kept), encoding="utf-8")
    for (was, now), n in sorted(changes.items()):
        print(f"{was} -> {now}: {n}")
    print(f"{len(kept)} puzzles kept; by theme: {dict(Counter(p.theme for p in kept))}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
