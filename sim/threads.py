"""How many threads the parallel loops (``prange``) of the kernel and the solver use: set for a
run, or for the length of one call and then put back."""

from __future__ import annotations

from contextlib import contextmanager

import numba


def set_threads(threads: int | None) -> int:
    """Use ``threads`` threads (all there are when None, at most that many); return the count."""
    avail = numba.config.NUMBA_NUM_THREADS
    if threads is None:
        threads = avail
    if threads < 1:
        raise ValueError(f"--threads must be at least 1, not {threads}")
    threads = min(threads, avail)
    numba.set_num_threads(threads)
    return threads


@contextmanager
def using_threads(threads: int | None):
    """``set_threads(threads)`` for the block, then the count before it again (None: leave it
    as it is)."""
    if threads is None:
        yield
        return
    old = numba.get_num_threads()
    set_threads(threads)
    try:
        yield
    finally:
        numba.set_num_threads(old)
