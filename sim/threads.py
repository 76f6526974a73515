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

import signal
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from contextlib import contextmanager

import numba

POLL_S = 0.1  # the main thread wakes this often while chunks run, to take a Ctrl-C


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
    stops at once and the process exits without waiting for them (``analysis.cli.run``).

    The signal reaches the main thread: the chunks' threads block SIGINT and SIGTERM, so the
    operating system delivers a terminal's Ctrl-C to the main thread, whose wait it interrupts
    (delivered to a chunk's thread, it only marked the interrupt as pending, and the main
    thread, asleep on a lock, took it when the chunk ended: after a cold compile on a loaded
    machine, minutes); and the main thread waits in steps of ``POLL_S``, so an interrupt made
    pending by any other thread is taken within that."""
    threads = min(numba.get_num_threads(), n)
    if threads <= 1:
        for i in range(n):
            play(i)
        return
    pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="euchre-chunk",
                              initializer=leave_signals_to_the_main_thread)
    finish = True
    try:
        futures = [pool.submit(play, i) for i in range(n)]
        for future in futures:
            while not wait([future], timeout=POLL_S, return_when=FIRST_EXCEPTION).done:
                pass
            future.result()
    except KeyboardInterrupt:
        finish = False
        raise
    finally:
        pool.shutdown(wait=finish, cancel_futures=True)


def leave_signals_to_the_main_thread() -> None:
    """Block SIGINT and SIGTERM in the calling thread (a worker's first step), so that the
    operating system delivers them to the main thread, where Python raises them (nothing
    where signal masks do not exist)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
