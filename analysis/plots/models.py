"""The mission's answers under several models of play, one figure per question: the stacked
tables of ``analysis.models`` with one colour per model; where the intervals overlap, the
answer does not depend on who is playing.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from analysis.plots.theme import style
from sim import POSITIONS

COLORS = {"basic": "tab:blue", "tuned": "tab:orange", "pimc": "tab:green",
          "pimc+inference": "tab:olive", "rollout": "tab:cyan", "perfect": "tab:purple",
          "equilibrium": "black"}
#: the comparison rows shown for stick the dealer (``analysis.compare`` statistics)
STICK_ROWS = ("dealing team's net points per hand", "euchres (share of hands)",
              "points scored per hand (both teams)", "first dealer's team wins")


def plot_gain_by_models(df: pd.DataFrame, ylabel: str, title: str):
    """One panel per position: the gain by trump count (x) for each model, 95% intervals."""
    with style():
        fig, axes = plt.subplots(1, 4, figsize=(15, 4), sharey=True)
        models = list(dict.fromkeys(df["model"]))
        width = 0.8 / max(len(models), 1)
        for ax, pos in zip(axes, POSITIONS, strict=True):
            d = df[df["position"] == pos]
            for k, m in enumerate(models):
                g = d[d["model"] == m].sort_values("trumps")
                if g.empty:
                    continue
                x = g["trumps"].to_numpy() + (k - (len(models) - 1) / 2) * width
                y = g["gain"].to_numpy()
                err = np.vstack([y - g["gain_low"].to_numpy(), g["gain_high"].to_numpy() - y])
                ax.errorbar(x, y, yerr=err, fmt="o", ms=4, capsize=2, label=m,
                            color=COLORS.get(m))
            ax.axhline(0, color="0.5", lw=0.8)
            ax.set_title(pos)
            ax.set_xlabel("trumps held (dealer: after picking up)")
            ax.set_xticks(range(6))
            ax.grid(axis="y", alpha=0.3)
        axes[0].set_ylabel(ylabel)
        axes[-1].legend(title="model of play", fontsize=8)
        fig.suptitle(title)
    return fig


def plot_stick_by_models(df: pd.DataFrame, rows=STICK_ROWS):
    """Stick the dealer minus redeal for a few statistics, one panel each, one point per
    model with its paired 95% interval (``df``: ``stack`` of ``comparison.csv`` tables)."""
    with style():
        fig, axes = plt.subplots(1, len(rows), figsize=(4 * len(rows), 3.4))
        for ax, stat in zip(np.atleast_1d(axes), rows, strict=True):
            d = df[df["statistic"] == stat]
            y = np.arange(len(d))[::-1]
            scale = 100.0 if (d["unit"] == "share").all() else 1.0
            v = d["diff"].to_numpy() * scale
            err = np.vstack([v - d["paired_low"].to_numpy() * scale,
                             d["paired_high"].to_numpy() * scale - v])
            ax.errorbar(v, y, xerr=err, fmt="o", capsize=3, color="tab:blue")
            ax.set_yticks(y, list(d["model"]))
            ax.axvline(0, color="0.5", lw=0.8)
            ax.set_title(stat, fontsize=9)
            ax.set_xlabel("percentage points" if scale == 100 else "points a hand")
        fig.suptitle("Stick the dealer minus redeal, by who is playing (paired 95% intervals)")
    return fig


def plot_win_probability_by_models(df: pd.DataFrame, other_scores=(0, 4, 8)):
    """P(the dealer's team wins the game) by its score, one line per model and opponent's
    score (``df``: ``stack`` of ``win_probability.csv`` tables, one rule set)."""
    with style():
        fig, axes = plt.subplots(1, len(other_scores), figsize=(4.5 * len(other_scores),
                                                                3.6), sharey=True)
        for ax, other in zip(np.atleast_1d(axes), other_scores, strict=True):
            for m, g in df[df["other_score"] == other].groupby("model", sort=False):
                g = g.sort_values("dealer_score")
                ax.fill_between(g["dealer_score"], g["low"], g["high"], alpha=0.2,
                                color=COLORS.get(m))
                ax.plot(g["dealer_score"], g["p"], marker="o", ms=3, label=m,
                        color=COLORS.get(m))
            ax.set_title(f"other team at {other}")
            ax.set_xlabel("dealer's team's score")
            ax.grid(alpha=0.3)
        np.atleast_1d(axes)[0].set_ylabel("P(dealer's team wins)")
        np.atleast_1d(axes)[-1].legend(title="model of play")
        fig.suptitle("Win probability by score, before the deal (published rules)")
    return fig


__all__ = ["plot_gain_by_models", "plot_stick_by_models", "plot_win_probability_by_models",
           "STICK_ROWS"]
