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

from sim.bits import low, popcount, prefetch

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
    masks = _masks_by_colex()
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


@functools.cache
def _masks_by_colex() -> np.ndarray:
    """Every 5-card mask of 24 bits, by colex rank (``[i]`` has rank i)."""
    subsets = np.array(list(combinations(range(24), 5)), dtype=np.int64)
    masks = (np.int64(1) << subsets).sum(axis=1)
    return masks[np.argsort(_colex_np(masks))]


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
    out = np.zeros(N_CLASSES, np.int64)
    ok = ids >= 0
    out[ids[ok]] = _masks_by_colex()[ok]
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
# A bid read from beyond a core's second-level cache waits for memory (about 150 ns here, a third
# of a whole hand of tuned's), so the table is laid out for the cache.  Its rows are indexed by
# the hand's **key**, (position, upcard rank, colex rank of its canonical mask), so no class is
# looked up.  It travels inside the seat table (float64) as packed words, in parts at uint16
# offsets ``*_AT`` from its start (``seat_table[at]``, in float64 words, even):
#
# - ``CODES_AT``: round 1 by key, 2 bits each (0 .. 2: the one action the set takes, 3: a mixed
#   bid), 32 to a 64-bit word, and ``PREFIX_AT`` the mixed keys before each word (uint32);
#   ``MIXED_AT`` a mixed key's two cumulative thresholds out of 65,535 (pass; pass + order), in
#   key order.  These parts come to 0.7 MB and stay in the cache;
# - ``ROUND2_AT``: round 2's rows by key, six thresholds and two unused words (16 bytes on a
#   16-byte boundary).  Most of round 2's sets mix, so these rows stay large (16 MB): a seat's
#   row is fetched while it bids in round 1 (``prefetch``), long before round 2 can reach it.
#
# A bid draws u uniform on 0 .. 65,534 and takes the first action whose threshold exceeds u: the
# file's probabilities exactly (a set that takes one action takes it whatever u is).

SCALE = 65535
N_KEYS = N_POSITIONS * N_RANKS * N_SUBSETS
N_CODE_WORDS = N_KEYS // 32
R2_ROW = 8                                    # uint16 a round-2 row
MIXED_BITS = 0x5555555555555555               # the low bit of each 2-bit code
CODES_AT = 0
PREFIX_AT = CODES_AT + 4 * N_CODE_WORDS
ROUND2_AT = PREFIX_AT + 2 * N_CODE_WORDS + 4     # on a 16-byte boundary
MIXED_AT = ROUND2_AT + R2_ROW * N_KEYS


def quantise(probs: np.ndarray, scale: int = SCALE) -> np.ndarray:
    """Rows of probabilities as fractions of ``scale`` that sum to ``scale`` exactly (the
    largest entry takes the rounding): uint16, or uint8 for a scale below 256."""
    q = np.rint(probs * scale).astype(np.int64)
    q[np.arange(len(q)), probs.argmax(axis=1)] += scale - q.sum(axis=1)
    return q.astype(np.uint8 if scale < 256 else np.uint16)


def thresholds(probs: np.ndarray) -> np.ndarray:
    """Rows of probabilities as cumulative uint16 thresholds (the last, 65,535, left out)."""
    return np.cumsum(quantise(probs).astype(np.int64), axis=1)[:, :-1].astype(np.uint16)


def region(round1: np.ndarray, round2: np.ndarray) -> np.ndarray:
    """A table's region of the seat table (the parts above), as float64 words."""
    ids = class_ids().astype(np.int64)                        # (rank, colex) -> class or -1
    sets = ((np.arange(N_POSITIONS)[:, None, None] * N_RANKS + np.arange(N_RANKS)[None, :, None])
            * N_CLASSES + np.maximum(ids, 0)[None, :, :]).ravel()     # key -> set
    real = np.tile(ids.ravel() >= 0, N_POSITIONS)
    q1 = quantise(round1)[sets]
    mixed = real & (q1.max(axis=1) < SCALE)
    codes = np.where(mixed, 3, q1.argmax(axis=1)).astype(np.uint64)
    packed = np.bitwise_or.reduce(codes.reshape(-1, 32) << (2 * np.arange(32, dtype=np.uint64)),
                                  axis=1)
    per_word = mixed.reshape(-1, 32).sum(axis=1)
    prefix = (np.cumsum(per_word) - per_word).astype(np.uint32)
    rows1 = thresholds(round1)[sets][mixed].ravel()
    words = np.zeros(MIXED_AT + len(rows1) + (-len(rows1) % 8), np.uint16)
    words[CODES_AT:PREFIX_AT] = packed.view(np.uint16)
    words[PREFIX_AT:PREFIX_AT + 2 * N_CODE_WORDS] = prefix.view(np.uint16)
    words[ROUND2_AT:MIXED_AT].reshape(-1, R2_ROW)[:, :R2_ACTIONS - 1] = thresholds(round2)[sets]
    words[MIXED_AT:MIXED_AT + len(rows1)] = rows1
    return words.view(np.float64).copy()


def score_region(regions: list, states: np.ndarray) -> np.ndarray:
    """A seat table region that reads the score: a directory of ``T x T`` words (``states[d,
    o]``: which of ``regions`` plays at the dealing team's ``d``, the other's ``o``), each
    entry the offset of its table from the directory's start (the seat table's builder adds
    the directory's own place, ``sim.table.Table.arrays``), then the tables (each a
    ``region``)."""
    to = states.shape[0]
    head = to * to + (to * to) % 2                          # rows stay on 16 bytes
    starts = head + np.cumsum([0] + [len(r) for r in regions[:-1]])
    directory = np.zeros(head)
    directory[:to * to] = starts[states.ravel()]
    return np.concatenate([directory, *regions])


PASSES_ROUND1 = 2   # the slot of a seat's own numbers that makes it pass round 1 (after the
                    # table's place and a score directory's game length)


@njit(cache=True, inline="always", _nrt=False)
def table_at(seat_table, at, scores, dealer):
    """Where the seat's table base is (for ``table_round1/2``): ``at`` (the seat's own slot),
    or, when the slot after it holds a game length ``T`` (a seat that reads the score,
    ``score_region``), the score directory's entry for the score in force (the dealing team's,
    the other's; capped at ``T - 1``)."""
    to = np.int64(seat_table[at + 1])
    if to == 0:
        return at
    team = dealer & 1
    d = min(np.int64(scores[team]), to - 1)
    o = min(np.int64(scores[1 - team]), to - 1)
    return np.int64(seat_table[at]) + d * to + o


@njit(cache=True, inline="always", _nrt=False)
def key_at(seat_table, at, k, hand, upcard):
    """(the seat table as uint16 words, the table's start in them, the hand's key, swapped) of
    the seat at position ``k`` holding ``hand``."""
    canon, swapped = relative(hand, upcard)
    key = (k * N_RANKS + upcard % 6) * N_SUBSETS + colex(canon)
    return seat_table.view(np.uint16), np.int64(seat_table[at]) * 4, key, swapped


@njit(cache=True, inline="always", _nrt=False)
def round1_code(seat_table, base, key):
    """(code, row) of a round-1 key: its 2-bit code (0 .. 2: the one action its set takes, 3:
    mixed) and, for a mixed one, where its two thresholds are in the uint16 words (else -1)."""
    w = seat_table.view(np.int64)[(base + CODES_AT) // 4 + (key >> 5)]
    shift = 2 * (key & 31)
    code = (w >> shift) & 3
    if code < 3:
        return code, np.int64(-1)
    m = np.int64(seat_table.view(np.uint32)[(base + PREFIX_AT) // 2 + (key >> 5)])
    m += popcount(w & (w >> 1) & MIXED_BITS & ((np.int64(1) << shift) - 1))
    return code, base + MIXED_AT + 2 * m


@njit(cache=True, inline="always", _nrt=False)
def table_round1(seat_table, at, k, hand, upcard, u):
    """Round 1 at position ``k`` by the table (0 pass, 1 order up, 2 alone); ``u`` uniform on
    0 .. 65,534."""
    words, base, key, _ = key_at(seat_table, at, k, hand, upcard)
    prefetch(words, base + ROUND2_AT + R2_ROW * key)
    code, row = round1_code(seat_table, base, key)
    if code < 3:
        return code
    if u < words[row]:
        return 0
    return 1 if u < words[row + 1] else 2


@njit(cache=True, _nrt=False)
def table_prob1(seat_table, at, k, hand, upcard, action):
    """The table's probability of round-1 ``action`` (0 pass, 1 order up, 2 alone) at position
    ``k`` holding ``hand`` (``table_round1``'s draw, as a probability)."""
    words, base, key, _ = key_at(seat_table, at, k, hand, upcard)
    code, row = round1_code(seat_table, base, key)
    if code < 3:
        return 1.0 if code == action else 0.0
    lo = 0 if action == 0 else np.int64(words[row + action - 1])
    hi = SCALE if action == 2 else np.int64(words[row + action])
    return (hi - lo) / SCALE


@njit(cache=True, _nrt=False)
def table_prob2(seat_table, at, k, hand, upcard, suit, alone):
    """The table's probability of the round-2 bid at position ``k`` holding ``hand``: calling
    ``suit`` (alone or not), or passing (``suit`` -1)."""
    words, base, key, swapped = key_at(seat_table, at, k, hand, upcard)
    row = base + ROUND2_AT + R2_ROW * key
    a = 0 if suit < 0 else call_action(suit, alone, upcard, swapped)
    lo = 0 if a == 0 else np.int64(words[row + a - 1])
    hi = SCALE if a == R2_ACTIONS - 1 else np.int64(words[row + a])
    return (hi - lo) / SCALE


@njit(cache=True, inline="always", _nrt=False)
def table_round2(seat_table, at, k, hand, upcard, u):
    """Round 2 at position ``k`` by the table: -1 pass, else 2 * suit + alone."""
    words, base, key, swapped = key_at(seat_table, at, k, hand, upcard)
    row = base + ROUND2_AT + R2_ROW * key
    act = 0
    while act < R2_ACTIONS - 1 and u >= words[row + act]:
        act += 1
    if act == 0:
        return -1
    return 2 * call_suit(act, upcard, swapped) + ((act - 1) & 1)
