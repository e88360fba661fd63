"""Fuzzing the readers of outside input: only clear errors, never a crash or a hang."""
import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qiguo.engine import START_QFEN, EngineError, Game, random_game
from qiguo.play import saves
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats

MID_GAME = random_game(Game.new(), 4, max_plies=40)
MID = MID_GAME.to_qfen()
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply (position, how many to delete, what to insert) edits to text."""
    for pos, cut, insert in edits:
        pos %= len(text) + 1
        text = text[:pos] + insert + text[pos + cut:]
    return text


EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 4),
                           st.text(alphabet="wrobgpkZGDBECAXSWH0123456789/ -,:=x\n", max_size=4)),
                 min_size=1, max_size=6)


@FAST
@given(text=st.text(max_size=300))
def test_random_text_is_never_a_crash_as_qfen(text):
    try:
        Game.from_qfen(text)
    except EngineError:
        pass


@FAST
@given(base=st.sampled_from([START_QFEN, MID]), edits=EDITS)
def test_mutated_qfen_gives_a_position_or_a_clear_error(base, edits):
    try:
        g = Game.from_qfen(mutate(base, edits))
    except EngineError as e:
        assert str(e)
        return
    assert Game.from_qfen(g.to_qfen()).to_qfen() == g.to_qfen()
    g.legal_moves()


@FAST
@given(text=st.one_of(st.text(max_size=12), st.from_regex(r"[a-t][0-2]?[0-9][a-t][0-2]?[0-9]", fullmatch=True)))
def test_random_move_strings_are_played_or_refused(text):
    g = MID_GAME.copy()
    before = g.to_qfen()
    try:
        g.play(text)
    except EngineError as e:
        assert str(e) and g.to_qfen() == before


def _save_text() -> str:
    m = Match(parse_seats("h2h3---"), worker_factory=lambda: None)
    random_game(m.game, 2, max_plies=20)
    return json.dumps(saves.to_data(m))


SAVE = _save_text()


@FAST
@given(edits=EDITS)
def test_mutated_saves_load_or_are_refused(tmp_path_factory, edits):
    text = mutate(SAVE, edits)
    path = tmp_path_factory.getbasetemp() / "fuzzed-save.json"  # one file, written again each example
    path.write_text(text)
    try:
        loaded = saves.to_match(saves.read(path), worker_factory=lambda: None)
    except saves.SaveError as e:
        assert str(e) and path.read_text() == text
        return
    assert loaded.game.history == json.loads(text)["moves"]


def test_serve_answers_every_fuzzed_line_with_one_line():
    import random
    rng = random.Random(7)
    lines = []
    for i in range(400):
        base = rng.choice([f"moves {START_QFEN}", f"play {MID} a1a2", f"moves {MID}"])
        text = mutate(base, [(rng.randrange(10_000), rng.randrange(4), rng.choice(["", "x", "/", " ", "9", "wG"]))
                             for _ in range(rng.randrange(1, 4))])
        lines.append(text.replace("\n", " ").strip() or "x")
    r = subprocess.run([sys.executable, "-m", "qiguo.engine", "serve"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, timeout=120)
    answers = r.stdout.split("\n")[:-1]
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert len(answers) == len(lines)
    assert sum(a.startswith("error:") for a in answers) > 100
