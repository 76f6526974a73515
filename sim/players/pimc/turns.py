"""pimc's searching decisions, called by its kernel copy (``sim.players.pimc.seat``) with
``sim.jit.apart.call_later``: a bid (``pimc_bid``), the dealer's discard (``pimc_discard``) and
a card play (``pimc_play``), each on sampled worlds, and the chunk state they share
(``chunk_state``).

They are compiled at their first call, for the argument types declared here (``*_ARGS``, what
the copy passes), not inside the copy: the copy compiles without them, and a child process
compiles the search and the card play into the cache while the copy and then the bid and the
discard compile here (``compile_ahead``).

A decision's worlds come from ``sub_key(seat_key, d)`` with ``d`` its kind within the hand
(``D_*``; a card play's ``d`` is its number in the hand), and each counts its worlds, solves and
CPU cycles in the state's stats row (``ST_*``), for the benchmark.
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit, types

import sim.jit.ahead
from sim.bits import to_cards
from sim.cards import POWER_POS
from sim.jit.apart import later, wait_before_loading
from sim.players.auction import CANDIDATES, FLOOR, resample, weigh_worlds
from sim.players.basic import OWN, OWN_WIDTH
from sim.players.pimc.bid import choose_bid, choose_discard
from sim.players.pimc.params import (
    INFER_BASIC,
    INFER_BIDS,
    INFER_BIDS_PLAY,
    INFER_PLAY,
    N_SETTINGS,
    S_BID_WORLDS,
    S_INFERENCE,
    S_MARGIN,
    S_PASS,
    S_TABLE,
    S_WORLDS,
)
from sim.players.play_likelihood import PLAY_SOFT
from sim.rng import sub_key
from sim.rules import R_LONE_DEFENDER_POINTS, R_STICK
from sim.solver import search
from sim.solver.api import warm as warm_search
from sim.solver.pimc import choose_card, choose_card_weighted
from sim.solver.search import MAX_PLY, N_FIELDS, TT_SIZE
from sim.solver.timing import cycle_counter
from sim.solver.worlds import K_DEALER, K_DISCARD, K_HAND, K_N_PLAYED, K_SEAT, K_SIZE

# decision keys within a hand: card plays use their number (0-19)
D_ROUND1, D_ROUND2, D_DISCARD = 32, 40, 48
RESAMPLE_KEY = 1 << 40      # a card decision's resampling draw, under its key (worlds: 0, 1, ..)
# stats columns: (decisions, worlds, solves, cycles) for cards, bids, discards; then, for the
# card decisions on weighed worlds, (decisions, the weighed worlds' effective number x 1000)
ST_CARD, ST_BID, ST_DISCARD, ST_WEIGHED = 0, 4, 8, 12
N_STATS = 14

_I, _KEY = types.int64, types.uint64
_INTS, _FLOATS = types.Array(types.int64, 1, "C"), types.Array(types.float64, 1, "C")
# chunk_state's tuple
STATE = types.Tuple((types.Array(types.float64, 2, "C"), _INTS, _INTS,
                     types.Array(types.int64, 2, "C"), _FLOATS, _INTS, _INTS, _INTS, _FLOATS))
# (ps, seat, rnd, k, hand, dealer, upcard, seat_table, plan, rules, seat_key)
BID_ARGS = (STATE, _I, _I, _I, _I, _I, _I, _FLOATS, _I, _INTS, _KEY)
# (ps, dealer, hand6, upcard, maker, alone, rules, seat_key)
DISCARD_ARGS = (STATE, _I, _I, _I, _I, _I, _INTS, _KEY)
# (ps, seat, hand, t, seat_key)
PLAY_ARGS = (STATE, _I, _I, _I, _KEY)


@njit(cache=True, _nrt=True)
def chunk_state(seat_table, kinds):
    """The state of a chunk of hands: (settings, knowledge, solver table, solver stack, option
    values, counts, stats, the hand's discard, the seat table: ``inference=bids`` reads the
    equilibrium's table in it)."""
    settings = np.zeros((4, N_SETTINGS), np.float64)
    for s in range(4):
        for j in range(N_SETTINGS):
            settings[s, j] = seat_table[OWN + OWN_WIDTH * s + j]
    return (settings, np.zeros(K_SIZE, np.int64), np.zeros(TT_SIZE, np.int64),
            np.zeros((MAX_PLY, N_FIELDS), np.int64), np.zeros(24, np.float64),
            np.zeros(2, np.int64), np.zeros(N_STATS, np.int64), np.full(1, -1, np.int64),
            seat_table)


@njit(cache=True, _nrt=True)
def _note(stats, col, counts, t0):
    """Count one decision of the kind at ``col``: its worlds and solves (``counts``, then
    zeroed) and the cycles since ``t0``."""
    stats[col] += 1
    stats[col + 1] += counts[0]
    stats[col + 2] += counts[1]
    stats[col + 3] += cycle_counter() - t0
    counts[0] = 0
    counts[1] = 0


@njit(cache=True, _nrt=True)
def _table_at(s, seat):
    """Where the equilibrium's table is in the seat table for a seat whose settings row is
    ``s`` and whose inference reads the bids (``bids``, ``bids+play``), else -1."""
    infer = s[S_INFERENCE]
    if infer == INFER_BIDS or infer == INFER_BIDS_PLAY:
        return np.int64(OWN + OWN_WIDTH * seat + S_TABLE)
    return np.int64(-1)


@later(types.int64, BID_ARGS)
@njit(cache=True, _nrt=True)
def pimc_bid(ps, seat, rnd, k, hand, dealer, upcard, seat_table, plan, rules, seat_key):
    """A pimc seat's bid at position ``k`` of round ``rnd``, as the kernel's phases take one."""
    settings, _kn, tt, st, values, counts, stats, _d, _t = ps
    t0 = cycle_counter()
    s = settings[seat]
    stuck = rnd == 2 and k == 3 and rules[R_STICK] != 0
    a = choose_bid(seat, hand, dealer, upcard, rnd, k, stuck, seat_table, plan, rules,
                   rules[R_LONE_DEFENDER_POINTS], np.int64(s[S_BID_WORLDS]), s[S_MARGIN],
                   np.int64(s[S_PASS]), s[S_INFERENCE] == INFER_BASIC,
                   _table_at(s, seat), FLOOR,
                   sub_key(seat_key, (D_ROUND1 if rnd == 1 else D_ROUND2) + k), tt, st, values,
                   counts)
    _note(stats, np.int64(ST_BID), counts, t0)
    return np.int64(a)


@later(types.int64, DISCARD_ARGS)
@njit(cache=True, _nrt=True)
def pimc_discard(ps, dealer, hand6, upcard, maker, alone, rules, seat_key):
    """A pimc dealer's discard from ``hand6``."""
    settings, _kn, tt, st, values, counts, stats, _d, seat_table = ps
    t0 = cycle_counter()
    s = settings[dealer]
    d = choose_discard(dealer, hand6, upcard, maker, alone, rules, rules[R_LONE_DEFENDER_POINTS],
                       np.int64(s[S_BID_WORLDS]), s[S_MARGIN], seat_table,
                       _table_at(s, dealer), FLOOR, sub_key(seat_key, D_DISCARD), tt, st,
                       values, counts)
    _note(stats, np.int64(ST_DISCARD), counts, t0)
    return np.int64(d)


@later(types.int64, PLAY_ARGS)
@njit(cache=True, _nrt=True)
def pimc_play(ps, seat, hand, t, seat_key):
    """The power position of the card a pimc ``seat`` plays from ``hand`` (the knowledge
    array's per-seat fields are set here: only the dealer knows the discard)."""
    settings, kn, tt, st, values, counts, stats, discarded, seat_table = ps
    t0 = cycle_counter()
    kn[K_SEAT] = seat
    kn[K_DISCARD] = discarded[0] if seat == kn[K_DEALER] else -1
    kn[K_HAND] = to_cards(hand, t)
    s = settings[seat]
    n, key = np.int64(s[S_WORLDS]), sub_key(seat_key, kn[K_N_PLAYED])
    dealt = 0
    infer = s[S_INFERENCE]
    if infer >= INFER_BIDS:
        # CANDIDATES times the worlds choose_card would deal (the first n of them its own),
        # weighed by the bids and/or the play, and n drawn from them by weight
        m = n * CANDIDATES
        candidates = np.zeros((m, 4), np.int64)
        weights = np.zeros(m, np.float64)
        play = infer == INFER_PLAY or infer == INFER_BIDS_PLAY
        dealt = weigh_worlds(kn, m, key, seat_table, _table_at(s, seat), FLOOR,
                             PLAY_SOFT if play else -1.0, candidates, weights)
        worlds = np.zeros((n, 4), np.int64)
        drawn = np.zeros(n, np.float64)
        if dealt > 0:
            total = weights.sum()
            stats[ST_WEIGHED] += 1
            stats[ST_WEIGHED + 1] += np.int64(1000.0 * total * total / (weights ** 2).sum())
            dealt = resample(candidates, weights, m, n, sub_key(key, RESAMPLE_KEY), worlds,
                             drawn)
    if dealt > 0:
        # (the rows after the drawn worlds are zeros, which the search skips)
        c, solved, _odd = choose_card_weighted(kn, worlds, drawn, s[S_MARGIN], tt, st, values)
    else:
        c, solved, _odd = choose_card(kn, n, key, s[S_MARGIN], tt, st, values)
    if solved > 0:                  # a seat with one legal card plays it without a search
        counts[0] = solved
        counts[1] = solved
        _note(stats, np.int64(ST_CARD), counts, t0)
    return np.int64(POWER_POS[t, c])


def warm() -> None:
    """Compile (or load) the search (``sim.solver.api.warm``), then the card play, for their
    declared arguments: a child process's job while its parent compiles the kernel copy and
    then the bid and the discard (``compile_ahead``)."""
    warm_search()
    pimc_play.compile(PLAY_ARGS)


@functools.cache
def compile_ahead() -> None:
    """Start a child process compiling the search and the card play (``warm``) unless both are
    cached (once a process); their first calls here wait for it and load what it compiled.
    This process compiles the kernel copy, then the bid and the discard at their first calls:
    about even halves of the work, so two cores finish together."""
    child = sim.jit.ahead.start("sim.players.pimc.turns", "warm", search.probe, pimc_play)
    if child is not None:
        for f in (search.probe, pimc_play):
            wait_before_loading(f, functools.partial(sim.jit.ahead.wait, child))


__all__ = ["BID_ARGS", "DISCARD_ARGS", "PLAY_ARGS", "STATE", "D_ROUND1", "D_ROUND2", "D_DISCARD",
           "ST_CARD", "ST_BID", "ST_DISCARD", "ST_WEIGHED", "N_STATS", "chunk_state", "pimc_bid",
           "pimc_discard", "pimc_play", "warm", "compile_ahead"]
