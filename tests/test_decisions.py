"""Decisions the code makes that no test pinned (issue 31): each changed on purpose once, and
each of these tests failed."""
import pytest

from qiguo.net import guard as guard_module
from qiguo.net.guard import Guard


def test_a_lock_outs_count_starts_again_once_it_has_expired():
    g = Guard()
    for n in range(guard_module.LOCK_AFTER):
        r = g.wrong("10.1.1.1", now=float(n) * 10)
    assert r.locked_until
    after = r.locked_until + 1
    r = g.wrong("10.1.1.1", now=after)
    assert r.wrong == 1 and not r.locked_until  # one wrong code after the lock-out: a new count


def test_each_wrong_code_doubles_the_wait_from_the_first_up_to_the_most():
    g = Guard()
    waits = []
    for n in range(6):
        now = 100.0 * n  # far apart: only the count matters
        r = g.wrong("10.2.2.2", now=now)
        waits.append(round(r.next_try - now, 3))
    first, most = guard_module.FIRST_WAIT, guard_module.MAX_WAIT
    assert waits == [min(most, first * 2 ** n) for n in range(6)]
    assert waits[0] == first


def test_notices_keep_the_newest(monkeypatch):
    from qiguo.engine import Game, qfen_of
    from qiguo.play import notices
    from qiguo.play.seats import parse_seats
    qfen = qfen_of({"b19": "wG", "c5": "wW", "e5": "wW", "c4": "rD", "r17": "rG", "e4": "oD", "s3": "oG",
                    "k1": "bG"}, mover="r")
    g = Game.from_qfen(qfen, kingdoms="wrob")
    g.play("c4c5")  # Chu takes a Sword of Qin's...
    g.play("e4e5")  # ...then Han the other
    monkeypatch.setattr(notices, "KEPT", 1)
    told = notices.since(g, parse_seats("h333---"), 0)
    assert len(told) == 1 and "e5" in told[0].text, [n.text for n in told]


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    return tmp_path


def _save_data():
    from qiguo.play import saves
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    return saves.to_data(Match(parse_seats("h333333")))


def test_a_save_one_version_newer_is_refused_and_the_current_one_read(data_dir):
    import json
    from qiguo.play import saves
    path = data_dir / "game.json"
    data = _save_data()
    path.write_text(json.dumps(data))
    assert saves.read(path)["version"] == saves.VERSION
    path.write_text(json.dumps(data | {"version": saves.VERSION + 1}))
    with pytest.raises(saves.SaveError):
        saves.read(path)


def test_a_save_name_longer_than_the_limit_is_refused_on_load(data_dir):
    import json
    from qiguo.play import saves
    path = data_dir / "game.json"
    path.write_text(json.dumps(_save_data() | {"name": "n" * saves.NAME_LIMIT}))
    saves.read(path)
    path.write_text(json.dumps(_save_data() | {"name": "n" * (saves.NAME_LIMIT + 1)}))
    with pytest.raises(saves.SaveError):
        saves.read(path)


@pytest.mark.parametrize("locale, code", [("zh_MO", "zh_TW"), ("zh_HK", "zh_TW"), ("zh_TW", "zh_TW"),
                                          ("zh_CN", "zh"), ("zh_SG", "zh"), ("ja_JP", "ja"), ("fr_FR", "en")])
def test_the_locale_chooses_the_written_form(locale, code):
    from qiguo.play.catalogs import system_language
    assert system_language((f"{locale}.UTF-8",)) == code


def test_a_text_missing_from_a_catalog_falls_back_to_english(monkeypatch):
    import polib
    from qiguo.play import catalogs
    real = catalogs.catalog

    def without_one(code):
        po = real(code)
        if code == "ja":
            po = polib.POFile()
            po.metadata = real("ja").metadata
            for e in real("ja"):
                if e.msgid != "title.quick":
                    po.append(e)
        return po
    catalogs.translations.cache_clear()
    monkeypatch.setattr(catalogs, "catalog", without_one)
    try:
        ja = catalogs.translations("ja")
        assert ja.gettext("title.quick") == catalogs.translations("en").gettext("title.quick")
        assert ja.gettext("title.new") != catalogs.translations("en").gettext("title.new")
    finally:
        catalogs.translations.cache_clear()


def test_a_key_moment_is_a_horse_or_more_below_the_judges_choice(monkeypatch):
    """The judge calls a move a mistake exactly when its own choice is valued at least a Horse
    higher (or the move leaves the General open where the choice does not); just under a Horse
    it is good enough, and the choice itself never is one."""
    from qiguo.ai import Budget
    from qiguo.ai.coach import MARGIN, Judge
    from qiguo.ai.coach.judge import Judge as J
    from qiguo.engine import Game
    g = Game.new()
    judge = Judge(g, budget=Budget(nodes=200))
    other = next(c for c in sorted(g.legal_codes()) if c != judge.best)
    for gap, mistake in ((MARGIN, True), (MARGIN - 0.01, False), (0.0, False)):
        monkeypatch.setattr(J, "value", lambda self, code, gap=gap: 10.0 if code == self.best else 10.0 - gap)
        assert judge.mistake(other) is mistake and judge.good_enough(other) is not mistake
        assert not judge.mistake(judge.best)


def test_on_a_tie_the_army_goes_to_the_capture_that_decided_it():
    """Under attrition_army=captor, Chu falls at two losses: one taken by Qin, then the deciding
    one by Han. Tied, the army goes to Han (the rules' tie-break), not to the first in order."""
    from qiguo.engine import Game, Rules, qfen_of
    rules = Rules.make("standard", attrition_army="captor", attrition_limit=2)
    g = Game.from_qfen(qfen_of({"b19": "wG", "c4": "wD", "c5": "rW", "e5": "rW", "r17": "rG", "j15": "rS",
                                "e4": "oD", "s3": "oG", "k1": "bG"}), rules, kingdoms="wrob")
    for move in ("c4c5", "r17r16", "e4e5"):
        g.play(move)
    assert not g.alive[1] and g.taken[1][0] == g.taken[1][2] == 1
    assert g.controller[1] == 2 and g.standing(1).by == 2


def test_the_hint_keeps_an_even_trade():
    """An even trade (it takes what it leaves to be taken back), which the search may choose, is
    kept by the hint: a move is replaced only when it gives material away or leaves the General
    open, though here a free capture would look better statically."""
    from qiguo.ai.coach.danger import outlook, score
    from qiguo.ai.coach.judge import safer
    from qiguo.engine import Game, random_game
    g = Game.new()
    random_game(g, 0, max_plies=40)  # a position with both (found by search once, seeded)
    outlooks = [outlook(g, c) for c in g.legal_codes()]
    trade = next(o for o in outlooks if not o.general and o.gain == o.loss > 0)
    assert any(not o.general and o.gain >= o.loss and score(o) > score(trade) for o in outlooks)
    assert safer(g, trade.move) == trade.move


def test_the_hint_says_an_equal_piece_still_at_risk():
    """Both Horses of Qin's are attacked; the hint's move saves one: it says the other one can
    still be taken (an equal piece is no less at risk)."""
    from qiguo.ai.coach.danger import takers_after
    from qiguo.ai.coach.hint import explain
    from qiguo.engine import Game, parse_point, qfen_of
    g = Game.from_qfen(qfen_of({"a19": "wG", "c5": "wH", "m5": "wH", "c12": "rD", "m12": "oD", "r17": "rG",
                                "s3": "oG"}), kingdoms="wro")
    c5, m5 = parse_point("c5"), parse_point("m5")
    away = next(m for m in g.legal_moves() if m.from_sq == c5 and not takers_after(g, m.code, 0, m.to_sq)
                and not g.piece_at(m.to_sq) and m.to_sq // 19 < 11)
    why = explain(g, away.code)
    assert why.key == "saves" and why.piece.kind == g.piece_at(c5).kind
    assert why.still is not None and why.still_at == m5


def test_of_equal_pieces_at_risk_the_hint_names_the_one_it_moves():
    """An opening played in the window: the hint moved Qin's Horse from b12 to e16, where Yan's Bow
    took it at once, and said only that the other Horse, on a7, could still be taken. Of equal
    pieces left to be taken, the one the move puts there is named."""
    from qiguo.ai.coach.hint import explain
    from qiguo.engine import Game, parse_point
    g = Game.new()
    for move in "b8e4 f4e4 n5p5 p6n4 o14o16 n16p14 f15f11 e10b7 e4a4 n2n4 o6o4 q15p14 o17n16 f11b15".split():
        g.play(move)
    a7, e16 = parse_point("a7"), parse_point("e16")
    assert g.piece_at(a7).kind == g.piece_at(parse_point("b12")).kind
    why = explain(g, g.parse_move("b12e16").code)
    assert why.still is not None and why.still_at == e16


def test_easy_prefers_the_quiet_move_that_threatens_a_capture():
    """Two quiet moves of Qin's Deputy, equal in all but one thing: on d2 it threatens Chu's
    Sword on h2. Easy ranks that one first (its bonus for a threat)."""
    from qiguo.ai.bots import easy_order
    from qiguo.engine import Game, Move, qfen_of
    g = Game.from_qfen(qfen_of({"a19": "wG", "d1": "wD", "h2": "rW", "r17": "rG", "p9": "oG"}), kingdoms="wro")
    quiet, threat = Move.parse("d1d4").code, Move.parse("d1d2").code
    assert quiet in g.legal_codes() and threat in g.legal_codes()
    assert easy_order(g, [quiet, threat])[0] == threat
    assert easy_order(g, [threat, quiet])[0] == threat


def test_late_move_reductions_spare_the_first_moves_of_a_max_node(monkeypatch):
    """Hard's search reduces only late quiet moves: the first four children of every MAX node
    are searched to the full depth."""
    from qiguo.ai import search as search_module
    calls = []
    real = search_module.BestReplySearch._max

    def recording_max(self, depth, alpha, beta, ply, tt_move):
        inner = self._search
        seen = []

        def child(d, a, b, p, maxnode):
            if p == ply + 1:
                seen.append(d)
            return inner(d, a, b, p, maxnode)
        self._search = child
        try:
            return real(self, depth, alpha, beta, ply, tt_move)
        finally:
            self._search = inner
            calls.append((depth, seen))
    monkeypatch.setattr(search_module.BestReplySearch, "_max", recording_max)
    from qiguo.ai.bots import SHAPES
    from qiguo.ai.evaluate import WIN
    from qiguo.engine import Game
    search = search_module.BestReplySearch(Game.new(), shape=SHAPES["hard"])
    search._search(3, -2 * WIN, 2 * WIN, 0, True)  # a MAX node three plies from its leaves
    deep = [(depth, seen) for depth, seen in calls if depth >= 3 and len(seen) > 5]
    assert deep  # the search reached MAX nodes deep enough to reduce
    for depth, seen in deep:
        assert all(d == depth - 1 for d in seen[:4]), (depth, seen[:6])
    assert any(depth - 2 in seen for depth, seen in deep)  # and later quiet moves were reduced
