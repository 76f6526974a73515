"""Numba compiles from the roomy frame ``sim.jit.compiling`` installs (CPython's frame-stack
chunks cannot thrash under it)."""

import sys

import pytest
from numba import njit
from numba.extending import overload

import sim.rng  # noqa: F401  (a foundation module that compiles: it installs the frame)
from sim.jit.compiling import _STACK_WORDS, compile_clock, compile_notice

pytestmark = pytest.mark.compile

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


def test_the_clock_counts_a_compile_and_the_notice_names_it_once():
    said = []

    @njit
    def fresh(x):
        return x * 2

    with compile_notice(said.append), compile_clock() as clock:
        assert fresh(3) == 6        # compiles
        assert fresh(4) == 8        # already compiled: neither counted nor said again
    assert clock.count == 1 and clock.seconds > 0
    assert said == ["fresh"]


def test_a_run_reports_its_rate_without_the_compile_time():
    import sim

    r = sim.simulate(2_000, seed=3, table=sim.Table.teams("random"), threads=1)
    assert r.compile_s <= r.wall_s
    assert r.hands_per_s == 2_000 / (r.wall_s - r.compile_s)
    r.compile_s, r.wall_s = 4.0, 5.0
    from analysis.text.summary import header

    line = header(r).splitlines()[1]
    assert line.startswith("1.00 s, 2,000 hands/s") and "compiling took 4.0 s" in line


@njit(inline="always")
def _twice(x):
    return x + x


@njit(inline="always")
def _quad(x):
    return _twice(_twice(x))


def test_an_inlined_function_is_built_once_and_every_site_gets_its_own_copy(monkeypatch):
    from numba.core.inline_closurecall import InlineWorker

    built = []
    original = InlineWorker.run_untyped_passes

    def counting(self, func, enable_ssa=False):
        built.append(func.__name__)
        return original(self, func, enable_ssa)

    monkeypatch.setattr(InlineWorker, "run_untyped_passes", counting)
    assert getattr(InlineWorker.inline_function, "_memo", False)

    @njit
    def caller(a, b):
        # three sites of _quad (six of _twice inside them), an int and a float
        return _quad(a) + _quad(b) * 10.0 + _quad(a + 1) * 100

    assert caller(1, 0.5) == 4 + 20.0 + 800
    # each function's IR was built at most once (none if an earlier compile built it)
    assert built.count("_quad") <= 1 and built.count("_twice") <= 1


def test_the_source_keyed_locator_names_its_file_for_numbas_uncachable_warning():
    from sim.jit.compiling import SourceKeyedLocator

    loc = SourceKeyedLocator.from_function(sim.rng.mix64.py_func, sim.rng.__file__)
    assert loc is not None and loc._py_file == sim.rng.__file__


def test_the_clock_counts_saving_to_the_cache_as_compiling(tmp_path, monkeypatch):
    """Numba saves a cached function after its compile event; the clock counts the save too
    (else it was counted as the first run's simulation time)."""
    import importlib
    import time

    from numba.core import caching, config

    (tmp_path / "saved_part.py").write_text(
        "from numba import njit\n\n\n@njit(cache=True)\ndef part(n):\n    return n + 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    original = caching.Cache._save_overload

    def slow_save(self, sig, data):
        time.sleep(0.3)
        return original(self, sig, data)

    monkeypatch.setattr(caching.Cache, "_save_overload", slow_save)
    try:
        with monkeypatch.context() as env:
            env.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
            module = importlib.import_module("saved_part")
            with compile_clock() as clock:
                t0 = time.perf_counter()
                assert module.part(2) == 3
                wall = time.perf_counter() - t0
        assert clock.count == 1
        assert 0.3 <= clock.seconds <= wall
    finally:
        sys.modules.pop("saved_part", None)
        # Numba reads NUMBA_CACHE_DIR again only at its next compile: read it now, or a later
        # test in this process that looks in a cache before compiling looks in this test's
        # folder (tests/sim/test_compile_ahead.py did)
        config.reload_config()
