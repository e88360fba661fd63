"""A command's main() run in this process, with its standard streams captured: the same
exit status and output as `python -m ...` without starting Python again (the suite runs a few
of each command as real subprocesses too)."""
import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from typing import Callable, Sequence


def run_main(main: Callable[[Sequence[str]], int], *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    out, err, old_stdin = io.StringIO(), io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as e:  # a command may exit instead of returning its status
                code = e.code if isinstance(e.code, int) else 1
    finally:
        sys.stdin = old_stdin
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())
