"""Confidence intervals for simulation statistics: proportions (Wilson score interval, good
near 0 and 1), means (normal interval with the exact variance of a discrete distribution, so a
mean over a billion hands costs a handful of operations), paired differences (the same deals
played two ways: the mean of per-deal differences, small variance when the runs correlate) and
the share of paired games won (``paired_share``: a Wilson interval on the pairing's effective
number of games, so that 5 games of 5 won is not 100% [100%, 100%]).
The normal quantile and ``value ± z * se`` are the engine's (``sim.intervals``; ``z_value`` and
``DEFAULT_CONFIDENCE`` are offered here too).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from fractions import Fraction

import numpy as np

from sim.intervals import DEFAULT_CONFIDENCE, normal_interval, z_value


@dataclass(frozen=True)
class Estimate:
    """A point estimate with a two-sided interval ``[low, high]`` from ``n`` observations.

    ``se`` is the standard error (NaN for Wilson proportions, whose interval is not symmetric).
    """

    value: float
    low: float
    high: float
    n: int
    se: float = math.nan

    def as_dict(self) -> dict:
        return asdict(self)


def wilson_interval(k, n, confidence: float = DEFAULT_CONFIDENCE):
    """Wilson score interval for ``k`` successes out of ``n`` (vectorised over arrays).

    Returns ``(low, high)`` as floats for scalar input, arrays otherwise; NaN where ``n == 0``.
    Agrees with ``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")``.
    """
    k_arr = np.asarray(k, dtype=np.float64)
    n_arr = np.asarray(n, dtype=np.float64)
    if np.any(k_arr < 0) or np.any(k_arr > n_arr):
        raise ValueError("successes must be between 0 and the number of trials")
    z = z_value(confidence)
    z2 = z * z
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k_arr / n_arr
        denom = 1.0 + z2 / n_arr
        centre = (p + z2 / (2 * n_arr)) / denom
        half = z * np.sqrt(p * (1 - p) / n_arr + z2 / (4 * n_arr * n_arr)) / denom
        low = np.clip(centre - half, 0.0, 1.0)
        high = np.clip(centre + half, 0.0, 1.0)
        # at the edges the Wilson bound is exactly 0 or 1; avoid rounding just above/below
        low = np.where((k_arr == 0) & (n_arr > 0), 0.0, low)
        high = np.where((k_arr == n_arr) & (n_arr > 0), 1.0, high)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def proportion(k: int, n: int, confidence: float = DEFAULT_CONFIDENCE) -> Estimate:
    """Share ``k / n`` with its Wilson interval (all NaN when ``n == 0``)."""
    k, n = int(k), int(n)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    low, high = wilson_interval(k, n, confidence)
    return Estimate(k / n, low, high, n)


def _moments(values, counts) -> tuple[int, float, float]:
    """(n, mean, sample variance) of a discrete distribution; exact for integer values."""
    v = np.asarray(values)
    c = np.asarray(counts)
    if v.shape != c.shape or v.ndim != 1:
        raise ValueError("values and counts must be 1-d arrays of the same length")
    if np.any(c < 0):
        raise ValueError("counts must not be negative")
    ci = [int(x) for x in c]
    n = sum(ci)
    if n == 0:
        return 0, math.nan, math.nan
    if np.issubdtype(v.dtype, np.integer) or np.all(np.mod(v, 1) == 0):
        vi = [int(x) for x in v]
        s1 = sum(x * w for x, w in zip(vi, ci, strict=True))
        s2 = sum(x * x * w for x, w in zip(vi, ci, strict=True))
        mean = Fraction(s1, n)
        var = Fraction(n * s2 - s1 * s1, n * (n - 1)) if n > 1 else math.nan
        return n, float(mean), float(var)
    vf = v.astype(np.float64)
    cf = c.astype(np.float64)
    mean = float(np.dot(vf, cf) / n)
    var = float(np.dot(cf, (vf - mean) ** 2) / (n - 1)) if n > 1 else math.nan
    return n, mean, var


def mean_interval(values, counts=None, confidence: float = DEFAULT_CONFIDENCE) -> Estimate:
    """Mean of a discrete distribution with a normal interval (``mean ± z * s / sqrt(n)``).

    Parameters
    ----------
    values : distinct values (e.g. points a team scores on a hand: 0, 1, 2, 4)
    counts : how many observations took each value; omitted: one each (``values`` is a sample)

    The sample variance (denominator ``n - 1``) is computed exactly for integer values.  With
    fewer than two observations the interval is NaN.
    """
    values = np.asarray(values).ravel()
    counts = np.ones(values.shape, np.int64) if counts is None else np.asarray(counts).ravel()
    n, mean, var = _moments(values, counts)
    if n < 2:
        return Estimate(mean, math.nan, math.nan, n)
    se = math.sqrt(var / n)
    return Estimate(mean, *normal_interval(mean, se, z_value(confidence)), n, se)


def paired_difference(a, b, counts=None, confidence: float = DEFAULT_CONFIDENCE) -> Estimate:
    """Mean of ``a - b`` over paired observations, with a normal interval.

    ``a[i]`` and ``b[i]`` are the same unit measured two ways (the same deal under two rule sets,
    or the two teams' points on one hand); ``counts[i]`` optionally weights pair ``i``.
    """
    a = np.asarray(a).ravel()
    b = np.asarray(b).ravel()
    if a.shape != b.shape:
        raise ValueError(f"paired samples must have the same length, not {a.size} and {b.size}")
    d = a - b
    if counts is None:
        vals, cnt = np.unique(d, return_counts=True)
        return mean_interval(vals, cnt, confidence)
    return mean_interval(d, counts, confidence)


def paired_share(values, counts=None, per: int = 2,
                 confidence: float = DEFAULT_CONFIDENCE) -> Estimate:
    """The share of games won over units of ``per`` paired games (the same deals from both
    seats): ``values`` the games won of a unit (0 .. ``per``), ``counts`` how many units won
    each.  Its interval is Wilson's at the effective number of games, the number of independent
    games whose share has the variance the units show (more than the games where the pairing
    cancels luck); where the units cannot tell (fewer than two, all alike, or a share of 0 or
    1) every game counts as one.  ``n`` is the units; ``se`` the share's standard error from
    the units (NaN below two)."""
    values = np.asarray(values).ravel()
    counts = np.ones(values.shape, np.int64) if counts is None else np.asarray(counts).ravel()
    units, mean, var = _moments(values, counts)
    if units == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = mean / per
    se = math.sqrt(var / units) / per if units >= 2 else math.nan
    games = per * units
    if units >= 2 and var > 0 and 0 < p < 1:
        games = p * (1 - p) / (se * se)
    low, high = wilson_interval(p * games, games, confidence)
    return Estimate(p, low, high, units, se)


__all__ = [
    "Estimate", "DEFAULT_CONFIDENCE", "z_value", "wilson_interval", "proportion",
    "mean_interval", "paired_difference", "paired_share",
]  # fmt: skip
