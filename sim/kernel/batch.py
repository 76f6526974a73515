"""Batches of hands: aggregate and records runs (``run_hands``), traces (``trace_hands``) and
deals consistent with one player's view (``run_seen``).

``prange`` runs over fixed chunks of hand indices and each chunk writes only its own record
columns or its own tally row, so results never depend on the thread count.  A chunk deals
``DEAL_BLOCK`` hands at a time (``sim.rng.deal_block``, a loop the compiler vectorises) and then
plays them with the hand inlined (``play_dealt``).  Entry points take no literal arguments: a
literal types a second copy of everything inlined below it, and compiling is dominated by
typing the inlined hand.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.players.basic import seat_slots
from sim.players.kinds import RANDOM
from sim.rng import STREAM_DEAL, STREAM_PLAY, STREAM_SEEN, deal_block, hand_key, shuffle_deck
from sim.rules import R_GAME_TO, R_LONE_DEFENDER_POINTS

from .hand import close_flags, hand_points, play_dealt, play_hand, round1_is_plain, tally_cell
from .hooks import CODE_HOOKS
from .layout import (
    BAD_USER_CELL,
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


@njit(cache=True, inline="always", _nrt=False)
def write_record(fields, i, dealer, rules, result):
    """Record columns (``RECORD_COLUMNS`` after the four hands) of hand ``i`` from its
    ``play_dealt`` result."""
    (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
     _bad_user) = result
    fields[0, i] = upcard
    fields[1, i] = dealer
    fields[2, i] = rnd
    fields[3, i] = maker
    fields[4, i] = t
    fields[5, i] = alone
    fields[6, i] = def_alone
    fields[7, i] = maker_tricks
    pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks,
                             rules[R_LONE_DEFENDER_POINTS])
    fields[8, i] = pts0
    fields[9, i] = pts1
    fields[10, i] = farmer
    fields[11, i] = discard
    fields[12, i] = forced


@njit(cache=True, _nrt=False)
def play_chunk(seed, start, lo, hi, rules, kinds, seat_table, slots, any_random, force, masks,
               fields, want_records, tally_row, scores, dealt, hands, draws, trace):
    """Play hands ``start + lo .. start + hi - 1`` of a run into ``tally_row`` (and records);
    ``run_hands``' ``prange`` body allocates the scratch arrays and calls it once per chunk,
    so the hand loop is compiled as ordinary serial code.  ``dealt`` (6 x ``DEAL_BLOCK``) holds
    a block of deals."""
    close = close_flags(scores, rules[R_GAME_TO])
    plain_round1 = round1_is_plain(kinds, force)
    for b in range(lo, hi, DEAL_BLOCK):
        e = min(hi, b + DEAL_BLOCK)
        deal_block(seed, start, b, e, dealt)
        for i in range(b, e):
            idx = start + i
            k = i - b
            deal = (dealt[0, k], dealt[1, k], dealt[2, k], dealt[3, k], dealt[4, k], dealt[5, k])
            dealer = idx & 3
            # only random choices use the play key
            play_key = hand_key(seed, idx, STREAM_PLAY) if any_random else np.uint64(0)
            if want_records:
                masks[(dealer + 1) & 3, i] = deal[0]
                masks[(dealer + 2) & 3, i] = deal[1]
                masks[(dealer + 3) & 3, i] = deal[2]
                masks[dealer, i] = deal[3]
            result = play_dealt(deal, dealer, rules, kinds, seat_table, slots, play_key, draws,
                                scores, close, plain_round1, force, hands, trace, False)
            if want_records:
                write_record(fields, i, dealer, rules, result)
            (rnd, maker, _t, alone, def_alone, maker_tricks, farmer, _discard, _forced, _upcard,
             bad_user) = result
            tally_row[tally_cell(dealer, rnd, maker, alone, def_alone, maker_tricks,
                                 farmer)] += 1
            if CODE_HOOKS:
                tally_row[BAD_USER_CELL] += bad_user


@njit(cache=True, parallel=True)
def run_hands(seed, start, n, chunk, rules, kinds, seat_table, force, masks, fields, tally,
              scores):
    """Play hands ``start .. start+n-1`` of a run.

    Records mode (``masks.shape[1] == n``): column ``i`` of ``masks`` (4 dealt hands, uint32)
    and ``fields`` (the other ``RECORD_COLUMNS``, int8) gets hand ``start + i``; column-major so
    each record column is one contiguous array.  In both modes each chunk adds its hands into
    its own ``tally`` row.  The dealer of hand ``i`` is seat ``i % 4``.  ``scores`` (team 0,
    team 1; read only) is the game score every hand is played at (zeros outside game analysis).
    """
    want_records = masks.shape[1] == n
    nchunks = (n + chunk - 1) // chunk
    slots = seat_slots(seat_table)
    # (one expression, not a loop from False: a literal False would type a second play_chunk)
    any_random = ((kinds[0] == RANDOM) | (kinds[1] == RANDOM) | (kinds[2] == RANDOM)
                  | (kinds[3] == RANDOM))
    for ci in prange(nchunks):
        lo = ci * chunk
        play_chunk(seed, start, lo, min(n, lo + chunk), rules, kinds, seat_table, slots,
                   any_random, force, masks, fields, want_records, tally[ci], scores,
                   np.empty((6, DEAL_BLOCK), np.int64),
                   np.empty(4, np.int64), np.zeros(1, np.int64), np.zeros((1, 4), np.int64))


@njit(cache=True)
def trace_hands(seed, indices, rules, kinds, seat_table, force, traces, results, decks):
    """Replay chosen hand indices with the event log on (serial; for ``show`` and tests): the
    same hands the aggregates counted, dealt by ``shuffle_deck`` into ``decks``."""
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    res = np.empty(NRES, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    slots = seat_slots(seat_table)
    for q in range(indices.shape[0]):
        idx = indices[q]
        shuffle_deck(hand_key(seed, idx, STREAM_DEAL), deck)
        decks[q, :] = deck
        tr = traces[q]
        tr[0, 0] = 0
        play_hand(deck, idx & 3, rules, kinds, seat_table, slots,
                  hand_key(seed, idx, STREAM_PLAY), draws, scores, force, res, hands, tr, True)
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


@njit(cache=True, parallel=True)
def run_seen(seed, start, n, chunk, rules, kinds, seat_table, force, hand, upcard, position,
             scores, out):
    """Deals consistent with one player's view: his ``hand`` (card-layout mask) and the
    ``upcard`` fixed, the other 18 cards dealt uniformly (keyed by ``(seed, i,
    STREAM_SEEN)``) to the other three hands and the three face-down kitty cards.  Seat 3 deals,
    so the player (at ``position`` 0 first .. 3 dealer) sits in seat ``position``.  Row ``i`` of
    ``out`` gets ``SEEN_COLUMNS`` for deal ``start + i``; points are for the player's team."""
    dealer = np.int64(3)       # not a literal 3: that would compile a second play_hand
    team = position & 1
    slots = seat_slots(seat_table)
    nchunks = (n + chunk - 1) // chunk
    for ci in prange(nchunks):
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
            play_hand(deck, dealer, rules, kinds, seat_table, slots,
                      hand_key(seed, idx, STREAM_PLAY), draws, scores, force, res, hands, trace,
                      False)
            o = out[i]
            o[0] = res[RES_FORCED]
            o[1] = res[RES_ROUND]
            o[2] = res[RES_MAKER]
            o[3] = res[RES_ALONE]
            o[4] = res[RES_MAKER_TRICKS]
            o[5] = res[RES_PTS0] if team == 0 else res[RES_PTS1]
            o[6] = res[RES_PTS1] if team == 0 else res[RES_PTS0]
