"""Numba's private names, behind one door (``sim.jit.numba_private``): one canary per name, so a
Numba upgrade that moves one fails a test naming it; no other module names one; the tested
range is the one ``pyproject.toml`` allows; and a name hidden away switches a time-only patch
off with one warning, keeps the cache correct, or stops a call that needs it with an error
naming the Numba version and the name."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import numba
import pytest
from numba import njit

from sim.jit import numba_private
from sim.jit.numba_private import CHECKS, NUMBA, TESTED

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(CHECKS), ids=str)
def test_numba_has_the_private_name_as_used(name):
    why = numba_private.missing(name)
    assert why is None, f"Numba {NUMBA} moved {name} ({CHECKS[name][0]}): {why}"


def test_every_name_has_a_class_and_a_purpose():
    assert {kind for kind, _, _ in CHECKS.values()} == {numba_private.TIME_ONLY,
                                                        numba_private.NEEDED}
    assert all(purpose for _, purpose, _ in CHECKS.values())
    groups = (numba_private.CALLS_APART, numba_private.NATIVE_CALLS, numba_private.ADDRESSES,
              numba_private.LOCATOR, numba_private.MEMO)
    assert not [n for g in groups for n in g if n not in CHECKS]


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:2])


def test_the_tested_range_is_the_one_the_package_allows():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    numba_spec = [d for d in project["dependencies"] if re.match(r"numba\b", d)]
    assert numba_spec == [f"numba{TESTED}"]
    low, high = (_version(part) for part in TESTED.split(","))
    assert TESTED.startswith(">=") and ",<" in TESTED
    assert low <= _version(numba.__version__) < high, (
        f"Numba {numba.__version__} is outside the tested range {TESTED}")


# the private names, and the modules of Numba that hold them, that only the door may name
PRIVATE_ATTRIBUTES = {
    "_compile_for_args", "_DispatcherBase", "InlineWorker", "inline_function",
    "run_untyped_passes", "inline_ir", "save_overload", "_cache_file", "_load_index",
    "_CacheLocator", "CacheImpl", "_locator_classes", "_rebuild", "_reload_init", "call_conv",
    "active_code_library", "overloads", "fndesc", "llvm_func_name", "get_pointer_to_function",
}
PRIVATE_MODULES = ("numba.core.caching", "numba.core.dispatcher", "numba.core.compiler",
                   "numba.core.inline_closurecall", "numba.core.callconv", "numba.core.codegen",
                   "numba.core.base", "numba.core.cpu", "numba.core.options",
                   "numba.core.funcdesc", "numba.core.registry", "numba.cpython.unsafe")


def _private_uses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE_ATTRIBUTES:
            found.append(f"{node.lineno}: .{node.attr}")
        modules = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                   [f"{node.module}.{a.name}" for a in node.names]
                   if isinstance(node, ast.ImportFrom) and node.module else [])
        found += [f"{node.lineno}: import {m}" for m in modules
                  if m.startswith(PRIVATE_MODULES)]
    return found


def test_no_module_but_the_door_names_a_private_numba_name():
    door = ROOT / "sim" / "jit" / "numba_private.py"
    bad = [f"{p.relative_to(ROOT)}:{use}" for d in ("sim", "analysis", "scripts")
           for p in sorted((ROOT / d).rglob("*.py")) if p != door for use in _private_uses(p)]
    assert not bad, "\n".join(bad)


def _python(tmp_path: Path, code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("EUCHRE_SIM_RUN_CACHE", None)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "NumbaPrivateWarning" in line]


@pytest.mark.subprocess
def test_a_time_only_patch_whose_name_moved_switches_off_with_one_warning(tmp_path):
    # Numba's compile-on-first-call moves from _DispatcherBase to Dispatcher: the roomy frame is
    # off, and everything else works (a function of sim compiles and runs)
    out = _python(tmp_path, """
        from numba.core import dispatcher
        entry = dispatcher._DispatcherBase.__dict__["_compile_for_args"]
        dispatcher.Dispatcher._compile_for_args = entry
        del dispatcher._DispatcherBase._compile_for_args
        import sim
        from sim import bits, rng
        print(rng.hand_key(1, 2, 3) == rng.hand_key(1, 2, 3), bits.popcount(7) == 3)
        from sim.jit import compiling
        print(compiling.SourceKeyedLocator is not None)
        """)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True", "True", "True"]
    [line] = _warnings(out.stderr)
    assert f"Numba {NUMBA}" in line and "_DispatcherBase._compile_for_args" in line
    assert "roomy frame" in line and "switched off" in line


@pytest.mark.subprocess
def test_without_numbas_cache_locators_the_cache_lasts_one_run(tmp_path):
    out = _python(tmp_path, """
        import os
        from numba.core import caching
        caching.CacheImpl._locator_classes = tuple(caching.CacheImpl._locator_classes)
        from sim import rng
        from sim.jit import compiling
        print(compiling.SourceKeyedLocator, rng.hand_key(1, 2, 3) > 0)
        folder = os.environ["NUMBA_CACHE_DIR"]
        print(folder, any(f.endswith(".nbi") for _, _, fs in os.walk(folder) for f in fs))
        """)
    assert out.returncode == 0, out.stderr[-2000:]
    locator, ran, folder, cached = out.stdout.split()
    assert (locator, ran, cached) == ("None", "True", "True")
    assert folder != str(tmp_path / "cache") and not Path(folder).exists()    # removed at exit
    [line] = _warnings(out.stderr)
    assert f"Numba {NUMBA}" in line and "CacheImpl._locator_classes" in line


@njit
def callee(n):
    return n + 1


def test_a_correctness_name_missing_stops_the_call_that_needs_it(monkeypatch):
    from numba.core.compiler import CompileResult

    from sim.jit.apart import call_apart

    monkeypatch.delattr(CompileResult, "_rebuild")
    monkeypatch.setattr(numba_private, "_verified", set())

    @njit
    def caller(n):
        return call_apart(callee, (n,))

    with pytest.raises(numba_private.NumbaPrivateError) as e:
        caller(2)
    assert f"Numba {NUMBA} has no CompileResult._rebuild" in str(e.value)
    assert "call_apart needs it" in str(e.value) and TESTED in str(e.value)


@pytest.mark.subprocess
def test_a_correctness_name_missing_does_not_stop_the_import(tmp_path):
    out = _python(tmp_path, """
        from numba.core import compiler
        del compiler.CompileResult._rebuild
        import analysis.cli, sim.jit.apart, sim.players.hook_calls
        from sim.jit import numba_private
        print(numba_private.missing("CompileResult._rebuild") is not None)
        """)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True"] and not _warnings(out.stderr)
