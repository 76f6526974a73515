"""The interval helpers (``sim.intervals``) against scipy, and the normal quantile's one home:
no literal 1.96 (or its longer spelling) anywhere else in the code."""

import math
import re
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps

from sim.intervals import (
    DEFAULT_CONFIDENCE,
    Z95,
    Z95_ROUNDED,
    half_width,
    normal_interval,
    sample_interval,
    z_value,
)

ROOT = Path(__file__).resolve().parents[2]
HOME = ROOT / "sim" / "intervals.py"
# 1.96 as a number (not 1.965 or 11.96), or the start of the quantile's longer spelling
LITERAL = re.compile(r"(?<![\d.])1\.96(?![\d])|(?<![\d.])1\.95996")


def test_the_quantiles():
    assert DEFAULT_CONFIDENCE == 0.95
    assert Z95 == float(sps.norm.ppf(0.975))
    assert Z95_ROUNDED == round(Z95, 2) == 1.96
    for c in (0.5, 0.8, 0.9, 0.95, 0.99, 0.999):
        assert z_value(c) == pytest.approx(sps.norm.ppf(0.5 + c / 2), rel=1e-15), c
    # the standard library's quantile, two units in the last place below scipy's at 95%
    assert z_value() == 1.9599639845400536
    assert abs(z_value() - Z95) <= 2 * math.ulp(Z95)
    for bad in (0.0, 1.0, -0.5, 1.5):
        with pytest.raises(ValueError):
            z_value(bad)


def test_normal_interval_is_scipys():
    low, high = normal_interval(0.3, 0.05, Z95)
    assert (low, high) == pytest.approx(sps.norm.interval(0.95, loc=0.3, scale=0.05), rel=1e-14)
    assert normal_interval(1.0, 0.5, 2.0) == (0.0, 2.0)
    # element by element over arrays, NaN standard errors give NaN bounds
    low, high = normal_interval(np.array([0.0, 1.0, 2.0]), np.array([1.0, 0.0, np.nan]), 1.96)
    np.testing.assert_array_equal(low, [-1.96, 1.0, np.nan])
    np.testing.assert_array_equal(high, [1.96, 1.0, np.nan])


def test_sample_interval_is_scipys():
    xs = np.random.default_rng(3).normal(0.4, 2.0, 500)
    m, low, high = sample_interval(xs, Z95)
    lo, hi = sps.norm.interval(0.95, loc=xs.mean(), scale=sps.sem(xs))
    assert m == pytest.approx(xs.mean(), rel=1e-15)
    assert (low, high) == pytest.approx((lo, hi), rel=1e-13)
    assert high - m == pytest.approx(half_width(xs.std(ddof=1), xs.size, Z95), rel=1e-15)
    assert half_width(2.0, 16, 1.96) == pytest.approx(0.98, rel=1e-15)
    # hand-computed: 1, 2, 3, 4 -> mean 2.5, sd sqrt(5/3), half z * sd / 2
    m, low, high = sample_interval(np.array([1, 2, 3, 4]), 2.0)
    assert (m, high - m) == pytest.approx((2.5, math.sqrt(5 / 3)), rel=1e-15)
    assert low == pytest.approx(2.5 - math.sqrt(5 / 3), rel=1e-15)


def test_sample_interval_of_fewer_than_two():
    m, low, high = sample_interval(np.array([3.0]), Z95)
    assert m == 3.0 and math.isnan(low) and math.isnan(high)
    assert all(math.isnan(x) for x in sample_interval(np.array([]), Z95))


def test_no_literal_quantile_outside_its_home():
    """The normal quantile is written once, in ``sim.intervals``: everything else imports it."""
    paths = [p for d in ("sim", "analysis", "scripts") for p in sorted((ROOT / d).rglob("*"))
             if p.suffix in (".py", ".js") and p != HOME]
    bad = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}" for p in paths
           for i, line in enumerate(p.read_text().splitlines(), 1) if LITERAL.search(line)]
    assert not bad, "\n".join(bad)
