"""Compiling ahead in a child process (``sim.jit.ahead``): the child's compile lands in the
cache the parent reads, and nothing is started for code already cached."""

from __future__ import annotations

import importlib
import sys

import pytest

from sim.jit import ahead as compile_ahead

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]

PART = """
from numba import njit


@njit(cache=True)
def part(n):
    return n * 3


def warm():
    part(2)
"""


def test_a_child_compiles_into_the_cache_the_parent_then_loads(tmp_path, monkeypatch):
    (tmp_path / "ahead_part.py").write_text(PART)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr(compile_ahead.os, "cpu_count", lambda: 2)
    module = importlib.import_module("ahead_part")
    try:
        assert not compile_ahead.cached(module.part)
        child = compile_ahead.start("ahead_part", "warm", module.part)
        assert child is not None
        compile_ahead.wait(child)
        assert child.returncode == 0
        assert compile_ahead.cached(module.part)
        assert compile_ahead.start("ahead_part", "warm", module.part) is None
        assert module.part(5) == 15 and not module.part.stats.cache_misses
    finally:
        sys.modules.pop("ahead_part", None)


def test_stop_ends_a_child_that_is_not_needed():
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    compile_ahead.stop(child)
    assert child.poll() is not None
    compile_ahead.stop(None)
    compile_ahead.wait(None)
