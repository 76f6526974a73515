"""The ``rollout`` card player (``sim.players.rollout``): its rollouts are tuned's card play as the
kernel plays it, its parameters are checked, it sits at one table with pimc, and its decisions
depend only on what the seat has seen (re-dealt hidden cards change none: ``tests/sim/
test_agents.py`` asks every built-in, this player included, and the agent matches the kernel)."""

from __future__ import annotations

import numpy as np
import pytest

import sim
from sim.cards import parse_card
from sim.players import load_strategy
from sim.players.play_likelihood import card_decisions
from sim.players.rollout import card_values, points
from sim.records import parse_record


def _now_hands(kn, hidden):
    """The four hands at a decision: the seat's own from ``kn``, the others' from ``hidden``."""
    from sim.solver.worlds import K_HAND, K_SEAT

    hands = np.zeros(4, np.int64)
    hands[int(kn[K_SEAT])] = kn[K_HAND]
    for c, s in hidden:
        hands[s] |= 1 << c
    return hands


def test_a_rollout_on_the_true_deal_replays_tuneds_hand():
    """Four tuned seats in the kernel: from every card decision, rolling the true deal out with
    the card tuned played scores what the hand scored (the blueprint is the kernel's tuned)."""
    records = sim.trace(21, range(60), sim.Rules(), sim.Table.teams("tuned"))
    checked = 0
    for record in records:
        rec = parse_record(record)
        result = sim.replay_record(record)
        if result["passed_out"]:
            continue
        maker_team = result["maker"] & 1
        want = result["points"][maker_team] - result["points"][1 - maker_team]
        for j, (kn, hidden) in enumerate(card_decisions(rec)):
            legal, table = card_values(kn, _now_hands(kn, hidden)[None, :])
            played = rec.plays[j][1]
            assert played in legal
            assert table[0, legal.index(played)] == want, (record, j)
            checked += 1
    assert checked > 800


def test_points_follow_the_scoring_table():
    assert [points(w, False, -1, 4) for w in range(6)] == [-2, -2, -2, 1, 1, 2]
    assert points(5, True, -1, 4) == 4 and points(2, True, 1, 4) == -4


def test_a_constructed_endgame_is_valued_as_played_out_by_hand():
    """Hearts trump, seat 1 made it (ordered up 9H; dealer 3 took it); after three tricks the
    defenders have two.  Seat 1 leads trick 4 holding the right bower and 9C against seat 0's
    JD 9D, seat 2's KC QC, seat 3's (partner) AC TC.  Leading the right takes trick 4 and the
    partner's ace takes the last (3 tricks, 1 point); leading 9C lets seat 0 trump partner's ace
    with the left (euchred, -2).  Worked out by hand from tuned's rules."""
    from sim.solver.worlds import new_knowledge

    c = parse_card
    plays = [(0, c("AS")), (1, c("KS")), (2, c("QS")), (3, c("JC")),      # 0 wins
             (0, c("AD")), (1, c("QD")), (2, c("KH")), (3, c("9H")),      # 2 trumps: wins
             (2, c("JS")), (3, c("QH")), (0, c("TS")), (1, c("AH"))]      # 1 over-trumps
    hand = (1 << c("JH")) | (1 << c("9C"))
    kn = new_knowledge(1, hand, 2, 1, False, -1, 3, c("9H"), True, -1, plays)
    world = np.zeros((1, 4), np.int64)
    world[0, 1] = hand
    world[0, 0] = (1 << c("JD")) | (1 << c("9D"))
    world[0, 2] = (1 << c("KC")) | (1 << c("QC"))
    world[0, 3] = (1 << c("AC")) | (1 << c("TC"))
    legal, table = card_values(kn, world)
    assert sorted(legal) == sorted([c("JH"), c("9C")])
    assert table[0, legal.index(c("JH"))] == 1
    assert table[0, legal.index(c("9C"))] == -2


def test_parameters_are_checked_and_named():
    assert load_strategy("rollout:worlds=100").name == "rollout:worlds=100"
    assert load_strategy("rollout:inference=bids").params == {"inference": "bids"}
    for bad, words in (("rollout:worlds=0", "whole number"), ("rollout:worlds=2.5", "whole"),
                       ("rollout:inference=maybe", "inference must be"),
                       ("rollout:world=5", "did you mean 'worlds'")):
        with pytest.raises(ValueError, match=words):
            load_strategy(bad)
    assert load_strategy("rollout").own_row()[6] == 1.0        # bids by the table


@pytest.mark.compile
def test_rollout_and_pimc_seats_sit_at_one_table():
    from sim.run.bindings import kernels_for

    pimc, rollout = load_strategy("pimc:worlds=4"), load_strategy("rollout:worlds=20")
    both = kernels_for((pimc, rollout, pimc, rollout))
    assert both is kernels_for((rollout,) * 4) is kernels_for((pimc,) * 4)
    r = sim.simulate(16, 3, sim.Rules(), sim.Table.teams(rollout, "tuned"), threads=1)
    assert r.hands == 16
