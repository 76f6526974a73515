"""The headline numbers of a run, computed exactly from its tally histogram
(``sim.runner.TALLY_SHAPE``) and the rules, so aggregate and records mode agree exactly:
``summarise`` (one row per statistic), ``by_position`` (making by the maker's position), and
their text and JSON renderings.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.stats import Estimate, mean_interval, proportion
from sim.rules import Rules
from sim.runner import POSITIONS, TALLY_SHAPE, RunResult

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
    maker_pts = np.where(tricks == 5, np.where(alone == 1, 4, 2), np.where(tricks >= 3, 1, 0))
    def_pts = np.where(tricks < 3, np.where(dal == 1, rules.lone_defender_euchre_points, 2), 0)
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


# ---------------------------------------------------------------------------------------------
# rendering


def _fmt_value(value: float, low: float, high: float, unit: str, gap: str = "  ") -> str:
    if math.isnan(value):
        return "     -"
    if unit == "share":
        return f"{100 * value:6.2f}%{gap}[{100 * low:.2f}, {100 * high:.2f}]"
    if unit == "points":
        if math.isnan(low):
            return f"{value: .4f}"
        return f"{value: .4f}{gap}[{low:.4f}, {high:.4f}]"
    return f"{int(value):,}"


def _strategies(result: RunResult) -> str:
    d = result.table.describe()
    if d["team0"] == d["team1"]:
        return f"{d['team0']} (both teams)"
    return f"team 0 {d['team0']}, team 1 {d['team1']}"


def header(result: RunResult) -> str:
    """Two lines: what was run, and how fast."""
    return (
        f"{result.hands:,} hands, seed {result.seed}, rules: {result.rules.describe()}, "
        f"strategies: {_strategies(result)}\n"
        f"{result.wall_s:.2f} s, {result.hands_per_s:,.0f} hands/s on {result.threads} "
        f"thread{'s' if result.threads != 1 else ''}"
    )


def format_summary(
    df: pd.DataFrame, result: RunResult, positions: pd.DataFrame | None = None
) -> str:
    """An aligned, human-readable block: header, one line per statistic, optional positions.

    Example line: ``made in round 1      61.23%  [61.13, 61.33]``.  Shares print as
    percentages with their 95% interval; points per hand with a sign and four decimals.
    """
    lines = [header(result), ""]
    width = max(len(s) for s in df["statistic"]) + 2
    for r in df.itertuples(index=False):
        lines.append(f"{r.statistic:<{width}}{_fmt_value(r.value, r.low, r.high, r.unit)}")
    if positions is not None and len(positions):
        lines += ["", "by maker's position (made: of all hands; the rest: of hands made there)"]
        stats = list(dict.fromkeys(positions["statistic"]))
        cell = 24
        lines.append(" " * 11 + "".join(f"{s:<{cell}}" for s in stats).rstrip())
        for pos, g in positions.groupby("position", sort=False):
            parts = [
                _fmt_value(r.value, r.low, r.high, r.unit, gap=" ")
                for r in g.set_index("statistic").loc[stats].reset_index().itertuples()
            ]
            lines.append(f"{pos:<10}" + "".join(f"{p:<{cell}}" for p in parts).rstrip())
    return "\n".join(lines)


def _clean(x):
    if isinstance(x, float | np.floating):
        return None if math.isnan(x) else float(x)
    if isinstance(x, np.integer):
        return int(x)
    return x


def _records(df: pd.DataFrame, key: str = "statistic") -> dict:
    return {
        r[key]: {c: _clean(r[c]) for c in ("value", "low", "high", "n", "unit")}
        for r in df.to_dict("records")
    }


def summary_json(result: RunResult) -> dict:
    """The summary as plain JSON-ready data (NaN becomes ``None``).

    ``{"hands", "seed", "rules", "rules_description", "strategies", "threads", "wall_s",
    "hands_per_s", "statistics": {name: {value, low, high, n, unit}}, "by_position":
    {position: {name: {...}}}}``.
    """
    pos = by_position(result)
    return {
        "hands": int(result.hands),
        "seed": int(result.seed),
        "rules": result.rules.as_dict(),
        "rules_description": result.rules.describe(),
        "strategies": result.table.describe(),
        "threads": int(result.threads),
        "wall_s": _clean(float(result.wall_s)),
        "hands_per_s": _clean(float(result.hands_per_s)),
        "statistics": _records(summarise(result)),
        "by_position": {p: _records(g) for p, g in pos.groupby("position", sort=False)},
    }


__all__ = ["summarise", "by_position", "format_summary", "summary_json", "cell_points", "header"]
