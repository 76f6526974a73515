"""The decide module of a table with a code strategy: its hooks first, the built-ins' decisions
(``sim.players.decide``) for everything else.

A code strategy's seats have the kind ``USER`` plus the bit mask (``H_*``) of the hooks it
defines; a decision it leaves out is basic's.  An illegal answer from a hook is replaced by
basic's choice and flagged (``bad``), and the kernel counts it (``COUNTS_BAD``).  The hooks
come from the module ``hooks`` beside this one: placeholders here, the user's functions in the
copy of the kernel package that ``sim.bindings`` makes for the strategy, where this module's
source is the copy's ``seat.py``.
"""

from __future__ import annotations

from numba import njit

from sim.bits import to_cards
from sim.cards import POS_SUIT, POWER_CARD, POWER_POS
from sim.players import decide
from sim.players.decide import (  # noqa: F401  (the decide interface, unchanged)
    FAST_TRICKS,
    KEYED,
    MAX_BATCH,
    MAX_CHUNK,
    MAX_GAME_BATCH,
    MAX_GAME_CHUNK,
    SETTINGS_A_FOLLOWS,
    SETTINGS_A_LEADS,
    SETTINGS_B_FOLLOWS,
    SETTINGS_B_LEADS,
    best_suit,
    chunk_state,
    contract,
    defend_alone,
    farmer,
    hand_context,
    played,
    round1_all,
    table_slots,
    trick_settings,
    uses_play_key,
)
from sim.players.kinds import H_CALL, H_DISCARD, H_FOLLOW, H_LEAD, H_ORDER, RANDOM, USER
from sim.rules import R_DISCARD_UPCARD, R_GAME_TO

from .hooks import hook_call, hook_discard, hook_follow, hook_lead, hook_order_up

COUNTS_BAD = True


@njit(cache=True, inline="always", _nrt=False)
def hooked(kinds, seat, bit):
    """Whether ``seat`` plays a code strategy that defines the hook ``bit``."""
    return kinds[seat] >= USER and (kinds[seat] - USER) & bit != 0


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds):
    """No random player and no ``order_up`` hook: ``round1_all`` may decide round 1."""
    plain = True
    for s in range(4):
        plain = plain and kinds[s] != RANDOM and not hooked(kinds, s, H_ORDER)
    return plain


@njit(cache=True, inline="always", _nrt=False)
def order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules, scores,
             play_key, seat_key, draws):
    a = -1
    bad = 0
    if hooked(kinds, seat, H_ORDER):
        team = seat & 1
        a = hook_order_up(hand, upcard, k, scores[team], scores[1 - team], rules[R_GAME_TO])
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
        d = hook_discard(hand6, upcard // 6, upcard, rules[R_DISCARD_UPCARD] != 0)
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
        a = hook_call(hand, turned, stuck, scores[team], scores[1 - team], rules[R_GAME_TO])
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
        card = hook_lead(to_cards(hand, t), t, seat, maker, alone != 0)
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
        card = hook_follow(to_cards(hand, t), to_cards(legal, t), t, POS_SUIT[t, lead_pos],
                           POWER_CARD[t, win_pos], win_seat, seat)
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
