"""Perfect-information Monte Carlo (PIMC) card play: deal the unseen cards at random consistently
with what the seat has seen (``sim.solver.worlds``), solve each world exactly
(``search.solve_one`` with the value of every legal card) and play the card with the best mean
value for the seat's side: the makers maximise the makers' points, the defenders minimise them.

``choose_card`` solves up to ``n_worlds`` worlds, one after another in one compiled loop (no
Python call per world; a decision is one thread, so many decisions can run in parallel).

Early stopping.  One world changes the difference between two cards' sums by at most the range
of the hand's possible scores from here (``value_range``: e.g. -2 .. 2, or -4 .. 4 alone; a
hand whose makers already have three tricks cannot be euchred, and so on).  With ``r`` worlds
left, the best card cannot be overtaken, or even tied, once its lead over the second exceeds
``r * range``; ``margin`` scales that bound: 1.0 (the default) stops only when the choice is
settled exactly as all ``n_worlds`` would settle it, a smaller value stops sooner, on a lead
that the remaining worlds are unlikely (not unable) to overturn.

Ties in the mean go to the lowest card number.  A seat with one legal card plays it without a
search (0 worlds solved, its mean value left NaN), and so does a seat whose legal cards are all
equivalent (no card that may still be in play elsewhere lies between them): they are worth the
same in every world, so the lowest is the choice the search would make.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import low, to_power
from sim.cards import EFF_SUIT, LED_MASK, SUIT_MASK_CARD, SUIT_MASK_POW
from sim.jit.apart import call_later
from sim.solver import search
from sim.solver.moves import representatives
from sim.solver.worlds import (
    D_HANDS,
    K_ALONE,
    K_DEFENDER,
    K_HAND,
    K_LONE_POINTS,
    K_MAKER,
    K_SEAT,
    K_TRUMP,
    deal_world,
    derive,
)

# 100 worlds: on 2,921 traced hands PIMC makers gained 0.117 / 0.156 / 0.162 points a hand over
# basic at 30 / 100 / 200 worlds (pimc_play.compare_sides); 100 costs about 0.3 ms a decision.
DEFAULT_WORLDS = 100


@njit(cache=True)
def value_range(alone, defender, lone_points, won, lost):
    """(lowest, highest) points the makers can still score with ``won`` / ``lost`` tricks."""
    lo = -lone_points if defender >= 0 else -2
    hi = 4 if alone else 2
    if won >= 3:
        lo = 1
    if lost >= 1:
        hi = 1
    if lost >= 3:
        hi = lo
    return lo, hi


@njit(cache=True)
def legal_mask(hand, table, trump):
    """The cards of ``hand`` (card layout) that may be played to the trick in ``table``."""
    if table[0] < 0:
        return hand
    follow = hand & SUIT_MASK_CARD[trump, EFF_SUIT[trump, table[0]]]
    return follow if follow else hand


@njit(cache=True)
def _best_two(sums, legal, sign):
    """(best card, its side-adjusted sum, the second best's); ties to the lowest card."""
    best = -1
    b1 = -1e18
    b2 = -1e18
    x = legal
    while x:
        c = low(x)
        x &= x - 1
        v = sign * sums[c]
        if v > b1:
            b2 = b1
            b1 = v
            best = c
        elif v > b2:
            b2 = v
    return best, b1, b2


@njit(cache=True)
def needs_worlds(legal, trump, unseen, summary, table):
    """Whether the legal cards (``legal``; ``unseen``, ``summary`` and ``table`` as
    ``worlds.derive`` gives them) can differ in some world: not when there is one, nor when
    no card that may still be in play elsewhere (unseen, the pinned upcard, this trick's) lies
    between them, so that they are worth the same in every world and the choice (ties to the
    lowest card) needs no world."""
    if (legal & (legal - 1)) == 0:
        return False
    live = (unseen | summary[D_HANDS, 0] | summary[D_HANDS, 1] | summary[D_HANDS, 2]
            | summary[D_HANDS, 3])
    for j in range(3):
        if table[j] >= 0:
            live |= np.int64(1) << table[j]
    reps, _m = representatives(to_power(legal, trump), to_power(live, trump),
                               SUIT_MASK_POW[trump], LED_MASK[trump])
    return (reps & (reps - 1)) != 0


@njit(cache=True)
def choose_card(kn, n_worlds, key, margin, tt, st, out_values):
    """The card PIMC plays for the seat of knowledge ``kn`` (``worlds.new_knowledge``), with
    up to ``n_worlds`` worlds under ``key``; ``tt`` and ``st`` are the solver's table and stack
    (``search.new_table`` / ``new_stack``, one per thread).  Fills ``out_values`` (24) with
    each legal card's mean value (points to the makers; NaN for other cards).  Returns (card,
    worlds solved, worlds whose deal fell back to sequential or failed)."""
    none = np.zeros((0, 4), np.int64)
    return _search(kn, n_worlds, key, margin, tt, st, out_values, none, np.zeros(0))


@njit(cache=True)
def choose_card_weighted(kn, worlds, weights, margin, tt, st, out_values):
    """``choose_card`` on worlds dealt beforehand (``worlds[w]``: the four hands; a row of
    zeros, a deal that failed, is skipped), each card's value the ``weights``-weighted mean
    (each weight at most 1: the early stop's bound holds as it is).  Returns (card, worlds
    solved, 0)."""
    return _search(kn, worlds.shape[0], np.uint64(0), margin, tt, st, out_values, worlds,
                   weights)


@njit(cache=True)
def _search(kn, n_worlds, key, margin, tt, st, out_values, given, weights):
    """``choose_card``'s loop: the worlds dealt here (``given`` empty) or given, weighted or
    not (``weights`` empty)."""
    summary = np.zeros((3, 4), np.int64)
    table = np.zeros(3, np.int64)
    pool = np.zeros(24, np.int64)
    hands = np.zeros(4, np.int64)
    h_scratch = np.zeros(4, np.int64)
    t_scratch = np.zeros(4, np.int64)
    values = np.zeros(24, np.int64)
    sums = np.zeros(24, np.float64)
    nodes = np.zeros(1, np.int64)
    unseen, leader, won, lost = derive(kn, summary, table)
    seat = kn[K_SEAT]
    trump = kn[K_TRUMP]
    maker = kn[K_MAKER]
    alone = kn[K_ALONE]
    defender = kn[K_DEFENDER]
    lone_points = kn[K_LONE_POINTS]
    legal = legal_mask(kn[K_HAND], table, trump)
    for c in range(24):
        out_values[c] = np.nan
    if not needs_worlds(legal, trump, unseen, summary, table):
        return low(legal), 0, 0
    sign = 1.0 if (seat & 1) == (maker & 1) else -1.0
    lo, hi = value_range(alone, defender, lone_points, won, lost)
    swing = float(hi - lo)
    solved = 0
    odd = 0
    total = 0.0
    for w in range(n_worlds):
        if given.shape[0] == 0:
            status = deal_world(kn, unseen, summary, key, w, hands, pool)
        else:
            status = 0 if given[w, 0] == 0 and given[w, 1] == 0 and given[w, 2] == 0 \
                and given[w, 3] == 0 else 1
            for s in range(4):
                hands[s] = given[w, s]
        if status != 1:
            odd += 1
        if status == 0:
            continue
        call_later(search.solve_one, (hands, trump, maker, alone, defender, leader, table, won,
                                      lost, lone_points, np.bool_(True), h_scratch, t_scratch, tt,
                                      st, values, nodes))
        solved += 1
        weight = 1.0 if weights.shape[0] == 0 else weights[w]
        total += weight
        x = legal
        while x:
            c = low(x)
            x &= x - 1
            sums[c] += weight * values[c]
        best, b1, b2 = _best_two(sums, legal, sign)
        if b1 - b2 > margin * (n_worlds - w - 1) * swing:
            break
    best, b1, b2 = _best_two(sums, legal, sign)
    if solved > 0 and total > 0:
        x = legal
        while x:
            c = low(x)
            x &= x - 1
            out_values[c] = sums[c] / total
    return best, solved, odd


__all__ = ["choose_card", "choose_card_weighted", "needs_worlds", "value_range", "legal_mask",
           "DEFAULT_WORLDS"]
