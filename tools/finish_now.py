"""How long "Finish now" takes: a human resigns early in a game of six normal bots, and the rest
is played at once through the result screen on the dummy video driver, as a player would see it.

    python3 tools/finish_now.py [RUNS]

Prints the seconds from the click to the final standings (median and max of RUNS, 10 by
default) and the frame times meanwhile (p50, p99, max)."""
from __future__ import annotations

import statistics
import sys

from window_bench import frame_figures, frames_while, headless

headless("/tmp/qiguo-finish-bench")

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
        took.append(frames_while(app, lambda: getattr(scene, "job") is not None, frames))
        plies.append(m.game.ply)
        m.close()
    print(f"finish now over {runs} games of six normal bots (the human out at ply 14; {min(plies)}-{max(plies)} "
          f"plies in all): median {statistics.median(took):.1f} s, max {max(took):.1f} s to the final standings; "
          f"frames meanwhile {frame_figures(frames)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
