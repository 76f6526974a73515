"""Where the pieces of a run are played, and the one loop that plays them.

A run (hands, games or the chunks of a resumable run) is cut into pieces ``(start, n)``;
``play_pieces`` hands each to an executor's ``run`` and passes every result on, in piece order
or as pieces finish, ticking the progress bar per piece:

- ``LocalExecutor``: here, one piece after another, each spread over this process's Numba
  threads;
- ``ProcessExecutor``: in local worker processes, for pieces played at Python speed (an
  outside bot's table);
- ``DaskExecutor``: as tasks on a Dask cluster, ``local:N`` worker processes on this machine
  or an existing scheduler at ``tcp://HOST:PORT`` (the ``distributed`` extra).

Hand ``i`` and game ``g`` depend only on ``(seed, i)`` and ``(seed, g)``, so an executor never
changes a result.  ``open_executor(scheduler)`` opens the executor a ``--scheduler`` names.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sim.jit.compiling import compile_clock
from sim.threads import set_threads

NEEDS_EXTRA = "--scheduler needs the distributed extra: pip install 'euchre-sim[distributed]'"
LOCAL_WORKER = "local"


def pieces(start: int, total: int, size: int) -> list[tuple[int, int]]:
    """``[(start, n), ...]``: ``total`` items from ``start`` in pieces of ``size`` (the last
    one short)."""
    return [(a, min(size, start + total - a)) for a in range(start, start + total, size)]


def play_pieces(executor, task: Callable, parts: list[tuple[int, int]],
                on_result: Callable[[int, object], None], *,
                progress: Callable[[int], None] | None = None, ordered: bool = True,
                name: Callable[[int], str] | None = None) -> float:
    """Play ``task(start, n)`` for every piece of ``parts`` on ``executor`` and call
    ``on_result(i, result)`` for piece ``i``: in piece order when ``ordered`` (results that
    finish early wait), else as each finishes; ``progress(n)`` follows each.  ``name(i)``
    names a piece in an executor's error.  Returns the seconds spent compiling here."""
    waiting: dict[int, object] = {}
    nxt = 0
    with compile_clock() as compiling:
        for i, result in executor.run(task, parts, name):
            if not ordered:
                on_result(i, result)
                if progress is not None:
                    progress(parts[i][1])
                continue
            waiting[i] = result
            while nxt in waiting:
                on_result(nxt, waiting.pop(nxt))
                if progress is not None:
                    progress(parts[nxt][1])
                nxt += 1
    return compiling.seconds


class LocalExecutor:
    """Plays the pieces here, in order, each over ``threads`` Numba threads (all by default)."""

    def __init__(self, threads: int | None = None):
        self.threads = set_threads(threads)

    def piece_size(self, total: int, batch: int, smallest: int) -> int:
        """Items a piece: a whole batch (a piece is a kernel call here)."""
        return batch

    def run(self, task, parts, name=None) -> Iterator[tuple[int, object]]:
        for i, (start, n) in enumerate(parts):
            yield i, task(start, n)

    def close(self) -> None:
        pass


class ProcessExecutor:
    """Plays the pieces in ``workers`` local processes (forked where the platform can), results
    as they finish; one worker plays them here.  For work at Python speed, which threads
    cannot share (an outside bot's table through the referee, ``sim.run.refereed``); a task
    with a ``warm(start)`` method is warmed here first.  An exception inside a piece is raised
    here as it is."""

    def __init__(self, workers: int | None = None):
        self.threads = max(1, workers or os.cpu_count() or 1)

    def piece_size(self, total: int, batch: int, smallest: int) -> int:
        """Items a piece: about eight pieces a worker (a progress bar that moves), at least
        ``smallest``, at most a batch."""
        return min(batch, max(smallest, -(-total // (8 * self.threads))))

    def run(self, task, parts, name=None) -> Iterator[tuple[int, object]]:
        if self.threads == 1 or len(parts) <= 1:
            yield from LocalExecutor(1).run(task, parts, name)
            return
        import multiprocessing

        if hasattr(task, "warm"):       # compile (or load) once, before the workers start
            task.warm(parts[0][0])
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        # Ctrl-C and SIGTERM wait while the workers start: one landing in a fork (slow for a
        # large process on a busy machine) left a worker the pool did not know of yet, which
        # outlived the run and held its output open (a test's Ctrl-C hung so, now and then)
        pool = None
        try:
            with _signals_held():       # delivered as the ``with`` ends: the pool is known
                pool = multiprocessing.get_context(method).Pool(min(self.threads, len(parts)),
                                                                initializer=_start_worker)
            yield from pool.imap_unordered(_play_piece, [(task, i, a, n) for i, (a, n)
                                                         in enumerate(parts)])
            pool.close()
        finally:
            if pool is not None:  # on an error or Ctrl-C here: no worker is left running
                pool.terminate()
                pool.join()

    def close(self) -> None:
        pass


_HELD = ("SIGINT", "SIGTERM")


@contextmanager
def _signals_held():
    """Inside the ``with``, Ctrl-C and SIGTERM wait (they are delivered as it ends)."""
    import signal

    held = {getattr(signal, s) for s in _HELD}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _start_worker() -> None:
    """A worker leaves Ctrl-C to the run that started it, which stops the pool, ends quietly
    when the pool stops it (not by a handler inherited from the run), and ends with the run
    if the run is killed (Linux)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):      # held by the run while it started the pool
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {getattr(signal, s) for s in _HELD})
    _die_with_parent()


def _die_with_parent() -> None:
    """Ask Linux to kill this process when the process that started it ends (elsewhere: do
    nothing)."""
    import ctypes
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, 9)      # PR_SET_PDEATHSIG, SIGKILL
    except (OSError, AttributeError):
        pass


def _play_piece(job):
    task, i, a, n = job
    return i, task(a, n)


def check_scheduler(scheduler: str) -> None:
    """A clear ``ValueError`` for a ``--scheduler`` that is neither ``tcp://HOST:PORT`` (or
    ``tls://``) nor ``local:N``, or when the ``distributed`` extra is missing."""
    if not scheduler.startswith(("tcp://", "tls://", "local:")):
        raise ValueError(f"--scheduler {scheduler}: give tcp://HOST:PORT or local:N")
    if scheduler.startswith("local:"):
        n = scheduler[6:]
        if not n.isdigit() or int(n) < 1:
            raise ValueError(f"--scheduler {scheduler}: local:N needs N of 1 or more workers")
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ValueError(NEEDS_EXTRA) from None


def _connect(scheduler: str):
    """(client, cluster or None) for ``tcp://HOST:PORT`` or ``local:N`` (a new LocalCluster)."""
    import logging

    from distributed import Client, LocalCluster

    if scheduler.startswith("local:"):
        n = int(scheduler[6:])
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
        client.wait_for_workers(n)
        return client, cluster
    try:
        return Client(scheduler, timeout="20s"), None
    except OSError as e:
        raise RuntimeError(f"--scheduler {scheduler}: cannot connect ({e})") from None


def _apply(task, start, n, threads):
    """A piece on a worker, on ``threads`` Numba threads (None: ``worker_threads()``)."""
    set_threads(threads or worker_threads())
    return task(start, n)


class DaskExecutor:
    """Plays the pieces as Dask tasks, all submitted at once, results as they finish.  Each task
    runs on one Numba thread on ``local:N`` workers (one worker process a core), else on
    ``cpu_count // worker threads``.  An exception inside a task is raised here as it is; a
    task lost with its worker beyond Dask's retries is a ``RuntimeError`` naming the piece."""

    def __init__(self, scheduler: str):
        check_scheduler(scheduler)
        self.scheduler = scheduler
        self.client, self.cluster = _connect(scheduler)
        self.threads = max(1, sum(self.client.nthreads().values()))
        self.task_threads = 1 if scheduler.startswith("local:") else None

    def piece_size(self, total: int, batch: int, smallest: int) -> int:
        """Items a piece: about two pieces a worker thread, at least ``smallest``, at most a
        batch."""
        return min(batch, max(smallest, -(-total // (2 * self.threads))))

    def run(self, task, parts, name=None) -> Iterator[tuple[int, object]]:
        from distributed import as_completed

        token = uuid.uuid4().hex[:8]
        task_f = self.client.scatter(task, broadcast=True) if parts else None
        futures = [self.client.submit(_apply, task_f, a, n, self.task_threads,
                                      key=f"euchre-{token}-{i:06d}", pure=False)
                   for i, (a, n) in enumerate(parts)]
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for fut in as_completed(futures):
                i = index[fut.key]
                try:
                    result = fut.result()
                except Exception as exc:
                    if not type(exc).__module__.startswith(("distributed", "concurrent",
                                                            "asyncio")):
                        raise                    # the task's own error, as it is
                    what = name(i) if name else f"piece {i}"
                    raise RuntimeError(f"{what} failed on a worker: "
                                       f"{type(exc).__name__}: {exc}") from None
                yield i, result
                fut.release()
        finally:
            for fut in futures:
                if not fut.done():
                    fut.cancel()

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


@contextmanager
def open_executor(scheduler: str | None):
    """A ``DaskExecutor`` on ``scheduler`` (``tcp://HOST:PORT`` or ``local:N``), closed on exit;
    ``None`` yields None (the runs then play here).  Pass what it yields as ``executor=`` to
    ``simulate``, ``simulate_games`` and the analyses that simulate."""
    if not scheduler:
        yield None
        return
    ex = DaskExecutor(scheduler)
    try:
        yield ex
    finally:
        ex.close()


def worker_address() -> str:
    """The Dask worker this runs on, or ``"local"`` outside one."""
    try:
        from distributed import get_worker

        return get_worker().address
    except (ImportError, ValueError):
        return LOCAL_WORKER


def worker_threads() -> int | None:
    """Numba threads for one task on a Dask worker: the cores shared by its task threads (None
    outside a worker)."""
    try:
        from distributed import get_worker

        w = get_worker()
    except (ImportError, ValueError):
        return None
    return max(1, (os.cpu_count() or 1) // max(1, w.state.nthreads))


__all__ = [
    "pieces", "play_pieces", "LocalExecutor", "ProcessExecutor", "DaskExecutor", "open_executor",
    "check_scheduler", "worker_address", "worker_threads", "NEEDS_EXTRA",
]
