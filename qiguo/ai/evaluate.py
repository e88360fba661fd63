"""Static evaluation of a position for one player (a kingdom and its allies)."""
from __future__ import annotations


from qiguo.engine import (BOW, BRIGADIER, CANNON, CROSSBOW, DEPUTY, ENVOY, GENERAL, HORSE, INERT, KINGDOMS,
                          SABRE, SWORD, Game, Rules)

WIN = 100_000.0
"""The value of a won game; a lost one is -WIN."""

VALUE = [0.0] * 16
"""Material value of each piece kind, in Swords."""
VALUE[GENERAL] = 6.0
VALUE[DEPUTY] = 6.0
VALUE[BRIGADIER] = 4.5
VALUE[CANNON] = 4.0
VALUE[HORSE] = 3.0
VALUE[CROSSBOW] = 3.0
VALUE[BOW] = 2.5
VALUE[SABRE] = 1.0
VALUE[SWORD] = 1.0
VALUE[ENVOY] = 0.5

ALIVE = 60.0
"""What a kingdom still in the game is worth beyond its pieces: losing the general loses it."""
GENERAL_HELD = 40.0
"""Each captured general, toward hegemony by generals (scaled by how many are needed)."""
PRISONER = 0.6
"""Each prisoner point, toward hegemony by prisoners, on top of the material it removed."""


def letter_material(g: Game) -> list[float]:
    """The value of the pieces on the board carrying each kingdom's letter."""
    board = g.board
    return [sum([VALUE[board[sq] & 15] for sq in squares]) for squares in g.pieces]


Terms = tuple[float, float, int, int]


def hegemony_terms(r: Rules) -> Terms:
    """Per rule set: what each held general and each credited kingdom adds, the captures
    needed (0: no such win) and the attrition limit."""
    return (GENERAL_HELD * 2 / r.win_generals if r.win_generals else 0.0,
            GENERAL_HELD * 2 / r.win_kingdoms if r.win_kingdoms else 0.0, r.win_captures, r.attrition_limit)


FALLING = ALIVE * 0.7
"""How much of ALIVE a kingdom at its attrition limit has lost."""
CURVE = 3.0
"""The attrition curve's power: a kingdom that has lost the share x of its attrition limit has lost
FALLING * x ** CURVE of its standing (``python -m qiguo.ai.tune fit`` chooses it by how well each
power predicts games it did not fit). The cube is reckoned as it always was, so that the hand-set
curve keeps its values to the last bit."""
NEAR = 20.0
"""What a kingdom one prisoner from hegemony by prisoners gains (the cube of how near it is)."""
Rivals = tuple[float, float]
RIVALS: Rivals = (0.5, 0.5)
"""How much the strongest opponent's standing and the opponents' average standing count against a
player's own (a level may weigh them otherwise: :func:`.weights.rivals`)."""
DUEL: Rivals = (0.5, 0.5)
"""The rivals of a level that plays a duel zero-sum (:data:`.weights.DUEL`): with one opponent left,
strongest and average are the same kingdom, so what it loses counts as much as what one gains."""


def attrition_cost(g: Game, k: int, before: int = 0) -> float:
    """What kingdom k's standing loses with its next lost piece, after `before` more lost first:
    a step of the attrition curve, or the kingdom itself at its limit (so a kingdom near its
    limit values every remaining piece more)."""
    r = g.rules
    lost = (max(g.taken[k]) if r.attrition_count == "single" else g.losses[k]) + before
    limit = r.attrition_limit
    if lost + 1 >= limit:
        return ALIVE
    if CURVE == 3:
        return FALLING * ((lost + 1) ** 3 - lost ** 3) / limit ** 3
    return FALLING * (((lost + 1) / limit) ** CURVE - (lost / limit) ** CURVE)


def controlled(g: Game, k: int, letters: list[float]) -> float:
    """The material kingdom k moves: the letters of every army it controls."""
    ctl = g.controller
    return sum(letters[j] for j in range(7) if ctl[j] == k)


def kingdom_value(g: Game, k: int, material: float, terms: Terms) -> float:
    """How well kingdom k, in the game and moving `material`, stands, in Swords (`terms`:
    hegemony_terms of the game's rules)."""
    per_general, per_kingdom, captures, limit = terms
    score = g.score[k]
    v = ALIVE + material + PRISONER * score
    if per_general:
        v += per_general * g.generals[k]
    if per_kingdom:
        v += per_kingdom * g.credits[k]
    if captures:
        near = score / captures
        v += NEAR * near * near * near
    lost = g.losses[k] / limit
    return v - (FALLING * lost * lost * lost if CURVE == 3 else FALLING * lost ** CURVE)


def kingdom_values(g: Game, letters: list[float] | None = None) -> list[float]:
    """How well each of the seven kingdoms stands, in Swords (0 for kingdoms out of the game).
    `letters` is letter_material(g), when the caller keeps it up to date itself."""
    letters = letters or letter_material(g)
    ctl, alive = g.controller, g.alive
    material = [0.0] * 7  # by controller, in one pass over the letters
    for k in range(7):
        c = ctl[k]
        if c != INERT and alive[c]:
            material[c] += letters[k]
    terms = hegemony_terms(g.rules)
    return [kingdom_value(g, k, material[k], terms) if alive[k] else 0.0 for k in range(7)]


def evaluate(g: Game, team: int, values: list[float] | None = None,
             rivals: Rivals = RIVALS) -> float:
    """The position from player `team`'s side: its kingdoms against its strongest and average
    opponent, weighed by `rivals`. Finished games score +/-WIN. `values` is kingdom_values(g),
    when the caller keeps it up to date itself."""
    if g.result is not None:
        return WIN if any(g.teams[KINGDOMS.index(ch)] == team for ch in g.result.winners) else -WIN
    values = values or kingdom_values(g)
    teams, alive = g.teams, g.alive
    own = 0.0
    totals: dict[int, float] = {}
    for k in range(7):
        if alive[k]:
            t = teams[k]
            if t == team:
                own += values[k]
            else:
                totals[t] = totals.get(t, 0.0) + values[k]
    if not totals:
        return own
    others = list(totals.values())
    strongest, field = rivals
    return own - strongest * max(others) - field * sum(others) / len(others)

