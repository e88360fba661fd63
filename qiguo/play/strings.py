"""Every text the window shows, looked up in the current language's catalog (see
:mod:`.catalogs`; no pygame here: the font script reads it)."""
from __future__ import annotations

from typing import Any

from qiguo.clock import parse_clock
from qiguo.engine import INERT, KIND_GLYPHS, KINGDOM_GLYPHS, KINGDOMS, PRESETS, Game, Move, Piece, Rules, point_name

from .catalogs import LANGUAGES, texts as catalog_texts, translations

ZHOU_GLYPH = "周"
SYMBOLS = "×–—…·←→↑↓●○◆✓"

RULES: list[tuple[str, tuple[str, ...]]] = [
    ("rules.section.board", ("rules.board.1", "rules.board.2", "rules.board.3")),
    ("rules.section.pieces", ()),  # drawn as cards with diagrams from the engine
    ("rules.section.defeat", ()),  # written from the rule options: rules_text(rules)
    ("rules.section.victory", ()),
    ("rules.section.playing", ("rules.playing.1", "rules.playing.2", "rules.playing.3", "rules.playing.4",
                               "rules.playing.5")),
]
"""The rules screen's sections: a heading's key and its lines' keys."""
_language = "en"


def set_language(code: str) -> None:
    """Show every text in this language from now on (unknown codes fall back to English)."""
    global _language
    _language = code if code in LANGUAGES else "en"


def language() -> str:
    return _language


def t(key: str, **values: object) -> str:
    """The text for a key in the current language, with values filled in."""
    return translations(_language).gettext(key).format(**values)


def tn(key: str, n: int, **values: object) -> str:
    """The text for a key that counts `n` things, in the current language's plural form for
    `n` ("1 move", "2 moves"), with ``{n}`` and the other values filled in."""
    return translations(_language).ngettext(key, key, n).format(**{"n": n, **values})


def piece_of(piece: Piece) -> str:
    """A piece with its kingdom: "Chu's Bow"."""
    return t("piece.of", kingdom=kingdom_name(piece.kingdom), piece=piece_name(piece))


def reason_words(reason: Any) -> str:
    """Why the coach suggests a move (an :class:`qiguo.ai.coach.Reason`), in words, with what it
    still leaves to be taken."""
    other = ""
    if reason.other is not None:
        other = (t("piece.of_moved", kingdom=kingdom_name(reason.other.kingdom), piece=piece_name(reason.other),
                   mover=kingdom_name(reason.mover)) if reason.mover >= 0 else piece_of(reason.other))
    words = t(f"reason.{reason.key}", other=other, mine=piece_name(reason.piece) if reason.piece is not None else "")
    if reason.still is None:
        return words
    if reason.still_moved:
        return words + t("reason.still_moved", point=point_name(reason.still_at))
    return words + t("reason.still", piece=piece_name(reason.still), point=point_name(reason.still_at))


def point_words(point: Any) -> str:
    """A puzzle theme's point for its answer (a :class:`qiguo.ai.puzzles.themes.Point`): what
    the move takes, saves, attacks or traps."""
    pieces = [(t("side.at", kingdom=kingdom_name(p.kingdom), piece=piece_name(p), point=point_name(sq)), sq, p)
              for sq, p in point.pieces]
    first = pieces[0] if pieces else ("", -1, None)
    second = pieces[1][0] if len(pieces) > 1 else ""
    return t(f"point.{point.theme}", first=first[0], second=second, at=point_name(first[1]) if first[1] >= 0 else "",
             piece=piece_name(first[2]) if first[2] is not None else "")


def side_words(side: Any) -> str:
    """A piece an explanation names (a :class:`qiguo.ai.coach.contrast.Side`): its kingdom, kind
    and point, and the kingdom that moves it when its army was inherited."""
    parts = {"kingdom": kingdom_name(side.piece.kingdom), "piece": piece_name(side.piece), "point": point_name(side.at)}
    if side.mover != side.piece.kingdom:
        return t("side.moved_by", mover=kingdom_name(side.mover), **parts)
    return t("side.at", **parts)


def contrast_words(c: Any) -> str:
    """Why the better move beats the one played (a :class:`qiguo.ai.coach.contrast.Contrast`),
    in words that never name the better move (a wrong try is told why without the answer)."""
    parts: dict[str, str] = {"target": side_words(c.target) if c.target is not None else "",
                             "by": side_words(c.by) if c.by is not None else ""}
    if c.piece is not None:
        parts.update(piece=piece_name(c.piece.piece), point=point_name(c.piece.at))
    key = {"loses": "why.loses_saved" if c.saved else "why.loses",
           "forced": "why.forced_at" if c.target is not None else "why.forced"}.get(c.key, f"why.{c.key}")
    words = t(key, **parts)
    if c.also is not None:
        words += t("why.also", piece=piece_name(c.also.piece), point=point_name(c.also.at))
    return words


def rules_text(rules: Rules | None = None) -> list:
    """The rules screen's sections, (heading, lines), in the current language; defeat and victory
    are written from the rule options in play."""
    rules = rules or Rules.make()
    sections = [(t(title), [t(line) for line in lines]) for title, lines in RULES]
    count = t(f"rules.count.{rules.attrition_count}")
    defeat = [t(f"rules.general.{rules.general_army}"),
              tn(f"rules.attrition.{rules.attrition_army}", rules.attrition_limit, count=count)]
    if rules.weights == "classic":
        defeat.append(t("rules.weights.classic"))
    defeat.append(t("rules.nocheck"))
    if rules.layout == "mirrored":
        defeat.append(t("rules.layout.mirrored"))
    aims = [tn(f"rules.win.{name}", n) for name, n in (("generals", rules.win_generals),
                                                           ("captures", rules.win_captures),
                                                           ("kingdoms", rules.win_kingdoms)) if n]
    victory = ([t("rules.win", what=t("rules.or").join(aims))] if aims else []) + [
        t("rules.last"), tn("rules.quiet", rules.quiet_rounds),
        t("rules.preset", preset=t(f"preset.{rules.preset}")), differences(rules)]
    victory += [t("rules.other_preset", preset=t(f"preset.{name}"), changes=differences(Rules.make(name)))
                for name in PRESETS if name != rules.preset]  # what every other preset changes too
    return [sections[0], sections[1], (sections[2][0], defeat), (sections[3][0], victory), sections[4]]


DIFFERENCES = ("horse", "ranged", "general_army", "attrition_army", "attrition_count", "attrition_limit", "weights",
               "win_generals", "win_captures", "win_kingdoms", "quiet_rounds", "layout")
"""The options the rules screen compares with Standard, in the order it says them."""


def differences(rules: Rules) -> str:
    """What these rules change from Standard, in one line ("the Standard rules" when nothing)."""
    mine, standard = rules.options(), Rules.make().options()
    said = []
    for name in DIFFERENCES:
        value = mine[name]
        if value == standard[name]:
            continue
        if isinstance(value, int):
            said.append(t(f"rules.diff.{name}", n=value, was=standard[name]) if value else t(f"rules.diff.{name}.off"))
        else:
            said.append(t(f"rules.diff.{name}.{value}"))
    return t("rules.diff", changes="; ".join(said)) if said else t("rules.diff.none")


def kingdom_name(k: int) -> str:
    return t(f"kingdom.{KINGDOMS[k]}")


def kingdom_glyph(k: int) -> str:
    """The one character standing for a kingdom on discs: its name in Chinese or Japanese (so
    that discs, panel and move list agree), its Chinese glyph otherwise."""
    name = kingdom_name(k)
    return name if len(name) == 1 else KINGDOM_GLYPHS[k]


def piece_glyph(piece: Piece) -> str:
    """The character on a piece's disc, in the current language's glyph forms (將 in
    Traditional Chinese, 剣 in Japanese)."""
    return ZHOU_GLYPH if piece.is_zhou else t(f"glyph.{piece.letter}")


def piece_name(piece: Piece) -> str:
    """A piece's name in the current language (Zhou included)."""
    return t(f"piece.{piece.letter}")


def cannot_move(game: Game, sq: int) -> str:
    """Why the mover cannot pick up what stands on `sq`, in words ("" for an empty point):
    Zhou never moves, a piece of an army out of the game, another kingdom's piece, or one of
    the mover's own with every way blocked."""
    piece = game.piece_at(sq)
    if piece is None:
        return ""
    if piece.is_zhou:
        return t("why.zhou")
    c = game.controller[piece.kingdom]
    if c == INERT:
        return t("why.inert", piece=piece_of(piece))
    if c != game.turn:
        return t("why.not_yours", piece=piece_of(piece), kingdom=kingdom_name(game.turn))
    return t("why.blocked", piece=piece_name(piece), point=point_name(sq))


def how_it_moves(letter: str, rules: Rules) -> str:
    """One line on how a kind moves under these rules (``Z`` for Zhou)."""
    if letter == "H" and rules.horse == "upto3":
        return t("piece.H.desc.upto3")
    if letter in "AX" and rules.ranged == "exact":
        return t(f"piece.{letter}.desc.exact")
    return t(f"piece.{letter}.desc")


def point_lines(g: Game, point: int) -> list[str]:
    """What a point shows when explained: its name, or what stands there (whose, moved by whom)
    and how it moves under the rules in play."""
    piece = g.piece_at(point)
    where = point_name(point)
    if piece is None:
        return [t("tip.point", point=where)]
    if piece.is_zhou:
        return [f"{piece_name(piece)} · {where}", how_it_moves("Z", g.rules)]
    c = g.controller[piece.kingdom]
    values = {"piece": piece_name(piece), "kingdom": kingdom_name(piece.kingdom)}
    if c == piece.kingdom:
        head = t("tip.piece", **values)
    elif c >= 0:
        head = t("tip.inherited", controller=kingdom_name(c), **values)
    else:
        head = t("tip.inert", **values)
    return [f"{head} · {where}", how_it_moves(piece.letter, g.rules)]


def move_words(game: Game, move: Move) -> str:
    """A move about to be played in `game`, in words: ``Horse a7–d10 takes Chu's Bow``."""
    if move.is_pass:
        return t("moves.pass", k=kingdom_name(game.turn))
    piece, victim = game.piece_on(move.from_sq), game.piece_at(move.to_sq)
    frm, to = point_name(move.from_sq), point_name(move.to_sq)
    if victim is None:
        return t("move.words", piece=piece_name(piece), frm=frm, to=to)
    return t("move.words.capture", piece=piece_name(piece), frm=frm, to=to, kingdom=kingdom_name(victim.kingdom),
             victim=piece_name(victim))


def clock_words(spec: str) -> str:
    """A clock SPEC in words ("5 min + 5 s delay"; "" is no clock)."""
    if not spec:
        return t("clock.off")
    c = parse_clock(spec)
    return t(f"clock.{c.kind}", minutes=f"{c.base / 60:g}", seconds=int(c.bonus))


def status_text(game: Game, k: int, short: bool = False) -> str:
    """A kingdom's standing in words: in play, off the board, or out (how, and its army); with
    `short`, the fewer words of a narrow place (the panel's row)."""
    s = game.standing(k)
    if s.state != "out":
        return t("status.off" if s.state == "off" else "status.in_play")
    if not s.how:
        return t("status.out")
    if s.how == "resigned":
        how = t("status.resigned")
    elif s.by < 0:
        how = t(f"status.{s.how}.anon")
    else:
        how = t(f"status.short.{s.how}" if short else f"status.{s.how}", by=kingdom_name(s.by))
    if s.army == "inherited" and short:
        army = (t("status.army.short.same") if s.heir == s.by
                else t("status.army.short.inherited", by=kingdom_name(s.heir)))
    elif s.army == "inherited":
        army = t("status.army.inherited", by=kingdom_name(s.heir))
    else:
        army = t(f"status.army.{s.army}")
    return how + t("status.join") + army


def characters() -> set[str]:
    """Every character the window may draw, in every language (for the font and its test)."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    texts = ["".join(KIND_GLYPHS) + "".join(KINGDOM_GLYPHS) + ZHOU_GLYPH + SYMBOLS]
    for code, name in LANGUAGES.items():
        texts += [name] + catalog_texts(code)
    for s in texts:
        chars.update(s)
    return chars
