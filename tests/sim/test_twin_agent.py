"""The plain-Python twin agent (``sim.agents.twin``) decides exactly as the compiled player: every
decision of many referee hands asked of both, at scores where the thresholds move, under the
published rules and stick-the-dealer."""

import numpy as np
import pytest

import sim
from sim.agents.twin import NoTwin, TwinAgent, has_twin, twin_agent
from sim.referee import Hand
from sim.referee.actions import DONE
from sim.run.refereed import deal_of
from sim.run.spec import Table

SCORES = [(0, 0), (9, 4), (3, 9), (9, 9), (6, 7)]


@pytest.mark.parametrize("spec", ["tuned", "basic", "aggressive", "trump-count"])
def test_the_twin_reads_the_kernel_s_seat_table(spec):
    s = sim.load_strategy(spec)
    _, table = Table((s,) * 4).arrays()
    assert np.array_equal(TwinAgent(spec)._table, table)


@pytest.mark.parametrize("spec, rules", [("tuned", sim.Rules()), ("basic", sim.Rules()),
                                         ("tuned", sim.Rules(stick_the_dealer=True)),
                                         ("aggressive", sim.Rules(stick_the_dealer=True,
                                                                  dealer_may_discard_upcard=False)),
                                         ("conservative", sim.Rules(game_to=5))])
def test_every_decision_equals_the_compiled_player_s(spec, rules):
    compiled, plain = sim.agent(spec), TwinAgent(spec)
    asked = 0
    for i in range(160):
        hands, kitty, dealer = deal_of(17, i)
        hand = Hand(hands, kitty, dealer, rules)
        scores = tuple(min(x, rules.game_to - 1) for x in SCORES[i % len(SCORES)])
        while hand.phase != DONE:
            seat = hand.dealer if hand.phase == "discard" else hand.turn
            want = compiled.decide_at(hand, seat, (0, 0), scores)
            assert plain.decide_at(hand, seat, (0, 0), scores) == want, (i, hand.phase)
            hand.apply(want)
            asked += 1
    assert asked > 160 * 10


def test_act_on_a_view():
    hands, kitty, dealer = deal_of(3, 5)
    hand = Hand(hands, kitty, dealer)
    view = sim.view_for(hand, hand.turn)
    assert TwinAgent("tuned").act(view) == sim.agent("tuned").act(view)


def test_which_players_have_a_twin():
    assert has_twin("tuned") and has_twin("basic") and has_twin("trump-count")
    for spec in ("random", "equilibrium", "pimc", "no-such-player"):
        assert not has_twin(spec) and twin_agent(spec) is None
    with pytest.raises(NoTwin):
        TwinAgent("pimc")
