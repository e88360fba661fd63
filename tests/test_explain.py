"""The one explainer (issue 76): a move explained against the better one names only pieces whose
fate differs between the two, missed wins are their own kind, every wrong try is told why, and
``coach explain`` prints it in one line."""
import random

import pytest

from qiguo.ai.coach import consistent, contrast, dangers
from qiguo.ai.coach.__main__ import main as coach_main
from qiguo.ai.coach.contrast import FORCED, Contrast
from qiguo.ai.puzzles import Puzzle
from qiguo.engine import PRESETS, Game, Move, point_name, qfen_of, random_game
from qiguo.play.drill import Drill
from qiguo.play.drill_text import lines
from qiguo.play.practice import Practice

from test_coach import DEPUTY_ATTACKED, TAKE_GENERAL


def takeable_after(game, code):
    """The points of the mover's pieces that can be taken once `code` is played."""
    k = game.turn
    g = game.copy()
    g.play_code(code)
    return {d.point for d in dangers(g, k)} if g.result is None and g.alive[k] else set()


def positions(n, seed):
    """Positions from random games of every preset, with at least two legal moves."""
    rng = random.Random(seed)
    out = []
    presets = sorted(PRESETS)
    while len(out) < n:
        g = random_game(Game.new(presets[len(out) % len(presets)]), rng.randrange(10 ** 6),
                        max_plies=rng.randrange(20, 400))
        if g.result is None and len(g.legal_codes()) > 1:
            out.append(g)
    return out


def test_a_named_piece_is_takeable_after_the_played_move_and_safe_after_the_better_one():
    """Over random positions and pairs of moves: every piece the explainer says can be taken
    can be taken after the played move, and is safe after the better one (the rule the issue
    checks from outside)."""
    named = 0
    for g in positions(150, 7):
        rng = random.Random(g.hash)
        played, better = rng.sample(sorted(g.legal_codes()), 2)
        c = contrast(g, played, better)
        assert consistent(g, c), (g.to_qfen(), Move(played), Move(better), c)
        for side in c.named:
            named += 1
            assert side.at in takeable_after(g, played)
            assert side.at not in takeable_after(g, better)
    assert named >= 30  # the check was exercised, not passed by saying nothing


def two_pieces_in_danger():
    """A position (found in random games) where the mover has two pieces that can be taken, a
    move of one of them that saves it while the other stays takeable, and a quiet move of a
    third piece that saves neither."""
    for g in positions(400, 11):
        before = {d.point for d in dangers(g)}
        if len(before) < 2:
            continue
        codes = sorted(g.legal_codes())
        for better in codes:
            m = Move(better)
            if m.is_pass or m.from_sq not in before or g.piece_at(m.to_sq) is not None:
                continue
            after = takeable_after(g, better)
            doomed = before - {m.from_sq}
            if m.to_sq in after or not doomed <= after:
                continue
            for played in codes:
                p = Move(played)
                if p.is_pass or p.from_sq in before or g.piece_at(p.to_sq) is not None:
                    continue
                if before <= takeable_after(g, played) and p.to_sq not in takeable_after(g, played):
                    return g, played, better, m.from_sq, doomed
    raise AssertionError("no such position found")


def test_the_piece_blamed_is_the_one_the_better_move_saves_never_one_both_leave():
    g, played, better, saved, doomed = two_pieces_in_danger()
    c = contrast(g, played, better)
    assert c.key == "loses" and c.saved
    assert c.piece.at == saved
    assert all(s.at not in doomed for s in c.named)


def test_a_missed_general_and_a_forced_win_are_missed_wins():
    g = Game.from_qfen(TAKE_GENERAL)
    c = contrast(g, g.parse_move("a1a2").code, g.parse_move("e5e12").code)
    assert c.key == "takes_general" and c.missed_win and c.target.piece.token == "rG"
    assert c.english().startswith("a missed win: e5e12 takes Chu's General on e12")
    g = Game.from_qfen(DEPUTY_ATTACKED)
    codes = sorted(g.legal_codes())
    forced = contrast(g, codes[0], codes[1], gap=FORCED, best_value=FORCED)
    assert forced.key == "forced" and forced.missed_win
    assert contrast(g, codes[0], codes[1], gap=FORCED, best_value=0.0).key != "forced"  # a big gap alone is not a win


def test_the_general_left_open_is_said_with_who_takes_it():
    qfen = qfen_of({"a1": "wG", "e6": "wD", "i9": "rB", "i19": "rG", "s18": "oG"}, "w")
    g = Game.from_qfen(qfen)
    codes = sorted(g.legal_codes())
    def general_open(code):
        after = g.copy()
        after.play_code(code)
        return any(d.piece.is_general for d in dangers(after, 0))
    safe = [c for c in codes if not general_open(c)]
    open_ = [c for c in codes if general_open(c)]
    c = contrast(g, open_[0], safe[0])
    assert c.key == "general" and c.piece.piece.is_general and c.by is not None
    assert consistent(g, c)


# ---- the command line --------------------------------------------------------------------------

def test_explain_prints_good_for_the_judges_choice_and_worse_with_a_checked_reason(capsys):
    g = Game.from_qfen(DEPUTY_ATTACKED)
    assert coach_main(["explain", "--qfen", DEPUTY_ATTACKED, "--nodes", "2000", "a3a2"]) == 0
    line = capsys.readouterr().out.strip()
    assert "\n" not in line
    move, verdict, rest = line.split(" ", 2)
    assert (move, verdict) == ("a3a2", "worse")
    better, reason = rest.split(": ", 1)
    assert reason == f"your Deputy on e5 can be taken by Chu's Brigadier on h8; {better} saves it"
    assert g.parse_move(better).code in g.legal_codes()
    assert "e5" not in {point_name(p) for p in takeable_after(g, g.parse_move(better).code)}
    assert coach_main(["explain", "--qfen", DEPUTY_ATTACKED, "--nodes", "2000", better]) == 0
    assert capsys.readouterr().out == f"{better} good\n"


@pytest.mark.parametrize("argv", [["explain", "--qfen", "junk", "a3a2"], ["explain", "--qfen", DEPUTY_ATTACKED, "zz"],
                                  ["explain", "--qfen", DEPUTY_ATTACKED, "s19s1"], ["explain", "a3a2"]])
def test_explain_with_bad_input_is_one_error_line(argv, capsys):
    assert coach_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


# ---- every wrong try is told why -----------------------------------------------------------------

def test_each_wrong_try_at_a_puzzle_gets_the_explainers_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    g, played, better, saved, doomed = two_pieces_in_danger()
    puzzle = Puzzle(id="t1", qfen=g.to_qfen(), rules=g.rules.preset, solution=(str(Move(better)),), theme="save",
                    rating=1500)
    drill = Drill(Practice(), [puzzle], "puzzles", day=100)
    assert drill.problem is not None and drill.problem.id == "t1"
    drill.answer(played)
    first = [text for text, kind in lines(drill) if kind == "bad"]
    piece = point_name(saved)
    assert len(first) == 1 and f"on {piece} can be taken" in first[0]
    assert all(f"on {point_name(p)} can" not in first[0] for p in doomed)
    assert str(Move(better)) not in first[0]  # the answer is not given away
    drill.answer(played)  # the second wrong try: the answer, and why this move was not it
    said = lines(drill)
    assert any(kind == "bad" and text.startswith("The answer:") for text, kind in said)
    assert any(kind == "dim" and text.startswith("Yours, ") and f"on {piece} can be taken" in text
               for text, kind in said)


def test_a_contrast_is_a_plain_value():
    c = Contrast("deeper", 1, 2, gap=3.0)
    assert c.named == [] and not c.missed_win


def test_a_puzzles_danger_tooltip_names_the_attackers_as_in_a_game(tmp_path, monkeypatch):
    from qiguo.scenes import practice as practice_scene
    from qiguo.play.strings import piece_of
    from ui_helpers import make_app
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    g = Game.from_qfen(DEPUTY_ATTACKED)
    puzzle = Puzzle(id="t2", qfen=DEPUTY_ATTACKED, rules="standard", solution=("e5e4",), theme="save", rating=1500)
    app = make_app()
    scene = app.scene("practice", "puzzles", drill=Drill(Practice(), [puzzle], "puzzles", day=100))
    app.stack.push(scene)
    app.step(0.05, [])
    shown = []
    monkeypatch.setattr(practice_scene, "draw_tooltip", lambda surface, view, game, point, extra=(): shown.append(extra))
    monkeypatch.setattr(scene, "tooltip_point", lambda: g.parse_move("e5e4").from_sq)
    app.draw()
    (brigadier,) = [p for s, p in dangers(g)[0].by]
    assert shown and shown[-1] == [f"{piece_of(brigadier)} on h8 can take it"]
    while app.stack.scenes:
        app.stack.pop()


# ---- accuracy ------------------------------------------------------------------------------------

def test_a_moves_accuracy_follows_its_cost():
    from qiguo.ai.coach.accuracy import move_accuracy, standing_lost
    from qiguo.ai.evaluate import VALUE
    from qiguo.engine import HORSE
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    assert standing_lost(VALUE[HORSE]) == pytest.approx(15.35, abs=0.01)
    assert move_accuracy(VALUE[HORSE]) == pytest.approx(49.7, abs=0.1)  # a key moment: about half
    assert move_accuracy(50_000.0) == 0.0
    assert move_accuracy(1.0) > move_accuracy(2.0) > move_accuracy(3.0)


def test_accuracy_of_a_crafted_game_by_phase():
    from qiguo.ai.coach.accuracy import Judged, accuracy, combined
    from qiguo.ai.evaluate import VALUE
    from qiguo.engine import HORSE
    moves = [Judged(1 + 7 * n, 0, 0.0, 7, n) for n in range(10)]  # a perfect opening
    moves += [Judged(71, 0, VALUE[HORSE], 7, 10), Judged(78, 0, 0.0, 6, 11)]  # a mistake in the middle
    moves += [Judged(300, 0, 0.0, 3, 12), Judged(301, 1, 9.0, 3, 0)]  # the end; another kingdom's move
    acc = accuracy(moves, 0)
    assert acc["opening"] == pytest.approx(100.0, abs=1e-3)
    assert acc["end"] == pytest.approx(100.0, abs=1e-3)
    mid = (49.7 + 100) / 2, 2 / (1 / 49.7 + 1 / 100)
    assert acc["middle"] == pytest.approx(sum(mid) / 2, abs=0.1)
    assert acc["game"] < acc["opening"] and acc["game"] == pytest.approx(combined(m.accuracy for m in moves[:-1]))
    assert accuracy(moves, 2) == {"game": None, "opening": None, "middle": None, "end": None}


def test_review_prints_each_kingdoms_accuracy(tmp_path, capsys):
    import json
    from test_coach import BLUNDER_GAME
    start, moves = BLUNDER_GAME
    g = Game.from_qfen(start)
    g.replay(moves)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(g.record()))
    assert coach_main(["review", "--for", "wr", "--accuracy", str(record)]) == 0
    lines = capsys.readouterr().out.splitlines()
    scores = [line.split() for line in lines if line.startswith("accuracy ")]
    assert [s[1] for s in scores] == ["w", "r"] and lines[-1].startswith("key moments ")
    qin, chu = float(scores[0][2]), float(scores[1][2])
    assert 0 <= qin < 60 and qin < chu <= 100  # Qin's three bad moves of three


# ---- the review screen ---------------------------------------------------------------------------

def test_the_review_shows_accuracy_a_graph_with_dots_and_whole_rows(tmp_path, monkeypatch):
    """The crafted game's review (the real judge, in its process): Qin's accuracy is said, the
    graph is drawn with a dot per key moment that opens its move, and each row holds its whole
    text (no "…")."""
    from qiguo.scenes import moments as moments_scene
    from qiguo.scenes.play import GameScene
    from test_ui_coach import crafted_match, wait_for
    from ui_helpers import click, make_app
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    app = make_app((800, 600))
    scene = moments_scene.MomentsScene(app, crafted_match())
    app.stack.push(scene)
    graphs = []
    real = moments_scene.draw_graph
    monkeypatch.setattr(moments_scene, "draw_graph", lambda *a: graphs.append(a) or real(*a))
    wait_for(app, scene)
    app.draw()
    assert scene.accuracies[0]["game"] is not None and scene.accuracies[0]["game"] < 60
    assert scene.accuracy_line(0).startswith("Qin: accuracy ")
    (surface, rect, course, bold, dots, seated, labels), = graphs[-1:]
    assert bold == [0] and len(course) == len(scene.match.game.history) + 1
    assert sorted(dots) == sorted((m.ply - 1, m.kingdom) for m in scene.moments)
    assert all(abs(sum(row) - 1) < 1e-6 for row in course)
    assert all(b.rect.height > 0 for b in scene.rows)  # every row fits at 800×600
    rendered = []
    monkeypatch.setattr(moments_scene, "render", lambda text, *a: rendered.append(text) or real_render(text, *a))
    from qiguo.ui.fonts import render as real_render
    app.draw()
    assert not any(text.endswith("…") for text in rendered)
    rect, index = scene.dots[0]
    click(app, rect.center)
    review = app.stack.top
    moment = scene.moments[index]
    assert isinstance(review, GameScene) and review.view_ply == moment.ply - 1
    assert review.table.better == Move.parse(moment.better).code
    assert review.table.last_move == Move.parse(moment.move).code  # the move played is marked too
    while app.stack.scenes:
        app.stack.pop()


def test_the_standing_model_shares_the_chance_among_the_kingdoms_in_play():
    from qiguo.ai.coach.standing import TEMPERATURE, chances, standing
    even = chances([10.0] * 7, [True] * 7)
    assert all(abs(p - 1 / 7) < 1e-9 for p in even)
    ahead = chances([10.0 + TEMPERATURE] + [10.0] * 6, [True] * 7)
    assert abs(ahead[0] / ahead[1] - 2.718281828) < 1e-6  # one temperature ahead: e times as likely
    out = chances([50.0, 10.0, 0.0, 0.0, 0.0, 0.0, 0.0], [False, True, True, False, False, False, False])
    assert out[0] == 0.0 and abs(sum(out) - 1) < 1e-9
    from ui_helpers import FINISHING_QFEN, WINNING_MOVE
    g = Game.from_qfen(FINISHING_QFEN)
    g.play_code(WINNING_MOVE)
    assert g.result is not None and standing(g) == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]


def test_a_hint_names_an_inherited_attacker_with_the_kingdom_moving_it_and_a_landing_risk_plainly():
    """Over random positions: a reason's enemy piece whose army another kingdom inherited says who
    moves it; a risk to the very piece moved says it can be taken where it lands."""
    from qiguo.ai.coach import explain
    inherited = landed = 0
    for g in positions(300, 5):
        rng = random.Random(g.hash)
        code = rng.choice(sorted(g.legal_codes()))
        r = explain(g, code)
        if r.other is not None and g.controller[r.other.kingdom] != r.other.kingdom:
            inherited += 1
            assert r.mover == g.controller[r.other.kingdom]
            assert "(moved by " in r.english()
        elif r.other is not None:
            assert r.mover == -1
        if r.still is not None and r.still_at == Move(code).to_sq:
            landed += 1
            assert r.still_moved and "where it lands" in r.english() and "can still be taken" not in r.english()
    assert inherited and landed


# ---- the record and Load agree -----------------------------------------------------------------

def test_a_game_over_for_the_human_is_counted_alike_in_load_and_in_the_record(tmp_path, monkeypatch):
    from qiguo.play import record, saves
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from ui_helpers import InlineWorker
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    m = Match(parse_seats("h222222"), worker_factory=InlineWorker)
    assert m.resign(0)  # the human resigns; the bots have not finished
    assert m.game.result is None and not m.game.alive[0]
    path = saves.save_slot(m, "resigned")
    listing = next(item for item in saves.list_saves() if item.path == path)
    assert "over for you" in listing.summary
    assert record.entry_of(m.game, m.seats)["reason"] == record.HUMANS_OUT
    fresh = Match(parse_seats("h222222"), worker_factory=InlineWorker)
    path = saves.save_slot(fresh, "fresh")
    assert "in play" in next(item for item in saves.list_saves() if item.path == path).summary
    assert record.entry_of(fresh.game, fresh.seats) is None


def test_the_rating_plot_draws_every_level_played_and_the_whole_band(monkeypatch):
    import pygame
    from qiguo.ui import plot
    drawn = []
    monkeypatch.setattr(plot, "render", lambda text, *a: drawn.append(text) or pygame.Surface((10, 10)))
    surface = pygame.Surface((600, 200))
    levels = [("novice", -29), ("easy", 1500), ("normal", 2019), ("hard", 2542)]
    plot.draw_rating_plot(surface, pygame.Rect(0, 0, 600, 200), [(1500, 800, 2200), (1460, 733, 2185)], levels, 16,
                          frozenset({"novice", "hard"}))
    assert {"novice -29", "hard 2542", "easy 1500"} <= set(drawn) and "normal 2019" not in drawn  # played, or near
    drawn.clear()
    plot.draw_rating_plot(surface, pygame.Rect(0, 0, 600, 200), [(1500, 1400, 1600)], levels, 16)
    assert "novice -29" not in drawn and "easy 1500" in drawn  # far and never played: left out
