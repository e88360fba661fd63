"""Following a game of seven (issue 10): the trail, flying captures, notices, alliances, the
numbers of the position on show, move numbering, hints in words, the turn banner."""
import pygame
import pytest

from positions import qfen
from qiguo.ui import panel as panel_module, theme
from qiguo.engine import Move, parse_point, point_name
from qiguo.scenes.play import GameScene
from qiguo.scenes.setup import SetupScene
from qiguo.play import movelist, trail
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.strings import kingdom_name
from ui_helpers import InlineWorker, click, frames, key, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def start(app, seats="h222222", qfen_text=None, think=0, blocs=None):
    m = Match(parse_seats(seats), blocs=blocs, qfen=qfen_text, bot_delay=0,
              worker_factory=lambda: InlineWorker(think=think))
    scene = GameScene(app, m)
    app.stack.push(scene)
    frames(app, 1)
    return scene


def human_move(app, scene, a, b):
    while scene.view.animating:
        frames(app, 1)
    click(app, scene.view.centre(parse_point(a)))
    click(app, scene.view.centre(parse_point(b)))


def until_human(app, scene, limit=400):
    for _ in range(limit):
        if (scene.match.human_to_move or scene.game.result is not None) and not scene.view.animating:
            return
        frames(app, 1, 0.1)
    raise AssertionError("the bots did not hand the move back")


def test_the_trail_holds_exactly_the_moves_since_the_humans_last():
    app = make_app()
    scene = start(app)
    human_move(app, scene, "e10", "e7")
    until_human(app, scene)
    app.draw()
    steps = scene.table.trail()
    g = scene.game
    assert [s.ply for s in steps] == list(range(2, g.ply + 1)) and len(steps) == 6
    assert [str(s.move) for s in steps] == g.history[1:]
    assert [s.kingdom for s in steps] == g.movers[1:]
    human_move(app, scene, "e7", "e6")
    assert scene.table.trail() == []  # the human has moved: nothing new to show yet
    until_human(app, scene)
    assert [str(s.move) for s in scene.table.trail()] == scene.game.history[8:]
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undo: the trail is read again from the game
    assert [str(s.move) for s in scene.table.trail()] == scene.game.history[1:]


def test_a_game_of_bots_shows_the_last_round():
    app = make_app()
    scene = start(app, seats="2222222")
    for _ in range(200):
        frames(app, 1, 0.1)
        if scene.game.ply >= 10:
            break
    steps = trail.since_last_human(scene.game, scene.match.seats)
    assert [str(s.move) for s in steps] == scene.game.history[-7:]


def test_a_bots_capture_is_marked_in_the_trail():
    app = make_app()
    text = qfen({"a1": "wG", "a2": "wW", "b1": "wW", "b2": "wS", "c4": "wD", "s19": "rG", "c14": "rD", "m17": "kG"})
    scene = start(app, seats="h2----2", qfen_text=text)
    human_move(app, scene, "c4", "c9")  # within reach of Chu's Deputy, which takes it
    until_human(app, scene)
    steps = scene.table.trail()
    assert steps[0].kingdom == 1 and steps[0].captured is not None and steps[0].captured.token == "wD"


def test_a_capture_flies_to_the_captors_prisoner_count():
    app = make_app()
    text = qfen({"a19": "wG", "c4": "wD", "c10": "rS", "a1": "rG", "s19": "kG"})
    scene = start(app, seats="hh----h", qfen_text=text)
    app.draw()
    human_move(app, scene, "c4", "c10")
    assert len(scene.view.flights) == 1 and scene.view.fades == []
    flight = scene.view.flights[0]
    assert flight.piece.token == "rS" and flight.end == scene.panel.prisoner_cells[0]
    frames(app, 20)
    assert not scene.view.animating
    steps = scene.table.trail()  # Chu's view now (hot-seat): from Chu's own last move, so Qin's capture shows
    assert [str(s.move) for s in steps] == ["c4c10"] and scene.game.prisoners[0] == [flight.piece]


def test_notices_for_a_lost_piece_a_general_in_danger_and_a_fallen_kingdom(monkeypatch):
    app = make_app()
    played = []
    monkeypatch.setattr(app, "play_sound", lambda name: played.append(name))
    # Qin (human) moves its Deputy off the file: Chu's Deputy then takes Qin's Sabre and attacks the general
    text = qfen({"a10": "wG", "a13": "wS", "a5": "wD", "a19": "rD", "s1": "rG", "m19": "kG", "m18": "kS"})
    scene = start(app, seats="h2----2", qfen_text=text)
    monkeypatch.setattr(scene.match, "update", lambda: None)  # we play the bots' moves by hand here
    human_move(app, scene, "a5", "b5")
    bot = scene.match._play(Move.parse("a19a13").code, None)
    scene.perform(scene.table.after(bot))
    kinds = [n.kind for n in scene.table.notices]
    assert kinds == ["lost", "threat"] and "alert" in played
    assert "Sabre" in scene.table.notices[0].text and "a13" in scene.table.notices[0].text
    assert "general (a10)" in scene.table.notices[1].text
    app.draw()
    assert scene.table.panel_view(scene.game).notices == scene.table.notices


@pytest.mark.parametrize("lost, brink", [(7, "2 more"), (8, "One more"), (6, None)])
def test_a_human_kingdom_near_its_attrition_limit_is_told_how_close(monkeypatch, lost, brink):
    app = make_app()
    # Qin (human) has lost `lost` pieces to Yan; Chu's Deputy takes Qin's Sabre on a13
    prisoners = "k=" + ("wH" * 4 + "wW" * 4)[:2 * lost]
    text = qfen({"a10": "wG", "a13": "wS", "a5": "wD", "a19": "rD", "s1": "rG", "m19": "kG"}, prisoners=prisoners)
    scene = start(app, seats="h2----2", qfen_text=text)
    monkeypatch.setattr(scene.match, "update", lambda: None)
    human_move(app, scene, "a5", "b5")
    scene.perform(scene.table.after(scene.match._play(Move.parse("a19a13").code, None)))
    texts = [n.text for n in scene.table.notices if n.kind == "lost"]
    assert "Sabre" in texts[0]
    if brink:
        assert len(texts) == 2 and brink in texts[1] and "Qin" in texts[1] and "10" in texts[1]
    else:
        assert len(texts) == 1
    drawn = []  # the panel's losses column turns to the warning colour as well
    real = panel_module.render
    monkeypatch.setattr(panel_module, "render", lambda text, size, colour: drawn.append((text, colour)) or real(text, size, colour))
    app.draw()
    assert ((str(lost + 1), theme.WARN) in drawn) == bool(brink)


def test_a_fallen_kingdom_is_announced():
    app = make_app()
    text = qfen({"a19": "wG", "c4": "wD", "c10": "rG", "s18": "kG"})
    scene = start(app, seats="h2----2", qfen_text=text)
    human_move(app, scene, "c4", "c10")
    kinds = [n.kind for n in scene.table.notices]  # Qin holds a General, but nothing can take Yan's: no alarm
    assert kinds == ["fell"] and "Chu is out" in scene.table.notices[0].text


def test_the_panel_follows_the_position_on_show_and_counts_every_loss():
    app = make_app()
    text = qfen({"a19": "wG", "c4": "wD", "c10": "rG", "e5": "rS", "s19": "kG"})
    scene = start(app, seats="hh----h", qfen_text=text)
    human_move(app, scene, "c4", "c10")  # Qin takes Chu's general
    g = scene.game
    from qiguo.ui.panel import lost_pieces
    assert lost_pieces(g, 1) == 1 and g.losses[1] == 0  # the engine's attrition count leaves generals out
    key(app, pygame.K_PAGEUP)
    view = scene.table.panel_view(scene.table.past)
    assert view.game.ply == 0 and lost_pieces(view.game, 1) == 0 and view.game.alive[1]
    assert view.head == "Position after move 0 of 1"


def test_one_numbering_in_the_move_list_the_banner_and_the_export():
    app = make_app()
    scene = start(app, seats="hhhhhhh")
    human_move(app, scene, "e10", "e7")
    human_move(app, scene, "f5", "f6")
    lines = movelist.lines(scene.match)
    assert [line.text.split(".")[0] for line in lines] == ["1", "2"]
    key(app, pygame.K_PAGEUP)
    assert "after move 1 of 2" in scene.table.panel_view(scene.table.past).head
    assert "\n1. Qin Envoy e10–e7\n2. Chu Envoy f5–f6\n" in movelist.export_text(scene.match)


def test_the_hint_is_said_in_words_and_the_asking_notice_goes():
    app = make_app()
    scene = start(app, seats="h2-----", think=2)
    key(app, pygame.K_h)
    assert "Asking" in app.toast_text
    frames(app, 5)
    hint = Move(scene.match.hint)
    words = app.toast_text
    assert words.startswith("Hint: ") and f"{hint}"[:2] in words and "Asking" not in words
    from qiguo.ai.coach import explain
    from qiguo.play.strings import move_words, reason_words
    assert words == "Hint: " + move_words(scene.game, hint) + " — " + reason_words(explain(scene.game, hint))
    human_move(app, scene, point_name(hint.from_sq), point_name(hint.to_sq))  # the hint's words go with their position
    assert scene.game.history[-1] == str(hint) and (app.toast_text != words or app.toast_until == 0.0)


def test_the_asking_notice_goes_when_the_question_is_dropped():
    app = make_app()
    scene = start(app, seats="h2-----", think=50)
    key(app, pygame.K_h)
    human_move(app, scene, "e10", "e7")  # moving meanwhile drops the question
    frames(app, 1)
    assert "Asking" not in app.toast_text or not app.toast_text or app.toast_until < 0.1


def test_the_banner_says_thinking_for_the_whole_bot_turn():
    app = make_app()
    scene = start(app, seats="h2-----", think=3)
    scene.match.bot_delay = 0.3
    human_move(app, scene, "e10", "e7")
    subs = []
    for _ in range(40):
        frames(app, 1, 0.02)
        if scene.match.human_to_move:
            break
        subs.append(scene.table.panel_view(scene.game).sub)
    assert len(subs) > 5 and set(subs) == {"thinking…"}


def test_alliances_are_shown_in_the_panel_and_seats_follow_the_bloc_leader():
    app = make_app()
    scene = start(app, seats="h222h22", blocs=["wg"])
    app.draw()
    view = scene.table.panel_view(scene.game)
    from qiguo.ui.panel import _blocs
    assert _blocs(view.game) == {0: [4], 4: [0]}
    app.stack.pop()
    setup = SetupScene(app)
    app.stack.push(setup)
    while setup.players != 6:
        setup.cycle_players()
    lead, partner = 0, setup.partners["qin"]
    assert setup.seats[partner] == setup.seats[lead]
    assert setup.seat_buttons[partner].label.startswith("with Qin: ")
    before = setup.seats[lead]
    frames(app, 1)
    click(app, setup.seat_buttons[partner].rect.center)  # clicking the ally changes the bloc's player
    assert setup.seats[lead] != before and setup.seats[partner] == setup.seats[lead]


def test_notices_stay_until_the_players_next_move(monkeypatch):
    app = make_app()
    text = qfen({"a19": "wG", "c4": "wD", "c10": "rG", "s1": "kG", "s2": "kS"})
    scene = start(app, seats="h2----h", qfen_text=text)  # Qin and Yan both played here
    human_move(app, scene, "c4", "c10")
    assert [n.kind for n in scene.table.notices] == ["fell"]
    import time as clock
    later = clock.monotonic() + 60
    monkeypatch.setattr("qiguo.play.table.time.monotonic", lambda: later)
    frames(app, 30)
    assert [n.kind for n in scene.table.notices] == ["fell"]  # a minute later, still there
    human_move(app, scene, "s2", "r3")  # the next move made at this computer clears them
    assert scene.table.notices == []


def point_of(sq):
    from qiguo.engine import point_name
    return point_name(sq)


KNOCKOUT = qfen({"a1": "wG", "m2": "wW", "s19": "rG", "a10": "rD", "q2": "oG", "q5": "oW"}, "w")
"""Chu's Deputy takes Qin's General as soon as Qin has moved; Han and Chu play on."""


def test_the_last_human_knocked_out_is_told_how_and_chooses_what_next():
    from qiguo.scenes.menu import KnockedOutScene
    app = make_app()
    scene = start(app, seats="h22----", qfen_text=KNOCKOUT)
    human_move(app, scene, "m2", "m3")
    for _ in range(40):
        frames(app, 1)
        if isinstance(app.stack.top, KnockedOutScene):
            break
    out = app.stack.top
    assert isinstance(out, KnockedOutScene) and not scene.game.alive[0] and scene.game.result is None
    assert out.title_text() == "Qin is out: general taken by Chu; army inherited by Chu. The bots play on."
    assert [b.label for b in out.menu.buttons] == ["Watch the bots finish", "Finish now", "See the standings now",
                                                   "Play again with the same seats", "Quit to title"]
    frames(app, 1)
    click(app, out.menu.buttons[3].rect.center)  # play again: the same seats, from the start
    again = app.stack.top
    assert isinstance(again, GameScene) and again.game.ply == 0 and again.match.seats[:3] == ["human", "easy", "easy"]


def test_in_hot_seat_a_fallen_human_is_told_and_the_game_goes_on():
    from qiguo.scenes.menu import KnockedOutScene
    app = make_app()
    scene = start(app, seats="hh2----", qfen_text=KNOCKOUT.replace("rD", "oD").replace("a10", "a10"))
    human_move(app, scene, "m2", "m3")
    human_move(app, scene, "s19", "s18")
    for _ in range(40):
        frames(app, 1)
        if not scene.game.alive[0]:
            break
    frames(app, 2)
    assert not scene.game.alive[0] and scene.game.result is None
    assert not isinstance(app.stack.top, KnockedOutScene)
    assert "Qin is out" in app.toast_text and "The game goes on" in app.toast_text
    assert scene.match.human_to_move and scene.game.mover == "r"  # Chu, a human, plays on


def drawn_with(app, scene, monkeypatch):
    """The keyword arguments of the board's last drawing."""
    seen = {}
    real = scene.view.draw
    monkeypatch.setattr(scene.view, "draw", lambda *a, **kw: seen.update(kw) or real(*a, **kw))
    app.draw()
    return seen


def test_danger_marks_and_destination_risks_are_drawn_at_the_humans_turn(monkeypatch):
    from qiguo.ai.coach import dangers, destinations
    app = make_app()
    scene = start(app, seats="h222222")
    g = scene.game
    drawn = drawn_with(app, scene, monkeypatch)
    assert drawn["danger"] == {d.point for d in dangers(g, 0)} and len(drawn["danger"]) == 4  # a8, b8, a12, b12
    click(app, scene.view.centre(parse_point("b8")))
    drawn = drawn_with(app, scene, monkeypatch)
    assert drawn["risks"] == destinations(g, parse_point("b8")) and drawn["risks"][parse_point("e4")].exposed
    x, y = scene.view.centre(parse_point("e4"))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(1, 1), buttons=(0, 0, 0))])
    assert scene.panel_view().sub == "Your piece could be taken there"  # said while choosing
    app.settings.show_danger = False
    drawn = drawn_with(app, scene, monkeypatch)
    assert drawn["danger"] == set() and drawn["risks"] == {}
    app.settings.show_danger = True
    app.settings.show_legal = False
    drawn = drawn_with(app, scene, monkeypatch)
    assert drawn["targets"] == {} and drawn["risks"] == {}  # no dots at all


def test_the_general_warning_is_shown_while_choosing(monkeypatch):
    app = make_app()
    scene = start(app, seats="h22----", qfen_text=qfen({"a1": "wG", "e6": "wD", "i9": "rB", "i19": "rG",
                                                        "s18": "oG"}, "w"))
    click(app, scene.view.centre(parse_point("e6")))
    x, y = scene.view.centre(parse_point("e7"))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(1, 1), buttons=(0, 0, 0))])
    assert scene.panel_view().sub == "Moving there leaves your General to be taken!"
    risks = scene.table.risks(scene.selected)
    assert risks[parse_point("e7")].general and not risks[parse_point("e5")].general
    app.draw()


def test_trail_badges_carry_the_move_lists_numbers(monkeypatch):
    app = make_app()
    scene = start(app, seats="h222222")
    human_move(app, scene, "e10", "e7")
    for _ in range(80):
        frames(app, 1)
        if scene.match.human_to_move and not scene.view.animating:
            break
    drawn = []
    import qiguo.ui.board_view as board_view
    real = board_view.render
    monkeypatch.setattr(board_view, "render", lambda text, *a: drawn.append(text) or real(text, *a))
    app.draw()
    steps = scene.table.trail()
    assert [s.ply for s in steps] == list(range(2, 8))
    lines = {line.text.split(".")[0]: line.text for line in movelist.lines(scene.match)}
    latest = {s.move.to_sq: s.ply for s in steps}  # a point reached twice shows its latest move
    assert sorted(int(text) for text in drawn if text.isdigit()) == sorted(latest.values())
    for step in steps:
        assert lines[str(step.ply)].split(" ")[1] == kingdom_name(step.kingdom)  # ...as the move list's line


def test_undo_takes_the_notices_of_the_future_with_it():
    app = make_app()
    text = qfen({"a10": "wG", "a13": "wS", "a5": "wD", "a19": "rD", "s1": "rG", "m19": "kG", "m18": "kS"})
    scene = start(app, seats="h2----2", qfen_text=text)
    scene.match.update = lambda: None  # the bots' moves are played by hand here
    human_move(app, scene, "a5", "b5")  # off the file: Chu's Deputy takes the Sabre
    scene.game.play("a19a13")
    scene.game.play("m18l17")
    frames(app, 2)
    assert any(n.kind == "lost" for n in scene.table.notices)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.ply == 0 and not any(n.kind == "lost" for n in scene.table.notices)
    assert scene.table.trail() == []


def test_in_hot_seat_each_player_sees_their_own_stretch_and_their_own_losses():
    app = make_app()
    text = qfen({"a19": "wG", "s1": "rG", "e5": "rD", "s19": "oG", "e9": "oW"})
    scene = start(app, seats="hhh----", qfen_text=text)
    human_move(app, scene, "a19", "a18")  # Qin
    human_move(app, scene, "e5", "e9")  # Chu takes Han's Sword
    frames(app, 20)
    assert scene.game.mover == "o" and [n.kind for n in scene.table.notices if n.kind == "lost"] == ["lost"]  # Han's loss
    assert [s.ply for s in scene.table.trail()] == [1, 2]  # Han has not moved: everything so far
    human_move(app, scene, "s19", "s18")  # Han
    frames(app, 20)
    assert scene.game.mover == "w"
    assert [s.ply for s in scene.table.trail()] == [2, 3]  # Qin's view: since Qin's own move
    assert not any(n.kind == "lost" for n in scene.table.notices)  # Han's loss is not Qin's news
    assert scene.table.panel_view(scene.game).quiet_line == "2 moves since your last move"


@pytest.mark.parametrize("side", [504, 560, 800])  # 504: the board of the smallest window
def test_trail_badges_of_neighbouring_points_do_not_overlap(monkeypatch, side):
    """Three-digit move numbers on points side by side: each badge, rim included, stays in its cell."""
    import qiguo.ui.board_view as board_view
    from qiguo.engine import Move, Piece
    from qiguo.play.trail import Step
    view = board_view.BoardView()
    view.layout(pygame.Rect(0, 0, side, side))
    rims: list[pygame.Rect] = []
    real = board_view.pygame.draw.rect
    monkeypatch.setattr(board_view.pygame.draw, "rect",
                        lambda surface, colour, rect, *a, **kw: rims.append(pygame.Rect(rect)) or real(surface, colour, rect, *a, **kw))
    steps = [Step(150 + i, i, Move.parse(f"{f}4{f}5"), Piece.make(i, 9), None) for i, f in enumerate("defg")]
    view._draw_trail_badges(pygame.Surface((side, side)), steps)
    outlines = rims[0::2]
    assert len(outlines) == 4
    for a, b in zip(outlines, outlines[1:]):
        assert not a.colliderect(b), (side, a, b)


def test_a_capture_cross_never_covers_a_neighbours_badge(monkeypatch):
    """The cross goes to a corner no badge holds; with every corner held, it is drawn under the
    badges, so each move's number stays whole."""
    import qiguo.ui.board_view as board_view
    from qiguo.engine import Piece
    from qiguo.play.trail import Step
    view = board_view.BoardView()
    view.layout(pygame.Rect(0, 0, 504, 504))
    drawn: list[tuple[str, pygame.Rect]] = []
    real_rect, real_circle = board_view.pygame.draw.rect, board_view.pygame.draw.circle
    monkeypatch.setattr(board_view.pygame.draw, "rect", lambda s, c, rect, *a, **kw: drawn.append(
        ("badge", pygame.Rect(rect))) or real_rect(s, c, rect, *a, **kw))

    def circle(s, colour, centre, radius, *a, **kw):
        if colour == theme.CAPTURE_RING:
            spot = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            spot.center = (round(centre[0]), round(centre[1]))
            drawn.append(("cross", spot))
        return real_circle(s, colour, centre, radius, *a, **kw)
    monkeypatch.setattr(board_view.pygame.draw, "circle", circle)
    taken = Piece.make(3, 9)
    steps = [Step(20, 2, Move.parse("m7m9"), Piece.make(2, 9), taken), Step(21, 3, Move.parse("n7n9"), Piece.make(3, 9), None)]
    steps += [Step(30 + i, i, Move.parse(f"{f}4{f}5"), Piece.make(i, 9), taken) for i, f in enumerate("defg")]
    steps += [Step(40 + i, i, Move.parse(f"{f}7{f}4"), Piece.make(i, 9), taken) for i, f in enumerate("def")]
    view._draw_trail_badges(pygame.Surface((504, 504)), steps)
    crosses = [(i, spot) for i, (what, spot) in enumerate(drawn) if what == "cross"]
    assert len(crosses) == 8
    for i, spot in crosses:
        later_badges = [rect for what, rect in drawn[i:] if what == "badge"]
        earlier_badges = [rect for what, rect in drawn[:i] if what == "badge"]
        assert later_badges or spot.collidelist(earlier_badges) < 0  # under the badges, or beside them
    assert sum(1 for i, spot in crosses if not [w for w, _ in drawn[i:] if w == "badge"]) >= 2  # 20's and others' are free
