"""The book of first moves (issue 33): measured by playing each kingdom's first moves on, written
into the weights file, and read by hard and by the hint only at a kingdom's first turn of a
standard seven-kingdom game."""
import json

import pytest

from qiguo.ai import Budget, opening, weights
from qiguo.ai.book import book_move
from qiguo.ai.bots import think
from qiguo.ai.coach.hint import explain
from qiguo.ai.coach.judge import Judge
from qiguo.ai.tune import main as tune_main
from qiguo.engine import Game, Move
from qiguo.play.strings import LANGUAGES, reason_words, set_language

A7D3, B8E4 = Move.parse("a7d3").code, Move.parse("b8e4").code
BOOK = {"book": {"hard": {"Qin": "a7d3", "Chu": "a7d3"}, "hint": {"Qin": "a7d3"}}}
"""Qin's book move, and one Chu can never play (a7 is Qin's point: the book falls back to search)."""


@pytest.fixture(autouse=True)
def restore_weights():
    before = weights.current()
    yield
    weights.use(before)


def test_hard_and_the_hint_play_their_book_move_at_a_kingdoms_first_turn_only():
    weights.use(BOOK)
    g = Game.new()
    assert book_move(g, "hard") == A7D3 and think(g, "hard", budget=Budget(nodes=300)).move == A7D3
    assert Judge(g, budget=Budget(nodes=300)).best == A7D3 and explain(g, A7D3).key == "opening"
    assert book_move(g, "normal") is None  # a level without a book searches
    g.play("a7d3")
    assert book_move(g, "hard") is None  # Chu's entry is not a legal move for Chu: it searches
    for other in (Game.new(kingdoms="wrobgp"), Game.new(attrition_limit=8), Game.new(blocs="wo")):
        assert book_move(other, "hard") is None  # not the start the book was measured from
    later = Game.new()
    while later.ply < 7:
        later.play_code(think(later, "easy").move)
    assert later.turn == 0 and book_move(later, "hard") is None  # Qin has moved: its first turn is over
    assert book_move(Game.from_qfen(later.to_qfen()), "hard") is None  # nobody has moved, but not from the start
    weights.use({"book": {}})
    assert book_move(Game.new(), "hard") is None and think(Game.new(), "hard", budget=Budget(nodes=300)).move != A7D3
    weights.use({"book": {"hard": {"Qin": "a7d3"}}})  # the hint reads its own book, not hard's
    assert Judge(Game.new(), budget=Budget(nodes=300)).best != A7D3 and explain(Game.new(), A7D3).key != "opening"


def test_the_hint_names_its_book_move_in_every_language():
    weights.use(BOOK)
    said = {}
    try:
        for language in LANGUAGES:
            set_language(language)
            said[language] = reason_words(explain(Game.new(), A7D3))
    finally:
        set_language("en")
    assert said["en"].startswith("in test games this first move lost the fewest pieces")
    assert len(set(said.values())) == len(LANGUAGES) and not any("reason." in w for w in said.values())


def test_the_shipped_hint_book_is_the_one_its_study_measured():
    shipped = weights.load()
    assert shipped is not None and weights.BOOK.get("hint") == shipped["book"]["hint"]
    measured = shipped["book_measured"]
    assert measured["command"].startswith("python -m qiguo.ai.tune opening") and measured["command"].endswith("--for hint")
    # Its promise ("this first move lost the fewest pieces") holds for the bots it was measured
    # against: after CGF's values it still sent Qin's Bow to d7, and Chu's Crossbow took the Sword on a8.
    assert measured["bots"] == weights.fingerprint(shipped), "the bots changed since the hint's book was measured: run its command again"
    assert shipped["book"]["hint"] == {k: v["book"] for k, v in measured["losses"].items() if v["book"]}
    for found in measured["losses"].values():
        if found["book"]:  # each saved a quarter piece against hard's own choice, on both sets of seeds
            move = found["book"]
            assert found["moves"][move] <= found["search"] - opening.MARGIN
            assert found["held_out"][move] <= found["held_out"]["search"] - opening.MARGIN


def test_the_weights_file_refuses_a_book_it_cannot_read(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps(BOOK))
    assert weights.load(path) == BOOK
    for bad in ({"book": {"hard": {"Rome": "a7d3"}}}, {"book": {"hard": {"Qin": "a7"}}},
                {"book": {"hard": {"Qin": "pass"}}}, {"book": {"master": {"Qin": "a7d3"}}},
                {"book": {"hard": {"Qin": 7}}}, {"book": ["a7d3"]}):
        path.write_text(json.dumps(bad))
        assert weights.load(path) is None, bad


def test_a_first_move_played_on_counts_the_kingdoms_losses():
    """After Qin's a7d3 Chu's Crossbow takes Qin's Sword on a8 from f3: lost within the round;
    b8e4 leaves nothing Chu's normal bot takes. An illegal or absent move is hard's own choice."""
    assert opening.losses_after((0, 5, A7D3, 1)) >= 1
    assert opening.losses_after((0, 5, B8E4, 1)) == 0
    assert opening.losses_after((0, 5, None, 1)) == opening.losses_after((0, 5, Move.parse("a1a2").code, 1))
    g = opening.position_before(3, 5)
    assert g.turn == 3 and g.ply == 3 and 3 not in g.movers


def fake_each(losses):
    """Runs the study's tasks on a table of losses by (seed, move) instead of playing them."""
    def each(fn, tasks):
        assert fn is opening.losses_after
        return iter([losses(seed, move) for _, seed, move, _ in tasks])
    return each


def test_the_study_keeps_a_move_only_when_it_saves_pieces_on_new_seeds_too():
    def saves_on_both(seed, move):
        return {A7D3: 0, None: 2}.get(move, 3)

    def lucky(seed, move):  # saves on the first seeds only: the best of many looks better than it is
        return {A7D3: 0 if seed < 3 else 2, None: 2}.get(move, 3)

    def late(seed, move):  # saves only on the new seeds: it was not the first seeds' finding
        return {A7D3: 2 if seed < 3 else 0, None: 2}.get(move, 3)

    def too_little(seed, move):
        return {A7D3: 1.9, None: 2}.get(move, 3)
    found = opening.study(0, 3, fake_each(saves_on_both), [0])["Qin"]
    assert found["book"] == "a7d3" and found["search"] == 2 and found["moves"]["a7d3"] == 0
    assert found["held_out"] == {"a7d3": 0, "search": 2} and len(found["moves"]) == opening.KEEP
    assert opening.study(0, 3, fake_each(lucky), [0])["Qin"]["book"] is None
    assert opening.study(0, 3, fake_each(late), [0])["Qin"]["book"] is None
    assert opening.study(0, 3, fake_each(too_little), [0])["Qin"]["book"] is None


def test_the_opening_tool_plays_first_moves_on_and_writes_the_book(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(opening, "KEEP", 2)  # the real study's games, fewer and shorter
    monkeypatch.setattr(opening, "ROUNDS", 1)
    monkeypatch.setattr(opening, "OPPONENTS", "easy")
    out = tmp_path / "w.json"
    assert tune_main(["opening", "--seeds", "1", "--seed", "5", "--kingdoms", "qin", "--out", str(out)]) == 0
    written = weights.load(out)
    assert written is not None and written["book_measured"]["command"].endswith("--seeds 1 --seed 5 --kingdoms Qin")
    assert written["book_measured"]["bots"] == weights.fingerprint(weights.current())  # the bots it played
    qin = written["book_measured"]["losses"]["Qin"]
    assert len(qin["moves"]) == 2 and all(v >= 0 for v in qin["moves"].values())
    assert written["book"].get("hard", {}).get("Qin") == qin["book"]  # a move only when it saved pieces
    assert written["values"] == (weights.load() or weights.current())["values"]
    assert "Qin" in capsys.readouterr().out
    assert tune_main(["opening", "--kingdoms", "Rome", "--out", str(out)]) == 2
    assert "kingdoms are Qin" in capsys.readouterr().err
    assert tune_main(["opening", "--seeds", "1", "--seed", "5", "--kingdoms", "qin", "--for", "hint", "--out", str(out)]) == 0
    hint = weights.load(out)
    assert hint is not None and hint["book_measured"]["command"].endswith("--kingdoms Qin --for hint")
    assert hint["book"].get("hint", {}).get("Qin") == qin["book"] and hint["book_measured"]["losses"]["Qin"] == qin
    others = {k: v for k, v in weights.BOOK.get("hint", {}).items() if k != "Qin"}
    assert others and {k: v for k, v in hint["book"]["hint"].items() if k != "Qin"} == others  # not studied: kept
