"""The window, driven by synthetic events on the dummy video driver."""
import time

import pygame
import pytest

from qiguo.engine import CENTRE, ENVOY, START_QFEN, Move, parse_point
from qiguo.scenes.menu import MenuScene
from qiguo.scenes.moments import MomentsScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.result import ResultScene
from qiguo.scenes.rules import RulesScene
from qiguo.scenes.settings import SettingsScene
from qiguo.scenes.setup import SetupScene
from qiguo.scenes.title import TitleScene
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from ui_helpers import FINISHING_QFEN, finished_match, InlineWorker, click, frames, key, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def start_game(app, seats="hhhhhhh", qfen=None, rules="standard", blocs=None):
    match = Match(parse_seats(seats), rules, blocs, qfen=qfen, bot_delay=0, worker_factory=InlineWorker)
    scene = GameScene(app, match)
    app.stack.push(scene)
    app.settings.anim_time = 0.2
    frames(app, 1)
    return scene


def test_title_to_setup_to_game_to_title():
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(app, title.menu.buttons[1].rect.center)  # New game
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    while setup.seats[0] != "human":
        click(app, setup.seat_buttons[0].rect.center)
    for k in range(1, 7):  # everyone human: no bot process in this test
        while setup.seats[k] != "human":
            click(app, setup.seat_buttons[k].rect.center)
    click(app, setup.start_button.rect.center)
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.match.seats == ["human"] * 7
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.menu.buttons[-1].rect.center)  # Quit to title
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1
    assert app.settings.last_seats == "hhhhhhh"


def test_invalid_setups_cannot_start():
    app = make_app()
    app.stack.push(SetupScene(app))
    frames(app, 1)
    setup = app.stack.top
    for k in range(1, 7):  # every kingdom but Qin off the board
        while setup.seats[k] is not None:
            click(app, setup.seat_buttons[k].rect.center)
    assert setup.error and setup.note() == setup.error  # Start stays pressable and says why
    click(app, setup.start_button.rect.center)
    assert app.stack.top is setup and app.toast_text == setup.error
    click(app, setup.seat_buttons[3].rect.center, button=3)  # right click: Qi back on as a network seat
    click(app, setup.seat_buttons[3].rect.center, button=3)  # and once more: a hard bot
    assert setup.seats[3] == "hard" and not setup.error and setup.start_button.enabled


def test_setup_offers_only_valid_blocs():
    app = make_app()
    app.stack.push(SetupScene(app))
    frames(app, 1)
    setup = app.stack.top
    for players in (6, 5, 4, 3):
        while setup.players != players:
            click(app, setup.players_button.rect.center)
        for name, _, button in setup.partner_buttons:
            for _ in range(8):  # every partner the cycle offers gives a valid set-up
                click(app, button.rect.center)
                assert setup.validate() == "", (players, setup.blocs())
                button = next(b for n, _, b in setup.partner_buttons if n == name)
        assert len(setup.blocs()) == {6: 1, 5: 2, 4: 3, 3: 3}[players]
        assert 1 not in [setup.partners.get("qin"), setup.partners.get("qin2")]  # never Qin + Chu


def test_clicking_a_piece_shows_exactly_its_legal_moves_and_moving_animates():
    app = make_app()
    scene = start_game(app)
    g = scene.game
    sq = parse_point("e10")  # Qin's Envoy
    click(app, scene.view.centre(sq))
    expected = {m.to_sq for m in g.legal_moves() if m.from_sq == sq}
    assert scene.selected == sq and set(scene.targets) == expected and expected
    dest = parse_point("e5")
    click(app, scene.view.centre(dest))
    assert g.history == ["e10e5"] and scene.selected is None
    assert scene.view.glides and scene.view.glides[0].end == dest
    frames(app, 10)
    assert not scene.view.animating
    assert g.piece_at(dest).kind == ENVOY and g.piece_at(sq) is None
    assert Move(scene.table.last_move).from_sq == sq


def test_drag_moves_a_piece():
    app = make_app()
    scene = start_game(app)
    a, b = scene.view.centre(parse_point("e10")), scene.view.centre(parse_point("e6"))
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(a[0]), int(a[1])), button=1),
                     pygame.event.Event(pygame.MOUSEMOTION, pos=(int(b[0]), int(b[1])), rel=(0, 0), buttons=(1, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(b[0]), int(b[1])), button=1)])
    assert scene.game.history == ["e10e6"]


def test_deselecting_and_harmless_clicks():
    app = make_app()
    scene = start_game(app)
    g = scene.game
    e10 = scene.view.centre(parse_point("e10"))
    for deselect in (lambda: click(app, e10, button=3), lambda: key(app, pygame.K_ESCAPE),
                     lambda: click(app, (5, 5)), lambda: click(app, scene.view.centre(parse_point("k15")))):
        click(app, e10)
        assert scene.selected is not None
        deselect()
        assert scene.selected is None and scene.targets == {}
        assert isinstance(app.stack.top, GameScene)
    harmless = [(2, 2), (app.screen.get_width() - 5, 400), scene.view.centre(CENTRE),
                scene.view.centre(parse_point("f1")),  # a Chu piece on Qin's turn
                scene.view.centre(parse_point("a10"))]  # Qin's general: no legal moves at the start
    for pos in harmless:
        click(app, pos)
    assert g.to_qfen() == START_QFEN and g.history == []


def test_clicks_during_a_bot_turn_do_nothing():
    app = make_app()
    scene = start_game(app, seats="2hhhhhh")  # Qin is an easy bot
    scene.match.paused = True  # hold the bot so its turn lasts
    g = scene.game
    before = g.to_qfen()
    for name in ("e10", "a10", "f1", "e5"):
        click(app, scene.view.centre(parse_point(name)))
    assert g.to_qfen() == before and scene.selected is None
    scene.match.paused = False
    frames(app, 3)
    assert g.ply == 1 and g.mover == "r"  # the bot moved once and it is a human's turn


def play_to_the_end():
    """An app whose game Qin has just won by clicking c4 then c10 (Chu's general)."""
    app = make_app()
    scene = start_game(app, seats="hh-----", qfen=FINISHING_QFEN)
    click(app, scene.view.centre(parse_point("c4")))
    click(app, scene.view.centre(parse_point("c10")))
    assert scene.game.result is not None
    return app, scene


def test_a_game_reaches_the_result_scene():
    app, scene = play_to_the_end()
    frames(app, 60)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    assert result.headline()[0] == "Qin wins"
    click(app, result.menu.buttons[0].rect.center)  # Review
    review = app.stack.top
    assert isinstance(review, GameScene) and review.review and review.game.result is not None
    key(app, pygame.K_LEFT)
    assert review.view_ply == review.game.ply - 1 and "Review" in review.table.panel_view(review.table.past).head
    key(app, pygame.K_ESCAPE)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    frames(app, 1)
    click(app, result.menu.buttons[1].rect.center)  # Key moments, found by a real background process
    moments = app.stack.top
    assert isinstance(moments, MomentsScene) and moments.job is not None
    deadline = time.monotonic() + 60
    while moments.job is not None and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.02)
    assert moments.job is None and not moments.error
    assert [b.label for b in moments.menu.buttons][-1] == "Back"
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is result
    frames(app, 1)
    click(app, result.menu.buttons[2].rect.center)  # Rematch
    assert isinstance(app.stack.top, GameScene) and app.stack.top.game.ply == 0


def resign_button(menu):
    return next(b for b in menu.menu.buttons if b.label.startswith("Resign"))


def test_resign_from_the_menu_after_a_confirmation():
    from qiguo.scenes.menu import ConfirmScene
    app = make_app()
    scene = start_game(app, seats="hhh----")
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    click(app, resign_button(menu).rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and confirm.question == "Resign Qin?"
    click(app, confirm.menu.buttons[0].rect.center)  # No
    assert app.stack.top is scene and scene.game.alive[0]
    key(app, pygame.K_ESCAPE)
    click(app, resign_button(app.stack.top).rect.center)
    click(app, app.stack.top.menu.buttons[1].rect.center)  # Yes
    assert not scene.game.alive[0] and scene.game.mover == "r"
    assert app.stack.top is scene


def test_the_menu_offers_every_action_by_mouse():
    app = make_app()
    scene = start_game(app, seats="h2-----")
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    frames(app, 20)
    labels = {}
    key(app, pygame.K_ESCAPE)
    for b in app.stack.top.menu.buttons:
        labels[b.label.split(" (")[0]] = b
    assert {"Resume", "Undo", "Redo", "Hint", "Save", "Export move list", "Keys", "Restart",
            "Quit to title"} <= set(labels)
    click(app, labels["Undo"].rect.center)
    assert app.stack.top is scene and scene.game.ply == 0
    key(app, pygame.K_ESCAPE)
    redo = next(b for b in app.stack.top.menu.buttons if b.label.startswith("Redo"))
    click(app, redo.rect.center)
    assert scene.game.ply == 2


@pytest.mark.parametrize("size", [(800, 600), (1280, 900), (2560, 1440)])
def test_every_scene_draws_at_every_size(size):
    app = make_app(size)
    scene = start_game(app, seats="h1234--")
    click(app, scene.view.centre(parse_point("e10")))
    for make in (lambda: TitleScene(app), lambda: SetupScene(app), lambda: RulesScene(app),
                 lambda: SettingsScene(app), lambda: MenuScene(app, scene)):
        app.stack.push(make())
        app.draw()
        app.stack.pop()
    done = finished_match()
    app.stack.push(ResultScene(app, done))
    app.draw()
    assert app.screen.get_size() == size
    assert app.errors_total == 0 and not app.toast_text


def test_window_resizes_down_to_the_minimum_and_up():
    app = make_app()
    scene = start_game(app, seats="hhhhhhh")
    for size in [(800, 600), (640, 480), (1900, 700), (700, 1300), (2560, 1440)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        canvas = (max(size[0], 800), max(size[1], 600))  # below the minimum: drawn at it, scaled to fit
        assert app.screen.get_size() == canvas
        assert scene.view.rect.right <= scene.panel.rect.left and scene.view.rect.bottom <= canvas[1]
        scale = min(size[0] / canvas[0], size[1] / canvas[1])
        x, y = scene.view.centre(parse_point("e10"))
        click(app, ((size[0] - canvas[0] * scale) / 2 + x * scale, (size[1] - canvas[1] * scale) / 2 + y * scale))
        assert scene.selected == parse_point("e10")
        key(app, pygame.K_ESCAPE)
    assert app.errors_total == 0


def test_an_idle_board_is_not_redrawn_but_every_change_is():
    app = make_app()
    scene = start_game(app, seats="hhhhhhh")
    frames(app, 2)
    assert app.drawn is False  # nothing changed: no redraw, no flip
    click(app, scene.view.centre(parse_point("e10")))
    assert app.drawn
    frames(app, 1)
    assert app.drawn is False
    click(app, scene.view.centre(parse_point("e6")))
    frames(app, 1)
    assert app.drawn  # the glide is animating
    frames(app, 10)
    assert not scene.view.animating and app.drawn is False
    app.toast("hello")
    frames(app, 1)
    assert app.drawn


def test_undo_takes_back_to_the_last_human_move_and_redo_replays():
    app = make_app()
    scene = start_game(app, seats="h22----")  # Qin human, Chu and Han easy bots
    g = scene.game
    start = g.to_qfen()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert g.to_qfen() == start and "No move" in app.toast_text
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e6")))
    frames(app, 30)  # both bots answer
    assert g.mover == "w" and g.ply == 3
    after_round = g.to_qfen()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert g.to_qfen() == start and g.ply == 0 and g.mover == "w"
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert g.to_qfen() == after_round and g.ply == 3
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # Ctrl+Shift+Z redoes too
    assert g.to_qfen() == after_round
    click(app, scene.view.centre(parse_point("b10")))  # a new move clears the redo
    click(app, scene.view.centre(parse_point("b8")))
    assert not scene.match.can_redo


def test_undo_works_across_a_defeat_and_a_finished_game():
    app, scene = play_to_the_end()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.result is None and scene.game.alive[1] and scene.game.to_qfen() == FINISHING_QFEN
    assert isinstance(app.stack.top, GameScene)


def test_sounds_play_for_moves_and_m_mutes(monkeypatch):
    app = make_app()
    played = []
    monkeypatch.setattr(app.sounds, "play", lambda name, volume, muted: played.append((name, muted)))
    scene = start_game(app, seats="h2-----")
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    frames(app, 20)  # Chu (a bot) answers: then it is Qin's turn again
    assert ("move", False) in played and ("turn", False) in played
    key(app, pygame.K_m)
    assert app.settings.muted and "Sound off" in app.toast_text
    key(app, pygame.K_m)
    assert not app.settings.muted


def test_sound_files_load_on_the_dummy_audio_driver():
    from qiguo.ui.sound import NAMES, Sounds
    sounds = Sounds()
    assert sounds.available and set(sounds.sounds) == set(NAMES)
    for name in NAMES:
        assert 0.05 < sounds.sounds[name].get_length() < 2.0
        sounds.play(name, 0.5, muted=False)


def test_f1_shows_the_keys_over_the_game_and_any_key_closes_it():
    from qiguo.scenes.keys import KeysScene
    app = make_app()
    scene = start_game(app)
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, KeysScene)
    app.draw()
    key(app, pygame.K_a)
    assert app.stack.top is scene
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")])
    assert isinstance(app.stack.top, KeysScene)


def test_a_bot_fallback_is_played_and_said():
    from qiguo.ai.worker import Reply

    class FailingWorker(InlineWorker):
        def poll(self):
            reply = super().poll()
            return reply and Reply(reply.job, reply.move, 0.0, warning="the bot raised RuntimeError")

    app = make_app()
    match = Match(parse_seats("2h-----"), bot_delay=0, worker_factory=FailingWorker)
    scene = GameScene(app, match)
    app.stack.push(scene)
    frames(app, 3)
    assert scene.game.ply == 1 and "A bot failed" in app.toast_text and app.errors_total == 0


def test_a_message_taken_away_while_it_waits_its_turn_is_never_shown():
    app = make_app()
    app.toast("first", 0.05)
    app.toast("stale", 5.0, queue=True)
    app.toast("fresh", 5.0, queue=True)
    app.clear_toast("stale")
    time.sleep(0.06)
    frames(app, 2)
    assert app.toast_text == "fresh"
