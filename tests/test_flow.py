"""What follows a move is decided in the pygame-free play package (qiguo.play.flow): the game
kept and recorded, the sounds and messages, the knocked-out choice. The game scene only does
what the cues say, for a local and a network match alike."""
import pytest

from qiguo.engine import qfen_of
from qiguo.play import record, saves
from qiguo.play.flow import Flow
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from ui_helpers import InlineWorker


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    return tmp_path


def falling_match():
    """Chu (a bot) to move, its Deputy able to take Qin's General on c10; Qin is the human."""
    qfen = qfen_of({"c10": "wG", "c4": "rD", "s17": "rG", "s3": "oG"}, mover="r")
    return Match(parse_seats("h33----"), qfen=qfen, worker_factory=InlineWorker)


def test_a_move_is_kept_and_sounds_as_it_should():
    match = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    played = match.play_human(match.game.legal_codes()[0])
    cues = Flow(match).after_move(played)
    assert cues.sounds[0] in ("move", "capture") and cues.cleared and not cues.knocked_out
    assert saves.continuable()[0] is not None  # the autosave holds the move


def test_the_last_human_falling_gives_the_knocked_out_choice_and_a_record():
    match = falling_match()
    flow = Flow(match)
    played = match._play(match.game.parse_move("c4c10").code, None)  # as the bot's move is played
    cues = flow.after_move(played)
    assert "defeat" in cues.sounds and cues.knocked_out and "Qin" in cues.knocked_out
    entry, = record.load()
    assert entry["reason"] == record.HUMANS_OUT


def test_a_network_match_is_kept_by_its_server(monkeypatch):
    match = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    monkeypatch.setattr(type(match), "kept_elsewhere", True)
    written = []
    monkeypatch.setattr(saves, "autosave", lambda m: written.append(m) or True)
    assert Flow(match).keep() == [] and written == []
    monkeypatch.setattr(type(match), "kept_elsewhere", False)
    Flow(match).keep()
    assert written == [match]


def test_a_failed_save_is_said_once(monkeypatch):
    match = Match(parse_seats("h333333"), worker_factory=InlineWorker)
    monkeypatch.setattr(saves, "autosave", lambda m: False)
    flow = Flow(match)
    assert len(flow.keep()) == 1 and flow.keep() == []


@pytest.mark.parametrize("preset", ["standard", "chinese", "sima-guang"])
def test_a_kingdom_one_general_from_winning_is_warned_of_with_the_piece_that_could_finish_it(preset):
    """Qin holds Han's General (Han is out); Qin's Deputy on c4 can take Chu's General on c10.
    One more General (Standard, Sima Guang) or one more kingdom brought down (the Chinese text)
    wins: the notices say so before it happens, and name the Deputy."""
    from qiguo.engine import Game
    from qiguo.play import notices
    from qiguo.play.strings import t
    qfen = qfen_of({"a19": "wG", "c4": "wD", "c10": "rG", "s17": "kG", "s3": "bG"}, prisoners="w=oG")
    g = Game.from_qfen(qfen, preset, kingdoms="wrobk")
    assert not g.alive[2]  # Han is out: its General is Qin's prisoner
    said = [n.text for n in notices.since(g, parse_seats("3h3-3-h"), 1)]
    key = "notice.near.kingdom" if preset == "chinese" else "notice.near.general"
    expected = t(key, kingdom="Qin") + " " + t("notice.near.by", piece="Deputy", point="c4", target="Chu's General")
    assert expected in said, said
    g.play("c4c10")  # and it does win
    assert g.result is not None and "w" in g.result.winners
    assert notices.near_wins(g) == []


def test_a_kingdom_a_capture_from_winning_by_prisoners_is_warned_of_and_only_then():
    from qiguo.engine import Game
    from qiguo.play import notices
    chu = "rD rB rC rA rX " + "rS " * 2 + "rW " * 4 + "rH " * 4  # every piece of Chu's but its General, Envoy
    qi = "bW " * 4 + "bH " * 4 + "bS bS bD bC bX bA"
    held = "w=" + (chu + qi).replace(" ", "")
    quiet = {"a19": "wG", "c10": "rG", "s17": "kG", "s3": "bG"}
    g = Game.from_qfen(qfen_of(quiet, prisoners=held), kingdoms="wrbk")
    assert g.score[0] == 29 and notices.near_wins(g) == []  # one point short, and nothing to take
    g = Game.from_qfen(qfen_of({**quiet, "c4": "wD", "c8": "bB"}, prisoners=held), kingdoms="wrbk")
    near = notices.near_wins(g)
    assert [n.kingdom for n in near] == [0] and "Qin needs only" in near[0].text and "(c4)" in near[0].text


@pytest.mark.parametrize("preset", ["standard", "sima-guang"])
def test_one_general_short_with_no_general_to_take_is_no_alarm(preset):
    """Qin holds one of the two Generals that win, but none of its pieces can take another:
    no warning (the panel's column says 1/2), until a piece can."""
    from qiguo.engine import Game
    from qiguo.play import notices
    qfen = qfen_of({"a19": "wG", "c3": "wD", "d10": "rG", "p17": "kG", "h2": "bG"}, prisoners="w=oG")
    g = Game.from_qfen(qfen, preset, kingdoms="wrobk")
    assert g.generals[0] == 1 and notices.near_wins(g) == []


def test_a_fall_by_attrition_to_another_than_the_last_taker_says_who_took_most():
    # Qin has lost nine pieces, six to Chu and three to Han; Han takes the tenth. Qin falls to
    # Chu, not to Han: the notice says why (Chu took most of its pieces). Had Chu taken the
    # tenth, there is nothing to explain.
    from qiguo.engine import Game
    from qiguo.play import notices
    from qiguo.play.strings import set_language, t
    held = "r=wHwHwHwHwWwW,o=wWwSwS"
    for mover, at, told in (("o", "e1", True), ("r", "c5", False)):
        g = Game.from_qfen(qfen_of({"a19": "wG", "e5": "wW", "e1": "oD", "c5": "rD", "s1": "oG", "p19": "rG"},
                                   mover=mover, prisoners=held), kingdoms="wro")
        g.play(at + "e5")
        assert not g.alive[0] and g.standing(0).how == "attrition" and g.standing(0).by == 1
        said = [n.text for n in notices.since(g, parse_seats("hh33333"), None)]
        fell = [text for text in said if text.startswith("Qin is out")]
        assert fell and fell[0].endswith(t("notice.out.most", by="Chu")) == told, said
        if told:  # one space before the bracket in English, none before a full-width one
            assert " (Chu took most" in fell[0] and "  (" not in fell[0]
            set_language("ja")
            try:
                said = [n.text for n in notices.since(g, parse_seats("hh33333"), None)]
            finally:
                set_language("en")
            most = [text for text in said if "（駒を最も多く取ったのは" in text]
            assert most and " （" not in most[0], said


# ---- the table: the rest of the game screen's decisions, without pygame --------------------------


def table_of(match, review=False):
    from qiguo.play.settings import Settings
    from qiguo.play.table import Table
    return Table(match, Settings(), review)


def test_the_result_opens_once_the_end_has_been_on_show_a_moment():
    from qiguo.play.table import RESULT_AFTER
    from ui_helpers import FINISHING_QFEN, WINNING_MOVE
    match = Match(parse_seats("h2-----"), qfen=FINISHING_QFEN, worker_factory=InlineWorker)
    table = table_of(match)
    cues = table.play(WINNING_MOVE)
    assert cues.played is not None and "victory" in cues.sounds and not cues.result
    assert not table.update(RESULT_AFTER / 2, animating=True).result  # not while the move glides
    assert not table.update(RESULT_AFTER / 2, animating=False).result
    assert table.update(RESULT_AFTER / 2, animating=False).result


def test_the_games_advice_goes_when_the_result_opens():
    # The first game's danger explanation (12 s) and a hint's words (8 s) are about the game:
    # played out quickly, the game's result must not open under them.
    from qiguo.play.strings import t
    from qiguo.play.table import RESULT_AFTER
    from ui_helpers import FINISHING_QFEN, WINNING_MOVE
    for hint in (False, True):
        match = Match(parse_seats("h2-----"), qfen=FINISHING_QFEN, worker_factory=InlineWorker)
        table = table_of(match)
        table.settings.danger_explained = hint  # said already: a hint is asked for instead
        if hint:
            table.ask_hint()
        said = [told for _ in range(2) for told in table.update(0.0, animating=False).toasts]  # the hint comes, is said
        assert len(said) == 1 and (said[0][0].startswith("Hint:") if hint else
                                   said[0][0] == t("game.danger_explained")), said
        table.play(WINNING_MOVE)
        cues = table.update(RESULT_AFTER, animating=False)
        assert cues.result and said[0][0] in cues.cleared_toasts


def test_undo_that_takes_back_another_humans_move_asks_first_naming_them():
    from qiguo.play.table import Ask
    match = Match(parse_seats("hh22222"), worker_factory=InlineWorker)
    table = table_of(match)
    table.play(match.game.legal_codes()[0])  # Qin
    table.play(match.game.legal_codes()[0])  # Chu
    while match.game.turn != 0:
        match.update()
    asked = table.take_back(redo=False)
    assert isinstance(asked, Ask) and "Chu" in asked.text
    assert match.game.ply == 7  # nothing taken back before the yes
    done = asked.then()
    assert done.reset and match.game.ply < 7


def test_the_hint_is_said_in_words_when_it_comes_and_its_asking_goes_when_dropped():
    match = Match(parse_seats("h222222"), worker_factory=InlineWorker)
    table = table_of(match)
    asking = table.ask_hint()
    assert asking.toasts == [(table.asking, 30.0)] and table.asking
    said = []
    for _ in range(5):
        said += table.update(0.016, animating=False).toasts
    assert any(text.startswith("Hint: ") and " — " in text for text, _ in said) and not table.asking
    words = table.hint_words
    assert words.startswith("Hint: ") and table.play(match.hint).cleared_toasts == [words]  # about a position gone
    while match.game.turn != 0:
        match.update()
    table.ask_hint()
    table.play(match.game.legal_codes()[0])  # a move meanwhile drops the question
    for _ in range(3):
        cues = table.update(0.016, animating=False)
        if cues.cleared_toasts:
            break
    assert cues.cleared_toasts == ["Asking a hard bot for a move…"] and not table.asking


def test_the_past_on_show_is_the_tables():
    match = Match(parse_seats("h222222"), worker_factory=InlineWorker)
    table = table_of(match)
    table.play(match.game.legal_codes()[0])
    while match.game.turn != 0:
        match.update()
    table.show_moment(1, 5)
    assert table.view_ply == 0 and table.past.ply == 0 and table.better == 5 and not table.can_pick
    table.step(+1)
    assert table.view_ply == 1 and table.better is None
    table.show_ply(None)
    assert table.past is None and table.can_pick


def test_cues_taken_together_take_away_every_message_each_asks_to():
    from qiguo.play.flow import Cues
    both = Cues(cleared_toasts=["Asking a hard bot for a move…"])
    both.add(Cues(cleared_toasts=["Hint: Envoy o7–j12"]))
    assert both.cleared_toasts == ["Asking a hard bot for a move…", "Hint: Envoy o7–j12"]
