"""Games to ``game_to`` points with ``pimc`` seats: ``sim.kernel.games``' games (the same first
dealers, deals and play keys, tallied by the kernel's own ``tally_game_hand``, ``finish_game``
and ``note_visit``), each hand played by ``pimc_hand.play_pimc_dealt``, whose PIMC worlds for
hand ``j`` of game ``g`` are keyed by ``sub_key(hand_key(seed, g, STREAM_PIMC), j)``.  The
tallies and rows have the kernel's layouts, so the game analyses read them unchanged.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.kernel.games import (
    GAME_DEAL_BLOCK,
    MAX_HANDS,
    V_DEALER,
    V_SCORE0,
    V_SCORE1,
    deal_game_block,
    draw_for_deal,
    finish_game,
    note_visit,
    tally_game_hand,
)
from sim.kernel.hand import any_random, dealt_at, deck_deal, fill_result
from sim.kernel.layout import NRES, RES_PTS0, RES_PTS1, RES_ROUND
from sim.players.basic import seat_slots
from sim.rng import (
    STREAM_GAME,
    STREAM_GAME_DEAL,
    STREAM_GAME_PLAY,
    STREAM_PIMC,
    hand_key,
    shuffle_deck,
    sub_key,
)
from sim.rules import R_GAME_TO, R_LONE_DEFENDER_POINTS
from sim.scoring import hand_points
from sim.solver.pimc_hand import N_STATS, pimc_state, play_pimc_dealt


@njit(cache=True)
def pimc_games_chunk(px, ci, seed, start, n, chunk, rules, kinds, seat_table, force, records,
                     gt, ht):
    """Games of chunk ``ci`` (``sim.kernel.games.play_games``' loop) into the tally rows
    ``gt`` / ``ht`` or the rows of ``records``."""
    lo = ci * chunk
    hi = min(n, lo + chunk)
    game_to = rules[R_GAME_TO]
    lone_points = rules[R_LONE_DEFENDER_POINTS]
    want_records = records.shape[0] == n
    randoms = any_random(kinds)
    slots = seat_slots(seat_table)
    deck = np.empty(24, np.int64)
    dealt = np.empty((6, GAME_DEAL_BLOCK), np.int64)
    states = np.empty(MAX_HANDS, np.int64)
    scores = np.zeros(2, np.int64)
    hands = np.empty(4, np.int64)
    draws = np.zeros(1, np.int64)
    trace = np.zeros((1, 4), np.int64)
    for i in range(lo, hi):
        g = start + i
        first = draw_for_deal(hand_key(seed, g, STREAM_GAME), deck)
        deal_key = hand_key(seed, g, STREAM_GAME_DEAL)
        play_key = hand_key(seed, g, STREAM_GAME_PLAY)
        pimc_game_key = hand_key(seed, g, STREAM_PIMC)
        scores[0] = 0
        scores[1] = 0
        dealer = first
        j = 0
        redeals = 0
        while scores[0] < game_to and scores[1] < game_to and j < MAX_HANDS:
            k = j & (GAME_DEAL_BLOCK - 1)
            if k == 0:
                deal_game_block(deal_key, j, dealt)
            deal = dealt_at(dealt, k)
            hand_play_key = sub_key(play_key, j) if randoms else np.uint64(0)
            (rnd, maker, _t, alone, def_alone, maker_tricks, farmer, _discard, _forced,
             _upcard, _bad) = play_pimc_dealt(px, deal, dealer, rules, kinds, seat_table, slots,
                                              hand_play_key, sub_key(pimc_game_key, j), draws,
                                              scores, force, hands, trace, False)
            pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks, lone_points)
            if not want_records:
                tally_game_hand(gt, ht, states, j, dealer, scores, rnd, maker, alone, def_alone,
                                maker_tricks, farmer, pts0, pts1, lone_points)
            redeals += 1 if rnd == 0 else 0
            scores[0] += pts0
            scores[1] += pts1
            dealer = (dealer + 1) & 3
            j += 1
        finish_game(records, i, want_records, gt, states, scores, game_to, j, redeals, first)


@njit(cache=True, parallel=True)
def run_games(seed, start, n, chunk, rules, kinds, pimc, settings, seat_table, force, records,
              gtally, htally, stats):
    """``sim.kernel.games.run_games`` with PIMC seats; ``stats[ci]``: chunk ``ci``'s decision
    counts (``pimc_hand.ST_*``)."""
    nchunks = (n + chunk - 1) // chunk
    for ci in prange(nchunks):
        pimc_games_chunk(pimc_state(pimc, settings, stats[ci]), ci, seed, start, n, chunk, rules,
                         kinds, seat_table, force, records, gtally[ci], htally[ci])


@njit(cache=True)
def trace_one_game(seed, g, rules, kinds, pimc, settings, seat_table, force, trace_dealers,
                   traces, visits):
    """``sim.kernel.games.trace_one_game`` with PIMC seats: game ``g`` with every hand's deck
    and events logged, the same game ``run_games`` plays."""
    px = pimc_state(pimc, settings, np.zeros(N_STATS, np.int64))
    game_to = rules[R_GAME_TO]
    slots = seat_slots(seat_table)
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    res = np.empty(NRES, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    first = draw_for_deal(hand_key(seed, g, STREAM_GAME), deck)
    deal_key = hand_key(seed, g, STREAM_GAME_DEAL)
    play_key = hand_key(seed, g, STREAM_GAME_PLAY)
    pimc_game_key = hand_key(seed, g, STREAM_PIMC)
    dealer = first
    j = 0
    redeals = 0
    while scores[0] < game_to and scores[1] < game_to and j < MAX_HANDS:
        visits[j, V_DEALER] = dealer
        visits[j, V_SCORE0] = scores[0]
        visits[j, V_SCORE1] = scores[1]
        shuffle_deck(sub_key(deal_key, j), deck)
        traces[j, 0, 0] = 0
        trace_dealers[j, 0] = dealer
        trace_dealers[j, 1:] = deck
        fill_result(play_pimc_dealt(px, deck_deal(deck), dealer, rules, kinds, seat_table, slots,
                                    sub_key(play_key, j), sub_key(pimc_game_key, j), draws,
                                    scores, force, hands, traces[j], True),
                    rules, res)
        note_visit(visits, j, res, dealer)
        redeals += 1 if res[RES_ROUND] == 0 else 0
        scores[0] += res[RES_PTS0]
        scores[1] += res[RES_PTS1]
        dealer = (dealer + 1) & 3
        j += 1
    winner = 0 if scores[0] >= game_to else (1 if scores[1] >= game_to else -1)
    return winner, j, redeals, first
