"""Play many bot games one after another in one headless window process and report memory and
leftover worker processes: python tools/long_session.py [GAMES]."""
from __future__ import annotations

import multiprocessing
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def rss_mb() -> float:
    """This process's resident memory now (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def play_games(app, games: int, max_frames: int = 20_000) -> int:
    """Play `games` games of seven novice bots through the game scene; returns plies played."""
    from qiguo.scenes.play import GameScene
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    plies = 0
    for i in range(games):
        app.start_title()
        scene = GameScene(app, Match(parse_seats("1111111"), seed=i, bot_delay=0))
        app.stack.push(scene)
        for _ in range(max_frames):
            ply = scene.game.ply
            app.step(0.05, [])
            if scene.game.result is not None or app.stack.top is not scene:
                break
            if scene.game.ply == ply:
                time.sleep(0.002)  # the bot is thinking in its process: leave it the processor
        plies += scene.game.ply
    app.start_title()
    return plies


def main(argv: list[str] | None = None) -> int:
    from qiguo.app import App
    from qiguo.cmdline import Parser, parse, whole
    p = Parser(prog="python tools/long_session.py", description="memory and worker processes over many games")
    p.add_argument("games", nargs="?", type=whole(1, 100_000), default=100)
    args = parse(p, argv)
    if isinstance(args, int):
        return args
    games = args.games
    os.environ.setdefault("QIGUO_DATA_DIR", "/tmp/qiguo-long-session")
    app = App((1280, 900))
    app.settings.anim_time = 0.0
    play_games(app, 2)  # warm up caches (fonts, sprites, modules)
    before, start = rss_mb(), time.monotonic()
    plies = play_games(app, games)
    after = rss_mb()
    print(f"{games} games, {plies} plies in {time.monotonic() - start:.0f} s; memory {before:.1f} -> "
          f"{after:.1f} MB ({after - before:+.1f}); worker processes left: {len(multiprocessing.active_children())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
