"""The chunk loop (``sim.threads.each_chunk``): every chunk runs once on the run's threads, a
chunk's exception reaches the caller and stops the chunks not yet started, and a hands run
gives the same tally on one thread and on two."""

import threading

import numpy as np
import pytest

import sim
from sim.threads import each_chunk, using_threads

pytestmark = pytest.mark.compile


@pytest.mark.parametrize("threads", [1, 2])
def test_every_chunk_runs_once(threads):
    seen, names = [], set()

    def play(i):
        seen.append(i)
        names.add(threading.current_thread().name)

    with using_threads(threads):
        each_chunk(play, 40)
    assert sorted(seen) == list(range(40))
    if threads == 1:
        assert names == {threading.current_thread().name}


def test_a_chunk_error_reaches_the_caller_and_stops_the_rest():
    started = []

    def play(i):
        started.append(i)
        if i == 0:
            raise ValueError("chunk 0 failed")
        threading.Event().wait(0.01)

    with using_threads(2), pytest.raises(ValueError, match="chunk 0 failed"):
        each_chunk(play, 500)
    assert len(started) < 500


def test_a_run_is_the_same_on_one_thread_and_two():
    one = sim.simulate(20_000, seed=7, threads=1)
    two = sim.simulate(20_000, seed=7, threads=2)
    assert np.array_equal(one.tally, two.tally)
