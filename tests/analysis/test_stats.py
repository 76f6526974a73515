"""Interval helpers against scipy and against hand-computed values."""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps

from analysis.stats import (
    Estimate,
    mean_interval,
    paired_difference,
    paired_share,
    proportion,
    wilson_interval,
    z_value,
)

Z95 = 1.959963984540054


def test_z_value():
    assert z_value() == pytest.approx(Z95, rel=1e-15)
    assert z_value(0.9) == pytest.approx(1.6448536269514722, rel=1e-15)
    with pytest.raises(ValueError):
        z_value(1.0)


@pytest.mark.parametrize(
    "k,n", [(0, 10), (1, 10), (5, 10), (10, 10), (37, 100), (1, 1), (612_345, 1_000_000)]
)
@pytest.mark.parametrize("confidence", [0.95, 0.9, 0.99])
def test_wilson_matches_scipy(k, n, confidence):
    ci = sps.binomtest(k, n).proportion_ci(confidence_level=confidence, method="wilson")
    low, high = wilson_interval(k, n, confidence)
    assert isinstance(low, float) and isinstance(high, float)
    assert low == pytest.approx(ci.low, abs=1e-12)
    assert high == pytest.approx(ci.high, abs=1e-12)


def test_wilson_known_value():
    # 5 of 10 at 95%: centre 0.5, half-width z sqrt(0.025 + z^2/400) / (1 + z^2/10)
    half = Z95 * math.sqrt(0.025 + Z95**2 / 400) / (1 + Z95**2 / 10)
    assert wilson_interval(5, 10) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-15)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def test_wilson_vectorised_and_empty():
    k = np.array([0, 3, 7, 20])
    n = np.array([20, 20, 20, 20])
    low, high = wilson_interval(k, n)
    for i in range(4):
        ci = sps.binomtest(int(k[i]), int(n[i])).proportion_ci(method="wilson")
        assert low[i] == pytest.approx(ci.low, abs=1e-12)
        assert high[i] == pytest.approx(ci.high, abs=1e-12)
    lo, hi = wilson_interval(0, 0)
    assert math.isnan(lo) and math.isnan(hi)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_property(kn):
    k, n = kn
    low, high = wilson_interval(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    ci = sps.binomtest(k, n).proportion_ci(method="wilson")
    assert (low, high) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_proportion():
    e = proportion(37, 100)
    assert isinstance(e, Estimate)
    assert e.value == 0.37 and e.n == 100
    assert (e.low, e.high) == wilson_interval(37, 100)
    e0 = proportion(0, 0)
    assert e0.n == 0 and math.isnan(e0.value) and math.isnan(e0.low)


def test_mean_interval_hand_computed():
    # values 0 and 1 once each: mean 1/2, sample variance 1/2, se 1/2
    e = mean_interval([0, 1], [1, 1])
    assert e.value == 0.5 and e.n == 2 and e.se == 0.5
    assert (e.low, e.high) == pytest.approx((0.5 - Z95 / 2, 0.5 + Z95 / 2), rel=1e-15)


@pytest.mark.parametrize(
    "values,counts",
    [
        ([0, 1, 2, 4], [16, 5, 4, 3]),
        ([0, 1, 2, 4], [1000, 0, 7, 1]),
        ([-4, -2, -1, 0, 1, 2, 4], [3, 9, 1, 12, 40, 2, 5]),
        ([0.25, 1.5, 3.0], [4, 5, 6]),
    ],
)
def test_mean_interval_matches_scipy(values, counts):
    sample = np.repeat(np.asarray(values, dtype=float), counts)
    e = mean_interval(values, counts)
    assert e.n == sample.size
    assert e.value == pytest.approx(sample.mean(), rel=1e-14)
    assert e.se == pytest.approx(sps.sem(sample), rel=1e-12)
    half = Z95 * sps.sem(sample)
    assert (e.low, e.high) == pytest.approx((sample.mean() - half, sample.mean() + half), 1e-12)


def test_mean_interval_exact_for_huge_counts():
    counts = [10**15, 10**15 + 1]
    e = mean_interval([0, 2], counts)
    n = sum(counts)
    mean = Fraction(2 * counts[1], n)
    var = (Fraction(4 * counts[1]) - n * mean * mean) / (n - 1)
    assert e.value == float(mean)
    assert e.se == pytest.approx(math.sqrt(float(var) / n), rel=1e-15)


def test_mean_interval_small_and_bad():
    e = mean_interval([3], [1])
    assert e.value == 3 and e.n == 1 and math.isnan(e.low) and math.isnan(e.high)
    assert mean_interval([1, 2], [0, 0]).n == 0
    assert mean_interval([1.0, 2.0, 4.0]).value == pytest.approx(7 / 3)
    with pytest.raises(ValueError):
        mean_interval([1, 2], [1])
    with pytest.raises(ValueError):
        mean_interval([1, 2], [1, -1])


def test_paired_difference_matches_scipy():
    rng = np.random.default_rng(5)
    a = rng.integers(0, 5, 400)
    b = np.where(rng.random(400) < 0.8, a, rng.integers(0, 5, 400))  # strongly paired
    e = paired_difference(a, b)
    t = sps.ttest_rel(a, b)
    d = a - b
    assert e.value == pytest.approx(d.mean(), rel=1e-14)
    assert e.se == pytest.approx(d.mean() / t.statistic, rel=1e-10)
    assert e.n == 400
    # much narrower than treating the samples as independent
    indep = math.sqrt(a.var(ddof=1) / 400 + b.var(ddof=1) / 400)
    assert e.se < 0.8 * indep


def test_paired_difference_with_counts_and_errors():
    e = paired_difference([2, 0, 1], [0, 2, 1], counts=[3, 1, 6])
    assert e.value == pytest.approx((6 - 2) / 10)
    assert e.n == 10
    sample = np.repeat([2, -2, 0], [3, 1, 6])
    assert e.se == pytest.approx(sps.sem(sample), rel=1e-12)
    with pytest.raises(ValueError):
        paired_difference([1, 2], [1, 2, 3])


def test_paired_share_is_never_a_point_on_a_small_sample():
    """5 games from both seats, every one won: Wilson's 10 of 10 (scipy's), not [1, 1]."""
    e = paired_share([2], [5])
    lo, hi = sps.binomtest(10, 10).proportion_ci(method="wilson")
    assert (e.value, e.n) == (1.0, 5) and (e.low, e.high) == pytest.approx((lo, hi), abs=1e-12)
    assert e.low < 0.73 and e.high == 1.0
    even = paired_share([1], [300])          # the same player each side: one of each pair
    assert even.value == 0.5 and even.se == 0 and even.low < 0.47 < 0.53 < even.high


def test_paired_share_takes_the_pairings_variance_on_a_large_sample():
    """Pairs 0/1/2 with the pairing's variance: Wilson's interval at the effective number of
    games is the paired normal interval to within a hundredth of a point."""
    values, counts = [0, 1, 2], [200_000, 700_000, 300_000]
    e = paired_share(values, counts)
    m = mean_interval(values, counts)
    assert e.value == pytest.approx(m.value / 2) and e.se == pytest.approx(m.se / 2)
    assert (e.low, e.high) == pytest.approx((m.low / 2, m.high / 2), abs=1e-4)
    # narrower than counting the 2.4 million games as independent: the pairing cancels luck
    lo, hi = wilson_interval(700_000 + 2 * 300_000, 2 * 1_200_000)
    assert e.high - e.low < hi - lo
