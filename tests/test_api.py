"""The Python API: the "From Python" example (docs/python-api.md, linked from the README) runs
at small sizes and returns DataFrames; every analysis that ``analysis`` exports is a documented
function."""

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
    assert sim.replay is sim.referee.replay_record
