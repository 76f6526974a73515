"""Counter-based random numbers: every deal and every random choice is keyed, never sequential.

Hand ``i`` of a run with seed ``s`` uses the key ``hand_key(s, i, stream)``; the ``n``-th 64-bit
draw under a key is ``mix64(key + (n + 1) * GOLDEN)``.  ``mix64`` is the splitmix64 finaliser
(Steele, Lea & Flood 2014), a bijection of 64-bit words with good avalanche.  Nothing depends
on which thread, chunk or worker plays a hand, so results are identical however a run is split,
and two runs with the same seed but different rules or strategies see the same deals.

Streams separate independent uses of one index: ``STREAM_DEAL`` deals hand ``i``,
``STREAM_PLAY`` drives random strategy choices during that hand and ``STREAM_SEAT`` a player's
own draws (the pimc player's sampled worlds); for games, ``STREAM_GAME`` keys game ``g``'s
first-dealer draw and ``STREAM_GAME_DEAL`` / ``STREAM_GAME_PLAY`` key, through
``sub_key(key, j)``, the deal and the random choices of its hand ``j``.

The deal is a Fisher-Yates shuffle of the 24 cards; each swap index is drawn from 32 random bits
by multiply-and-shift (Lemire), whose bias, below 24 / 2**32 per swap, is far below anything a
simulation can detect.  Both halves of each 64-bit draw are used, so a deal costs 12 draws.
``shuffle_deck`` fills the 24-card array (traces, games, the advisor); ``deal_hands`` is the same
shuffle returning the four hands' card masks directly, with the deck in registers, and
``deal_block`` deals a block of a run's hands with it for the kernel's hot loop.

Pure-Python twins (``py_*``) reproduce the Numba functions bit for bit; the tests compare them.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

import sim.jit.compiling  # noqa: F401  (compiles run from a roomy frame: see it)

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_STREAM_MUL = np.uint64(0xD1B54A32D192ED03)
STREAM_DEAL = 0
STREAM_PLAY = 1
STREAM_GAME = 2
STREAM_GAME_DEAL = 3
STREAM_GAME_PLAY = 4
STREAM_SEEN = 5      # deals consistent with one player's view (the hand advisor)
STREAM_SEAT = 6      # a player's own draws (the pimc player's worlds)
STREAM_CFR = 7       # the bidding game's sampled actions (``sim.equilibrium``)
_MASK64 = (1 << 64) - 1


@njit(uint64(uint64), cache=True, inline="always")
def mix64(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def hand_key(seed, index, stream):
    """Key of hand (or game) ``index`` of a run with ``seed``, for one ``stream``."""
    k = mix64(np.uint64(seed) ^ (np.uint64(stream) * _STREAM_MUL))
    return mix64(k + np.uint64(index) * GOLDEN)


@njit(cache=True, inline="always")
def sub_key(key, j):
    """Key of item ``j`` under ``key`` (e.g. hand ``j`` of a game)."""
    return mix64(np.uint64(key) ^ mix64(np.uint64(j) + _STREAM_MUL))


@njit(cache=True, inline="always")
def draw(key, n):
    """The ``n``-th 64-bit draw under ``key``."""
    return mix64(np.uint64(key) + np.uint64(n + 1) * GOLDEN)


@njit(cache=True, inline="always")
def bounded(bits32, n):
    """Map 32 random bits to 0..n-1 (multiply-and-shift)."""
    return np.int64((np.uint64(bits32) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def shuffle_deck(key, deck):
    """Fill ``deck`` (24 ints) with a uniformly shuffled pack keyed by ``key``.

    Swap ``k`` (for positions 23 down to 1) uses the low half of draw ``k // 2`` when ``k`` is
    even and its high half when odd; written as two swaps per draw, with unsigned indices (no
    negative-index checks), since the deal is a fifth of the kernel's time per hand.
    """
    key = np.uint64(key)
    for c in range(24):
        deck[c] = c
    i = np.uint64(23)
    one = np.uint64(1)
    for n in range(12):
        r = draw(key, n)
        j = np.uint64(bounded(r & np.uint64(0xFFFFFFFF), i + one))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
        i -= one
        if n == 11:
            break                     # 23 swaps: the last draw's high half is not used
        j = np.uint64(bounded(r >> np.uint64(32), i + one))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
        i -= one


# The deck as 5-bit fields in two words: positions 0-11 in the low word, 12-23 in the high word.
_LOW_DECK = np.int64(sum(p << (5 * p) for p in range(12)))
_HIGH_DECK = np.int64(sum((12 + q) << (5 * q) for q in range(12)))


@njit(cache=True, inline="always")
def _swap_index(key, i):
    """The swap index for position ``i`` (step ``23 - i`` of ``shuffle_deck``): 0..i."""
    s = 23 - i
    r = draw(key, s >> 1)
    bits = (r >> np.uint64(32)) if s & 1 else (r & np.uint64(0xFFFFFFFF))
    return bounded(bits, i + 1)


@njit(cache=True, inline="always")
def _deal_high(key, lo, hi, i):
    """The swap at position ``i`` >= 12 on the deck words ``lo``, ``hi``: returns the card that
    ends at position ``i`` and the new words.  No later step reads position ``i``, so only
    position ``j`` is written (its field changed by an xor).  The word holding position ``j``
    is chosen with a mask (``high``), not a branch."""
    j = _swap_index(key, i)
    high = np.int64(0) - np.int64(j >= 12)          # -1 when position j is in the high word
    shift = 5 * j - (60 & high)
    c = ((lo ^ ((lo ^ hi) & high)) >> shift) & 31
    delta = (c ^ ((hi >> (5 * (i - 12))) & 31)) << shift
    return c, lo ^ (delta & ~high), hi ^ (delta & high)


@njit(cache=True, inline="always")
def _deal_low(key, lo, i):
    """``_deal_high`` for a position ``i`` < 12, when only the low word is left."""
    shift = 5 * _swap_index(key, i)
    c = (lo >> shift) & 31
    return c, lo ^ ((c ^ ((lo >> (5 * i)) & 31)) << shift)


@njit(cache=True, inline="always")
def deal_hands(key):
    """The deal of ``shuffle_deck(key)`` as card masks, without the 24-card array: returns
    ``(h0, h1, h2, h3, upcard, kitty)`` where ``h_k`` is the mask of positions ``5k .. 5k+4``
    (the ``k``-th hand dealt), ``upcard`` is position 20 and ``kitty`` the mask of positions
    21-23.  Positions are final from 23 down, so each hand's mask is built as its cards come
    out of the shuffle; the loops have constant bounds and are unrolled.

    The deck is kept in registers, as 5-bit fields of two 64-bit words (``_LOW_DECK``,
    ``_HIGH_DECK``), not in an array, so a deal touches no memory and a loop of deals is one
    the compiler vectorises (``deal_block``; it is meant for that loop: compiled alone, one
    hand at a time, the choice of word may become a branch).  ``tests/sim/kernel/test_kernel.py``
    checks it against ``shuffle_deck``.
    """
    key = np.uint64(key)
    lo = _LOW_DECK
    hi = _HIGH_DECK
    one = np.int64(1)
    kitty = np.int64(0)
    for i in range(23, 20, -1):
        c, lo, hi = _deal_high(key, lo, hi, i)
        kitty |= one << c
    upcard, lo, hi = _deal_high(key, lo, hi, 20)
    h3 = np.int64(0)
    for i in range(19, 14, -1):
        c, lo, hi = _deal_high(key, lo, hi, i)
        h3 |= one << c
    h2 = np.int64(0)
    for i in range(14, 11, -1):
        c, lo, hi = _deal_high(key, lo, hi, i)
        h2 |= one << c
    for i in range(11, 9, -1):
        c, lo = _deal_low(key, lo, i)
        h2 |= one << c
    h1 = np.int64(0)
    for i in range(9, 4, -1):
        c, lo = _deal_low(key, lo, i)
        h1 |= one << c
    h0 = np.int64(0)
    for i in range(4, 0, -1):
        c, lo = _deal_low(key, lo, i)
        h0 |= one << c
    h0 |= one << (lo & 31)
    return h0, h1, h2, h3, upcard, kitty


@njit(cache=True)
def deal_block(seed, start, lo, hi, out):
    """Deal hands ``start + lo .. start + hi - 1`` of a run with ``seed`` (``deal_hands``) into
    the columns ``0 .. hi - lo - 1`` of ``out`` (6 rows: h0, h1, h2, h3, upcard, kitty).

    A loop of nothing but deals, with no branch, is one the compiler vectorises: with AVX2 it
    deals four hands at once, about half the time of the array shuffle dealt one hand at a
    time between the plays.  (The kernel's ``play_chunk`` deals a block of hands with this,
    then plays them.)"""
    for i in range(lo, hi):
        h0, h1, h2, h3, upcard, kitty = deal_hands(hand_key(seed, start + i, STREAM_DEAL))
        k = i - lo
        out[0, k] = h0
        out[1, k] = h1
        out[2, k] = h2
        out[3, k] = h3
        out[4, k] = upcard
        out[5, k] = kitty


# ---------------------------------------------------------------------------------------------
# Pure-Python twins, for tests and for tools that want one deal without Numba.

def py_mix64(z: int) -> int:
    z &= _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def py_hand_key(seed: int, index: int, stream: int) -> int:
    k = py_mix64((seed & _MASK64) ^ ((stream * 0xD1B54A32D192ED03) & _MASK64))
    return py_mix64(k + index * 0x9E3779B97F4A7C15)


def py_sub_key(key: int, j: int) -> int:
    return py_mix64(key ^ py_mix64(j + 0xD1B54A32D192ED03))


def py_draw(key: int, n: int) -> int:
    return py_mix64(key + (n + 1) * 0x9E3779B97F4A7C15)


def py_shuffle_deck(key: int) -> list[int]:
    deck = list(range(24))
    n = 0
    r = 0
    for i in range(23, 0, -1):
        if n % 2 == 0:
            r = py_draw(key, n // 2)
            bits = r & 0xFFFFFFFF
        else:
            bits = r >> 32
        n += 1
        j = (bits * (i + 1)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def normalise_seed(seed) -> int:
    """The one place a user's seed becomes the 64-bit key material (non-negative int)."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if seed < 0 or seed >= 2**63:
        raise ValueError(f"seed must be between 0 and 2**63-1, not {seed}")
    return int(seed)
