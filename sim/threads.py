"""How many threads the kernel's and the solver's parallel loops use (set for a run, or for the
length of one call and then put back), and the loop itself: ``each_chunk``.

``each_chunk(play, n)`` calls ``play(0) .. play(n - 1)`` on that many Python threads, where
``play`` calls a compiled chunk function declared ``nogil=True``, so the chunks run at once on
all cores.  The kernel's batch loops used to be ``prange`` loops compiled by Numba's parallel
backend; a ``prange`` compiles a second copy of everything its body calls (the body's gufunc
and the function around it each link and optimise the whole hand again), which was a fifth of
the main job's first-run compile.  A chunk writes only its own rows, so results never depend
on the thread count or on the order chunks finish.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
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


def each_chunk(play, n: int) -> None:
    """``play(i)`` for each chunk ``i`` in ``range(n)``, on ``numba.get_num_threads()`` threads
    (``set_threads``) at most.  The first exception a chunk raises is raised here once the
    chunks already running have finished; the others never start.  A Ctrl-C (or SIGTERM) while
    waiting is raised at once: the chunks running go on in their threads (compiled code, or a
    compile, cannot be stopped from outside) and their results are dropped, so a command
    stops at once and the process exits without waiting for them (``analysis.cli.run``)."""
    threads = min(numba.get_num_threads(), n)
    if threads <= 1:
        for i in range(n):
            play(i)
        return
    pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="euchre-chunk")
    wait = True
    try:
        for future in [pool.submit(play, i) for i in range(n)]:
            future.result()
    except KeyboardInterrupt:
        wait = False
        raise
    finally:
        pool.shutdown(wait=wait, cancel_futures=True)
