"""The decide module of a table with a code strategy: its hooks first, the built-ins' decisions
(``sim.players.decide``) for everything else.

A code strategy's seats have the kind ``USER`` plus the bit mask (``H_*``) of the hooks it
defines; a decision it leaves out is basic's.  An illegal answer from a hook is replaced by
basic's choice and flagged (``bad``), and the kernel counts it (``COUNTS_BAD``).  The hooks
are called through their addresses, which the table's kinds carry after the four seats'
(``sim.players.hook_calls``), so the one copy of the kernel package whose ``seat.py`` is this
module (``sim.table.bindings.player_kernels``) plays every code strategy.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import to_cards
from sim.cards import POS_SUIT, POWER_CARD, POWER_POS
from sim.players import decide
from sim.players.decide import *  # noqa: F403  (the decide interface; some replaced below)
from sim.players.hook_calls import CALL_AT, DISCARD_AT, FOLLOW_AT, LEAD_AT, ORDER_AT, call_hook
from sim.players.kinds import H_CALL, H_DISCARD, H_FOLLOW, H_LEAD, H_ORDER, PIMC, USER
from sim.rules import R_DISCARD_UPCARD, R_GAME_TO

COUNTS_BAD = True


@njit(cache=True, inline="always", _nrt=False)
def hooked(kinds, seat, bit):
    """Whether ``seat`` plays a code strategy that defines the hook ``bit``."""
    return USER <= kinds[seat] < PIMC and (kinds[seat] - USER) & bit != 0


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds):
    """Basic's bids only (no random or equilibrium player, ``decide.plain_round1``) and no
    ``order_up`` hook: ``round1_all`` may decide round 1."""
    plain = decide.plain_round1(kinds)
    for s in range(4):
        plain = plain and not hooked(kinds, s, H_ORDER)
    return plain


@njit(cache=True, inline="always", _nrt=False)
def order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules, scores,
             play_key, seat_key, draws):
    a = -1
    bad = 0
    if hooked(kinds, seat, H_ORDER):
        team = seat & 1
        a = call_hook(kinds[ORDER_AT], (np.int64(hand), np.int64(upcard), np.int64(k),
                                        np.int64(scores[team]), np.int64(scores[1 - team]),
                                        np.int64(rules[R_GAME_TO])))
        if a < 0 or a > 2:
            bad = 1
            a = -1
    if a < 0:
        a, _ = decide.order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules,
                               scores, play_key, seat_key, draws)
    return a, bad


@njit(cache=True, inline="always", _nrt=False)
def discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx, play_key, seat_key,
            draws):
    d = -1
    bad = 0
    if hooked(kinds, dealer, H_DISCARD):
        d = call_hook(kinds[DISCARD_AT], (np.int64(hand6), np.int64(upcard // 6),
                                          np.int64(upcard), rules[R_DISCARD_UPCARD] != 0))
        if d < 0 or d > 23 or not (hand6 >> d) & 1 or (
                d == upcard and not rules[R_DISCARD_UPCARD]):
            bad = 1
            d = -1
    if d < 0:
        d, _ = decide.discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx,
                              play_key, seat_key, draws)
    return d, bad


@njit(cache=True, inline="always", _nrt=False)
def call(ps, kinds, seat, k, hand, dealer, upcard, stuck, seat_table, ctx, rules, scores,
         play_key, seat_key, draws):
    a = -2
    bad = 0
    if hooked(kinds, seat, H_CALL):
        team = seat & 1
        turned = upcard // 6
        a = call_hook(kinds[CALL_AT], (np.int64(hand), np.int64(turned), stuck != 0,
                                       np.int64(scores[team]), np.int64(scores[1 - team]),
                                       np.int64(rules[R_GAME_TO])))
        if a < -1 or a > 7 or a // 2 == turned or (a == -1 and stuck):
            bad = 1
            a = -2
    if a == -2:
        a, _ = decide.call(ps, kinds, seat, k, hand, dealer, upcard, stuck, seat_table, ctx,
                           rules, scores, play_key, seat_key, draws)
    return a, bad


@njit(cache=True, inline="always", _nrt=False)
def lead(ps, kinds, seat, hand, t, maker, alone, lone, avoid, leads, played_cards, play_key,
         seat_key, draws):
    c = -1
    bad = 0
    if hooked(kinds, seat, H_LEAD):
        card = call_hook(kinds[LEAD_AT], (np.int64(to_cards(hand, t)), np.int64(t),
                                          np.int64(seat), np.int64(maker), alone != 0))
        if card < 0 or card > 23 or not (hand >> POWER_POS[t, card]) & 1:
            bad = 1
        else:
            c = POWER_POS[t, card]
    if c < 0:
        c, _ = decide.lead(ps, kinds, seat, hand, t, maker, alone, lone, avoid, leads,
                           played_cards, play_key, seat_key, draws)
    return c, bad


@njit(cache=True, inline="always", _nrt=False)
def follow(ps, kinds, seat, hand, legal, beat, led_mask, lead_pos, win_pos, win_seat, threat,
           after, second, lone, follows, t, play_key, seat_key, draws):
    c = -1
    bad = 0
    if hooked(kinds, seat, H_FOLLOW):
        card = call_hook(kinds[FOLLOW_AT], (np.int64(to_cards(hand, t)),
                                            np.int64(to_cards(legal, t)), np.int64(t),
                                            np.int64(POS_SUIT[t, lead_pos]),
                                            np.int64(POWER_CARD[t, win_pos]),
                                            np.int64(win_seat), np.int64(seat)))
        if card < 0 or card > 23 or not (legal >> POWER_POS[t, card]) & 1:
            bad = 1
        else:
            c = POWER_POS[t, card]
    if c < 0:
        c, _ = decide.follow(ps, kinds, seat, hand, legal, beat, led_mask, lead_pos, win_pos,
                             win_seat, threat, after, second, lone, follows, t, play_key,
                             seat_key, draws)
    return c, bad


__all__ = decide.__all__
