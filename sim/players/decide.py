"""A seat's decisions by its kind: each asks the seat's player (``random`` or ``basic``).

The kernel calls these with the seat's kind; a code strategy (``USER`` kinds) reaches them for
the decisions it leaves out, which it plays as basic.  A new player adds its kind here.  All
are inlined, so a run of basic players compiles to basic's code alone.
"""

from __future__ import annotations

from numba import njit

from sim.players import basic
from sim.players import random_player as rnd
from sim.players.kinds import RANDOM


@njit(cache=True, inline="always", _nrt=False)
def order_up(kind, seat_table, plan_at, pos, hand, upcard, dealer_discard, play_key, draws):
    """Round 1: 0 pass, 1 order up, 2 order up alone (``plan_at``: the bidder's numbers in the
    bidding plan; ``dealer_discard``: basic's discard for the dealer)."""
    if kind == RANDOM:
        return rnd.order_up(play_key, draws)
    orders, al = basic.round1_bid(seat_table, plan_at, pos, hand, upcard, dealer_discard)
    return 2 if al else (1 if orders else 0)


@njit(cache=True, inline="always", _nrt=False)
def call(kind, seat_table, row, hand, turned, stuck, alone_thr, call_thr, play_key, draws):
    """Round 2: -1 pass, else 2 * suit + alone."""
    if kind == RANDOM:
        return rnd.call(turned, stuck, play_key, draws)
    return basic.call(seat_table, row, hand, turned, stuck, alone_thr, call_thr)


@njit(cache=True, inline="always", _nrt=False)
def discard(kind, hand6, upcard, may_discard_upcard, basic_choice, play_key, draws):
    """The dealer's discard from ``hand6``; ``basic_choice`` is basic's (worked out once a hand,
    since basic's round-1 valuation uses it too)."""
    if kind == RANDOM:
        return rnd.discard(hand6, upcard, may_discard_upcard, play_key, draws)
    return basic_choice


@njit(cache=True, inline="always", _nrt=False)
def defend_alone(kind, seat_table, row, hand, t, play_key, draws):
    if kind == RANDOM:
        return rnd.defend_alone(play_key, draws)
    return basic.defend_alone(seat_table, row, hand, t)


@njit(cache=True, inline="always", _nrt=False)
def farmer(kind, seat_table, row, hand, upcard, play_key, draws):
    """Mask of three cards to give for the face-down kitty, or 0 to keep the hand."""
    if kind == RANDOM:
        return rnd.farmer(hand, play_key, draws)
    return basic.farmer(seat_table, row, hand, upcard)


@njit(cache=True, inline="always", _nrt=False)
def lead(kind, seat, hand, t, maker, lone, avoid, setting, played, play_key, draws):
    """The card to lead (power layout; ``setting``: the seat's ``basic.lead_settings``,
    ``played``: the cards played so far)."""
    if kind == RANDOM:
        return rnd.play(hand, play_key, draws)
    return basic.lead(seat, hand, t, maker, lone, avoid, setting, played)


@njit(cache=True, inline="always", _nrt=False)
def follow(kind, seat, legal, beat, win_seat, threat, after, lone, setting, spot, t, play_key,
           draws):
    """The card to follow with (power layout; ``beat``: the legal cards that beat the winner;
    ``threat``, ``after``, ``lone``: what basic weighs before overtaking a winning partner;
    ``setting``: the seat's ``basic.follow_settings``; ``spot``: its place in the trick,
    ``basic.SPOT_*``)."""
    if kind == RANDOM:
        return rnd.play(legal, play_key, draws)
    return basic.follow(seat, legal, beat, win_seat, threat, after, lone, setting, spot, t)
