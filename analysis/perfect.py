"""What perfect play says about ordering up: the same paired questions under two models of play,
and a published perfect-information study's method replayed on our deals.

* ``order_value_every_seat``: the study's method.  On every deal, each seat in turn orders the
  upcard up (with partner, whatever the bidding would have been), the dealer discards the card
  best for his own team, and all four then play perfectly with every card seen; the value of
  ordering is the solver's points to the ordering team (no pass baseline).
* ``published_comparison``: by trump count, the study's numbers next to ours: the study's method
  on our deals, and the paired EV(order) - EV(pass) with the table's bidding under perfect play
  and under the strategy's own play (``analysis.orderup.counterfactual(..., play=...)``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from analysis.features import trump_count
from analysis.orderup import NET_VALUES, mean_columns
from sim import POSITIONS, Rules, Table, simulate

#: the study: 6,000 deals solved double dummy, every seat's order-up valued for its own team,
#: the dealer discarding optimally; value of ordering up by trump count (0-5; the dealer's
#: count includes the upcard)
PUBLISHED_ORDER_VALUE = (-1.13, -0.87, -0.14, 0.77, 1.38, 1.67)
PUBLISHED_DEALS = 6000
MAX_TRUMPS = 5
GROUPS = (*POSITIONS, "all")


def every_seat_positions(records) -> dict:
    """The study's four order-ups of each deal as record arrays (``4 n`` rows, position-major:
    first seat's order-ups, then second's ...): round 1, the upcard's suit trump, the ordering
    seat the maker, nobody alone; with ``position`` and the ordering seat's ``trumps`` (the
    dealer's with the upcard, at most 5)."""
    dealer = records["dealer"].to_numpy().astype(np.int64)
    up = records["upcard"].to_numpy().astype(np.int64)
    hands = np.stack([records[f"hand{s}"].to_numpy().astype(np.int64) for s in range(4)], 1)
    n = dealer.size
    position = np.repeat(np.arange(4), n)
    seat = (np.tile(dealer, 4) + 1 + position) & 3
    held = hands[np.tile(np.arange(n), 4), seat]
    held = np.where(position == 3, held | (np.int64(1) << np.tile(up, 4)), held)
    zeros = np.zeros(4 * n, np.int64)
    return {
        "hands": np.tile(hands, (4, 1)), "upcard": np.tile(up, 4), "dealer": np.tile(dealer, 4),
        "round": zeros + 1, "maker": seat, "trump": np.tile(up // 6, 4), "alone": zeros,
        "defender_alone": zeros - 1, "position": position,
        "trumps": np.minimum(trump_count(held, np.tile(up // 6, 4)), MAX_TRUMPS),
    }  # fmt: skip


def order_value_every_seat(
    deals: int,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    threads: int | None = None,
    batch: int = 1 << 15,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """The study's value of ordering up on ``deals`` deals of ``seed`` (module docstring).

    Returns a DataFrame, one row per position (and ``all``) and trump count: ``deals``,
    ``value`` (mean points to the ordering team under perfect play) with ``value_low/high``
    (95%), and ``euchred_rate`` (share of the order-ups euchred)."""
    from sim.solver.perfect import perfect_points

    rules = rules or Rules()
    counts = np.zeros((4, MAX_TRUMPS + 1, NET_VALUES.size), np.int64)
    start = 0
    while start < deals:
        n = min(batch, deals - start)
        rec = simulate(n, seed, rules, Table.teams(), records=True, start=start,
                       threads=threads).records  # fmt: skip
        a = every_seat_positions(rec)
        v = perfect_points(a["hands"], a["upcard"], a["dealer"], a["round"], a["maker"],
                           a["trump"], a["alone"], a["defender_alone"], rules,
                           threads=threads).value  # fmt: skip
        cell = (a["position"] * (MAX_TRUMPS + 1) + a["trumps"]) * NET_VALUES.size + v + 4
        counts += np.bincount(cell, minlength=counts.size).reshape(counts.shape)
        start += n
        if progress is not None:
            progress(n)
    return _value_table(counts)


def _value_table(counts: np.ndarray) -> pd.DataFrame:
    """Rows by position and trumps (with ``all``) from ``counts[position, trumps, value + 4]``."""
    both = np.concatenate([counts, counts.sum(axis=0, keepdims=True)])
    flat = both.reshape(-1, NET_VALUES.size)
    n = flat.sum(axis=1)
    mean, low, high, _ = mean_columns(NET_VALUES, flat)
    with np.errstate(invalid="ignore", divide="ignore"):
        euchred = flat[:, NET_VALUES < 0].sum(axis=1) / n
    df = pd.DataFrame({
        "position": np.repeat(GROUPS, MAX_TRUMPS + 1), "trumps": np.tile(np.arange(6), 5),
        "deals": n, "value": mean, "value_low": low, "value_high": high,
        "euchred_rate": euchred,
    })  # fmt: skip
    return df[df["deals"] > 0].reset_index(drop=True)


def published_comparison(every_seat: pd.DataFrame, paired: dict) -> pd.DataFrame:
    """By position (and ``all``) and trump count: the study's value of ordering
    (``published_value``, the same reference on every row: the study pools the seats), the
    study's method on our deals (``every_seat_*``), and for each play model in ``paired``
    (``{"perfect": table, "strategy": table}``, ``counterfactual_table(..., "trumps",
    pooled=True)`` of the order-pass comparison) its deals, EV(order) and the paired gain
    EV(order) - EV(pass) with 95% intervals."""
    out = pd.DataFrame({"position": np.repeat(GROUPS, MAX_TRUMPS + 1),
                        "trumps": np.tile(np.arange(MAX_TRUMPS + 1), len(GROUPS))})
    out["published_value"] = np.asarray(PUBLISHED_ORDER_VALUE)[out["trumps"]]
    ours = [every_seat.rename(columns={c: f"every_seat_{c}" for c in every_seat.columns
                                       if c not in ("position", "trumps")})]  # fmt: skip
    keep = ["deals", "ev_order", "ev_order_low", "ev_order_high", "gain", "gain_low",
            "gain_high"]  # fmt: skip
    ours += [paired[play][["position", "trumps", *keep]].rename(
        columns={c: f"{play}_{c}" for c in keep}) for play in ("perfect", "strategy")
        if play in paired]  # fmt: skip
    for t in ours:
        out = out.merge(t, on=["position", "trumps"], how="left")
    deals = out[[c for c in out.columns if c.endswith("deals")]].fillna(0)
    return out[deals.sum(axis=1) > 0].reset_index(drop=True)


__all__ = [
    "PUBLISHED_ORDER_VALUE", "PUBLISHED_DEALS", "every_seat_positions", "order_value_every_seat",
    "published_comparison",
]  # fmt: skip
