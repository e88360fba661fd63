"""Screens and games kept (issue 12): confirmations, resigning, settings written at once, idle
screens not redrawn, wide windows used, Japanese wording."""
import json

import pygame
import pytest

from qiguo.scenes.load import LoadScene
from qiguo.scenes.menu import KnockedOutScene, ConfirmScene
from qiguo.scenes.play import GameScene, split
from qiguo.scenes.result import ResultScene
from qiguo.scenes.rules import RulesScene
from qiguo.scenes.settings import SettingsScene
from qiguo.scenes.setup import SetupScene
from qiguo.scenes.title import TitleScene
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.strings import set_language, t
from ui_helpers import InlineWorker, click, finished_match, frames, key, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    yield tmp_path
    set_language("en")


def start(app, seats="h222222", paused=False):
    match = Match(parse_seats(seats), bot_delay=0, worker_factory=InlineWorker)
    match.paused = paused
    scene = GameScene(app, match)
    app.stack.push(scene)
    frames(app, 1)
    return scene


def menu_button(app, label):
    menu = app.stack.top
    frames(app, 1)
    return next(b for b in menu.menu.buttons if b.label.startswith(label))


def test_restart_asks_first():
    app = make_app()
    scene = start(app, "hhhhhhh")
    scene.play(scene.game.legal_codes()[0])
    key(app, pygame.K_ESCAPE)
    click(app, menu_button(app, "Restart").rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and scene.game.ply == 1
    key(app, pygame.K_ESCAPE)  # no
    assert app.stack.top is scene and scene.game.ply == 1
    key(app, pygame.K_ESCAPE)
    click(app, menu_button(app, "Restart").rect.center)
    frames(app, 1)
    click(app, app.stack.top.menu.buttons[1].rect.center)
    assert app.stack.top is scene and scene.game.ply == 0


def test_resign_names_the_humans_kingdom_and_works_on_a_bots_turn():
    app = make_app()
    scene = start(app, "2h22222", paused=True)  # Chu is human; Qin (a bot) is to move
    assert scene.game.mover == "w"
    key(app, pygame.K_ESCAPE)
    button = menu_button(app, "Resign")
    assert button.label == "Resign Chu" and button.enabled
    click(app, button.rect.center)
    frames(app, 1)
    click(app, app.stack.top.menu.buttons[1].rect.center)  # yes, resign
    assert not scene.game.alive[1] and scene.game.standing(1).how == "resigned"
    choice = app.stack.top
    assert isinstance(choice, KnockedOutScene)  # no human left: watch, standings, or title
    assert [b.label for b in choice.menu.buttons] == ["Watch the bots finish", "Finish now", "See the standings now",
                                                      "Play again with the same seats", "Quit to title"]
    frames(app, 1)
    click(app, choice.menu.buttons[2].rect.center)
    result = app.stack.top
    assert isinstance(result, ResultScene) and result.headline()[0] == "Standings so far"
    app.draw()


def test_watching_the_bots_finish_after_resigning():
    app = make_app()
    scene = start(app, "h22----")
    scene.resign(0)
    assert isinstance(app.stack.top, KnockedOutScene)
    key(app, pygame.K_RETURN)  # the first choice: watch
    assert app.stack.top is scene
    ply = scene.game.ply
    frames(app, 20)
    assert scene.game.ply > ply  # the bots play on


def test_settings_are_reachable_in_game_apply_at_once_and_are_written_at_once(data_dir):
    app = make_app()
    scene = start(app)
    key(app, pygame.K_ESCAPE)
    click(app, menu_button(app, "Settings").rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    frames(app, 1)
    button = next(b for b in settings.menu.buttons if b.label.startswith("Board"))
    click(app, button.rect.center)
    assert app.settings.board_theme == "slate"
    assert json.loads((data_dir / "settings.json").read_text())["board_theme"] == "slate"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_the_players_name_is_typed_in_the_settings_and_written_at_once(data_dir):
    app = make_app()
    settings = SettingsScene(app)
    app.stack.push(settings)
    frames(app, 1)
    button = next(b for b in settings.menu.buttons if b.label.startswith("Your name"))
    assert button.label.endswith("—")  # no name yet
    click(app, button.rect.center)
    app.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text="Ann" + "n" * 60)])
    key(app, pygame.K_RETURN)
    assert app.stack.top is settings
    assert app.settings.player_name == "Ann" + "n" * 37  # at most 40 characters, as the file allows
    assert json.loads((data_dir / "settings.json").read_text())["player_name"] == app.settings.player_name
    assert any(b.label.endswith(app.settings.player_name) for b in settings.menu.buttons)


@pytest.mark.parametrize("make", [lambda app: TitleScene(app), lambda app: SetupScene(app),
                                  lambda app: SettingsScene(app), lambda app: LoadScene(app),
                                  lambda app: RulesScene(app), lambda app: ResultScene(app, finished_match())],
                         ids=["title", "setup", "settings", "load", "rules", "result"])
def test_an_idle_screen_is_not_redrawn(make):
    app = make_app()
    app.stack.push(make(app))
    frames(app, 3)
    drawn = []
    for _ in range(30):
        app.step(0.016, [])
        drawn.append(app.drawn)
    assert not any(drawn)
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
    assert app.drawn


def test_wide_windows_widen_the_panel_and_keep_the_board_as_tall_as_they_can():
    for size in [(1600, 1000), (1920, 1080), (2560, 1440)]:
        panel, board = split(size)
        side = min(board.width, board.height)
        assert side == size[1] - 16 and board.width - side <= 24, size  # no wide empty gap
    panel_small, _ = split((800, 600))
    assert panel_small.width >= 280


def test_japanese_wording():
    set_language("ja")
    assert t("menu.restart") != t("menu.redo").split("（")[0]
    assert "; " not in t("status.join") and t("kingdom.o") == "韓"
    from qiguo.play.strings import kingdom_glyph
    assert kingdom_glyph(2) == "韓"  # discs, panel and move list agree


def test_setup_buttons_stay_in_place_while_the_options_change():
    app = make_app((800, 600))
    setup = SetupScene(app)
    app.stack.push(setup)
    frames(app, 1)

    def places():
        return [tuple(b.rect) for b in setup.seat_buttons + [setup.preset_button, setup.players_button,
                                                             setup.start_button, setup.back_button]]
    before = places()
    for _ in range(4):  # 7, 6, 5, 4, 3 players: partner rows come and go
        click(app, setup.players_button.rect.center)
        frames(app, 1)
        assert places() == before
    click(app, setup.seat_buttons[2].rect.center)
    frames(app, 1)
    assert places() == before
