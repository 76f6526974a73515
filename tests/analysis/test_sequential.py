"""The sequential test (``analysis.sequential``) on synthetic data, NumPy only: its error rates
by simulation (no margin: a difference declared about ``alpha`` of the time at most; a margin of
the bound: found about ``1 - beta`` of the time at least), its ratio over the differing deals
equal to the ratio over all deals, the stop when every deal is alike, and its estimates."""

from __future__ import annotations

import math

import numpy as np
import pytest

from analysis.sequential import (
    A_BETTER,
    B_BETTER,
    CONTINUE,
    WITHIN,
    Sprt,
    decide,
    estimates,
    llr,
    next_batch,
)
from analysis.stats import mean_interval

REPS = 2000
FIRST = 100         # the tournament's first batch is bigger; the schedule grows the same way


def simulate(test: Sprt, theta: float, share: float, sd: float, seed: int,
             reps: int = REPS, cap: int = 200_000):
    """``reps`` sequential tests side by side on deals that differ with chance ``share`` (by a
    normal difference of mean ``theta / share`` and deviation ``sd``) and are 0 otherwise,
    looked at on the tournament's batch schedule: (decision codes, deals played)."""
    rng = np.random.default_rng(seed)
    n = np.zeros(reps, np.int64)
    k = np.zeros(reps, np.int64)
    s1, s2 = np.zeros(reps), np.zeros(reps)
    code = np.full(reps, CONTINUE, np.int8)
    played = 0
    while played < cap and (code == CONTINUE).any():
        b = next_batch(played, FIRST, cap)
        live = np.flatnonzero(code == CONTINUE)
        x = rng.normal(theta / share, sd, (live.size, b)) * (rng.random((live.size, b)) < share)
        n[live] += b
        k[live] += (x != 0).sum(1)
        s1[live] += x.sum(1)
        s2[live] += (x * x).sum(1)
        played += b
        code[live] = decide(test, n[live], k[live], s1[live], s2[live])[0]
    return code, n


def three_se(p: float) -> float:
    return 3 * math.sqrt(p * (1 - p) / REPS)


# (share of deals that differ, deviation of a differing deal's difference): about the
# tournament's tuned against basic (a third differ) and a player against a near copy (5%)
SHAPES = [(0.4, 1.0), (0.05, 2.0)]


@pytest.mark.parametrize("share,sd", SHAPES)
def test_no_margin_is_declared_a_difference_at_most_alpha_of_the_time(share, sd):
    test = Sprt(0.05, alpha=0.05, beta=0.05)
    code, n = simulate(test, 0.0, share, sd, seed=1)
    assert (code != CONTINUE).all()
    declared = float(np.mean(code != WITHIN))
    assert declared <= test.alpha + three_se(test.alpha), declared
    # both sides err, neither always
    assert abs(np.mean(code == A_BETTER) - np.mean(code == B_BETTER)) <= three_se(test.alpha)


@pytest.mark.parametrize("share,sd", SHAPES)
@pytest.mark.parametrize("side", [+1, -1])
def test_a_margin_of_the_bound_is_found_at_least_one_minus_beta_of_the_time(share, sd, side):
    test = Sprt(0.05, alpha=0.05, beta=0.05)
    code, _ = simulate(test, side * 0.05, share, sd, seed=2 + side)
    found = float(np.mean(code == (A_BETTER if side > 0 else B_BETTER)))
    assert found >= 1 - test.beta - three_se(test.beta), found
    assert not np.any(code == (B_BETTER if side > 0 else A_BETTER))


def test_other_error_rates_are_kept_too():
    """alpha 0.2 and beta 0.1: the rates follow the test's, they are not a property of 0.05."""
    test = Sprt(0.05, alpha=0.2, beta=0.1)
    code, _ = simulate(test, 0.0, 0.4, 1.0, seed=5)
    declared = float(np.mean(code != WITHIN))
    assert declared <= 0.2 + three_se(0.2)
    assert declared >= 0.05     # far more than at alpha 0.05: the bounds moved
    code, _ = simulate(test, 0.05, 0.4, 1.0, seed=6)
    assert np.mean(code == A_BETTER) >= 0.9 - three_se(0.1)


def test_the_ratio_over_the_differing_deals_is_the_ratio_over_all_deals():
    rng = np.random.default_rng(7)
    x = rng.normal(0.3, 1.5, 5000) * (rng.random(5000) < 0.3)
    nz = x[x != 0]
    got = llr(x.size, nz.size, nz.sum(), (nz * nz).sum(), 0.0, 0.02)
    # the normal ratio over every deal, the alike ones as 0, variance by maximum likelihood
    mean, var = x.mean(), x.var()
    want = x.size * 0.02 * (2 * mean - 0.02) / (2 * var)
    assert got == pytest.approx(want, rel=1e-9)
    assert llr(x.size, nz.size, nz.sum(), (nz * nz).sum(), 0.0, -0.02) == pytest.approx(
        x.size * -0.02 * (2 * mean + 0.02) / (2 * var), rel=1e-9)


def test_estimates_margin_is_the_share_times_the_margin_on_the_differing_deals():
    rng = np.random.default_rng(8)
    x = rng.integers(-8, 9, 3000) / 2 * (rng.random(3000) < 0.25)
    nz = x[x != 0]
    e = estimates(x.size, nz.size, nz.sum(), (nz * nz).sum())
    assert e["share"] == nz.size / x.size
    assert e["margin"] == pytest.approx(e["share"] * e["margin_differing"], rel=1e-12)
    every = mean_interval(x)          # the interval over all deals, the alike ones as 0
    assert (e["low"], e["high"]) == pytest.approx((every.low, every.high), rel=1e-9)
    on_differing = mean_interval(nz)
    assert (e["margin_differing_low"], e["margin_differing_high"]) == pytest.approx(
        (on_differing.low, on_differing.high), rel=1e-9)
    assert e["share_low"] < e["share"] < e["share_high"]


def test_all_deals_alike_is_within_the_bound_once_the_share_bound_is_small():
    test = Sprt(0.01, beta=0.05, largest=4)
    # the fewest alike deals after which a margin of 0.01 (a share of 0.0025 of deals
    # differing, each by the most, 4 points) would have left some deal differing but with
    # chance 0.05: (1 - 0.0025) ** n < 0.05
    n = next(n for n in range(1, 10_000) if (1 - 0.0025) ** n < 0.05)
    assert test.alike_deals_enough() == n == 1197
    assert decide(test, n, 0, 0.0, 0.0)[0] == WITHIN
    assert decide(test, n - 1, 0, 0.0, 0.0)[0] == CONTINUE
    assert decide(Sprt(0.01), 10**9, 0, 0.0, 0.0)[0] == CONTINUE   # no largest: never


def test_no_decision_before_enough_deals_differ():
    test = Sprt(0.01, largest=4)
    assert test.min_differing == 30
    # 25 of 26 deals differ, each by +0.5: the ratio is past the bound, but it rests on a
    # variance estimated from 25 deals alike
    assert llr(26, 25, 12.5, 6.25, 0.0, 0.01) > test.upper
    assert decide(test, 26, 25, 12.5, 6.25)[0] == CONTINUE
    # 30 of 2,000 deals differ, each by 4 points: enough to decide, either way
    xs = np.full(test.min_differing, 4.0)
    assert decide(test, 2000, xs.size, xs.sum(), (xs * xs).sum())[0] == A_BETTER
    assert decide(test, 2000, xs.size, -xs.sum(), (xs * xs).sum())[0] == B_BETTER
    assert decide(test, 2000, xs.size - 1, xs[1:].sum(), (xs[1:] ** 2).sum())[0] == CONTINUE


@pytest.mark.parametrize("kwargs,needle", [
    ({"bound": 0}, "bound"), ({"bound": -0.1}, "bound"), ({"bound": math.inf}, "bound"),
    ({"bound": math.nan}, "bound"), ({"bound": 0.01, "alpha": 0}, "alpha"),
    ({"bound": 0.01, "beta": 0.5}, "beta"), ({"bound": 0.01, "largest": 0}, "largest"),
    ({"bound": 0.01, "min_differing": 1}, "min_differing"),
])  # fmt: skip
def test_bad_parameters_are_refused(kwargs, needle):
    with pytest.raises(ValueError, match=needle):
        Sprt(**kwargs)


def test_batches_grow_and_stop_at_the_cap():
    sizes, played = [], 0
    while (b := next_batch(played, 1000, 10_000)) > 0:
        sizes.append(b)
        played += b
    assert played == 10_000
    # the first batch until a quarter of those played is more, then a quarter, then the rest
    assert sizes == [1000] * 5 + [1250, 1562, 1953, 235]
