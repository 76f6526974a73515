"""One decision of one seat, asked of the ``seat`` module exactly as the hand's phases ask it:
the compiled half of the decision API (``sim.agents.agent``).

``decide`` gets a deal consistent with what the seat has seen (``sim.referee.views``; the other
seats' cards in it are any consistent ones, which by the players' contract change nothing),
the hand's public facts so far and, for the play, the cards played in order.  It makes the
seat module's state and the hand's context as ``play_dealt`` does, tells the seat module the
contract and every card played (its notices), works out the trick's masks as ``follow_card``
does, and asks the one decision.  ``bids_on_worlds`` asks a table's eight bids on many worlds
at once, for the bidding game's exploitability (``sim.equilibrium.exploit``; a search player's
bids cost milliseconds, so they are asked before the worlds are valued).  Both live in the
kernel package, so a copy bound to another player (``sim.table.bindings``: a code strategy, pimc)
asks that player, with the decisions its runs compiled.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import TRUMP_POW, to_power
from sim.cards import LED_MASK, POWER_CARD, POWER_POS, SUIT_MASK_POW
from sim.rng import STREAM_SEAT, hand_key, sub_key
from sim.rules import R_GAME_TO, R_STICK
from sim.seats import next_seats

from . import seat as sm
from .hand import close_flags

# the decision asked (``sim.agents.agent`` maps the answers to actions)
ASK_ROUND1, ASK_DISCARD, ASK_ROUND2, ASK_DEFEND, ASK_PLAY = 1, 2, 3, 4, 5


def decide(ask, seat, dealt, dealer, upcard, kinds, seat_table, rules, scores, seat_key,
           play_key, rnd_made, t, maker, alone, def_alone, discard, play_seats, play_cards,
           now):
    """The seat module's answer to the decision ``ask`` of ``seat``, as the kernel codes it:
    round 1 (0 pass, 1 order up, 2 alone), the discard (a card), round 2 (-1 pass, else 2 *
    suit + alone), defending alone (0 or 1), a card to play (a card).

    ``dealt``: the four hands as dealt (card masks, by seat); ``now``: the seat's cards now
    (card layout); ``play_seats``, ``play_cards``: the cards played so far in order (cards);
    the contract (``rnd_made`` 1 or 2, trump ``t``, ``maker``, ``alone``, ``def_alone`` or -1,
    ``discard`` or -1) once trump is made.

    Each kind of decision is its own compiled function, so a first use compiles only the one
    it asks (a round-1 question compiles no card play).  ``decide`` itself is plain Python."""
    if ask == ASK_PLAY:
        return play_card(seat, dealer, upcard, kinds, seat_table, rules, seat_key, play_key,
                         rnd_made, t, maker, alone, def_alone, discard, play_seats, play_cards,
                         now)
    if ask == ASK_DEFEND:
        return defend(seat, kinds, seat_table, t, play_key, now)
    if ask == ASK_DISCARD:
        return discard_card(seat, dealt, dealer, upcard, kinds, seat_table, rules, scores,
                            seat_key, play_key, maker, alone)
    bid = round1 if ask == ASK_ROUND1 else round2
    return bid(seat, dealt, dealer, upcard, kinds, seat_table, rules, scores, seat_key,
               play_key)


@njit(cache=True, inline="always")
def _bidding(seat, dealt, dealer, upcard, kinds, seat_table, rules, scores):
    """(seat module state, draw counter, hands, the hand's context, the seat's position)."""
    hands = dealt.copy()
    ctx = sm.hand_context(hands, dealer, upcard, kinds, rules, close_flags(scores,
                                                                           rules[R_GAME_TO]))
    return (sm.chunk_state(seat_table, kinds), np.zeros(1, np.int64), hands, ctx,
            (seat - dealer - 1) & 3)


@njit(cache=True)
def round1(seat, dealt, dealer, upcard, kinds, seat_table, rules, scores, seat_key, play_key):
    """A round-1 bid: 0 pass, 1 order up, 2 alone."""
    ps, draws, hands, ctx, k = _bidding(seat, dealt, dealer, upcard, kinds, seat_table, rules,
                                        scores)
    answer, _bad = sm.order_up(ps, kinds, seat, k, hands[seat], dealer, upcard, seat_table,
                               ctx, rules, scores, play_key, seat_key, draws)
    return answer


@njit(cache=True)
def round2(seat, dealt, dealer, upcard, kinds, seat_table, rules, scores, seat_key, play_key):
    """A round-2 bid: -1 pass, else 2 * suit + alone."""
    ps, draws, hands, ctx, k = _bidding(seat, dealt, dealer, upcard, kinds, seat_table, rules,
                                        scores)
    stuck = k == 3 and rules[R_STICK] != 0
    answer, _bad = sm.call(ps, kinds, seat, k, hands[seat], dealer, upcard, stuck, seat_table,
                           ctx, rules, scores, play_key, seat_key, draws)
    return answer


@njit(cache=True)
def discard_card(seat, dealt, dealer, upcard, kinds, seat_table, rules, scores, seat_key,
                 play_key, maker, alone):
    """The dealer's discard (a card) from his hand and the upcard."""
    ps, draws, hands, ctx, _k = _bidding(seat, dealt, dealer, upcard, kinds, seat_table, rules,
                                         scores)
    hand6 = hands[dealer] | (np.int64(1) << upcard)
    answer, _bad = sm.discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx,
                              play_key, seat_key, draws)
    return answer


@njit(cache=True)
def defend(seat, kinds, seat_table, t, play_key, now):
    """Whether ``seat`` defends alone (1) or not (0), holding ``now``."""
    ps = sm.chunk_state(seat_table, kinds)
    slots = sm.table_slots(seat_table)
    return 1 if sm.defend_alone(ps, kinds, seat, seat_table, slots, now, t, play_key,
                                np.zeros(1, np.int64)) else 0


@njit(cache=True)
def play_card(seat, dealer, upcard, kinds, seat_table, rules, seat_key, play_key, rnd_made, t,
              maker, alone, def_alone, discard, play_seats, play_cards, now):
    """The card ``seat`` plays (``play``, with the seat module's state made here)."""
    return play(sm.chunk_state(seat_table, kinds), seat, dealer, upcard, kinds, seat_table,
                sm.table_slots(seat_table), rules, seat_key, play_key, np.zeros(1, np.int64),
                rnd_made, t, maker, alone, def_alone, discard, play_seats, play_cards, now)


@njit(cache=True)
def play(ps, seat, dealer, upcard, kinds, seat_table, slots, rules, seat_key, play_key, draws,
         rnd_made, t, maker, alone, def_alone, discard, play_seats, play_cards, now):
    """The card ``seat`` plays (card layout), after the notices of the contract and of the
    cards played so far; the lead or follow arguments as ``five_tricks`` works them out."""
    sm.contract(ps, dealer, upcard, rnd_made, t, maker, alone, def_alone, discard, rules)
    nxt, n_active = next_seats(maker, alone, def_alone)
    lone = maker if alone else -1
    leads, follows = sm.trick_settings(seat_table, slots, lone)
    avoid = SUIT_MASK_POW[t, upcard // 6] if rnd_made == 2 else np.int64(0)
    played = np.int64(0)
    in_trick = 0
    lead_pos = 0
    led_mask = np.int64(0)
    win_pos = 0
    win_seat = -1
    for i in range(play_seats.shape[0]):
        s = play_seats[i]
        c = POWER_POS[t, play_cards[i]]
        if in_trick == 0:
            lead_pos = c
            led_mask = LED_MASK[t, np.uint64(c)]
            win_pos = c
            win_seat = s
        elif (((led_mask | TRUMP_POW) & (np.int64(-2) << win_pos)) >> c) & 1:
            win_pos = c
            win_seat = s
        played |= np.int64(1) << c
        sm.played(ps, s, t, c)
        in_trick = in_trick + 1 if in_trick + 1 < n_active else 0
    h = to_power(now, t)
    if in_trick == 0:
        c, _bad = sm.lead(ps, kinds, seat, h, t, maker, alone, lone, avoid, leads, played,
                          play_key, seat_key, draws)
    else:
        suit = h & led_mask
        legal = suit if suit != 0 else h
        above = (led_mask | TRUMP_POW) & (np.int64(-2) << win_pos)
        after = (nxt >> (2 * seat)) & 3 if in_trick < n_active - 1 else -1
        c, _bad = sm.follow(ps, kinds, seat, h, legal, legal & above, led_mask, lead_pos,
                            win_pos, win_seat, above & ~(h | played), after, in_trick == 1,
                            lone, follows, t, play_key, seat_key, draws)
    return POWER_CARD[t, c]


# the best-responding seat's key under a hand's in ``bids_on_worlds`` (the worlds' are 0, 1, ..)
OWN_KEY = 1 << 32
SCORES0 = np.zeros(2, np.int64)


@njit(cache=True, nogil=True, _nrt=True)
def bids_on_worlds(p, seed, lo, hi, hands, upcards, kinds, seat_table, rules, out):
    """The bidding game's view of a table of these seats (``sim.equilibrium.exploit``), for
    the samples ``lo .. hi - 1`` (a chunk: the caller runs chunks on threads): ``out[i, w]``
    the round-1 bids by position (0 pass, 1 order up, 2 alone) then the round-2 bids (-1 pass,
    else 2 * suit + alone) of the seats holding ``hands[i, w]`` (by position, the dealer last)
    under ``upcards[i]``.  Position ``p`` sees the same on every world of ``i``, so it is asked
    once, with one key; the others with a key of their world (``sub_key`` of the sample's
    ``STREAM_SEAT`` key: the seat's own key of a hand)."""
    z = np.uint64(0)
    dealer = np.int64(3)
    stick = rules[R_STICK] != 0
    ps = sm.chunk_state(seat_table, kinds)        # one a chunk, as the kernel keeps one
    draws = np.zeros(1, np.int64)
    for i in range(lo, hi):
        upcard = upcards[i]
        hand = hand_key(seed, i, STREAM_SEAT)
        for w in range(hands.shape[1]):
            world = hands[i, w]
            ctx = sm.hand_context(world, dealer, upcard, kinds, rules, 0)
            row = out[i, w]
            for k in range(4):
                if k == p and w > 0:
                    row[k] = out[i, 0, k]
                    row[4 + k] = out[i, 0, 4 + k]
                    continue
                key = sub_key(hand, OWN_KEY if k == p else w)
                a, _ = sm.order_up(ps, kinds, k, k, world[k], dealer, upcard, seat_table, ctx,
                                   rules, SCORES0, z, key, draws)
                row[k] = a
                c, _ = sm.call(ps, kinds, k, k, world[k], dealer, upcard, stick and k == 3,
                               seat_table, ctx, rules, SCORES0, z, key, draws)
                row[4 + k] = c
