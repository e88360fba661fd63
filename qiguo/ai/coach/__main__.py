"""The coach's command line (the window uses the same code):

    python -m qiguo.ai.coach danger --qfen QFEN [--rules PRESET] [--set NAME=VALUE ...]
    python -m qiguo.ai.coach hint [--qfen QFEN] [--rules PRESET] [--set NAME=VALUE ...] [--nodes N]
    python -m qiguo.ai.coach review [--for LETTERS] [--accuracy] FILE
    python -m qiguo.ai.coach explain --qfen QFEN [--rules PRESET] [--set NAME=VALUE ...] MOVE

``danger``: one line per piece of the mover that can be taken, by point (the engine's order:
rank by rank from a1), ``POINT PIECE by POINT PIECE[, ...]``; the last line ``danger N``.
``hint``: one line, the move and the reason in words (the coach's judge: the window's hint and
key moments ask the same); without ``--qfen``, one QFEN per line of standard input, each
answered with exactly one line; ``--nodes`` searches that many nodes instead of the hint's own
node budget. ``review``: one line per key moment of a save or a ``Game.record()`` JSON file
(a move the judge values at least a Horse below its own choice, or that left the General
takeable when its choice did not), ``ply N MOVE KIND ...``; with ``--accuracy``, then one line
``accuracy KINGDOM NN.N`` per reviewed kingdom that moved (its letter; :mod:`.accuracy`); the
last line ``key moments K``;
progress on standard error. ``explain``: one line, ``MOVE good`` when the judge accepts the
mover's MOVE (within a Horse of its choice, the General no more exposed), else ``MOVE worse
BETTER: REASON``, the explainer's words (:mod:`.contrast`: a piece said to be takeable after
MOVE is safe after BETTER). Bad input: one ``error:`` line and exit status 2."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Sequence

from qiguo.cmdline import Parser, parse, run, whole
from qiguo.engine import KINGDOMS, EngineError, Game, Move, Rules, parse_setting, point_name
from qiguo.jsonfile import os_message, read_json

from ..bots import Budget
from .danger import dangers
from .accuracy import accuracy
from .contrast import contrast
from .hint import explain, hint_move
from .judge import Judge
from .moments import key_moments


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m qiguo.ai.coach", description="the coach: danger, hint, review")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name in ("danger", "hint"):
        c = sub.add_parser(name)
        c.add_argument("--qfen", required=name == "danger")
        c.add_argument("--rules", default="standard")
        c.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
        c.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
        if name == "hint":
            c.add_argument("--nodes", type=whole(1, 10 ** 7), default=None,
                           help="search nodes instead of time (the same answer on any computer)")
    e = sub.add_parser("explain")
    e.add_argument("--qfen", required=True)
    e.add_argument("--rules", default="standard")
    e.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    e.add_argument("--nodes", type=whole(1, 10 ** 7), default=None, help=argparse.SUPPRESS)
    e.add_argument("move")
    r = sub.add_parser("review")
    r.add_argument("--for", dest="kingdoms", default=None, metavar="LETTERS")
    r.add_argument("--accuracy", action="store_true", help="also each reviewed kingdom's accuracy")
    r.add_argument("file")
    return p


def _rules(args: argparse.Namespace) -> Rules:
    return Rules.make(args.rules, **dict(parse_setting(s) for s in args.set))


def danger_lines(game: Game) -> list[str]:
    found = dangers(game)
    lines = [f"{point_name(d.point)} {d.piece.token} by " + ", ".join(f"{point_name(s)} {p.token}" for s, p in d.by)
             for d in found]
    return lines + [f"danger {len(found)}"]


def hint_text(game: Game, seed: int = 0, budget: Budget | None = None) -> str:
    if game.result is not None:
        raise EngineError("the game is over: there is no move to suggest")
    move = hint_move(game, seed, budget)
    return f"{game.parse_move(move)} {explain(game, move).english()}"


def explain_text(game: Game, entry: str, budget: Budget | None = None) -> str:
    """The explain command's line for the mover's move `entry`."""
    if game.result is not None:
        raise EngineError("the game is over: there is no move to explain")
    code = game.parse_move(entry).code
    judge = Judge(game, 0, budget)
    move = str(Move(code))
    if judge.good_enough(code):
        return f"{move} good"
    verdict = judge.verdict(code)
    c = contrast(judge.game, code, judge.best, verdict.cost, verdict.best_value)
    return f"{move} worse {Move(judge.best)}: {c.english()}"


def game_of_file(path: Path) -> tuple[Game, list[int]]:
    """The game in a save or a record file, and the human seats of a save (empty for a record).
    Raises ValueError (EngineError included) saying what is wrong."""
    data: Any = read_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path.name} is neither a save nor a game record")
    if data.get("format") == "qiguo-save":
        seats = data.get("seats")
        if not isinstance(seats, str) or len(seats) != 7:
            raise ValueError(f"{path.name}: its seats are damaged")
        kingdoms = "".join(KINGDOMS[k] for k, ch in enumerate(seats) if ch != "-")
        start = data.get("start_qfen") or Game.new(data.get("rules") or {}, kingdoms=kingdoms,
                                                  blocs=data.get("blocs") or None).to_qfen()
        record = {"start": start, "rules": data.get("rules"), "kingdoms": kingdoms, "blocs": data.get("blocs") or [],
                  "moves": data.get("moves")}
        return Game.from_record(record), [k for k, ch in enumerate(seats) if ch == "h"]
    return Game.from_record(data), []


def review_lines(path: Path, letters: str | None, with_accuracy: bool = False) -> list[str]:
    game, humans = game_of_file(path)
    if letters is not None:
        if not letters or any(ch not in KINGDOMS for ch in letters):
            raise ValueError(f"--for takes kingdom letters ({KINGDOMS}), not {letters[:20]!r}")
        wanted = [KINGDOMS.index(ch) for ch in letters]
    else:
        wanted = humans or list(game.seated)

    def progress(done: int, total: int) -> None:
        print(f"\rreviewed {done} of {total} moves", end="" if done < total else "\n", file=sys.stderr, flush=True)
    review = key_moments(game, wanted, progress)
    scores = [f"accuracy {KINGDOMS[k]} {value:.1f}" for k in wanted
              if (value := accuracy(review.judged, k)["game"]) is not None] if with_accuracy else []
    return [m.line() for m in review.moments] + scores + [f"key moments {len(review.moments)}"]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
    try:
        if args.command == "review":
            lines = review_lines(Path(args.file), args.kingdoms, args.accuracy)
        elif args.command == "explain":
            budget = Budget(nodes=args.nodes, floor=True) if args.nodes else None
            lines = [explain_text(Game.from_qfen(args.qfen, _rules(args)), args.move, budget)]
        else:
            rules = _rules(args)
            budget = Budget(nodes=args.nodes) if args.command == "hint" and args.nodes else None
            if args.command == "hint" and args.qfen is None:
                return _hint_stream(rules, args.seed, budget)
            game = Game.from_qfen(args.qfen, rules)
            lines = danger_lines(game) if args.command == "danger" else [hint_text(game, args.seed, budget)]
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {os_message(e)}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def _hint_stream(rules: Rules, seed: int, budget: Budget | None) -> int:
    """One answer line per QFEN line of standard input (a bad line gets one ``error:`` line)."""
    for raw in sys.stdin:
        text = raw.strip()
        try:
            answer = hint_text(Game.from_qfen(text, rules), seed, budget)
        except ValueError as e:
            answer = f"error: {e}"
        except Exception as e:  # a last resort: one line, and the next QFEN
            answer = f"error: internal error on this line ({type(e).__name__}: {e})"
        print(answer.replace("\n", " "), flush=True)
    return 0


if __name__ == "__main__":
    run(main)
