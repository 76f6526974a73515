"""Perfect play after the bidding, one contract at a time, compiled: ``contract_points``.

The compiled twin of ``sim.solver.perfect.perfect_points`` for callers that value contracts one
by one inside their own compiled loops (the bidding game's ``perfect`` play model,
``sim.equilibrium.game``).  The same definition: every card seen once the bidding is over, the
makers maximise their points and the defenders minimise them; a dealer who picked up discards the
card best for his own team under perfect play (not the upcard when the rules forbid it); a dealer
who sits out (the lone maker's or the lone defender's partner) discards nothing that matters.

All scratch lives in one int64 array of ``SCRATCH`` words (``new_scratch``): the transposition
table, the search's stack and its small rows, so a caller allocates once per thread or deal.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rules import R_DISCARD_UPCARD, R_LONE_DEFENDER_POINTS
from sim.solver.endgame import TT_SIZE
from sim.solver.search import MAX_PLY, N_FIELDS, solve_one

_ST = TT_SIZE                              # the search's stack
_ROWS = _ST + MAX_PLY * N_FIELDS           # hands (4), a position's hands (4), table (4: cards on
SCRATCH = _ROWS + 4 + 4 + 4 + 3 + 24 + 1   # the table, 3 of them -1), per-card values, nodes
NO_TABLE = -1


def new_scratch() -> np.ndarray:
    """Scratch for ``contract_points`` (zeros: an empty transposition table)."""
    return np.zeros(SCRATCH, np.int64)


@njit(cache=True, inline="always", _nrt=False)
def _first_leader(dealer, out0, out1):
    seat = (dealer + 1) & 3
    for _ in range(2):
        if seat == out0 or seat == out1:
            seat = (seat + 1) & 3
    return seat


@njit(cache=True, _nrt=False)
def contract_points(dealt, upcard, dealer, rnd, maker, trump, alone, def_alone, rules, scratch):
    """Points to the maker's team (negative when they are euchred) of the contract (``rnd`` 1 or
    2, ``maker``, ``trump``, ``alone``, the lone defender ``def_alone`` or -1) on the hands
    ``dealt`` (by seat, as dealt: before the dealer's pick-up) under perfect play."""
    tt = scratch[:_ST]
    st = scratch[_ST:_ROWS].reshape(MAX_PLY, N_FIELDS)
    hands = scratch[_ROWS:_ROWS + 4]
    pos = scratch[_ROWS + 4:_ROWS + 8]
    tbl = scratch[_ROWS + 8:_ROWS + 12]
    table = scratch[_ROWS + 12:_ROWS + 15]
    values = scratch[_ROWS + 15:_ROWS + 39]
    nodes = scratch[_ROWS + 39:_ROWS + 40]
    for j in range(3):
        table[j] = NO_TABLE
    for s in range(4):
        hands[s] = dealt[s]
    out0 = ((maker + 2) & 3) if alone else -1
    out1 = ((def_alone + 2) & 3) if def_alone >= 0 else -1
    leader = _first_leader(dealer, out0, out1)
    lone = rules[R_LONE_DEFENDER_POINTS]
    picks = rnd == 1 and dealer != out0 and dealer != out1
    if not picks:
        return solve_one(hands, trump, maker, alone, def_alone, leader, table, 0, 0, lone,
                         False, pos, tbl, tt, st, values, nodes)
    six = dealt[dealer] | (np.int64(1) << upcard)
    sign = 1 if (dealer & 1) == (maker & 1) else -1      # the dealer's side of the value
    best = -1000
    kept = 0
    for c in range(24):
        if not (six >> c) & 1 or (c == upcard and not rules[R_DISCARD_UPCARD]):
            continue
        hands[dealer] = six & ~(np.int64(1) << c)
        v = solve_one(hands, trump, maker, alone, def_alone, leader, table, 0, 0, lone, False,
                      pos, tbl, tt, st, values, nodes)
        if sign * v > best:
            best = sign * v
            kept = v
    return kept
