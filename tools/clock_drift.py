"""How far a hot-seat game's clocks drift from wall time: two people (Qin and Chu) against five
easy bots in the window on the dummy video driver at 60 frames a second, each person thinking
1 to 6 s (seeded) before a move, for SECONDS of wall time (600 by default).

    python3 tools/clock_drift.py [SECONDS]

Prints, per player, the time their clock was charged beside the wall time they were to move,
and the largest difference."""
from __future__ import annotations

import random
import sys
import time

from window_bench import headless

headless("/tmp/qiguo-clock-drift")

from qiguo.app import App  # noqa: E402
from qiguo.clock import parse_clock  # noqa: E402
from qiguo.play.match import Match  # noqa: E402
from qiguo.play.seats import parse_seats  # noqa: E402


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 600.0
    rng = random.Random(1)
    app = App((1280, 900))
    app.settings.danger_explained = True
    app.settings.hand_over = False  # the clocks against the wall: no hand-over pause (it stops them)
    app.start_title()
    m = Match(parse_seats("hh22222"), clock=parse_clock("180+0"), bot_delay=0.2)
    app.stack.push(app.scene("game", m))
    scene = app.stack.top
    wall = {0: 0.0, 1: 0.0}
    turn_started: float | None = None
    think = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and m.game.result is None:
        t0 = time.perf_counter()
        before = time.monotonic()  # the clock starts inside this frame's step, once the board shows the turn
        app.step(1 / 60, [])
        k = m.game.turn
        if m.human_to_move and k in wall and not scene.view.animating:
            if turn_started is None:
                turn_started, think = before, rng.uniform(1, 6)
            elif time.monotonic() - turn_started >= think:
                wall[k] += time.monotonic() - turn_started
                scene.play(sorted(m.game.legal_codes())[0])
                turn_started = None
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    charged = {k: m.clocks.spec.base - m.clocks.left[k] for k in wall}
    worst = max(abs(charged[k] - wall[k]) for k in wall)
    print(f"clocks over {time.perf_counter() - start:.0f} s of a hot-seat game ({m.game.ply} plies): "
          + "; ".join(f"{'Qin' if k == 0 else 'Chu'} charged {charged[k]:.2f} s, to move {wall[k]:.2f} s" for k in wall)
          + f"; largest drift {worst:.3f} s")
    m.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
