"""The seat decisions the kernel asks for, as the built-in players (``basic``, ``random`` and the
``equilibrium`` table bidder) make them: the decide interface every player plugs in at.

The kernel (``sim.kernel.hand``) asks its ``seat`` module for every decision and tells it what
happens; ``sim/kernel/seat.py`` takes this module's functions, and a copy of the kernel package
bound to another decide module (``sim.table.bindings``: a code strategy's ``sim.players.code``, the
search player's ``sim.players.pimc.seat``) gets that module in its place.  A decide module
defines every name in ``__all__``:

* what it needs of a run and a hand: ``chunk_state`` (the player's own working state, made once
  per chunk of hands and passed to every decision as ``ps``), ``table_slots``,
  ``uses_play_key``, ``hand_context`` (worked out once a hand: here basic's discard for the
  dealer and the hand's bidding plan);
* the decisions, each ``(ps, kinds, seat, ...)``: ``order_up``, ``discard``, ``call``,
  ``defend_alone``, ``farmer``, ``lead``, ``follow``, and the fast paths ``plain_round1`` /
  ``round1_all`` (all four round-1 bids at once), ``best_suit`` (a forced call's suit) and
  ``trick_settings`` with the two settings the kernel compiles a copy of the tricks for
  (``SETTINGS_A_*``, ``SETTINGS_B_*``);
* the notices, for a player that keeps count: ``contract`` and ``played``;
* constants the kernel compiles on: ``KEYED`` (the player draws from its own per-hand key,
  ``seat_key``), ``FARMERS_HAND`` (the player plays the farmer's hand house rule; off, its
  phase is not compiled), ``FAST_TRICKS`` (compile the copies of the tricks for four seats at the
  ``SETTINGS_*``; off, one general loop), ``COUNTS_BAD`` (a decision may come back illegal
  and replaced: counted) and the run sizes ``MAX_CHUNK`` / ``MAX_BATCH`` /
  ``MAX_GAME_CHUNK`` / ``MAX_GAME_BATCH`` (0: the runner's).

A decision returns ``(action, bad)``; here ``bad`` is always 0.  Cards are in the power layout
(``sim.bits``) once trump is known.  All are inlined, so a run of basic players compiles to
basic's code alone.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import rand_below
from sim.players import basic
from sim.players import equilibrium as eq
from sim.players import random_player as rnd
from sim.players.basic import (
    OWN,
    OWN_WIDTH,
    PL_ALONE,
    PL_CALL,
    PLAN,
    plan_row,
    seat_base,
    seat_slots,
)
from sim.players.kinds import EQUILIBRIUM, RANDOM
from sim.players.tuned import TUNED_FOLLOWS, TUNED_LEADS
from sim.rules import R_DISCARD_UPCARD

KEYED = False
FAST_TRICKS = True
FARMERS_HAND = True
COUNTS_BAD = False
MAX_CHUNK = 0
MAX_BATCH = 0
MAX_GAME_CHUNK = 0
MAX_GAME_BATCH = 0
# the card-play settings of four seats the kernel compiles its own copy of the tricks for:
# basic's and the default player's (tuned)
SETTINGS_A_LEADS, SETTINGS_A_FOLLOWS = basic.DEFAULT_LEADS, basic.DEFAULT_FOLLOWS
SETTINGS_B_LEADS, SETTINGS_B_FOLLOWS = TUNED_LEADS, TUNED_FOLLOWS

table_slots = seat_slots


@njit(cache=True, _nrt=False)
def chunk_state(seat_table, kinds):
    """The built-in players keep no state."""
    return np.int64(0)


@njit(cache=True, inline="always", _nrt=False)
def uses_play_key(kinds):
    """True when a seat plays ``random`` or ``equilibrium`` (only their choices draw from the
    play key).  One expression, not a loop from False: a literal False would type a second
    copy of the loop it is passed to."""
    return ((kinds[0] == RANDOM) | (kinds[1] == RANDOM) | (kinds[2] == RANDOM)
            | (kinds[3] == RANDOM) | (kinds[0] == EQUILIBRIUM) | (kinds[1] == EQUILIBRIUM)
            | (kinds[2] == EQUILIBRIUM) | (kinds[3] == EQUILIBRIUM))


@njit(cache=True, inline="always", _nrt=False)
def hand_context(hands, dealer, upcard, kinds, rules, close):
    """(basic's discard for the dealer, the hand's bidding plan): his round-1 value and his
    pick-up use the discard (a random dealer never does); position k's numbers are at
    ``plan + 4 * k`` (``basic.seat_plan``; ``close``: ``close_flags``)."""
    dealer_discard = -1
    if kinds[dealer] != RANDOM:
        dealer_discard = basic.discard(hands[dealer] | (np.int64(1) << upcard), upcard // 6,
                                       upcard, rules[R_DISCARD_UPCARD])
    return dealer_discard, PLAN + (close * 4 + dealer) * 16


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds):
    """True when ``round1_all`` may decide round 1 for all four seats (basic's bids only)."""
    plain = True
    for s in range(4):
        plain = plain and kinds[s] != RANDOM and kinds[s] != EQUILIBRIUM
    return plain


@njit(cache=True, inline="always", _nrt=False)
def round1_all(hands, dealer, upcard, seat_table, ctx):
    """Basic's round-1 bids of all four seats at once, as bit masks by position from the
    dealer's left: (orders, alones)."""
    dealer_discard, plan = ctx
    orders = 0
    alones = 0
    for k in range(4):
        o, al = basic.round1_bid(seat_table, plan + 4 * k, k, hands[(dealer + 1 + k) & 3],
                                 upcard, dealer_discard)
        orders |= int(o) << k
        alones |= int(al) << k
    return orders, alones


@njit(cache=True, inline="always", _nrt=False)
def order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules, scores,
             play_key, seat_key, draws):
    """Round 1 at position ``k``: (0 pass, 1 order up, 2 order up alone; bad)."""
    if kinds[seat] == RANDOM:
        a = rnd.order_up(play_key, draws)
    elif kinds[seat] == EQUILIBRIUM:
        if seat_table[OWN + seat * OWN_WIDTH + eq.PASSES_ROUND1] != 0.0:
            a = 0                                   # made to pass (the advisor's assumption)
        else:
            a = eq.table_round1(seat_table, eq.table_at(seat_table, OWN + seat * OWN_WIDTH,
                                                        scores, dealer), k, hand, upcard,
                                rand_below(play_key, draws, eq.SCALE))
    else:
        dealer_discard, plan = ctx
        orders, al = basic.round1_bid(seat_table, plan + 4 * k, k, hand, upcard, dealer_discard)
        a = 2 if al else (1 if orders else 0)
    return a, 0


@njit(cache=True, inline="always", _nrt=False)
def discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx, play_key, seat_key,
            draws):
    """The dealer's discard from ``hand6`` (card layout): (card, bad)."""
    if kinds[dealer] == RANDOM:
        d = rnd.discard(hand6, upcard, rules[R_DISCARD_UPCARD], play_key, draws)
    else:
        d = ctx[0]
    return d, 0


@njit(cache=True, inline="always", _nrt=False)
def best_suit(seat_table, slots, seat, hand, turned):
    """The suit a seat forced to call in round 2 names (its best by basic's count)."""
    s, _ = basic.best_suit(seat_table, seat_base(slots, seat), hand, turned)
    return s


@njit(cache=True, inline="always", _nrt=False)
def call(ps, kinds, seat, k, hand, dealer, upcard, stuck, seat_table, ctx, rules, scores,
         play_key, seat_key, draws):
    """Round 2 at position ``k``: (-1 pass, else 2 * suit + alone; bad)."""
    turned = upcard // 6
    if kinds[seat] == RANDOM:
        a = rnd.call(turned, stuck, play_key, draws)
    elif kinds[seat] == EQUILIBRIUM:
        a = eq.table_round2(seat_table, eq.table_at(seat_table, OWN + seat * OWN_WIDTH, scores,
                                                    dealer), k, hand, upcard,
                            rand_below(play_key, draws, eq.SCALE))
    else:
        plan_at = ctx[1] + 4 * k
        a = basic.call(seat_table, plan_row(seat_table, plan_at), hand, turned, stuck,
                       seat_table[plan_at + PL_ALONE], seat_table[plan_at + PL_CALL])
    return a, 0


@njit(cache=True, inline="always", _nrt=False)
def defend_alone(ps, kinds, seat, seat_table, slots, hand, t, play_key, draws):
    """House rule: whether this defender defends alone against trump ``t``."""
    if kinds[seat] == RANDOM:
        return rnd.defend_alone(play_key, draws)
    return basic.defend_alone(seat_table, seat_base(slots, seat), hand, t)


@njit(cache=True, inline="always", _nrt=False)
def farmer(ps, kinds, seat, seat_table, slots, hand, upcard, play_key, draws):
    """House rule: the mask of three cards to give for the face-down kitty, or 0."""
    if kinds[seat] == RANDOM:
        return rnd.farmer(hand, play_key, draws)
    return basic.farmer(seat_table, seat_base(slots, seat), hand, upcard)


@njit(cache=True, inline="always", _nrt=False)
def trick_settings(seat_table, slots, lone):
    """(leads, follows): the four seats' card-play settings for a hand whose lone maker is
    ``lone`` (-1: none), read once a hand (``basic.lead_settings``, ``follow_settings``)."""
    return basic.lead_settings(seat_table, slots), basic.follow_settings(seat_table, slots, lone)


@njit(cache=True, inline="always", _nrt=False)
def contract(ps, dealer, upcard, rnd_made, t, maker, alone, def_alone, discard_card, rules):
    """Notice: the hand is played in trump ``t`` (the built-ins keep no count)."""
    return


@njit(cache=True, inline="always", _nrt=False)
def played(ps, seat, t, c):
    """Notice: ``seat`` played the card at power position ``c``."""
    return


@njit(cache=True, inline="always", _nrt=False)
def lead(ps, kinds, seat, hand, t, maker, alone, lone, avoid, leads, played_cards, play_key,
         seat_key, draws):
    """The card to lead from ``hand``: (power position, bad).  ``lone``: the lone maker or -1;
    ``avoid``: the suit a defender avoids leading while he can; ``leads``: the four seats'
    lead settings; ``played_cards``: the cards played so far in the hand."""
    if kinds[seat] == RANDOM:
        c = rnd.play(hand, play_key, draws)
    else:
        c = basic.lead(seat, hand, t, maker, lone, avoid, (leads >> (8 * seat)) & 255,
                       played_cards)
    return c, 0


@njit(cache=True, inline="always", _nrt=False)
def follow(ps, kinds, seat, hand, legal, beat, led_mask, lead_pos, win_pos, win_seat, threat,
           after, second, lone, follows, t, play_key, seat_key, draws):
    """The card to follow with: (power position, bad).  ``legal``: the cards ``hand`` may play;
    ``beat``: those of them that beat the winning card (``win_pos``, ``win_seat``); ``threat``:
    the cards that beat it which the seat has not seen; ``led_mask``: the led suit's cards (the
    card led at ``lead_pos``); ``after``: the next seat to play in the trick or -1;
    ``second``: whether the seat plays second; ``follows``: the four seats' follow settings."""
    if kinds[seat] == RANDOM:
        c = rnd.play(legal, play_key, draws)
    else:
        spot = ((basic.SPOT_VOID if (hand & led_mask) == 0 else 0)
                | (basic.SPOT_SECOND if second and (threat & led_mask) != 0 else 0))
        c = basic.follow(seat, legal, beat, win_seat, threat, after, lone,
                         (follows >> (4 * seat)) & 15, spot, t)
    return c, 0


__all__ = [
    "KEYED", "FAST_TRICKS", "FARMERS_HAND", "COUNTS_BAD", "MAX_CHUNK", "MAX_BATCH",
    "MAX_GAME_CHUNK", "MAX_GAME_BATCH", "SETTINGS_A_LEADS", "SETTINGS_A_FOLLOWS",
    "SETTINGS_B_LEADS", "SETTINGS_B_FOLLOWS", "chunk_state", "table_slots", "uses_play_key",
    "hand_context", "plain_round1", "round1_all", "order_up", "discard", "best_suit", "call",
    "defend_alone", "farmer", "trick_settings", "contract", "played", "lead", "follow",
]
