"""Batches of hands: aggregate and records runs (``run_hands``), traces (``trace_hands``) and
deals consistent with one player's view (``run_seen``).

The batches run fixed chunks of hand indices on the run's threads (``sim.threads.each_chunk``:
each chunk one call of a compiled, GIL-free chunk function) and each chunk writes only its own
record columns or its own tally row, so results never depend on the thread count.  A chunk deals
``DEAL_BLOCK`` hands at a time (``sim.rng.deal_block``, a loop the compiler vectorises) and then
plays them with the hand inlined (``play_dealt``).  Entry points take no literal arguments: a
literal types a second copy of everything inlined below it, and compiling is dominated by
typing the inlined hand.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import STREAM_DEAL, STREAM_PLAY, STREAM_SEEN, hand_key, shuffle_deck
from sim.threads import each_chunk

from . import seat as sm
from .hand import play_chunk, play_hand, seat_key_of
from .layout import (
    DEAL_BLOCK,
    NRES,
    RES_ALONE,
    RES_FORCED,
    RES_MAKER,
    RES_MAKER_TRICKS,
    RES_PTS0,
    RES_PTS1,
    RES_ROUND,
)


def run_hands(seed, start, n, chunk, rules, kinds, seat_table, force, masks, fields, tally,
              scores):
    """Play hands ``start .. start+n-1`` of a run.

    Records mode (``masks.shape[1] == n``): column ``i`` of ``masks`` (4 dealt hands, uint32)
    and ``fields`` (the other ``RECORD_COLUMNS``, int8) gets hand ``start + i``; column-major so
    each record column is one contiguous array.  In both modes each chunk adds its hands into
    its own ``tally`` row.  The dealer of hand ``i`` is seat ``i % 4``.  ``scores`` (team 0,
    team 1; read only) is the game score every hand is played at (zeros outside game analysis).
    The chunks run on the run's threads (``sim.threads.each_chunk``), each a call of the
    compiled ``play_chunk``.
    """
    want_records = masks.shape[1] == n
    slots = sm.table_slots(seat_table)
    randoms = sm.uses_play_key(kinds)

    def play(ci):
        lo = ci * chunk
        play_chunk(sm.chunk_state(seat_table, kinds), seed, start, lo, min(n, lo + chunk), rules,
                   kinds, seat_table, slots, randoms, force, masks, fields, want_records,
                   tally[ci], scores, np.empty((6, DEAL_BLOCK), np.int64),
                   np.empty(4, np.int64), np.zeros(1, np.int64), np.zeros((1, 4), np.int64))

    each_chunk(play, (n + chunk - 1) // chunk)


@njit(cache=True)
def trace_hands(seed, indices, rules, kinds, seat_table, force, traces, results, decks):
    """Replay chosen hand indices with the event log on (serial; for ``show`` and tests): the
    same hands the aggregates counted, dealt by ``shuffle_deck`` into ``decks``."""
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    res = np.empty(NRES, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    slots = sm.table_slots(seat_table)
    ps = sm.chunk_state(seat_table, kinds)
    for q in range(indices.shape[0]):
        idx = indices[q]
        shuffle_deck(hand_key(seed, idx, STREAM_DEAL), deck)
        decks[q, :] = deck
        tr = traces[q]
        tr[0, 0] = 0
        play_hand(ps, deck, idx & 3, rules, kinds, seat_table, slots,
                  hand_key(seed, idx, STREAM_PLAY), seat_key_of(seed, idx), draws, scores, force,
                  res, hands, tr, True)
        results[q, :] = res


SEEN_COLUMNS = ("reached", "round", "maker", "alone", "maker_tricks", "points", "opp_points")


@njit(cache=True, inline="always")
def seen_deck(key, hand, upcard, position, rest, deck):
    """Fill ``deck`` with a deal where the player at ``position`` holds ``hand`` and ``upcard``
    is turned: the other 18 cards in the order of ``shuffle_deck(key)``."""
    shuffle_deck(key, rest)
    m = 0
    for j in range(24):
        c = rest[j]
        if not (hand >> c) & 1 and c != upcard:
            rest[m] = c
            m += 1
    m = 0
    for k in range(4):
        if k == position:
            j = 0
            for c in range(24):
                if (hand >> c) & 1:
                    deck[5 * k + j] = c
                    j += 1
        else:
            for j in range(5):
                deck[5 * k + j] = rest[m]
                m += 1
    deck[20] = upcard
    for j in range(3):
        deck[21 + j] = rest[m + j]


def run_seen(seed, start, n, chunk, rules, kinds, seat_table, force, hand, upcard, position,
             scores, out):
    """Deals consistent with one player's view: his ``hand`` (card-layout mask) and the
    ``upcard`` fixed, the other 18 cards dealt uniformly (keyed by ``(seed, i,
    STREAM_SEEN)``) to the other three hands and the three face-down kitty cards.  Seat 3 deals,
    so the player (at ``position`` 0 first .. 3 dealer) sits in seat ``position``.  Row ``i`` of
    ``out`` gets ``SEEN_COLUMNS`` for deal ``start + i``; points are for the player's team.
    The chunks run on the run's threads (``sim.threads.each_chunk``)."""
    each_chunk(lambda ci: seen_chunk(ci, seed, start, n, chunk, rules, kinds, seat_table, force,
                                     hand, upcard, position, scores, out),
               (n + chunk - 1) // chunk)


@njit(cache=True, nogil=True)
def seen_chunk(ci, seed, start, n, chunk, rules, kinds, seat_table, force, hand, upcard,
               position, scores, out):
    """Chunk ``ci`` of ``run_seen``."""
    dealer = np.int64(3)       # not a literal 3: that would compile a second play_hand
    team = position & 1
    slots = sm.table_slots(seat_table)
    ps = sm.chunk_state(seat_table, kinds)
    deck = np.empty(24, np.int64)
    rest = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    res = np.empty(NRES, np.int64)
    draws = np.zeros(1, np.int64)
    trace = np.zeros((1, 4), np.int64)
    lo = ci * chunk
    hi = min(n, lo + chunk)
    for i in range(lo, hi):
        idx = start + i
        seen_deck(hand_key(seed, idx, STREAM_SEEN), hand, upcard, position, rest, deck)
        play_hand(ps, deck, dealer, rules, kinds, seat_table, slots,
                  hand_key(seed, idx, STREAM_PLAY), seat_key_of(seed, idx), draws, scores,
                  force, res, hands, trace, False)
        seen_row(res, team, out[i])


@njit(cache=True, inline="always")
def seen_row(res, team, o):
    """``SEEN_COLUMNS`` of a hand's result fields, points for ``team``."""
    o[0] = res[RES_FORCED]
    o[1] = res[RES_ROUND]
    o[2] = res[RES_MAKER]
    o[3] = res[RES_ALONE]
    o[4] = res[RES_MAKER_TRICKS]
    o[5] = res[RES_PTS0] if team == 0 else res[RES_PTS1]
    o[6] = res[RES_PTS1] if team == 0 else res[RES_PTS0]
