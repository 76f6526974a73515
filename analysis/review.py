"""How good is a strategy's card play? Every card of traced hands valued by the double-dummy
solver (``sim.solver.review``), tallied by position in the trick and by role.

``play_review`` traces hands (``sim.trace``, the same hands ``simulate`` plays with that seed,
the strategy at all four seats), reviews each hand that was played out (every card's perfect
value before and after it) and returns one row per group of card plays:

* ``lossy_share``: the share of the group's card plays that lost value for the player's side
  under perfect information (all hands seen, everyone perfect from then on);
  ``lossy_share_of_critical``: the same share of the *critical* plays, those where some legal
  card would have given a different value (``critical`` counts them: in many hands the outcome
  is settled and no card matters);
* ``points_per_hand``: the points those cards cost the player's side, per hand played out;
* ``points_per_lossy_play``: the mean cost of a card that lost value.

Intervals are 95% and treat the hand as the unit (a hand's plays are not independent):
ratio estimates use the delta method over hands, means the normal interval.  Two more rows
(``by == "value"``) hold the mean value of the hands when play began (``start``) and the mean
points the makers scored (``scored``) in ``points_per_hand``; the makers' points per hand lost
minus the defenders' equal ``start - scored``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
import pandas as pd

from analysis.stats import z_value
from sim import Rules, Table, trace
from sim.intervals import normal_interval, sample_interval
from sim.solver.review import ROLES, SIDES, TRICK_POSITIONS, hand_totals, review_hands

GROUPS = ((("all", "all"),) + tuple(("position", p) for p in TRICK_POSITIONS)
          + tuple(("side", s) for s in SIDES) + tuple(("role", r) for r in ROLES))
_INDEX = {g: k for k, g in enumerate(GROUPS)}
BATCH = 2_000
COLUMNS = ("strategy", "by", "group", "hands", "plays", "critical", "lossy_plays",
           "lossy_share", "lossy_share_low", "lossy_share_high",
           "lossy_share_of_critical", "lossy_share_of_critical_low",
           "lossy_share_of_critical_high",
           "points_per_hand", "points_per_hand_low", "points_per_hand_high",
           "points_per_lossy_play", "points_per_lossy_play_low", "points_per_lossy_play_high")


def _tally(reviews) -> tuple[np.ndarray, np.ndarray]:
    """Per hand played out: (counts (hands, groups, 4): plays, critical plays, lossy plays,
    points lost; values (hands, 2): start value, makers' points)."""
    played = [rows for rows in reviews if rows]
    counts = np.zeros((len(played), len(GROUPS), 4), np.int64)
    values = np.zeros((len(played), 2), np.int64)
    for h, rows in enumerate(played):
        for r in rows:
            cell = (r["best"] != r["worst"], r["loss"] > 0, r["loss"])
            for g in (("all", "all"), ("position", r["position"]), ("side", r["side"]),
                      ("role", r["role"])):
                k = _INDEX[g]
                counts[h, k, 0] += 1
                counts[h, k, 1:] += cell
        t = hand_totals(rows)
        values[h] = t["start"], t["end"]
    return counts, values


def _ratio(y: np.ndarray, x: np.ndarray, z: float) -> tuple[float, float, float]:
    """sum(y) / sum(x) with a delta-method interval over the units (hands)."""
    n, sx = len(x), float(x.sum())
    if n < 2 or sx == 0:
        return math.nan, math.nan, math.nan
    r = float(y.sum()) / sx
    d = y - r * x
    se = math.sqrt(float(np.dot(d, d)) / (n - 1) / n) / (sx / n)
    return (r, *normal_interval(r, se, z))


def review_table(strategy: str, counts: np.ndarray, values: np.ndarray,
                 confidence: float = 0.95) -> pd.DataFrame:
    """The table of ``play_review`` from per-hand tallies (``counts``, ``values``)."""
    z = z_value(confidence)
    rows = []
    n = counts.shape[0]
    for (by, group), k in _INDEX.items():
        plays, critical, lossy, lost = (counts[:, k, j] for j in range(4))
        rows.append((strategy, by, group, n, int(plays.sum()), int(critical.sum()),
                     int(lossy.sum()), *_ratio(lossy, plays, z), *_ratio(lossy, critical, z),
                     *sample_interval(lost.astype(np.float64), z), *_ratio(lost, lossy, z)))
    nan = (math.nan,) * 3
    for j, name in enumerate(("start", "scored")):
        rows.append((strategy, "value", name, n, 0, 0, 0, *nan, *nan,
                     *sample_interval(values[:, j].astype(np.float64), z), *nan))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def play_review(strategy="basic", hands: int = 20_000, seed: int = 1, rules: Rules | None = None,
                *, batch: int = BATCH, threads: int | None = None,
                progress: Callable[[int], None] | None = None,
                timings: dict | None = None) -> pd.DataFrame:
    """Review the card play of ``hands`` traced hands (seed ``seed``, ``strategy`` at every
    seat: a built-in name, TOML path or ``Strategy``): the module's table, one row per group
    (``by``: all, position in the trick, side, role; and the two ``value`` rows).

    Hands are traced and solved ``batch`` at a time (``threads``: the solver's threads);
    ``progress`` is called with the hands done after each batch; ``timings`` (a dict), when
    given, gains the seconds spent tracing (``trace``) and reviewing (``review``)."""
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    rules = rules or Rules()
    table = Table.teams(strategy)
    parts_c, parts_v = [], []
    spent = {"trace": 0.0, "review": 0.0}
    for start in range(0, hands, batch):
        n = min(batch, hands - start)
        t0 = time.perf_counter()
        records = trace(seed, range(start, start + n), rules, table)
        t1 = time.perf_counter()
        c, v = _tally(review_hands(records, rules, threads))
        spent["trace"] += t1 - t0
        spent["review"] += time.perf_counter() - t1
        parts_c.append(c)
        parts_v.append(v)
        if progress is not None:
            progress(n)
    if timings is not None:
        for k, t in spent.items():
            timings[k] = timings.get(k, 0.0) + t
    name = table.seats[0].name
    return review_table(name, np.concatenate(parts_c), np.concatenate(parts_v))


__all__ = ["play_review", "review_table", "GROUPS"]
