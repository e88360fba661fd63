"""Rough edges new players hit (issue 35), each pinned: text fields own their keys, ..."""
import pygame
import pytest

from ui_helpers import make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def typed(app, text):
    """Keys as a keyboard sends them: a key press with its character, then the text input."""
    for ch in text:
        key = pygame.key.key_code(ch) if ch.isalpha() else pygame.K_SLASH
        app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_SHIFT if ch == "?" else 0,
                                             unicode=ch),
                         pygame.event.Event(pygame.TEXTINPUT, text=ch)])


@pytest.mark.parametrize("where", ["name box", "join"])
def test_a_text_field_owns_every_key_it_can_type(where):
    app = make_app((1280, 900))
    if where == "name box":
        scene = app.scene("name_entry", "Save as", "", lambda name: None)
    else:
        scene = app.scene("join")
    app.stack.push(scene)
    muted = app.settings.muted
    typed(app, "my game?m")
    assert app.settings.muted == muted and app.toast_text == ""
    assert app.stack.top is scene  # "?" opened no help over the field
    text = scene.edit.text if where == "name box" else scene.edits[scene.field].text
    assert text.endswith("my game?m") or text == "my game?m"
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")])
    assert app.stack.top.name == "keys"  # a key that types nothing still works


def test_m_still_mutes_where_nothing_is_typed():
    app = make_app((1280, 900))
    app.stack.push(app.scene("title"))
    muted = app.settings.muted
    typed(app, "m")
    assert app.settings.muted != muted


def test_picking_up_what_cannot_move_says_why():
    from qiguo.engine import parse_point
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from qiguo.play.strings import t
    from ui_helpers import InlineWorker, click
    app = make_app((1280, 900))
    match = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    scene = app.scene("game", match)
    app.stack.push(scene)
    app.step(0.016, [])
    said = {}
    for point in ("j10", "n19", "a10", "a13"):  # Zhou, Zhao's General, Qin's boxed-in General, a Horse
        click(app, scene.view.centre(parse_point(point)))
        said[point] = app.toast_text
        app.toast_text = ""
    assert said["j10"] == t("why.zhou")
    assert said["n19"] == "That is Zhao's General: Qin moves its own pieces and the armies it inherited"
    assert said["a10"] == "Your General on a10 has no move now: every way is blocked"
    assert scene.selected == parse_point("a13") and said["a13"] == ""  # a piece that moves is picked up


def test_the_readme_counts_the_tutorials_steps():
    from pathlib import Path
    from qiguo.play.tutorial import STEPS
    words = {10: "ten", 11: "eleven", 12: "twelve"}
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert f"Learn to play ({words[len(STEPS)]} short steps" in readme


def test_the_tutorial_shows_the_prisoners_its_last_step_speaks_of(monkeypatch):
    from qiguo.scenes import tutorial as tutorial_scene
    from qiguo.play.strings import t
    app = make_app((1280, 900))
    scene = app.scene("tutorial")
    app.stack.push(scene)
    scene.go(len(tutorial_scene.STEPS) - 1)
    drawn = []
    real = tutorial_scene.render
    monkeypatch.setattr(tutorial_scene, "render", lambda text, *a: drawn.append(text) or real(text, *a))
    app.draw()
    assert any(line.startswith("Your prisoners: Han's General") for line in drawn), drawn
    assert "colour" not in t("tut.inherit.text") or "white" in t("tut.inherit.text")


def _hot_seat(seats="hhh3333"):
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from ui_helpers import InlineWorker
    return Match(parse_seats(seats), worker_factory=InlineWorker, bot_delay=0.0)


def test_hot_seat_undo_goes_back_to_the_pressing_players_own_move_and_asks_first():
    from ui_helpers import key
    app = make_app((1280, 900))
    match = _hot_seat()
    g = match.game
    match.game.play(g.legal_moves()[0])  # Qin
    match.game.play(g.legal_moves()[0])  # Chu
    assert match.presser() == 2  # Han is to move
    assert match.undo_plan(2) == (0, [])  # Han has not moved: nothing of Han's to take back
    match.game.play(g.legal_moves()[0])  # Han; now Qi, a bot, is to move: the presser is Han
    assert match.presser() == 2 and match.undo_plan(2) == (1, [])
    scene = app.scene("game", match)
    app.stack.push(scene)
    app.step(0.016, [])
    # Qin asks at its turn (after the bots): back to Qin's move, which takes Chu's and Han's too
    while match.game.turn != 0:
        match.game.play(match.game.legal_moves()[0])
    assert match.undo_plan(0) == (7, [1, 2])  # the other players in the order they moved
    import pygame
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    confirm = app.stack.top
    question = confirm.title_text()
    assert confirm.name == "confirm" and "Chu, Han" in question and "Qin's last move" in question
    assert "4 bot moves go with them" in question  # the bots' moves are said too
    assert match.game.ply == 7  # nothing taken back before the yes
    confirm.menu.buttons[1].action()
    assert match.game.ply == 0 and app.stack.top is scene
    assert app.toast_text.startswith("Back to Qin's last move: 7 moves taken back")
    from qiguo.ui.fonts import font, wrap
    for width in range(font(16).size("(Ctrl+Y to redo)")[0] + 2, 400, 9):  # "(Ctrl+Y to redo)" stays whole
        assert any("(Ctrl+Y to redo)" in line.replace("\u00a0", " ") for line in wrap(app.toast_text, 16, width))


def test_a_new_move_after_undo_drops_the_redo_list():
    match = _hot_seat("hh-----")
    match.play_human(match.game.legal_codes()[0])
    assert match.undo() and match.can_redo
    match.play_human(match.game.legal_codes()[-1])
    assert not match.can_redo and not match.redo()


def test_a_game_left_after_every_human_is_out_reaches_the_record_once():
    from qiguo.play import record
    from qiguo.play.seats import parse_seats
    seats = parse_seats("h333333")
    match = _hot_seat("h333333")
    g = match.game
    g.play(g.legal_moves()[0])
    assert not record.add(g, seats)  # Qin still plays: nothing to record
    g.resign("w")
    assert record.add(g, seats)
    entry, = record.load()
    assert entry["reason"] == record.HUMANS_OUT and entry["places"] == {"w": 7} and entry["winners"] == ""
    while g.result is None and g.ply < 40:
        g.play(g.legal_moves()[0])
        assert not record.add(g, seats) or g.result is not None  # the bots' moves are not recorded again
    assert len(record.load()) == 1
    from qiguo.engine import random_game
    random_game(g, 3)
    assert g.result is not None and record.add(g, seats)
    final, = record.load()  # the finished game took the place of the earlier entry
    assert final["reason"] == g.result.reason and final["places"] == {"w": 7}
    from qiguo.play import rating
    assert [p.place for p in rating.load()] == [7]  # rated once, when Qin resigned


def test_the_record_keeps_its_newest_games(monkeypatch):
    from qiguo.engine import random_game
    from qiguo.play import record
    from qiguo.play.seats import parse_seats
    monkeypatch.setattr(record, "KEPT", 2)
    seats = parse_seats("h111111")
    for seed in range(3):
        match = _hot_seat("h111111")
        random_game(match.game, seed)
        assert record.add(match.game, seats)
    kept = [e["game"]["moves"] for e in record.load()]
    assert len(kept) == 2 and kept[-1] == match.game.history


def test_the_standings_lead_back_to_watching_the_bots():
    import pygame
    from ui_helpers import frames, key
    app = make_app((1280, 900))
    match = _hot_seat("h111111")
    match.game.resign("w")
    app.stack.push(app.scene("result", match))
    labels = [b.label for b in app.stack.top.menu.buttons]
    assert labels[0] == "Watch the bots finish" and "Key moments" in labels
    key(app, pygame.K_ESCAPE)
    scene = app.stack.top
    assert scene.name == "game" and scene.match is match and not scene.review
    ply = match.game.ply
    frames(app, 30)
    assert match.game.ply > ply  # the bots play on


class FakeLink:
    """The window's connection, scripted: what the server "sends" is queued by the test."""

    def __init__(self):
        self.state, self.error, self.inbox, self.sent = "open", "", [], []

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def send(self, message):
        self.sent.append(message)

    def refuse(self, why):
        self.state, self.error = "closed", why

    def close(self):
        self.state = "closed"


def test_a_left_players_notice_counts_down_and_goes_when_they_return(tmp_path, monkeypatch):
    from qiguo.ai.seats import parse_seats as table_seats_of
    from qiguo.net.session import Session, Tokens
    from qiguo.net.table import Table, table_seats
    from qiguo.play.net_match import NetMatch
    from qiguo.play import table as play_table
    table = Table(table_seats(table_seats_of("nn-----")), code="SECRET")
    table.join(seat="r", name="Tester")
    session = Session()
    session.welcome(table.welcome(0) | {"seat": "w", "token": table.seats[0].token})
    link = FakeLink()
    match = NetMatch(link, session, ("127.0.0.1", 1), "SECRET", Tokens(tmp_path))
    app = make_app((1280, 900))
    scene = app.scene("game", match)
    app.stack.push(scene)
    clock = [1000.0]
    monkeypatch.setattr(play_table.time, "monotonic", lambda: clock[0])
    table.leave(1)
    link.inbox += [{"type": "seats", "seats": table.public_seats()},
                   {"type": "notice", "event": "left", "kingdom": "r", "wait": 60}]
    app.step(0.016, [])
    texts = [n.text for n in scene.table.notices]
    assert "Tester left; a bot takes over in 60 s unless they return" in texts
    clock[0] += 15.2
    assert "Tester left; a bot takes over in 45 s unless they return" in [n.text for n in scene.table.notices]
    table.join(token=table.seats[1].token, name="Tester")  # back
    link.inbox.append({"type": "seats", "seats": table.public_seats()})
    app.step(0.016, [])
    assert not any("Tester" in n.text for n in scene.table.notices)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_refused_connection_is_said_in_the_players_language_with_what_to_do(language):
    import socket
    import time
    from qiguo.play.strings import set_language, t
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now
    app = make_app((1280, 900))
    set_language(language)
    scene = app.scene("join", f"127.0.0.1:{port}", "SECRET", auto=True)
    app.stack.push(scene)
    deadline = time.monotonic() + 10
    while not scene.error and time.monotonic() < deadline:
        app.step(0.05, [])
        time.sleep(0.01)
    assert scene.error == t("join.why.unreachable", address=f"127.0.0.1:{port}")
    assert "Connect call failed" not in scene.error and "Errno" not in scene.error


@pytest.mark.parametrize("words, key", [("wrong join code", "join.why.code"),
                                        ("too many wrong join codes from your address: try again in 540 s",
                                         "join.why.locked"),
                                        ("r is taken (its player rejoins with their token)", "join.why.taken"),
                                        ("a name needs at least one visible letter", "join.why.name")])
def test_the_servers_refusals_become_the_players_words(words, key):
    from qiguo.play.net_words import join_problem
    from qiguo.play.strings import t
    said = join_problem("refused", words, "h:1")
    assert said == t(key, address="h:1", wait="540") and words not in said


def test_an_alliance_game_is_followed_per_player(monkeypatch):
    """Three players: Qin with Wei and Zhao, Chu with Han, Qi with Yan (bots). The panel's rows
    keep one size; Load counts players; a loss of Han is told at Chu's (the same player's) turn."""
    from qiguo.engine import Game
    from qiguo.play import notices, saves
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from qiguo.ui import panel as panel_module
    from ui_helpers import InlineWorker
    blocs = ["wgp", "ro", "bk"]
    assert saves.auto_name("hhhh3hh".replace("3", "h"), 0, blocs).endswith("3 humans, 0 bots (-)")
    assert saves.auto_name("hhh3hh3", 0, blocs).endswith("2 humans, 1 bot (normal)")
    app = make_app((1280, 900))
    match = Match(parse_seats("hhh3hh3"), blocs=blocs, worker_factory=InlineWorker)
    app.stack.push(app.scene("game", match))
    sizes = {}
    real = panel_module.render
    monkeypatch.setattr(panel_module, "render",
                        lambda text, size, *a: sizes.setdefault(text, size) and real(text, size, *a) or real(text, size, *a))
    app.draw()
    rows = [size for text, size in sizes.items() if " · " in text and text.split(" · ")[0] in
            ("Qin", "Chu", "Han", "Qi", "Wei", "Zhao", "Yan")]
    assert len(rows) in (0, 7) and len(set(rows)) <= 1, sizes  # every row alike: players beside or below
    # Han (Chu's ally) loses a piece; at Chu's next turn, Chu's player is told
    from qiguo.engine import qfen_of
    g = Game.from_qfen(qfen_of({"a19": "wG", "c4": "wD", "c5": "oW", "c10": "rG", "s19": "oG", "s1": "bG",
                                "a1": "gG", "j1": "pG", "j19": "kG"}), blocs=blocs)
    g.play("c4c5")  # Qin's Deputy takes Han's Sword
    seats = parse_seats("3hh3333")
    told = notices.since(g, seats, 1)  # Chu's view
    assert any(n.kind == "lost" and n.kingdom in (1, 2) for n in told), [n.text for n in told]


class Recording(pygame.Surface):
    """A surface that remembers where each picture was put."""

    def __init__(self, size):
        super().__init__(size)
        self.puts = []

    def blit(self, source, dest, *args, **kwargs):
        self.puts.append((source, dest))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_the_colour_blind_mark_keeps_clear_of_the_header_and_row_texts(size, monkeypatch):
    from qiguo.engine import Game
    from qiguo.play.seats import parse_seats
    from qiguo.ui import panel as panel_module
    make_app(size)
    drawn = []
    real = panel_module.Panel._kingdom_disc

    def disc(self, surface, k, centre, r, alive, aid):
        right = real(self, surface, k, centre, r, alive, aid)
        drawn.append((centre[1] - r, centre[1] + r, right))
        return right
    monkeypatch.setattr(panel_module.Panel, "_kingdom_disc", disc)
    texts = {}
    real_render = panel_module.render
    monkeypatch.setattr(panel_module, "render", lambda text, *a: texts.setdefault(id(img := real_render(text, *a)),
                                                                                    text) and img)
    g = Game.new()
    view = panel_module.View(g, parse_seats("h333333"), None, 0, "Qin to move", "your move", True, 0, aid=True)
    surface = Recording(size)
    panel = panel_module.Panel()
    panel.rect = pygame.Rect(size[0] - 360, 0, 360, size[1])
    panel.draw(surface, view, [], 0)
    for top, bottom, right in drawn:  # each disc: no text starting beside it may begin left of its mark
        for source, dest in surface.puts:
            x, y = dest if isinstance(dest, tuple) else dest.topleft
            if texts.get(id(source)) in ("Qin to move",) or str(texts.get(id(source), "")).startswith("Qin · "):
                if top <= y + source.get_height() // 2 <= bottom and x < right + 40:
                    assert x >= right, (texts[id(source)], x, right)


@pytest.mark.parametrize("preset, says", [("standard", "Nothing differs from the Standard rules."),
                                          ("chinese", "bringing down 2 kingdoms wins"),
                                          ("sima-guang", "a kingdom falls at 11 lost pieces (Standard: 10)")])
def test_the_rules_screen_says_what_a_preset_changes(preset, says):
    from qiguo.engine import Rules
    from qiguo.play.strings import rules_text
    victory = rules_text(Rules.make(preset))[3][1]
    assert any(says in line for line in victory), victory
    for other in ("standard", "chinese", "sima-guang"):  # and every other preset's differences, whatever is chosen
        assert any(says in line for line in rules_text(Rules.make(other))[3][1]), other


def test_under_weighted_rules_the_panel_shows_what_counts_toward_the_limit():
    from qiguo.engine import Game, qfen_of
    from qiguo.ui.panel import loss_text
    g = Game.from_qfen(qfen_of({"a19": "wG", "c4": "wD", "c5": "rH", "c10": "rG"}), "sima-guang")
    g.play("c4c5")  # a Horse weighs 2 under Sima Guang's rules
    assert loss_text(g, 1) == "2/11"
    plain = Game.from_qfen(qfen_of({"a19": "wG", "c4": "wD", "c5": "rH", "c10": "rG"}))
    plain.play("c4c5")
    assert loss_text(plain, 1) == "1"


def _finished_with_falls():
    """A finished seven-human game with kingdoms out along the way (seeded)."""
    from qiguo.engine import random_game
    match = _hot_seat("hhhhhhh")
    random_game(match.game, 11)
    g = match.game
    assert g.result is not None and g.fallen.count(None) < 6
    return match


def test_review_shows_the_notices_of_the_position_on_show():
    import pygame
    from ui_helpers import key
    match = _finished_with_falls()
    g = match.game
    app = make_app((1280, 900))
    scene = app.scene("game", match, review=True)
    app.stack.push(scene)
    app.step(0.016, [])
    key(app, pygame.K_HOME)
    assert scene.view_ply == 0 and scene.table.notices == []  # nothing has happened at the start
    last_fall = max(f.ply for f in g.fallen if f is not None)
    scene.show_ply(last_fall - 1)  # just before the last kingdom fell
    app.step(0.016, [])
    fallen_then = {k for k in range(7) if g.fallen[k] is not None and g.fallen[k].ply < last_fall}
    for n in scene.table.notices:
        if n.kind == "fell":
            assert n.kingdom in fallen_then, (n.text, last_fall)


def test_after_the_last_human_resigns_the_trail_is_the_last_round():
    match = _hot_seat("h333333")
    g = match.game
    for _ in range(30):
        g.play(g.legal_moves()[0])
    app = make_app((1280, 900))
    scene = app.scene("game", match)
    app.stack.push(scene)
    scene.resign(0)
    for _ in range(10):  # more than a round of the bots
        g.play(g.legal_moves()[0])
    app.step(0.016, [])
    assert len(scene.table.trail()) <= 7
    assert not any(n.kingdom == 0 for n in scene.table.notices)  # Qin's fall was news a round ago


def test_no_viewer_once_every_human_is_out():
    from qiguo.play import notices
    match = _hot_seat("h333333")
    assert notices.viewer(match.game, match.seats) == 0
    match.game.resign("w")
    assert notices.viewer(match.game, match.seats) is None


def test_a_window_below_the_minimum_shows_the_whole_picture_scaled_and_clicks_land():
    from ui_helpers import click
    app = make_app((800, 600))
    app.start_title()
    app.step(0.016, [])
    pygame.display.set_mode((300, 200), pygame.RESIZABLE)
    app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200)])
    assert app.screen.get_size() == (800, 600) and app.window.get_size() == (300, 200)
    title = app.stack.top
    button = next(b for b in title.menu.buttons if b.label == "Rules")
    scale = min(300 / 800, 200 / 600)
    x = (300 - 800 * scale) / 2 + button.rect.centerx * scale
    y = (200 - 600 * scale) / 2 + button.rect.centery * scale
    click(app, (x, y))
    assert app.stack.top.name == "rules"
    assert app.window.get_at((150, 100)) != (0, 0, 0, 255)  # the picture is shown
    pygame.display.set_mode((1280, 900), pygame.RESIZABLE)
    app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 900), w=1280, h=900)])
    assert app.screen is app.window


def test_each_setting_says_what_it_does_and_shows_its_choices():
    from qiguo.play.strings import t
    from ui_helpers import key
    app = make_app((800, 600))
    scene = app.scene("settings")
    app.stack.push(scene)
    for i, (name, values, _) in enumerate(scene.rows):
        said = scene.explanation(i)
        assert said.startswith(t(f"settings.help.{name}")), name
        if values:
            assert said.count("[") == 1 and all(part.strip() for part in said.split("\n")[1].split("·")), said
    assert "[0.5 s]" in scene.explanation(0)  # the bot pause in use is marked among its choices
    key(app, pygame.K_DOWN)
    assert scene.explained() == 1


def test_a_message_waits_under_the_keys_and_legend_screens():
    from ui_helpers import frames
    app = make_app((800, 600))
    match = _hot_seat("h333333")
    game = app.scene("game", match)
    app.stack.push(game)
    app.step(0.016, [])
    import time
    app.toast("Hint: Horse b8–e4 — saves your Sword", 0.2)
    for name in ("keys", "legend"):
        app.stack.push(app.scene(name) if name == "keys" else app.scene(name, game))
        drawn = []
        real = app.draw_toast
        app.draw_toast = lambda surface: drawn.append(1) or real(surface)
        for _ in range(10):  # longer under the overlay than the message lasts
            app.step(0.05, [])
            time.sleep(0.03)
        app.draw()
        assert drawn == [] and app.toast_text  # not drawn over it, and still to come
        app.stack.pop()
        del app.draw_toast
    app.draw()
    assert time.monotonic() < app.toast_until  # shown once the overlay closed


def test_no_tooltip_over_the_piece_picked_up_or_its_destinations():
    from qiguo.play.cursor import explains
    assert not explains(5, 5, {6, 7}) and not explains(6, 5, {6, 7}) and explains(8, 5, {6, 7})
    assert explains(5, None, ())
    from qiguo.engine import parse_point
    from ui_helpers import click, frames
    app = make_app((1280, 900))
    scene = app.scene("tutorial", 1)
    app.stack.push(scene)
    app.step(0.016, [])
    envoy = next(sq for sq in scene.game.pieces[0] if scene.game.piece_at(sq).is_envoy)
    click(app, scene.view.centre(envoy))
    assert scene.selected == envoy and scene.targets
    target = next(iter(scene.targets))
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in scene.view.centre(target)),
                                        rel=(1, 1), buttons=(0, 0, 0))])
    frames(app, 30)
    assert scene.tooltip_point() is None  # the dot under the pointer stays in view


LONGEST_NAME = "Maximilian Alexander von Hohenzollern-Si"  # 40 letters, the most a name may have


@pytest.mark.parametrize("language", ["en", "zh", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_the_panel_says_long_real_texts_whole(size, language, monkeypatch):
    """The risk warning in the header, and network rows with the longest name, away: never cut
    short, and the rows keep the size of the others."""
    from qiguo.engine import Game
    from qiguo.play.seats import parse_seats
    from qiguo.play.strings import set_language, t
    from qiguo.ui import fonts, panel as panel_module
    assert len(LONGEST_NAME) == 40
    make_app(size)
    set_language(language)
    monkeypatch.setattr(fonts, "cuts", {})
    sizes = {}
    real = panel_module.render
    monkeypatch.setattr(panel_module, "render", lambda text, s, *a: sizes.setdefault(text, s) and real(text, s, *a)
                        or real(text, s, *a))
    labels = [t("game.player.you"), t("net.waiting"), t("net.player", name=LONGEST_NAME) + " · " + t("net.away"),
              t("net.player", name="Bo"), t("game.player.bot", level=t("level.normal")),
              t("net.host", name=LONGEST_NAME), t("net.waiting")]
    view = panel_module.View(Game.new(), parse_seats("h333333"), None, 0, t("game.turn", name=t("kingdom.w")),
                             t("game.peril"), True, 0, labels=labels)
    panel = panel_module.Panel()
    panel.rect = pygame.Rect(size[0] - (360 if size[0] < 1000 else 440), 0, 360 if size[0] < 1000 else 440,
                             size[1])
    panel.draw(pygame.Surface(size), view, [], 0)
    cut = {shown: whole for shown, whole in fonts.cuts.items() if LONGEST_NAME not in whole}
    assert cut == {}, cut  # the header's warning and the seat labels are whole
    names = [s for text, s in sizes.items()
             if " · " in text and text.split(" · ")[0] in [t(f"kingdom.{k}") for k in "wrobgpk"]]
    assert len(names) in (0, 7) and len(set(names)) <= 1, sizes  # every row alike


@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_the_hint_message_leaves_the_move_list_in_view(size):
    app = make_app(size)
    match = _hot_seat("hhhhhhh")
    for _ in range(20):
        match.game.play(match.game.legal_moves()[0])
    scene = app.scene("game", match)
    app.stack.push(scene)
    app.toast("Hint: Horse b8–e4 — saves your Sword from Chu's Crossbow; your Horse on e4 can still be taken", 8.0)
    app.draw()
    box_h = app.toast_height(scene.panel.rect.width - 2 * max(6, scene.panel.rect.width // 40))
    box, _ = app.toast_box(size)
    assert box_h and scene.panel.message_rect.height >= box_h - 4  # the message has its room...
    assert not box.colliderect(scene.panel.list_rect)  # ...above the move list, not over it
    assert scene.panel.list_hits  # and the list still shows moves
    app.toast_text = ""
    app.draw()
    assert scene.panel.message_rect.height == 0  # no message: the list takes the room back


def _axis(kind, size=20):
    """The long axis of a pictogram's silhouette at piece size, in degrees (0: level, 90:
    upright), and how elongated it is."""
    import math
    from qiguo.ui import piece_art
    im = piece_art.icon(kind, (0, 0, 0), size)
    pts = [(x, -y) for y in range(size) for x in range(size) if im.get_at((x, y)).a > 100]
    n = len(pts)
    mx, my = sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n
    sxx = sum((p[0] - mx) ** 2 for p in pts) / n
    syy = sum((p[1] - my) ** 2 for p in pts) / n
    sxy = sum((p[0] - mx) * (p[1] - my) for p in pts) / n
    half = math.sqrt(max(0.0, (sxx - syy) ** 2 / 4 + sxy ** 2))
    return math.degrees(0.5 * math.atan2(2 * sxy, sxx - syy)) % 180, math.sqrt(((sxx + syy) / 2 + half) /
                                                                               max((sxx + syy) / 2 - half, 1e-6))


def test_the_look_alike_kinds_have_silhouettes_of_their_own():
    """At the smallest piece size (about 20 px, 800x600) the Sword stands upright while the
    Crossbow lies diagonal, and the Bow is an upright bow beside its arrow: their long axes are
    far apart (the slanted broadsword and the bowman read like the Crossbow)."""
    from qiguo.engine import BOW, CROSSBOW, SWORD
    make_app((800, 600))
    sword, crossbow, bow = _axis(SWORD), _axis(CROSSBOW), _axis(BOW)
    assert abs(sword[0] - 90) < 10 and sword[1] > 2
    assert abs(sword[0] - crossbow[0]) >= 30 and abs(bow[0] - crossbow[0]) >= 30, (sword, bow, crossbow)


def test_a_first_game_says_once_why_pieces_are_in_danger_before_the_first_move():
    from qiguo.play.settings import Settings
    from qiguo.play.strings import t
    app = make_app((1280, 900), first_game=True)
    match = _hot_seat("h333333")
    scene = app.scene("game", match)
    app.stack.push(scene)
    app.step(0.016, [])
    assert scene.table.danger() and app.toast_text == t("game.danger_explained")  # marks before any move, explained
    assert Settings.load()[0].danger_explained  # and kept: said once
    app.toast_text = ""
    again = make_app((1280, 900), first_game=True)
    again.settings.danger_explained = Settings.load()[0].danger_explained
    scene = again.scene("game", _hot_seat("h333333"))
    again.stack.push(scene)
    again.step(0.016, [])
    assert again.toast_text != t("game.danger_explained")


@pytest.mark.parametrize("preset, third", [("standard", "1/2"), ("chinese", "1/2"), ("sima-guang", "1/2")])
def test_the_panel_shows_each_kingdoms_way_to_hegemony(preset, third):
    """Under the rules in play: prisoner points of those that win, and Generals held (or, under
    the Chinese text, kingdoms brought down) of those that win."""
    from qiguo.engine import Game, qfen_of
    from qiguo.ui.panel import prisoners_text, toward_text
    g = Game.from_qfen(qfen_of({"a19": "wG", "c4": "wD", "c10": "rG", "s17": "kG", "s3": "bG"}, prisoners="w=oG"),
                       preset, kingdoms="wrobk")
    assert toward_text(g, 0) == third and toward_text(g, 1) == "0/2"
    assert prisoners_text(g, 0) == f"{g.score[0]}/30"


def test_the_window_title_is_in_the_players_language(tmp_path):
    import json
    from qiguo.play.strings import set_language
    (tmp_path / "settings.json").write_text(json.dumps({"language": "ja"}))
    make_app((800, 600))
    assert pygame.display.get_caption()[0].startswith("Qiguo — 七国象棋")


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "ja", "zh"])
def test_the_first_games_long_message_stays_inside_the_window(size, language):
    """The first game's explanation of the danger marks, the longest message a game shows, is
    seven or eight lines in the panel's width: it once ran past the window's bottom edge at
    1024x768 (its box under the edge, its last line cut)."""
    from qiguo.play.strings import set_language, t
    app = make_app(size, first_game=True)
    set_language(language)
    scene = app.scene("game", _hot_seat("h333333"))
    app.stack.push(scene)
    app.step(0.016, [])
    assert app.toast_text == t("game.danger_explained") != "game.danger_explained"
    app.draw()
    box, lines = app.toast_box(size)
    assert pygame.Rect((0, 0), size).contains(box), (box, size)
    assert box.bottom <= scene.panel.footer.top  # nor over the keys' line
    assert sum(line.get_height() for line in lines) + 12 <= box.height  # every line inside its box


@pytest.mark.parametrize("language", ["en", "ja", "zh", "zh_TW"])
def test_the_key_guide_under_the_panel_is_shown_whole_in_every_language(language):
    """At 800x600 the Japanese key guide was too wide for the panel even at the smallest type,
    and was left out: a newcomer saw no word of the keys. It goes on two lines instead."""
    from qiguo.play.strings import set_language, t
    app = make_app((800, 600))
    set_language(language)
    scene = app.scene("game", _hot_seat("h333333"))
    app.stack.push(scene)
    app.draw()
    panel = scene.panel
    assert " · ".join(panel.footer_lines) == t("game.hint")  # whole, broken only between keys
    assert panel.footer.bottom <= 600 and panel.list_rect.bottom <= panel.footer.top


@pytest.mark.parametrize("language", ["en", "ja", "zh"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_the_standings_columns_stand_well_apart(language, size, monkeypatch, tmp_path):
    """In the standings, each cell ends well before the next column's text begins (seen at
    800×600 in Japanese: a bot's name 8 px from its prisoners' count, read as one)."""
    from layout_probe import RecordingSurface
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from qiguo.play.strings import kingdom_name, set_language
    from qiguo.scenes.result import ResultScene
    from qiguo.ui import fonts
    from ui_helpers import InlineWorker, frames
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(fonts, "probe", {})
    app = make_app(size)
    app.settings.language = language
    set_language(language)
    match = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    app.stack.push(ResultScene(app, match))
    frames(app, 1)
    surface = RecordingSurface(size)
    app.stack.top.draw(surface)
    rows: dict[int, list[pygame.Rect]] = {}
    for text, _, rect, _ in surface.texts:
        rows.setdefault(rect.centery, []).append(rect)
    names = {kingdom_name(k) for k in range(7)}
    named = {rect.centery for text, _, rect, _ in surface.texts if text in names}  # the table's rows
    table = [sorted(rows[y], key=lambda r: r.x) for y in named]
    assert len(table) == 7
    gaps = [b.left - a.right for cells in table for a, b in zip(cells, cells[1:])]
    assert min(gaps) >= 14, f"cells {min(gaps)} px apart"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 768)])
def test_buttons_side_by_side_show_their_labels_at_one_size(language, size, monkeypatch):
    """Seen at 1024x768: under the standings of a knocked-out player, "Watch the bots finish"
    stood in small type beside four large labels. A row of buttons shares one size, and the row
    gives each button the width its label needs, so here all stand at half the buttons' height."""
    from layout_probe import RecordingSurface
    from qiguo.play.strings import set_language
    from qiguo.ui import fonts
    from ui_helpers import frames
    monkeypatch.setattr(fonts, "probe", {})
    app = make_app(size)
    set_language(language)
    match = _hot_seat("h111111")
    match.game.resign("w")
    app.stack.push(app.scene("result", match))
    frames(app, 1)
    surface = RecordingSurface(size)
    app.stack.top.draw(surface)
    labels = {b.label for b in app.stack.top.menu.buttons}
    sizes = {text: s for text, s, _, _ in surface.texts if text in labels}
    height = app.stack.top.menu.buttons[0].rect.height
    assert len(sizes) == len(labels) == 5 and set(sizes.values()) == {height // 2}, sizes
