"""Charts: what is drawn (titles, axis labels, cells, lines, bands), reproducible files."""

import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from analysis import plots as charts  # noqa: E402
from sim import POSITIONS  # noqa: E402

pytestmark = pytest.mark.compile


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def gain_table() -> pd.DataFrame:
    """Four cells for 'first' (one too close, one with too few deals), one for 'dealer'."""
    rows = [
        ("first", 3, 1, 0.8, 0.7, 0.9, "order", 500),
        ("first", 1, 0, -0.9, -1.0, -0.8, "pass", 800),
        ("first", 2, 2, 0.05, -0.1, 0.2, "too close", 300),
        ("first", 5, 0, 2.0, 1.0, 3.0, "order", 10),  # too few deals: blank
        ("dealer", 4, 0, 1.6, 1.5, 1.7, "order", 900),
    ]
    df = pd.DataFrame(
        rows,
        columns=["position", "trumps", "off_aces", "gain", "gain_low", "gain_high", "verdict",
                 "deals"],
    )  # fmt: skip
    df["alone_march_rate"] = [0.1, 0.0, 0.3, 0.9, 0.7]
    return df


def test_decision_heatmap_cells_and_labels():
    ax = charts.plot_decision_heatmap(gain_table(), "first")
    assert ax.get_title() == "first: EV(order) - EV(pass), points per hand"
    assert ax.get_xlabel() == "off-suit aces held"
    assert ax.get_ylabel() == "trumps held (bowers included)"
    (im,) = ax.images
    grid = im.get_array()
    assert grid.shape == (6, 4)
    assert grid.count() == 3  # three cells with enough deals
    assert grid[3, 1] == 0.8 and grid[1, 0] == -0.9 and np.ma.is_masked(grid[5, 0])
    texts = sorted(t.get_text() for t in ax.texts)
    assert texts == ["+0.05\n?", "+0.80\norder", "-0.90\npass"]
    hatched = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_hatch()]
    assert len(hatched) == 1 and hatched[0].get_xy() == (1.5, 1.5)
    assert im.get_clim() == (-2.0, 2.0)


def test_decision_heatmap_draws_on_a_given_axes_with_other_actions():
    fig, ax = plt.subplots()
    t = gain_table()
    t.loc[t["position"] == "dealer", "verdict"] = "alone"
    out = charts.plot_decision_heatmap(t, "dealer", ax, a="alone", b="partner")
    assert out is ax
    assert [t.get_text() for t in ax.texts] == ["+1.60\nalone"]
    assert "EV(alone) - EV(partner)" in ax.get_title()


def test_rate_heatmap_shows_percentages():
    ax = charts.plot_rate_heatmap(gain_table(), "first", "alone_march_rate")
    (im,) = ax.images
    assert im.get_array().count() == 3
    assert sorted(t.get_text() for t in ax.texts) == ["0%", "10%", "30%"]
    assert ax.get_title() == "first: alone march rate (%)"
    assert im.get_clim() == (0.0, 100.0)


def test_decision_figure_has_one_panel_per_position():
    fig = charts.decision_figure(gain_table())
    assert len(fig.axes) == 4
    assert [a.get_title().split(":")[0] for a in fig.axes] == list(POSITIONS)
    assert "Should you order?" in fig.get_suptitle()
    assert [a.images[0].get_array().count() for a in fig.axes] == [3, 0, 0, 1]


def test_dealer_panels_count_the_upcard():
    fig = charts.decision_figure(gain_table())
    labels = {a.get_title().split(":")[0]: a.get_ylabel() for a in fig.axes}
    assert "upcard" in labels["dealer"] and "upcard" not in labels["first"]
    assert "upcard he picks up" in fig.get_supxlabel()
    alone = charts.decision_figure(gain_table(), "alone", "partner")
    assert alone.get_supxlabel().startswith("Conditional on ordering up")
    march = charts.position_grid(charts.plot_rate_heatmap, gain_table(), "m",
                                 rate="alone_march_rate")  # fmt: skip
    assert "Conditional on ordering up" in march.get_supxlabel()


def class_table() -> pd.DataFrame:
    """By-class rows for 'first': 3 trumps with the right bower and 0 or 1 ace, and one more."""
    rows = [("first", 3, 0, 1, 0, 100, 1.0, 0.1, "order"),
            ("first", 3, 1, 1, 0, 300, 2.0, 0.1, "order"),
            ("first", 2, 0, 0, 1, 400, -0.01, 0.1, "too close")]  # fmt: skip
    df = pd.DataFrame(rows, columns=["position", "trumps", "off_aces", "right_bower",
                                     "left_bower", "deals", "gain", "gain_se", "verdict"])
    df["hand_class"] = "x"
    return df


def test_bower_table_pools_aces_by_deals():
    t = charts.bower_table(class_table())
    r = t[(t["trumps"] == 3) & (t["right_bower"] == 1)].iloc[0]
    assert r["deals"] == 400 and r["gain"] == pytest.approx(1.75)
    half = 1.959963984540054 * np.hypot(100 * 0.1, 300 * 0.1) / 400
    assert r["gain_high"] - r["gain"] == pytest.approx(half) and r["verdict"] == "order"
    assert t[t["trumps"] == 2].iloc[0]["verdict"] == "too close"


def test_bower_figure_columns_name_the_bowers():
    fig = charts.bower_figure(class_table())
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["no bower", "left only",
                                                            "right only", "both"]
    grid = ax.images[0].get_array()
    assert grid[3, 2] == pytest.approx(1.75) and grid[2, 1] == pytest.approx(-0.01)
    assert sorted(t.get_text() for t in ax.texts) == ["+1.75\norder", "-0.01\n?"]
    assert charts.figure_png(charts.bower_figure(class_table()))[:4] == b"\x89PNG"


def points_table() -> pd.DataFrame:
    rows = []
    for p, pos in enumerate(("first", "dealer")):
        for b in range(4):
            rows.append(
                {"position": pos, "round": 1, "points_from": 5 + 0.5 * b,
                 "points_to": 5.5 + 0.5 * b, "decisions": 1000, "made": 200 * b,
                 "success_rate": 0.5 + 0.1 * b, "success_low": 0.45 + 0.1 * b,
                 "success_high": 0.55 + 0.1 * b, "made_rate": 0.2 * b, "made_low": 0.0,
                 "made_high": 0.3, "deals": 300 * b, "gain": -1 + 0.5 * b + p,
                 "gain_low": -1.1 + 0.5 * b + p, "gain_high": -0.9 + 0.5 * b + p}
            )  # fmt: skip
    return pd.DataFrame(rows)


def test_rate_by_points_lines_and_bands():
    ax = charts.plot_rate_by_points(points_table(), "success")
    # bins with fewer than 100 made hands (b = 0) are left out: 3 points per line
    assert len(ax.lines) == 2
    assert [len(line.get_xdata()) for line in ax.lines] == [3, 3]
    # dodged a little along x so that equal lines stay visible
    assert list(ax.lines[0].get_xdata()) == pytest.approx([5.66, 6.16, 6.66])
    assert list(ax.lines[1].get_xdata()) == pytest.approx([5.84, 6.34, 6.84])
    assert list(ax.lines[0].get_ydata()) == pytest.approx([60, 70, 80])
    assert len([c for c in ax.collections if isinstance(c, PolyCollection)]) == 2
    assert ax.get_xlabel() == charts.POINTS_LABEL
    assert "right bower 3.2" in ax.get_xlabel() and "upcard" in ax.get_xlabel()
    assert ax.get_ylabel() == "makers' success when ordered up (%)"
    assert ax.get_title() == "Round 1: makers' success when ordered up by point count"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["first", "dealer"]


def test_rate_by_points_lines_differ_in_style():
    """First and third seat often agree (success_by_points): no line may hide another."""
    t = points_table()
    t = pd.concat([t, t.assign(position=t["position"].replace({"first": "third",
                                                               "dealer": "second"}))])
    ax = charts.plot_rate_by_points(t, "success")
    styles = {(line.get_linestyle(), line.get_marker()) for line in ax.lines}
    xs = {tuple(line.get_xdata()) for line in ax.lines}
    assert len(ax.lines) == 4 and len(styles) == 4 and len(xs) == 4


def test_gain_by_points_leaves_out_sparse_bins_and_says_so():
    ax = charts.plot_gain_by_points(points_table())  # 0 to 900 deals a bin: all under 1,000
    assert len(ax.lines) == 1  # the zero line only
    assert any("under 1,000 deals left out" in t.get_text() for t in ax.texts)
    assert any("both bowers" in t.get_text() for t in ax.texts)


def test_gain_by_points_has_break_even_line():
    ax = charts.plot_gain_by_points(points_table(), min_deals=200)
    assert len(ax.lines) == 3  # two positions and the zero line
    assert list(ax.lines[2].get_ydata()) == [0, 0]
    assert list(ax.lines[1].get_ydata()) == pytest.approx([0.5, 1.0, 1.5])
    assert ax.get_ylabel() == "EV(order) - EV(pass) (points per hand)"
    assert ax.get_title() == "Gain of order over pass by point count"
    assert len(ax.collections) == 2


def test_save_figure_is_reproducible_and_closes(tmp_path):
    paths = []
    for name in ("a", "b"):
        fig = charts.decision_figure(gain_table())
        paths.append(charts.save_figure(fig, tmp_path / name))
        assert not plt.fignum_exists(fig.number)
    (a_png, a_svg), (b_png, b_svg) = paths
    assert a_png.suffix == ".png" and a_svg.suffix == ".svg"
    assert a_png.read_bytes() == b_png.read_bytes()
    assert a_svg.read_bytes() == b_svg.read_bytes()
    assert b"<dc:date>" not in a_svg.read_bytes()
    assert b"Software" not in a_png.read_bytes()


def test_style_lives_in_one_place(tmp_path):
    # no module but the theme sets matplotlib's style
    root = Path(__file__).resolve().parents[2]
    theme = root / "analysis" / "plots" / "theme.py"
    setters = re.compile(r"rcParams\[|rc_context|\.style\.use|mpl\.rc\(|matplotlib\.rc\(")
    sources = [p for d in ("analysis", "scripts") for p in sorted((root / d).rglob("*.py"))]
    bad = [str(p.relative_to(root)) for p in sources
           if p != theme and setters.search(p.read_text())]
    assert not bad, bad
    # and the saved files carry it: text kept as text in the SVG, the pinned dpi in the PNG
    fig, ax = plt.subplots(figsize=(2, 1))
    ax.set_title("march")
    png, svg = charts.save_figure(fig, tmp_path / "styled")
    assert "march</text>" in svg.read_text()
    from PIL import Image

    assert Image.open(png).size == (2 * charts.STYLE["savefig.dpi"], charts.STYLE["savefig.dpi"])
