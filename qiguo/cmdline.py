"""What every Qiguo command line shares (standard library only, so every layer may use it):
a usage mistake is one ``error:`` line and exit status 2, never a usage dump or a traceback,
and numbers are ASCII digits within bounds."""
from __future__ import annotations

import argparse
import math
import signal
import sys
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


class UsageError(Exception):
    """A command line that does not parse; the message says why."""


class Parser(argparse.ArgumentParser):
    """argparse, raising UsageError instead of printing the usage and exiting."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status after printing one ``error:`` line (2) or the
    help (0)."""
    try:
        return parser.parse_args(argv)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help printed its text
        return e.code if isinstance(e.code, int) else 0


def run(main: Callable[[], int]) -> None:
    """Run a command line's main and exit with its status; Ctrl+C is one line and status 130, and
    a kill (SIGTERM) exits with status 143 the same orderly way (cleanups run: a pool of worker
    processes is ended, not orphaned)."""
    signal.signal(signal.SIGTERM, killed)
    try:
        status = main()
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        status = 130
    sys.exit(status)


def killed(signum: int, frame: object) -> None:
    """SIGTERM: leave as Ctrl+C does, through every cleanup on the way out."""
    raise SystemExit(128 + signum)


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number of ASCII digits from low to high."""
    def convert(text: str) -> int:
        digits = text[1:] if text.startswith("-") else text
        if not (0 < len(digits) <= 12 and digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}")
        return value
    return convert


def seconds(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds from low to high."""
    def convert(text: str) -> float:
        try:
            value = float(text) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of seconds from {low:g} to {high:g}")
        return value
    return convert


def checked(read: Callable[[str], T | None], form: str) -> Callable[[str], T]:
    """An argparse type from a reader that answers None for text it does not accept; the error
    names the expected `form`."""
    def convert(text: str) -> T:
        value = read(text)
        if value is None:
            raise argparse.ArgumentTypeError(f"{form}, not {text[:40]!r}")
        return value
    return convert


def parsed(read: Callable[[str], T]) -> Callable[[str], T]:
    """An argparse type from a reader that raises ValueError saying why it refuses the text."""
    def convert(text: str) -> T:
        try:
            return read(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return convert
