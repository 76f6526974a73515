"""Normal-approximation confidence intervals: the one home of the normal quantile and of
``value ± z * se``, for the engine (pricing the options of a decision, exploitability, pimc's
card-play comparison) and the studies (``analysis.stats`` builds its intervals on these and adds
the Wilson interval of a proportion and the exact mean of a discrete distribution).

Three values of the two-sided 95% quantile are in use; each caller keeps the one its outputs
were made with, so gathering them here changed no output:

* ``z_value(0.95)``: the standard library's ``NormalDist().inv_cdf(0.975)``, 1.9599639845400536
  (two units in the last place below the exact value), the studies' quantile (any confidence);
* ``Z95``: 1.959963984540054, ``scipy.stats.norm.ppf(0.975)``, the exact value rounded once:
  pricing a decision's options, the rule comparison's win-probability difference, the order-up
  bower table;
* ``Z95_ROUNDED``: 1.96, the textbook rounding: exploitability, pimc's card-play comparison,
  the games table's scoring hands by kind, the OpenSpiel match.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

DEFAULT_CONFIDENCE = 0.95
Z95 = 1.959963984540054
Z95_ROUNDED = 1.96


def z_value(confidence: float = DEFAULT_CONFIDENCE) -> float:
    """Two-sided normal quantile, e.g. 1.9599639845400536 for 95%."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    # the standard library's normal quantile: the value of scipy.stats.norm.ppf to within two
    # units in the last place (tested), and it spares every command scipy's ~1.5 s import
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def normal_interval(value, se, z: float):
    """``(value - z * se, value + z * se)``: the interval of an estimate with standard error
    ``se`` (floats or arrays, element by element)."""
    return value - z * se, value + z * se


def half_width(sd: float, n: int, z: float) -> float:
    """Half the width of a mean's interval from the sample standard deviation ``sd`` of ``n``
    observations: ``z * sd / sqrt(n)``."""
    return z * sd / math.sqrt(n)


def sample_interval(xs, z: float) -> tuple[float, float, float]:
    """``(mean, low, high)`` of a sample (an array): the mean with its normal interval from the
    sample standard deviation (denominator ``n - 1``); the interval is NaN below two values,
    the mean too when there are none."""
    xs = np.asarray(xs)
    n = xs.size
    if n < 2:
        return (float(xs.mean()) if n else math.nan), math.nan, math.nan
    m = float(xs.mean())
    half = half_width(float(xs.std(ddof=1)), n, z)
    return m, m - half, m + half


__all__ = ["DEFAULT_CONFIDENCE", "Z95", "Z95_ROUNDED", "z_value", "normal_interval",
           "half_width", "sample_interval"]
