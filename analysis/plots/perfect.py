"""Charts of the two models of play (``analysis.perfect``): the paired gain by trumps under
the strategy's play and perfect play, their decision heat maps, and the published study's
values beside ours.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from analysis.perfect import GROUPS, MAX_TRUMPS, PUBLISHED_DEALS
from analysis.plots.orderup import figure_note, plot_decision_heatmap, trumps_label
from analysis.plots.theme import style
from sim import POSITIONS

PLAY_LABELS = {"strategy": "as basic plays", "perfect": "perfect play"}
PLAY_STYLE = {"strategy": ("#d95f02", "--", "s"), "perfect": ("#1b9e77", "-", "o")}
MIN_LINE_DEALS = 100  # trump counts with fewer paired deals are left off the lines


def _line(ax, x, y, low, high, play, label=None, dodge=0.0):
    colour, ls, marker = PLAY_STYLE[play]
    x = np.asarray(x, float) + dodge
    ax.plot(x, y, ls=ls, marker=marker, ms=3.5, lw=1.4, color=colour,
            label=label or PLAY_LABELS[play])  # fmt: skip
    ax.fill_between(x, low, high, color=colour, alpha=0.15, lw=0)


def two_models_figure(tables: dict, a: str = "order", b: str = "pass", title: str | None = None):
    """The same question under two models of play: EV(a) - EV(b) by trumps, one panel per
    position and one for all positions, a line per play model with its 95% band.
    ``tables``: ``{play: counterfactual_table(..., "trumps", pooled=True)}``."""
    with style():
        fig, axes = plt.subplots(1, 5, figsize=(15.0, 3.9), sharey=True)
        for ax, pos in zip(axes, GROUPS, strict=True):
            for k, (play, t) in enumerate(tables.items()):
                s = t[(t["position"] == pos) & (t["deals"] >= MIN_LINE_DEALS)]
                _line(ax, s["trumps"], s["gain"], s["gain_low"], s["gain_high"], play,
                      dodge=0.06 * (2 * k - 1))  # fmt: skip
            ax.axhline(0, color="black", lw=0.8)
            ax.set_xticks(range(MAX_TRUMPS + 1))
            ax.set_title("all positions" if pos == "all" else pos)
            ax.set_xlabel(trumps_label(pos) if pos != "all" else "trumps held")
        axes[0].set_ylabel(f"EV({a}) - EV({b}), points per hand")
        axes[0].legend(loc="upper left")
        fig.suptitle(title or f"EV({a}) - EV({b}) in round 1 under two models of play, the "
                     "same deals and the same bidding (95% bands)")
        fig.supxlabel(figure_note(a) + f"\nTrump counts with under {MIN_LINE_DEALS} "
                      "paired deals are left out.", fontsize=8, color="#333333")
    return fig


def two_models_heatmaps(tables: dict, a: str = "order", b: str = "pass"):
    """Decision heat maps (``plot_decision_heatmap``) side by side: one row per play model, one
    column per position.  ``tables``: ``{play: by="trumps_aces" table}``."""
    with style():
        fig, axes = plt.subplots(len(tables), 4, figsize=(16.0, 4.0 * len(tables)))
        for row, (play, t) in zip(np.atleast_2d(axes), tables.items(), strict=True):
            for ax, pos in zip(row, POSITIONS, strict=True):
                plot_decision_heatmap(t, pos, ax=ax, a=a, b=b,
                                      title=f"{pos}, {PLAY_LABELS[play]}")
        rows = ", ".join(f"{where}: {PLAY_LABELS[p]}"
                         for where, p in zip(("top", "bottom"), tables, strict=False))
        fig.suptitle(f"Should you {a}? EV({a}) - EV({b}) in round 1 on the same deals, {rows} "
                     "(blue pays; hatched: too close)")
        fig.supxlabel(figure_note(a), fontsize=8, color="#333333")
    return fig


def published_figure(comparison: pd.DataFrame):
    """The study's value of ordering by trumps against ours (all positions together): its
    method on our deals, and the paired gain under perfect and basic play."""
    t = comparison[comparison["position"] == "all"].sort_values("trumps")
    with style():
        fig, ax = plt.subplots(figsize=(7.0, 4.6))
        ax.plot(t["trumps"], t["published_value"], "k*", ms=9,
                label=f"published study: value of ordering ({PUBLISHED_DEALS:,} deals)")
        ax.errorbar(t["trumps"] - 0.08, t["every_seat_value"],
                    yerr=[t["every_seat_value"] - t["every_seat_value_low"],
                          t["every_seat_value_high"] - t["every_seat_value"]],
                    fmt="D", color="#7570b3", ms=5, capsize=2,
                    label="its method on our deals: every seat orders, perfect play")
        for k, play in enumerate(("perfect", "strategy")):
            if f"{play}_gain" not in t:
                continue
            s = t[t[f"{play}_deals"] >= MIN_LINE_DEALS]
            _line(ax, s["trumps"], s[f"{play}_gain"], s[f"{play}_gain_low"],
                  s[f"{play}_gain_high"], play, dodge=0.08 * k,
                  label=f"paired EV(order) - EV(pass), basic bidding, {PLAY_LABELS[play]}")
        ax.axhline(0, color="black", lw=0.8)
        ax.set_xticks(range(MAX_TRUMPS + 1))
        ax.set_xlabel("trumps held (the dealer's with the upcard), all positions together")
        ax.set_ylabel("points per hand for the ordering team")
        ax.set_title("Ordering up by trump count: the published study and ours")
        ax.legend(loc="upper left", fontsize=7)
    return fig


__all__ = ["PLAY_LABELS", "two_models_figure", "two_models_heatmaps", "published_figure"]
