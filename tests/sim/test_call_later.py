"""Calls whose callee is compiled at its first call (``sim.jit.apart.call_later``): compiling the
caller does not compile the callee, the answer and the callee's exceptions are those of a linked
call, the callee's code is found in later processes however they compile and load the chain,
and a wait set with ``wait_before_loading`` runs once, before the first call, so a child
process can compile the callee meanwhile."""

from pathlib import Path

import pytest

from tests.sim.test_apart import OUTER, WORK
from tests.sim.test_apart import _run as run_in

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]

TARGET = '''
from numba import njit, types

from sim.jit.apart import call_later, later

ARGS = (types.Array(types.int64, 1, "C"), types.int64)


@later(types.int64, ARGS)
@njit(cache=True)''' + WORK + '''

@njit(cache=True)
def middle(a, n):
    return call_later(work, (a, n)) + 1


def warm():
    work.compile(ARGS)
'''

EXPECT = 2 * (sum((i % 5) * i for i in range(10)) + 1)


def _run(folder: Path, code: str) -> list[str]:
    """What ``code`` prints in a fresh process with ``folder``'s modules and cache, as words."""
    return run_in(folder, code).split()


def test_the_callee_compiles_at_its_first_call_and_is_found_in_later_processes(tmp_path):
    (tmp_path / "target.py").write_text(TARGET)
    (tmp_path / "outer.py").write_text(OUTER)
    # 1: compiling middle leaves work uncompiled; its first call compiles it
    first = _run(tmp_path, """
        import numpy as np, target
        from numba import types
        target.middle.compile((types.Array(types.int64, 1, "C"), types.int64))
        print(len(target.work.signatures))
        print(2 * target.middle(np.arange(5), 10), len(target.work.signatures))
        """)
    # 2: loads middle, compiles outer (linking the loaded middle); 3: loads outer alone, finds
    # work in the cache (no compile), and the callee's exception reaches the caller
    second = _run(tmp_path, "import numpy as np, outer\nprint(outer.outer(np.arange(5), 10))")
    third = _run(tmp_path, """
        import numpy as np, outer, target
        print(outer.outer(np.arange(5), 10), sum(target.work.stats.cache_misses.values()))
        try:
            outer.outer(np.arange(5), -1)
        except ValueError as e:
            print(str(e).replace(" ", "_"))
        """)
    assert first == ["0", str(EXPECT), "1"]
    assert second == [str(EXPECT)]
    assert third == [str(EXPECT), "0", "negative_n"]


def test_a_child_compiles_the_callee_while_the_caller_compiles(tmp_path):
    (tmp_path / "target.py").write_text(TARGET)
    out = _run(tmp_path, """
        import numpy as np, target
        from sim.jit import ahead as compile_ahead
        from sim.jit import apart
        compile_ahead.os.cpu_count = lambda: 2
        child = compile_ahead.start("target", "warm", target.work)
        waits = []
        apart.wait_before_loading(target.work, lambda: waits.append(compile_ahead.wait(child)))
        print(target.middle(np.arange(5), 10), target.middle(np.arange(5), 3), len(waits),
              child.returncode, sum(target.work.stats.cache_misses.values()))
        """)
    assert out == [str(EXPECT // 2), str(1 + 0 * 0 + 1 * 1 + 2 * 2), "1", "0", "0"]


def test_arguments_other_than_the_declared_ones_are_refused_when_the_caller_compiles(tmp_path):
    (tmp_path / "target.py").write_text(TARGET)
    out = _run(tmp_path, """
        import numpy as np, target
        try:
            target.middle(np.arange(5.0), 10)      # floats, not the declared int64 array
        except Exception as e:
            print("declared" in str(e))
        """)
    assert out == ["True"]


def test_a_callee_that_fails_to_compile_raises_in_the_caller(tmp_path):
    broken = TARGET.replace("s += a[i % a.shape[0]] * i", "s += a[i % a.shape[0]] * undefined")
    (tmp_path / "target.py").write_text(broken)
    out = _run(tmp_path, """
        import numpy as np, target
        try:
            target.middle(np.arange(5), 10)
        except RuntimeError as e:
            print("could_not_be_compiled" in str(e).replace(" ", "_"))
        """)
    assert out == ["True"]


def test_a_ctrl_c_that_ctypes_would_swallow_is_raised_again():
    """A Ctrl-C landing at the very entry of a callback from compiled code (before its ``try``)
    is only reported by ctypes, and the compiled caller goes on; ``sim.jit.apart``'s hook raises
    it again in the main thread instead, and prints nothing."""
    import ctypes
    import time

    import sim.jit.apart  # noqa: F401  (installs the hook)

    def callback(x):
        raise KeyboardInterrupt

    f = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64)(callback)
    with pytest.raises(KeyboardInterrupt):
        f(1)
        for _ in range(400):
            time.sleep(0.005)
