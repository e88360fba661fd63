"""The coach in the window (issue 18): key moments after a game, and the player's record."""
import json
import time

import pytest

from qiguo.ai.coach import explain
from qiguo.engine import Game, Move
from qiguo.play.strings import move_words, reason_words
from qiguo.scenes.moments import MomentsScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.record import RecordScene
from qiguo.play import record
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from test_coach import BLUNDER_GAME
from ui_helpers import FINISHING_QFEN, WINNING_MOVE, InlineWorker, click, finished_match, frames, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    return tmp_path


def crafted_match():
    start, moves = BLUNDER_GAME
    m = Match(parse_seats("h22----"), qfen=start, worker_factory=InlineWorker)
    m.game.replay(moves)
    return m


def wait_for(app, scene, seconds=60):
    deadline = time.monotonic() + seconds
    while scene.job is not None and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.02)
    assert scene.job is None


def test_key_moments_are_listed_in_words_and_open_the_review_with_the_better_move():
    app = make_app()
    scene = MomentsScene(app, crafted_match())
    app.stack.push(scene)
    frames(app, 1)
    app.draw()  # the progress bar
    wait_for(app, scene)
    labels = [b.label for b in scene.menu.buttons]
    blunder = next(m for m in scene.moments if m.kind == "blunder")
    better = Move.parse(blunder.better)
    start = Game.from_qfen(BLUNDER_GAME[0])
    words = move_words(start, better)  # "Brigadier k2–m4", or "… takes Chu's Horse" for a capture
    assert labels[0] == "Practise these moments"
    assert labels[1].startswith("Move 4: General a1–a2 — it leaves your General to be taken by ")  # the costliest first
    assert labels[2] == ("Move 1: Deputy e5–e9 — your Deputy on e9 can be taken by Chu's Deputy on h9; the better move"
                         f" keeps it safe. Better: {words} — " + reason_words(explain(start, better.code)))
    app.draw()
    click(app, scene.menu.buttons[2].rect.center)
    review = app.stack.top
    assert isinstance(review, GameScene) and review.review and review.view_ply == 0
    assert review.table.better == better.code
    app.draw()


def test_stopping_a_review_ends_its_process():
    app = make_app()
    scene = MomentsScene(app, crafted_match())
    app.stack.push(scene)
    job = scene.job
    frames(app, 1)
    click(app, scene.menu.buttons[0].rect.center)  # Stop
    assert scene.job is None and not job._proc.is_alive()


def test_a_finished_game_is_recorded_once_and_shown(data_dir):
    m = finished_match()
    assert record.add(m.game, m.seats) and not record.add(m.game, m.seats)  # once
    games = record.load()
    assert len(games) == 1 and games[0]["places"] == {"w": 1, "r": 2} and games[0]["winners"] == "w"
    rows = record.by_level(games)
    assert [(r.level, r.games, r.wins, r.place) for r in rows] == [("", 1, 1, 1.5)]
    app = make_app()
    scene = RecordScene(app)
    app.stack.push(scene)
    frames(app, 1)
    app.draw()
    assert [b.label for b in scene.menu.buttons[:2]] == ["Puzzles", "Daily puzzle"]
    assert "won" in scene.menu.buttons[3].label
    click(app, scene.menu.buttons[3].rect.center)
    review = app.stack.top
    assert isinstance(review, GameScene) and review.review and review.game.history == m.game.history


def test_with_no_exercise_due_your_mistakes_looks_through_the_last_game_once(data_dir):
    """After a game, Your mistakes is not a greyed-out "0 due": it opens the key moments of the
    last game recorded, where they can be practised; once they were looked through, it no
    longer offers that game."""
    older, last = finished_match(), Match(parse_seats("h2-----"), qfen=FINISHING_QFEN, worker_factory=InlineWorker)
    last.play_human(WINNING_MOVE)
    for m in (older, last):
        assert record.add(m.game, m.seats)
    app = make_app()
    scene = RecordScene(app)
    app.stack.push(scene)
    frames(app, 1)
    assert scene.exercises.label == "Your mistakes: look for them in your last game" and scene.exercises.enabled
    click(app, scene.exercises.rect.center)
    moments = app.stack.top
    assert isinstance(moments, MomentsScene) and moments.match.game.history == last.game.history
    assert moments.kingdoms == [0]  # the last game's one human kingdom (the older one had two)
    wait_for(app, moments)
    assert not moments.moments  # one winning move: nothing to practise
    click(app, moments.menu.buttons[-1].rect.center)  # Back
    frames(app, 1)
    assert app.stack.top is scene
    assert scene.exercises.label == "Your mistakes: 0 exercises due" and not scene.exercises.enabled
    again = RecordScene(app)  # and when the record is opened again
    assert again.exercises.label == "Your mistakes: 0 exercises due" and not again.exercises.enabled


def test_a_review_whose_mark_cannot_be_saved_says_so(data_dir, monkeypatch):
    from qiguo.play.practice import Practice
    monkeypatch.setattr(Practice, "save", lambda self: False)  # a full disk, a folder made read-only
    app = make_app()
    moments = app.scene("moments", finished_match())
    app.stack.push(moments)
    wait_for(app, moments)
    assert moments.job is None and not moments.error
    assert "could not be saved" in app.toast_text


def test_the_record_counts_the_exercises_again_when_practice_returns_to_it():
    from qiguo.ai.coach import key_moments
    from qiguo.play.practice import Practice, today
    app = make_app()
    scene = RecordScene(app)
    app.stack.push(scene)
    assert scene.exercises.label == "Your mistakes: 0 exercises due" and not scene.exercises.enabled
    app.stack.push(app.scene("rules"))  # another scene on top, while the mistakes are saved
    m = crafted_match()
    practice = Practice.load()
    assert practice.add_moments(m.game, key_moments(m.game, [0]).moments, today()) == 2 and practice.save()
    app.stack.pop()
    frames(app, 1)
    assert scene.exercises.label == "Your mistakes: 2 exercises due" and scene.exercises.enabled


def test_the_game_scene_records_the_game_when_it_ends():
    from test_ui_follow import human_move
    from ui_helpers import FINISHING_QFEN
    app = make_app()
    m = Match(parse_seats("h2-----"), qfen=FINISHING_QFEN, worker_factory=InlineWorker)
    scene = GameScene(app, m)
    app.stack.push(scene)
    frames(app, 1)
    human_move(app, scene, "c4", "c10")
    assert scene.game.result is not None
    assert [e["winners"] for e in record.load()] == ["w"] and record.load()[0]["seats"] == "h2-----"


@pytest.mark.parametrize("text", ["{not json", "[1,2]", '{"format": "qiguo-record", "games": [{"when": "x"}]}',
                                  '{"format": "qiguo-record", "games": [' + '{"seats": 7}' + "]}", "\u0000" * 20])
def test_a_damaged_record_is_said_set_aside_and_a_new_one_begins(data_dir, text):
    (data_dir / "record.json").write_text(text)
    app = make_app()
    scene = RecordScene(app)
    app.stack.push(scene)
    frames(app, 1)
    app.draw()
    assert "could not be read" in scene.problem
    assert (data_dir / "record.json.bad").read_text() == text and not (data_dir / "record.json").exists()
    m = finished_match()
    assert record.add(m.game, m.seats) and len(record.load()) == 1
    json.loads((data_dir / "record.json").read_text())


def test_the_progress_line_counts_moves_only_once_it_knows_how_many(monkeypatch):
    import qiguo.scenes.moments as moments_scene
    from qiguo.ui.fonts import drawable
    app = make_app()
    scene = MomentsScene(app, crafted_match())
    app.stack.push(scene)
    drawn = []
    real = moments_scene.render
    monkeypatch.setattr(moments_scene, "render", lambda text, *rest: drawn.append(text) or real(text, *rest))
    scene.job.done, scene.job.total = 0, 0  # nothing heard from the review yet
    scene.draw(app.screen)
    assert drawable("Going through your moves…") in drawn and not any(" of " in text for text in drawn)
    drawn.clear()
    scene.job.done, scene.job.total = 3, 12
    scene.draw(app.screen)
    assert drawable("Going through your moves: 3 of 12…") in drawn
    click(app, scene.menu.buttons[0].rect.center)  # Stop
    assert scene.job is None


def test_the_record_heads_the_recent_games_where_they_are_and_counts_one_game_as_one():
    """The heading "Recent games" stood above the practice buttons, with the games below those;
    and one rated game read "after 1 rated games"."""
    from qiguo.play import rating
    from qiguo.ui import fonts
    m = finished_match()
    record.add(m.game, m.seats)
    rating.add({"when": 1.0, "seats": "h333333", "ranking": "rwobgpk", "winners": "r"})
    app = make_app()
    scene = RecordScene(app)
    app.stack.push(scene)
    frames(app, 1)
    fonts.probe = {}
    try:
        app.draw()
        drawn = {text: id_ for id_, (text, _) in fonts.probe.items()}
    finally:
        fonts.probe = None
    assert any(text.endswith("after 1 rated game") for text in drawn)
    assert "Recent games (open one to review it)" in drawn
    exercises, first_game = scene.menu.buttons[2], scene.menu.buttons[3]
    assert exercises.rect.bottom <= scene.heading.top and scene.heading.bottom <= first_game.rect.top
    assert scene.heading.height and first_game.rect.top - scene.heading.bottom < 20  # the games' own heading
