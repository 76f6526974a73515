"""Games to 5, 7 or 10 points: the deal rotates, the score feeds the strategies.

Game ``g`` of a run with seed ``s`` is keyed like a hand (``sim.rng``): its first dealer is
found by the draw of the rules (each player draws a card, the lowest deals, ace low for this
draw only, players tied for lowest draw again) from ``sub_key(hand_key(s, g, STREAM_GAME), r)``
for draw round ``r``; its hand ``j`` is dealt from ``sub_key(hand_key(s, g, STREAM_GAME_DEAL),
j)`` and plays its random choices from ``STREAM_GAME_PLAY`` the same way.  After every hand, a
passed-out one (redeal) included, the deal passes to the left; the first team to
``Rules.game_to`` points wins.  Strategies see the score before each hand.

The hands are dealt without the 24-card array (``sim.rng.deal_hands``) and played by the
inlined hand (``play_dealt``); a traced game deals through ``shuffle_deck`` to log the deck,
the same deal.  Aggregate mode fills a per-chunk game tally (layout ``G_*``) and the per-hand
tally; records mode writes one row per game (``GAME_COLUMNS``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.players.basic import seat_slots
from sim.rng import (
    STREAM_GAME,
    STREAM_GAME_DEAL,
    STREAM_GAME_PLAY,
    deal_hands,
    hand_key,
    shuffle_deck,
    sub_key,
)
from sim.rules import R_GAME_TO, R_LONE_DEFENDER_POINTS

from .hand import close_flags, deck_deal, hand_points, play_dealt, round1_is_plain, tally_cell
from .layout import BAD_USER_CELL, NRES

MAX_HANDS = 200          # safety cap per game (never reached by real strategies)
HANDS_BINS = 64          # histogram of hands per game (last bin: 63 or more)
REDEAL_BINS = 16
GAME_COLUMNS = ("winner", "score0", "score1", "hands", "redeals", "first_dealer")
N_GAME_COLUMNS = len(GAME_COLUMNS)

# points by kind, per team: 1 point, march (2), lone march (4), euchre (2), lone-defender euchre
POINT_KINDS = ("one", "march", "alone_march", "euchre", "lone_defender_euchre")
# game tally layout
G_WINS = 0                                  # [team 0 wins, team 1 wins]
G_FIRST_DEALER_WINS = 2                     # games won by the first dealer's team
G_HANDS_HIST = 3
G_REDEAL_HIST = G_HANDS_HIST + HANDS_BINS
G_POINT_KINDS = G_REDEAL_HIST + REDEAL_BINS  # [team * 5 + kind]
G_STATE_VISITS = G_POINT_KINDS + 10          # [dealing team's score * 10 + other's score]
G_STATE_WINS = G_STATE_VISITS + 100          # dealing team went on to win from that state
G_SUMS = G_STATE_WINS + 100                  # sum hands, sum hands^2, sum redeals, sum redeals^2
G_CAPPED = G_SUMS + 4                        # games stopped by MAX_HANDS
N_GAME_TALLY = G_CAPPED + 1
# columns of ``visits``, one row per hand of a game
(V_DEALER, V_SCORE0, V_SCORE1, V_ROUND, V_CELL, V_PTS0, V_PTS1, V_DEF_ALONE, V_ALONE,
 V_MAKER_TRICKS, V_MAKER, V_BAD_USER) = range(12)


@njit(cache=True)
def draw_for_deal(gkey, deck):
    """First dealer by the draw: lowest card deals, ace low, ties among the lowest draw again."""
    tied = np.ones(4, np.bool_)
    r = 0
    while True:
        shuffle_deck(sub_key(gkey, r), deck)
        r += 1
        low_rank = 99
        k = 0
        ranks = np.empty(4, np.int64)
        for seat in range(4):
            if tied[seat]:
                rank = deck[k] % 6
                k += 1
                rank = -1 if rank == 5 else rank      # ace low for the draw
                ranks[seat] = rank
                if rank < low_rank:
                    low_rank = rank
        n_low = 0
        who = -1
        for seat in range(4):
            if tied[seat] and ranks[seat] == low_rank:
                n_low += 1
                who = seat
            else:
                tied[seat] = False
        if n_low == 1:
            return who


@njit(cache=True, inline="always")
def play_one_game(seed, g, rules, kinds, seat_table, slots, force, deck, hands, draws, scores,
                  visits, trace_dealers, traces, tracing):
    """Play game ``g``; returns (winner team, hands, redeals, first dealer).

    ``visits`` receives, per hand, the state before it (dealer, scores) and its outcome
    (``V_*`` columns; row 0 of ``V_BAD_USER`` counts a code strategy's illegal answers); with
    ``tracing`` each hand's dealer and deck go to ``trace_dealers[j]`` and its events to
    ``traces[j]``.
    """
    game_to = rules[R_GAME_TO]
    lone_points = rules[R_LONE_DEFENDER_POINTS]
    plain_round1 = round1_is_plain(kinds, force)
    first = draw_for_deal(hand_key(seed, g, STREAM_GAME), deck)
    deal_key = hand_key(seed, g, STREAM_GAME_DEAL)
    play_key = hand_key(seed, g, STREAM_GAME_PLAY)
    scores[0] = 0
    scores[1] = 0
    dealer = first
    j = 0
    redeals = 0
    bad_user = 0
    while scores[0] < game_to and scores[1] < game_to and j < MAX_HANDS:
        visits[j, V_DEALER] = dealer
        visits[j, V_SCORE0] = scores[0]
        visits[j, V_SCORE1] = scores[1]
        if tracing:
            shuffle_deck(sub_key(deal_key, j), deck)
            traces[j, 0, 0] = 0
            trace_dealers[j, 0] = dealer
            for c in range(24):
                trace_dealers[j, 1 + c] = deck[c]
            deal = deck_deal(deck)
            trace = traces[j]
        else:
            deal = deal_hands(sub_key(deal_key, j))
            trace = traces[0]
        (rnd, maker, _t, alone, def_alone, maker_tricks, farmer, _discard, _forced, _upcard,
         bad) = play_dealt(deal, dealer, rules, kinds, seat_table, slots, sub_key(play_key, j),
                           draws, scores, close_flags(scores, game_to), plain_round1, force,
                           hands, trace, tracing)
        pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks, lone_points)
        bad_user += bad
        visits[j, V_ROUND] = rnd
        visits[j, V_CELL] = tally_cell(dealer, rnd, maker, alone, def_alone, maker_tricks, farmer)
        visits[j, V_PTS0] = pts0
        visits[j, V_PTS1] = pts1
        visits[j, V_DEF_ALONE] = def_alone
        visits[j, V_ALONE] = alone
        visits[j, V_MAKER_TRICKS] = maker_tricks
        visits[j, V_MAKER] = maker
        redeals += 1 if rnd == 0 else 0
        scores[0] += pts0
        scores[1] += pts1
        dealer = (dealer + 1) & 3
        j += 1
    winner = 0 if scores[0] >= game_to else (1 if scores[1] >= game_to else -1)
    visits[0, V_BAD_USER] = bad_user
    return winner, j, redeals, first


play_game = play_one_game   # the name of earlier releases (``sim.referee.play_game`` is the
                            # referee's game, from hand records)


@njit(cache=True, inline="always")
def point_kind(pts, maker_tricks, lone_defender_points):
    """Index into POINT_KINDS for a scoring hand's points."""
    if maker_tricks >= 3:
        return 0 if pts == 1 else (1 if pts == 2 else 2)
    return 4 if (pts == lone_defender_points and pts != 2) else 3


@njit(cache=True, inline="always")
def tally_game(gt, ht, visits, winner, hands, redeals, first, lone_points):
    """Add one game (``play_one_game``'s result and ``visits``) into the game tally ``gt`` and
    its hands into the hand tally ``ht``."""
    if winner >= 0:
        gt[G_WINS + winner] += 1
        if winner == (first & 1):
            gt[G_FIRST_DEALER_WINS] += 1
    else:
        gt[G_CAPPED] += 1
    gt[G_HANDS_HIST + min(hands, HANDS_BINS - 1)] += 1
    gt[G_REDEAL_HIST + min(redeals, REDEAL_BINS - 1)] += 1
    gt[G_SUMS] += hands
    gt[G_SUMS + 1] += hands * hands
    gt[G_SUMS + 2] += redeals
    gt[G_SUMS + 3] += redeals * redeals
    for j in range(hands):
        dteam = visits[j, V_DEALER] & 1
        s_deal = visits[j, V_SCORE0 + dteam]
        s_other = visits[j, V_SCORE1 - dteam]
        if s_deal < 10 and s_other < 10:
            gt[G_STATE_VISITS + s_deal * 10 + s_other] += 1
            if winner == dteam:
                gt[G_STATE_WINS + s_deal * 10 + s_other] += 1
        ht[visits[j, V_CELL]] += 1
        if visits[j, V_ROUND] > 0:
            p0 = visits[j, V_PTS0]
            p1 = visits[j, V_PTS1]
            team = 0 if p0 > 0 else 1
            pts = p0 if p0 > 0 else p1
            gt[G_POINT_KINDS + team * 5 + point_kind(pts, visits[j, V_MAKER_TRICKS],
                                                     lone_points)] += 1


@njit(cache=True)
def games_chunk(ci, seed, start, n, chunk, rules, kinds, seat_table, force, records, gtally,
                htally):
    """Play chunk ``ci`` of a batch of games (see ``run_games``)."""
    want_records = records.shape[0] == n
    lone_points = rules[R_LONE_DEFENDER_POINTS]
    slots = seat_slots(seat_table)
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    visits = np.zeros((MAX_HANDS, 12), np.int64)
    trace_dealers = np.zeros((1, 25), np.int64)
    traces = np.zeros((1, 1, 4), np.int64)
    gt = gtally[ci]
    ht = htally[ci]
    lo = ci * chunk
    hi = min(n, lo + chunk)
    for i in range(lo, hi):
        winner, n_hands, redeals, first = play_one_game(
            seed, start + i, rules, kinds, seat_table, slots, force, deck, hands, draws, scores,
            visits, trace_dealers, traces, False)
        ht[BAD_USER_CELL] += visits[0, V_BAD_USER]
        if want_records:
            r = records[i]
            r[0] = winner
            r[1] = scores[0]
            r[2] = scores[1]
            r[3] = n_hands
            r[4] = redeals
            r[5] = first
        else:
            tally_game(gt, ht, visits, winner, n_hands, redeals, first, lone_points)


@njit(cache=True, parallel=True)
def run_games(seed, start, n, chunk, rules, kinds, seat_table, force, records, gtally, htally):
    """Play games ``start .. start+n-1``: per-game rows (records mode) and per-chunk tallies."""
    nchunks = (n + chunk - 1) // chunk
    for ci in prange(nchunks):
        games_chunk(ci, seed, start, n, chunk, rules, kinds, seat_table, force, records, gtally,
                    htally)


@njit(cache=True)
def trace_one_game(seed, g, rules, kinds, seat_table, slots, force, trace_dealers, traces,
                   visits):
    """``play_one_game`` of game ``g`` with every hand's deck and events logged."""
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    return play_one_game(seed, g, rules, kinds, seat_table, slots, force, deck, hands, draws,
                         scores, visits, trace_dealers, traces, True)


__all__ = [
    "MAX_HANDS", "HANDS_BINS", "REDEAL_BINS", "GAME_COLUMNS", "N_GAME_COLUMNS", "POINT_KINDS",
    "G_WINS", "G_FIRST_DEALER_WINS", "G_HANDS_HIST", "G_REDEAL_HIST", "G_POINT_KINDS",
    "G_STATE_VISITS", "G_STATE_WINS", "G_SUMS", "G_CAPPED", "N_GAME_TALLY", "draw_for_deal",
    "play_one_game", "play_game", "point_kind", "games_chunk", "run_games", "trace_one_game",
    "NRES",
]
