"""What the practice screen says, in the current language (no pygame here): the problem's
heading and task, the verdict on each try with the coach's reason, and the player's standing.
Each line comes with its kind ("head", "text", "dim", "good", "bad", "accent") for the colour."""
from __future__ import annotations

from datetime import date

from qiguo.ai.coach import explain
from qiguo.ai.coach.danger import outlook
from qiguo.engine import Move, point_name

from .drill import TRIES, Drill
from .strings import kingdom_name, move_words, piece_name, reason_words, t, tn


def why_wrong(drill: Drill, code: int) -> str:
    """Why a move tried is not the answer, in a few words: what it leaves to be taken, or that
    a clearly better move exists."""
    assert drill.game is not None
    o = outlook(drill.game, code)
    if o.general:
        return t("practice.why.general")
    if o.worst is not None:
        return t("practice.why.piece", piece=piece_name(o.worst.piece), point=point_name(o.worst.point))
    return t("practice.why.better")


def lines(drill: Drill) -> list[tuple[str, str]]:
    """The panel's lines for the problem on show."""
    p, game = drill.problem, drill.game
    if p is None or game is None:
        key = "practice.none.exercises" if drill.mode == "exercises" else "practice.none"
        return [(t("practice.title.done"), "head"), (t(key), "text")]
    if p.kind == "daily":
        head = t("practice.title.daily", date=date.fromordinal(drill.day).isoformat())
    else:
        head = t(f"practice.title.{p.kind}")
    out = [(head, "head")]
    if p.judged:
        out += [(t("practice.about.exercise", kingdom=kingdom_name(game.turn)), "dim"),
                (t("practice.find.exercise", move=move_words(game, game.parse_move(p.played))), "text")]
    else:
        out += [(t("practice.about", kingdom=kingdom_name(game.turn), theme=t(f"theme.{p.theme}"), rating=p.rating),
                 "dim"), (t("practice.find"), "text")]
    o = drill.outcome
    if drill.checking is not None:
        out.append((t("practice.checking"), "accent"))
    elif drill.error:
        out.append((t("practice.judge_failed", why=drill.error), "bad"))
    elif o is not None:
        words = move_words(game, Move(o.answer))
        why = reason_words(explain(game, o.answer))
        key = ("practice.right" if o.tries == 1 else "practice.right.second") if o.solved else "practice.failed"
        out.append((t(key, move=words, why=why), "good" if o.solved else "bad"))
    elif drill.wrong is not None:
        out.append((tn("practice.wrong", TRIES - drill.tries, move=move_words(game, Move(drill.wrong)),
                       why=why_wrong(drill, drill.wrong)), "bad"))
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
