"""What the practice screen says, in the current language (no pygame here): the problem's
heading and task, the verdict on each try with the coach's reason, and the player's standing.
Each line comes with its kind ("head", "text", "dim", "good", "bad", "accent") for the colour."""
from __future__ import annotations

from datetime import date

from qiguo.ai.coach import explain
from qiguo.ai.puzzles.themes import point
from qiguo.engine import Move

from .drill import TRIES, Drill
from .strings import contrast_words, kingdom_name, move_words, point_words, reason_words, t, tn


def later(drill: Drill) -> list[str]:
    """When there is nothing to do now: when the next exercise comes back, or how to make some."""
    if drill.mode != "exercises":
        return []
    due = drill.practice.next_due(drill.day)
    if due is None:
        return [t("practice.none.how")]
    return [tn("practice.none.next", due - drill.day)]


def lines(drill: Drill) -> list[tuple[str, str]]:
    """The panel's lines for the problem on show."""
    p, game = drill.problem, drill.game
    if p is None or game is None:
        key = "practice.none.exercises" if drill.mode == "exercises" else "practice.none"
        return [(t("practice.title.done"), "head"), (t(key), "text")] + [(line, "dim") for line in later(drill)]
    if p.kind == "daily":
        head = t("practice.title.daily", date=date.fromordinal(drill.day).isoformat())
    else:
        head = t(f"practice.title.{p.kind}")
    out = [(head, "head")]
    if p.judged:
        out += [(t("practice.about.exercise", kingdom=kingdom_name(game.turn)), "dim"),
                (t("practice.find.exercise", move=move_words(game, game.parse_move(p.played))), "text")]
    else:
        about = (t("practice.about", kingdom=kingdom_name(game.turn), theme=t(f"theme.{p.theme}"), rating=p.rating)
                 if drill.outcome is not None else  # the theme is a clue: said once the puzzle is over
                 t("practice.about.open", kingdom=kingdom_name(game.turn), rating=p.rating))
        out += [(about, "dim"), (t("practice.find"), "text")]
    o = drill.outcome
    if drill.checking is not None:
        out.append((t("practice.checking"), "accent"))
    elif drill.error:
        out.append((t("practice.judge_failed", why=drill.error), "bad"))
    elif o is not None:
        words = move_words(game, Move(o.answer))
        proof = point(game, o.answer, p.theme) if not p.judged else None  # a puzzle's answer states its theme's point
        why = point_words(proof) if proof is not None else reason_words(explain(game, o.answer))
        key = ("practice.right" if o.tries == 1 else "practice.right.second") if o.solved else "practice.failed"
        out.append((t(key, move=words, why=why), "good" if o.solved else "bad"))
        if not o.solved and drill.wrong is not None and drill.why is not None:  # the last try, answered too
            out.append((t("practice.yours", move=move_words(game, Move(drill.wrong)), why=contrast_words(drill.why)),
                        "dim"))
    elif drill.wrong is not None and drill.why is not None:
        out.append((tn("practice.wrong", TRIES - drill.tries, move=move_words(game, Move(drill.wrong)),
                       why=contrast_words(drill.why)), "bad"))
    return out


def standing(drill: Drill) -> list[tuple[str, str]]:
    """The player's puzzle rating (with the last change), streak and exercises due."""
    pr = drill.practice
    o = drill.outcome
    change = f" ({o.change:+d})" if o is not None and drill.problem is not None and not drill.problem.judged else ""
    out = [(t("practice.rating", rating=pr.rating.shown) + change, "accent"),
           (t("practice.streak", streak=pr.streak, best=pr.best_streak), "dim")]
    due = len(pr.due(drill.day))
    if due:
        out.append((tn("practice.due", due), "dim"))
    if not drill.saved:
        out.append((t("practice.not_saved"), "bad"))
    return out
