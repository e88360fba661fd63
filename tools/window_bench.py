"""What the window benchmarks in tools/ share: the headless drivers and a data folder of their
own (set before the window's modules load), and a frame loop at 60 frames a second that notes
each frame's time, with its figures."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any, Callable


def headless(data_dir: str) -> None:
    """The dummy video and audio drivers, `data_dir` for saves, and this checkout importable."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("QIGUO_DATA_DIR", data_dir)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def frames_while(app: Any, busy: Callable[[], bool], frames: list[float]) -> float:
    """Step and draw `app` at 60 frames a second while `busy()`, adding each frame's seconds to
    `frames`; returns the seconds it took."""
    start = time.perf_counter()
    while busy():
        t0 = time.perf_counter()
        app.step(1 / 60, [])
        app.draw()
        spent = time.perf_counter() - t0
        frames.append(spent)
        time.sleep(max(0.0, 1 / 60 - spent))
    return time.perf_counter() - start


def frame_figures(frames: list[float]) -> str:
    """p50, p99 and max of frame times, in milliseconds."""
    ordered = sorted(frames)
    p = lambda q: 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))]  # noqa: E731
    return f"p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {1000 * ordered[-1]:.1f} ms"
