"""The puzzles' command line:

    python -m qiguo.ai.puzzles make [--games N] [--seed S] [--plies P] --out FILE
    python -m qiguo.ai.puzzles check FILE
    python -m qiguo.ai.puzzles show FILE ID

``make`` plays N bot games from seed S, each up to P plies (240), and writes the puzzles found,
one JSON object a line (progress on standard error). ``check`` checks every puzzle of FILE (a legal position, its
solution legal, best by the margin under the deeper search) and prints a line per failure, the
last line ``puzzles ok K/N``; exit status 1 when any failed. ``show`` prints one puzzle: the
board, whose move it is, the theme, the rating and the solution with its reason. Bad input: one
``error:`` line and exit status 2."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Sequence

from qiguo.cmdline import Parser, parse, run, whole
from qiguo.engine import FILES, KINGDOM_NAMES, SIZE, Game, parse_point

from ..coach import explain
from .mine import PLIES, mine
from .store import Puzzle, PuzzleError, check, read


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m qiguo.ai.puzzles", description="puzzles mined from bot games")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    m = sub.add_parser("make")
    m.add_argument("--games", type=whole(1, 10_000), default=20)
    m.add_argument("--seed", type=whole(0, 2 ** 31), default=1)
    m.add_argument("--plies", type=whole(1, 4000), default=PLIES)
    m.add_argument("--out", required=True)
    c = sub.add_parser("check")
    c.add_argument("file")
    s = sub.add_parser("show")
    s.add_argument("file")
    s.add_argument("id")
    return p


def board_text(game: Game) -> list[str]:
    """The board as text, rank 19 at the top: a piece's token, ``.`` an empty point."""
    rows = []
    for rank in range(SIZE, 0, -1):
        cells = []
        for f in FILES:
            p = game.piece_at(parse_point(f"{f}{rank}"))
            cells.append(f"{p.token:>2}" if p is not None else " .")
        rows.append(f"{rank:>2} " + " ".join(cells))
    return rows + ["   " + " ".join(f" {f}" for f in FILES)]


def show_lines(puzzle: Puzzle) -> list[str]:
    game = puzzle.game()
    code = game.parse_move(puzzle.solution[0]).code
    return board_text(game) + [
        f"puzzle {puzzle.id}: {KINGDOM_NAMES[game.turn]} to move; theme {puzzle.theme}; rating {puzzle.rating}; "
        f"rules {puzzle.rules}",
        f"qfen {puzzle.qfen}",
        f"solution {' '.join(puzzle.solution)}: {explain(game, code).english()}"]


def _make(games: int, seed: int, plies: int, out: Path) -> int:
    started = time.monotonic()
    count = 0

    def progress(n: int, ply: int, found: int) -> None:
        print(f"\rgame {n + 1}/{games}, ply {ply}, {found} puzzles, {time.monotonic() - started:.0f} s", end="",
              file=sys.stderr, flush=True)
    with out.open("w", encoding="utf-8") as fh:
        for p in mine(games, seed, progress, plies):
            fh.write(json.dumps(p, ensure_ascii=False) + "\n")
            fh.flush()
            count += 1
    print(file=sys.stderr)
    print(f"puzzles {count} from {games} games")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
    try:
        if args.command == "make":
            out = Path(args.out)
            if out.is_dir() or not (out.parent if str(out.parent) else Path(".")).is_dir():
                raise PuzzleError(f"cannot write {args.out[:80]!r}")
            return _make(args.games, args.seed, args.plies, out)
        puzzles = read(Path(args.file))
        if args.command == "show":
            found = [p for p in puzzles if p.id == args.id]
            if not found:
                raise PuzzleError(f"no puzzle {args.id[:40]!r} in {Path(args.file).name}")
            print("\n".join(show_lines(found[0])))
            return 0
        failed = 0
        for p in puzzles:
            why = check(p)
            if why:
                failed += 1
                print(f"{p.id}: {why}", flush=True)
        print(f"puzzles ok {len(puzzles) - failed}/{len(puzzles)}")
        return 1 if failed else 0
    except (PuzzleError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    run(main)
