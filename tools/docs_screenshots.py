"""Regenerate the screenshots in docs/ (the game drawn off screen, real bot worker):

    python tools/docs_screenshots.py

A human plays Qin with an easy bot's moves against six normal bots; pictures are taken after
the bots have answered."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DOCS = ROOT / "docs"

import pygame  # noqa: E402

from qiguo.ai import choose_move  # noqa: E402
from qiguo.app import App  # noqa: E402
from qiguo.engine import Move, parse_point  # noqa: E402
from qiguo.scenes.legend import LegendScene  # noqa: E402
from qiguo.scenes.load import LoadScene  # noqa: E402
from qiguo.scenes.setup import SetupScene  # noqa: E402
from qiguo.scenes.play import GameScene  # noqa: E402
from qiguo.scenes.tutorial import TutorialScene  # noqa: E402
from qiguo.play.match import Match  # noqa: E402
from qiguo.play.seats import parse_seats  # noqa: E402
from qiguo.play.strings import set_language  # noqa: E402


def app_at(size: tuple[int, int], language: str = "en", **settings: object) -> App:
    os.environ.setdefault("QIGUO_DATA_DIR", str(Path("/tmp") / "qiguo-docs"))
    app = App(size, seed=3)
    app.settings.language = language
    set_language(language)
    for name, value in settings.items():
        setattr(app.settings, name, value)
    app.start_title()
    return app


def step(app: App, events: list | None = None, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(0.05, events or [])
        events = []


def click(app: App, sq: int, scene: GameScene) -> None:
    x, y = (int(v) for v in scene.view.centre(sq))
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)])


def game_after(app: App, turns: int) -> GameScene:
    """A Quick-practice game in which Qin (played by an easy bot's moves) has moved `turns` times."""
    scene = GameScene(app, Match(parse_seats("h333333"), seed=3, bot_delay=0.05))
    app.stack.push(scene)
    for turn in range(turns):
        while not scene.match.human_to_move or scene.view.animating:
            step(app)
            time.sleep(0.01)
        if turn == turns - 1:
            break
        move = Move(choose_move(scene.game, "easy", seed=turn))
        click(app, move.from_sq, scene)
        click(app, move.to_sq, scene)
    step(app, frames=5)
    return scene


def save(app: App, name: str) -> None:
    app.draw()
    pygame.image.save(app.screen, str(DOCS / name))
    print("wrote", DOCS / name)


def main() -> None:
    app = app_at((1280, 900), piece_style="pictures")
    scene = game_after(app, 4)
    save(app, "trail.png")
    x, y = (int(v) for v in scene.view.centre(parse_point("b12")))
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))], frames=10)
    save(app, "tooltip.png")
    scene.match.close()
    app = app_at((1280, 900), piece_style="pictures", colour_aid=True)
    scene = game_after(app, 1)
    app.stack.push(LegendScene(app, scene))
    save(app, "legend.png")
    app.stack.pop()
    save(app, "colour-aid.png")
    scene.match.close()
    app = app_at((1280, 900))
    app.stack.push(TutorialScene(app, 6))
    step(app, frames=2)
    save(app, "tutorial.png")
    saves_and_review()
    app = app_at((800, 600), "ja")
    app.stack.push(SetupScene(app))
    step(app, frames=2)
    save(app, "setup-ja-800x600.png")
    pygame.quit()


def saves_and_review() -> None:
    """The save browser with a few games, and the review of a finished one."""
    from qiguo.play import saves
    app = app_at((1280, 900), piece_style="pictures")
    folder = saves.saves_dir()
    for old in folder.glob("*.json") if folder.exists() else []:
        old.unlink()
    for name, seats, plies in (("Evening game with Wei", "h333333", 40), ("Practice vs hard", "h444444", 12),
                               ("Opening study", "hhhhhhh", 6)):
        match = Match(parse_seats(seats), seed=1)
        from qiguo.engine import random_game
        random_game(match.game, len(name), max_plies=plies)
        saves.save_slot(match, name)
        time.sleep(1.1)  # distinct times to the second
    finished = Match(parse_seats("h333333"), seed=2)
    from qiguo.engine import random_game
    random_game(finished.game, 5)
    saves.save_slot(finished, "A whole game of seven")
    app.stack.push(LoadScene(app))
    step(app, frames=2)
    save(app, "saves.png")
    app.stack.top.open_selected()
    scene = app.stack.top
    for _ in range(12):
        step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")])
    step(app, frames=3)
    save(app, "review.png")
    scene.match.close()


if __name__ == "__main__":
    main()
