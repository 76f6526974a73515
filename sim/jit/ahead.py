"""Compiling ahead in a second process: while a command compiles one part of its code, a child
process compiles another part into Numba's cache, so two cores compile at once and the command
then loads the child's part instead of compiling it.

``start(module, function, *dispatchers)`` starts ``python -c "import module; module.function()"``
(a function that compiles the part, so that it is cached), unless the cache already holds
the code of the ``dispatchers`` given for the current sources (``cached``, which reads Numba's
cache index through ``sim.jit.numba_private``) or the machine has one core; ``wait(child)``
waits for it before the command uses that part (or ``sim.jit.apart``'s
``wait_before_loading`` does, at the part's first call).  If the child fails the command
compiles the part itself, as it would have without it; a child still running when the command
ends is ended.  Only a part independent of what the command compiles meanwhile is worth it:
the search's probe while ``show --review`` compiles the trace kernel
(``sim.solver.api.compile_search_ahead``), the search and pimc's card play while a pimc run
compiles its kernel copy and pimc's bids (``sim.players.pimc.turns.compile_ahead``).
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys

from sim.jit import numba_private


def cached(dispatcher) -> bool:
    """Whether Numba's cache holds code of ``dispatcher`` (an ``@njit(cache=True)`` function)
    for the current sources, for any signature."""
    try:
        return bool(numba_private.cache_index(dispatcher))
    except Exception:  # noqa: BLE001 - whatever cannot be read counts as not cached
        return False


def start(module: str, function: str, *dispatchers):
    """The child compiling ``module.function()``'s code ahead, or None where it would not help
    (the code of every one of ``dispatchers`` is cached, or one core)."""
    if (os.cpu_count() or 1) < 2 or all(cached(d) for d in dispatchers):
        return None
    # its own session: a terminal's Ctrl-C (SIGINT to the foreground process group) stops the
    # command, which ends the child; the child never dies alone, leaving its part to compile
    child = subprocess.Popen([sys.executable, "-c", f"import {module} as m; m.{function}()"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    atexit.register(stop, child)
    return child


def wait(child) -> None:
    """Wait for ``child`` (from ``start``; None: nothing to wait for)."""
    if child is not None:
        child.wait()


def stop(child) -> None:
    """End ``child`` early (the command stopped before it needed the part)."""
    if child is not None and child.poll() is None:
        child.kill()
        child.wait()


__all__ = ["cached", "start", "wait", "stop"]
