"""The one batch loop (``sim.run.executors.play_pieces``): pieces cover a run, results reach
the caller in piece order whatever order an executor finishes them in, and the frozen run
specification checks what it is given once."""

from dataclasses import FrozenInstanceError

import numpy as np
import pytest

from sim import Rules, RunSpec, Table, check_count
from sim.run.executors import LocalExecutor, pieces, play_pieces


class Shuffled:
    """An executor that finishes the pieces in a fixed scrambled order (as Dask may)."""

    threads = 1

    def run(self, task, parts, name=None):
        order = list(range(len(parts)))[::-1]
        order[0], order[-1] = order[-1], order[0]
        for i in order:
            yield i, task(*parts[i])


def test_pieces_cover_the_run():
    assert pieces(10, 7, 3) == [(10, 3), (13, 3), (16, 1)]
    assert pieces(0, 4, 4) == [(0, 4)]
    assert sum(n for _, n in pieces(5, 1000, 64)) == 1000


@pytest.mark.parametrize("executor", [LocalExecutor(1), Shuffled()], ids=["local", "shuffled"])
def test_results_reach_the_caller_in_piece_order(executor):
    parts = pieces(0, 50, 8)
    got, ticks = [], []
    play_pieces(executor, lambda a, n: list(range(a, a + n)), parts,
                lambda i, r: got.append((i, r)), progress=ticks.append)
    assert [i for i, _ in got] == list(range(len(parts)))
    assert sum((r for _, r in got), []) == list(range(50))
    assert ticks == [n for _, n in parts]


def test_unordered_results_come_as_they_finish():
    parts = pieces(0, 40, 10)
    got = []
    play_pieces(Shuffled(), lambda a, n: a, parts, lambda i, r: got.append(i), ordered=False)
    assert got == [0, 2, 1, 3] and sorted(got) == list(range(4))


def test_run_spec_checks_once_and_fills_the_defaults():
    spec = RunSpec.of(np.int64(7))
    assert spec.seed == 7 and type(spec.seed) is int
    assert spec.rules == Rules() and spec.table == Table.teams() and spec.threads is None
    with pytest.raises(ValueError, match="seed must be"):
        RunSpec.of(-1)
    with pytest.raises(ValueError, match="rules must be a sim.Rules"):
        RunSpec.of(1, rules="stick_the_dealer")
    with pytest.raises(ValueError, match="table must be a sim.Table"):
        RunSpec.of(1, table="basic")
    with pytest.raises(ValueError, match="--threads must be at least 1"):
        RunSpec.of(1, threads=0)
    with pytest.raises(ValueError, match="number of hands must be a positive whole number"):
        check_count(2.5, "hands")
    with pytest.raises(FrozenInstanceError):
        spec.seed = 3


def _slow_sum(a, n):
    import time

    time.sleep(0.05)
    return a + n


@pytest.mark.subprocess
def test_a_ctrl_c_while_the_workers_start_leaves_no_worker_behind(monkeypatch):
    """A Ctrl-C that lands as a worker is forked (the fork of a large process takes a while on
    a busy machine) is held until the pool knows its workers, so stopping it ends them all; it
    used to leave a worker the pool did not know of, which outlived the run."""
    import os
    import signal
    import time
    from multiprocessing import popen_fork

    from sim.run.executors import ProcessExecutor
    from tests import processes

    launch = popen_fork.Popen._launch

    def launch_then_ctrl_c(self, process_obj):
        launch(self, process_obj)
        if self.pid:                       # in the run: the worker is forked, not yet known
            os.kill(os.getpid(), signal.SIGINT)

    def children() -> set[int]:
        """This process's children still running (a zombie has ended: another test's)."""
        return processes.children(os.getpid())

    before = children()          # what other tests of this process left running is not ours
    monkeypatch.setattr(popen_fork.Popen, "_launch", launch_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        list(ProcessExecutor(2).run(_slow_sum, pieces(0, 40, 2)))
    deadline = time.monotonic() + 10
    while (left := children() - before) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not left, f"workers left: {sorted(left)}"
