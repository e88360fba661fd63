"""The engine's command line: ``python -m qiguo.engine moves|play|perft|bench|serve``.

Bad input of any kind is one ``error:`` line on standard error and exit status 2; Ctrl+C is
one line and exit status 130."""
from __future__ import annotations

import argparse
import functools
import sys
import time
from typing import Sequence, TextIO

from qiguo.cmdline import Parser, parse, seconds, whole

from .errors import EngineError
from .game import Game, Result
from .perft import perft
from .rules import Rules, parse_setting

MAX_PERFT_DEPTH = 100
"""Deeper than any tree one could count; a pass-only position at this depth still ends."""


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
    """Answer exactly one line per command line until a truly empty line or the end of input.
    Whatever goes wrong inside a command, the answer is ``error: ...`` and serving goes on."""
    for raw in stdin:
        if raw.strip("\r\n") == "":
            break
        try:
            answer = _serve_one(rules, raw.strip("\r\n"))
        except EngineError as e:
            answer = f"error: {e}"
        except Exception as e:  # the last resort: one answer line, and the next command
            answer = f"error: internal error on this line ({type(e).__name__}: {e})"
        stdout.write(answer.replace("\r", " ").replace("\n", " ") + "\n")
        stdout.flush()


def _serve_one(rules: Rules, line: str) -> str:
    words = line.split()
    if not words:
        raise EngineError("an empty command (moves QFEN, or play QFEN MOVE...)")
    command, rest = words[0], words[1:]
    if command not in ("moves", "play"):
        raise EngineError(f"unknown command {command[:20]!r} (moves QFEN, or play QFEN MOVE...)")
    if len(rest) < 5:
        raise EngineError(f"{command} needs a QFEN of all five fields")
    game = Game.from_qfen(" ".join(rest[:5]), rules)
    if command == "moves":
        if len(rest) > 5:
            raise EngineError("moves takes a QFEN and nothing more")
        return " ".join(sorted(str(m) for m in game.legal_moves()))
    return _play(game, rest[5:])


def run_perft(game: Game, depth: int, out: TextIO, progress: TextIO) -> None:
    """Leaf counts for depths 1..depth on `out`; each depth's time and rate on `progress`."""
    for d in range(1, depth + 1):
        start = time.perf_counter()
        count = perft(game, d)
        took = time.perf_counter() - start
        print(f"{d} {count}", file=out, flush=True)
        print(f"perft: depth {d} done, {count:,} leaves in {took:.2f} s ({count / max(took, 1e-9):,.0f}/s)",
              file=progress, flush=True)


@functools.cache  # built once per process, however often main() is called
def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m qiguo.engine", description="Seven Kingdoms Chess rules engine")
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
    sp = with_rules(sub.add_parser("perft", help="leaf counts for depths 1..DEPTH (progress on stderr)"))
    sp.add_argument("qfen")
    sp.add_argument("depth", type=whole(1, MAX_PERFT_DEPTH))
    sp = sub.add_parser("bench", help="move generation and play+undo throughput")
    sp.add_argument("--seconds", type=seconds(0.01, 600), default=1.0)
    with_rules(sub.add_parser("serve", help="answer moves/play commands line by line"))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
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
            run_perft(Game.from_qfen(args.qfen, rules), args.depth, sys.stdout, sys.stderr)
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped early (head)
        sys.stderr.close()
    return 0
