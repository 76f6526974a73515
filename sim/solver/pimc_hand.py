"""Complete hands with ``pimc`` players at some seats: the kernel's phases (``sim.kernel.hand``)
with a PIMC decision wherever a ``pimc`` seat acts, at kernel speed (``prange`` over fixed chunks
of hands, one solver table per chunk).

A seat that is not ``pimc`` decides exactly as in the kernel (the same functions, the same
random draws), so a table without a ``pimc`` seat plays the kernel's hands card for card; a test
holds the two together.  A ``pimc`` seat:

* bids, goes alone (``pimc_bid.choose_bid``) and, as the dealer, discards
  (``pimc_bid.choose_discard``) by option values on sampled worlds;
* plays its cards by ``pimc.choose_card``, from what it has seen (``sim.solver.worlds``): its
  hand, the upcard and whether the dealer took it, the contract, the cards played, and its
  own discard;
* defends alone (a house rule) by ``basic``'s numbers;
* draws its worlds from ``sub_key(pimc_key, d)`` for its ``d``-th kind of decision of the hand
  (``D_*``: the play number for cards), with ``pimc_key`` keyed by the hand (or the game and its
  hand): the same seed gives the same play whatever the thread count.

Per-seat settings are one row of ``settings`` (``S_*``).  ``stats`` rows (one per chunk) count
decisions, worlds and CPU cycles by kind (``ST_*``), for the benchmark.  The farmer's hand and
code strategies are not played with ``pimc`` seats (``sim.solver.pimc_player`` refuses them).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.cards import POWER_CARD, POWER_POS, SUIT_MASK_POW
from sim.kernel.batch import seen_deck
from sim.kernel.hand import (
    close_flags,
    deck_deal,
    defending_alone,
    follow_card,
    hand_points,
    lead_card,
    log_event,
    next_seats,
    tally_cell,
    write_record,
)
from sim.kernel.layout import (
    BID_ORDER,
    BID_PASS,
    DEAL_BLOCK,
    EV_BID,
    EV_DISCARD,
    EV_PLAY,
    F_DISCARD,
    F_POS,
    F_ROUND,
    F_SUIT,
    FORCE_ALONE,
    FORCE_PASS,
    LED_MASK,
    NRES,
)
from sim.players import basic, decide
from sim.players.basic import PL_ALONE, PL_CALL, PLAN, plan_row, seat_base, seat_slots
from sim.players.bits import TRUMP_POW, low, to_cards, to_power
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
S_WORLDS, S_BID_WORLDS, S_MARGIN, S_PASS, S_INFERENCE = range(5)
N_SETTINGS = 5
# decision keys within a hand: plays use their number (0-19)
D_ROUND1, D_ROUND2, D_DISCARD = 32, 40, 48
# stats columns: (decisions, worlds, solves, cycles) for cards, bids, discards; then hands and
# the cycles of whole hands
ST_CARD, ST_BID, ST_DISCARD = 0, 4, 8
ST_HANDS, ST_HAND_CYCLES = 12, 13
N_STATS = 14


@njit(cache=True)
def _note(stats, col, counts, t0):
    stats[col] += 1
    stats[col + 1] += counts[0]
    stats[col + 2] += counts[1]
    stats[col + 3] += cycle_counter() - t0
    counts[0] = 0
    counts[1] = 0


@njit(cache=True)
def pimc_round1(seat, k, hands, dealer, upcard, seat_table, plan, rules, settings, pimc_key,
                tt, st, means, counts, stats):
    t0 = cycle_counter()
    s = settings[seat]
    a = choose_bid(seat, hands[seat], dealer, upcard, np.int64(1), k, False, seat_table, plan,
                   rules, rules[R_LONE_DEFENDER_POINTS], np.int64(s[S_BID_WORLDS]), s[S_MARGIN],
                   np.int64(s[S_PASS]), s[S_INFERENCE] != 0, sub_key(pimc_key, D_ROUND1 + k),
                   tt, st, means, counts)
    _note(stats, ST_BID, counts, t0)
    return a


@njit(cache=True)
def pimc_round2(seat, k, stuck, hands, dealer, upcard, seat_table, plan, rules, settings,
                pimc_key, tt, st, means, counts, stats):
    t0 = cycle_counter()
    s = settings[seat]
    a = choose_bid(seat, hands[seat], dealer, upcard, np.int64(2), k, stuck, seat_table, plan,
                   rules, rules[R_LONE_DEFENDER_POINTS], np.int64(s[S_BID_WORLDS]), s[S_MARGIN],
                   np.int64(s[S_PASS]), s[S_INFERENCE] != 0, sub_key(pimc_key, D_ROUND2 + k),
                   tt, st, means, counts)
    _note(stats, ST_BID, counts, t0)
    return a


@njit(cache=True)
def pimc_play(kn, seat, discard, hands, t, settings, pimc_key, tt, st, values, counts, stats):
    """The power position of the card ``seat`` plays (``kn``: the hand's knowledge, whose
    per-seat fields are set here: only the dealer knows his ``discard``)."""
    t0 = cycle_counter()
    kn[K_SEAT] = seat
    kn[K_DISCARD] = discard if seat == kn[K_DEALER] else -1
    kn[K_HAND] = to_cards(hands[seat], t)
    s = settings[seat]
    c, solved, _odd = choose_card(kn, np.int64(s[S_WORLDS]), sub_key(pimc_key, kn[K_N_PLAYED]),
                                  s[S_MARGIN], tt, st, values)
    counts[0] = solved
    counts[1] = solved
    if solved > 0:
        _note(stats, ST_CARD, counts, t0)
    return POWER_POS[t, c]


@njit(cache=True)
def _noted_play(kn, seat, card):
    n = kn[K_N_PLAYED]
    kn[K_SEATS + n] = seat
    kn[K_CARDS + n] = card
    kn[K_N_PLAYED] = n + 1


@njit(cache=True)
def pimc_round1_phase(hands, dealer, upcard, kinds, pimc, settings, seat_table, plan, rules,
                      force, dealer_discard, play_key, pimc_key, draws, tt, st, means, counts,
                      stats, trace, tracing):
    """Round 1 (``sim.kernel.hand.round1``'s seat-by-seat loop): (maker or -1, alone,
    forced)."""
    maker = -1
    alone = 0
    forced = 0
    forced_pos = force[F_POS] if force[F_ROUND] == 1 else -1
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        if k == forced_pos:
            a = force[2]
            forced = 1
        elif (pimc >> seat) & 1:
            a = pimc_round1(seat, k, hands, dealer, upcard, seat_table, plan, rules, settings,
                            pimc_key, tt, st, means, counts, stats)
        else:
            a = decide.order_up(kinds[seat], seat_table, plan + 4 * k, k, hands[seat], upcard,
                                dealer_discard, play_key, draws)
        if tracing:
            log_event(trace, EV_BID, seat, BID_ORDER if a else BID_PASS, 1 if a == 2 else 0)
        if a:
            maker = seat
            alone = 1 if a == 2 else 0
            break
    return maker, alone, forced


@njit(cache=True)
def pimc_pick_up(hands, dealer, upcard, maker, alone, kinds, pimc, settings, rules, force,
                 dealer_discard, play_key, pimc_key, draws, tt, st, values, counts, stats,
                 trace, tracing):
    """The dealer takes the upcard and discards (``sim.kernel.hand.pick_up``); returns the
    discard or -1."""
    partner_alone = alone and maker == ((dealer + 2) & 3)
    discard = -1
    if not (partner_alone and not rules[R_DEALER_DISCARDS_PARTNER_ALONE]):
        hand6 = hands[dealer] | (np.int64(1) << upcard)
        d = -1
        if force[F_POS] == 3 and force[F_DISCARD] >= 0 and (hand6 >> force[F_DISCARD]) & 1:
            d = force[F_DISCARD]
        elif (pimc >> dealer) & 1 and not partner_alone:
            t0 = cycle_counter()
            s = settings[dealer]
            d = choose_discard(dealer, hand6, upcard, maker, alone, rules,
                               rules[R_LONE_DEFENDER_POINTS], np.int64(s[S_BID_WORLDS]),
                               s[S_MARGIN], sub_key(pimc_key, D_DISCARD), tt, st, values,
                               counts)
            _note(stats, ST_DISCARD, counts, t0)
        if d < 0:
            d = decide.discard(kinds[dealer], hand6, upcard, rules[R_DISCARD_UPCARD],
                               dealer_discard, play_key, draws)
        hands[dealer] = hand6 & ~(np.int64(1) << d)
        discard = d
        if tracing:
            log_event(trace, EV_DISCARD, dealer, d, 0)
    return discard


@njit(cache=True)
def pimc_round2_phase(hands, dealer, turned, upcard, kinds, pimc, settings, seat_table, slots,
                      plan, rules, force, play_key, pimc_key, draws, tt, st, means, counts,
                      stats, trace, tracing):
    """Round 2 (``sim.kernel.hand.round2``): (maker or -1, trump, alone, forced)."""
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
            if force[2] == FORCE_PASS and not stuck:
                a = -1
            else:
                s = force[F_SUIT]
                if s < 0:
                    s, _ = basic.best_suit(seat_table, seat_base(slots, seat), hands[seat],
                                           turned)
                a = 2 * s + (1 if force[2] == FORCE_ALONE else 0)
        elif (pimc >> seat) & 1:
            a = pimc_round2(seat, k, stuck, hands, dealer, upcard, seat_table, plan, rules,
                            settings, pimc_key, tt, st, means, counts, stats)
        else:
            plan_at = plan + 4 * k
            a = decide.call(kinds[seat], seat_table, plan_row(seat_table, plan_at),
                            hands[seat], turned, stuck, seat_table[plan_at + PL_ALONE],
                            seat_table[plan_at + PL_CALL], play_key, draws)
        if tracing:
            if a < 0:
                log_event(trace, EV_BID, seat, BID_PASS, 0)
            else:
                log_event(trace, EV_BID, seat, 2 + a // 2, a & 1)
        if a >= 0:
            maker = seat
            trump = a // 2
            alone = a & 1
            break
    return maker, trump, alone, forced


@njit(cache=True)
def pimc_tricks(hands, dealer, t, maker, alone, def_alone, avoid, discard, kinds, pimc,
                settings, seat_table, slots, kn, play_key, pimc_key, draws, tt, st, values, counts,
                stats, trace, tracing):
    """The five tricks (``sim.kernel.hand.five_tricks``, its general loop): the maker's side's
    tricks.  ``kn`` has the hand's public facts set; the plays are noted in it."""
    for s in range(4):
        hands[s] = to_power(hands[s], t)
    nxt, n_active = next_seats(maker, alone, def_alone)
    leader = (nxt >> (2 * dealer)) & 3
    maker_tricks = 0
    lone = maker if alone else -1
    played = np.int64(0)
    overtake = basic.overtake_settings(seat_table, slots, lone)
    for _trick in range(5):
        seat = leader
        if (pimc >> seat) & 1:
            c = pimc_play(kn, seat, discard, hands, t, settings, pimc_key, tt, st, values,
                          counts, stats)
            hands[seat] &= ~(np.int64(1) << c)
            if tracing:
                log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
        else:
            c, _bad = lead_card(kinds, hands, seat, t, maker, alone, lone, avoid, play_key,
                                draws, trace, tracing)
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
                p = pimc_play(kn, seat, discard, hands, t, settings, pimc_key, tt, st, values,
                              counts, stats)
                hands[seat] = h & ~(np.int64(1) << p)
                if tracing:
                    log_event(trace, EV_PLAY, seat, POWER_CARD[t, p], 0)
                if ((beaters & (np.int64(-2) << win_pos)) >> p) & 1:
                    win_pos = p
                    win_seat = seat
            else:
                after = (nxt >> (2 * seat)) & 3 if j < n_active - 2 else -1
                win_pos, win_seat, _bad = follow_card(kinds, hands, seat, t, led_mask, beaters,
                                                      c, win_pos, win_seat, played, after, lone,
                                                      overtake, play_key, draws, trace,
                                                      tracing)
            gone = h ^ hands[seat]
            played |= gone
            _noted_play(kn, seat, POWER_CARD[t, low(gone)])
        maker_tricks += 1 if (win_seat & 1) == (maker & 1) else 0
        leader = win_seat
    return maker_tricks


@njit(cache=True)
def play_pimc_dealt(deal, dealer, rules, kinds, pimc, settings, seat_table, slots, play_key,
                    pimc_key, draws, scores, force, hands, kn, tt, st, values, counts, stats,
                    trace, tracing):
    """One complete hand of ``deal`` (``sim.kernel.hand.play_dealt``'s deal and result tuple)
    with the seats of the bit mask ``pimc`` deciding by PIMC."""
    t0 = cycle_counter()
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
    maker, alone, forced = pimc_round1_phase(hands, dealer, upcard, kinds, pimc, settings,
                                             seat_table, plan, rules, force, dealer_discard,
                                             play_key, pimc_key, draws, tt, st, values, counts,
                                             stats, trace, tracing)
    discard = -1
    t = -1
    rnd = 0
    if maker >= 0:
        rnd = 1
        t = turned
        discard = pimc_pick_up(hands, dealer, upcard, maker, alone, kinds, pimc, settings, rules,
                               force, dealer_discard, play_key, pimc_key, draws, tt, st, values,
                               counts, stats, trace, tracing)
    else:
        maker, t, alone, forced2 = pimc_round2_phase(hands, dealer, turned, upcard, kinds, pimc,
                                                     settings, seat_table, slots, plan, rules,
                                                     force, play_key, pimc_key, draws, tt, st,
                                                     values, counts, stats, trace, tracing)
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
        maker_tricks = pimc_tricks(hands, dealer, t, maker, alone, def_alone, avoid, discard,
                                   kinds, pimc, settings, seat_table, slots, kn, play_key,
                                   pimc_key, draws, tt, st, values, counts, stats, trace,
                                   tracing)
    stats[ST_HANDS] += 1
    stats[ST_HAND_CYCLES] += cycle_counter() - t0
    return (rnd, maker, t, alone, def_alone, maker_tricks, -1, discard, forced, upcard, 0)


@njit(cache=True)
def pimc_chunk(seed, start, lo, hi, rules, kinds, pimc, settings, seat_table, slots, any_random,
               force, masks, fields, want_records, tally_row, scores, stats, dealt, hands, draws,
               kn, tt, st, values, counts, trace):
    """Hands ``start + lo .. start + hi - 1`` (``sim.kernel.hand.play_chunk``'s loop)."""
    for b in range(lo, hi, DEAL_BLOCK):
        e = min(hi, b + DEAL_BLOCK)
        deal_block(seed, start, b, e, dealt)
        for i in range(b, e):
            idx = start + i
            k = i - b
            deal = (dealt[0, k], dealt[1, k], dealt[2, k], dealt[3, k], dealt[4, k], dealt[5, k])
            dealer = idx & 3
            play_key = hand_key(seed, idx, STREAM_PLAY) if any_random else np.uint64(0)
            if want_records:
                masks[(dealer + 1) & 3, i] = deal[0]
                masks[(dealer + 2) & 3, i] = deal[1]
                masks[(dealer + 3) & 3, i] = deal[2]
                masks[dealer, i] = deal[3]
            result = play_pimc_dealt(deal, dealer, rules, kinds, pimc, settings, seat_table,
                                     slots, play_key, hand_key(seed, idx, STREAM_PIMC), draws,
                                     scores, force, hands, kn, tt, st, values, counts, stats,
                                     trace, False)
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
    any_random = ((kinds[0] == RANDOM) | (kinds[1] == RANDOM) | (kinds[2] == RANDOM)
                  | (kinds[3] == RANDOM))
    for ci in prange(nchunks):
        lo = ci * chunk
        pimc_chunk(seed, start, lo, min(n, lo + chunk), rules, kinds, pimc, settings,
                   seat_table, slots, any_random, force, masks, fields, want_records, tally[ci],
                   scores, stats[ci], np.empty((6, DEAL_BLOCK), np.int64),
                   np.empty(4, np.int64), np.zeros(1, np.int64), np.zeros(K_SIZE, np.int64),
                   np.zeros(TT_SIZE, np.int64), np.zeros((MAX_PLY, N_FIELDS), np.int64),
                   np.zeros(24, np.float64),
                   np.zeros(2, np.int64), np.zeros((1, 4), np.int64))


@njit(cache=True)
def trace_hands(seed, indices, rules, kinds, pimc, settings, seat_table, force, traces, results,
                decks):
    """``sim.kernel.batch.trace_hands`` with PIMC seats: the same hands, their events logged."""
    deck = np.empty(24, np.int64)
    hands = np.empty(4, np.int64)
    draws = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    kn = np.zeros(K_SIZE, np.int64)
    tt = np.zeros(TT_SIZE, np.int64)
    st = np.zeros((MAX_PLY, N_FIELDS), np.int64)
    values = np.zeros(24, np.float64)
    counts = np.zeros(2, np.int64)
    stats = np.zeros(N_STATS, np.int64)
    slots = seat_slots(seat_table)
    for q in range(indices.shape[0]):
        idx = indices[q]
        shuffle_deck(hand_key(seed, idx, STREAM_DEAL), deck)
        decks[q, :] = deck
        tr = traces[q]
        tr[0, 0] = 0
        dealer = idx & 3
        out = play_pimc_dealt(deck_deal(deck), dealer, rules, kinds, pimc, settings, seat_table,
                              slots, hand_key(seed, idx, STREAM_PLAY), hand_key(seed, idx,
                                                                              STREAM_PIMC),
                              draws, scores, force, hands, kn, tt, st, values, counts, stats,
                              tr, True)
        (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
         bad) = out
        pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks,
                                 rules[R_LONE_DEFENDER_POINTS])
        res = (rnd, maker, t, alone, def_alone, maker_tricks, pts0, pts1, farmer, discard,
               forced, upcard, bad)
        for k in range(NRES):
            results[q, k] = res[k]


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
        deck = np.empty(24, np.int64)
        rest = np.empty(24, np.int64)
        hands = np.empty(4, np.int64)
        draws = np.zeros(1, np.int64)
        trace = np.zeros((1, 4), np.int64)
        kn = np.zeros(K_SIZE, np.int64)
        tt = np.zeros(TT_SIZE, np.int64)
        st = np.zeros((MAX_PLY, N_FIELDS), np.int64)
        values = np.zeros(24, np.float64)
        counts = np.zeros(2, np.int64)
        stats = np.zeros(N_STATS, np.int64)
        for i in range(ci * chunk, min(n, (ci + 1) * chunk)):
            idx = start + i
            seen_deck(hand_key(seed, idx, STREAM_SEEN), hand, upcard, position, rest, deck)
            (rnd, maker, _t, alone, def_alone, maker_tricks, _farmer, _discard, forced, _up,
             _bad) = play_pimc_dealt(deck_deal(deck), dealer, rules, kinds, pimc, settings,
                                     seat_table, slots, hand_key(seed, idx, STREAM_PLAY),
                                     hand_key(seed, idx, STREAM_PIMC), draws, scores, force,
                                     hands, kn, tt, st, values, counts, stats, trace, False)
            pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks,
                                     rules[R_LONE_DEFENDER_POINTS])
            o = out[i]
            o[0] = forced
            o[1] = rnd
            o[2] = maker
            o[3] = alone
            o[4] = maker_tricks
            o[5] = pts0 if team == 0 else pts1
            o[6] = pts1 if team == 0 else pts0
