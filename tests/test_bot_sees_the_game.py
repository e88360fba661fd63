"""The game a bot searches is the game being played, in every field the rules use (issue 9)."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fault_bots
from positions import game as position
from qiguo.ai.worker import BotWorker
from qiguo.engine import CHOICES, PRESETS, Game
from test_ai_worker import wait

SETUPS = [{}, {"blocs": "wg"}, {"blocs": "wg,ro,bp"}, {"blocs": "wgp,ro,bk"}, {"kingdoms": "wbk"}, {"kingdoms": "rop"}]
OPTIONS = {name: st.sampled_from(values) for name, values in CHOICES.items()}


def yan_breaks_a_tie():
    """Chinese rules counted in total: Chu has lost 5 to Qin and 4 to Yan; Yan takes the tenth."""
    g = position({"a19": "wG", "a1": "rG", "s19": "kG", "c10": "rC", "c4": "kD"}, mover="k", rules="chinese",
                 attrition_count="total", prisoners="w=rWrWrWrWrS,k=rHrHrHrA")
    g.play("c4c10")
    return g


def test_the_tie_is_the_case_a_bare_qfen_gets_wrong():
    live = yan_breaks_a_tie()
    assert not live.alive[1] and live.credits[6] == 1 and live.credits[0] == 0  # the decider, Yan
    from_qfen = Game.from_qfen(live.to_qfen(), live.rules, kingdoms=live.kingdoms)
    assert from_qfen.credits[0] == 1 and from_qfen.credits[6] == 0  # the first in turn order: wrong
    assert Game.from_record(live.record()).state() == live.state()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), preset=st.sampled_from(list(PRESETS)), setup=st.sampled_from(SETUPS),
       options=st.fixed_dictionaries(OPTIONS))
def test_the_record_rebuilds_the_live_game_in_every_field(seed, preset, setup, options):
    rng = random.Random(seed)
    g = Game.new(preset, **setup, **options)
    while g.result is None and g.ply < 600:
        if rng.random() < 0.004 and sum(g.alive) > 2:
            g.resign()
        else:
            moves = g.legal_codes()
            captures = [m for m in g.legal_moves() if g.piece_at(m.to_sq)]
            g.play(rng.choice(captures) if captures and rng.random() < 0.6 else rng.choice(moves))
        if g.ply % 17 == 0 or g.result is not None:
            assert Game.from_record(g.record()).state() == g.state(), g.ply
            assert g.copy().state() == g.state()


def test_the_worker_process_searches_the_live_game():
    live = yan_breaks_a_tie()
    live.play("a19a18")  # Qin to move, with Yan's credit in play
    w = BotWorker(bot=fault_bots.state_bot)
    try:
        w.request(live, "hard")
        reply = wait(w)
    finally:
        w.close()
    assert f"state {fault_bots.state_digest(live)}" in reply.warning
