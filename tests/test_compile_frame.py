"""Numba compiles from the roomy frame ``sim.compile_frame`` installs (CPython's frame-stack
chunks cannot thrash under it)."""

import sys

from numba import njit
from numba.extending import overload

import sim.rng  # noqa: F401  (a foundation module that compiles: it installs the frame)
from sim.compile_frame import _STACK_WORDS

seen: list[int] = []


def _probe():
    pass


@overload(_probe)
def _probe_typing():
    # runs while Numba types a caller: note the largest value stack declared below us
    f = sys._getframe()
    largest = 0
    while f is not None:
        largest = max(largest, f.f_code.co_stacksize)
        f = f.f_back
    seen.append(largest)
    return lambda: None


def test_a_compile_runs_above_a_frame_that_claims_a_fresh_chunk():
    @njit
    def caller():
        _probe()
        return 1

    assert caller() == 1
    assert seen and seen[-1] >= _STACK_WORDS


def test_the_frame_is_big_enough_for_a_chunk_of_its_own():
    # CPython's chunks are 16 KB; a frame over half of 4 MB gets a chunk of 4 MB to itself
    assert _STACK_WORDS * 8 > 2 * 1024 * 1024
