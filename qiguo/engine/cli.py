"""The engine's command line: ``python -m qiguo.engine moves|play|perft|bench|serve``."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence, TextIO

from .errors import EngineError
from .game import Game, Result
from .rules import Rules, parse_setting


def _rules(args: argparse.Namespace) -> Rules:
    options = dict(parse_setting(s) for s in args.set)
    return Rules.make(args.rules, **options)


def _result_text(result: Result) -> str:
    return f"winner={result.winners} reason={result.reason}"


def _play(game: Game, moves: Sequence[str]) -> str:
    for m in moves:
        game.play(m)
    line = game.to_qfen()
    if game.result is not None:
        line += " | " + _result_text(game.result)
    return line


def serve(rules: Rules, stdin: TextIO, stdout: TextIO) -> None:
    """Answer one line per command until an empty line or the end of input."""
    for raw in stdin:
        line = raw.strip()
        if not line:
            break
        try:
            answer = _serve_one(rules, line)
        except EngineError as e:
            answer = f"error: {e}"
        stdout.write(answer.replace("\n", " ") + "\n")
        stdout.flush()


def _serve_one(rules: Rules, line: str) -> str:
    words = line.split()
    command, rest = words[0], words[1:]
    if command not in ("moves", "play"):
        raise EngineError(f"unknown command {command!r} (moves QFEN, or play QFEN MOVE...)")
    if len(rest) < 5:
        raise EngineError(f"{command} needs a QFEN of all five fields")
    game = Game.from_qfen(" ".join(rest[:5]), rules)
    if command == "moves":
        if len(rest) > 5:
            raise EngineError("moves takes a QFEN and nothing more")
        return " ".join(sorted(str(m) for m in game.legal_moves()))
    return _play(game, rest[5:])


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m qiguo.engine", description="Seven Kingdoms Chess rules engine")
    sub = p.add_subparsers(dest="command", required=True)

    def with_rules(sp: argparse.ArgumentParser) -> argparse.ArgumentParser:
        sp.add_argument("--rules", default="standard", help="preset: standard, chinese, sima-guang")
        sp.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        help="override one rule option (repeatable)")
        return sp

    with_rules(sub.add_parser("moves", help="the mover's legal moves, sorted")).add_argument("qfen")
    sp = with_rules(sub.add_parser("play", help="play moves, print the resulting QFEN"))
    sp.add_argument("qfen")
    sp.add_argument("moves", nargs="*")
    sp = with_rules(sub.add_parser("perft", help="leaf counts for depths 1..DEPTH"))
    sp.add_argument("qfen")
    sp.add_argument("depth", type=int)
    sp = sub.add_parser("bench", help="move generation and play+undo throughput")
    sp.add_argument("--seconds", type=float, default=1.0)
    with_rules(sub.add_parser("serve", help="answer moves/play commands line by line"))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed its message
        return 2 if e.code else 0
    try:
        if args.command == "bench":
            from .bench import main as bench
            bench(args.seconds)
            return 0
        rules = _rules(args)
        if args.command == "serve":
            serve(rules, sys.stdin, sys.stdout)
        elif args.command == "moves":
            for m in sorted(str(m) for m in Game.from_qfen(args.qfen, rules).legal_moves()):
                print(m)
        elif args.command == "play":
            print(_play(Game.from_qfen(args.qfen, rules), args.moves))
        elif args.command == "perft":
            from .perft import perft
            if args.depth < 1:
                raise EngineError("perft depth must be 1 or more")
            game = Game.from_qfen(args.qfen, rules)
            for d in range(1, args.depth + 1):
                print(f"{d} {perft(game, d)}", flush=True)
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a reader that stopped early (head)
        sys.stderr.close()
    return 0
