"""How long "Finish now" takes: a human resigns early in a game of six normal bots, and the rest
is played at once through the result screen on the dummy video driver, as a player would see it.

    python3 tools/finish_now.py [RUNS]

Prints the seconds from the click to the final standings (median and max of RUNS, 10 by
default) and the frame times meanwhile (p50, p99, max)."""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QIGUO_DATA_DIR", "/tmp/qiguo-finish-bench")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qiguo.ai import choose_move  # noqa: E402
from qiguo.app import App  # noqa: E402
from qiguo.play.match import Match  # noqa: E402
from qiguo.play.seats import parse_seats  # noqa: E402


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    took, frames = [], []
    plies = []
    for run in range(runs):
        app = App((1280, 900))
        app.settings.danger_explained = True
        app.start_title()
        m = Match(parse_seats("h333333"), seed=run)
        while m.game.ply < 14:  # a few rounds, the bots on their own levels
            m.game.play_code(choose_move(m.game, "normal", seed=run * 31 + m.game.ply))
        m.resign(0)
        app.stack.push(app.scene("result", m, finish=True))
        scene = app.stack.top
        start = time.perf_counter()
        while getattr(scene, "job") is not None:
            t0 = time.perf_counter()
            app.step(1 / 60, [])
            app.draw()
            spent = time.perf_counter() - t0
            frames.append(spent)
            time.sleep(max(0.0, 1 / 60 - spent))
        took.append(time.perf_counter() - start)
        plies.append(m.game.ply)
        m.close()
    frames.sort()
    p = lambda q: 1000 * frames[min(len(frames) - 1, int(len(frames) * q))]  # noqa: E731
    print(f"finish now over {runs} games of six normal bots (the human out at ply 14; {min(plies)}-{max(plies)} "
          f"plies in all): median {statistics.median(took):.1f} s, max {max(took):.1f} s to the final standings; "
          f"frames meanwhile p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {1000 * frames[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
