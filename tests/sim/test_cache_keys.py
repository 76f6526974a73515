"""The compile cache cannot go stale: an edit to a helper that another module inlines is seen
by the next process, with no cache cleared (``sim.jit.compiling.SourceKeyedLocator``)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]

ROOT = Path(__file__).resolve().parents[2]

PROBE = '''
from numba import njit

from sim.scoring import hand_points


@njit(cache=True)
def probe():
    return hand_points(1, 0, 0, -1, 5, 4)
'''


def _run(copy: Path, cache: Path) -> str:
    code = "from sim.probe import probe; print(probe())"
    env = {**os.environ, "PYTHONPATH": str(copy), "NUMBA_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=copy, check=True)
    return out.stdout.strip()


def test_an_edited_inlined_helper_is_seen_without_clearing_the_cache(tmp_path):
    copy = tmp_path / "pkg"
    shutil.copytree(ROOT / "sim", copy / "sim", ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "sim" / "probe.py").write_text(PROBE)
    cache = tmp_path / "cache"
    assert _run(copy, cache) == "(2, 0)"              # a march: 2 points
    assert any(cache.rglob("*.nbi"))                  # cached
    scoring = copy / "sim" / "scoring.py"
    text = scoring.read_text()
    assert "pts = 4 if alone else 2" in text
    scoring.write_text(text.replace("pts = 4 if alone else 2", "pts = 4 if alone else 3"))
    assert _run(copy, cache) == "(3, 0)"              # the edit is seen: probe.py unchanged
