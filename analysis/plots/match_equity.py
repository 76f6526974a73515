"""The match-equity table as a heatmap: P(the dealing team wins the game) by the dealers' score
(rows) and the other team's (columns), each cell written in percent."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.plots.theme import axes_or_new, colour_map


def plot_match_equity(table: pd.DataFrame, ax=None, *, title: str | None = None):
    """Heatmap of ``table`` (``dealer_score, other_score, w``: ``analysis.match_equity``)."""
    from analysis.match_equity import grid

    w = grid(table)
    to = w.shape[0]
    ax = axes_or_new(ax, figsize=(5.6, 4.8))
    im = ax.imshow(w * 100, cmap=colour_map("RdBu"), vmin=0, vmax=100, origin="lower")
    for d in range(to):
        for o in range(to):
            if np.isfinite(w[d, o]):
                ink = "white" if abs(w[d, o] - 0.5) > 0.3 else "black"
                ax.text(o, d, f"{100 * w[d, o]:.0f}", ha="center", va="center", fontsize=7,
                        color=ink)
    ax.set_xticks(range(to))
    ax.set_yticks(range(to))
    ax.set_xlabel("other team's score")
    ax.set_ylabel("dealing team's score")
    ax.set_title(title or "P(the dealing team wins the game), %")
    ax.figure.colorbar(im, ax=ax, shrink=0.8, label="%")
    return ax


def match_equity_figure(table: pd.DataFrame, note: str = ""):
    """The heatmap as a figure, ``note`` (who played, which rules) under it."""
    ax = plot_match_equity(table)
    if note:
        ax.figure.supxlabel(note, fontsize=7)
    return ax.figure


def order_up_point_figure(table: pd.DataFrame, note: str = ""):
    """The order-up point (``analysis.order_up_point``) by score, one heatmap a position: the
    position's team's score by row, the other's by column, in percent (blue: order with less
    than the 2/3 a pass worth nothing would need; red: more)."""
    import matplotlib.pyplot as plt

    from analysis.plots.theme import style

    positions = list(dict.fromkeys(table["position"]))
    to = int(table["us"].max()) + 1
    with style():
        fig, axes = plt.subplots(1, len(positions), figsize=(4.0 * len(positions), 4.2))
    for ax, pos in zip(axes, positions, strict=True):
        t = table[table["position"] == pos]
        g = np.full((to, to), np.nan)
        g[t["us"].to_numpy(), t["them"].to_numpy()] = t["point"].to_numpy()
        im = ax.imshow(np.clip(g, 0, 1) * 100, cmap=colour_map("RdBu_r"), vmin=100 / 3,
                       vmax=100, origin="lower")
        for u in range(to):
            for h in range(to):
                x = g[u, h]
                label = "any" if x < 0 else ("none" if x > 1 else f"{100 * x:.0f}")
                ink = "white" if abs(min(max(x, 0), 1) - 2 / 3) > 0.22 else "black"
                ax.text(h, u, label, ha="center", va="center", fontsize=6, color=ink)
        ax.set_xticks(range(to))
        ax.set_yticks(range(to))
        ax.set_xlabel("their score")
        ax.set_ylabel("our score")
        ax.set_title(f"{pos}")
    fig.colorbar(im, ax=axes, shrink=0.7, label="least P(make) to order, %")
    fig.suptitle("The order-up point: the least chance of making it that justifies ordering up")
    if note:
        fig.supxlabel(note, fontsize=7)
    return fig


def bids_by_score_figure(table: pd.DataFrame, note: str = ""):
    """How the bids move with the score (``analysis.score_bids``): for each position, the
    change from 0-0 in percentage points of the share of its round-1 turns it orders up (top)
    and of its turns it goes alone (bottom), the position's team's score by row."""
    import matplotlib.pyplot as plt

    from analysis.plots.theme import style

    positions = list(dict.fromkeys(table["position"]))
    to = int(table["us"].max()) + 1
    rows = (("order_rate_vs_0_0", "orders up"), ("alone_rate_vs_0_0", "goes alone"))
    with style():
        fig, axes = plt.subplots(len(rows), len(positions),
                                 figsize=(3.6 * len(positions), 3.5 * len(rows)))
    for r, (column, what) in enumerate(rows):
        top = max(float(np.nanmax(np.abs(table[column]))) * 100, 1.0)
        for ax, pos in zip(axes[r], positions, strict=True):
            t = table[table["position"] == pos]
            g = np.full((to, to), np.nan)
            g[t["us"].to_numpy(), t["them"].to_numpy()] = 100 * t[column].to_numpy()
            im = ax.imshow(g, cmap=colour_map("RdBu_r"), vmin=-top, vmax=top, origin="lower")
            for u in range(to):
                for h in range(to):
                    ax.text(h, u, f"{g[u, h]:+.0f}", ha="center", va="center", fontsize=5.5,
                            color="white" if abs(g[u, h]) > 0.6 * top else "black")
            ax.set_xticks(range(to))
            ax.set_yticks(range(to))
            ax.set_xlabel("their score")
            ax.set_ylabel("our score")
            ax.set_title(f"{pos}: {what}")
        fig.colorbar(im, ax=axes[r], shrink=0.8, label="percentage points against 0-0")
    fig.suptitle("How the bids move with the score: the change from 0-0 in how often a seat "
                 "orders up and goes alone when its turn comes")
    if note:
        fig.supxlabel(note, fontsize=7)
    return fig


__all__ = ["plot_match_equity", "match_equity_figure", "order_up_point_figure",
           "bids_by_score_figure"]
