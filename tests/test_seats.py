"""One seat language and one level option for every command (qiguo.ai.seats)."""
import json

import pytest

from qiguo.ai import LEVELS
from qiguo.ai import arena, soak
from qiguo.ai.seats import ANY, HUMAN, NETWORK, parse_level, parse_levels, parse_seats, seats_spec
from qiguo.app import main as window_main
from qiguo.net import bot, server


def test_letters_and_words_say_the_same():
    assert parse_seats("h4n3-21") == parse_seats("human,hard,network,normal,off,easy,novice") \
        == parse_seats("h, 4 ,Network,3,-,easy,1") == [HUMAN, "hard", NETWORK, "normal", None, "easy", "novice"]


@pytest.mark.parametrize("seat", ANY)
def test_every_seat_round_trips(seat):
    seats = [seat, "easy", "easy", None, None, None, None]
    assert parse_seats(seats_spec(seats)) == seats


@pytest.mark.parametrize("spec,message", [("h44", "not 3"), ("hx44444", "seat 'x'"), ("h------", "two kingdoms"),
                                          ("a,b", "not 2"), ("", "not 0")])
def test_a_bad_spec_says_what_is_wrong(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_seats(spec)


def test_a_kind_a_command_does_not_take_is_named():
    with pytest.raises(ValueError, match="not taken here: use 1-4"):
        parse_seats("h444444", LEVELS)


def test_levels_by_name_or_number():
    assert parse_level("3") == parse_level("normal") == "normal"
    assert parse_levels("novice,2") == ("novice", "easy")
    for bad in ("h", "-", "genius", ""):
        with pytest.raises(ValueError):
            parse_level(bad)


@pytest.mark.parametrize("command,argv,message", [
    (window_main, ["--seats", "hn44444"], "not taken here"),
    (server.main, ["--seats", "h444444"], "not taken here"),
    (arena.main, ["--seats", "h444444"], "not taken here"),
    (arena.main, ["--seats", "easy,genius,easy,easy,easy,easy,easy"], "seat 'genius'"),
    (soak.main, ["--level", "genius"], "seat 'genius'"),
    (bot.main, ["--join", "127.0.0.1:1", "--code", "ABCDEF", "--level", "5"], "seat '5'"),
    (server.main, ["--seats", "nn-----", "--level", "x"], "seat 'x'"),
    (server.main, ["--seats", "nn-----", "--standin", "easy"], "unrecognized"),
    (soak.main, ["--levels", "easy"], "unrecognized"),
])
def test_every_command_says_a_bad_seat_or_level_in_one_line(command, argv, message, capsys):
    assert command(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err


def test_the_arena_takes_numbers_or_names(tmp_path, capsys):
    out = tmp_path / "a.json"
    assert arena.main(["--games", "1", "--seats", "1111112", "--nodes", "--json", str(out)]) == 0
    by_letters = json.loads(out.read_text())
    assert arena.main(["--games", "1", "--seats", "novice,novice,novice,novice,novice,novice,easy", "--nodes",
                       "--json", str(out)]) == 0
    by_words = json.loads(out.read_text())
    assert by_letters["levels"].keys() == by_words["levels"].keys() == {"novice", "easy"}
    assert by_letters["mean_plies"] == by_words["mean_plies"]
