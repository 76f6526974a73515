"""Rank-compressed positions: the solver's transposition-table key.

A position's value depends only on who holds each card left, card by card within each
effective suit in rank order, and on who leads: which cards have gone does not matter, only
the order of those left (with the queen gone, the king and jack are neighbours).  So the key
lists, suit by suit, the number of cards left and their holders (two bits a card) in rank
order, and positions that differ only in cards already played share one entry.

The holders of one suit's cards are read off two bit planes by a bit extract (x86 BMI2
``pext``) where the CPU does that in hardware quickly; elsewhere a loop over the suit's cards
computes the same bits (the same keys, so the same searches and node counts, only slower).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import config
from numba.extending import intrinsic

from sim.bits import popcount

# CPUs with BMI2 whose pext is microcoded (tens to hundreds of cycles): AMD before Zen 3
SLOW_PEXT_CPUS = ("znver1", "znver2", "bdver4", "bdver3", "bdver2", "bdver1")


def fast_pext() -> bool:
    """Whether numba compiles for this CPU and it extracts bits quickly in hardware.  A target
    set by hand (``NUMBA_CPU_NAME`` / ``NUMBA_CPU_FEATURES``, e.g. for a portable cache) takes
    the loop."""
    if config.CPU_NAME or config.CPU_FEATURES:
        return False
    import llvmlite.binding as ll

    return bool(ll.get_host_cpu_features().get("bmi2", False)) and (
        ll.get_host_cpu_name() not in SLOW_PEXT_CPUS)


FAST_PEXT = fast_pext()


@intrinsic
def _pext_hw(typingctx, x, mask):
    """The BMI2 instruction, through LLVM's intrinsic."""
    sig = types.int64(types.int64, types.int64)

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pext.64",
                                              fnty=ir.FunctionType(i64, [i64, i64]))
        return builder.call(fn, args)

    return sig, codegen


@njit(cache=True, inline="always", _nrt=False)
def extract_bits_hw(x, mask):
    return _pext_hw(np.int64(x), np.int64(mask))


@njit(cache=True, inline="always", _nrt=False)
def extract_bits_loop(x, mask):
    """The bits of ``x`` at the set bits of ``mask``, packed from bit 0 up (what pext does)."""
    r = np.int64(0)
    k = 0
    while mask:
        b = mask & -mask
        if x & b:
            r |= np.int64(1) << k
        k += 1
        mask ^= b
    return r


extract_bits = extract_bits_hw if FAST_PEXT else extract_bits_loop


@njit(cache=True, inline="always", _nrt=False)
def position_key(hands, rest, suits, seat):
    """The key of the position with ``hands`` (power layout; ``rest`` their union) and
    ``seat`` to lead: the seat, then for each suit of ``suits`` its cards' holders (the low
    bits of their seats, then the high bits), and how many it has.  At most 2 + 4 * 3 + 2 * 20
    = 54 bits, for four hands of five cards."""
    odd = hands[1] | hands[3]
    high = hands[2] | hands[3]
    key = np.int64(seat)
    for e in range(4):
        m = rest & suits[e]
        n = popcount(m)
        key = (((key << n) | extract_bits(odd, m)) << n) | extract_bits(high, m)
        key = (key << 3) | n
    return key
