"""Learning the pieces without reading Chinese (issue 10): hover explanations, the pictogram
style, the legend, the guided first game, and markers anyone can see."""
import pygame
import pytest

from qiguo.engine import KINDS, KINGDOMS, Piece, Rules, parse_point, point_name
from qiguo.scenes.legend import LegendScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.title import TitleScene
from qiguo.scenes.tutorial import TutorialScene
from qiguo.ui import fonts, piece_art, theme
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.strings import piece_of, LANGUAGES, how_it_moves, set_language, t
from qiguo.play.tutorial import STEPS, game_of
from ui_helpers import InlineWorker, click, frames, key, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    yield
    set_language("en")


def start(app, seats="hhhhhhh"):
    scene = GameScene(app, Match(parse_seats(seats), bot_delay=0, worker_factory=InlineWorker))
    app.stack.push(scene)
    frames(app, 1)
    return scene


def hover(app, scene, point):
    x, y = scene.view.centre(parse_point(point))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(1, 1), buttons=(0, 0, 0))])
    frames(app, 10, 0.05)


def tooltip_lines(scene, g, point, monkeypatch):
    shown = []
    monkeypatch.setattr("qiguo.ui.tooltip.render", lambda text, *a: shown.append(text) or
                        pygame.Surface((10, 10)))
    scene.draw_tooltip(pygame.Surface((1280, 900)), g, parse_point(point))
    return shown


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_hovering_explains_every_piece_and_point_in_every_language(code, monkeypatch):
    set_language(code)
    app = make_app()
    scene = start(app)
    g = scene.game
    rules = g.rules
    for sq, piece in g.occupied():
        if piece.is_zhou:
            continue
        lines = tooltip_lines(scene, g, point_name(sq), monkeypatch)
        name = t(f"piece.{piece.letter}")
        kingdom = t(f"kingdom.{KINGDOMS[piece.kingdom]}")
        assert name in lines[0] and kingdom in lines[0] and point_name(sq) in lines[0], lines
        danger = scene.table.danger().get(sq)  # a piece that can be taken says by what, first
        by = [t("tip.danger", taker=piece_of(p), point=point_name(s)) for s, p in danger.by] if danger else []
        assert lines[1:1 + len(by)] == by
        assert "".join(lines[1 + len(by):]).replace(" ", "") == how_it_moves(piece.letter, rules).replace(" ", "")
    assert tooltip_lines(scene, g, "j10", monkeypatch)[0].startswith(t("piece.Z"))
    assert tooltip_lines(scene, g, "h8", monkeypatch) == [t("tip.point", point="h8")]


def test_the_pointer_resting_on_a_piece_shows_its_tooltip_and_a_click_hides_it():
    app = make_app()
    scene = start(app)
    hover(app, scene, "a10")
    assert scene.tooltip_point() == parse_point("a10")
    click(app, scene.view.centre(parse_point("e10")))
    frames(app, 10, 0.05)
    assert scene.tooltip_point() is None  # until the pointer moves again


def test_a_long_press_explains_the_point():
    app = make_app()
    scene = start(app, seats="h2-----")
    pos = tuple(int(v) for v in scene.view.centre(parse_point("a10")))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frames(app, 10, 0.05)
    assert scene.tooltip_point() == parse_point("a10")


def test_tooltips_follow_the_rules_in_play():
    assert "one to three" in how_it_moves("H", Rules.make("chinese"))
    assert "Exactly four" in how_it_moves("A", Rules.make(ranged="exact"))
    assert how_it_moves("H", Rules.make()) == t("piece.H.desc")


def test_the_picture_style_draws_a_pictogram_per_kind_and_auto_follows_the_language():
    assert piece_art.style_for("auto", "en") == "pictures"
    assert piece_art.style_for("auto", "zh") == piece_art.style_for("auto", "ja") == "glyphs"
    assert piece_art.style_for("glyphs", "en") == "glyphs"
    pygame.display.set_mode((10, 10))
    seen = set()
    for letter in KINDS:
        piece = Piece.parse("w" + letter)
        pic = piece_art.disc(piece, 0, 30, "pictures", False)
        glyph = piece_art.disc(piece, 0, 30, "glyphs", False)
        assert pygame.image.tobytes(pic, "RGBA") != pygame.image.tobytes(glyph, "RGBA")
        seen.add(pygame.image.tobytes(pic, "RGBA"))
    assert len(seen) == 10  # ten different pictures


def test_the_legend_opens_with_l_and_the_menu_and_shows_the_ten_pieces(monkeypatch):
    app = make_app()
    scene = start(app)
    key(app, pygame.K_l)
    legend = app.stack.top
    assert isinstance(legend, LegendScene)
    drawn = []
    monkeypatch.setattr(piece_art, "disc", lambda piece, *a: drawn.append(piece.letter) or pygame.Surface((4, 4)))
    app.draw()
    assert drawn[-10:] == list(KINDS)  # the legend draws over the board, last
    key(app, pygame.K_l)
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    button = next(b for b in menu.menu.buttons if b.label.startswith("Pieces legend"))
    frames(app, 1)
    click(app, button.rect.center)
    assert isinstance(app.stack.top, LegendScene)


def test_every_tutorial_step_is_checked_by_the_engine():
    app = make_app()
    tutorial = TutorialScene(app)
    app.stack.push(tutorial)
    frames(app, 1)
    for index, step in enumerate(STEPS):
        assert tutorial.index == index
        g = game_of(step)
        wrong = right = None
        for m in g.legal_moves():
            after = g.copy()
            after.play(m)
            if step.goal(g, m, after):
                right = right or m
            else:
                wrong = wrong or m
        assert right is not None and wrong is not None, step.name
        click(app, tutorial.view.centre(wrong.from_sq))
        click(app, tutorial.view.centre(wrong.to_sq))
        assert not tutorial.done and tutorial.game.history == [] and "not what this step asks" in tutorial.feedback
        assert not tutorial.menu.buttons[0].enabled
        click(app, tutorial.view.centre(right.from_sq))
        click(app, tutorial.view.centre(right.to_sq))
        assert tutorial.done and tutorial.game.history == [str(right)], step.name
        frames(app, 1)
        if index < len(STEPS) - 1:
            click(app, tutorial.menu.buttons[0].rect.center)  # Next
    assert tutorial.game.result is not None and "w" in tutorial.game.result.winners


def test_learn_to_play_opens_from_the_title():
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    button = next(b for b in title.menu.buttons if b.label == "Learn to play")
    click(app, button.rect.center)
    assert isinstance(app.stack.top, TutorialScene)


MARKERS = {"selection": theme.SELECT, "move dot": theme.MOVE_DOT, "capture ring": theme.CAPTURE_RING,
           "last move": theme.LAST_MOVE, "hint": theme.HINT}


@pytest.mark.parametrize("name", list(MARKERS) + [f"trail {k}" for k in KINGDOMS])
def test_every_marker_stands_out_from_both_boards_and_every_kingdom(name):
    colour = MARKERS.get(name) or theme.KINGDOM_FILL[KINGDOMS.index(name[-1])]
    strokes = [colour, theme.OUTLINE, theme.HALO]  # every marker is drawn between a dark and a light rim
    backgrounds = [b["board"] for b in theme.BOARDS.values()] + list(theme.KINGDOM_FILL) + [theme.ZHOU_FILL]
    for bg in backgrounds:
        assert max(piece_art.contrast(s, bg) for s in strokes) >= 3.0, (name, bg)


def test_every_piece_stands_out_on_both_boards_and_the_panel():
    for fill in theme.KINGDOM_FILL + (theme.INERT_FILL, theme.ZHOU_FILL):
        for ground in [b["board"] for b in theme.BOARDS.values()] + [theme.PANEL_ROW, theme.PANEL_ACTIVE]:
            rim = piece_art.rim_on(ground)
            assert max(piece_art.contrast(fill, ground), piece_art.contrast(rim, ground)) >= 3.0, (fill, ground)


def test_the_colour_blind_marks_are_distinct_large_and_explained():
    assert len(set(theme.MARKS)) == 7
    pygame.display.set_mode((10, 10))
    piece = Piece.parse("rG")
    plain = piece_art.disc(piece, 1, 12, "glyphs", False)
    marked = piece_art.disc(piece, 1, 12, "glyphs", True)
    a, b = pygame.image.tobytes(plain, "RGBA"), pygame.image.tobytes(marked, "RGBA")
    changed = sum(1 for i in range(0, len(a), 4) if a[i:i + 4] != b[i:i + 4])
    assert changed >= 60  # a badge of about 10 px across on a disc of 24 px: not a corner speck
    app = make_app()
    app.settings.colour_aid = True
    start(app)
    key(app, pygame.K_l)
    marks = []
    import qiguo.scenes.legend as legend_module
    original = legend_module.piece_art.draw_mark
    legend_module.piece_art.draw_mark = lambda surface, k, *a: marks.append(k) or original(surface, k, *a)
    try:
        app.draw()
    finally:
        legend_module.piece_art.draw_mark = original
    assert sorted(set(marks)) == list(range(7))  # the legend shows which mark is which kingdom


def test_the_tutorial_explains_what_the_pointer_rests_on(monkeypatch):
    app = make_app((800, 600))
    tutorial = TutorialScene(app)
    app.stack.push(tutorial)
    frames(app, 1)
    shown = []
    real = fonts.render
    monkeypatch.setattr("qiguo.ui.tooltip.render", lambda text, *a: shown.append(text) or real(text, *a))
    x, y = (int(v) for v in tutorial.view.centre(parse_point("j4")))
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))])
    frames(app, 10)
    assert tutorial.tooltip_point() == parse_point("j4")
    assert how_it_moves("D", tutorial.game.rules) in shown


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_tutorial_explains_kingdoms_camps_and_alliances(code):
    set_language(code)
    names = [s.name for s in STEPS]
    assert "kingdoms" in names and names.index("kingdoms") < names.index("fall")
    text = t("tut.kingdoms.text")
    assert all(t(f"kingdom.{k}") in text for k in "wrobgpk")  # which colour is which kingdom


def test_the_inherited_army_step_asks_for_chus_pieces():
    app = make_app()
    index = [s.name for s in STEPS].index("inherit")
    tutorial = TutorialScene(app, index)
    app.stack.push(tutorial)
    shown = []
    real = fonts.render
    import qiguo.scenes.tutorial as module
    original = module.render
    module.render = lambda text, *a: shown.append(text) or real(text, *a)
    try:
        app.draw()
    finally:
        module.render = original
    words = " ".join(shown)
    assert t("tut.inherit.click")[:20] in words and t("tut.click")[:20] not in words


def test_a_tutorial_step_by_keyboard_alone():
    app = make_app()
    tutorial = TutorialScene(app)
    app.stack.push(tutorial)
    frames(app, 1)
    key(app, pygame.K_RETURN)  # the cursor appears on the step's piece (the Deputy on j4)
    assert tutorial.cursor == parse_point("j4")
    key(app, pygame.K_RETURN)
    assert tutorial.selected == parse_point("j4")
    for _ in range(5):
        key(app, pygame.K_UP)
    key(app, pygame.K_SPACE)
    assert tutorial.done and tutorial.game.history == ["j4j9"]
    key(app, pygame.K_RETURN)  # Next, focused once the step is done
    assert tutorial.index == 1
