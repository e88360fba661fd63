"""Key moments of one kingdom over a long game, found in the background while the window runs:
the time the review takes, and the window's frame times meanwhile (p50, p99, max).

    python3 tools/moments_frames.py [PLIES]

A game of easy bots (the longest of a few, cut at PLIES, 400 by default) is reviewed for the
kingdom that moved most, through the Key moments screen on the dummy video driver at 60 frames a
second; the figures are printed."""
from __future__ import annotations

import sys

from window_bench import frame_figures, frames_while, headless

headless("/tmp/qiguo-moments-bench")

from qiguo.ai.coach.bench import long_game  # noqa: E402
from qiguo.app import App  # noqa: E402
from qiguo.play.match import Match  # noqa: E402
from qiguo.play.seats import parse_seats  # noqa: E402


def main() -> int:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    game = long_game(plies)
    k = max(game.seated, key=game.movers.count)
    seats = ["h" if j == k else "2" for j in range(7)]
    match = Match(parse_seats("".join(seats)))
    match.game = game
    app = App((1280, 900))
    app.settings.danger_explained = True
    app.start_title()
    scene = app.scene("moments", match)
    app.stack.push(scene)
    frames: list[float] = []
    job = getattr(scene, "job")
    took = frames_while(app, lambda: getattr(scene, "job") is not None, frames)
    print(f"key moments of one kingdom ({job.total} moves) of a {game.ply}-ply game: {took:.1f} s in the "
          f"background, {len(getattr(scene, 'moments', []))} found; frames meanwhile: {frame_figures(frames)} "
          f"over {len(frames)} frames")
    match.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
