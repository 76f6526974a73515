"""Charts of equilibrium bidding (``analysis.equilibrium``): the round-1 order-up chart by
position and trumps, each model a line, the equilibrium's going-alone share dashed."""

from __future__ import annotations

import pandas as pd

from analysis.plots.theme import style
from sim import POSITIONS

MODEL_STYLE = {"equilibrium": ("#222222", "-", "o"), "tuned": ("#1b9e77", "--", "s"),
               "basic": ("#d95f02", ":", "^")}


def order_up_chart(by_class: pd.DataFrame, min_hands: int = 200):
    """Four panels (positions): the share of hands that make trump in round 1 by trumps held,
    one line per model, and the equilibrium's alone share dashed grey."""
    import matplotlib.pyplot as plt

    style()
    t = by_class.groupby(["position", "trumps", "model"], observed=True).apply(
        lambda g: pd.Series({"makes": (g["makes"] * g["hands"]).sum() / g["hands"].sum(),
                             "alone": (g["alone"] * g["hands"]).sum() / g["hands"].sum(),
                             "hands": g["hands"].sum()}), include_groups=False).reset_index()
    t = t[t["hands"] >= min_hands]
    fig, axes = plt.subplots(1, 4, figsize=(13, 3.6), sharey=True)
    for ax, pos in zip(axes, POSITIONS, strict=True):
        p = t[t["position"] == pos]
        for model, (colour, line, marker) in MODEL_STYLE.items():
            m = p[p["model"] == model]
            ax.plot(m["trumps"], m["makes"], line, marker=marker, color=colour, label=model)
        e = p[p["model"] == "equilibrium"]
        ax.plot(e["trumps"], e["alone"], "--", color="#999999", label="equilibrium alone")
        ax.set_title(pos)
        ax.set_xlabel("trumps held")
        ax.set_ylim(-0.02, 1.02)
    axes[0].set_ylabel("share of hands that order up")
    axes[-1].legend(loc="lower right", fontsize=8)
    fig.suptitle("Round 1: who orders up, equilibrium bidding beside tuned and basic "
                 "(same deals)")
    fig.text(0.5, 0.01, "trumps counted before the dealer's pick-up, the left bower included; "
             "points with fewer than 200 hands left out", ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig


__all__ = ["order_up_chart"]
