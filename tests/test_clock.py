"""The clocks' arithmetic (issue 79): the increment and the delay on moves shorter and longer
than it, a turn's time adding up across pauses, only a running clock falling, SPEC parsing."""
import pytest

from qiguo.clock import Clocks, charge, clock_text, parse_clock


def test_a_spec_names_an_increment_or_a_delay():
    inc, delay = parse_clock("3+2"), parse_clock("5d5")
    assert (inc.base, inc.bonus, inc.kind) == (180, 2, "increment")
    assert (delay.base, delay.bonus, delay.kind) == (300, 5, "delay")
    assert inc.text() == "3+2" and delay.text() == "5d5" and parse_clock("0.5+0").text() == "0.5+0"


@pytest.mark.parametrize("bad", ["", "3", "3-2", "5d", "d5", "0+2", "181+0", "3+601", "3 + 2", "x+y", "3+2+1"])
def test_a_bad_spec_is_refused_with_a_sentence(bad):
    with pytest.raises(ValueError) as e:
        parse_clock(bad)
    assert len(str(e.value)) > 20


def test_the_increment_adds_the_bonus_after_every_move():
    spec = parse_clock("3+2")
    assert charge(spec, 180, 1) == 181  # a move shorter than the bonus gains
    assert charge(spec, 180, 7) == 175


def test_the_delay_gives_back_the_time_used_up_to_the_delay():
    spec = parse_clock("5d5")
    assert charge(spec, 300, 3) == 300  # shorter than the delay: nothing lost, nothing gained
    assert charge(spec, 300, 8) == 297  # longer: only what passed the delay


def test_a_turn_adds_up_across_pauses_and_is_charged_once():
    c = Clocks(parse_clock("1+0"), [0, 3])
    c.run(0, 10.0)
    assert c.shown(0, 14.0) == pytest.approx(56)
    c.run(None, 14.0)  # paused: the clock stops
    assert c.shown(0, 100.0) == pytest.approx(56)
    c.run(0, 100.0)
    c.moved(0, 103.0)
    assert c.left[0] == pytest.approx(53) and c.running is None
    assert c.shown(3, 103.0) == 60  # the other clock never ran


def test_only_the_running_clock_falls():
    c = Clocks(parse_clock("0.5+0"), [0, 1])
    c.run(0, 0.0)
    assert c.flagged(29.9) is None and c.flagged(30.0) == 0
    c.run(None, 31.0)
    assert c.flagged(1000.0) is None  # stopped: it cannot fall while stopped


def test_times_sent_by_the_server_replace_the_local_ones():
    c = Clocks(parse_clock("5d5"), [0, 1])
    c.set_left({0: 120.0, 1: 42.5}, 1, 50.0)
    assert c.shown(0, 60.0) == 120.0 and c.shown(1, 60.0) == pytest.approx(32.5)


def test_a_clock_face():
    assert [clock_text(s) for s in (3723, 300, 62.5, 9.46, -1)] == ["1:02:03", "5:00", "1:02", "9.4", "0.0"]
