"""Practice with a purpose (issue 34): one judge for the hint and key moments, exercises from
your mistakes with spaced repetition, puzzles mined from games with their command line and a
puzzle rating, and a game rating against calibrated bots."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from qiguo.ai import Budget, weights
from qiguo.ai.calibrate import fit
from qiguo.ai.calibrate import main as calibrate_main
from qiguo.ai.coach import Judge, explain, hint_move
from qiguo.ai.coach.moments import judge_move
from qiguo.ai.coach.danger import outlook
from qiguo.ai.puzzles import check, read, shipped
from qiguo.ai.puzzles.__main__ import main as puzzles_main
from qiguo.ai.ratings import Rating, after_game, after_puzzle, bot_ratings
from qiguo.engine import Game, Move, qfen_of, takers
from qiguo.play import rating
from qiguo.play.drill import Drill
from qiguo.play.judging import Ruling, rule
from qiguo.play.practice import Practice, of_exercise
from test_coach import BLUNDER_GAME, blunder_review

DATA = Path(__file__).parent / "data" / "puzzles.jsonl"
SMALL = Budget(nodes=1500)
"""A small judge for the property tests (the hint and the review share whatever budget they get)."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    return tmp_path


def mid_game(seed: int, plies: int) -> Game:
    g = Game.new()
    rng = random.Random(seed)
    while g.ply < plies and g.result is None:
        g.play_code(rng.choice(sorted(g.legal_codes())))
    return g


# ---- one judge ------------------------------------------------------------------------------


def hinted_and_reviewed(g: Game, budget: Budget | None):
    """The hint's move, judged as the review of a game judges each move (None: not a key moment)."""
    code = hint_move(g, budget=budget)
    return judge_move(g, str(Move(code)), g.ply + 1, budget)


@pytest.mark.parametrize("seed", range(8))
def test_the_hints_move_is_never_a_key_moment(seed):
    assert hinted_and_reviewed(mid_game(seed, 20 + 3 * seed), SMALL) is None


def test_the_hints_move_is_never_a_key_moment_on_the_real_budget():
    assert hinted_and_reviewed(mid_game(42, 30), None) is None


def test_a_trade_the_hint_chose_is_not_called_a_loss():
    """In this position the hint takes a Crossbow with a Crossbow that can be taken back: a trade
    the review does not list as a piece given away."""
    g = mid_game(1, 40)
    o = outlook(g, hint_move(g, budget=SMALL))
    assert o.taken is not None and o.worst is not None and o.worst.point == Move(o.move).to_sq
    assert hinted_and_reviewed(g, SMALL) is None


def test_a_move_the_judge_rates_a_horse_worse_is_a_key_moment_with_the_hints_words():
    start, moves = BLUNDER_GAME
    before = Game.from_qfen(start)
    judge = Judge(before)
    played = before.parse_move(moves[0]).code
    assert judge.mistake(played) and judge.verdict(played).cost >= 3.0
    first = blunder_review().moments[0]
    assert first.better == str(Move(judge.best)) and first.reason == explain(before, judge.best)


# ---- exercises --------------------------------------------------------------------------------


def exercise_practice(day: int = 100) -> tuple[Practice, str]:
    start, moves = BLUNDER_GAME
    g = Game.from_qfen(start)
    g.replay(moves)
    practice = Practice()
    assert practice.add_moments(g, blunder_review().moments, day) == 2
    assert practice.add_moments(g, blunder_review().moments, day) == 0  # once each
    first = practice.due(day)[0]
    return practice, first.id


class InlineJudging:
    """The real judge, asked in this process (the window asks it in another)."""

    def __init__(self):
        self.asked, self.error, self._ruling = 0, "", None

    def ask(self, problem, code):
        self.asked += 1
        self._ruling = rule(problem, code)

    def poll(self):
        ruling, self._ruling = self._ruling, None
        return ruling

    def close(self):
        pass


def test_an_exercise_accepts_any_move_within_the_margin_and_refuses_a_worse_one():
    practice, ident = exercise_practice()
    problem = of_exercise(practice.exercises[ident])
    game = problem.game()
    judge = Judge(game)
    codes = sorted(game.legal_codes())
    within = next(c for c in codes if c != judge.best and judge.good_enough(c))
    worse = next(c for c in codes if judge.mistake(c) and str(Move(c)) != problem.played)
    assert rule(problem, within) == Ruling(True, judge.best, judge.verdict(within).cost, judge.verdict(within).best_value)
    assert rule(problem, worse) == Ruling(False, judge.best, judge.verdict(worse).cost, judge.verdict(worse).best_value)
    drill = Drill(practice, [], "exercises", day=100, judging=InlineJudging)
    assert drill.problem.id == ident and drill.problem.judged
    drill.answer(within)
    assert drill.checking == within and drill.outcome is None  # the judge is asked, not waited for
    drill.update()
    assert drill.outcome.solved and drill.outcome.tries == 1


def test_two_wrong_tries_show_the_judges_answer_and_the_played_move_is_refused_at_once():
    practice, ident = exercise_practice()
    drill = Drill(practice, [], "exercises", day=100, judging=InlineJudging)
    game, problem = drill.game, drill.problem
    drill.answer(game.parse_move(problem.played).code)  # the move of the game: wrong, no search needed
    assert drill._judging is None and drill.wrong == game.parse_move(problem.played).code and drill.outcome is None
    judge = Judge(game)
    worse = next(c for c in sorted(game.legal_codes()) if judge.mistake(c) and str(Move(c)) != problem.played)
    drill.answer(worse)
    drill.update()
    assert not drill.outcome.solved and drill.outcome.answer == judge.best == game.parse_move(problem.solution[0]).code


def test_a_failed_exercise_comes_back_on_later_days_until_solved():
    practice, ident = exercise_practice(day=100)
    practice.exercise_done(ident, False, 100)
    assert ident not in {e.id for e in practice.due(100)} and ident in {e.id for e in practice.due(101)}
    practice.exercise_done(ident, False, 101)
    practice.exercise_done(ident, True, 102)  # solved after failing: again in three days
    assert ident not in {e.id for e in practice.due(104)} and ident in {e.id for e in practice.due(105)}
    practice.exercise_done(ident, True, 105)
    assert practice.exercises[ident].done and ident not in {e.id for e in practice.due(999)}
    assert practice.save()
    again = Practice.load()
    assert again.exercises == practice.exercises
    other = next(e for e in again.exercises.values() if e.id != ident)
    again.exercise_done(other.id, True, 100)  # right the first time: done
    assert again.exercises[other.id].done


def test_an_exercise_keeps_the_set_up_of_its_game():
    """A key moment of an alliance game is judged with its blocs (allies are not targets)."""
    from qiguo.ai.coach import Moment
    g = Game.new(blocs=["wg"])
    g.play_code(sorted(g.legal_codes())[0])
    practice = Practice()
    practice.add_moments(g, [Moment(1, g.history[0], 0, "blunder", None, -1, None, g.history[0], 5.0)], 1)
    (exercise,) = practice.exercises.values()
    position = of_exercise(exercise).game()
    assert exercise.blocs == ("wg",) and position.teams[0] == position.teams[4] != position.teams[1]
    assert Practice.from_json(json.loads(json.dumps({"format": "qiguo-practice", "rating": [25, 8], "streak": 0,
                                                     "best_streak": 0, "tries": [],
                                                     "exercises": [exercise.to_json()]}))).exercises == practice.exercises


def test_the_games_looked_through_are_remembered_once_each(data_dir):
    from qiguo.play.practice import game_key
    g = Game.new()
    first = g.record()
    g.play_code(sorted(g.legal_codes())[0])
    practice = Practice()
    for record in (first, g.record(), first):
        practice.looked_through(record)
    assert practice.reviewed == [game_key(first), game_key(g.record())] and game_key(first) != game_key(g.record())
    assert practice.save() and Practice.load().reviewed == practice.reviewed


def test_the_judge_is_asked_in_another_process_and_the_drill_never_waits():
    """The real worker process (the other tests ask the judge in this one)."""
    import time
    practice, ident = exercise_practice()
    drill = Drill(practice, [], "exercises", day=100)
    game, problem = drill.game, drill.problem
    judge = Judge(game)
    start = time.perf_counter()
    drill.answer(judge.best)
    assert time.perf_counter() - start < 0.5 and drill.checking == judge.best  # asked, not waited for
    deadline = time.monotonic() + 60
    while drill.checking is not None and time.monotonic() < deadline:
        drill.update()
        time.sleep(0.05)
    drill.close()
    assert drill.outcome is not None and drill.outcome.solved


def test_your_failed_moments_join_the_puzzles_first():
    practice, ident = exercise_practice()
    drill = Drill(practice, read(DATA), "puzzles", day=100, judging=InlineJudging)
    assert drill.problem.kind == "exercise"


@pytest.mark.parametrize("text", ["{broken", "[]", '{"format": "qiguo-practice", "rating": [1], "tries": []}',
                                  '{"format": "qiguo-practice", "rating": [25, 8], "streak": 0, "best_streak": 0, '
                                  '"tries": [], "exercises": [{"id": 5}]}',
                                  '{"format": "qiguo-practice", "rating": [25, 8], "streak": 0, "best_streak": 0, '
                                  '"tries": [], "exercises": [], "reviewed": [5]}'])
def test_a_damaged_practice_file_is_set_aside_never_a_crash(data_dir, text):
    (data_dir / "practice.json").write_text(text)
    practice = Practice.load()
    assert practice.problem and practice.tries == [] and practice.exercises == {}
    assert (data_dir / "practice.json.bad").read_text() == text and not (data_dir / "practice.json").exists()
    assert practice.save() and Practice.load().problem == ""


# ---- puzzles ----------------------------------------------------------------------------------


def test_a_puzzle_is_right_on_its_solution_and_counts_toward_the_rating_and_streak():
    puzzles = read(DATA)
    practice = Practice()
    drill = Drill(practice, puzzles, "puzzles", day=100)
    first = drill.problem
    assert first.kind == "puzzle" and first.id == min(puzzles, key=lambda p: (abs(p.rating - 1500), p.id)).id
    drill.answer(drill.game.parse_move(first.solution[-1]).code)  # any accepted move
    assert drill.outcome.solved and drill.outcome.change > 0 and practice.streak == 1
    assert drill.next() and drill.problem.id != first.id
    wrong = next(c for c in sorted(drill.game.legal_codes()) if str(Move(c)) not in drill.problem.solution)
    drill.answer(wrong)
    assert drill.wrong == wrong and drill.outcome is None
    drill.answer(wrong)
    assert not drill.outcome.solved and drill.outcome.change < 0 and practice.streak == 0 and practice.best_streak == 1
    assert [t["solved"] for t in Practice.load().tries] == [True, False]
    assert drill.next()
    wrong = next(c for c in sorted(drill.game.legal_codes()) if str(Move(c)) not in drill.problem.solution)
    drill.answer(wrong)
    drill.answer(drill.game.parse_move(drill.problem.solution[0]).code)  # right on the second try
    assert drill.outcome.solved and drill.outcome.tries == 2
    assert drill.outcome.change < 0 and practice.streak == 0  # the rating counts the first try only


def test_the_daily_puzzle_is_chosen_by_the_date():
    puzzles = read(DATA)
    days = {Practice().daily(puzzles, day).id for day in range(738000, 738030)}
    assert len(days) > 3 and Practice().daily(puzzles, 738001) == Practice().daily(list(reversed(puzzles)), 738001)
    drill = Drill(Practice(), puzzles, "daily", day=738001)
    assert drill.problem.kind == "daily" and drill.problem.id == Practice().daily(puzzles, 738001).id


def test_the_shipped_puzzles_are_many_legal_and_varied():
    puzzles = shipped()
    assert len(puzzles) >= 300
    assert len({p.theme for p in puzzles}) >= 5 and len({p.id for p in puzzles}) == len(puzzles)
    for p in puzzles:
        g = p.game()
        assert g.result is None
        for m in p.solution:
            g.parse_move(m)


@pytest.mark.parametrize("index", range(3))
def test_a_sample_of_the_shipped_puzzles_passes_check(index):
    puzzles = shipped()
    p = puzzles[(index * 7919) % len(puzzles)]
    assert check(p) == ""


def test_a_free_take_puzzle_is_really_free():
    for p in shipped():
        if p.theme != "free":
            continue
        g = p.game()
        k = g.turn
        m = g.parse_move(p.solution[0])
        assert g.piece_at(m.to_sq) is not None
        g.play(m)
        assert not takers(g, m.to_sq, k), p.id


def test_puzzles_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    assert puzzles_main(["make", "--games", "1", "--plies", "10", "--seed", "6", "--out", str(out)]) == 0
    made = [json.loads(line) for line in out.read_text().splitlines()]
    assert made and set(made[0]) == {"id", "qfen", "rules", "solution", "theme", "rating"}
    assert puzzles_main(["check", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"puzzles ok {len(made)}/{len(made)}"
    assert puzzles_main(["show", str(out), made[0]["id"]]) == 0
    shown = capsys.readouterr().out
    assert f"solution {made[0]['solution'][0]}" in shown and "to move" in shown and len(shown.splitlines()) == 23
    broken = dict(made[0], solution=[next(str(m) for m in Game.from_qfen(made[0]["qfen"]).legal_moves()
                                          if str(m) not in made[0]["solution"] and not m.is_pass)])
    quiet = qfen_of({"a1": "wG", "e5": "wW", "s19": "rG", "s1": "oG"}, "w")
    unclear = dict(made[0], id="start", qfen=quiet, solution=["e5e6"])  # nothing clearly best
    out.write_text(json.dumps(broken) + "\n" + json.dumps(unclear) + "\n")
    assert puzzles_main(["check", str(out)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "puzzles ok 0/2" and lines[1] == "start: no move is best by the margin under the deeper search"


@pytest.mark.parametrize("argv", [["make", "--out", "/nonexistent/x.jsonl"], ["check", "/nonexistent.jsonl"],
                                  ["show", "DATA", "nope"], ["check", "BAD"], ["frob"], ["make", "--games", "0",
                                                                                         "--out", "x"]])
def test_bad_puzzle_input_is_one_error_line(argv, capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    argv = [str(DATA) if a == "DATA" else str(bad) if a == "BAD" else a for a in argv]
    assert puzzles_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


# ---- ratings ----------------------------------------------------------------------------------


def test_a_rating_rises_after_wins_and_falls_after_losses():
    bots = [(Rating.of_shown(1500), place) for place in range(2, 8)]
    won = after_game(Rating(), 1, bots)
    lost = after_game(Rating(), 7, [(r, p - 1) for r, p in bots])
    assert lost.shown < Rating().shown < won.shown and won.sigma < Rating().sigma
    assert after_puzzle(Rating(), Rating.of_shown(1500), True).shown > 1500 > after_puzzle(
        Rating(), Rating.of_shown(1500), False).shown


def finished_entry(seats: str, ranking: str, winners: str, when: float = 1.0) -> dict:
    return {"when": when, "seats": seats, "ranking": ranking, "winners": winners}


def test_a_game_alone_against_bots_moves_the_rating_and_others_do_not(data_dir):
    assert rating.add(finished_entry("h222222", "wrgbopk", "w")).rating.shown > 1500
    after_win = rating.current(rating.load())
    assert rating.add(finished_entry("h222222", "rgbopkw", "r", 2.0)).rating.shown < after_win.shown
    assert rating.add(finished_entry("hh22222", "wrgbopk", "w")) is None  # two humans: hot-seat
    assert rating.add(finished_entry("hn22222", "wrgbopk", "w")) is None  # a network player
    assert [p.place for p in rating.load()] == [1, 7] and rating.load()[0].level == "easy"


def test_the_record_rates_a_game_once(data_dir):
    from qiguo.play import record
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from ui_helpers import FINISHING_QFEN, WINNING_MOVE, InlineWorker
    m = Match(parse_seats("h2-----"), qfen=FINISHING_QFEN, worker_factory=InlineWorker)
    m.play_human(WINNING_MOVE)
    assert record.add(m.game, m.seats) and not record.add(m.game, m.seats)
    (point,) = rating.load()
    assert point.place == 1 and point.rating.shown > 1500


@pytest.mark.parametrize("text", ["{oops", '{"format": "qiguo-rating", "history": [{"when": 1}]}', "[]"])
def test_a_damaged_rating_file_is_set_aside_never_a_crash(data_dir, text):
    (data_dir / "rating.json").write_text(text)
    with pytest.raises(rating.RatingError):
        rating.load()
    assert (data_dir / "rating.json.bad").read_text() == text
    assert rating.add(finished_entry("h222222", "wrgbopk", "w")) is not None and len(rating.load()) == 1


def test_what_to_play_next():
    from qiguo.play.record import LevelRow
    assert rating.suggestion([])[0] == "record.suggest.start"
    assert rating.suggestion([LevelRow("normal", 20, 9, 2.0)]) == (
        "record.suggest.up", {"share": 45, "level": "normal", "next": "hard"})
    assert rating.suggestion([LevelRow("easy", 5, 4, 1.0), LevelRow("hard", 10, 0, 5.0)])[1]["next"] == "normal"
    assert rating.suggestion([LevelRow("normal", 10, 2, 3.0)])[0] == "record.suggest.keep"


def test_the_calibrated_bot_ratings_load_and_rank_the_levels():
    levels = bot_ratings()
    shipped_file = json.loads((Path(__file__).parents[1] / "assets" / "ratings" / "bots.json").read_text())
    assert {k: v.to_json() for k, v in levels.items()} == shipped_file["levels"]
    assert levels["novice"].shown < levels["easy"].shown == 1500 < levels["normal"].shown < levels["hard"].shown
    assert len(shipped_file["games"]) >= 60 and shipped_file["command"].startswith("python -m qiguo.ai.calibrate")
    # The levels' ratings hold for the bots that played their games: after CGF they had not been
    # played again, and a player's rating went on being measured against the old bots' strengths.
    shipped = weights.load()
    assert shipped is not None and shipped_file["bots"] == weights.fingerprint(shipped), \
        "the bots changed since their ratings were calibrated: run the file's command again"


def test_calibration_fits_the_levels_from_places_and_refits_its_file(tmp_path, capsys):
    games = [{"seats": ["novice", "novice", "easy", "easy", "normal", "normal", "hard"],
              "places": [7, 6, 5, 4, 3, 2, 1]}] * 12
    fitted = fit(games)
    assert fitted["novice"].mu < fitted["easy"].mu < fitted["normal"].mu < fitted["hard"].mu
    path = tmp_path / "bots.json"
    path.write_text(json.dumps({"command": "python -m qiguo.ai.calibrate --games 12", "games": games}))
    assert calibrate_main(["--refit", str(path)]) == 0
    assert json.loads(path.read_text())["levels"]["hard"] == fitted["hard"].to_json()
    path.write_text("{")
    assert calibrate_main(["--refit", str(path)]) == 2


def test_the_calibration_command_plays_and_writes(tmp_path, monkeypatch, capsys):
    """The command writes every game with the fitted ratings after each one (a stopped run keeps
    what it played); the games here are stand-ins (places by level), the next test plays real ones."""
    from qiguo.ai import calibrate
    def stand_in(task):
        index, seats, rules, seed, nodes = task
        order = sorted(range(7), key=lambda k: -["novice", "easy", "normal", "hard"].index(seats[k]))
        places = [order.index(k) + 1 for k in range(7)]
        return {"seats": seats, "places": places, "plies": 10, "reason": "generals"}
    monkeypatch.setattr(calibrate, "play_game", stand_in)
    out = tmp_path / "bots.json"
    assert calibrate_main(["--games", "6", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert len(data["games"]) == 6 and data["command"].endswith(f"--out {out}")
    assert data["bots"] == weights.fingerprint(weights.current())
    levels = {k: Rating.from_json(v) for k, v in data["levels"].items()}
    assert levels["novice"].mu < levels["easy"].mu < levels["normal"].mu < levels["hard"].mu
    assert levels["easy"].mu == pytest.approx(25)


def test_a_scripted_player_is_rated_from_real_games(capsys):
    """A bot in a human's seat, rated over real games (the quickest: easy against six novices)."""
    assert calibrate_main(["--player", "easy", "--against", "novice", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("game 1: place ") and lines[-1].startswith("easy against six novice: ")


def test_a_puzzles_theme_is_told_once_it_is_over():
    from qiguo.ai.puzzles import shipped
    from qiguo.play.drill import Drill
    from qiguo.play.drill_text import lines
    from qiguo.play.practice import Practice
    from qiguo.play.strings import t
    puzzle = shipped()[0]
    drill = Drill(Practice(), [puzzle], "puzzles", day=10)
    theme = t(f"theme.{puzzle.theme}")
    assert not any(theme in text for text, _ in lines(drill))  # a clue: not before the answer
    drill.give_up()
    assert any(theme in text for text, _ in lines(drill))
