"""A Ctrl-C while the chunk loop waits reaches the main thread at once, whichever thread the
operating system delivers it to.  Delivered to a chunk's thread, it used to be only marked
pending while the main thread slept on a lock until that chunk ended (a cold compile on a
loaded machine: one Ctrl-C in 21 waited over a minute).  Now the chunks' threads block the
signal, so the system gives it to the main thread, and the main thread wakes every
``POLL_S`` to take one another thread marked pending.  No kernel is compiled here."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from sim.threads import POLL_S, each_chunk, using_threads

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="POSIX signals")


def test_the_chunks_threads_leave_ctrl_c_and_sigterm_to_the_main_thread():
    masks = []

    def play(i):
        masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))

    with using_threads(2):
        each_chunk(play, 4)
    assert masks and all({signal.SIGINT, signal.SIGTERM} <= m for m in masks), masks
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def test_a_ctrl_c_another_thread_took_stops_the_wait_at_once():
    release = threading.Event()
    started = threading.Event()

    def play(i):                   # a chunk that would run for 30 s (a cold compile)
        started.set()
        release.wait(30)

    def other():                   # a thread of the process that does not block the signal
        started.wait(10)
        time.sleep(0.2)            # the main thread is asleep in the loop's wait by now
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)

    t = threading.Thread(target=other, daemon=True)
    t0 = time.monotonic()
    try:
        with using_threads(2), pytest.raises(KeyboardInterrupt):
            t.start()
            each_chunk(play, 2)
        waited = time.monotonic() - t0
    finally:
        release.set()
        t.join(10)
    assert waited < 0.2 + 20 * POLL_S + 5, waited     # not the chunk's 30 s
