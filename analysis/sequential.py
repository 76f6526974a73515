"""The sequential test of a paired comparison: Wald's sequential probability ratio test (SPRT) on
the mean of per-deal paired differences in the normal approximation, as chess engines test a
change on paired games, here two-sided (``Sprt``, ``decide``), with the estimates it reports
(``estimates``).  Pure NumPy: the tournament feeds it the deals it plays (``analysis.headtohead``).

The margin ``theta`` is the mean per-deal difference (A's points minus B's a hand).  Two one-sided
tests run side by side, each of H0: theta = 0 against H1: theta = +bound (for A) or -bound (for
B), each at error ``alpha / 2`` and ``beta``, with the log-likelihood ratio of the normal model
whose variance is estimated from the data (the generalised SPRT):
``LLR = n (theta1 - theta0) (2 mean - theta0 - theta1) / (2 var)`` over the ``n`` deals.
Stopping rule, checked after each batch of deals: A is better once its ratio reaches
``log((1 - beta) / (alpha / 2))``, B once its ratio does; the two are within the bound once both
ratios are at or below ``log(beta / (1 - alpha / 2))``.  So a difference is declared with chance
about ``alpha`` when there is none, and a margin of ``bound`` or more is missed with chance
about ``beta``.  Neither is decided before ``min_differing`` deals have differed (the variance is
estimated).

Only the deals on which the two sides differ enter the sums: a deal played alike adds 0 to the
total and to the squares, so the test needs the differing deals' sums and the count of all
deals; written over the differing deals alone (share ``p``), the bound becomes ``bound / p`` and
the variance that of a differing deal plus the share's own noise, and the ratio is the same.
The margin a hand is the share times the margin over the differing deals.  With no deal
differing, the margin is at most ``largest`` times the share, whose upper bound after ``n``
alike deals is ``1 - beta ** (1 / n)``: once that is under the bound, the two are within it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.stats import wilson_interval
from sim.intervals import DEFAULT_CONFIDENCE, z_value

#: the decisions, as ``decide`` codes them
CONTINUE, A_BETTER, B_BETTER, WITHIN = 0, 1, -1, 2
DECISIONS = {CONTINUE: "undecided", A_BETTER: "a_better", B_BETTER: "b_better",
             WITHIN: "within_bound"}  # fmt: skip


@dataclass(frozen=True)
class Sprt:
    """A two-sided sequential test of a paired margin.

    Parameters
    ----------
    bound : the margin (above 0) that counts as a difference; under it the two are equal.
    alpha : the chance of declaring a difference when the margin is 0 (both sides together).
    beta : the chance of missing a margin of ``bound`` or more (on its side).
    largest : the largest difference one deal can have (inf: no stop with no deal differing).
    min_differing : the differing deals needed before a decision on the ratios.
    """

    bound: float
    alpha: float = 0.05
    beta: float = 0.05
    largest: float = math.inf
    min_differing: int = 30

    def __post_init__(self):
        if not (math.isfinite(self.bound) and self.bound > 0):
            raise ValueError(f"the bound must be above 0, not {self.bound}")
        for name in ("alpha", "beta"):
            v = getattr(self, name)
            if not 0 < v < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, not {v}")
        if not self.largest > 0:
            raise ValueError(f"the largest difference must be above 0, not {self.largest}")
        if self.min_differing < 2:
            raise ValueError(f"min_differing must be at least 2, not {self.min_differing}")

    @property
    def upper(self) -> float:
        """The ratio at which a side is declared better: ``log((1 - beta) / (alpha / 2))``."""
        return math.log((1 - self.beta) / (self.alpha / 2))

    @property
    def lower(self) -> float:
        """The ratio at or below which a side is not better: ``log(beta / (1 - alpha / 2))``."""
        return math.log(self.beta / (1 - self.alpha / 2))

    def alike_deals_enough(self) -> int:
        """The deals played all alike after which the two are within the bound (0: never)."""
        if not math.isfinite(self.largest):
            return 0
        if self.largest <= self.bound:
            return 1
        # largest * (1 - beta ** (1 / n)) < bound
        return math.floor(math.log(self.beta) / math.log1p(-self.bound / self.largest)) + 1


def llr(deals, differing, total, squares, theta0: float, theta1: float):
    """The normal log-likelihood ratio of margin ``theta1`` against ``theta0`` from the sums over
    the differing deals (``differing`` of them, differences summing to ``total``, their squares
    to ``squares``) among ``deals``; arrays work element by element.  NaN below two differing
    deals or with no spread."""
    n, k = np.asarray(deals, np.float64), np.asarray(differing, np.float64)
    s1, s2 = np.asarray(total, np.float64), np.asarray(squares, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        m, q = s1 / k, s2 / k
        var = q - p * m * m     # the variance of all deals over the share: s2/n - (s1/n)^2 = p var
        b0, b1 = theta0 / p, theta1 / p    # the margins on the differing deals
        out = k * (b1 - b0) * (2 * m - b0 - b1) / (2 * var)
    out = np.where((k >= 2) & (var > 0), out, np.nan)
    return float(out) if out.ndim == 0 else out


def decide(test: Sprt, deals, differing, total, squares):
    """``(code, llr_a, llr_b)``: the decision of ``test`` on these sums (``CONTINUE``,
    ``A_BETTER``, ``B_BETTER`` or ``WITHIN``) and the two ratios; arrays element by element."""
    n, k = np.asarray(deals), np.asarray(differing)
    ra = np.asarray(llr(n, k, total, squares, 0.0, test.bound))
    rb = np.asarray(llr(n, k, total, squares, 0.0, -test.bound))
    ready = k >= test.min_differing
    code = np.full(np.broadcast(n, k, ra).shape, CONTINUE, np.int8)
    with np.errstate(invalid="ignore"):
        code[ready & (ra <= test.lower) & (rb <= test.lower)] = WITHIN
        code[ready & (rb >= test.upper)] = B_BETTER
        code[ready & (ra >= test.upper)] = A_BETTER
    enough = test.alike_deals_enough()
    if enough:
        code[(k == 0) & (n >= enough)] = WITHIN
    if code.ndim == 0:
        return int(code), float(ra), float(rb)
    return code, ra, rb


def why(test: Sprt, code: int, deals: int, differing: int, llr_a: float, llr_b: float,
        names: tuple[str, str] = ("A", "B")) -> str:
    """Why ``decide`` answered ``code`` (the rule that fired, or where the ratios stand), the
    two sides called ``names``."""
    if code in (A_BETTER, B_BETTER):
        side, ratio = (names[0], llr_a) if code == A_BETTER else (names[1], llr_b)
        return f"{side}'s ratio {ratio:+.2f} reached {test.upper:+.2f} = log((1-beta)/(alpha/2))"
    if code == WITHIN and differing == 0:
        share = 1 - test.beta ** (1 / deals)
        return (f"all {deals:,} deals were played alike, so the share that differs is under "
                f"{share:.2%} and the margin under {test.largest * share:.4f} a hand (a margin "
                f"of the bound plays that many alike with chance under {test.beta:g})")  # fmt: skip
    if code == WITHIN:
        return (f"both ratios ({llr_a:+.2f}, {llr_b:+.2f}) fell to {test.lower:+.2f} = "
                f"log(beta/(1-alpha/2))")  # fmt: skip
    if differing < test.min_differing:
        return f"{differing:,} deals differed, {test.min_differing:,} needed to decide"
    return (f"ratios {llr_a:+.2f} ({names[0]}) and {llr_b:+.2f} ({names[1]}), between "
            f"{test.lower:+.2f} and {test.upper:+.2f}")  # fmt: skip


def estimates(deals: int, differing: int, total: float, squares: float,
              confidence: float = DEFAULT_CONFIDENCE) -> dict:
    """The share of deals that differed (Wilson interval), the margin over the differing deals and
    the margin a hand over all deals (share times it), each with its normal interval.  The
    margin's standard error is that of the mean over all deals, alike ones counted as 0, written
    with the differing deals' sums: ``(squares - total**2 / deals) / (deals (deals - 1))``."""
    z = z_value(confidence)
    share_low, share_high = wilson_interval(differing, deals, confidence) if deals else (
        math.nan, math.nan)  # fmt: skip
    out = {"deals": int(deals), "differing": int(differing),
           "share": differing / deals if deals else math.nan,
           "share_low": share_low, "share_high": share_high}  # fmt: skip
    md = total / differing if differing else math.nan
    sd = (math.sqrt(max(squares - total * total / differing, 0.0) / (differing * (differing - 1)))
          if differing > 1 else math.nan)  # fmt: skip
    out.update(margin_differing=md, margin_differing_low=md - z * sd,
               margin_differing_high=md + z * sd)  # fmt: skip
    margin = total / deals if deals else math.nan
    se = (math.sqrt(max(squares - total * total / deals, 0.0) / (deals * (deals - 1)))
          if deals > 1 else math.nan)  # fmt: skip
    out.update(margin=margin, low=margin - z * se, high=margin + z * se, se=se)
    return out


def next_batch(played: int, first: int, cap: int, growth: float = 0.25) -> int:
    """The deals of the next batch: ``first``, then ``growth`` times those played so far (so
    the looks are few, and each costs little against the deals), never past ``cap``."""
    return max(0, min(max(first, int(growth * played)), cap - played))


__all__ = ["Sprt", "llr", "decide", "why", "estimates", "next_batch", "DECISIONS", "CONTINUE",
           "A_BETTER", "B_BETTER", "WITHIN"]
