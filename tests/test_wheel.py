"""A wheel built from this checkout plays outside it: installed in a new virtual environment and
run from a folder outside the repository, ``euchre-sim`` plays and advises with the
``equilibrium`` strategy, whose tables are package data (``sim/players/tables/``), and ``sim``
is imported from the environment, not from the checkout.

The environment sees the test environment's packages (numpy, numba and the rest, nothing
downloaded) however that environment was made, a virtual environment or the system's Python:
a ``.pth`` file in the new environment names the test environment's site-packages folders as
plain paths, so their own ``.pth`` files (an editable install of the checkout among them) are
not run.  The wheel is installed with ``--ignore-installed`` so that it, not an install of the
checkout the test environment may have, is the one imported.  Its commands run with no
``PYTHONPATH`` and their own Numba and kernel caches, so they compile cold (about 15-30 s of the
test's time).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]

ROOT = Path(__file__).resolve().parent.parent
# what the wheel is built from (copied, so the build leaves nothing in the checkout)
SOURCES = ("pyproject.toml", "README.md", "sim", "analysis")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc", "*.egg-info")


def _version(dist: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in importlib.metadata.version(dist).split(".")[:2])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return (0,)


def can_build_here() -> bool:
    """Whether this environment has pyproject.toml's build requirements (setuptools 68 or later,
    and ``bdist_wheel``: the ``wheel`` package, or setuptools 70.1 or later)."""
    setuptools = _version("setuptools")
    return setuptools >= (68,) and (setuptools >= (70, 1)
                                    or importlib.util.find_spec("wheel") is not None)


def build_wheel(tmp: Path) -> Path:
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=JUNK)
        else:
            shutil.copy2(path, src / name)
    # without build isolation where the environment can build (nothing downloaded); else pip
    # builds in an isolated environment with the build requirements from its index or cache
    isolation = [] if not can_build_here() else ["--no-build-isolation"]
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation,
                           "--quiet", "-w", str(tmp / "dist"), str(src)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = (tmp / "dist").glob("euchre_sim-*.whl")
    return wheel


def clean_env(tmp: Path) -> dict:
    """This process's environment without what would point Python at the checkout, with caches
    of the test's own."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV",
                        "NUMBA_CACHE_DIR", "EUCHRE_SIM_CACHE")}
    return {**env, "NUMBA_CACHE_DIR": str(tmp / "numba-cache"),
            "EUCHRE_SIM_CACHE": str(tmp / "kernel-cache"), "MPLBACKEND": "Agg",
            "MPLCONFIGDIR": str(tmp / "matplotlib")}


def package_folders() -> list[str]:
    """The folders this environment imports installed packages from (its site-packages, the
    base Python's where it sees them, the user's), none of them in the checkout."""
    import site

    folders = [*site.getsitepackages(), *([site.getusersitepackages()]
                                         if site.ENABLE_USER_SITE else [])]
    folders += [p for p in sys.path if Path(p).name in ("site-packages", "dist-packages")]
    seen = []
    for f in folders:
        if f not in seen and Path(f).is_dir() and not Path(f).resolve().is_relative_to(ROOT):
            seen.append(f)
    return seen


def new_environment(venv: Path) -> Path:
    """A virtual environment (no system site-packages, no pip of its own) that imports this
    environment's packages after its own: its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"], check=True,
                             capture_output=True, text=True, timeout=60).stdout.strip()
    Path(purelib, "test-environment.pth").write_text("\n".join(package_folders()) + "\n")
    return python


def test_the_new_environment_imports_the_test_environments_packages(tmp_path):
    """The root of the wheel test's one failure mode: numba (and numpy) importable in the new
    environment, from this environment's folders, whatever made this one."""
    python = new_environment(tmp_path / "venv")
    done = subprocess.run([str(python), "-c", "import sys, numba, numpy, click; "
                           "print(sys.prefix); print(numba.__file__)"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=clean_env(tmp_path))
    assert done.returncode == 0, done.stderr
    prefix, numba = map(Path, done.stdout.split())
    assert prefix == tmp_path / "venv", done.stdout
    assert any(numba.is_relative_to(f) for f in package_folders()), done.stdout


def test_a_wheel_plays_the_equilibrium_outside_the_repository(tmp_path):
    wheel = build_wheel(tmp_path)
    venv = tmp_path / "venv"
    env = clean_env(tmp_path)
    # the test environment's pip installs into the new environment (its python is the venv's)
    python, command = new_environment(venv), venv / "bin" / "euchre-sim"
    done = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index",
                           "--ignore-installed", "--force-reinstall", "--quiet", str(wheel)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def run(*args):
        done = subprocess.run([str(a) for a in args], cwd=elsewhere, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    where = run(python, "-c", "import sim, analysis, sim.players.equilibrium_table as t; "
                "print(sim.__file__); print(analysis.__file__); print(t.TABLES)").split()
    for path in map(Path, where):
        assert path.is_relative_to(venv) and not path.is_relative_to(ROOT), where
    assert {p.name for p in Path(where[2]).iterdir()} >= {"published.npz",
                                                          "stick-the-dealer.npz"}
    out = run(command, "simulate", "--strategy", "equilibrium", "--hands", 10_000, "--json",
              "--silent")
    report = json.loads(out)
    assert report["hands"] == 10_000 and report["strategies"]["seats"] == ["equilibrium"] * 4
    out = run(command, "advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first",
              "--strategy", "equilibrium", "--deals", 200, "--silent")
    assert "strategy equilibrium, published rules; 200 deals" in out, out
    assert all(option in out for option in ("pass", "order up", "order up alone")), out
    # the web application's pages and scripts are package data: served from the installed
    # package, nothing from the checkout or the network
    names = set(zipfile.ZipFile(wheel).namelist())
    static = {f"analysis/web/static/{p}.{x}" for p in ("advise", "chart", "review", "play", "docs")
              for x in ("html", "js")} | {"analysis/web/static/style.css",
                                          "analysis/web/static/common.js",
                                          "analysis/web/static/board.js"}
    assert static <= names, sorted(static - names)
    if importlib.util.find_spec("fastapi") and importlib.util.find_spec("httpx"):
        out = run(python, "-c", "from fastapi.testclient import TestClient; "
                  "from analysis.web.app import create_app, STATIC; print(STATIC); "
                  "c = TestClient(create_app(prepare=False)); "
                  "print(c.get('/advise').status_code, c.get('/static/board.js').status_code)")
        static_dir, codes = out.splitlines()[0], out.splitlines()[-1]
        assert Path(static_dir).is_relative_to(venv) and codes == "200 200", out
