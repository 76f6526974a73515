"""The solver's benchmark: the time of every single solve on one core, read from the CPU's cycle
counter inside the compiled loop (no Python call per deal, no repeated deal to warm the branch
predictor), converted to microseconds with the wall time of the whole loop.

``random_deals`` makes whole deals (a random trump, maker and dealer; the first active seat from
the dealer's left leads), ``time_solves`` times them one by one with the transposition table
emptied (a new generation) before each, keeping each deal's shorter time of two passes (so
that interruptions by the system drop out), and ``solve_rates`` gives the min / median / p99 / mean
microseconds and the nodes searched.  Used by ``analysis/bench.py``.
"""

from __future__ import annotations

import time

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from sim.solver import search


@intrinsic
def cycle_counter(typingctx):
    """The CPU's cycle (time stamp) counter."""
    sig = types.int64()

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
        return builder.call(fn, [])

    return sig, codegen


def random_deals(n: int, seed: int, alone: bool = False) -> tuple:
    """``n`` random whole deals as ``search.solve_many``'s arrays (a lone maker's partner holds
    nothing)."""
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(24), (n, 1)), axis=1)[:, :20]
    bits = np.int64(1) << decks.astype(np.int64)
    hands = bits.reshape(n, 4, 5).sum(axis=2)
    trump = rng.integers(0, 4, n)
    maker = rng.integers(0, 4, n)
    dealer = rng.integers(0, 4, n)
    leader = (dealer + 1) % 4
    if alone:
        hands[np.arange(n), (maker + 2) % 4] = 0
        leader = np.where(leader == (maker + 2) % 4, (leader + 1) % 4, leader)
    z = np.zeros(n, np.int64)
    return (hands.astype(np.int64), trump.astype(np.int64), maker.astype(np.int64),
            np.full(n, int(alone), np.int64), np.full(n, -1, np.int64), leader.astype(np.int64),
            np.full((n, 3), -1, np.int64), z, z.copy())


@njit(cache=True)
def _timed(hands, trump, maker, alone, defender, leader, table, won, lost, with_cards, ticks,
           nodes):
    tt = np.zeros(search.TT_SIZE, np.int64)
    st = np.zeros((search.MAX_PLY, search.N_FIELDS), np.int64)
    h = np.zeros(4, np.int64)
    tbl = np.zeros(4, np.int64)
    vals = np.zeros(24, np.int64)
    cnt = np.zeros(1, np.int64)
    total = 0
    for i in range(hands.shape[0]):
        cnt[0] = 0
        t0 = cycle_counter()
        total += search.solve_one(hands[i], trump[i], maker[i], alone[i], defender[i], leader[i],
                                  table[i], won[i], lost[i], np.int64(4), with_cards, h, tbl,
                                  tt, st, vals, cnt)
        ticks[i] = cycle_counter() - t0
        nodes[i] = cnt[0]
    return total


def time_solves(arrays: tuple, with_cards: bool = False,
                repeats: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Microseconds and nodes of each solve of ``arrays`` (one core, one after another).

    The whole loop runs ``repeats`` times and each deal keeps its shortest time: a solve
    takes microseconds, and one that the system interrupts (a timer tick, another process on
    the core) reads thousands of times longer, which on a shared machine moves the mean by
    more than any change to the solver.  Each pass empties the table before every deal, and a
    deal's repeat comes a whole pass later, so no pass has seen the deal just before."""
    n = arrays[0].shape[0]
    ticks = np.zeros(n, np.int64)
    nodes = np.zeros(n, np.int64)
    small = tuple(a[:2] for a in arrays)
    _timed(*small, with_cards, ticks[:2], nodes[:2])          # compile or load
    best = None
    wall = 0.0
    total = 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        _timed(*arrays, with_cards, ticks, nodes)
        wall += time.perf_counter() - t0
        total += int(ticks.sum())
        best = ticks.copy() if best is None else np.minimum(best, ticks)
    us = best * (wall * 1e6 / max(total, 1))
    return us, nodes


def solve_rates(n: int = 2_000, seed: int = 0, alone: bool = False,
                with_cards: bool = False) -> dict:
    """Per-solve microseconds (min, median, p99, mean) and nodes (median, mean) of ``n``
    random whole deals on one core."""
    us, nodes = time_solves(random_deals(n, seed, alone), with_cards)
    return {"deals": n, "min_us": float(us.min()), "median_us": float(np.median(us)),
            "p99_us": float(np.percentile(us, 99)), "mean_us": float(us.mean()),
            "median_nodes": float(np.median(nodes)), "mean_nodes": float(nodes.mean())}


def parallel_rate(n: int = 20_000, seed: int = 0) -> float:
    """Four-handed whole deals solved per second by ``solve_many`` on all threads."""
    arrays = random_deals(n, seed)
    search.solve_many(*(a[:64] for a in arrays), 4, False)
    t0 = time.perf_counter()
    search.solve_many(*arrays, 4, False)
    return n / (time.perf_counter() - t0)
