"""The tournament chart (``analysis.headtohead``): A's share of the games won and both sides'
points per hand, with 95% bars."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd

from analysis.plots.theme import BAR_COLOURS, style


def plot_tournament(hands_row: pd.DataFrame | None, games_row: pd.DataFrame | None, axes=None):
    """Tournament results: A's game win share and both sides' points per hand, with 95% bars."""
    with style():
        if axes is None:
            _, axes = plt.subplots(1, 2, figsize=(9.0, 3.8))
        ax0, ax1 = axes
        if games_row is not None and len(games_row):
            r = games_row.iloc[0]
            v = 100 * r["a_wins"]
            ax0.bar(
                [0, 1],
                [v, 100 - v],
                0.6,
                color=BAR_COLOURS,
                yerr=[[v - 100 * r["low"], 100 * r["high"] - v]] * 2,
                capsize=4,
            )
            ax0.set_xticks([0, 1])
            ax0.set_xticklabels([r["a"], r["b"]])
            ax0.axhline(50, color="black", lw=0.8, ls="--")
            ax0.set_ylim(0, 100)
            ax0.set_title(f"Games won, {int(r['games']):,} games x 2 seatings (%)")
        else:
            ax0.set_title("Games won (no games played)")
        ax0.set_xlabel("strategy")
        ax0.set_ylabel("games won (%)")
        if hands_row is not None and len(hands_row):
            r = hands_row.iloc[0]
            vals = [r["a_points"], r["b_points"]]
            err = [[vals[0] - r["a_points_low"], vals[1] - r["b_points_low"]],
                   [r["a_points_high"] - vals[0], r["b_points_high"] - vals[1]]]  # fmt: skip
            ax1.bar([0, 1], vals, 0.6, color=BAR_COLOURS, yerr=err, capsize=4)
            ax1.set_xticks([0, 1])
            ax1.set_xticklabels([r["a"], r["b"]])
            ax1.set_title(f"Points per hand, margin {r['margin']:+.4f} "
                          f"[{r['low']:+.4f}, {r['high']:+.4f}]")  # fmt: skip
        else:
            ax1.set_title("Points per hand (no hands played)")
        ax1.set_xlabel("strategy")
        ax1.set_ylabel("points per hand")
    return axes


__all__ = ["plot_tournament"]
