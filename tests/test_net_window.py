"""Two windows (headless) play through the real server: one hosts from the set-up screen, the
other joins with the address and code, picks the free seat, and both see every move."""
import time

import pygame
import pytest

from qiguo.engine import Move, parse_point
from qiguo.scenes.join import JoinScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.setup import SetupScene
from qiguo.play.net_match import NETWORK, NetMatch
from ui_helpers import click, frames, key, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def until(apps, check, seconds=20.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for app in apps:
            app.step(0.05, [])
        if check():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def close(*apps):
    """Every scene left (a network game's scene stops its link, and its server if it hosts)."""
    for app in apps:
        while app.stack.scenes:
            app.stack.pop()


def move(app, scene, a, b):
    click(app, scene.view.centre(parse_point(a)))
    click(app, scene.view.centre(parse_point(b)))


def hosting(host):
    """Qin here, Chu over the network, Yan a bot on the server: hosted from the set-up screen."""
    setup = SetupScene(host)
    host.stack.push(setup)
    frames(host, 1)
    setup.seats[:] = ["human", NETWORK, None, None, None, None, "easy"]
    setup._changed()
    frames(host, 1)
    assert setup.start_button.label == "Host game"
    click(host, setup.start_button.rect.center)
    until([host], lambda: isinstance(host.stack.top, GameScene))
    return host.stack.top


def test_a_host_and_a_friend_play_through_the_real_server():
    host = make_app()
    hosted = hosting(host)
    match = hosted.match
    assert isinstance(match, NetMatch) and match.server is not None
    port, code = match.server.address[1], match.code
    host.draw()
    assert f":{port}" in hosted.table.panel_view(hosted.game).quiet_line and code in hosted.table.panel_view(hosted.game).quiet_line

    assert hosted.table.net_labels()[1] == "network seat, free"
    before = hosted.frame_key()

    friend = make_app()
    friend.stack.push(JoinScene(friend, f"127.0.0.1:{port}", code, auto=True))
    until([host, friend], lambda: bool(friend.stack.top.seat_buttons) if isinstance(friend.stack.top, JoinScene)
          else False)
    join = friend.stack.top
    assert [b.label for b in join.seat_buttons] == ["Sit at Chu", "Watch"]
    friend.draw()
    click(friend, join.seat_buttons[0].rect.center)
    until([host, friend], lambda: isinstance(friend.stack.top, GameScene))
    joined = friend.stack.top
    assert joined.match.session.seat == 1
    # the host's panel says the seat is taken (by a player who gave no name) and is drawn again
    until([host, friend], lambda: hosted.table.net_labels()[1] == "network player")
    assert hosted.frame_key() != before and joined.table.net_labels()[:2] == ["the host", "you"]

    move(host, hosted, "e10", "e7")  # the host (Qin) moves in its window
    until([host, friend], lambda: joined.game.history == ["e10e7"])
    until([host, friend], lambda: joined.match.human_to_move and not joined.view.animating)
    assert joined.table.panel_view(joined.game).sub == "your move"
    assert joined.match.play_human(Move.parse("f5f6").code) is None  # the friend (Chu) answers in theirs:
    assert joined.table.panel_view(joined.game).sub == "sending your move to the server…"  # sent, not back yet
    until([host, friend], lambda: hosted.game.history[:2] == ["e10e7", "f5f6"])
    until([host, friend], lambda: len(hosted.game.history) >= 3 and len(joined.game.history) >= 3)  # Yan's bot
    assert joined.game.history[:3] == hosted.game.history[:3]
    assert match.server.server.table.game.history[:3] == hosted.game.history[:3]
    host.draw()
    friend.draw()
    assert host.errors_total == 0 and friend.errors_total == 0
    close(friend, host)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_host_reads_the_join_code_whole_in_the_smallest_window(monkeypatch, language):
    """At 800 x 600, with a computer on several networks, the line telling friends where to join
    wraps onto the notice lines and gives the code first: it is never cut."""
    import qiguo.ui.panel as panel_module
    from qiguo.play import hosting as hosting_module
    from qiguo.play.strings import set_language
    monkeypatch.setattr(hosting_module, "addresses",
                        lambda port: [f"192.168.{n}.{100 + n}:{port}" for n in range(4)])
    host = make_app((800, 600))
    hosted = hosting(host)
    drawn: list[str] = []
    real = panel_module.render
    monkeypatch.setattr(panel_module, "render", lambda text, *a: drawn.append(text) or real(text, *a))
    set_language(language)
    try:
        host.draw()
    finally:
        close(host)
    code = hosted.match.code
    assert len(code) >= 6 and any(code in text for text in drawn)
    assert any("192.168.0.100" in text for text in drawn)


def test_names_typed_at_join_and_kept_for_hosting_are_what_the_others_see():
    host = make_app()
    host.settings.player_name = "Bo"
    hosted = hosting(host)
    port, code = hosted.match.server.address[1], hosted.match.code
    friend = make_app()
    friend.settings.player_name = ""  # another computer (both windows share one data folder here)
    join = JoinScene(friend, f"127.0.0.1:{port}", code)
    friend.stack.push(join)
    frames(friend, 1)
    key(friend, pygame.K_TAB)
    key(friend, pygame.K_TAB)  # to the name field
    friend.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text="Ann\x07")])  # a control character is dropped
    key(friend, pygame.K_RETURN)
    until([host, friend], lambda: bool(join.seat_buttons))
    click(friend, join.seat_buttons[0].rect.center)
    until([host, friend], lambda: isinstance(friend.stack.top, GameScene))
    joined = friend.stack.top
    until([host, friend], lambda: hosted.table.net_labels()[1] == "player Ann")
    assert joined.table.net_labels()[:2] == ["Bo (host)", "you"]
    assert friend.settings.player_name == "Ann"  # kept for the next game, and for hosting
    close(friend, host)


def test_a_bad_address_a_wrong_code_and_no_server_are_said():
    from qiguo.net.server import Server, ServerThread
    from qiguo.ai.seats import parse_seats
    from qiguo.net.table import Table, table_seats
    app = make_app()
    join = JoinScene(app, "not an address", "X")
    app.stack.push(join)
    frames(app, 1)
    join.join()
    assert "host:port" in join.error and join.link is None
    thread = ServerThread(Server(Table(table_seats(parse_seats("nn-----")), code="RIGHT6")))
    _, port = thread.start()
    try:
        join.fields = [f"127.0.0.1:{port}", "RIGHT", ""]  # too short to be a code: not even sent
        join.join()
        assert "6 or more" in join.error and join.link is None
        join.fields = [f"127.0.0.1:{port}", "WRONG6", ""]
        join.join()
        until([app], lambda: bool(join.error))
        assert "join code is not this game's" in join.error and not isinstance(app.stack.top, GameScene)
    finally:
        thread.stop()
    join.fields = [f"127.0.0.1:{port}", "RIGHT6", ""]  # nobody listens there now
    join.error = ""
    join.join()
    until([app], lambda: bool(join.error))
    assert "No game answers at" in join.error
    assert app.settings.last_join_address == f"127.0.0.1:{port}"  # remembered for next time


def test_continue_hosting_serves_the_kept_game_again():
    host = make_app()
    scene = hosting(host)
    code = scene.match.code
    move(host, scene, "e10", "e7")
    until([host], lambda: scene.game.history == ["e10e7"])
    host.start_title()  # the hosting window leaves: its server stops
    title = host.stack.top
    frames(host, 1)
    button = next(b for b in title.menu.buttons if b.label == "Continue hosting")
    click(host, button.rect.center)
    until([host], lambda: isinstance(host.stack.top, GameScene))
    again = host.stack.top
    assert again.match.code == code and again.game.history == ["e10e7"]
    close(host)


def test_hostile_names_from_the_network_and_the_settings_never_stop_the_window(tmp_path):
    """A NUL or a lone surrogate in a name (from the server, or in settings.json) used to make
    pygame raise while drawing, and the window went back to the title."""
    import json
    from qiguo.ui import fonts
    (tmp_path / "settings.json").write_text(json.dumps({"player_name": "Bo\u0000", "last_join_code": "AB\ud800"}))
    host = make_app()
    assert host.settings.player_name == "" and host.settings.last_join_code == ""
    scene = hosting(host)
    for _ in range(3):  # what came with the welcome taken in first
        host.step(0.05, [])
    scene.match.session.seats[1]["name"] = "a\x00b\ud800\u202e"  # what a hostile server could send
    scene.match.session.seats[1]["connected"] = True
    for _ in range(6):
        host.step(0.05, [])
        host.draw()
    assert isinstance(host.stack.top, GameScene)
    assert "ab" in " ".join(scene.table.net_labels())
    for text in ("\x00", "\ud800", "a\x00\ud800b" * 20, "\U0001F600", ""):
        fonts.render(text, 16, (0, 0, 0))
        fonts.wrap(text, 16, 50)
        fonts.fitted(text, 16, 50)
    close(host)


def test_a_stopped_host_server_is_said_and_served_again(monkeypatch):
    from qiguo.net.gate import Backoff
    from qiguo.scenes.menu import ServerStoppedScene
    monkeypatch.setattr(Backoff, "FIRST", 60.0)  # at once is told from the retry by far, however busy
    host = make_app()
    scene = hosting(host)
    move(host, scene, "e10", "e7")
    until([host], lambda: scene.game.history[:1] == ["e10e7"])
    thread = scene.match.server
    thread.loop.call_soon_threadsafe(thread.server.stop)  # as if it had died
    thread.thread.join(5)
    until([host], lambda: isinstance(host.stack.top, ServerStoppedScene))
    again = next(b for b in host.stack.top.menu.buttons if b.label == "Serve the game again")
    old_link = scene.match.link
    click(host, again.rect.center)
    assert host.stack.top is scene and scene.match.server is not thread
    until([host], lambda: scene.match.link is not old_link and scene.match.connected
          and scene.match.labels()[0]["connected"])  # at once, not after the retry
    assert scene.match.server.thread.is_alive() and scene.match.server.server.table.game.history == ["e10e7"]
    close(host)


def test_the_join_fields_edit_like_text_fields():
    app = make_app()
    join = JoinScene(app, "192.168.1.5:40123", "OLDCODE")
    app.stack.push(join)
    frames(app, 1)
    app.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text="10.0.0.2:5000")])  # the address was selected
    key(app, pygame.K_TAB)
    app.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text="NEWCODE")])  # so was the code, on Tab
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    assert join.fields[:2] == ["10.0.0.2:5000", "EWCODE"]
    app.draw()
