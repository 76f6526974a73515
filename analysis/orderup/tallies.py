"""What the order-up tables share: net-point values, the groupings of a tally's cells
(``cell_groups``), the columns of counts, rates and means with their 95% intervals, and the
verdict on a gain (``verdicts``: one action, the other, or ``TOO_CLOSE``)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.features import CLASS_KEYS, POINT_BIN, class_parts
from analysis.stats import wilson_interval, z_value
from sim.intervals import normal_interval

# net points of one team on one hand: -4 .. 4
NET_VALUES = np.arange(-4, 5)
N_NET = NET_VALUES.size
DEFAULT_BATCH = 1 << 18
#: the verdict on a gain whose interval holds 0
TOO_CLOSE = "too close"
GROUPINGS = ("class", "trumps", "trumps_aces", "points", "position")
RECORD_COLUMNS = (
    "hand0", "hand1", "hand2", "hand3", "upcard", "dealer", "round", "maker", "trump",
    "alone", "defender_alone", "maker_tricks",
)  # fmt: skip


def cell_groups(by: str, n_cells: int) -> tuple[pd.DataFrame, np.ndarray]:
    """Group labels for the cells of a class tally (``by`` in GROUPINGS) and each cell's group."""
    if by == "points":
        b = np.arange(n_cells)
        labels = pd.DataFrame({"points_from": b * POINT_BIN, "points_to": (b + 1) * POINT_BIN})
        labels.loc[n_cells - 1, "points_to"] = math.inf
        return labels, b
    code = np.arange(n_cells)
    trumps, aces, right, left = class_parts(code)
    if by == "class":
        labels = pd.DataFrame(
            {"hand_class": CLASS_KEYS[code], "trumps": trumps, "off_aces": aces,
             "right_bower": right, "left_bower": left}
        )  # fmt: skip
        return labels, code
    if by == "trumps":
        return pd.DataFrame({"trumps": np.arange(6)}), trumps
    if by == "trumps_aces":
        g = trumps * 4 + aces
        labels = pd.DataFrame({"trumps": np.arange(24) // 4, "off_aces": np.arange(24) % 4})
        return labels, g
    if by == "position":
        return pd.DataFrame({"all": ["all hands"]}), np.zeros(n_cells, np.int64)
    raise ValueError(f"unknown grouping {by!r}: choose one of {', '.join(GROUPINGS)}")


def regroup(counts: np.ndarray, group: np.ndarray, n_groups: int) -> np.ndarray:
    """Sum ``counts[..., cell, k]`` over cells of the same group -> ``[..., group, k]``."""
    out = np.zeros((*counts.shape[:-2], n_groups, counts.shape[-1]), np.int64)
    for g in range(n_groups):
        out[..., g, :] = counts[..., group == g, :].sum(axis=-2)
    return out


def share_columns(name: str, k, n) -> dict:
    """Columns ``name`` (count), ``name_rate``, ``name_low``, ``name_high`` (Wilson 95%) for
    arrays of successes ``k`` out of ``n`` (NaN where ``n == 0``)."""
    k = np.asarray(k, dtype=np.int64)
    n = np.asarray(n, dtype=np.int64)
    low, high = wilson_interval(k, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(n > 0, k / np.maximum(n, 1), np.nan)
    return {name: k, f"{name}_rate": rate, f"{name}_low": low, f"{name}_high": high}


def mean_columns(values, counts) -> tuple[np.ndarray, ...]:
    """Mean, low, high, standard error of discrete distributions ``counts[i, j]`` over integer
    ``values[j]``, row by row, with the 95% normal interval of ``analysis.stats.mean_interval``
    (sums taken exactly in integers; NaN intervals below two observations)."""
    v = np.asarray(values, dtype=np.int64)
    c = np.asarray(counts, dtype=np.int64)
    n = c.sum(axis=1)
    s1 = c @ v
    s2 = c @ (v * v)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = s1 / n
        var = (n * s2 - s1 * s1) / (n * (n - 1))
        se = np.sqrt(var / n)
    se = np.where(n >= 2, se, np.nan)
    return (mean, *normal_interval(mean, se, z_value()), se)


def verdicts(low, high, a: str, b: str) -> np.ndarray:
    """Each row's verdict on the gain of ``a`` over ``b``: ``a`` where its interval lies above
    0, ``b`` where below, else ``TOO_CLOSE``."""
    return np.where(low > 0, a, np.where(high < 0, b, TOO_CLOSE))


def label_columns(labels: pd.DataFrame, outer: list[tuple[str, list]], keep) -> dict:
    """Label columns for the rows of a tally flattened in C order over (outer..., group),
    restricted to the rows ``keep``."""
    sizes = [len(v) for _, v in outer] + [len(labels)]
    idx = np.indices(sizes).reshape(len(sizes), -1)
    cols = {name: np.asarray(vals)[idx[k]] for k, (name, vals) in enumerate(outer)}
    for name in labels.columns:
        cols[name] = labels[name].to_numpy()[idx[-1]]
    return {k: v[keep] for k, v in cols.items()}
