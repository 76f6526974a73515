"""Our players as OpenSpiel bots (``sim.agents.openspiel``): OpenSpiel's ``euchre`` game with
our agents at all four seats and OpenSpiel enforcing the rules; no illegal action, and our
referee gives the same score for the same deal and actions.  Needs the ``openspiel`` extra."""

from __future__ import annotations

import random

import pytest

from sim.agents.openspiel import openspiel_bot, ours, record_of, theirs
from sim.referee import replay_record

pytestmark = pytest.mark.compile

pyspiel = pytest.importorskip("pyspiel")


def test_card_numbers_map_both_ways():
    assert sorted(ours(c) for c in range(24)) == list(range(24))
    assert all(theirs(ours(c)) == c for c in range(24))
    assert ours(9) == 6 + 2            # OpenSpiel's DJ is our jack of diamonds


@pytest.mark.parametrize("params,strategy", [
    ({"stick_the_dealer": True, "allow_lone_defender": False}, "tuned"),
    ({"stick_the_dealer": False, "allow_lone_defender": True}, "basic"),
], ids=["stick", "lone-defender"])
def test_five_hundred_hands_legal_and_scored_as_our_referee_scores_them(params, strategy):
    game = pyspiel.load_game("euchre", params)
    bots = [openspiel_bot(strategy, game, p, seed=0) for p in range(4)]
    rng = random.Random(7)
    for h in range(500):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions(), (h, action)
            state.apply_action(action)
        result = replay_record(record_of(state))
        assert "error" not in result, (h, result)
        returns = state.returns()
        assert returns[0] == result["points"][0] - result["points"][1], h


def test_evaluate_bots_plays_ours_against_uniform_random():
    game = pyspiel.load_game("euchre")
    bots = [openspiel_bot("tuned", game, 0), pyspiel.make_uniform_random_bot(1, 1),
            openspiel_bot("tuned", game, 2), pyspiel.make_uniform_random_bot(3, 3)]
    total = sum(pyspiel.evaluate_bots(game.new_initial_state(), bots, s)[0] for s in range(40))
    assert total > 0
