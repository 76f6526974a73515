"""Complete hands with ``pimc`` players at some seats: the kernel's phases (``sim.kernel.hand``)
with a PIMC decision wherever a ``pimc`` seat acts, at kernel speed (``prange`` over fixed chunks
of hands, one solver table per chunk).

A seat that is not ``pimc`` decides exactly as in the kernel (the kernel's own seat decisions,
``strategy_order``, ``strategy_call``, ``strategy_discard``, ``lead_card``, ``follow_card``,
with the same random draws), so a table without a ``pimc`` seat plays the kernel's hands card
for card; a test holds the two together.  A ``pimc`` seat:

* bids, goes alone (``pimc_bid.choose_bid``) and, as the dealer, discards
  (``pimc_bid.choose_discard``) by option values on sampled worlds;
* plays its cards by ``pimc.choose_card``, from what it has seen (``sim.solver.worlds``): its
  hand, the upcard and whether the dealer took it, the contract, the cards played, and its
  own discard;
* defends alone (a house rule) by ``basic``'s numbers;
* draws its worlds from ``sub_key(pimc_key, d)`` for its ``d``-th kind of decision of the hand
  (``D_*``: the play number for cards), with ``pimc_key`` keyed by the hand (or the game and its
  hand): the same seed gives the same play whatever the thread count.

The pimc side of a hand loop travels as one tuple, ``px`` (``pimc_state``): the bit mask of
the pimc seats, their settings (one row per seat, ``S_*``), the knowledge array, the solver's
table and stack, two scratch arrays, and the stats row, which counts decisions, worlds and CPU
cycles by kind (``ST_*``) for the benchmark.  The farmer's hand and code strategies are not
played with ``pimc`` seats (``sim.solver.pimc_player`` refuses them).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.bits import TRUMP_POW, low, to_cards, to_power
from sim.cards import LED_MASK, POWER_CARD, POWER_POS, SUIT_MASK_POW
from sim.kernel.batch import seen_deck, seen_row
from sim.kernel.hand import (
    any_random,
    close_flags,
    dealt_at,
    deck_deal,
    defending_alone,
    fill_result,
    follow_card,
    forced_call,
    forced_discard,
    lead_card,
    log_bid,
    log_event,
    record_deal,
    strategy_call,
    strategy_discard,
    strategy_order,
    tally_cell,
    write_record,
)
from sim.kernel.layout import (
    DEAL_BLOCK,
    EV_DISCARD,
    EV_PLAY,
    F_ACTION,
    F_POS,
    F_ROUND,
    NRES,
)
from sim.players import basic
from sim.players.basic import PLAN, seat_slots
from sim.players.kinds import RANDOM
from sim.rng import (
    STREAM_DEAL,
    STREAM_PIMC,
    STREAM_PLAY,
    STREAM_SEEN,
    deal_block,
    hand_key,
    shuffle_deck,
    sub_key,
)
from sim.rules import (
    R_DEALER_DISCARDS_PARTNER_ALONE,
    R_DEFEND_ALONE,
    R_DISCARD_UPCARD,
    R_GAME_TO,
    R_LONE_DEFENDER_POINTS,
    R_STICK,
)
from sim.seats import next_seats
from sim.solver.pimc import choose_card
from sim.solver.pimc_bid import choose_bid, choose_discard
from sim.solver.search import MAX_PLY, N_FIELDS, TT_SIZE
from sim.solver.timing import cycle_counter
from sim.solver.worlds import (
    K_ALONE,
    K_CARDS,
    K_DEALER,
    K_DEFENDER,
    K_DISCARD,
    K_HAND,
    K_LONE_POINTS,
    K_MAKER,
    K_N_PLAYED,
    K_PICKED,
    K_SEAT,
    K_SEATS,
    K_SIZE,
    K_TRUMP,
    K_UPCARD,
)

# a pimc seat's settings row
S_WORLDS, S_BID_WORLDS, S_MARGIN, S_PASS, S_INFERENCE, S_PASSES_ROUND1 = range(6)
N_SETTINGS = 6
# decision keys within a hand: plays use their number (0-19)
D_ROUND1, D_ROUND2, D_DISCARD = 32, 40, 48
# stats columns: (decisions, worlds, solves, cycles) for cards, bids, discards; then hands and
# the cycles of whole hands
ST_CARD, ST_BID, ST_DISCARD = 0, 4, 8
ST_HANDS, ST_HAND_CYCLES = 12, 13
N_STATS = 14


@njit(cache=True)
def pimc_state(pimc, settings, stats):
    """``px``: the pimc seats' mask and settings, their scratch, and the ``stats`` row."""
    return (pimc, settings, np.zeros(K_SIZE, np.int64), np.zeros(TT_SIZE, np.int64),
            np.zeros((MAX_PLY, N_FIELDS), np.int64), np.zeros(24, np.float64),
            np.zeros(2, np.int64), stats)


@njit(cache=True)
def _note(stats, col, counts, t0):
    """Count one decision of the kind at ``col``: its worlds and solves (``counts``, then
    zeroed) and the cycles since ``t0``."""
    stats[col] += 1
    stats[col + 1] += counts[0]
    stats[col + 2] += counts[1]
    stats[col + 3] += cycle_counter() - t0
    counts[0] = 0
    counts[1] = 0


@njit(cache=True)
def pimc_bid(px, seat, rnd, k, hands, dealer, upcard, seat_table, plan, rules, pimc_key):
    """A pimc seat's bid at position ``k`` of round ``rnd``, as the kernel's phases return
    one (``pimc_bid.choose_bid``)."""
    _pimc, settings, _kn, tt, st, values, counts, stats = px
    t0 = cycle_counter()
    s = settings[seat]
    stuck = rnd == 2 and k == 3 and rules[R_STICK] != 0
    a = choose_bid(seat, hands[seat], dealer, upcard, rnd, k, stuck, seat_table, plan, rules,
                   rules[R_LONE_DEFENDER_POINTS], np.int64(s[S_BID_WORLDS]), s[S_MARGIN],
                   np.int64(s[S_PASS]), s[S_INFERENCE] != 0,
                   sub_key(pimc_key, (D_ROUND1 if rnd == 1 else D_ROUND2) + k), tt, st, values,
                   counts)
    _note(stats, ST_BID, counts, t0)
    return a


@njit(cache=True)
def pimc_discard(px, dealer, hand6, upcard, maker, alone, rules, pimc_key):
    """A pimc dealer's discard from ``hand6`` (``pimc_bid.choose_discard``)."""
    _pimc, settings, _kn, tt, st, values, counts, stats = px
    t0 = cycle_counter()
    s = settings[dealer]
    d = choose_discard(dealer, hand6, upcard, maker, alone, rules, rules[R_LONE_DEFENDER_POINTS],
                       np.int64(s[S_BID_WORLDS]), s[S_MARGIN], sub_key(pimc_key, D_DISCARD), tt,
                       st, values, counts)
    _note(stats, ST_DISCARD, counts, t0)
    return d


@njit(cache=True)
def pimc_play(px, seat, discard, hands, t, pimc_key):
    """The power position of the card a pimc ``seat`` plays (the knowledge array's per-seat
    fields are set here: only the dealer knows his ``discard``)."""
    _pimc, settings, kn, tt, st, values, counts, stats = px
    t0 = cycle_counter()
    kn[K_SEAT] = seat
    kn[K_DISCARD] = discard if seat == kn[K_DEALER] else -1
    kn[K_HAND] = to_cards(hands[seat], t)
    s = settings[seat]
    c, solved, _odd = choose_card(kn, np.int64(s[S_WORLDS]), sub_key(pimc_key, kn[K_N_PLAYED]),
                                  s[S_MARGIN], tt, st, values)
    if solved > 0:                  # a seat with one legal card plays it without a search
        counts[0] = solved
        counts[1] = solved
        _note(stats, ST_CARD, counts, t0)
    return POWER_POS[t, c]


@njit(cache=True)
def _noted_play(kn, seat, card):
    n = kn[K_N_PLAYED]
    kn[K_SEATS + n] = seat
    kn[K_CARDS + n] = card
    kn[K_N_PLAYED] = n + 1


@njit(cache=True)
def pimc_round1(px, hands, dealer, upcard, kinds, seat_table, plan, rules, force, scores,
                dealer_discard, play_key, pimc_key, draws, trace, tracing):
    """Round 1 (``sim.kernel.hand.round1``'s seat-by-seat loop): (maker or -1, alone,
    forced)."""
    pimc = px[0]
    maker = -1
    alone = 0
    forced = 0
    forced_pos = force[F_POS] if force[F_ROUND] == 1 else -1
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        if k == forced_pos:
            a = force[F_ACTION]
            forced = 1
        elif (pimc >> seat) & 1:
            a = 0 if px[1][seat, S_PASSES_ROUND1] else pimc_bid(
                px, seat, np.int64(1), k, hands, dealer, upcard, seat_table, plan, rules,
                pimc_key)
        else:
            a, _bad = strategy_order(kinds, seat, k, hands[seat], upcard, seat_table, plan,
                                     dealer_discard, scores, rules[R_GAME_TO], play_key, draws)
        if tracing:
            log_bid(trace, seat, 1, a)
        if a:
            maker = seat
            alone = 1 if a == 2 else 0
            break
    return maker, alone, forced


@njit(cache=True)
def pimc_pick_up(px, hands, dealer, upcard, maker, alone, kinds, rules, force, dealer_discard,
                 play_key, pimc_key, draws, trace, tracing):
    """The dealer takes the upcard and discards (``sim.kernel.hand.pick_up``); returns the
    discard or -1."""
    partner_alone = alone and maker == ((dealer + 2) & 3)
    discard = -1
    if not (partner_alone and not rules[R_DEALER_DISCARDS_PARTNER_ALONE]):
        hand6 = hands[dealer] | (np.int64(1) << upcard)
        d = forced_discard(force, hand6)
        if d < 0 and (px[0] >> dealer) & 1 and not partner_alone:
            d = pimc_discard(px, dealer, hand6, upcard, maker, alone, rules, pimc_key)
        if d < 0:
            d, _bad = strategy_discard(kinds, dealer, hand6, upcard, rules, dealer_discard,
                                       play_key, draws)
        hands[dealer] = hand6 & ~(np.int64(1) << d)
        discard = d
        if tracing:
            log_event(trace, EV_DISCARD, dealer, d, 0)
    return discard


@njit(cache=True)
def pimc_round2(px, hands, dealer, turned, upcard, kinds, seat_table, slots, plan, rules,
                force, scores, play_key, pimc_key, draws, trace, tracing):
    """Round 2 (``sim.kernel.hand.round2``): (maker or -1, trump, alone, forced)."""
    pimc = px[0]
    forced_pos = force[F_POS] if force[F_ROUND] == 2 else -1
    maker = -1
    trump = -1
    alone = 0
    forced = 0
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        stuck = k == 3 and rules[R_STICK] != 0
        if k == forced_pos:
            forced = 1
            a = forced_call(force, stuck, seat_table, slots, seat, hands[seat], turned)
        elif (pimc >> seat) & 1:
            a = pimc_bid(px, seat, np.int64(2), k, hands, dealer, upcard, seat_table, plan,
                         rules, pimc_key)
        else:
            a, _bad = strategy_call(kinds, seat, k, hands[seat], turned, stuck, seat_table, plan,
                                    scores, rules[R_GAME_TO], play_key, draws)
        if tracing:
            log_bid(trace, seat, 2, a)
        if a >= 0:
            maker = seat
            trump = a // 2
            alone = a & 1
            break
    return maker, trump, alone, forced


@njit(cache=True)
def pimc_tricks(px, hands, dealer, t, maker, alone, def_alone, avoid, discard, kinds,
                seat_table, slots, play_key, pimc_key, draws, trace, tracing):
    """The five tricks (``sim.kernel.hand.five_tricks``, its general loop): the maker's side's
    tricks.  The knowledge array has the hand's public facts set; the plays are noted in it."""
    pimc = px[0]
    kn = px[2]
    for s in range(4):
        hands[s] = to_power(hands[s], t)
    nxt, n_active = next_seats(maker, alone, def_alone)
    leader = (nxt >> (2 * dealer)) & 3
    maker_tricks = 0
    lone = maker if alone else -1
    played = np.int64(0)
    follows = basic.follow_settings(seat_table, slots, lone)
    leads = basic.lead_settings(seat_table, slots)
    for _trick in range(5):
        seat = leader
        if (pimc >> seat) & 1:
            c = pimc_play(px, seat, discard, hands, t, pimc_key)
            hands[seat] &= ~(np.int64(1) << c)
            if tracing:
                log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
        else:
            c, _bad = lead_card(kinds, hands, seat, t, maker, alone, lone, avoid, leads,
                                played, play_key, draws, trace, tracing)
        _noted_play(kn, seat, POWER_CARD[t, c])
        played |= np.int64(1) << c
        led_mask = LED_MASK[t, np.uint64(c)]
        beaters = led_mask | TRUMP_POW
        win_pos = c
        win_seat = seat
        for j in range(n_active - 1):
            seat = (nxt >> (2 * seat)) & 3
            h = hands[seat]
            if (pimc >> seat) & 1:
                p = pimc_play(px, seat, discard, hands, t, pimc_key)
                hands[seat] = h & ~(np.int64(1) << p)
                if tracing:
                    log_event(trace, EV_PLAY, seat, POWER_CARD[t, p], 0)
                if ((beaters & (np.int64(-2) << win_pos)) >> p) & 1:
                    win_pos = p
                    win_seat = seat
            else:
                after = (nxt >> (2 * seat)) & 3 if j < n_active - 2 else -1
                win_pos, win_seat, _bad = follow_card(kinds, hands, seat, t, led_mask, beaters,
                                                      c, win_pos, win_seat, played, after,
                                                      j == 0, lone, follows, play_key, draws,
                                                      trace, tracing)
            gone = h ^ hands[seat]
            played |= gone
            _noted_play(kn, seat, POWER_CARD[t, low(gone)])
        maker_tricks += 1 if (win_seat & 1) == (maker & 1) else 0
        leader = win_seat
    return maker_tricks


@njit(cache=True)
def play_pimc_dealt(px, deal, dealer, rules, kinds, seat_table, slots, play_key, pimc_key,
                    draws, scores, force, hands, trace, tracing):
    """One complete hand of ``deal`` (``sim.kernel.hand.play_dealt``'s deal and result tuple)
    with the pimc seats of ``px`` deciding by PIMC."""
    t0 = cycle_counter()
    kn = px[2]
    stats = px[7]
    draws[0] = 0
    h0, h1, h2, h3, upcard, _kitty = deal
    hands[(dealer + 1) & 3] = h0
    hands[(dealer + 2) & 3] = h1
    hands[(dealer + 3) & 3] = h2
    hands[dealer] = h3
    turned = upcard // 6
    dealer_discard = -1
    if kinds[dealer] != RANDOM:
        dealer_discard = basic.discard(hands[dealer] | (np.int64(1) << upcard), turned, upcard,
                                       rules[R_DISCARD_UPCARD])
    plan = PLAN + (close_flags(scores, rules[R_GAME_TO]) * 4 + dealer) * 16
    maker, alone, forced = pimc_round1(px, hands, dealer, upcard, kinds, seat_table, plan, rules,
                                       force, scores, dealer_discard, play_key, pimc_key, draws,
                                       trace, tracing)
    discard = -1
    t = -1
    rnd = 0
    if maker >= 0:
        rnd = 1
        t = turned
        discard = pimc_pick_up(px, hands, dealer, upcard, maker, alone, kinds, rules, force,
                               dealer_discard, play_key, pimc_key, draws, trace, tracing)
    else:
        maker, t, alone, forced2 = pimc_round2(px, hands, dealer, turned, upcard, kinds,
                                               seat_table, slots, plan, rules, force, scores,
                                               play_key, pimc_key, draws, trace, tracing)
        forced |= forced2
        if maker >= 0:
            rnd = 2
    def_alone = -1
    maker_tricks = 0
    if rnd != 0:
        if rules[R_DEFEND_ALONE]:
            def_alone = defending_alone(hands, maker, t, kinds, seat_table, slots, play_key,
                                        draws, trace, tracing)
        avoid = SUIT_MASK_POW[t, turned] if rnd == 2 else np.int64(0)
        kn[:] = 0
        kn[K_TRUMP] = t
        kn[K_MAKER] = maker
        kn[K_ALONE] = alone
        kn[K_DEFENDER] = def_alone
        kn[K_DEALER] = dealer
        kn[K_UPCARD] = upcard
        kn[K_PICKED] = 1 if rnd == 1 else 0
        kn[K_LONE_POINTS] = rules[R_LONE_DEFENDER_POINTS]
        maker_tricks = pimc_tricks(px, hands, dealer, t, maker, alone, def_alone, avoid, discard,
                                   kinds, seat_table, slots, play_key, pimc_key, draws, trace,
                                   tracing)
    stats[ST_HANDS] += 1
    stats[ST_HAND_CYCLES] += cycle_counter() - t0
    return (rnd, maker, t, alone, def_alone, maker_tricks, -1, discard, forced, upcard, 0)


@njit(cache=True)
def pimc_chunk(px, seed, start, lo, hi, rules, kinds, seat_table, slots, randoms, force,
               masks, fields, want_records, tally_row, scores, dealt, hands, draws, trace):
    """Hands ``start + lo .. start + hi - 1`` (``sim.kernel.hand.play_chunk``'s loop)."""
    for b in range(lo, hi, DEAL_BLOCK):
        e = min(hi, b + DEAL_BLOCK)
        deal_block(seed, start, b, e, dealt)
        for i in range(b, e):
            idx = start + i
            k = i - b
            deal = dealt_at(dealt, k)
            dealer = idx & 3
            play_key = hand_key(seed, idx, STREAM_PLAY) if randoms else np.uint64(0)
            if want_records:
                record_deal(masks, i, dealer, deal)
            result = play_pimc_dealt(px, deal, dealer, rules, kinds, seat_table, slots, play_key,
                                     hand_key(seed, idx, STREAM_PIMC), draws, scores, force,
                                     hands, trace, False)
            if want_records:
                write_record(fields, i, dealer, rules, result)
            (rnd, maker, _t, alone, def_alone, maker_tricks, farmer, _discard, _forced, _upcard,
             _bad) = result
            tally_row[tally_cell(dealer, rnd, maker, alone, def_alone, maker_tricks,
                                 farmer)] += 1


@njit(cache=True, parallel=True)
def run_hands(seed, start, n, chunk, rules, kinds, pimc, settings, seat_table, force, masks,
              fields, tally, scores, stats):
    """``sim.kernel.batch.run_hands`` with the seats of ``pimc`` deciding by PIMC (their
    ``settings`` rows); chunk ``ci`` adds its decision counts and cycles into ``stats[ci]``."""
    want_records = masks.shape[1] == n
    nchunks = (n + chunk - 1) // chunk
    slots = seat_slots(seat_table)
    randoms = any_random(kinds)
    for ci in prange(nchunks):
        lo = ci * chunk
        pimc_chunk(pimc_state(pimc, settings, stats[ci]), seed, start, lo, min(n, lo + chunk),
                   rules, kinds, seat_table, slots, randoms, force, masks, fields,
                   want_records, tally[ci], scores, np.empty((6, DEAL_BLOCK), np.int64),
                   np.empty(4, np.int64), np.zeros(1, np.int64), np.zeros((1, 4), np.int64))


@njit(cache=True)
def trace_hands(seed, indices, rules, kinds, pimc, settings, seat_table, force, traces, results,
                decks):
    """``sim.kernel.batch.trace_hands`` with PIMC seats: the same hands, their events logged."""
    px = pimc_state(pimc, settings, np.zeros(N_STATS, np.int64))
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    slots = seat_slots(seat_table)
    for q in range(indices.shape[0]):
        idx = indices[q]
        shuffle_deck(hand_key(seed, idx, STREAM_DEAL), deck)
        decks[q, :] = deck
        traces[q, 0, 0] = 0
        fill_result(play_pimc_dealt(px, deck_deal(deck), idx & 3, rules, kinds, seat_table,
                                    slots, hand_key(seed, idx, STREAM_PLAY),
                                    hand_key(seed, idx, STREAM_PIMC), draws, scores, force,
                                    hands, traces[q], True),
                    rules, results[q])


@njit(cache=True, parallel=True)
def run_seen(seed, start, n, chunk, rules, kinds, pimc, settings, seat_table, force, hand,
             upcard, position, scores, out):
    """``sim.kernel.batch.run_seen`` (the advisor's deals consistent with one player's view)
    with PIMC seats."""
    dealer = np.int64(3)
    team = position & 1
    slots = seat_slots(seat_table)
    nchunks = (n + chunk - 1) // chunk
    for ci in prange(nchunks):
        px = pimc_state(pimc, settings, np.zeros(N_STATS, np.int64))
        deck = np.empty(24, np.int64)
        rest = np.empty(24, np.int64)
        hands = np.empty(4, np.int64)
        res = np.empty(NRES, np.int64)
        draws = np.zeros(1, np.int64)
        trace = np.zeros((1, 4), np.int64)
        for i in range(ci * chunk, min(n, (ci + 1) * chunk)):
            idx = start + i
            seen_deck(hand_key(seed, idx, STREAM_SEEN), hand, upcard, position, rest, deck)
            fill_result(play_pimc_dealt(px, deck_deal(deck), dealer, rules, kinds, seat_table,
                                        slots, hand_key(seed, idx, STREAM_PLAY),
                                        hand_key(seed, idx, STREAM_PIMC), draws, scores, force,
                                        hands, trace, False),
                        rules, res)
            seen_row(res, team, out[i])
