"""The weight of a world by the cards played (``sim.players.play_likelihood``): the model is
tuned's card play exactly (every card tuned's kernel played is the model's), and a seat that led
a low card weighs the worlds that give it an ace at ``soft / n`` of a world that explains it."""

from __future__ import annotations

import numpy as np
import pytest

import sim
from sim import Rules, Table
from sim.cards import is_trump, mask_of, parse_card, parse_cards
from sim.players.auction import TEMPER, effective_worlds, weigh_worlds
from sim.players.play_likelihood import PLAY_SOFT, play_agreement, play_likelihood
from sim.solver.worlds import new_knowledge


@pytest.mark.compile
@pytest.mark.parametrize("rules", [Rules(), Rules(stick_the_dealer=True, defend_alone=True)],
                         ids=["published", "stick-defend-alone"])
def test_the_model_is_tuneds_card_play(rules):
    """Every play with a choice in tuned's traced hands (lone makers and lone defenders
    included) is the model's card: the replay matches the kernel's tricks."""
    records = sim.trace(9, range(150), rules, Table.teams("tuned"))
    n, same = play_agreement(records)
    assert n > 1000 and same == n
    # basic's card play differs from tuned's in its settings: some of its plays are not tuned's
    n, same = play_agreement(sim.trace(9, range(150), rules, Table.teams("basic")))
    assert 0 < same < n


# spades turned down, second seat (seat 1) called hearts and leads: seat 0 (first seat) asks,
# holding two clubs and no trump; the lead was the 9 of clubs
MINE = parse_cards("KC TC QD TD 9S")
UPCARD = parse_card("QS")
TRUMP, DEALER, MAKER = 2, 3, 1
LEAD = parse_card("9C")


@pytest.mark.compile
def test_a_low_lead_weighs_the_worlds_that_explain_it_1_minus_soft_plus_soft_over_five():
    """The maker led a low club where tuned, holding two trumps or more, would pull trumps: the
    worlds in which his lead is tuned's weigh ((1 - soft + soft / 5) / (soft / 5)) ** TEMPER =
    3.6 times the others, and every world that gives him two trumps is one of the others."""
    kn = new_knowledge(0, mask_of(MINE), TRUMP, MAKER, False, -1, DEALER, UPCARD, False, -1,
                       [(MAKER, LEAD)])
    n = 600
    worlds = np.zeros((n, 4), np.int64)
    weights = np.zeros(n)
    assert weigh_worlds(kn, n, np.uint64(7), np.zeros(1), -1, 0.01, PLAY_SOFT, worlds,
                        weights) == n
    low, high = PLAY_SOFT / 5, 1 - PLAY_SOFT + PLAY_SOFT / 5
    ratio = weights / weights.max()
    assert np.allclose(np.sort(np.unique(np.round(ratio, 9))), [(low / high) ** TEMPER, 1.0])
    held = worlds[:, MAKER] | (1 << LEAD)
    trumps = np.array([sum(1 for c in range(24) if h >> c & 1 and is_trump(c, TRUMP))
                       for h in held])
    assert (ratio[trumps >= 2] < 1).all()          # a maker with two trumps pulls
    assert (ratio == 1).sum() > 20 and (ratio < 1).sum() > 20
    # the world's weight is the product over the plays: one play here, so the likelihood itself
    counts = np.zeros(2, np.int64)
    w0 = play_likelihood(kn, worlds[0], 1, PLAY_SOFT, counts)
    assert counts[0] == 1 and w0 in (pytest.approx(low), pytest.approx(high))
    # the seat that asks adds no factor
    assert play_likelihood(kn, worlds[0], 1 | (1 << MAKER), PLAY_SOFT, counts) == 1.0
    # the weighted worlds give the maker fewer trumps than the uniform ones: a maker with two
    # would not lead low (1.37 against 1.64 here)
    assert (weights * trumps).sum() / weights.sum() < trumps.mean() - 0.2
    assert 0 < effective_worlds(weights) < n
