"""The kernel's deals, determinism and random-strategy frequencies against exact values.

Statistical checks use tolerances derived from the sample size: |observed - p| < 5 sigma with
sigma = sqrt(p (1 - p) / n), so a correct kernel fails about once in 3 million runs.
"""

from math import comb, sqrt

import numpy as np
import pytest

from sim import rng
from sim.cards import JACK
from sim.rules import Rules
from sim.run.hands import Table, simulate

pytestmark = pytest.mark.compile

N = 200_000


def within(k, n, p, z=5.0):
    sigma = sqrt(p * (1 - p) / n)
    return abs(k / n - p) < z * sigma, (k / n, p, sigma)


@pytest.fixture(scope="module")
def basic_records():
    return simulate(N, seed=11, records=True).records


@pytest.fixture(scope="module")
def random_records():
    return simulate(N, seed=12, records=True, table=Table.teams("random")).records


def test_numba_rng_matches_python_twin():
    cases = [(0, 0, 0), (1, 2, 1), (2**63 - 1, 10**12, 2), (42, 7, 0)]
    cases += [(s, i, 0) for s in range(5) for i in range(40)]
    for seed, idx, stream in cases:
        k = rng.hand_key(seed, idx, stream)
        assert int(k) == rng.py_hand_key(seed, idx, stream)
        deck = np.empty(24, np.int64)
        rng.shuffle_deck(np.uint64(k), deck)  # keys above 2**63 need the unsigned type
        assert list(deck) == rng.py_shuffle_deck(int(k))
        assert sorted(deck) == list(range(24))
        assert int(rng.sub_key(np.uint64(k), idx)) == rng.py_sub_key(int(k), idx)


def dealt_masks(deck):
    """(h0, h1, h2, h3, upcard, kitty) of a 24-card ``deck`` in deal order."""
    hands = [sum(1 << int(c) for c in deck[5 * j: 5 * j + 5]) for j in range(4)]
    return hands + [int(deck[20]), sum(1 << int(c) for c in deck[21:])]


def test_deal_hands_is_the_shuffled_deck():
    """The kernel's mask-building deal (the deck in registers) is the same deal as
    ``shuffle_deck`` (the deck in an array), card for card."""
    deck = np.empty(24, np.int64)
    for q in range(3000):
        k = rng.hand_key(q % 7, q * 1_000_003, q % 3)
        rng.shuffle_deck(np.uint64(k), deck)
        assert list(rng.deal_hands(np.uint64(k))) == dealt_masks(deck)


def test_deal_block_is_the_shuffled_deck():
    """``deal_block`` (the kernel's vectorised deal of a block of hands) deals hand ``start + i``
    of the run as ``shuffle_deck`` does, for blocks of any length and offset."""
    seed, start = 12345, 10 ** 9
    out = np.zeros((6, 64), np.int64)
    deck = np.empty(24, np.int64)
    for lo, hi in ((0, 64), (7, 8), (100, 161), (5, 5)):
        out[:] = -1
        rng.deal_block(seed, start, lo, hi, out)
        for i in range(lo, hi):
            rng.shuffle_deck(np.uint64(rng.hand_key(seed, start + i, rng.STREAM_DEAL)), deck)
            assert list(out[:, i - lo]) == dealt_masks(deck)
        assert (out[:, hi - lo:] == -1).all()


def test_upcard_uniform(basic_records):
    counts = np.bincount(basic_records.upcard, minlength=24)
    for c in range(24):
        ok, info = within(counts[c], N, 1 / 24)
        assert ok, (c, info)


def test_upcard_is_jack_one_in_six(basic_records):
    ok, info = within(int((basic_records.upcard % 6 == JACK).sum()), N, 1 / 6)
    assert ok, info


def test_seat_holds_both_bowers_exact(basic_records):
    up = basic_records.upcard.to_numpy().astype(np.int64)
    suit = up // 6
    right = suit * 6 + JACK
    left = (3 - suit) * 6 + JACK
    hand = basic_records.hand0.to_numpy().astype(np.int64)
    both = ((hand >> right) & 1) & ((hand >> left) & 1)
    # the upcard is a jack (a bower) 4 times in 24; otherwise both bowers are among 23 unseen
    p = (20 / 24) * comb(21, 3) / comb(23, 5)
    ok, info = within(int(both.sum()), N, p)
    assert ok, info


def test_trump_count_hypergeometric(basic_records):
    """Trumps (upcard's suit, left bower included) in seat 0's hand: 6 trumps among 23 cards."""
    up = basic_records.upcard.to_numpy().astype(np.int64)
    suit = up // 6
    hand = basic_records.hand0.to_numpy().astype(np.int64)
    suit_mask = np.int64(63) << (6 * suit)
    left = np.int64(1) << ((3 - suit) * 6 + JACK)
    trumps = np.array([bin(int(x)).count("1") for x in (hand & (suit_mask | left))])
    for k in range(6):
        p = comb(6, k) * comb(17, 5 - k) / comb(23, 5)
        ok, info = within(int((trumps == k).sum()), N, p)
        assert ok, (k, info)


def test_hands_are_a_partition(basic_records):
    masks = basic_records[["hand0", "hand1", "hand2", "hand3"]].to_numpy().astype(np.int64)
    union = masks[:, 0] | masks[:, 1] | masks[:, 2] | masks[:, 3]
    up = np.int64(1) << basic_records.upcard.to_numpy().astype(np.int64)
    assert np.all(union & up == 0)
    assert np.all([bin(int(u)).count("1") == 20 for u in union[:1000]])
    for a in range(4):
        for b in range(a + 1, 4):
            assert np.all(masks[:, a] & masks[:, b] == 0)


def test_same_seed_same_results_any_threads_chunks_batches():
    a = simulate(30_000, seed=5, records=True, threads=1)
    b = simulate(30_000, seed=5, records=True, threads=2, chunk=1000, batch=7_000)
    assert a.records.equals(b.records)
    c = simulate(30_000, seed=5, threads=2, chunk=333, batch=10_001)
    assert np.array_equal(a.tally, c.tally)
    d = simulate(10_000, seed=5, records=True, start=20_000)
    assert d.records.reset_index(drop=True).equals(
        a.records.iloc[20_000:].reset_index(drop=True)
    )


def test_different_rules_and_strategies_see_the_same_deals():
    a = simulate(5_000, seed=9, records=True).records
    b = simulate(5_000, seed=9, records=True, rules=Rules(stick_the_dealer=True),
                 table=Table.teams("random", "trump-count")).records
    cols = ["hand0", "hand1", "hand2", "hand3", "upcard", "dealer"]
    assert a[cols].equals(b[cols])
    assert not a.equals(b)


def test_random_strategy_exact_frequencies(random_records):
    r = random_records
    pos = (r.maker.astype(int) - r.dealer.astype(int) - 1) % 4
    # round 1: pass, order up, order up alone each 1/3 -> first seat orders with prob 2/3
    first_orders = ((r["round"] == 1) & (pos == 0)).sum()
    assert within(int(first_orders), N, 2 / 3)[0]
    # all four pass round 1 with prob (1/3)^4
    reached2 = int((r["round"] != 1).sum())
    assert within(reached2, N, 1 / 81)[0]
    # in round 2 seven actions (pass, 3 suits x alone or not): first seat calls with prob 6/7
    r2 = r[r["round"] != 1]
    pos2 = (r2.maker.astype(int) - r2.dealer.astype(int) - 1) % 4
    assert within(int(((r2["round"] == 2) & (pos2 == 0)).sum()), len(r2), 6 / 7)[0]
    # alone is half of every making bid
    made = r[r["round"] > 0]
    assert within(int(made.alone.sum()), len(made), 1 / 2)[0]


def test_stick_the_dealer_never_passes_out():
    r = simulate(50_000, seed=3, records=True, rules=Rules(stick_the_dealer=True),
                 table=Table.teams("random")).records
    assert (r["round"] == 0).sum() == 0
    red = simulate(200_000, seed=3, records=True, table=Table.teams("random")).records
    # passed out: (1/3)^4 * (1/7)^4 -> about 1 in 194,000; just check round 0 rows are pointless
    assert np.all(red.loc[red["round"] == 0, ["points0", "points1"]].to_numpy() == 0)


def test_points_follow_scoring_table(basic_records):
    r = basic_records[basic_records["round"] > 0]
    pts = np.maximum(r.points0, r.points1).to_numpy()
    assert np.all((r.points0 == 0) | (r.points1 == 0))
    tricks = r.maker_tricks.to_numpy()
    alone = r.alone.to_numpy() == 1
    expected = np.where(tricks < 3, 2, np.where(tricks == 5, np.where(alone, 4, 2), 1))
    assert np.array_equal(pts, expected)
    maker_team = r.maker.to_numpy() % 2
    maker_pts = np.where(maker_team == 0, r.points0, r.points1)
    assert np.all((maker_pts > 0) == (tricks >= 3))
