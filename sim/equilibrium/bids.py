"""What a bidding policy bids on sampled deals: the data of the equilibrium charts.

``bids_on_deals`` deals ``deals`` hands as the bidding game does (dealer in seat 3, positions are
seats) and gives, for every position, its hand, the upcard and the policy's probability of each
round-1 action (pass, order up, alone) and round-2 action (``sim.players.equilibrium``'s order),
as a tidy frame with the hand features a chart groups by: trumps (the left bower counted), the
bowers, off-suit aces, the upcard's rank.  The same deals for every policy, so charts compare
policies on the same hands.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.players.equilibrium import (
    N_CLASSES,
    N_POSITIONS,
    N_RANKS,
    R1_ACTIONS,
    R2_ACTIONS,
    class_ids,
    class_masks,
)
from sim.rules import R_STICK

from .cfr import NO_FIXED
from .exploit import SCORES0, node_dists
from .game import deal_at

RANKS = "9TJQKA"


@njit(cache=True, parallel=True)
def _dists(seed, n, class_ids, is_table, t1, t2, kinds, seat_table, rules, hands, upcards, out):
    stick = rules[R_STICK] != 0
    for i in prange(n):
        ids = np.empty(4, np.int64)
        swapped = np.empty(4, np.bool_)
        dealt = np.empty(4, np.int64)
        upcards[i] = deal_at(seed, i, class_ids, dealt, ids, swapped, NO_FIXED)
        hands[i] = dealt
        node_dists(is_table, t1, t2, kinds, seat_table, dealt, upcards[i], ids, swapped, rules,
                   stick, out[i], 0, SCORES0)


def _features(hands: np.ndarray, upcards: np.ndarray) -> dict:
    t = upcards // 6
    n = 3 - t
    bits = (hands[..., None] >> np.arange(24)) & 1          # (deals, 4, 24)
    suit = np.arange(24) // 6
    rank = np.arange(24) % 6
    right = (suit == t[:, None]) & (rank == 2)
    left = (suit == n[:, None]) & (rank == 2)
    trump = (suit == t[:, None]) | left
    aces = (rank == 5) & (suit != t[:, None])
    count = lambda m: (bits * m[:, None, :]).sum(axis=2)   # noqa: E731
    return {"trumps": count(trump), "bowers": count(right | left), "off_aces": count(aces),
            "right": count(right), "left": count(left)}


def bids_on_deals(policy, rules, deals: int = 200_000, seed: int = 0):
    """A frame, one row per deal and position: ``deal``, ``position`` (0 first .. 3 dealer),
    ``upcard_rank``, ``upcard`` (the card), ``hand`` (its mask), the hand features and ``pass``,
    ``order``, ``alone`` (round 1) and ``r2_pass``, ``r2_call``, ``r2_alone`` (round 2, the
    calls summed over suits)."""
    import pandas as pd

    hands = np.zeros((deals, 4), np.int64)
    upcards = np.zeros(deals, np.int64)
    out = np.zeros((deals, 8, R2_ACTIONS))
    _dists(np.uint64(seed), deals, class_ids(), policy.table, policy.round1, policy.round2,
           policy.kinds, policy.seat_table, rules.pack(), hands, upcards, out)
    f = _features(hands, upcards)
    cols = {"deal": np.repeat(np.arange(deals), 4), "position": np.tile(np.arange(4), deals),
            "upcard_rank": np.repeat(np.array(list(RANKS))[upcards % 6], 4),
            "upcard": np.repeat(upcards, 4),
            "hand": hands.ravel()}
    cols.update({k: v.ravel() for k, v in f.items()})
    r1, r2 = out[:, :4, :3], out[:, 4:, :]
    cols.update({"pass": r1[..., 0].ravel(), "order": r1[..., 1].ravel(),
                 "alone": r1[..., 2].ravel(), "r2_pass": r2[..., 0].ravel(),
                 "r2_call": r2[..., 1::2].sum(axis=2).ravel(),
                 "r2_alone": r2[..., 2::2].sum(axis=2).ravel()})
    return pd.DataFrame(cols)


@njit(cache=True, parallel=True)
def _class_rows(masks, rank, k, kinds, seat_table, rules, out1, out2):
    """The bids of a kernel-asked policy for each hand class of ``masks`` (canonical masks) at
    position ``k`` under an upcard of ``rank``: the class's hand in real suits (clubs turned,
    spades next, cross A diamonds, cross B hearts, so it is not swapped), the other hands the
    lowest free cards (the policy's own bids read only its hand and the upcard)."""
    stick = rules[R_STICK] != 0
    for i in prange(masks.shape[0]):
        m = masks[i]
        hand = ((m & 63) | (((m >> 12) & 63) << 6) | (((m >> 18) & 63) << 12)
                | (((m >> 6) & 63) << 18))
        upcard = np.int64(rank)
        dealt = np.zeros(4, np.int64)
        dealt[k] = hand
        used = hand | (np.int64(1) << upcard)
        c = 0
        for p in range(4):
            if p == k:
                continue
            got = 0
            while got < 5:
                if (used >> c) & 1 == 0:
                    dealt[p] |= np.int64(1) << c
                    got += 1
                c += 1
        ids = np.zeros(4, np.int64)
        swapped = np.zeros(4, np.bool_)
        dist = np.zeros((8, R2_ACTIONS))
        node_dists(False, np.zeros((1, R1_ACTIONS)), np.zeros((1, R2_ACTIONS)), kinds,
                   seat_table, dealt, upcard, ids, swapped, rules, stick, dist, 0, SCORES0)
        out1[i] = dist[k, :R1_ACTIONS]
        out2[i] = dist[4 + k]


def policy_rows(policy, rules) -> tuple[np.ndarray, np.ndarray]:
    """(round1, round2): a parameterised built-in's (or TOML strategy's) bids for every
    information set, in an equilibrium table's layout (``sim.players.equilibrium``), asked of
    the kernel's seat module on one hand of each class (its bids are pure: they read only the
    seat's hand, the upcard and the position; the dealer's also his discard)."""
    if policy.table:
        return policy.round1, policy.round2
    r1 = np.zeros((N_POSITIONS, N_RANKS, N_CLASSES, R1_ACTIONS))
    r2 = np.zeros((N_POSITIONS, N_RANKS, N_CLASSES, R2_ACTIONS))
    packed = rules.pack()
    for rank in range(N_RANKS):
        masks = class_masks(rank)
        for k in range(N_POSITIONS):
            _class_rows(masks, rank, k, policy.kinds, policy.seat_table, packed, r1[k, rank],
                        r2[k, rank])
    return r1.reshape(-1, R1_ACTIONS), r2.reshape(-1, R2_ACTIONS)


__all__ = ["RANKS", "bids_on_deals", "policy_rows"]
