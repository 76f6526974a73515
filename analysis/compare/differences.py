"""The rule comparison's tables: each statistic under rules A and B and B - A with paired and
unpaired 95% intervals (``compare_hands``, ``compare_games``), the makers' rates, and the
change in win probability by score."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.compare.play import GameArrays, HandArrays
from analysis.compare.verdicts import rules_label, verdict
from analysis.stats import DEFAULT_CONFIDENCE, mean_interval, proportion, z_value
from sim import Rules
from sim.intervals import Z95, normal_interval

COMPARE_COLUMNS = [
    "section", "statistic", "unit", "a", "a_low", "a_high", "b", "b_low", "b_high", "diff",
    "paired_low", "paired_high", "paired_se", "unpaired_low", "unpaired_high", "unpaired_se",
    "n", "verdict",
]  # fmt: skip
MAKER_COLUMNS = [
    "rules", "makers", "made", "success", "success_low", "success_high", "euchred",
    "euchred_low", "euchred_high", "march", "march_low", "march_high",
]  # fmt: skip

# statistic key -> (label, unit, phrase for the verdict line)
HAND_STATS = {
    "round1": ("made in round 1", "share", "the share of hands made in round 1"),
    "round2": ("made in round 2 (forced calls included)", "share",
               "the share of hands made in round 2"),
    "passed": ("passed out (redealt)", "share", "the share of hands passed out"),
    "forced": ("forced on the dealer", "share", "the share of hands forced on the dealer"),
    "dealer_points": ("dealing team's points per hand", "points",
                      "the dealing team's points per hand"),
    "other_points": ("other team's points per hand", "points",
                     "the other team's points per hand"),
    "dealer_net": ("dealing team's net points per hand", "points",
                   "the dealing team's net points per hand (its points minus the other team's)"),
    "march": ("marches (share of hands)", "share", "the share of hands that end in a march"),
    "euchre": ("euchres (share of hands)", "share", "the share of hands that end in a euchre"),
    "points": ("points scored per hand (both teams)", "points",
               "the points scored per hand"),
    "hands_per_point": ("hands per point scored", "hands", "the hands dealt per point scored"),
}  # fmt: skip
GAME_STATS = {
    "first_dealer_wins": ("first dealer's team wins", "share",
                          "the first dealer's team's game win rate"),
    "hands": ("hands per game", "hands", "the hands per game"),
    "redeals": ("redeals per game", "hands", "the redeals per game"),
    "forced_calls": ("forced calls per game", "hands", "the forced calls per game"),
    "decided_forced": ("games decided by a forced call", "share",
                       "the share of games decided by a hand forced on the dealer"),
}  # fmt: skip


def hand_values(h: HandArrays) -> dict[str, np.ndarray]:
    """Per-hand values whose means are the hand statistics (all but ``hands_per_point``)."""
    dteam = h.dealer.astype(np.int64) & 1
    p0 = h.points0.astype(np.int64)
    p1 = h.points1.astype(np.int64)
    dealer_pts = np.where(dteam == 0, p0, p1)
    other_pts = np.where(dteam == 0, p1, p0)
    made = h.round > 0
    return {
        "round1": (h.round == 1).astype(np.int64),
        "round2": (h.round == 2).astype(np.int64),
        "passed": (h.round == 0).astype(np.int64),
        "forced": h.forced.astype(np.int64),
        "dealer_points": dealer_pts,
        "other_points": other_pts,
        "dealer_net": dealer_pts - other_pts,
        "march": (made & (h.maker_tricks == 5)).astype(np.int64),
        "euchre": (made & (h.maker_tricks < 3)).astype(np.int64),
        "points": p0 + p1,
    }


def _side(x: np.ndarray, unit: str, confidence: float):
    if unit == "share":
        e = proportion(int(x.sum()), x.size, confidence)
    else:
        e = mean_interval(*np.unique(x, return_counts=True), confidence=confidence)
    return e.value, e.low, e.high


def difference_row(section, key, stats, xa, xb, confidence=DEFAULT_CONFIDENCE) -> dict:
    """One comparison row: both sides with intervals, B - A with paired and unpaired intervals."""
    label, unit, _ = stats[key]
    z = z_value(confidence)
    n = xa.size
    a, a_low, a_high = _side(xa, unit, confidence)
    b, b_low, b_high = _side(xb, unit, confidence)
    d = xb.astype(np.float64) - xa
    diff = float(d.mean())
    se_p = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
    se_u = math.sqrt((xa.var(ddof=1) + xb.var(ddof=1)) / n) if n > 1 else math.nan
    row = {"section": section, "statistic": label, "unit": unit, "a": a, "a_low": a_low,
           "a_high": a_high, "b": b, "b_low": b_low, "b_high": b_high, "diff": diff,
           "paired_se": se_p, "unpaired_se": se_u, "n": n}  # fmt: skip
    row["paired_low"], row["paired_high"] = normal_interval(diff, se_p, z)
    row["unpaired_low"], row["unpaired_high"] = normal_interval(diff, se_u, z)
    return row


def _ratio_row(pa: np.ndarray, pb: np.ndarray, confidence=DEFAULT_CONFIDENCE) -> dict:
    """Hands per point scored, ``n / sum(points)``, by the delta method (linearised per hand)."""
    z = z_value(confidence)
    n = pa.size
    ma, mb = pa.mean(), pb.mean()
    la = -(pa - ma) / ma**2  # per-hand influence of each hand on 1 / mean
    lb = -(pb - mb) / mb**2
    ra, rb = 1 / ma, 1 / mb
    sa, sb = la.std(ddof=1) / math.sqrt(n), lb.std(ddof=1) / math.sqrt(n)
    se_p = float((lb - la).std(ddof=1) / math.sqrt(n))
    se_u = math.sqrt(sa**2 + sb**2)
    d = rb - ra
    label, unit, _ = HAND_STATS["hands_per_point"]
    (a_low, a_high), (b_low, b_high) = normal_interval(ra, sa, z), normal_interval(rb, sb, z)
    (p_low, p_high), (u_low, u_high) = normal_interval(d, se_p, z), normal_interval(d, se_u, z)
    return {
        "section": "hand", "statistic": label, "unit": unit,
        "a": ra, "a_low": a_low, "a_high": a_high,
        "b": rb, "b_low": b_low, "b_high": b_high, "diff": d,
        "paired_low": p_low, "paired_high": p_high, "paired_se": se_p,
        "unpaired_low": u_low, "unpaired_high": u_high, "unpaired_se": se_u, "n": n,
    }  # fmt: skip


def check_pairing(a: HandArrays, b: HandArrays) -> None:
    """Raise unless both runs played exactly the same deals, dealt by the same seats."""
    if a.n != b.n or not np.array_equal(a.deals, b.deals) or not np.array_equal(a.dealer, b.dealer):
        raise RuntimeError("the two runs did not play the same deals; the comparison is unpaired")


def compare_hands(a: HandArrays, b: HandArrays, confidence=DEFAULT_CONFIDENCE) -> pd.DataFrame:
    """Per-hand statistics under rules A and B with B - A (paired and unpaired intervals)."""
    check_pairing(a, b)
    va, vb = hand_values(a), hand_values(b)
    rows = [difference_row("hand", k, HAND_STATS, va[k], vb[k], confidence) for k in va]
    rows.append(_ratio_row(va["points"].astype(float), vb["points"].astype(float), confidence))
    return _with_verdicts(pd.DataFrame(rows), a.rules, b.rules, HAND_STATS)


def compare_games(a: GameArrays, b: GameArrays, confidence=DEFAULT_CONFIDENCE) -> pd.DataFrame:
    """Per-game statistics under rules A and B with B - A (paired over game numbers)."""
    if not np.array_equal(a.first_dealer, b.first_dealer):
        raise RuntimeError("the two game runs drew different first dealers; not paired")
    rows = []
    for key in GAME_STATS:
        if key == "first_dealer_wins":
            xa = (a.winner == (a.first_dealer & 1)).astype(np.int64)
            xb = (b.winner == (b.first_dealer & 1)).astype(np.int64)
        else:
            xa, xb = getattr(a, key).astype(np.int64), getattr(b, key).astype(np.int64)
        rows.append(difference_row("game", key, GAME_STATS, xa, xb, confidence))
    return _with_verdicts(pd.DataFrame(rows), a.rules, b.rules, GAME_STATS)


def maker_rates(h: HandArrays, confidence=DEFAULT_CONFIDENCE) -> pd.DataFrame:
    """Success (3+ tricks), euchre and march rates of all makers, forced dealers and the rest."""
    made = h.round > 0
    forced = h.forced
    groups = {"all makers": made, "forced dealers": forced, "makers not forced": made & ~forced}
    rows = []
    for name, mask in groups.items():
        t = h.maker_tricks[mask]
        row = {"rules": rules_label(h.rules), "makers": name, "made": int(mask.sum())}
        for stat, hit in (("success", t >= 3), ("euchred", t < 3), ("march", t == 5)):
            e = proportion(int(hit.sum()), t.size, confidence)
            row[stat], row[f"{stat}_low"], row[f"{stat}_high"] = e.value, e.low, e.high
        rows.append(row)
    return pd.DataFrame(rows, columns=MAKER_COLUMNS)


def _with_verdicts(df: pd.DataFrame, ra: Rules, rb: Rules, stats: dict) -> pd.DataFrame:
    la, lb = rules_label(ra), rules_label(rb)
    phrases = {v[0]: v[2] for v in stats.values()}
    df["verdict"] = [verdict(r, la, lb, phrases[r["statistic"]]) for r in df.to_dict("records")]
    return df[COMPARE_COLUMNS]


def win_probability_difference(wp: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """P(dealing team wins) under rule set ``b`` minus under ``a`` by score, in percentage
    points, with an unpaired 95% interval from the two Wilson intervals (``diff, low, high``)."""
    key = ["dealer_score", "other_score"]
    m = wp[wp["rules"] == a].merge(wp[wp["rules"] == b], on=key, suffixes=("_a", "_b"))
    z = Z95
    se = np.hypot((m["high_a"] - m["low_a"]) / (2 * z), (m["high_b"] - m["low_b"]) / (2 * z))
    out = m[key].copy()
    out["diff"] = 100 * (m["p_b"] - m["p_a"])
    out["low"], out["high"] = out["diff"] - 100 * z * se, out["diff"] + 100 * z * se
    return out
