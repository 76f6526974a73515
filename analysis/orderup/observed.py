"""Observed bidding: how often each position ordered up or called, by hand class or point
count, and how the makers fared (``observe`` plays and tallies, ``observed_rates`` reads the
tally)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.features import N_CLASSES, N_POINT_BINS, decision_arrays, int_columns
from analysis.orderup.perfect_play import PERFECT_BATCH, check_play, perfect_records
from analysis.orderup.tallies import (
    DEFAULT_BATCH,
    RECORD_COLUMNS,
    cell_groups,
    label_columns,
    mean_columns,
    regroup,
    share_columns,
)
from sim import POSITIONS, Rules, RunSpec, Table, points_table, simulate

# observed outcome of one decision: 0 = passed, else 1 + maker tricks * 4 + alone * 2 + lone def.
N_OUTCOMES = 25
_KEEP = ("class_code", "point_bin")


def outcome_code(made, tricks, alone, lone_defender) -> np.ndarray:
    """Outcome code of decisions: 0 when the player passed, else ``1 + tricks * 4 + alone * 2 +
    lone defender``."""
    made = np.asarray(made).astype(bool)
    code = 1 + np.asarray(tricks) * 4 + np.asarray(alone) * 2 + np.asarray(lone_defender)
    return np.where(made, code, 0).astype(np.int64)


def outcome_table(rules: Rules | None = None) -> pd.DataFrame:
    """One row per outcome code: ``made, tricks, alone, lone_defender, net`` (makers' points
    minus defenders' points on that hand, by the published scoring table)."""
    rules = rules or Rules()
    points = points_table(rules.lone_defender_euchre_points)
    rows = [{"code": 0, "made": 0, "tricks": 0, "alone": 0, "lone_defender": 0, "net": 0}]
    for tricks in range(6):
        for alone in range(2):
            for lone in range(2):
                net = int(points[tricks, alone, lone, 0] - points[tricks, alone, lone, 1])
                code = 1 + tricks * 4 + alone * 2 + lone
                rows.append(
                    {"code": code, "made": 1, "tricks": tricks, "alone": alone,
                     "lone_defender": lone, "net": net}
                )  # fmt: skip
    return pd.DataFrame(rows).sort_values("code").reset_index(drop=True)


@dataclass
class ObservedTally:
    """Decision counts: ``by_class[position, round - 1, class code, outcome]`` and
    ``by_points[position, round - 1, point bin, outcome]`` over ``hands`` hands."""

    by_class: np.ndarray = field(
        default_factory=lambda: np.zeros((4, 2, N_CLASSES, N_OUTCOMES), np.int64)
    )
    by_points: np.ndarray = field(
        default_factory=lambda: np.zeros((4, 2, N_POINT_BINS, N_OUTCOMES), np.int64)
    )
    hands: int = 0
    #: how the hands were played after the bidding (``PLAYS``)
    play: str = "strategy"

    def add(self, other: ObservedTally) -> ObservedTally:
        self.by_class += other.by_class
        self.by_points += other.by_points
        self.hands += other.hands
        return self


def observed_tally(records, rules: Rules | None = None, params=None) -> ObservedTally:
    """Tally the auction decisions of one batch of records (``sim.run.hands`` records columns)."""
    rules = rules or Rules()
    records = int_columns(records, RECORD_COLUMNS)
    lone = (records["defender_alone"] >= 0).astype(np.int64)
    out = ObservedTally(hands=len(records["dealer"]))
    for r in (1, 2):
        d = decision_arrays(
            records, r, params=params, may_discard_upcard=rules.dealer_may_discard_upcard,
            keep=_KEEP,
        )  # fmt: skip
        row = d["row"]
        oc = outcome_code(d["made"], records["maker_tricks"][row], records["alone"][row], lone[row])
        cell = d["position"] * 2 + (r - 1)
        out.by_class += np.bincount(
            (cell * N_CLASSES + d["class_code"]) * N_OUTCOMES + oc,
            minlength=out.by_class.size,
        ).reshape(out.by_class.shape)
        out.by_points += np.bincount(
            (cell * N_POINT_BINS + d["point_bin"]) * N_OUTCOMES + oc,
            minlength=out.by_points.size,
        ).reshape(out.by_points.shape)
    return out


def observe(
    hands: int,
    seed: int = 0,
    rules: Rules | None = None,
    table: Table | None = None,
    *,
    threads: int | None = None,
    executor=None,
    batch: int = DEFAULT_BATCH,
    progress: Callable[[int], None] | None = None,
    play: str = "strategy",
) -> ObservedTally:
    """Play ``hands`` hands with the strategy (no forcing) and tally every auction decision.

    For each position, round and hand class: how often the auction reached that player, how
    often he ordered up (round 1) or called (round 2), and how the makers fared when he did
    (success, march, euchred, alone, their mean net points).  The candidate trump is the
    upcard's suit in round 1; in round 2 the suit called, else his best suit by point count
    (``analysis.features.decision_arrays``).  These rates are biased by which hands the
    strategy chose to bid: they describe the strategy, not the right decision.  Records stream
    batch by batch into the tallies; memory stays flat whatever ``hands`` is.  With ``play=
    "perfect"`` every hand is scored under perfect play after the bidding (``perfect_records``;
    the bidding is still the strategy's).
    """
    spec = RunSpec.of(seed, rules, table, threads)
    seed, rules, table = spec.seed, spec.rules, spec.table
    check_play(play, rules, table)
    total = ObservedTally(play=play)
    if play == "perfect":
        batch = min(batch, PERFECT_BATCH)

    def on_records(frame, _part):
        if play == "perfect":
            frame = perfect_records(frame, rules, threads=threads)
        total.add(observed_tally(frame, rules))

    simulate(
        hands, seed, rules, table, records=True, threads=threads, batch=batch,
        progress=progress, on_records=on_records, executor=executor,
    )  # fmt: skip
    return total


def observed_rates(tally: ObservedTally, rules: Rules | None = None, by: str = "class"):
    """Bidding and making rates per position, round and group, with 95% intervals.

    Parameters
    ----------
    tally : from ``observe`` or ``observed_tally``
    by : ``"class"`` (hand class key), ``"trumps"``, ``"trumps_aces"``, ``"points"``
        (point-count bins of ``analysis.features.POINT_BIN``) or ``"position"`` (all hands)

    Returns
    -------
    DataFrame, one row per (position, round, group) that the auction reached: ``play`` (how
    the hands were played after the bidding), ``decisions``
    (times the auction reached the player), ``made`` (ordered up or called) with
    ``made_rate/low/high`` of decisions; of the made hands ``success`` (3+ tricks), ``march``
    (5), ``euchred``, ``alone`` (each a count with Wilson rate and interval) and ``net_points``
    with ``net_points_low/high``: the makers' mean net points per made hand (their points
    minus the defenders', normal interval).  Grouped by points, ``points_from/points_to`` are
    the bin's edges.
    """
    rules = rules or Rules()
    counts = tally.by_points if by == "points" else tally.by_class
    labels, group = cell_groups(by, counts.shape[2])
    grouped = regroup(counts, group, len(labels)).reshape(-1, N_OUTCOMES)
    oc = outcome_table(rules)
    made_m = oc["made"].to_numpy() == 1
    tricks = oc["tricks"].to_numpy()
    alone = oc["alone"].to_numpy() == 1
    n = grouped.sum(axis=1)
    keep = n > 0
    g = grouped[keep]
    n = n[keep]
    made = g[:, made_m].sum(axis=1)
    cols = {"play": np.full(n.size, tally.play)}
    cols.update(label_columns(labels, [("position", list(POSITIONS)), ("round", [1, 2])], keep))
    cols["decisions"] = n
    cols.update(share_columns("made", made, n))
    cols.update(share_columns("success", g[:, made_m & (tricks >= 3)].sum(axis=1), made))
    cols.update(share_columns("march", g[:, made_m & (tricks == 5)].sum(axis=1), made))
    cols.update(share_columns("euchred", g[:, made_m & (tricks < 3)].sum(axis=1), made))
    cols.update(share_columns("alone", g[:, made_m & alone].sum(axis=1), made))
    mean, low, high, _ = mean_columns(oc["net"].to_numpy()[made_m], g[:, made_m])
    cols["net_points"] = mean
    cols["net_points_low"] = low
    cols["net_points_high"] = high
    return pd.DataFrame(cols)
