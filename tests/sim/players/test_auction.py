"""The weight of a world (``sim.players.auction``): on a constructed position, worlds weighted by
the auction give the partner who ordered up more trumps than uniform worlds do, by the amount
an exact sum over the partner's possible hands gives."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from sim import Rules
from sim.cards import is_trump, mask_of, parse_card, parse_cards
from sim.players.auction import auction_likelihood, effective_worlds
from sim.players.equilibrium import class_ids, info_index, region, table_prob1, table_prob2
from sim.players.equilibrium_table import load_equilibrium_table

pytestmark = pytest.mark.compile

# first seat (seat 0, the dealer in seat 3) holds no trump; 9H turned; second seat passes, the
# partner (third seat, seat 2) orders up, not alone
MINE = parse_cards("AS KS QC TC 9D")
UPCARD = parse_card("9H")
TRUMP = 2                                            # hearts
DEALER, PARTNER, SECOND = 3, 2, 1
FLOOR = 0.01


def seat_table_of(table):
    """A seat table holding ``table``'s region at its third word, its place in the first."""
    return np.concatenate([[2.0, 0.0], region(table.round1, table.round2)])


def trumps(mask):
    return sum(1 for c in range(24) if mask >> c & 1 and is_trump(c, TRUMP))


def test_the_partner_who_ordered_holds_the_trumps_the_exact_sum_gives():
    table = load_equilibrium_table(Rules())
    ids = class_ids()
    seat_table = seat_table_of(table)
    unseen = [c for c in range(24) if c not in MINE and c != UPCARD]
    assert len(unseen) == 18 and sum(is_trump(c, TRUMP) for c in unseen) == 6
    # exact: each of the partner's 8,568 hands weighted by the table's chance he orders with it
    num = den = 0.0
    for h in combinations(unseen, 5):
        m = mask_of(h)
        idx, _ = info_index(ids, np.int64(m), np.int64(UPCARD), 2)
        p = max(table.round1[idx, 1], FLOOR)
        num += p * trumps(m)
        den += p
    exact = num / den
    # Monte Carlo: uniform worlds, weighted by the partner's bid alone
    rng = np.random.default_rng(3)
    n = 20_000
    t_partner = np.zeros(n)
    w = np.zeros(n)
    hands = np.zeros(4, np.int64)
    hands[0] = mask_of(MINE)
    skip = (1 << 0) | (1 << SECOND) | (1 << DEALER)      # the partner's order only
    for i in range(n):
        deal = rng.permutation(unseen)
        hands[1], hands[2], hands[3] = (mask_of(deal[5 * j:5 * j + 5]) for j in range(3))
        t_partner[i] = trumps(int(hands[PARTNER]))
        w[i] = auction_likelihood(seat_table, 0, hands, DEALER, UPCARD, 1, PARTNER, TRUMP, False,
                                  skip, FLOOR)
    uniform = t_partner.mean()
    weighted = (w * t_partner).sum() / w.sum()
    ess = effective_worlds(w)
    se = np.sqrt((w ** 2 * (t_partner - weighted) ** 2).sum()) / w.sum()
    assert abs(uniform - 5 * 6 / 18) < 0.03                # 5 of the 18 unseen, 6 of them trumps
    assert abs(weighted - exact) < 4 * se, (weighted, exact, se)
    assert weighted > uniform + 0.5 and exact > 2.2         # an order says trumps
    assert 1_000 < ess < n


def test_a_pass_and_an_order_weigh_every_bid_before_the_maker():
    table = load_equilibrium_table(Rules())
    ids = class_ids()
    seat_table = seat_table_of(table)
    others = ("JH JD AH KH QH", "9C 9S TS JS QS", "KC AC JC KD AD")
    hands = np.array([mask_of(MINE), *(mask_of(parse_cards(h)) for h in others)], np.int64)
    # second seat holds both bowers: its pass (round 1, position 1) is unlikely, and it is the
    # only factor here (first seat skipped as the asker, the dealer never bid)
    w = auction_likelihood(seat_table, 0, hands, DEALER, UPCARD, 1, PARTNER, TRUMP, False,
                           (1 << 0) | (1 << PARTNER) | (1 << DEALER), FLOOR)
    idx, _ = info_index(ids, hands[1], np.int64(UPCARD), 1)
    assert abs(w - max(table.round1[idx, 0], FLOOR)) < 1e-4 and w < 0.1
    # a hand passed out: eight passes, each a factor
    w_out = auction_likelihood(seat_table, 0, hands, DEALER, UPCARD, 0, -1, -1, False, 1, 0.0)
    assert 0.0 <= w_out <= 1.0
    # every action's probability read from the seat table sums to one, as the table's row does
    for s, k in ((1, 1), (2, 2), (3, 3)):
        idx, swapped = info_index(ids, hands[s], np.int64(UPCARD), k)
        p1 = [table_prob1(seat_table, 0, k, hands[s], UPCARD, a) for a in range(3)]
        assert abs(sum(p1) - 1) < 1e-9 and np.allclose(p1, table.round1[idx], atol=1e-4)
        p2 = [table_prob2(seat_table, 0, k, hands[s], UPCARD, -1, False)] + [
            table_prob2(seat_table, 0, k, hands[s], UPCARD, suit, alone)
            for suit in range(4) if suit != UPCARD // 6 for alone in (False, True)]
        assert abs(sum(p2) - 1) < 1e-9 and abs(p2[0] - table.round2[idx, 0]) < 1e-4


def test_pimc_weighs_the_worlds_it_would_deal_and_plays_on_them():
    """``weigh_worlds`` deals the worlds ``choose_card`` deals (the same key), the weighted
    search with every weight 1 is the plain one, and first seat leading with no trump after its
    partner ordered gives the partner more trumps in the weighted worlds than in the plain."""
    from sim.players.auction import weigh_worlds
    from sim.solver.pimc import choose_card, choose_card_weighted
    from sim.solver.search import new_stack, new_table
    from sim.solver.worlds import new_knowledge

    table = load_equilibrium_table(Rules())
    seat_table = seat_table_of(table)
    kn = new_knowledge(0, mask_of(MINE), TRUMP, PARTNER, False, -1, DEALER, UPCARD, True, -1, [])
    n, key = 400, np.uint64(12345)
    worlds = np.zeros((n, 4), np.int64)
    weights = np.zeros(n)
    assert weigh_worlds(kn, n, key, seat_table, 0, FLOOR, -1.0, worlds, weights) == n
    assert (weights > 0).all() and (weights <= 1).all()
    plain_trumps = np.mean([trumps(int(h)) for h in worlds[:, PARTNER]])
    weighted_trumps = (weights * [trumps(int(h)) for h in worlds[:, PARTNER]]).sum() / weights.sum()
    assert weighted_trumps > plain_trumps + 0.5
    a, b = np.zeros(24), np.zeros(24)
    card, solved, _ = choose_card(kn, n, key, 1.0, new_table(), new_stack(), a)
    card_w, solved_w, _ = choose_card_weighted(kn, worlds, np.ones(n), 1.0, new_table(),
                                               new_stack(), b)
    assert (card, solved) == (card_w, solved_w) and np.allclose(a, b, equal_nan=True)


def test_pimc_bids_on_worlds_weighed_by_the_passes_before():
    """``choose_bid`` with the table: every weight 1 (a floor of 1) gives the plain bid's
    means; the real weights move them.  Third seat (seat 2) after two passes, 9H turned, a pass
    worth 0."""
    from sim.players.pimc.bid import MAX_OPTIONS, PASS_ZERO, choose_bid
    from sim.solver.search import new_stack, new_table

    table = load_equilibrium_table(Rules())
    seat_table = seat_table_of(table)
    rules = Rules().pack()
    hand = mask_of(parse_cards("JH AH TD KS QC"))

    def means(at, floor):
        m = np.zeros(MAX_OPTIONS)
        a = choose_bid(2, hand, DEALER, UPCARD, 1, 2, False, seat_table, 0, rules, 4, 200, 1.0,
                       PASS_ZERO, False, at, floor, np.uint64(5), new_table(), new_stack(), m,
                       np.zeros(2, np.int64))
        return a, m[:3]

    plain, flat, weighed = means(-1, FLOOR), means(0, 1.0), means(0, FLOOR)
    assert plain[0] == flat[0] and np.allclose(plain[1], flat[1], equal_nan=True)
    # on uniform worlds ordering the dealer's 9 loses to a pass (worth 0) so surely that it is
    # dropped; with the dealer's partner's pass read (fewer trumps there) it is worth a little
    assert plain[0] == 0 and np.isnan(plain[1][1])
    assert weighed[0] == 1 and 0 < weighed[1][1] < 0.1


def test_resampling_draws_worlds_in_proportion_to_their_weights():
    from sim.players.auction import resample

    rng = np.random.default_rng(2)
    m, n = 400, 100
    worlds = rng.integers(1, 1 << 20, (m, 4))
    weights = rng.random(m) ** 4
    out, drawn = np.zeros((n, 4), np.int64), np.zeros(n)
    k = resample(worlds, weights, m, n, np.uint64(9), out, drawn)
    assert 0 < k <= n and drawn[:k].max() == 1.0 and (drawn[k:] == 0).all()
    rows = {tuple(r): i for i, r in enumerate(worlds)}
    picked = [rows[tuple(r)] for r in out[:k]]
    assert picked == sorted(picked)                  # in the candidates' order, each once
    # the draws of each world: drawn is draws / the most draws (top), n draws in all
    top = next(t for t in range(1, n + 1)
               if np.allclose(drawn[:k] * t, np.round(drawn[:k] * t)) and
               np.round(drawn[:k] * t).sum() == n)
    draws = np.round(drawn[:k] * top)
    # systematic resampling: each world drawn within one of n times its share of the weight
    share = n * weights[picked] / weights.sum()
    assert (np.abs(draws - share) < 1 + 1e-9).all()
    heavy = np.argsort(weights)[-5:]
    assert all(h in picked for h in heavy)
    assert resample(worlds, np.zeros(m), m, n, np.uint64(9), out, drawn) == 0
