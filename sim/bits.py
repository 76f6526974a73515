"""Numba bit helpers shared by the solver, the players and the kernel: bit scans, the power
layout, draws.

Hands are 24-bit masks.  Once trump is known, a hand is remapped (``to_power``) into the
per-trump power layout of ``sim.cards``, where trumps are the top seven bits, plain aces the
three below them, and a higher bit always beats a lower one of the same effective suit.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

import sim.jit.compiling  # noqa: F401  (compiles run from a roomy frame: see it)
from sim.cards import POWER_CARD, REMAP
from sim.rng import bounded, draw

TRUMP_POW = 0xFE0000          # trump occupies power positions 17..23
PLAIN_POW = 0x1FFFF
ACES_POW = 0x1C000            # plain aces sit at power positions 14, 15, 16
NINES_TENS = 0                # card-layout mask of the 9s and 10s (a farmer's hand)
for _s in range(4):
    NINES_TENS |= 0b11 << (6 * _s)

# REMAP (sim/cards.py) as uint32 (power masks use 24 bits): half the cache footprint, and
# unsigned, so a 32-bit load needs no sign extension
REMAP32 = REMAP.astype(np.uint32)


def _inverse_remap():
    inv = np.zeros((4, 4, 64), np.int64)
    for t in range(4):
        for k in range(4):
            for f in range(64):
                for b in range(6):
                    if f >> b & 1:
                        inv[t, k, f] |= 1 << int(POWER_CARD[t, 6 * k + b])
    return inv


INV_REMAP = _inverse_remap()


@intrinsic
def trailing_zeros(typingctx, x):
    """The number of zero bits below the lowest set bit of an integer (its width for 0): LLVM's
    ``cttz``, through Numba's documented extension API."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return x(x), codegen


@intrinsic
def leading_zeros(typingctx, x):
    """The number of zero bits above the highest set bit of an integer (its width for 0):
    LLVM's ``ctlz``."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return x(x), codegen


@njit(cache=True, inline="always", _nrt=False)
def low(x):
    """Position of the lowest set bit."""
    return np.int64(trailing_zeros(np.int64(x)))


@njit(cache=True, inline="always", _nrt=False)
def top(x):
    """Position of the highest set bit."""
    return np.int64(63 - leading_zeros(np.int64(x)))


@intrinsic
def prefetch(typingctx, arr, index):
    """Ask for the cache line of ``arr[index]`` ahead of its use (LLVM's prefetch: a read, kept
    in every cache level; nothing on a CPU without one).  No bounds check: nothing is read."""
    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = builder.module.declare_intrinsic(
            "llvm.prefetch", [i8p], ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]))
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return types.void(arr, types.int64), codegen


@njit(cache=True, inline="always", _nrt=False)
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always", _nrt=False)
def bit_list(x, out):
    """The positions of ``x``'s set bits into ``out``, lowest first; returns how many."""
    n = 0
    while x:
        out[n] = low(x)
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always", _nrt=False)
def kth_bit(x, k):
    """Position of the ``k``-th set bit (from 0, lowest first)."""
    for _ in range(k):
        x &= x - 1
    return low(x)


@njit(cache=True, inline="always", _nrt=False)
def to_power(hand, t):
    """A card-layout mask in the power layout of trump ``t``."""
    return np.int64(REMAP32[t, 0, hand & 63] | REMAP32[t, 1, (hand >> 6) & 63]
                    | REMAP32[t, 2, (hand >> 12) & 63] | REMAP32[t, 3, (hand >> 18) & 63])


@njit(cache=True, inline="always", _nrt=False)
def to_cards(hpow, t):
    """A power-layout mask back in the card layout (code strategies see card ids)."""
    return (INV_REMAP[t, 0, hpow & 63] | INV_REMAP[t, 1, (hpow >> 6) & 63]
            | INV_REMAP[t, 2, (hpow >> 12) & 63] | INV_REMAP[t, 3, (hpow >> 18) & 63])


@njit(cache=True, inline="always", _nrt=False)
def rand_below(play_key, draws, n):
    """A random integer in ``0 .. n-1``: the next draw of this hand's play key (``draws[0]``
    counts the draws made so far in the hand)."""
    r = draw(play_key, draws[0])
    draws[0] += 1
    return bounded(r & np.uint64(0xFFFFFFFF), n)
