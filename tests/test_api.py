"""The Python API: the "From Python" example (docs/python-api.md, linked from the README) runs
at small sizes and returns DataFrames; every analysis that ``analysis`` exports is a documented
function; every export's public name is the name its module defines (renamed ones keep their old
name a release as a deprecated alias)."""

import importlib
import inspect
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import analysis  # noqa: E402
import sim  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_PAGE = "docs/python-api.md"
FRAMES = ("summary", "positions", "game_stats", "win_p", "gain", "by_points", "stick", "match",
          "advice")


def readme_example() -> str:
    """The first Python block of the page the README's "From Python" section points to."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## From Python"):]
    assert f"]({EXAMPLE_PAGE})" in section.split("\n## ")[0]
    text = (ROOT / EXAMPLE_PAGE).read_text()
    return re.search(r"```python\n(.*?)```", text, re.S).group(1)


@pytest.mark.slow
@pytest.mark.compile
def test_readme_example_returns_dataframes():
    code = readme_example()
    # every size in the example (200_000, 2_000, ...) becomes 1_000, to keep the test quick
    small = re.sub(r"\b\d+_000\b", "1_000", code)
    assert small != code
    names = {}
    try:
        exec(compile(small, EXAMPLE_PAGE, "exec"), names)
    finally:
        plt.close("all")
    for name in FRAMES:
        assert isinstance(names[name], pd.DataFrame), name
        assert len(names[name]) > 0, name
    assert isinstance(names["run"], sim.RunResult)
    assert isinstance(names["games"], sim.GameRunResult)
    assert names["ax"].get_xlabel() or names["ax"].get_title()
    assert len(names["points"]) == 2


@pytest.mark.compile
def test_analysis_exports_are_documented_dataframe_functions():
    for name in analysis.__all__:
        obj = getattr(analysis, name)
        if inspect.isclass(obj):
            continue
        assert callable(obj) and obj.__doc__, name
        if name.startswith("plot_"):
            assert {"ax", "axes"} & set(inspect.signature(obj).parameters), name
        elif name != "rule_comparison":
            assert "DataFrame" in obj.__doc__, name


@pytest.mark.subprocess
def test_sim_exports_load_lazily():
    import subprocess
    import sys

    # importing sim loads none of the engine: no numba, no kernel
    code = "import sys, sim; print('numba' in sys.modules, 'sim.kernel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
    # each public name is the object its home module defines
    for name, (module, attr) in sim._EXPORTS.items():
        assert getattr(sim, name) is getattr(importlib.import_module(module), attr), name
    assert set(sim.__all__) == {"__version__", *sim._EXPORTS}
    assert sim.replay_record is sim.referee.replay_record


@pytest.mark.compile
@pytest.mark.parametrize("package", ["sim", "sim.solver", "analysis"])
def test_each_public_name_is_the_name_its_module_defines(package):
    """A lazy export is the object its module defines under the same name; a renamed one keeps
    its old name for one release as a deprecated alias (``_DEPRECATED``), which warns with the new
    name and is offered neither in ``__all__`` nor in ``dir()``."""
    m = importlib.import_module(package)
    renamed = {name: f"{module}.{attr}" for name, (module, attr) in m._EXPORTS.items()
               if name != attr}
    assert not renamed, f"{package} exports these under other names than their own: {renamed}"
    for name, (module, attr) in m._EXPORTS.items():
        assert getattr(m, name) is getattr(importlib.import_module(module), attr), name
    for old, new in getattr(m, "_DEPRECATED", {}).items():
        assert new in m._EXPORTS and old not in m._EXPORTS, old
        assert old not in m.__all__ and old not in dir(m), old
        with pytest.warns(DeprecationWarning, match=rf"{package}\.{old} is deprecated: use "
                                                    rf"{package}\.{new}$"):
            assert getattr(m, old) is getattr(m, new)
