"""Games to 5, 7 or 10 points: the deal rotates, the score feeds the strategies.

Game ``g`` of a run with seed ``s`` is keyed like a hand (``sim.rng``): its first dealer is
found by the draw of the rules (each player draws a card, the lowest deals, ace low for this
draw only, players tied for lowest draw again) from ``sub_key(hand_key(s, g, STREAM_GAME), r)``
for draw round ``r``; its hand ``j`` is dealt from ``sub_key(hand_key(s, g, STREAM_GAME_DEAL),
j)`` and plays its random choices from ``STREAM_GAME_PLAY`` the same way.  After every hand, a
passed-out one (redeal) included, the deal passes to the left; the first team to
``Rules.game_to`` points wins.  Strategies see the score before each hand.

A batch of games (``games_chunk``) deals each game's hands ``GAME_DEAL_BLOCK`` at a time
without the 24-card array (``deal_game_block``: ``sim.rng.deal_hands`` in a loop the compiler
vectorises) and plays them with the hand inlined (``play_dealt``).  A traced game
(``play_one_game``) deals through ``shuffle_deck`` to log the deck, the same deal, and calls
the compiled hand (``play_hand``), so the hand is inlined only once in this module: the two
loops are kept apart for that (one loop with the trace compiled away would inline the hand a
second time) and for the deck's order, which only the traced deal keeps.  A batch fills a
per-chunk game tally (layout ``G_*``) and the per-hand tally, and records mode also writes one
row per game (``GAME_COLUMNS``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import (
    STREAM_GAME,
    STREAM_GAME_DEAL,
    STREAM_GAME_PLAY,
    STREAM_SEAT,
    deal_hands,
    hand_key,
    shuffle_deck,
    sub_key,
)
from sim.rules import R_GAME_TO, R_LONE_DEFENDER_POINTS, R_STICK
from sim.scoring import hand_points
from sim.threads import each_chunk

from . import seat as sm
from .hand import (
    close_flags,
    dealt_at,
    play_dealt,
    play_hand,
    round1_is_plain,
    tally_cell,
)
from .layout import (
    BAD_USER_CELL,
    NRES,
    RES_PTS0,
    RES_PTS1,
    RES_ROUND,
)
from .seat import MAX_GAME_BATCH, MAX_GAME_CHUNK

MAX_HANDS = 200          # safety cap per game (never reached by real strategies)
GAME_DEAL_BLOCK = 16     # hands of a game dealt at a time (``deal_game_block``; a power of 2)
HANDS_BINS = 64          # histogram of hands per game (last bin: 63 or more)
REDEAL_BINS = 16
# forced_calls: hands of the game whose trump the dealer was forced to call (stick the dealer:
# the other three passed twice); decided_forced: 1 when the hand that won the game was one
GAME_COLUMNS = ("winner", "score0", "score1", "hands", "redeals", "first_dealer", "forced_calls",
                "decided_forced")
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
@njit(cache=True, _nrt=False)
def draw_for_deal(gkey, deck):
    """First dealer by the draw: lowest card deals, ace low, ties among the lowest draw again.

    Seats still drawing are bits of ``tied``, their ranks (+1) 4-bit fields of ``ranks``: no
    arrays allocated, since a batch draws once a game."""
    tied = 15
    r = 0
    who = -1
    while True:
        shuffle_deck(sub_key(gkey, r), deck)
        r += 1
        low_rank = 99
        k = 0
        ranks = 0
        for seat in range(4):
            if (tied >> seat) & 1:
                rank = deck[k] % 6
                k += 1
                rank = -1 if rank == 5 else rank      # ace low for the draw
                ranks |= (rank + 1) << (4 * seat)
                if rank < low_rank:
                    low_rank = rank
        n_low = 0
        for seat in range(4):
            if (tied >> seat) & 1 and ((ranks >> (4 * seat)) & 15) - 1 == low_rank:
                n_low += 1
                who = seat
            else:
                tied &= ~(1 << seat)
        if n_low == 1:
            break
    return who


@njit(cache=True, _nrt=False)
def deal_game_block(deal_key, lo, out):
    """Deal hands ``lo .. lo + GAME_DEAL_BLOCK - 1`` of a game (hand ``j`` from
    ``deal_hands(sub_key(deal_key, j))``, the deal ``shuffle_deck`` gives a traced game) into
    the columns of ``out`` (6 rows: h0, h1, h2, h3, upcard, kitty; as ``sim.rng.deal_block``).

    A loop of nothing but deals, with a constant count, which the compiler vectorises; dealt
    one hand at a time between the plays the same deal costs about twice as much.  A game
    rarely uses a whole last block: the unused deals are the price of the vector loop."""
    for k in range(GAME_DEAL_BLOCK):
        h0, h1, h2, h3, upcard, kitty = deal_hands(sub_key(deal_key, lo + k))
        out[0, k] = h0
        out[1, k] = h1
        out[2, k] = h2
        out[3, k] = h3
        out[4, k] = upcard
        out[5, k] = kitty


@njit(cache=True)
def play_one_game(ps, seed, g, rules, kinds, seat_table, slots, force, deck, hands, draws,
                  scores, trace_dealers, traces, tracing, from_score):
    """Play game ``g`` hand by hand through ``play_hand`` (a called function, so the hand is
    not compiled a second time here: the batch ``games_chunk`` inlines it); returns (winner
    team, hands, redeals, first dealer).  The game starts at ``from_score`` (the first
    dealer's team's points, the other team's: ``start_scores``).

    With ``tracing`` each hand's dealer and deck go to ``trace_dealers[j]`` and its events to
    ``traces[j]``.  The same games as ``games_chunk`` (``tests/sim/test_games.py`` replays them).
    """
    game_to = rules[R_GAME_TO]
    res = np.empty(NRES, np.int64)
    first = draw_for_deal(hand_key(seed, g, STREAM_GAME), deck)
    deal_key = hand_key(seed, g, STREAM_GAME_DEAL)
    play_key = hand_key(seed, g, STREAM_GAME_PLAY)
    seat_key = hand_key(seed, g, STREAM_SEAT) if sm.KEYED else np.uint64(0)
    start_scores(scores, first, from_score)
    dealer = first
    j = 0
    redeals = 0
    while scores[0] < game_to and scores[1] < game_to and j < MAX_HANDS:
        shuffle_deck(sub_key(deal_key, j), deck)
        if tracing:
            traces[j, 0, 0] = 0
            trace_dealers[j, 0] = dealer
            for c in range(24):
                trace_dealers[j, 1 + c] = deck[c]
            trace = traces[j]
        else:
            trace = traces[0]
        play_hand(ps, deck, dealer, rules, kinds, seat_table, slots, sub_key(play_key, j),
                  sub_key(seat_key, j) if sm.KEYED else np.uint64(0), draws, scores, force, res,
                  hands, trace, tracing)
        redeals += 1 if res[RES_ROUND] == 0 else 0
        scores[0] += res[RES_PTS0]
        scores[1] += res[RES_PTS1]
        dealer = (dealer + 1) & 3
        j += 1
    winner = 0 if scores[0] >= game_to else (1 if scores[1] >= game_to else -1)
    return winner, j, redeals, first


play_game = play_one_game   # the name of earlier releases (``sim.replay_game`` is the
                            # referee's game, from hand records)


@njit(cache=True, inline="always", _nrt=False)
def start_scores(scores, first, from_score):
    """A game's score before its first hand: ``from_score[0]`` to the first dealer's team,
    ``from_score[1]`` to the other (0, 0 for a whole game; a match-equity table starts games at
    every score)."""
    scores[first & 1] = from_score[0]
    scores[1 - (first & 1)] = from_score[1]


@njit(cache=True, inline="always", _nrt=False)
def point_kind(pts, maker_tricks, lone_defender_points):
    """Index into POINT_KINDS for a scoring hand's points."""
    if maker_tricks >= 3:
        return 0 if pts == 1 else (1 if pts == 2 else 2)
    return 4 if (pts == lone_defender_points and pts != 2) else 3


@njit(cache=True, inline="always", _nrt=False)
def tally_game_end(gt, states, winner, hands, redeals, first):
    """Add a finished game to the game tally ``gt``: its result, length and redeals, and the
    states (``states[j]``: ``state * 2 + dealing team``, -1 off the 10 x 10 grid) its winner
    dealt from.  The hands themselves were tallied as they were played."""
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
        st = states[j]
        if st >= 0 and (st & 1) == winner:
            gt[G_STATE_WINS + (st >> 1)] += 1


@njit(cache=True, _nrt=False)
def play_games(ps, seed, start, lo, hi, rules, kinds, seat_table, slots, randoms, force, firsts,
               from_score, want_records, records, gt, ht, dealt, states, scores, hands, draws,
               trace):
    """Play games ``start + lo .. start + hi - 1`` (first dealers ``firsts[i - lo]``, drawn by
    the caller) into the game tally row ``gt`` and the hand tally row ``ht``, and (records
    mode) the rows of ``records``: ``play_one_game``'s games with the hand inlined
    (``play_dealt``), each game's hands dealt ``GAME_DEAL_BLOCK`` at a time into ``dealt``
    (``deal_game_block``) and tallied as they are played (``states``: ``tally_game_end``).

    Compiled without reference counting, like ``sim.kernel.hand.play_chunk``: the caller
    allocates the scratch arrays.  Inlined into a function that allocates, the hand's array
    accesses are compiled with reference counts and the game ran at half the hand batch's
    rate."""
    game_to = rules[R_GAME_TO]
    lone_points = rules[R_LONE_DEFENDER_POINTS]
    stick = rules[R_STICK] != 0
    plain_round1 = round1_is_plain(kinds, force)
    for i in range(lo, hi):
        g = start + i
        first = firsts[i - lo]
        deal_key = hand_key(seed, g, STREAM_GAME_DEAL)
        play_key = hand_key(seed, g, STREAM_GAME_PLAY)
        seat_key = hand_key(seed, g, STREAM_SEAT) if sm.KEYED else np.uint64(0)
        start_scores(scores, first, from_score)
        dealer = first
        j = np.int64(0)     # not the literal 0: that would compile a second deal_game_block
        redeals = 0
        bad_user = 0
        forced_calls = 0
        forced = False
        while scores[0] < game_to and scores[1] < game_to and j < MAX_HANDS:
            k = j & (GAME_DEAL_BLOCK - 1)
            if k == 0:
                deal_game_block(deal_key, j, dealt)
            deal = dealt_at(dealt, k)
            # only random choices use the play key
            hand_play_key = sub_key(play_key, j) if randoms else np.uint64(0)
            (rnd, maker, _t, alone, def_alone, maker_tricks, farmer, _discard, _forced,
             _upcard, bad) = play_dealt(ps, deal, dealer, rules, kinds, seat_table, slots,
                                        hand_play_key,
                                        sub_key(seat_key, j) if sm.KEYED else np.uint64(0),
                                        draws, scores,
                                        close_flags(scores, game_to), plain_round1, force,
                                        hands, trace, False)
            pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks, lone_points)
            bad_user += bad
            tally_game_hand(gt, ht, states, j, dealer, scores, rnd, maker, alone, def_alone,
                            maker_tricks, farmer, pts0, pts1, lone_points)
            forced = stick and rnd == 2 and maker == dealer
            forced_calls += 1 if forced else 0
            redeals += 1 if rnd == 0 else 0
            scores[0] += pts0
            scores[1] += pts1
            dealer = (dealer + 1) & 3
            j += 1
        ht[BAD_USER_CELL] += bad_user
        finish_game(records, i, want_records, gt, states, scores, game_to, j, redeals, first,
                    forced_calls, forced)


@njit(cache=True, inline="always", _nrt=False)
def tally_game_hand(gt, ht, states, j, dealer, scores, rnd, maker, alone, def_alone,
                    maker_tricks, farmer, pts0, pts1, lone_points):
    """Hand ``j`` of a game, played at ``scores``, into the hand tally row ``ht`` and the
    game tally row ``gt`` (its kind of points and the state it was dealt from), and the state
    into ``states[j]`` for ``tally_game_end``."""
    ht[tally_cell(dealer, rnd, maker, alone, def_alone, maker_tricks, farmer)] += 1
    if rnd > 0:
        team = 0 if pts0 > 0 else 1
        gt[G_POINT_KINDS + team * 5 + point_kind(pts0 + pts1, maker_tricks, lone_points)] += 1
    dteam = dealer & 1
    s_deal = scores[dteam]
    s_other = scores[1 - dteam]
    st = -1
    if s_deal < 10 and s_other < 10:
        gt[G_STATE_VISITS + s_deal * 10 + s_other] += 1
        st = (s_deal * 10 + s_other) * 2 + dteam
    states[j] = st


@njit(cache=True, inline="always", _nrt=False)
def finish_game(records, i, want_records, gt, states, scores, game_to, hands, redeals, first,
                forced_calls, last_forced):
    """A finished game: its tally (``tally_game_end``) and, in records mode, its row ``i`` of
    ``records`` (``GAME_COLUMNS``; ``last_forced``: the last hand was forced on its dealer)."""
    winner = 0 if scores[0] >= game_to else (1 if scores[1] >= game_to else -1)
    if want_records:
        records[i, 0] = winner
        records[i, 1] = scores[0]
        records[i, 2] = scores[1]
        records[i, 3] = hands
        records[i, 4] = redeals
        records[i, 5] = first
        records[i, 6] = forced_calls
        records[i, 7] = 1 if last_forced and winner >= 0 else 0
    tally_game_end(gt, states, winner, hands, redeals, first)


@njit(cache=True, nogil=True)
def games_chunk(ci, seed, start, n, chunk, rules, kinds, seat_table, force, from_score, records,
                gtally, htally):
    """Play chunk ``ci`` of a batch of games (see ``run_games``): draws the first dealers,
    allocates the scratch arrays and calls ``play_games``."""
    lo = ci * chunk
    hi = min(n, lo + chunk)
    deck = np.empty(24, np.int64)
    firsts = np.empty(hi - lo, np.int64)
    for i in range(lo, hi):
        firsts[i - lo] = draw_for_deal(hand_key(seed, start + i, STREAM_GAME), deck)
    # (expressions, not literals: a literal would type a second play_games)
    want_records = records.shape[0] == n
    randoms = sm.uses_play_key(kinds)
    play_games(sm.chunk_state(seat_table, kinds), seed, start, lo, hi, rules, kinds, seat_table,
               sm.table_slots(seat_table), randoms, force, firsts, from_score, want_records,
               records,
               gtally[ci], htally[ci],
               np.empty((6, GAME_DEAL_BLOCK), np.int64), np.empty(MAX_HANDS, np.int64),
               np.zeros(2, np.int64), np.empty(4, np.int64), np.zeros(1, np.int64),
               np.zeros((1, 4), np.int64))


def run_games(seed, start, n, chunk, rules, kinds, seat_table, force, records, gtally, htally,
              from_score=(0, 0)):
    """Play games ``start .. start+n-1`` from ``from_score`` (the first dealer's team's
    points, the other's): per-game rows (records mode) and per-chunk tallies, the chunks on the
    run's threads (``sim.threads.each_chunk``)."""
    from_score = np.asarray(from_score, np.int64)
    each_chunk(lambda ci: games_chunk(ci, seed, start, n, chunk, rules, kinds, seat_table, force,
                                      from_score, records, gtally, htally),
               (n + chunk - 1) // chunk)


@njit(cache=True)
def trace_one_game(seed, g, rules, kinds, seat_table, slots, force, trace_dealers, traces,
                   from_score):
    """``play_one_game`` of game ``g`` (from ``from_score``) with every hand's deck and
    events logged."""
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    return play_one_game(sm.chunk_state(seat_table, kinds), seed, g, rules, kinds, seat_table,
                         slots, force, deck, hands, draws, scores, trace_dealers, traces, True,
                         from_score)


__all__ = [
    "MAX_HANDS", "HANDS_BINS", "REDEAL_BINS", "GAME_COLUMNS", "N_GAME_COLUMNS", "POINT_KINDS",
    "G_WINS", "G_FIRST_DEALER_WINS", "G_HANDS_HIST", "G_REDEAL_HIST", "G_POINT_KINDS",
    "G_STATE_VISITS", "G_STATE_WINS", "G_SUMS", "G_CAPPED", "N_GAME_TALLY", "GAME_DEAL_BLOCK",
    "draw_for_deal", "deal_game_block", "play_one_game", "play_game", "point_kind",
    "play_games", "games_chunk", "run_games", "trace_one_game", "tally_game_hand",
    "finish_game", "NRES", "MAX_GAME_BATCH", "MAX_GAME_CHUNK",
]
