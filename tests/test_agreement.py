"""End by agreement (issue 79, hot-seat): any player may propose it from the menu; every player
still in is asked in turn and one No keeps the game going; when all agree the game ends as it
stands, ranked as a quiet game is, saved and recorded as ended by agreement."""
import pytest

from qiguo.engine import Game, IllegalMove, random_game
from qiguo.play import saves
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from qiguo.play.strings import t

from ui_helpers import InlineWorker, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def test_the_engine_ends_a_game_by_agreement_ranked_as_it_stands():
    g = random_game(Game.new(), 3, max_plies=40)
    assert g.result is None
    r = g.end_by_agreement()
    assert r.reason == "agreement" and g.result is r
    best = max((g.score[k], -g.losses[k]) for k in range(7) if g.alive[k])
    assert {k for k in range(7) if g.alive[k] and (g.score[k], -g.losses[k]) == best} == \
        {"wrobgpk".index(ch) for ch in r.winners}
    with pytest.raises(IllegalMove):
        g.end_by_agreement()


def _menu_and_answers(app, scene, answers):
    """Open the menu, propose ending, and answer each question in turn (True: agree)."""
    from qiguo.scenes.menu import ConfirmScene
    app.stack.push(app.scene("menu", scene))
    menu = app.stack.top
    button = next(b for b in menu.menu.buttons if b.label == t("menu.agree"))
    assert button.enabled
    button.action()
    asked = []
    for yes in answers:
        top = app.stack.top
        if not isinstance(top, ConfirmScene):
            break
        asked.append(top.question)
        top.menu.buttons[1 if yes else 0].action()
    return asked


def test_one_player_saying_no_keeps_the_game_going():
    app = make_app()
    m = Match(parse_seats("hhh3333"), blocs=["wo"], worker_factory=InlineWorker)
    scene = app.scene("game", m)
    app.stack.push(scene)
    assert m.players_in() == [0, 1]  # Qin with Han is one player, Chu the other
    told = []
    app.toast = lambda text, *a, **k: told.append(text)
    asked = _menu_and_answers(app, scene, [True, False])
    assert len(asked) == 2 and t("kingdom.o") in asked[0] and t("kingdom.r") in asked[1]
    assert m.game.result is None and app.stack.top is scene
    assert t("agree.refused", names=t("kingdom.r")) in told


def test_when_every_player_still_in_agrees_the_game_ends_and_is_kept(tmp_path):
    from qiguo.play import record
    app = make_app()
    m = Match(parse_seats("hhh3333"), worker_factory=InlineWorker)
    for _ in range(3):
        m.game.play(m.game.legal_moves()[0])
    m.resign(2)  # Han is out: only Qin and Chu are asked
    scene = app.scene("game", m)
    app.stack.push(scene)
    asked = _menu_and_answers(app, scene, [True, True, True])
    assert len(asked) == 2 and m.game.result is not None and m.game.result.reason == "agreement"
    entries = record.load()
    assert entries and entries[-1]["reason"] == "agreement"
    back = saves.to_match(saves.to_data(m), worker_factory=InlineWorker)
    assert back.game.result == m.game.result and back.agreed


def test_with_one_player_left_there_is_nobody_to_agree_with():
    app = make_app()
    m = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    scene = app.scene("game", m)
    app.stack.push(scene)
    app.stack.push(app.scene("menu", scene))
    button = next(b for b in app.stack.top.menu.buttons if b.label == t("menu.agree"))
    assert not button.enabled
