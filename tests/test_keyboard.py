"""Playing without a mouse: a board cursor by keyboard, and a game controller (synthetic
controller events, hot-plugged) that stands for the keys everywhere."""
import pygame
import pytest

from positions import qfen
from qiguo.engine import Move, SIZE, parse_point, point_name
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.strings import t
from qiguo.scenes.play import GameScene
from qiguo.ui import fonts, gamepad, keymap
from ui_helpers import InlineWorker, frames, key, make_app


def game(app, seats="h222222", text=None):
    scene = GameScene(app, Match(parse_seats(seats), qfen=text, bot_delay=0, worker_factory=InlineWorker))
    app.stack.push(scene)
    frames(app, 1)
    return scene


def pad(app, button):
    app.step(0.016, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0),
                     pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0)])


def test_a_whole_turn_by_keyboard_alone():
    app = make_app((800, 600))
    scene = game(app)
    key(app, pygame.K_DOWN)  # the cursor appears on Qin's General
    general = scene.cursor
    assert scene.game.piece_at(general).is_general and scene.game.piece_at(general).kingdom == 0
    key(app, pygame.K_TAB)  # to the first of Qin's pieces that can move
    movable = sorted({m.from_sq for m in scene.game.legal_moves()})
    assert scene.cursor == next((p for p in movable if p > general), movable[0])
    piece = scene.cursor
    key(app, pygame.K_RETURN)  # picked up: its destinations are shown
    assert scene.selected == piece and scene.targets
    key(app, pygame.K_TAB)  # Tab now goes through the destinations
    assert scene.cursor in scene.targets
    destination = scene.cursor
    key(app, pygame.K_SPACE)  # put down
    assert scene.game.history[0] == point_name(piece) + point_name(destination)
    assert scene.selected is None
    frames(app, 30)
    assert scene.tooltip_point() is None  # no explanation left over the bots' moves


def test_the_cursor_moves_one_point_and_stops_at_the_edge():
    app = make_app()
    scene = game(app)
    key(app, pygame.K_UP)
    start = scene.cursor
    key(app, pygame.K_UP)
    assert scene.cursor == start + SIZE  # up the screen is up a rank
    key(app, pygame.K_d)
    assert scene.cursor == start + SIZE + 1
    key(app, pygame.K_s)
    key(app, pygame.K_a)
    assert scene.cursor == start
    for _ in range(25):
        key(app, pygame.K_LEFT)
    assert scene.cursor % SIZE == 0 and scene.cursor // SIZE == start // SIZE
    x, y = scene.view.centre(scene.cursor)
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x) + 3, int(y)), rel=(3, 0), buttons=(0, 0, 0))])
    assert scene.cursor is None  # the mouse takes over


def test_the_cursor_is_drawn_and_explains_its_point():
    app = make_app()
    scene = game(app)
    before = app.screen.copy()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    frames(app, 30)  # long enough for the explanation
    assert scene.tooltip_point() == scene.cursor
    x, y = (int(v) for v in scene.view.centre(scene.cursor))
    corner = (int(x - scene.view.cell * 0.62) + 1, int(y - scene.view.cell * 0.62) + 1)
    assert tuple(app.screen.get_at(corner))[:3] != tuple(before.get_at(corner))[:3]
    key(app, pygame.K_ESCAPE)  # Esc with nothing picked up opens the menu; the cursor stays
    assert app.stack.top.name == "menu"


def test_escape_puts_the_piece_back_and_t_finds_the_pieces_in_danger():
    # Qin's Sword on e5 can be taken by Chu's Deputy on e12
    text = qfen({"a19": "wG", "e5": "wW", "k3": "wS", "e12": "rD", "s1": "rG"})
    app = make_app()
    scene = game(app, "h2-----", text)
    key(app, pygame.K_t)
    assert scene.cursor == parse_point("e5")
    key(app, pygame.K_RETURN)
    assert scene.selected == parse_point("e5")
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None and app.stack.top is scene
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the previous movable piece, from e5
    assert scene.cursor == parse_point("a19") or scene.cursor < parse_point("e5")


def test_space_pauses_the_bots_while_they_move():
    app = make_app()
    scene = GameScene(app, Match(parse_seats("h22----"), bot_delay=0, worker_factory=lambda: InlineWorker(think=50)))
    app.stack.push(scene)
    frames(app, 1)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert not scene.match.human_to_move
    key(app, pygame.K_SPACE)
    assert scene.match.paused
    key(app, pygame.K_p)
    assert not scene.match.paused


def test_a_controller_plays_a_turn_and_opens_the_menu():
    app = make_app()
    scene = game(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    piece = scene.cursor
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.selected == piece
    pad(app, pygame.CONTROLLER_BUTTON_B)  # cancel
    assert scene.selected is None
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert len(scene.game.history) == 1 and Move.parse(scene.game.history[0]).from_sq == piece
    pad(app, pygame.CONTROLLER_BUTTON_START)
    assert app.stack.top.name == "menu"
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.stack.top is scene


def test_the_stick_moves_repeats_and_stops_and_the_trigger_finds_danger():
    pads = gamepad.Gamepads()
    axis = lambda a, v: pads.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=a, value=v, instance_id=0))
    [press] = axis(pygame.CONTROLLER_AXIS_LEFTX, 30000)
    assert press.type == pygame.KEYDOWN and press.key == pygame.K_RIGHT
    assert axis(pygame.CONTROLLER_AXIS_LEFTX, 31000) == []  # still held: no new press
    assert pads.update(0.2) == []
    assert [e.key for e in pads.update(0.2)] == [pygame.K_RIGHT]  # held: it repeats
    assert [e.key for e in pads.update(0.13)] == [pygame.K_RIGHT]
    assert axis(pygame.CONTROLLER_AXIS_LEFTX, 1000) == [] and pads.update(1.0) == []  # let go
    [up] = axis(pygame.CONTROLLER_AXIS_LEFTY, -20000)
    assert up.key == pygame.K_UP
    [t_key] = axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32000)
    assert t_key.key == pygame.K_t and axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767) == []


def test_menus_follow_the_d_pad():
    app = make_app()
    title = app.stack.top
    focus = title.menu.focus
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert title.menu.focus == (focus + 1) % len(title.menu.buttons)
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert title.menu.focus == focus


def test_plugging_in_and_out_never_breaks_the_window():
    app = make_app()
    app.step(0.016, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99),
                     pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)])
    frames(app, 2)
    assert app.errors_total == 0 and app.pads.pads == {}


@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_the_keys_screen_lists_keys_and_buttons_from_the_key_map(size, monkeypatch):
    app = make_app(size)
    app.stack.push(app.scene("keys"))
    drawn = []
    real = fonts.render
    monkeypatch.setattr("qiguo.scenes.keys.render", lambda text, *a: drawn.append(text) or real(text, *a))
    app.draw()
    for name, keys, buttons in keymap.rows(keymap.GAME + keymap.GLOBAL):
        assert keys in drawn and t(f"keys.{name}") in drawn and buttons in drawn, name
    assert "D-pad, stick" in drawn and "(A)" in drawn and "Tab" in drawn
    assert "Home" in drawn and "Enter, Space" in drawn  # keys the hand-written screen used to miss


@pytest.mark.parametrize("code, words", [("zh", "方向键, 摇杆"), ("ja", "十字キー, スティック"), ("en", "D-pad, stick")])
def test_the_keys_screen_says_the_controllers_words_in_the_players_language(code, words, monkeypatch):
    from qiguo.play.strings import set_language
    app = make_app()
    set_language(code)
    app.stack.push(app.scene("keys"))
    drawn = []
    real = fonts.render
    monkeypatch.setattr("qiguo.scenes.keys.render", lambda text, *a: drawn.append(text) or real(text, *a))
    app.draw()
    assert words in drawn and "(A)" in drawn  # what is printed on a controller stays as printed


def test_two_controllers_sticks_do_not_mix():
    pads = gamepad.Gamepads()

    def axis(pad, a, v):
        return pads.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=a, value=v, instance_id=pad))
    [right] = axis(0, pygame.CONTROLLER_AXIS_LEFTX, 30000)
    assert right.key == pygame.K_RIGHT
    [up] = axis(1, pygame.CONTROLLER_AXIS_LEFTY, -30000)  # the second pad's stick: its own press
    assert up.key == pygame.K_UP
    assert axis(0, pygame.CONTROLLER_AXIS_LEFTX, 31000) == []  # the first is still held right
    assert sorted(e.key for e in pads.update(0.4)) == sorted([pygame.K_RIGHT, pygame.K_UP])  # both repeat
    assert axis(1, pygame.CONTROLLER_AXIS_LEFTY, 0) == []  # the second let go ...
    assert [e.key for e in pads.update(0.13)] == [pygame.K_RIGHT]  # ... the first goes on
    [t0] = axis(0, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32000)
    [t1] = axis(1, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32000)  # each trigger is its own
    assert t0.key == t1.key == pygame.K_t
    pads.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=0))
    assert pads.update(1.0) == []  # unplugged: its held stick is forgotten
