"""The rough edges the explain issue (76) saw on the way: a fallen kingdom's row says how it fell
whole, the move list keeps its size under a message, a message on the standings never hides a
button, a bracket or a move's points stay with what they belong to when a line breaks, and the
exercises screen with nothing due says what comes next and offers the puzzles."""
import pygame
import pytest

from ui_helpers import make_app

from test_rough_edges import _finished_with_falls, _hot_seat


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def _fallen_in_play():
    """A seven-human game still going with kingdoms out, each taken by the one that inherits it."""
    from qiguo.engine import Game, random_game
    for seed in range(100):
        full = random_game(Game.new(), seed, max_plies=600)
        for cut in range(full.ply - 1, 10, -1):
            g = random_game(Game.new(), seed, max_plies=cut)
            if g.result is not None:
                continue
            out = [k for k in range(7) if not g.alive[k] and g.standing(k).army == "inherited"]
            if out:
                return g, out
            break
    raise AssertionError("no game with an inherited army")


@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_a_fallen_kingdoms_row_says_how_it_fell_whole_in_the_rows_size(size, monkeypatch):
    from qiguo.play.strings import status_text, t
    from qiguo.ui import fonts, panel as panel_module
    app = make_app(size)
    g, out = _fallen_in_play()
    match = _hot_seat("hhhhhhh")
    match.game = g
    scene = app.scene("game", match)
    app.stack.push(scene)
    monkeypatch.setattr(fonts, "cuts", {})
    sizes = {}
    real = panel_module.render
    monkeypatch.setattr(panel_module, "render", lambda text, s, *a: (sizes.setdefault(text, s), real(text, s, *a))[1])
    app.step(0.016, [])
    app.draw()
    fell = [s for text, s in sizes.items() if any(status_text(g, k, short) in text for k in out for short in (0, 1))]
    in_play = [s for text, s in sizes.items() if text.endswith(t("status.in_play"))]
    assert fell and in_play and set(fell) == set(in_play)  # the fallen rows' line at the others' size...
    assert [w for w in fonts.cuts.values() if any(status_text(g, k, True) in w for k in out)] == []  # ...whole
    assert status_text(g, out[0], True) != status_text(g, out[0])


def test_the_move_list_keeps_its_type_size_when_a_message_takes_room():
    app = make_app((1280, 900))
    match = _hot_seat("hhhhhhh")
    for _ in range(30):
        match.game.play(match.game.legal_moves()[0])
    scene = app.scene("game", match)
    app.stack.push(scene)
    app.draw()
    before = {rect.height for rect, _ in scene.panel.list_hits}
    app.toast("Hint: Horse b8–e4 — saves your Sword from Chu's Crossbow; your Horse on e4 can still be taken", 8.0)
    app.draw()
    assert scene.panel.message_rect.height > 0
    assert {rect.height for rect, _ in scene.panel.list_hits} == before


@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_a_message_on_the_standings_never_covers_a_button(size):
    app = make_app(size)
    match = _finished_with_falls()
    app.stack.push(app.scene("result", match))
    app.draw()
    app.toast("Qin resigns: its army stays on the board, inert, and its pieces can be taken by anyone.", 8.0)
    app.draw()
    box, _ = app.toast_box(size)
    buttons = app.stack.top.menu.buttons
    assert all(not box.colliderect(b.rect) for b in buttons), (box, [b.rect for b in buttons])


@pytest.mark.parametrize("text, together", [
    ("Seven kingdoms play on the lines. Zhou (周) holds the centre: it never moves", "(周)"),
    ("次は 騎 k18–g14 で秦の将を守る手があります。これは長い文章です", "騎 k18–g14"),
    ("请走 马 e4–f6 保护你的将，这是一句很长的话用来换行测试", "马 e4–f6")])
def test_a_line_never_breaks_a_bracket_or_a_piece_from_its_points(text, together):
    from qiguo.ui.fonts import font, wrap
    make_app((800, 600))
    broken = 0
    for width in range(font(16).size(together)[0], 500, 7):
        lines = wrap(text, 16, width)
        broken += len(lines) > 1
        assert any(together in line for line in lines), (width, lines)
    assert broken > 10


def test_nothing_due_says_when_the_next_exercise_comes_and_offers_puzzles():
    from qiguo.play.drill import Drill
    from qiguo.play.drill_text import lines
    from qiguo.play.practice import Exercise, Practice
    from qiguo.play.strings import tn, t
    practice = Practice()
    drill = Drill(practice, [], "exercises", day=100)
    assert (t("practice.none.how"), "dim") in lines(drill)  # none at all: how to make some
    practice.exercises["x"] = Exercise("x", "", "standard", "", "", 103, 0, 1, False)
    assert (tn("practice.none.next", 3), "dim") in lines(Drill(practice, [], "exercises", day=100))
    app = make_app((800, 600))
    scene = app.scene("practice", "exercises")
    app.stack.push(scene)
    app.draw()
    labels = [b.label for b in scene.menu.buttons]
    assert labels == [t("practice.puzzles_instead"), t("practice.back")]
    scene.menu.buttons[0].action()
    top = app.stack.top
    assert top is not scene and top.drill.mode == "puzzles" and top.drill.problem is not None
