"""Charts of the order-up study (``analysis.orderup``): decision heat maps by trumps and
off-suit aces or bowers, and rates and gains by point count, one panel or line per position.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.patches import Rectangle

from analysis.features import POINT_BIN
from analysis.orderup.tallies import TOO_CLOSE, verdicts
from analysis.plots.theme import axes_or_new, colour_map, style
from sim import POSITIONS
from sim.intervals import Z95

POSITION_COLOURS = dict(zip(POSITIONS, ("#1b9e77", "#d95f02", "#7570b3", "#e7298a"), strict=True))
GAIN_CMAP = "RdBu"  # blue: the first action pays; red: it loses
RATE_CMAP = "Greens"
MIN_DEALS = 30  # cells with fewer deals are left blank
TRUMP_ROWS = 6  # 0-5 trumps
ACE_COLS = 4  # 0-3 off-suit aces
MIN_POINT_DEALS = 1000  # point-count bins with fewer paired deals are left out of gain curves
#: why a gain curve levels off at the top of the point scale, by the first action
TOP_NOTES = {"order": "the top bins hold mostly 4-5 trump hands\nwith both bowers, where passing "
                      "scores well too (another player often orders the suit)"}
#: how the point count is made, for axis labels
POINTS_LABEL = ("point count: right bower 3.2, left 2.8, trump A K Q T 9 2.4-1.6, off-suit A 1.3,"
                "\nK 0.3, 0.6 a void with 2+ trumps (basic strategy's values; dealer: upcard in)")
#: position, line style and marker: no line hides another where two positions agree
POSITION_LINES = dict(zip(POSITIONS, (("-", "o"), ("--", "s"), (":", "^"), ("-.", "D")),
                          strict=True))  # fmt: skip
POSITION_DODGE = dict(zip(POSITIONS, (-0.09, -0.03, 0.03, 0.09), strict=True))
BOWER_COLS = ((0, 0, "no bower"), (0, 1, "left only"), (1, 0, "right only"), (1, 1, "both"))
CONDITIONAL_ALONE = ("Conditional on ordering up: every deal is played twice with the player "
                     "ordering, once alone and once with partner.")
TRUMPS_NOTE = ("Trumps count the upcard's suit as trump, bowers included; the dealer's count "
               "includes the upcard he picks up.")


def trumps_label(position: str) -> str:
    """The trumps axis label of a position's panel (the dealer's count includes the upcard)."""
    if position == "dealer":
        return "trumps held after picking up\n(the upcard included)"
    return "trumps held (bowers included)"


def _grid(table: pd.DataFrame, position: str, value: str, min_deals: int, count: str):
    """``[trumps, off-suit aces]`` arrays of ``value`` (NaN where too few deals) and the rows."""
    t = table[table["position"] == position]
    grid = np.full((TRUMP_ROWS, ACE_COLS), np.nan)
    cells: dict[tuple[int, int], pd.Series] = {}
    for _, row in t.iterrows():
        i, j = int(row["trumps"]), int(row["off_aces"])
        if row[count] >= min_deals and np.isfinite(row[value]):
            grid[i, j] = row[value]
            cells[(i, j)] = row
    return grid, cells


def plot_decision_heatmap(
    table: pd.DataFrame,
    position: str,
    ax=None,
    *,
    a: str = "order",
    b: str = "pass",
    vmax: float = 2.0,
    min_deals: int = MIN_DEALS,
    title: str | None = None,
):
    """EV gain of action ``a`` over ``b`` by trumps (rows) and off-suit aces (columns).

    ``table``: ``analysis.orderup.counterfactual_table(..., by="trumps_aces")``.  Each cell is
    coloured by the gain (points per hand for the deciding team) and labelled with it and the
    verdict: ``a`` (95% interval above 0: it pays), ``b`` (below 0: it loses) or ``?`` (the
    interval straddles 0, too close to call; the cell is also hatched).  Cells with fewer than
    ``min_deals`` deals stay blank.
    """
    with style():
        ax = axes_or_new(ax)
        grid, cells = _grid(table, position, "gain", min_deals, "deals")
        ax.imshow(
            np.ma.masked_invalid(grid), cmap=colour_map(GAIN_CMAP), vmin=-vmax, vmax=vmax,
            origin="lower", aspect="auto",
        )  # fmt: skip
        for (i, j), row in sorted(cells.items()):
            verdict = row["verdict"]
            label = {a: a, b: b}.get(verdict, "?")
            dark = abs(row["gain"]) > 0.6 * vmax
            ax.text(
                j, i, f"{row['gain']:+.2f}\n{label}", ha="center", va="center", fontsize=7,
                color="white" if dark else "black",
            )  # fmt: skip
            if verdict == TOO_CLOSE:
                ax.add_patch(
                    Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///", lw=0,
                              edgecolor="#555555")
                )  # fmt: skip
        ax.set_xticks(range(ACE_COLS))
        ax.set_yticks(range(TRUMP_ROWS))
        ax.set_xlabel("off-suit aces held")
        ax.set_ylabel(trumps_label(position))
        ax.set_title(title or f"{position}: EV({a}) - EV({b}), points per hand")
    return ax


def plot_rate_heatmap(
    table: pd.DataFrame,
    position: str,
    rate: str,
    ax=None,
    *,
    count: str = "deals",
    min_deals: int = MIN_DEALS,
    title: str | None = None,
):
    """A rate (e.g. ``alone_march_rate``) by trumps (rows) and off-suit aces (columns), in %.

    ``table`` is grouped ``by="trumps_aces"``; cells with fewer than ``min_deals`` in ``count``
    stay blank.
    """
    with style():
        ax = axes_or_new(ax)
        grid, cells = _grid(table, position, rate, min_deals, count)
        ax.imshow(
            np.ma.masked_invalid(grid * 100), cmap=colour_map(RATE_CMAP), vmin=0, vmax=100,
            origin="lower", aspect="auto",
        )  # fmt: skip
        for (i, j), row in sorted(cells.items()):
            ax.text(
                j, i, f"{100 * row[rate]:.0f}%", ha="center", va="center", fontsize=7,
                color="white" if row[rate] > 0.6 else "black",
            )  # fmt: skip
        ax.set_xticks(range(ACE_COLS))
        ax.set_yticks(range(TRUMP_ROWS))
        ax.set_xlabel("off-suit aces held")
        ax.set_ylabel(trumps_label(position))
        ax.set_title(title or f"{position}: {rate.replace('_', ' ')} (%)")
    return ax


def _position_line(ax, pos: str, x, y, low, high) -> None:
    """One position's line (its own style and marker, dodged a little along x so that two
    positions with the same values stay visible) and its 95% band."""
    colour = POSITION_COLOURS[pos]
    ls, marker = POSITION_LINES[pos]
    x = np.asarray(x, dtype=float) + POSITION_DODGE[pos]
    ax.plot(x, y, ls=ls, marker=marker, ms=3.5, lw=1.4, color=colour, label=pos,
            markerfacecolor="white" if ls != "-" else colour)  # fmt: skip
    ax.fill_between(x, low, high, color=colour, alpha=0.15, lw=0)


def plot_rate_by_points(
    table: pd.DataFrame,
    stat: str = "success",
    ax=None,
    *,
    round_: int = 1,
    count: str = "made",
    min_count: int = 100,
    title: str | None = None,
):
    """Observed rate against point count, one line per position, with 95% Wilson bands.

    ``table``: ``analysis.orderup.observed_rates(..., by="points")``; ``stat`` one of ``made``
    (share of decisions that ordered/called), ``success``, ``march``, ``euchred``, ``alone``.
    Bins with fewer than ``min_count`` in ``count`` are left out.  Each position has its own
    line style and marker and is dodged a little along x, so no line hides another.
    """
    with style():
        ax = axes_or_new(ax, (6.0, 4.0))
        t = table[table["round"] == round_]
        for pos in POSITIONS:
            s = t[(t["position"] == pos) & (t[count] >= min_count)]
            if s.empty:
                continue
            _position_line(ax, pos, s["points_from"].to_numpy(dtype=float) + POINT_BIN / 2,
                           100 * s[f"{stat}_rate"], 100 * s[f"{stat}_low"],
                           100 * s[f"{stat}_high"])  # fmt: skip
        ax.set_ylim(0, 100)
        ax.set_xlabel(POINTS_LABEL)
        word = "ordered up" if round_ == 1 else "called"
        what = {"made": f"decisions {word}", "success": f"makers' success when {word}"}
        ax.set_ylabel(f"{what.get(stat, stat)} (%)")
        ax.set_title(title or f"Round {round_}: {what.get(stat, stat)} by point count")
        ax.legend(title="position", loc="best")
    return ax


def plot_gain_by_points(
    table: pd.DataFrame,
    ax=None,
    *,
    a: str = "order",
    b: str = "pass",
    min_deals: int = MIN_POINT_DEALS,
    title: str | None = None,
):
    """Paired EV gain of ``a`` over ``b`` against point count, one line per position, with 95%
    bands and the break-even line.  ``table``: ``counterfactual_table(..., by="points")``.

    Bins with fewer than ``min_deals`` deals are left out, and the chart says so.  The top of
    the scale holds few deals, mostly 4-5 trump hands with both bowers, for which passing
    scores well too (first seat: EV(pass) 1.4-1.5 points against about 0 for the same trumps
    without the left bower), so the gain levels off there; sparse bins made it look as if the
    curves turned down.
    """
    with style():
        ax = axes_or_new(ax, (6.0, 4.0))
        for pos in POSITIONS:
            s = table[(table["position"] == pos) & (table["deals"] >= min_deals)]
            if s.empty:
                continue
            _position_line(ax, pos, s["points_from"].to_numpy(dtype=float) + POINT_BIN / 2,
                           s["gain"], s["gain_low"], s["gain_high"])  # fmt: skip
        ax.axhline(0, color="black", lw=0.8)
        ax.set_xlabel(POINTS_LABEL)
        ax.set_ylabel(f"EV({a}) - EV({b}) (points per hand)")
        ax.set_title(title or f"Gain of {a} over {b} by point count")
        note = f"bins with under {min_deals:,} deals left out; " + TOP_NOTES.get(
            a, "few deals fall at the top of the scale")
        ax.text(0.01, 0.99, note, transform=ax.transAxes, ha="left", va="top", fontsize=7,
                color="#444444")
        if ax.get_legend_handles_labels()[0]:   # a tiny run can leave every bin empty
            ax.legend(title="position", loc="lower right")
    return ax


def figure_note(a: str | None = None, rate: str | None = None) -> str:
    """The footnote of a four-position figure: how trumps are counted and, for going alone,
    that the comparison is conditional on ordering up."""
    alone = a == "alone" or (rate or "").startswith("alone")
    return (CONDITIONAL_ALONE + "\n" if alone else "") + TRUMPS_NOTE


def position_grid(plot, table: pd.DataFrame, suptitle: str, *, note: str | None = None,
                  **kwargs):
    """A 2 x 2 figure with ``plot(table, position, ax=..., **kwargs)`` for each position and a
    footnote (``note``; default ``figure_note``) under the panels."""
    with style():
        fig, axes = plt.subplots(2, 2, figsize=(9.0, 7.8))
        for ax, pos in zip(axes.ravel(), POSITIONS, strict=True):
            plot(table, pos, ax=ax, **kwargs)
        fig.suptitle(suptitle)
        text = note if note is not None else figure_note(kwargs.get("a"), kwargs.get("rate"))
        fig.supxlabel(text, fontsize=8, color="#333333")
    return fig


def _titled(title: str, who: str | None) -> str:
    """``title``, with who played under which rules on a second line where given."""
    return f"{title}\n{who}" if who else title


def decision_figure(table: pd.DataFrame, a: str = "order", b: str = "pass", suptitle=None,
                    who: str | None = None):
    """Decision heat maps for the four positions (``by="trumps_aces"`` table); ``who``
    (the players and rules, ``equilibrium players ...; published rules``) goes under the
    title."""
    title = (
        suptitle or f"Should you {a}? EV({a}) - EV({b}) in round 1 (blue pays; hatched: too close)"
    )
    return position_grid(plot_decision_heatmap, table, _titled(title, who), a=a, b=b)


def bower_table(class_table: pd.DataFrame, a: str = "order", b: str = "pass") -> pd.DataFrame:
    """A ``by="class"`` counterfactual table pooled over off-suit aces: one row per position,
    trumps and bowers held (``right_bower``, ``left_bower``), with the deals, the gain as the
    deal-weighted mean of the classes' gains, its 95% interval from their standard errors, and a
    verdict: ``a`` (the interval is above 0), ``b`` (below) or ``TOO_CLOSE``."""
    t = class_table.copy()
    t["w_gain"] = t["gain"] * t["deals"]
    t["w_var"] = (t["gain_se"] * t["deals"]) ** 2
    g = t.groupby(["position", "trumps", "right_bower", "left_bower"], sort=False)
    out = g[["deals", "w_gain", "w_var"]].sum().reset_index()
    out["gain"] = out["w_gain"] / out["deals"]
    half = Z95 * np.sqrt(out["w_var"]) / out["deals"]
    out["gain_low"], out["gain_high"] = out["gain"] - half, out["gain"] + half
    out["verdict"] = verdicts(out["gain_low"], out["gain_high"], a, b)
    return out.drop(columns=["w_gain", "w_var"])


def plot_bower_heatmap(table: pd.DataFrame, position: str, ax=None, *, a: str = "order",
                       b: str = "pass", vmax: float = 2.0, min_deals: int = MIN_DEALS):
    """EV gain of ``a`` over ``b`` by trumps (rows) and bowers held (columns: none, left only,
    right only, both), off-suit aces pooled; ``table``: ``bower_table``.  Labels as in
    ``plot_decision_heatmap``."""
    with style():
        ax = axes_or_new(ax)
        t = table[table["position"] == position]
        grid = np.full((TRUMP_ROWS, len(BOWER_COLS)), np.nan)
        for _, row in t.iterrows():
            j = [k for k, (r, left, _) in enumerate(BOWER_COLS)
                 if (r, left) == (row["right_bower"], row["left_bower"])][0]  # fmt: skip
            i = int(row["trumps"])
            if row["deals"] < min_deals:
                continue
            grid[i, j] = row["gain"]
            label = {a: a, b: b}.get(row["verdict"], "?")
            ax.text(j, i, f"{row['gain']:+.2f}\n{label}", ha="center", va="center", fontsize=7,
                    color="white" if abs(row["gain"]) > 0.6 * vmax else "black")  # fmt: skip
            if row["verdict"] == TOO_CLOSE:
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///", lw=0,
                                       edgecolor="#555555"))  # fmt: skip
        ax.imshow(np.ma.masked_invalid(grid), cmap=colour_map(GAIN_CMAP), vmin=-vmax, vmax=vmax,
                  origin="lower", aspect="auto")  # fmt: skip
        ax.set_xticks(range(len(BOWER_COLS)), [c[2] for c in BOWER_COLS])
        ax.set_yticks(range(TRUMP_ROWS))
        ax.set_xlabel("bowers held (off-suit aces pooled)")
        ax.set_ylabel(trumps_label(position))
        ax.set_title(f"{position}: EV({a}) - EV({b}), points per hand")
    return ax


def bower_figure(class_table: pd.DataFrame, a: str = "order", b: str = "pass",
                 who: str | None = None):
    """Bower heat maps for the four positions from a ``by="class"`` counterfactual table
    (``who`` as in ``decision_figure``)."""
    title = (f"Which trumps? EV({a}) - EV({b}) in round 1 by trumps and bowers "
             "(blue pays; hatched: too close)")  # fmt: skip
    return position_grid(plot_bower_heatmap, bower_table(class_table, a, b),
                         _titled(title, who), a=a, b=b)  # fmt: skip


__all__ = [
    "plot_decision_heatmap", "plot_rate_heatmap", "plot_rate_by_points", "plot_gain_by_points",
    "position_grid", "decision_figure", "trumps_label", "figure_note", "bower_table",
    "plot_bower_heatmap", "bower_figure", "POINTS_LABEL", "MIN_POINT_DEALS",
]  # fmt: skip
