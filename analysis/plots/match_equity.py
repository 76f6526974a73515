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
        ax.figure.text(0.01, 0.005, note, fontsize=7, va="bottom")
    return ax.figure


__all__ = ["plot_match_equity", "match_equity_figure"]
