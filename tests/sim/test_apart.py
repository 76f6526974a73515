"""Calls compiled apart (``sim.jit.apart.call_apart``): the callee is not linked into the caller,
and the caller's cached code still finds it in a later process, however the processes compile
and load the chain."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]

ROOT = Path(__file__).resolve().parents[2]

# the callee, under the decorators each test gives it
WORK = '''
def work(a, n):
    if n < 0:
        raise ValueError("negative n")
    s = 0
    for i in range(n):
        s += a[i % a.shape[0]] * i
    return s
'''

TARGET = '''
import numpy as np
from numba import njit

from sim.jit.apart import call_apart


@njit(cache=True)''' + WORK + '''

@njit(cache=True)
def middle(a, n):
    return call_apart(work, (a, n)) + 1
'''

OUTER = '''
from numba import njit

import target


@njit(cache=True)
def outer(a, n):
    return target.middle(a, n) * 2
'''


def _run(folder: Path, code: str) -> str:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder / "cache"),
               PYTHONPATH=os.pathsep.join([str(ROOT), str(folder)]))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.strip()


def test_a_call_apart_is_found_after_every_order_of_compiling_and_loading(tmp_path):
    (tmp_path / "target.py").write_text(TARGET)
    (tmp_path / "outer.py").write_text(OUTER)
    expect = str(2 * (sum((i % 5) * i for i in range(10)) + 1))
    # 1: compiles work and middle; 2: loads middle from the cache and compiles outer, which
    # links the loaded middle; 3: loads outer alone from the cache and must still find work
    first = _run(tmp_path, "import numpy as np, target\n"
                           "print(2 * target.middle(np.arange(5), 10))")
    second = _run(tmp_path, "import numpy as np, outer\nprint(outer.outer(np.arange(5), 10))")
    third = _run(tmp_path, """
        import numpy as np, outer
        print(outer.outer(np.arange(5), 10))
        try:
            outer.outer(np.arange(5), -1)
        except ValueError as e:             # the callee's exception reaches the caller
            print(e)
        """)
    assert first == second == expect
    assert third.splitlines() == [expect, "negative n"]
    cached = sorted(p.name.split("-")[0] for p in (tmp_path / "cache").rglob("*.nbi"))
    assert cached == ["outer.outer", "target.middle", "target.work"]
