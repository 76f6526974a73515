"""What every test shares: the markers and the compiled kernel.

Markers (registered in ``pyproject.toml``; ``-m 'not compile and not subprocess'`` runs the
quick checks alone):

- ``compile``: compiles a kernel or the solver (or loads it from Numba's cache);
- ``subprocess``: starts processes (children, worker pools, a Dask cluster, the console script);
- ``browser``: drives a real browser;
- ``slow``: takes over ten seconds warm;
- ``snapshot``: pins the code's own output rather than a value derived independently (a
  fixed seed's review or grades, a count of the table's classes, an encoding); when one fails,
  the change in output is to be explained, and the snapshot updated with the reason.

Ctrl-C is Python's in every test process, even when the suite was started in the background by
a non-interactive shell (which starts it with SIGINT ignored, and Python keeps it so): the tests
of Ctrl-C signal this process and the commands it starts, which take SIGINT at its default.

``compiled_kernel`` compiles (or loads) the main kernel once per test process by playing a few
hands.  Every ``compile`` test asks for it first, a module marked ``compile`` before its own
module-scoped fixtures, so a cold run pays the compile up front, in a setup, never inside a
test's own timing.
"""

from __future__ import annotations

import signal
import time

import pytest

signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def compiled_kernel() -> float:
    """Seconds it took to compile (or load) the main kernel and play 64 hands in this process."""
    import sim

    t0 = time.perf_counter()
    sim.simulate(64, 0)
    return time.perf_counter() - t0


def _compile_first(request) -> None:
    if request.node.get_closest_marker("compile") is not None:
        request.getfixturevalue("compiled_kernel")


@pytest.fixture(scope="module", autouse=True)
def _compiled_for_the_module(request):
    """A module marked ``compile`` (``pytestmark``): the kernel before its module fixtures."""
    _compile_first(request)


@pytest.fixture(autouse=True)
def _compiled_for_the_test(request):
    """A test marked ``compile`` on its own."""
    _compile_first(request)
