"""Clocks in a game (issue 79): a human's clock runs only on their turn, not while paused, on
the bots' turns or while the screen is away; a bloc shares one; out of time a player's kingdoms
resign as resigning does under the rules in play, said and recorded; saves keep the clocks;
``--clock`` refuses a bad SPEC in one line."""
import json
import subprocess
import sys

import pytest

from qiguo.clock import parse_clock
from qiguo.engine import PRESETS, Game
from qiguo.play import saves
from qiguo.play.match import BEAT, Match
from qiguo.play.seats import parse_seats
from qiguo.play.strings import t

from ui_helpers import InlineWorker, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))


def ticking(match, start, seconds, step=0.1, stopped=False):
    """Time the clocks frame by frame from `start` for `seconds`; returns the time reached."""
    now = start
    while now < start + seconds - 1e-9:
        now += step
        match.time_clocks(stopped, now)
    return now


def test_a_clock_runs_on_its_players_turn_only():
    m = Match(parse_seats("h333333"), clock=parse_clock("1+0"), worker_factory=InlineWorker)
    assert set(m.clocks.left) == {0}  # bots have none
    now = ticking(m, 1000.0, 5.0)
    assert m.clocks.shown(0, now) == pytest.approx(55, abs=0.11)
    m.paused = True
    now = ticking(m, now, 30.0)
    assert m.clocks.shown(0, now) == pytest.approx(55, abs=0.11)  # not while paused
    m.paused = False
    now = ticking(m, now, 5.0, stopped=True)  # the window minimised
    assert m.clocks.shown(0, now) == pytest.approx(55, abs=0.11)
    now = ticking(m, now, 1.0)  # running again
    m.time_clocks(False, now + 40.0)  # a long gap between frames (a menu was on top): not charged
    assert m.clocks.shown(0, now + 40.0) == pytest.approx(54, abs=0.11)
    m.clocks.moved(0, now + 40.0)
    m.game.play(m.game.legal_moves()[0])  # a bot's turn now (played by hand here)
    ticking(m, now + 40.0, 20.0)
    assert m.clocks.left[0] == pytest.approx(54, abs=0.11) and m.clocks.running is None
    m.close()


def test_a_move_played_charges_the_movers_clock_with_its_bonus():
    m = Match(parse_seats("hhhhhhh"), clock=parse_clock("1d5"), worker_factory=InlineWorker)
    import time
    start = time.monotonic()
    m.time_clocks(False, start)
    m.clocks.run(0, start - 8.0)  # Qin has thought for 8 s
    m.clocks.since = start - 8.0
    m.play_human(m.game.legal_codes()[0])
    assert m.clocks.left[0] == pytest.approx(57, abs=0.2)  # 8 s used, 5 given back
    m.close()


def test_a_bloc_shares_one_clock():
    m = Match(parse_seats("hhh3333"), blocs=["wo"], clock=parse_clock("1+0"), worker_factory=InlineWorker)
    qin, chu, han = 0, 1, 2
    assert m.clock_player(qin) == m.clock_player(han) == qin and m.clock_player(chu) == chu
    assert set(m.clocks.left) == {qin, chu}
    m2 = Match(parse_seats("hhhhhhh"), blocs=["wo"], clock=parse_clock("1+0"), worker_factory=InlineWorker)
    assert len(m2.clocks.left) == 6 and m2.kingdoms_of_player(0) == [0, 2]
    m.close()
    m2.close()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_out_of_time_a_players_kingdoms_resign_as_the_rules_say(preset):
    m = Match(parse_seats("hhhhhhh"), preset, blocs=["wo"], clock=parse_clock("0.5+0"), worker_factory=InlineWorker)
    for _ in range(14):  # a few moves first, so that the armies have something to become
        m.game.play(m.game.legal_moves()[0])
    assert m.game.turn == 0
    same = Game.from_record(m.game.record())
    same.resign(0)
    same.resign(2)
    out = []
    now = 500.0
    while not out and now < 600:
        now += 0.25
        out = m.time_clocks(False, now)
    assert out == [0, 2] and m.on_time == [0, 2] and now == pytest.approx(530.0, abs=0.3)
    for k in (0, 2):
        assert m.game.standing(k) == same.standing(k)  # as a resignation under these rules
    m.close()


def test_a_flag_is_said_and_recorded(monkeypatch):
    from qiguo.play import record
    app = make_app((1280, 900))
    m = Match(parse_seats("h333333"), clock=parse_clock("0.5+0"), worker_factory=InlineWorker)
    scene = app.scene("game", m)
    app.stack.push(scene)
    told = []
    monkeypatch.setattr(app, "toast", lambda text, *a, **k: told.append(text))
    m.clocks.left[0] = 0.05
    import time
    deadline = time.monotonic() + 3
    while not m.on_time and time.monotonic() < deadline:
        app.step(0.016, [])
        time.sleep(0.02)
    assert m.on_time == [0]
    assert t("clock.flag", names=t("kingdom.w")) in told
    entries = record.load()
    assert entries and entries[-1]["on_time"] == "w"
    from qiguo.scenes.record import game_label
    assert t("record.on_time", names=t("kingdom.w")) in game_label(entries[-1])


def test_a_save_keeps_the_clocks():
    m = Match(parse_seats("hh33333"), clock=parse_clock("5d5"), worker_factory=InlineWorker)
    m.clocks.left[0] = 123.45
    m.on_time = []
    data = saves.to_data(m)
    back = saves.to_match(json.loads(json.dumps(data)), worker_factory=InlineWorker)
    assert back.clocks is not None and back.clocks.spec.text() == "5d5" and back.clocks.left[0] == 123.45
    assert saves.damaged_field(dict(data, clock={"spec": "5x5"})) == "clock"
    m.close()
    back.close()


@pytest.mark.parametrize("spec", ["5x5", "0+2", "3+2+1", ""])
def test_main_refuses_a_bad_clock_in_one_line(spec):
    r = subprocess.run([sys.executable, "main.py", "--clock", spec], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "error:" in r.stderr


@pytest.mark.parametrize("size", [(800, 600), (1280, 900)])
def test_the_panel_shows_each_humans_clock_the_movers_lit(size):
    from qiguo.ui import theme
    app = make_app(size)
    m = Match(parse_seats("hh33333"), clock=parse_clock("5d5"), worker_factory=InlineWorker)
    scene = app.scene("game", m)
    app.stack.push(scene)
    app.step(0.016, [])
    app.draw()
    faces = scene.table.clock_faces()
    assert set(faces) == {0, 1} and faces[0].running and not faces[1].running and faces[1].text == "5:00"

    def pill_colour(k):
        pill = scene.panel.clock_rects[k]
        return tuple(app.screen.get_at((pill.centerx, pill.top + 1)))[:3]
    assert set(scene.panel.clock_rects) == {0, 1}  # a bot has none
    assert pill_colour(0) == tuple(theme.ACCENT)[:3]  # the mover's clock lit
    assert pill_colour(1) == tuple(theme.PANEL)[:3]
    m.close()


def test_the_last_ten_seconds_tick_once_a_second(monkeypatch):
    import time as clock_time
    from qiguo.play.settings import Settings
    from qiguo.play.table import Table
    m = Match(parse_seats("hh33333"), clock=parse_clock("5d5"), worker_factory=InlineWorker)
    table = Table(m, Settings())
    now = [1000.0]
    monkeypatch.setattr(clock_time, "monotonic", lambda: now[0])
    m.clocks.left[0] = 12.0
    m.clocks.run(0, now[0])
    ticks = []
    for _ in range(160):  # 3.2 s in frames of 20 ms: from 12 s to 8.8 s left
        now[0] += 0.02
        ticks += table.clock_ticks()
    assert ticks == ["tick", "tick"]  # the clock passed 10 and 9
    m.close()


@pytest.mark.parametrize("alert", [True, False])
def test_in_hot_seat_the_next_players_turn_sounds_unless_turned_off(alert):
    from qiguo.play.settings import Settings
    from qiguo.play.table import Table
    m = Match(parse_seats("hh33333"), worker_factory=InlineWorker)
    table = Table(m, Settings(turn_alert=alert))
    cues = table.play(m.game.legal_codes()[0])  # Qin moves; Chu, another player here, is next
    assert ("turn" in cues.sounds) == alert
    m.close()


def test_in_hot_seat_a_clock_waits_for_its_player_to_take_the_computer():
    from qiguo.play.settings import Settings
    from qiguo.play.table import Table
    m = Match(parse_seats("hh33333"), clock=parse_clock("5d5"), worker_factory=InlineWorker)
    table = Table(m, Settings(hand_over=True))
    table.update(0.016, False)
    assert table.hand_over() and m.clocks.running is None  # passing the computer is nobody's time
    table.take_over()
    table.update(0.016, False)
    assert m.clocks.running == 0
    m.close()
