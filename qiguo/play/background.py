"""Work for the window done in a separate process (pure-Python searches in a thread would take
frames from the window): the process puts (kind, ...) messages on a queue, the window takes
them in each frame without waiting, and may stop the work at any time. No pygame here."""
from __future__ import annotations

import multiprocessing as mp
import queue
import weakref
from typing import Callable, Iterator

from qiguo.ai.worker import kill_unclosed


class Job:
    """A process running `target(*args, out, stop)`; `error` once it failed or died."""

    def __init__(self, target: Callable[..., None], args: tuple, name: str, died: str):
        ctx = mp.get_context("spawn")
        self._out = ctx.Queue()
        self._stop = ctx.Event()
        self._proc = ctx.Process(target=target, args=args + (self._out, self._stop), name=name, daemon=True)
        self._proc.start()
        self._unclosed = weakref.finalize(self, kill_unclosed, self._proc, self._out, self._stop)
        self._died = died
        self.error = ""

    @property
    def running(self) -> bool:
        return not self.error

    def messages(self) -> Iterator[tuple]:
        """The messages come since the last look (never blocks); an "error" message, or the
        process gone quiet, sets `error`."""
        while self.running:
            try:
                message = self._out.get_nowait()
            except queue.Empty:
                if not self._proc.is_alive() and self._out.empty():
                    self.error = self.error or self._died
                return
            except (EOFError, OSError):
                self.error = self._died
                return
            if message[0] == "error":
                self.error = message[1]
                return
            yield message

    def close(self) -> None:
        """Stop the work (it ends at its next look at the stop) and the process."""
        self._stop.set()
        self._proc.join(timeout=0.5)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join(timeout=2)
        self._unclosed.detach()
        self._out.cancel_join_thread()
        self._out.close()

