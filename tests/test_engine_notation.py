"""Section 8 of docs/rules.md: QFEN and move strings in and out, with clear errors."""
import pytest

from positions import qfen
from qiguo.engine import START_QFEN, parse_point, EngineError, Game, IllegalMove, Move, QfenError, Rules, RuleError, SetupError


def test_start_position_round_trip_and_layout():
    g = Game.new()
    assert g.to_qfen() == START_QFEN
    assert Game.from_qfen(START_QFEN).to_qfen() == START_QFEN
    assert g.piece_at(parse_point("a11")).token == "wD"  # Qin's Deputy on a11
    assert g.piece_at(parse_point("e1")).token == "rD"  # Chu's Deputy on e1


def test_omitted_fields_default():
    board = START_QFEN.split()[0]
    assert Game.from_qfen(f"{board} r").to_qfen() == f"{board} r - - 0"


def test_move_strings():
    assert str(Move.parse("b10e10")) == "b10e10"
    assert str(Move.parse("a1a19")) == "a1a19"
    assert str(Move.parse("pass")) == "pass"
    for bad in ["", "b10", "z1a1", "a0a1", "a20a1", "a1a1", "a01a2", "b10-e10"]:
        with pytest.raises(IllegalMove, match="is not a move"):
            Move.parse(bad)


@pytest.mark.parametrize("text,message", [
    ("", "2 to 5 fields"),
    ("19/19 w", "2 ranks"),
    (START_QFEN.replace("2kHkW", "3kHkW", 1), "rank 19 has 20 points"),
    (START_QFEN.replace("/wGwC", "/wGxC"), "'xC' is not a piece"),
    (START_QFEN.replace("4Z9", "4Z8"), "rank 10 has 18 points"),
    (START_QFEN.replace("4Z9", "14"), "Zhou"),
    (START_QFEN.replace(" w -", " q -"), "mover: 'q' is not a kingdom"),
    (START_QFEN.replace(" - - 0", " - - x"), "quiet counter"),
    (START_QFEN.replace(" - - 0", " r:w - 0"), "Chu still has its general"),
    (START_QFEN.replace(" - - 0", " - w=wS 0"), "cannot hold its own"),
    (START_QFEN.replace(" - - 0", " - w:rS 0"), "not CAPTOR=TOKENS"),
])
def test_bad_qfen_names_the_problem(text, message):
    with pytest.raises(QfenError, match=message):
        Game.from_qfen(text)


def test_mover_must_be_in_the_game():
    with pytest.raises(QfenError, match="no general"):
        Game.from_qfen(qfen({"a19": "wG", "s1": "rG", "c3": "oS"}, mover="o"))


def test_illegal_moves_name_the_problem():
    g = Game.new()
    with pytest.raises(IllegalMove, match="no piece on e5"):
        g.play("e5e9")
    with pytest.raises(IllegalMove, match="not Qin's to move"):
        g.play("f1f2")
    with pytest.raises(IllegalMove, match="a10a11 is not a legal move for Qin"):
        g.play("a10a11")
    with pytest.raises(IllegalMove, match="Zhou never moves"):
        g.play("j10j11")
    with pytest.raises(IllegalMove, match="cannot pass"):
        g.play("pass")
    with pytest.raises(IllegalMove, match="no move to undo"):
        g.undo()
    assert g.to_qfen() == START_QFEN


def test_rules_options_and_presets():
    assert Rules.make().horse == "exact3"
    r = Rules.make({"preset": "chinese", "horse": "exact3"})
    assert (r.horse, r.attrition_army, r.win_kingdoms, r.win_generals) == ("exact3", "captor", 2, 0)
    assert Rules.make("sima-guang", quiet_rounds="20").quiet_rounds == 20
    assert Game.new("chinese", horse="exact3").rules.horse == "exact3"
    for bad in [{"rules": "nope"}, {"horse": "four"}, {"quiet_rounds": "x"}, {"colour": "red"}]:
        with pytest.raises(RuleError):
            Rules.make(**bad)


def test_setups_follow_section_6():
    assert Game.new(blocs="wg,ro,bp").teams[2] == 1
    with pytest.raises(SetupError, match="Qi"):
        Game.new(blocs="wg,rb,op")  # with 4 players, Qi must lead the third bloc
    for bad in ["wr", "rb", "wg,wb", "wgo", "wg,rb,ok", "wz"]:
        with pytest.raises(SetupError):
            Game.new(blocs=bad)
    with pytest.raises(SetupError, match="all seven"):
        Game.new(kingdoms="wrb", blocs="wb")
    with pytest.raises(SetupError):
        Game.new(kingdoms="w")
    g = Game.new(kingdoms="wbk")
    assert g.seated == (0, 3, 6)
    assert "rG" not in g.to_qfen() and "bG" in g.to_qfen()
    assert g.standing(1).state == "off" and g.standing(0).state == "in play"
    assert issubclass(SetupError, EngineError)


def test_three_player_bloc():
    g = Game.new(blocs="wgp,ro,bk")
    assert len(set(g.teams)) == 3
