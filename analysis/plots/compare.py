"""Charts of the rule comparison (``analysis.compare``): A and B side by side, the differences
B - A with paired and unpaired intervals, the makers' euchre rates, and win probability by
score.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.patches import Rectangle

from analysis.compare.comparison import RuleComparison
from analysis.compare.differences import HAND_STATS, win_probability_difference
from analysis.compare.verdicts import rules_label
from analysis.plots.theme import BAR_COLOURS, axes_or_new, colour_map, style


def plot_side_by_side(table: pd.DataFrame, stats: list[str], ax=None, *, title: str,
                      labels=("A", "B")):  # fmt: skip
    """Bars for A and B side by side per statistic with 95% whiskers (rows of one unit)."""
    with style():
        ax = axes_or_new(ax, (6.0, 4.0))
        t = table.set_index("statistic").loc[stats]
        unit = t["unit"].iloc[0]
        scale = 100.0 if unit == "share" else 1.0
        x = np.arange(len(stats))
        for k, (side, colour) in enumerate(zip(("a", "b"), BAR_COLOURS, strict=True)):
            v = t[side].to_numpy() * scale
            err = np.vstack([v - t[f"{side}_low"] * scale, t[f"{side}_high"] * scale - v])
            ax.bar(x + (k - 0.5) * 0.38, v, 0.38, yerr=err, capsize=3, color=colour,
                   label=labels[k], error_kw={"lw": 1})  # fmt: skip
        ax.set_xticks(x)
        ax.set_xticklabels([s.replace(" (", "\n(").replace("'s ", "'s\n", 1) for s in stats],
                           fontsize=7)  # fmt: skip
        ax.set_xlabel("statistic")
        ax.set_ylabel("share of hands (%)" if unit == "share" else f"{unit} (mean)")
        ax.set_title(title)
        ax.legend(title="rules (95% whiskers)")
    return ax


def plot_differences(table: pd.DataFrame, ax=None, *, title: str | None = None):
    """B - A per hand statistic, per 100 hands, with the paired and the unpaired 95% intervals."""
    with style():
        t = table[(table["section"] == "hand") & (table["unit"] != "hands")].reset_index()
        ax = axes_or_new(ax, (6.5, 4.5))
        y = np.arange(len(t))[::-1]
        d = t["diff"].to_numpy() * 100
        for off, kind, colour in ((0.15, "paired", "black"), (-0.15, "unpaired", "#999999")):
            err = np.vstack([d - t[f"{kind}_low"] * 100, t[f"{kind}_high"] * 100 - d])
            ax.errorbar(d, y + off, xerr=err, fmt="o", ms=3, capsize=3, color=colour,
                        label=f"{kind} 95% interval")  # fmt: skip
        ax.axvline(0, color="black", lw=0.8)
        ax.set_yticks(y)
        ax.set_yticklabels(t["statistic"], fontsize=7)
        ax.set_xlabel("B - A per 100 hands (hands, or points)")
        ax.set_ylabel("statistic")
        ax.set_title(title or "Difference B - A on the same deals")
        ax.legend(loc="best")
    return ax


def plot_win_probability(wp: pd.DataFrame, ax=None, *, title: str | None = None):
    """Heat map of P(dealing team wins the game) by the score before the hand, in %."""
    with style():
        ax = axes_or_new(ax, (5.0, 4.2))
        piv = wp.pivot(index="dealer_score", columns="other_score", values="p")
        grid = piv.to_numpy(dtype=float) * 100
        im = ax.imshow(np.ma.masked_invalid(grid), cmap=colour_map("RdBu"), vmin=0, vmax=100,
                       origin="lower", aspect="auto")  # fmt: skip
        for i in range(grid.shape[0]):
            for j in range(grid.shape[1]):
                if np.isfinite(grid[i, j]):
                    ax.text(
                        j,
                        i,
                        f"{grid[i, j]:.0f}",
                        ha="center",
                        va="center",
                        fontsize=6,
                        color="white" if abs(grid[i, j] - 50) > 30 else "black",
                    )
        ax.set_xticks(range(grid.shape[1]))
        ax.set_xticklabels(piv.columns)
        ax.set_yticks(range(grid.shape[0]))
        ax.set_yticklabels(piv.index)
        ax.set_xlabel("other team's score (points)")
        ax.set_ylabel("dealing team's score (points)")
        ax.set_title(title or "P(dealing team wins the game) by score (%)")
        ax.figure.colorbar(im, ax=ax, label="dealing team wins (%)")
    return ax


def plot_maker_rates(makers: pd.DataFrame, ax=None, *, title: str | None = None):
    """Euchre rates of forced dealers against all makers, per rule set, with Wilson whiskers."""
    with style():
        ax = axes_or_new(ax, (6.0, 4.0))
        forced = makers[(makers["makers"] == "forced dealers") & (makers["made"] > 0)]["rules"]
        # "makers not forced" repeats "all makers" where no call is forced: leave it out
        keep = (makers["made"] > 0) & (
            (makers["makers"] != "makers not forced") | makers["rules"].isin(set(forced))
        )
        t = makers[keep].reset_index(drop=True)
        x = np.arange(len(t))
        v = t["euchred"].to_numpy() * 100
        err = np.vstack([v - t["euchred_low"] * 100, t["euchred_high"] * 100 - v])
        colours = ["#c44e52" if m == "forced dealers" else "#4c72b0" for m in t["makers"]]
        ax.bar(x, v, 0.6, yerr=err, capsize=3, color=colours)
        ax.set_xticks(x)
        ax.set_xticklabels([f"{r}\n{m}" for r, m in zip(t["rules"], t["makers"], strict=True)],
                           fontsize=7)  # fmt: skip
        ax.set_xlabel("rules and makers")
        ax.set_ylabel("makers euchred (% of made hands)")
        ax.set_title(title or "How often the makers are euchred (95% whiskers)")
    return ax


def comparison_figure(c: RuleComparison):
    """The headline chart: how trump is made and points per hand, A and B side by side."""
    return hands_figure(c.hand_table, (rules_label(c.rules_a), rules_label(c.rules_b)), c.hands)


def hands_figure(t: pd.DataFrame, labels: tuple[str, str], hands: int):
    """``comparison_figure`` from the per-hand rows of a comparison table (``section`` hand),
    the two rule sets' labels and the number of deals."""
    with style():
        fig, axes = plt.subplots(1, 2, figsize=(10.0, 4.2))
    plot_side_by_side(
        t,
        [HAND_STATS[k][0] for k in ("round1", "round2", "passed", "forced")],
        axes[0],
        title="How trump is made (% of hands)",
        labels=labels,
    )
    plot_side_by_side(t, [HAND_STATS[k][0] for k in ("dealer_points", "other_points", "points")],
                      axes[1], title="Points per hand", labels=labels)  # fmt: skip
    axes[1].set_ylabel("points per hand")
    with style():
        fig.suptitle(f"{labels[0]} vs {labels[1]} on the same {hands:,} deals")
    return fig


def plot_win_probability_difference(diff: pd.DataFrame, ax=None, *, title: str | None = None):
    """Heat map of a ``win_probability_difference`` table: the change in percentage points,
    labelled, with cells whose 95% interval includes 0 hatched."""
    with style():
        ax = axes_or_new(ax, (5.0, 4.2))
        piv = diff.pivot(index="dealer_score", columns="other_score", values="diff")
        grid = piv.to_numpy(dtype=float)
        vmax = max(1.0, float(np.nanmax(np.abs(grid))) if np.isfinite(grid).any() else 1.0)
        im = ax.imshow(np.ma.masked_invalid(grid), cmap=colour_map("PuOr"), vmin=-vmax,
                       vmax=vmax, origin="lower", aspect="auto")  # fmt: skip
        cells = diff.set_index(["dealer_score", "other_score"])
        for i, ds in enumerate(piv.index):
            for j, os_ in enumerate(piv.columns):
                if not np.isfinite(grid[i, j]):
                    continue
                ax.text(j, i, f"{grid[i, j]:+.1f}", ha="center", va="center", fontsize=6)
                lo, hi = cells.loc[(ds, os_), ["low", "high"]]
                if lo <= 0 <= hi:
                    ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///",
                                           lw=0, edgecolor="#999999"))  # fmt: skip
        ax.set_xticks(range(grid.shape[1]), piv.columns)
        ax.set_yticks(range(grid.shape[0]), piv.index)
        ax.set_xlabel("other team's score (points)")
        ax.set_ylabel("dealing team's score (points)")
        ax.set_title(title or "Change in P(dealing team wins), percentage points")
        ax.figure.colorbar(im, ax=ax, label="change (percentage points)")
    return ax


def win_probability_figure(wp: pd.DataFrame):
    """The win-probability map of the first rule set in ``wp`` (column ``rules``) and, with a
    second one, the difference between them (hatched where its 95% interval includes 0) rather
    than two near-identical maps."""
    names = list(dict.fromkeys(wp["rules"]))
    with style():
        fig, axes = plt.subplots(1, min(len(names), 2), figsize=(5.2 * min(len(names), 2), 4.4),
                                 squeeze=False)  # fmt: skip
    plot_win_probability(wp[wp["rules"] == names[0]], axes[0][0],
                         title=f"{names[0]}: P(dealing team wins) by score (%)")  # fmt: skip
    if len(names) > 1:
        plot_win_probability_difference(
            win_probability_difference(wp, names[0], names[1]), axes[0][1],
            title=f"{names[1]} minus {names[0]} (percentage points;\nhatched: 95% interval "
            "includes 0)",
        )  # fmt: skip
    return fig


__all__ = [
    "plot_side_by_side", "plot_differences", "plot_win_probability", "plot_maker_rates",
    "plot_win_probability_difference", "comparison_figure", "hands_figure",
    "win_probability_figure",
]  # fmt: skip
