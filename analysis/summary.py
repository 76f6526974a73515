"""The headline numbers of a run, computed exactly from its tally histogram
(``sim.run.hands.TALLY_SHAPE``) and the rules, so aggregate and records mode agree exactly:
``summarise`` (one row per statistic) and ``by_position`` (making by the maker's position).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.stats import Estimate, mean_interval, proportion
from sim import POSITIONS, Rules, RunResult, points_table
from sim.run.hands import TALLY_SHAPE

COLUMNS = ["statistic", "value", "low", "high", "n", "unit"]
POSITION_COLUMNS = ["position", *COLUMNS]

# tally axes, in the order of TALLY_SHAPE
FARMER, DEALER, ROUND, MAKER_POS, ALONE, DEF_ALONE, TRICKS = range(7)


def cell_points(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Points to team 0 and team 1 for every tally cell (arrays of ``TALLY_SHAPE``).

    Makers with 3-4 tricks score 1, all 5 score 2 (4 alone); euchred makers give the defenders
    2 (``rules.lone_defender_euchre_points`` when a defender was alone); passed out scores 0.
    """
    _, dealer, rnd, mpos, alone, dal, tricks = np.indices(TALLY_SHAPE)
    maker_team = (dealer + 1 + mpos) % 4 % 2
    made = rnd > 0
    table = points_table(rules.lone_defender_euchre_points)
    maker_pts = table[tricks, alone, dal, 0]
    def_pts = table[tricks, alone, dal, 1]
    maker_pts = np.where(made, maker_pts, 0)
    def_pts = np.where(made, def_pts, 0)
    pts0 = np.where(maker_team == 0, maker_pts, def_pts)
    pts1 = np.where(maker_team == 1, maker_pts, def_pts)
    return pts0, pts1


def _check(tally) -> np.ndarray:
    t = np.asarray(tally)
    if t.shape != TALLY_SHAPE:
        raise ValueError(f"tally must have shape {TALLY_SHAPE}, not {t.shape}")
    return t.astype(np.int64)


def _distribution(points: np.ndarray, tally: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct per-hand values and how many hands took each (exact integer counts)."""
    values = np.unique(points)
    counts = np.array([int(tally[points == v].sum()) for v in values], dtype=np.int64)
    return values, counts


def _row(name: str, est: Estimate, unit: str) -> dict:
    return {"statistic": name, "value": est.value, "low": est.low, "high": est.high,
            "n": est.n, "unit": unit}  # fmt: skip


def _share(name: str, k, n) -> dict:
    return _row(name, proportion(int(k), int(n)), "share")


def summarise(result: RunResult) -> pd.DataFrame:
    """Headline statistics of a run, one row each (``statistic, value, low, high, n, unit``).

    Units: ``share`` (a proportion, Wilson interval), ``points`` (mean per hand, normal
    interval from the exact per-hand point distribution), ``hands`` (a count, no interval).

    Rows: ``made in round 1``, ``made in round 2``, ``passed out`` (of all hands); ``alone``,
    ``defended alone`` (with defend_alone), ``makers' success``, ``march``, ``euchred`` (of
    made hands); ``team 0 points``, ``team 1 points``, ``dealer's team points``, ``non-dealer
    team points`` (per hand) and ``dealer's team edge`` (dealer's team minus the non-dealer
    team, paired per hand); ``farmer swaps`` (with farmers_hand).
    """
    t = _check(result.tally)
    rules = result.rules
    hands = int(t.sum())
    by_round = t.sum(axis=(FARMER, DEALER, MAKER_POS, ALONE, DEF_ALONE, TRICKS))
    made_t = t[:, :, 1:]
    made = int(made_t.sum())
    tricks = made_t.sum(axis=(0, 1, 2, 3, 4, 5))
    rows = [
        _share("made in round 1", by_round[1], hands),
        _share("made in round 2", by_round[2], hands),
        _share("passed out", by_round[0], hands),
        _share("alone", made_t[:, :, :, :, 1].sum(), made),
    ]
    if rules.defend_alone:
        rows.append(_share("defended alone", made_t[:, :, :, :, :, 1].sum(), made))
    rows += [
        _share("makers' success", tricks[3:].sum(), made),
        _share("march", tricks[5], made),
        _share("euchred", tricks[:3].sum(), made),
    ]
    pts0, pts1 = cell_points(rules)
    dealer_team = np.indices(TALLY_SHAPE)[DEALER] % 2
    dealer_pts = np.where(dealer_team == 0, pts0, pts1)
    other_pts = np.where(dealer_team == 0, pts1, pts0)
    for name, pts in (
        ("team 0 points", pts0),
        ("team 1 points", pts1),
        ("dealer's team points", dealer_pts),
        ("non-dealer team points", other_pts),
        ("dealer's team edge", dealer_pts - other_pts),
    ):
        rows.append(_row(name, mean_interval(*_distribution(pts, t)), "points"))
    if rules.farmers_hand:
        swaps = int(t[1].sum())
        rows.append({"statistic": "farmer swaps", "value": float(swaps), "low": math.nan,
                     "high": math.nan, "n": hands, "unit": "hands"})  # fmt: skip
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["n"] = df["n"].astype(np.int64)
    return df


def by_position(result: RunResult) -> pd.DataFrame:
    """Making by the maker's position relative to the dealer (first, second, third, dealer).

    Returns a DataFrame of tidy rows ``position, statistic, value, low, high, n, unit`` with,
    per position: ``made`` (share of all hands made from there), then ``alone``, ``makers'
    success``, ``march`` and ``euchred`` (shares of the hands made from there).
    """
    t = _check(result.tally)
    hands = int(t.sum())
    made_t = t[:, :, 1:]
    rows = []
    for p, pos in enumerate(POSITIONS):
        cells = made_t[:, :, :, p]  # farmer, dealer, round, alone, defender alone, tricks
        made = int(cells.sum())
        tricks = cells.sum(axis=(0, 1, 2, 3, 4))
        for r in (
            _share("made", made, hands),
            _share("alone", cells[:, :, :, 1].sum(), made),
            _share("makers' success", tricks[3:].sum(), made),
            _share("march", tricks[5], made),
            _share("euchred", tricks[:3].sum(), made),
        ):
            rows.append({"position": pos, **r})
    df = pd.DataFrame(rows, columns=POSITION_COLUMNS)
    df["n"] = df["n"].astype(np.int64)
    return df


__all__ = ["summarise", "by_position", "cell_points"]
