"""The bidding game's information sets, and the ``equilibrium`` bidder's table of them.

An information set of the bidding is what the seat knows when it bids: its five cards, the upcard,
its position, the bids so far.  In this game every bid a seat is asked is reached by passes only
(round 1 ends at the first order, round 2 at the first call), so the bids so far are named by the
position and the round, and one seat's round-1 and round-2 sets share one **hand class**.

The hand class is exact up to the symmetries of the suits, and coarser than nothing else: the
suits are named by their relation to the upcard's suit (the turned suit, the other suit of its
colour, and the two suits of the other colour, which are interchangeable until one is named, so
they are put in a canonical order: the one with the higher rank mask first, ``cross A``).  Each
upcard rank (9 to A) has 17,633 classes of the 33,649 hands the upcard leaves; an information set
is (round, position, upcard rank, class), 423,192 a round.

Actions, in the table's order:

- round 1: ``0`` pass, ``1`` order up (the dealer: pick up), ``2`` order up alone;
- round 2: ``0`` pass, then ``1``/``2`` call the suit of the upcard's colour (alone),
  ``3``/``4`` call cross A (alone), ``5``/``6`` cross B (alone).  A stuck dealer cannot pass.

The card layout is ``sim.cards``' (card = 6 * suit + rank, ranks 9 T J Q K A).  ``class_ids`` is
built once with numpy; the compiled functions take it as an argument (a global array would be
frozen into every function that reads it).
"""

from __future__ import annotations

import functools
from itertools import combinations

import numpy as np
from numba import njit

from sim.bits import low

N_RANKS = 6
N_CLASSES = 17_633          # hand classes an upcard rank leaves (checked by ``class_ids``)
N_SUBSETS = 42_504          # 5-card sets of 24 bits (the colex rank's range)
N_POSITIONS = 4
INFO_PER_ROUND = N_POSITIONS * N_RANKS * N_CLASSES
R1_ACTIONS = 3
R2_ACTIONS = 7


def _binomials() -> np.ndarray:
    b = np.zeros((25, 6), np.int64)
    for n in range(25):
        for k in range(6):
            b[n, k] = _comb(n, k)
    return b


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0


BINOM = _binomials()


@njit(cache=True, inline="always", _nrt=False)
def colex(mask):
    """The colex rank of a 5-bit set of 24 bits (0 .. 42,503)."""
    r = 0
    m = mask
    for i in range(1, 6):
        r += BINOM[low(m), i]
        m &= m - 1
    return r


@njit(cache=True, inline="always", _nrt=False)
def relative(hand, upcard):
    """(canonical mask, swapped): the hand's four suits' rank masks in the order turned, next,
    cross A, cross B (6 bits each), and whether cross A is the higher-numbered cross suit."""
    t = upcard // 6
    n = 3 - t
    x = 1 if t == 0 or t == 3 else 0       # the lower cross suit (diamonds or clubs)
    y = 3 - x
    mt = (hand >> (6 * t)) & 63
    mn = (hand >> (6 * n)) & 63
    mx = (hand >> (6 * x)) & 63
    my = (hand >> (6 * y)) & 63
    swapped = my > mx
    if swapped:
        mx, my = my, mx
    return mt | (mn << 6) | (mx << 12) | (my << 18), swapped


@njit(cache=True, inline="always", _nrt=False)
def info_index(class_ids, hand, upcard, k):
    """(information-set index within a round, swapped) of the seat at position ``k`` (0: the
    dealer's left .. 3: the dealer) holding ``hand`` under ``upcard``."""
    canon, swapped = relative(hand, upcard)
    rank = upcard % 6
    return (k * N_RANKS + rank) * N_CLASSES + class_ids[rank, colex(canon)], swapped


@njit(cache=True, inline="always", _nrt=False)
def call_suit(action, upcard, swapped):
    """The suit a round-2 action (1-6) names."""
    t = upcard // 6
    if action <= 2:
        return 3 - t
    x = 1 if t == 0 or t == 3 else 0
    y = 3 - x
    a, b = (y, x) if swapped else (x, y)
    return a if action <= 4 else b


@njit(cache=True, inline="always", _nrt=False)
def call_action(suit, alone, upcard, swapped):
    """The round-2 action (1-6) that calls ``suit``: ``call_suit``'s inverse."""
    t = upcard // 6
    if suit == 3 - t:
        base = 1
    else:
        x = 1 if t == 0 or t == 3 else 0
        a = (3 - x) if swapped else x
        base = 3 if suit == a else 5
    return base + (1 if alone else 0)


@functools.cache
def class_ids() -> np.ndarray:
    """(6, 42,504) int32: for each upcard rank, the class number (0 .. 17,632) of each canonical
    mask's colex rank, -1 where no hand has that canonical form.  Numbered in colex order."""
    subsets = np.array(list(combinations(range(24), 5)), dtype=np.int64)
    masks = (np.int64(1) << subsets).sum(axis=1)
    order = np.argsort(_colex_np(masks))
    masks = masks[order]                     # masks[i] has colex rank i
    suit = [(masks >> (6 * s)) & 63 for s in range(4)]
    out = np.full((N_RANKS, N_SUBSETS), -1, np.int32)
    canonical = suit[2] >= suit[3]
    for rank in range(N_RANKS):
        ok = canonical & (((suit[0] >> rank) & 1) == 0)
        n = int(ok.sum())
        if n != N_CLASSES:
            raise AssertionError(f"upcard rank {rank}: {n} hand classes, expected {N_CLASSES}")
        out[rank, ok] = np.arange(n, dtype=np.int32)
    return out


def _colex_np(masks: np.ndarray) -> np.ndarray:
    bits = (masks[:, None] >> np.arange(24)) & 1
    pos = np.nonzero(bits)[1].reshape(-1, 5)        # each row's five cards, ascending
    return BINOM[pos, np.arange(1, 6)].sum(axis=1)


def class_of(hand: int, upcard: int) -> tuple[int, bool]:
    """(class number, swapped) of a hand (card mask) under ``upcard``, in plain Python."""
    canon, swapped = relative(np.int64(hand), np.int64(upcard))
    return int(class_ids()[upcard % 6, colex(np.int64(canon))]), bool(swapped)


@functools.cache
def class_masks(upcard_rank: int) -> np.ndarray:
    """Each class's canonical mask (``relative``: the rank masks of turned, next, cross A and
    cross B, 6 bits each) for an upcard rank, by class number."""
    ids = class_ids()[upcard_rank]
    subsets = np.array(list(combinations(range(24), 5)), dtype=np.int64)
    masks = (np.int64(1) << subsets).sum(axis=1)
    masks = masks[np.argsort(_colex_np(masks))]
    out = np.zeros(N_CLASSES, np.int64)
    ok = ids >= 0
    out[ids[ok]] = masks[ok]
    return out


@njit(cache=True, inline="always", _nrt=False)
def pick(probs, u):
    """The action ``u`` (uniform on [0, 1)) draws from the row ``probs``."""
    acc = 0.0
    last = 0
    for a in range(probs.shape[0]):
        if probs[a] > 0.0:
            last = a
            acc += probs[a]
            if u < acc:
                return a
    return last


# ---------------------------------------------------------------------------------------------
# the ``equilibrium`` player's bids, from its table in the seat table
#
# The table travels inside the seat table (float64) as packed uint16 words, indexed by the hand's
# canonical mask's colex rank directly (no class lookup: one memory access a bid, the cost that
# remains): for each (position, upcard rank, colex rank), round 1's two cumulative thresholds out
# of 65,535 (pass; pass + order), then round 2's six.  A bid draws u uniform on 0 .. 65,534 and
# takes the first action whose threshold exceeds u: the file's probabilities exactly.  A seat's
# own number (``seat_table[at]``) is the region's offset in float64 words.

SCALE = 65535
N_KEYS = N_POSITIONS * N_RANKS * N_SUBSETS
R2_AT = N_KEYS * (R1_ACTIONS - 1)             # uint16 offset of round 2 within the region


def quantise(probs: np.ndarray) -> np.ndarray:
    """Rows of probabilities as uint16 fractions of ``SCALE`` that sum to ``SCALE`` exactly
    (the largest entry takes the rounding)."""
    q = np.rint(probs * SCALE).astype(np.int64)
    q[np.arange(len(q)), probs.argmax(axis=1)] += SCALE - q.sum(axis=1)
    return q.astype(np.uint16)


def thresholds(probs: np.ndarray) -> np.ndarray:
    """Rows of probabilities as cumulative uint16 thresholds (the last, 65,535, left out)."""
    return np.cumsum(quantise(probs).astype(np.int64), axis=1)[:, :-1].astype(np.uint16)


def region(round1: np.ndarray, round2: np.ndarray) -> np.ndarray:
    """A table's region of the seat table: its rows by colex rank, as uint16 words packed into
    float64 ones."""
    ids = class_ids().astype(np.int64)                        # (rank, colex) -> class or -1
    keys = (np.arange(N_POSITIONS)[:, None, None] * N_RANKS + np.arange(N_RANKS)[None, :, None]
            ) * N_CLASSES + np.maximum(ids, 0)[None, :, :]   # (position, rank, colex) -> set
    keys = keys.ravel()
    words = np.concatenate([thresholds(round1)[keys].ravel(), thresholds(round2)[keys].ravel()])
    words = np.concatenate([words, np.zeros(-len(words) % 4, np.uint16)])
    return words.view(np.float64).copy()


@njit(cache=True, inline="always", _nrt=False)
def _thresholds(seat_table, at, hand, upcard, k, first, n):
    """(the region's uint16 words, offset of the bid's ``n`` thresholds, swapped)."""
    words = seat_table.view(np.uint16)
    canon, swapped = relative(hand, upcard)
    key = (k * N_RANKS + upcard % 6) * N_SUBSETS + colex(canon)
    return words, np.int64(seat_table[at]) * 4 + first + n * key, swapped


@njit(cache=True, inline="always", _nrt=False)
def _draw(words, row, n, u):
    a = 0
    while a < n and u >= words[row + a]:
        a += 1
    return a


@njit(cache=True, inline="always", _nrt=False)
def table_round1(seat_table, at, k, hand, upcard, u):
    """Round 1 at position ``k`` by the table (0 pass, 1 order up, 2 alone); ``u`` uniform on
    0 .. 65,534."""
    words, row, _ = _thresholds(seat_table, at, hand, upcard, k, 0, R1_ACTIONS - 1)
    return _draw(words, row, R1_ACTIONS - 1, u)


@njit(cache=True, inline="always", _nrt=False)
def table_round2(seat_table, at, k, hand, upcard, u):
    """Round 2 at position ``k`` by the table: -1 pass, else 2 * suit + alone."""
    words, row, swapped = _thresholds(seat_table, at, hand, upcard, k, R2_AT, R2_ACTIONS - 1)
    a = _draw(words, row, R2_ACTIONS - 1, u)
    if a == 0:
        return -1
    return 2 * call_suit(a, upcard, swapped) + ((a - 1) & 1)
