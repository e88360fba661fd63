"""Every screen readable (issue 12): each scene, in each language, at three window sizes, draws
no text under the floor size, nothing outside the window or cut off, and no two texts or buttons
on top of each other."""
import pygame
from pathlib import Path

import pytest

from layout_probe import RecordingSurface, problems
from qiguo.scenes.join import JoinScene
from qiguo.scenes.keys import KeysScene
from qiguo.scenes.legend import LegendScene
from qiguo.scenes.load import LoadScene
from qiguo.scenes.menu import ConfirmScene, MenuScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.result import ResultScene
from qiguo.scenes.rules import RulesScene
from qiguo.scenes.settings import SettingsScene
from qiguo.scenes.setup import SetupScene
from qiguo.scenes.title import TitleScene
from qiguo.scenes.tutorial import TutorialScene
from qiguo.ai.coach import Moment
from qiguo.ai.puzzles import read
from qiguo.engine import Game
from qiguo.play import rating, record
from qiguo.play.drill import Drill
from qiguo.play.practice import Practice
from qiguo.play import saves
from qiguo.ui import fonts
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.saves import auto_name
from qiguo.play.strings import LANGUAGES, set_language, t
from qiguo.play.tutorial import STEPS
from ui_helpers import InlineWorker, finished_match, frames, make_app

SIZES = [(800, 600), (1280, 900), (1920, 1080)]
PUZZLES = Path(__file__).parent / "data" / "puzzles.jsonl"
SCROLLING = {"rules"}
"""Scenes that scroll: a paragraph running past the fold is drawn once scrolled to, not lost."""


@pytest.fixture(autouse=True)
def probe(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(fonts, "probe", {})
    monkeypatch.setattr(fonts, "cuts", {})
    monkeypatch.setattr(fonts, "wrapped", {})
    yield
    set_language("en")


def game(app):
    m = Match(parse_seats("h333333"), blocs=None, bot_delay=0, worker_factory=InlineWorker)
    for code in ("e10e7", "f5f6", "n5n6"):
        m.game.play(code)
    scene = GameScene(app, m)
    return scene


def with_saves(app):
    m = Match(parse_seats("h2h3---"), worker_factory=InlineWorker)
    m.game.play("e10e7")
    for _ in range(3):
        saves.save_slot(m)
    return LoadScene(app)


def puzzle(app, tries: int = 0):
    """A puzzle (the longest of the tests' own), after `tries` wrong moves."""
    drill = Drill(Practice(), [max(read(PUZZLES), key=lambda p: len(p.solution))], "puzzles")
    for _ in range(tries):
        wrong = next(m for m in drill.game.legal_moves() if str(m) not in drill.problem.solution)
        drill.answer(wrong.code)
    return app.scene("practice", "puzzles", drill=drill)


def exercise(app, give_up: bool = False):
    from test_coach import BLUNDER_GAME
    start, moves = BLUNDER_GAME
    g = Game.from_qfen(start)
    g.replay(moves)
    practice = Practice()
    practice.add_moments(g, [Moment(1, "e5e9", 0, "blunder", None, -1, None, "a1e1", 5.0)], 1)
    drill = Drill(practice, [], "exercises", day=1)
    if give_up:
        drill.give_up()
    return app.scene("practice", "exercises", drill=drill)


def title_with_games_kept(app):
    """The title with a game to continue and a hosted one to serve again: two more buttons."""
    from qiguo.ai.seats import parse_seats as net_seats
    from qiguo.play import hosting
    m = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    m.game.play("e10e7")
    saves.autosave(m)
    hosting.new_table(net_seats("hn-----"), "standard", []).save()
    title = TitleScene(app)
    assert len(title.menu.buttons) == 12
    return title


def rated_record(app):
    """Your record after a few rated games (the plot), with a game recorded (its line, and
    Your mistakes offering to look through it)."""
    game = finished_match()
    assert record.add(game.game, game.seats)
    for i, place in enumerate((3, 1, 5, 2, 1, 1, 4)):
        ranking = "wrgbopk"
        ranking = ranking[1:place] + "w" + ranking[place:]
        rating.add({"when": float(i), "seats": "h333333", "ranking": ranking, "winners": ranking[0]})
    return app.scene("record")


SCENES = {
    "title": lambda app: [TitleScene(app)],
    "title with games kept": lambda app: [title_with_games_kept(app)],
    "setup": lambda app: [SetupScene(app)],
    "game": lambda app: [game(app)],
    "menu": lambda app: [g := game(app), MenuScene(app, g)],
    "confirm": lambda app: [game(app), ConfirmScene(app, "Resign Qin?", lambda: None)],
    "result": lambda app: [ResultScene(app, finished_match())],
    "rules": lambda app: [RulesScene(app)],
    "settings": lambda app: [SettingsScene(app)],
    "load": lambda app: [with_saves(app)],
    "keys": lambda app: [game(app), KeysScene(app)],
    "legend": lambda app: [g := game(app), LegendScene(app, g)],
    **{f"tutorial-{i}": (lambda app, i=i: [TutorialScene(app, i)]) for i in range(len(STEPS))},
    "name box": lambda app: [game(app), app.scene("name_entry", t("save.name.title"), auto_name("h333333", 0),
                                                         lambda name: None)],
    "knocked out": lambda app: [g := game(app), app.scene("knocked_out", g, t("out.fallen", name=t("kingdom.w"),
                                                                                how=t("status.general", by=t("kingdom.r")))
                                                        + " " + t("out.bots_play_on"))],
    "after resigning": lambda app: [g := game(app), app.scene("knocked_out", g, t("resigned.title"))],
    "record": lambda app: [app.scene("record")],
    "join": lambda app: [JoinScene(app, "192.168.1.20:40123", "ABC234")],
    "puzzle": lambda app: [puzzle(app)],
    "puzzle wrong": lambda app: [puzzle(app, tries=1)],
    "puzzle failed": lambda app: [puzzle(app, tries=2)],
    "exercise": lambda app: [exercise(app)],
    "exercise answered": lambda app: [exercise(app, give_up=True)],
    "record with rating": lambda app: [rated_record(app)],
}


CASES = [(name, code, size) for name in SCENES for code in LANGUAGES for size in SIZES
         if not (name.startswith("tutorial-") and size == SIZES[1])]
"""Every scene in every language at every size (the tutorial's steps, all alike but for their
text, at the smallest and the largest)."""


@pytest.mark.parametrize("name,code,size", CASES, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_every_scene_is_readable(name, code, size):
    app = make_app(size)
    app.settings.language = code
    set_language(code)
    for scene in SCENES[name](app):
        app.stack.push(scene)
    frames(app, 2)
    surface = RecordingSurface(size)
    for scene in app.stack.scenes[:-1]:  # an overlay is checked on its own, over what it covers
        scene.draw(surface)
    surface.texts.clear()
    surface.buttons.clear()
    fonts.wrapped.clear()
    fonts.cuts.clear()
    app.stack.top.draw(surface)
    lines = None if name in SCROLLING else fonts.wrapped
    found = problems(surface, cut=fonts.cuts, wrapped=lines)
    assert found == [], f"{name} {code} {size}: " + "; ".join(found[:12])


def test_the_layout_probe_finds_what_it_looks_for():
    """The probe's own checks, on layouts made wrong on purpose."""
    from layout_probe import FLOOR, RecordingSurface, problems
    surface = RecordingSurface((400, 300))
    assert problems(surface) == [] and FLOOR == 12
    surface.texts.append(("small", 9, pygame.Rect(10, 10, 40, 12), surface.get_rect()))
    surface.texts.append(("outside", 14, pygame.Rect(380, 10, 60, 16), surface.get_rect()))
    surface.texts.append(("clipped", 14, pygame.Rect(10, 100, 80, 16), pygame.Rect(0, 0, 50, 300)))
    surface.texts.append(("one", 14, pygame.Rect(10, 200, 60, 16), surface.get_rect()))
    surface.texts.append(("two", 14, pygame.Rect(20, 202, 60, 16), surface.get_rect()))
    found = " | ".join(problems(surface))
    assert "'small' is 9 px" in found and "'outside' leaves the window" in found
    assert "'clipped' is cut off" in found and "texts 'one' and 'two' overlap" in found
    surface.texts.append(("A long na…", 14, pygame.Rect(10, 250, 60, 16), surface.get_rect()))
    cut = {"A long na…": "A long name"}
    assert "'A long na…' is cut short from 'A long name'" in " | ".join(problems(surface, cut=cut))
    assert not any("cut short" in p for p in problems(surface))
    surface.texts.append(("first line", 14, pygame.Rect(10, 270, 60, 16), surface.get_rect()))
    lost = problems(surface, wrapped={"first line second line": ["first line", "second line"]})
    assert "'first line second line' lost 1 of its 2 lines" in " | ".join(lost)


def longest(values):
    """The widest of some texts (as drawn at one size)."""
    font = fonts.font(20)
    return max(values, key=lambda text: font.size(text)[0])


def long_texts():
    """Every header line and notice the game writes, filled with its longest real values in
    the current language: the widest kingdom, piece and point names, the longest name a player
    may give (40 letters)."""
    from qiguo.play.strings import piece_name, tn
    from qiguo.engine import Piece
    kingdom = longest([t(f"kingdom.{k}") for k in "wrobgpk"])
    piece = longest([piece_name(Piece(kind)) for kind in range(1, 11)])
    point = "m19"
    from qiguo.names import short
    name = short("Maximilian Alexander von Hohenzollern-Si")  # 40 letters, shortened in sentences
    status = t("status.general", by=kingdom) + t("status.join") + t("status.army.inherited", by=kingdom)
    heads = [t("game.turn", name=kingdom), t("review.head", n=1999, total=1999), t("moves.past", n=1999, total=1999),
             t("game.over")]
    subs = [t("game.peril"), t("game.risky"), t("game.your_move"), t("game.thinking"), t("game.waiting"),
            t("game.paused"), t("net.waiting_for", name=name), t("net.waiting_for_player"), t("review.keys"),
            t("moves.back"), t("game.view_result")]
    notes = [t("moves.out", name=kingdom, status=status),
             t("notice.lost", kingdom=kingdom, piece=piece, point=point, captor=kingdom),
             t("notice.threat", kingdom=kingdom, point=point, attacker=kingdom, piece=piece, at=point),
             tn("notice.brink", 1, kingdom=kingdom, limit=200), tn("notice.brink", 3, kingdom=kingdom, limit=200),
             t("net.left", name=name, wait=300), t("net.standin_now", name=name),
             t("notice.near.general", kingdom=kingdom) + " " + t("notice.near.by", piece=piece, point=point,
                                                                  target=t("piece.of", kingdom=kingdom, piece=t("piece.G"))),
             t("notice.near.kingdom", kingdom=kingdom) + " " + t("notice.near.by", piece=piece, point=point,
                                                                 target=t("piece.of", kingdom=kingdom, piece=t("piece.G"))),
             t("notice.near.prisoners", kingdom=kingdom, n=3)]
    return heads, subs, notes, name


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_panels_texts_are_whole_with_their_longest_values(code, size):
    """Issue 35: the header "Moving there leaves your General to be tak…" and the notice "Han
    is out: general taken by Qi; army inh…" were cut at 1280x900 while the layout check passed
    on fixed texts. Every template, filled with its longest values, is drawn whole (a player's
    name is shortened in sentences: qiguo.names.short), and no text under the floor."""
    from layout_probe import problems
    from qiguo.engine import Game
    from qiguo.play import notices as notices_module
    from qiguo.play.table import View
    from qiguo.ui.panel import Panel
    app = make_app(size)
    set_language(code)
    heads, subs, notes, name = long_texts()
    scene = game(app)
    scene.layout(size)
    head, sub, note = longest(heads), longest(subs), longest(notes)  # each line is drawn on its own
    cases = [(h, sub, note) for h in heads] + [(head, s, note) for s in subs] + [(head, sub, n) for n in notes]
    for head, sub, note in cases:
        fonts.cuts.clear()
        surface = RecordingSurface(size)
        view = View(Game.new(), parse_seats("h333333"), None, 0, head, sub, True, 0,
                    [notices_module.Notice(note, "lost", 0)])
        Panel.draw(scene.panel, surface, view, [], 0)
        found = problems(surface, cut=dict(fonts.cuts))
        assert found == [], f"{code} {size} {head!r} / {sub!r} / {note!r}: " + "; ".join(found[:6])


@pytest.mark.parametrize("ratings", [(1500, 1900, 2100, 2433), (2433, 2000, 1700, 1500), (1800, 1800)])
def test_the_rating_plots_latest_figure_never_sits_on_its_line(ratings, monkeypatch):
    from qiguo.ui import plot, theme
    make_app()
    rect = pygame.Rect(20, 120, 760, 120)
    points = [(r, r - 300, r + 300) for r in ratings]
    levels = [("easy", 1500), ("normal", 1892), ("hard", 2370)]
    with_label = RecordingSurface((800, 600))
    plot.draw_rating_plot(with_label, rect, points, levels, 22)
    label = next(r for text, _, r, _ in with_label.texts if text == str(ratings[-1]))
    assert rect.contains(label)
    bare = pygame.Surface((800, 600))
    blank = pygame.Surface(label.size, pygame.SRCALPHA)  # clear: what lies under the figure shows
    real = plot.render
    monkeypatch.setattr(plot, "render", lambda text, *rest: blank if text == str(ratings[-1]) else real(text, *rest))
    plot.draw_rating_plot(bare, rect, points, levels, 22)
    on_line = [(x, y) for x in range(label.left, label.right) for y in range(label.top, label.bottom)
               if bare.get_at((x, y))[:3] == theme.ACCENT]
    assert on_line == []
