""""Finish now" (issue 79): once the people here are out, the rest of the game is played at once
in the background, the same as the bots playing on as easy bots with the game's seeds, and the
result, standings and record follow within seconds."""
import time

import pytest

from qiguo.engine import Game
from qiguo.play.finish_job import FINISH_LEVEL, finish
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats

from ui_helpers import InlineWorker, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def human_out_early(seed=5):
    """A match of a human and six easy bots in which the human resigned at the start."""
    m = Match(parse_seats("h222222"), seed=seed, bot_delay=0.0, worker_factory=InlineWorker)
    for _ in range(10):
        m.game.play(m.game.legal_moves()[0])
    m.resign(m.game.turn if m.seats[m.game.turn] == "human" else 0)
    return m


def test_finishing_is_playing_on_with_the_same_seeds():
    m = human_out_early()
    assert FINISH_LEVEL == "easy" and all(s in ("human", "easy") for s in m.seats)
    done = finish(m.game, m.seed)
    assert done.result is not None and m.game.result is None  # the match's game is left as it was
    while m.game.result is None:  # the same bots playing on in the window
        m.update()
    assert m.game.history == done.history and m.game.result == done.result
    m.close()


def test_finish_now_shows_the_result_and_records_it_within_seconds():
    from qiguo.play import record
    app = make_app((1280, 900))
    m = human_out_early()
    scene = app.scene("game", m)
    app.stack.push(scene)
    app.stack.push(app.scene("knocked_out", scene, "out"))
    labels = [b.label for b in app.stack.top.menu.buttons]
    from qiguo.play.strings import t
    assert labels[:2] == [t("resigned.watch"), t("out.finish")]
    app.stack.top.menu.buttons[1].action()
    result = app.stack.top
    assert result.job is not None  # the real background process
    start = time.monotonic()
    while result.job is not None and time.monotonic() - start < 60:
        app.step(0.016, [])
        time.sleep(0.01)
    assert m.game.result is not None and result.job is None
    entries = record.load()
    assert entries and entries[-1]["winners"] == m.game.result.winners
    from qiguo.play.strings import t as tt
    assert result.menu.buttons[0].label == tt("result.review")  # now a finished game's buttons
