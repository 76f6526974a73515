"""The equilibrium in OpenSpiel's ``euchre`` (issue 57): OpenSpiel's games (the dealer may not
discard the upcard) have committed tables, so ``openspiel_bot("equilibrium", ...)`` plays them;
a strategy that cannot play a game's rules is refused when its bot is made, not at its first
step.  Needs the ``openspiel`` extra."""

from __future__ import annotations

import random

import pytest

from sim import equilibrium_table_path
from sim.agents.openspiel import (
    OPENSPIEL_GAMES,
    OpenSpielError,
    openspiel_bot,
    openspiel_rules,
    record_of,
    rules_for,
)
from sim.referee import replay_record

pyspiel = pytest.importorskip("pyspiel")


@pytest.mark.parametrize("params", OPENSPIEL_GAMES, ids=["stick", "lone-defender"])
def test_each_openspiel_game_has_a_committed_table(params):
    rules = rules_for(pyspiel.load_game("euchre", params))
    assert rules == openspiel_rules(**params) and not rules.dealer_may_discard_upcard
    assert equilibrium_table_path(rules).is_file()


@pytest.mark.compile
@pytest.mark.parametrize("params", OPENSPIEL_GAMES, ids=["stick", "lone-defender"])
def test_the_equilibrium_plays_openspiels_games(params):
    game = pyspiel.load_game("euchre", params)
    bots = [openspiel_bot("equilibrium", game, p, seed=0) for p in range(4)]
    rng = random.Random(11)
    for h in range(60):
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
        assert state.returns()[0] == result["points"][0] - result["points"][1], h


@pytest.mark.compile
def test_a_strategy_that_cannot_play_the_game_is_refused_when_its_bot_is_made():
    game = pyspiel.load_game("euchre")       # stick the dealer, the upcard never discarded
    published = equilibrium_table_path(openspiel_rules(False, False).replace(
        dealer_may_discard_upcard=True))
    with pytest.raises(OpenSpielError) as e:
        openspiel_bot(f"equilibrium:table={published}", game, 0)
    message = str(e.value)
    assert "cannot play OpenSpiel's euchre" in message
    assert "stick_the_dealer=true, dealer_may_discard_upcard=false" in message
    assert "was computed for published rules" in message
