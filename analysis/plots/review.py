"""Charts of the card-play review (``analysis.review``): the share of card plays that lose
value and the points they cost, by group, one bar per strategy."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from analysis.plots.theme import axes_or_new, style


def plot_play_review(df: pd.DataFrame, value: str = "lossy_share", by: str = "position",
                     ax=None):
    """Bars of ``value`` (with its interval) for each group of ``by``, one bar per strategy."""
    with style():
        ax = axes_or_new(ax, (6.0, 3.6))
        t = df[df["by"] == by]
        groups = list(dict.fromkeys(t["group"]))
        strategies = list(dict.fromkeys(t["strategy"]))
        width = 0.8 / len(strategies)
        colours = plt.get_cmap("tab10")
        for i, s in enumerate(strategies):
            r = t[t["strategy"] == s].set_index("group").loc[groups]
            x = np.arange(len(groups)) + (i - (len(strategies) - 1) / 2) * width
            err = np.vstack([r[value] - r[f"{value}_low"], r[f"{value}_high"] - r[value]])
            ax.bar(x, r[value], width, yerr=err, capsize=2, label=s, color=colours(i))
        ax.set_xticks(np.arange(len(groups)), groups)
        ax.set_ylabel(value.replace("_", " "))
        ax.legend(frameon=False)
    return ax


def play_review_figure(df: pd.DataFrame, title: str | None = None):
    """Share of card plays and of critical plays that lose value by position in the trick, and
    points lost per hand by side, one bar per strategy (95% intervals)."""
    with style():
        fig, axes = plt.subplots(1, 3, figsize=(14.0, 3.8), width_ratios=(2, 2, 1.2))
        plot_play_review(df, "lossy_share", "position", axes[0])
        axes[0].set_ylabel("share of card plays that lose value")
        plot_play_review(df, "lossy_share_of_critical", "position", axes[1])
        axes[1].set_ylabel("share of critical plays that lose value\n(some card would change "
                           "the value)")
        for ax in axes[:2]:
            ax.set_xlabel("position in the trick")
        plot_play_review(df, "points_per_hand", "side", axes[2])
        axes[2].set_ylabel("points lost per hand played")
        axes[2].set_xlabel("the side whose cards lost it")
        for ax in axes[1:]:
            ax.get_legend().remove()
        fig.suptitle(title or "Card play against perfect play (double-dummy solver, every card "
                              "seen), 95% intervals")
    return fig


__all__ = ["plot_play_review", "play_review_figure"]
