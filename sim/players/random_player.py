"""The ``random`` player: uniform over the legal actions at every decision.

Its draws come from the hand's play key (``rand_below``), in the order the hand asks for them,
so a run is reproducible whatever the thread count.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import kth_bit, popcount, rand_below


@njit(cache=True, inline="always", _nrt=False)
def order_up(play_key, draws):
    """Round 1: 0 pass, 1 order up, 2 order up alone."""
    return rand_below(play_key, draws, 3)


@njit(cache=True, inline="always", _nrt=False)
def call(turned, stuck, play_key, draws):
    """Round 2: -1 pass (not when stuck), else 2 * suit + alone for a suit other than
    ``turned``."""
    k = rand_below(play_key, draws, 6 if stuck else 7)
    if k == 6:
        return -1
    s = k // 2
    if s >= turned:
        s += 1
    return 2 * s + (k % 2)


@njit(cache=True, inline="always", _nrt=False)
def discard(hand6, upcard, may_discard_upcard, play_key, draws):
    """Any of the six cards (not the upcard where the rules forbid it)."""
    allowed = hand6
    if not may_discard_upcard:
        allowed &= ~(np.int64(1) << upcard)
    return kth_bit(allowed, rand_below(play_key, draws, popcount(allowed)))


@njit(cache=True, inline="always", _nrt=False)
def defend_alone(play_key, draws):
    return rand_below(play_key, draws, 2) == 1


@njit(cache=True, inline="always", _nrt=False)
def farmer(hand, play_key, draws):
    """Keep the hand (one chance in 11) or give one of the ten 3-card subsets of the 5 cards
    (in lexicographic order of card numbers)."""
    k = rand_below(play_key, draws, 11)
    if k == 0:
        return np.int64(0)
    idx = 0
    for x in range(5):
        for y in range(x + 1, 5):
            for z in range(y + 1, 5):
                idx += 1
                if idx == k:
                    one = np.int64(1)
                    return ((one << kth_bit(hand, x)) | (one << kth_bit(hand, y))
                            | (one << kth_bit(hand, z)))
    return np.int64(0)


@njit(cache=True, inline="always", _nrt=False)
def play(cards, play_key, draws):
    """Any card of ``cards`` (a lead: the hand; a follow: the legal cards)."""
    return kth_bit(cards, rand_below(play_key, draws, popcount(cards)))
