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
    from sim.table.bindings import kernels_for

    pimc, rollout = load_strategy("pimc:worlds=4"), load_strategy("rollout:worlds=20")
    both = kernels_for((pimc, rollout, pimc, rollout))
    assert both is kernels_for((rollout,) * 4) is kernels_for((pimc,) * 4)
    r = sim.simulate(16, 3, sim.Rules(), sim.Table.teams(rollout, "tuned"), threads=1)
    assert r.hands == 16


# ---------------------------------------------------------------------------------------------
# the endgame: every layout, checked against a brute force written apart


def _brute_layouts(rec, j, seat):
    """Every layout of the unseen cards at play ``j`` of ``rec`` for ``seat``, by brute force
    in Python: each other active seat's count, its shown voids, the ordered-up upcard with the
    dealer until he plays it (unless he showed no trump), the rest in the kitty."""
    from itertools import combinations

    from sim.cards import effective_suit, suit_of

    made = [b for b in rec.bids if b.action in ("order_up", "call")][-1]
    trump = suit_of(rec.upcard) if made.action == "order_up" else made.suit
    out = {(made.seat + 2) & 3} if made.alone else set()
    active = [s for s in range(4) if s not in out]
    plays = rec.plays[:j]
    now = [set(h) for h in rec.hands]
    if rec.discard is not None:
        now[rec.dealer] = (now[rec.dealer] | {rec.upcard}) - {rec.discard}
    for s, c in plays:
        now[s].discard(c)
    void = {s: set() for s in range(4)}
    for t in range(0, len(plays), len(active)):
        trick = plays[t:t + len(active)]
        led = effective_suit(trick[0][1], trump)
        for s, c in trick[1:]:
            if effective_suit(c, trump) != led:
                void[s].add(led)
    played = {c for _, c in plays}
    unseen = set(range(24)) - now[seat] - played - {rec.upcard}
    if seat == rec.dealer and rec.discard is not None:
        unseen -= {rec.discard}
    pinned = {s: set() for s in range(4)}
    if (rec.discard is not None and rec.dealer != seat and rec.dealer in active
            and rec.upcard not in played and trump not in void[rec.dealer]):
        pinned[rec.dealer] = {rec.upcard}
    others = [(seat + k) & 3 for k in (1, 2, 3)]
    need = {s: (5 - sum(1 for p, _ in plays if p == s) - len(pinned[s]) if s in active else 0)
            for s in others}
    found = set()

    def deal(k, left, hands):
        if k == 3:
            found.add(tuple(hands))
            return
        s = others[k]
        allowed = [c for c in sorted(left) if effective_suit(c, trump) not in void[s]]
        for cards in combinations(allowed, need[s]):
            h = list(hands)
            h[s] = sum(1 << c for c in set(cards) | pinned[s])
            deal(k + 1, left - set(cards), h)

    mine = [0] * 4
    mine[seat] = sum(1 << c for c in now[seat])
    deal(0, unseen, mine)
    return found


@pytest.mark.compile
def test_the_endgame_takes_every_layout_and_the_best_weighted_card_as_brute_force_does():
    from sim.agents.view_weights import table_words
    from sim.bits import popcount
    from sim.players.play_likelihood import PLAY_SOFT
    from sim.players.rollout import choose, endgame_worlds, layouts
    from sim.solver.worlds import K_HAND, K_MAKER, K_SEAT

    seat_table = table_words(sim.Rules())
    checked = 0
    for record in sim.trace(8, range(40), sim.Rules(), sim.Table.teams("tuned")):
        rec = parse_record(record)
        for j, (kn, _hidden) in enumerate(card_decisions(rec)):
            if popcount(int(kn[K_HAND])) != 2:
                continue
            seat = int(kn[K_SEAT])
            brute = _brute_layouts(rec, j, seat)
            n = layouts(kn, np.zeros((0, 4), np.int64))
            worlds, weights = endgame_worlds(kn, seat_table, 0, PLAY_SOFT)
            assert n == len(brute) == worlds.shape[0]
            assert {tuple(int(x) for x in row) for row in worlds} == brute
            legal, table = card_values(kn, worlds)
            if len(legal) < 2:
                continue
            sign = 1 if (seat & 1) == (int(kn[K_MAKER]) & 1) else -1
            sums = sign * (weights[:, None] * table).sum(axis=0)
            c, rolled = choose(kn, 50, np.uint64(j), seat_table, 0, PLAY_SOFT, True)
            if rolled == 0:
                continue                       # legal cards worth the same everywhere
            t = rec_trump(rec)
            from sim.cards import POWER_CARD

            got = int(POWER_CARD[t, c])
            assert sums[legal.index(got)] >= sums.max() - 1e-9
            checked += 1
    assert checked >= 10


def rec_trump(rec):
    from sim.cards import suit_of

    made = [b for b in rec.bids if b.action in ("order_up", "call")][-1]
    return suit_of(rec.upcard) if made.action == "order_up" else made.suit
