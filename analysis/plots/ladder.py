"""The strength ladder's chart (``analysis.ladder``): the ratings with their intervals beside
the matrix of pairwise margins."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from analysis.plots.theme import style


def plot_ladder(ratings_df: pd.DataFrame, pairs: pd.DataFrame, title: str | None = None,
                axes=None):
    """The ratings (points a hand and Elo, with intervals) beside the matrix of pairwise
    margins (row's points a hand minus column's), on three ``axes`` (default: a new figure);
    returns the figure."""
    with style():
        if axes is None:
            _, axes = plt.subplots(1, 3, figsize=(15, 0.55 * len(ratings_df) + 2.5),
                                   gridspec_kw={"width_ratios": [1, 1, 1.3]})
        return _plot_ladder(axes, ratings_df, pairs, title)


def _plot_ladder(axes, ratings_df, pairs, title):
    order = list(ratings_df["strategy"])
    fig = axes[0].figure
    y = np.arange(len(order))[::-1]
    for ax, col, label in ((axes[0], "points", "points a hand (basic = 0)"),
                           (axes[1], "elo", "Elo from games to 10 (basic = 0)")):
        v = ratings_df[col].to_numpy()
        lo, hi = ratings_df[f"{col}_low"].to_numpy(), ratings_df[f"{col}_high"].to_numpy()
        # a player far below the rest (random) is drawn at the edge with its value written, so
        # that the others' differences stay visible
        rest = np.sort(v)[1:] if len(v) > 2 else v
        span = max(rest.max() - rest.min(), 1e-9)
        edge = rest.min() - 0.5 * span
        far = v < rest.min() - 3 * span
        near = ~far
        ax.errorbar(v[near], y[near], xerr=np.vstack([v - lo, hi - v])[:, near], fmt="o",
                    color="tab:blue", capsize=3)
        for yy, vv in zip(y[far], v[far], strict=True):
            ax.plot([edge], [yy], marker="<", color="tab:red")
            ax.annotate(f"{vv:+.2f}" if col == "points" else f"{vv:+.0f}", (edge, yy),
                        xytext=(8, 0), textcoords="offset points", va="center", fontsize=8)
        if far.any():
            ax.set_xlim(edge - 0.1 * span, rest.max() + 0.25 * span)
        ax.axvline(0, color="0.6", lw=0.8)
        ax.set_yticks(y, order)
        ax.set_xlabel(label)
        ax.grid(axis="x", alpha=0.3)
    k = len(order)
    at = {n: i for i, n in enumerate(order)}
    m = np.full((k, k), np.nan)
    for a, b, margin in pairs[["a", "b", "margin"]].itertuples(index=False):
        m[at[a], at[b]] = margin
        m[at[b], at[a]] = -margin
    lim = np.nanmax(np.abs(m)) if np.isfinite(m).any() else 1.0
    ax = axes[2]
    im = ax.imshow(m, cmap="RdBu", vmin=-lim, vmax=lim)
    ax.set_xticks(range(k), order, rotation=45, ha="right")
    ax.set_yticks(range(k), order)
    for i in range(k):
        for j in range(k):
            if np.isfinite(m[i, j]):
                ax.text(j, i, f"{m[i, j]:+.2f}", ha="center", va="center", fontsize=8,
                        color="white" if abs(m[i, j]) > 0.6 * lim else "black")
    ax.set_title("row minus column, points a hand")
    fig.colorbar(im, ax=ax, shrink=0.8)
    fig.suptitle(title or "Strength ladder: paired, seat-swapped deals and games (95% intervals)")
    return fig


__all__ = ["plot_ladder"]
