"""Positions built from piece placements (not only text mutations): boards without generals, with
several, with prisoners still standing, odd control and counters. Each goes through the engine,
its command line (moves, play, serve), the save loader and the bot worker: a position or a
clear error, never a crash (issue 9)."""
import contextlib
import functools
import io
import json
import random
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qiguo.ai.worker import BotWorker
from qiguo.engine import KINDS, KINGDOMS, POINTS, CENTRE, EngineError, Game, point_name, qfen_of
from qiguo.engine import cli
from qiguo.play import saves
from test_ai_worker import wait
from ui_helpers import InlineWorker

POINT_NAMES = [point_name(sq) for sq in range(POINTS) if sq != CENTRE]
TOKENS = [k + kind for k in KINGDOMS for kind in KINDS]
LETTERS = st.sampled_from(list(KINGDOMS))


def control_field():
    pair = st.tuples(LETTERS, st.one_of(st.just(""), LETTERS)).map(lambda p: f"{p[0]}:{p[1]}")
    return st.one_of(st.just("-"), st.lists(pair, min_size=1, max_size=3).map(",".join))


def prisoner_field():
    item = st.tuples(LETTERS, st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4)).map(
        lambda p: p[0] + "=" + "".join(p[1]))
    return st.one_of(st.just("-"), st.lists(item, min_size=1, max_size=3).map(",".join))


def placements():
    """Generals placed first (none, one, several, doubled), then any other pieces."""
    generals = st.dictionaries(st.sampled_from(POINT_NAMES), st.sampled_from([k + "G" for k in KINGDOMS]), max_size=5)
    others = st.dictionaries(st.sampled_from(POINT_NAMES), st.sampled_from(TOKENS), max_size=25)
    return st.tuples(generals, others).map(lambda p: {**p[1], **p[0]})


POSITIONS = st.builds(qfen_of, placements(), LETTERS, control_field(), prisoner_field(),
                      st.integers(0, 400))


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=POSITIONS)
def test_a_placed_position_is_a_game_or_a_clear_error_everywhere(text):
    try:
        g = Game.from_qfen(text)
    except EngineError as e:
        assert str(e)
        code, out, err = run_cli("moves", text)
        assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error:")
        data = {**human_save(), "start_qfen": text, "moves": []}
        try:
            saves.to_match(data, worker_factory=InlineWorker)
        except saves.SaveError as e:
            assert str(e)
        return
    again = Game.from_qfen(g.to_qfen())
    assert again.to_qfen() == g.to_qfen()
    code, out, err = run_cli("moves", text)
    assert code == 0 and sorted(out.split()) == sorted(str(m) for m in g.legal_moves())
    if g.result is None:
        move = str(g.legal_moves()[0])
        code, out, err = run_cli("play", text, move)
        g.play(move)
        assert code == 0 and out.split(" | ")[0].strip() == g.to_qfen()


@functools.cache
def human_save() -> dict:
    """A save of a new game of seven humans, to put each placed position in."""
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    return saves.to_data(Match(parse_seats("hhhhhhh"), worker_factory=InlineWorker))


def sample_positions(n: int, seed: int) -> list[str]:
    """Seeded positions of the same kind, for the tests that run a process once for all."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pieces = {rng.choice(POINT_NAMES): rng.choice(TOKENS) for _ in range(rng.randrange(0, 20))}
        for _ in range(rng.randrange(0, 4)):
            pieces[rng.choice(POINT_NAMES)] = rng.choice(KINGDOMS) + "G"
        prisoners = rng.choice(["-", "w=rG", "r=wS", "k=bGbG", "b=oE", "o=wHwH"])
        out.append(qfen_of(pieces, rng.choice(KINGDOMS), rng.choice(["-", "r:w", "o:", "k:k"]), prisoners,
                           rng.randrange(0, 300)))
    return out


def test_serve_answers_each_placed_position_with_one_line():
    lines = [f"{rng_cmd} {q}" for rng_cmd, q in zip(["moves", "play"] * 100, sample_positions(200, 5))]
    lines = [line + (" a1a2" if line.startswith("play") else "") for line in lines]
    r = subprocess.run([sys.executable, "-m", "qiguo.engine", "serve"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, timeout=120)
    answers = r.stdout.split("\n")[:-1]
    assert r.returncode == 0 and "Traceback" not in r.stderr and len(answers) == len(lines)
    assert 20 < sum(a.startswith("error:") for a in answers) < len(lines)


def test_the_real_worker_answers_for_every_valid_placed_position():
    games = []
    for text in sample_positions(2000, 9):
        try:
            g = Game.from_qfen(text)
        except EngineError:
            continue
        if g.result is None:
            games.append(g)
    assert len(games) >= 10
    w = BotWorker()
    try:
        for g in games[:10]:
            w.request(g, "easy", seed=1)
            reply = wait(w)
            assert reply.warning is None and reply.move in g.legal_codes(), g.to_qfen()
    finally:
        w.close()
    assert json.dumps([g.record() for g in games])  # records are plain data
