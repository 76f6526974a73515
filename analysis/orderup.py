"""When to order up and when to go alone: observed bidding rates (``observe``,
``observed_rates``: what the strategy did) and paired counterfactuals (``counterfactual``,
``counterfactual_table``, ``win_probability_gain``: the same deals with one round-1 decision
forced each way).  Records stream into small integer tallies, so memory stays flat and two runs
with the same seeds give the same tables bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.features import (
    CLASS_KEYS,
    N_CLASSES,
    N_POINT_BINS,
    POINT_BIN,
    class_parts,
    decision_arrays,
    feature_arrays,
    int_columns,
    pickup,
    seat_hands,
)
from analysis.stats import wilson_interval, z_value
from sim.rules import Rules
from sim.runner import (
    DEFAULT_CHUNK,
    FORCE_ALONE,
    FORCE_MAKE,
    FORCE_PASS,
    POSITIONS,
    Table,
    force_array,
    simulate,
)

# observed outcome of one decision: 0 = passed, else 1 + maker tricks * 4 + alone * 2 + lone def.
N_OUTCOMES = 25
# net points of one team on one hand: -4 .. 4
NET_VALUES = np.arange(-4, 5)
N_NET = NET_VALUES.size
DEFAULT_BATCH = 1 << 18
GROUPINGS = ("class", "trumps", "trumps_aces", "points", "position")
_KEEP = ("class_code", "point_bin")
_GIVE_UP = 1 << 20  # hands without a single reached deal before a position is given up
#: how the cards are played once the bidding is over: as the table's strategy plays them, or
#: perfectly with every card seen (``perfect_records``)
PLAYS = ("strategy", "perfect")
PERFECT_BATCH = 1 << 16  # smaller batches under perfect play: the solver is the slow part
_RECORD_COLUMNS = (
    "hand0", "hand1", "hand2", "hand3", "upcard", "dealer", "round", "maker", "trump",
    "alone", "defender_alone", "maker_tricks",
)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# observed rates


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
    rows = [{"code": 0, "made": 0, "tricks": 0, "alone": 0, "lone_defender": 0, "net": 0}]
    for tricks in range(6):
        for alone in range(2):
            for lone in range(2):
                if tricks == 5:
                    net = 4 if alone else 2
                elif tricks >= 3:
                    net = 1
                else:
                    net = -(rules.lone_defender_euchre_points if lone else 2)
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
    """Tally the auction decisions of one batch of records (``sim.runner`` records columns)."""
    rules = rules or Rules()
    records = int_columns(records, _RECORD_COLUMNS)
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
    rules = rules or Rules()
    table = table or Table.teams()
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


def _groups(by: str, n_cells: int) -> tuple[pd.DataFrame, np.ndarray]:
    """Group labels for the cells of a class tally (``by`` in GROUPINGS) and each cell's group."""
    if by == "points":
        b = np.arange(n_cells)
        labels = pd.DataFrame({"points_from": b * POINT_BIN, "points_to": (b + 1) * POINT_BIN})
        labels.loc[n_cells - 1, "points_to"] = math.inf
        return labels, b
    code = np.arange(n_cells)
    trumps, aces, right, left = class_parts(code)
    if by == "class":
        labels = pd.DataFrame(
            {"hand_class": CLASS_KEYS[code], "trumps": trumps, "off_aces": aces,
             "right_bower": right, "left_bower": left}
        )  # fmt: skip
        return labels, code
    if by == "trumps":
        return pd.DataFrame({"trumps": np.arange(6)}), trumps
    if by == "trumps_aces":
        g = trumps * 4 + aces
        labels = pd.DataFrame({"trumps": np.arange(24) // 4, "off_aces": np.arange(24) % 4})
        return labels, g
    if by == "position":
        return pd.DataFrame({"all": ["all hands"]}), np.zeros(n_cells, np.int64)
    raise ValueError(f"unknown grouping {by!r}: choose one of {', '.join(GROUPINGS)}")


def _regroup(counts: np.ndarray, group: np.ndarray, n_groups: int) -> np.ndarray:
    """Sum ``counts[..., cell, k]`` over cells of the same group -> ``[..., group, k]``."""
    out = np.zeros((*counts.shape[:-2], n_groups, counts.shape[-1]), np.int64)
    for g in range(n_groups):
        out[..., g, :] = counts[..., group == g, :].sum(axis=-2)
    return out


def _share_cols(name: str, k, n) -> dict:
    """Columns ``name`` (count), ``name_rate``, ``name_low``, ``name_high`` (Wilson 95%) for
    arrays of successes ``k`` out of ``n`` (NaN where ``n == 0``)."""
    k = np.asarray(k, dtype=np.int64)
    n = np.asarray(n, dtype=np.int64)
    low, high = wilson_interval(k, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(n > 0, k / np.maximum(n, 1), np.nan)
    return {name: k, f"{name}_rate": rate, f"{name}_low": low, f"{name}_high": high}


def mean_columns(values, counts) -> tuple[np.ndarray, ...]:
    """Mean, low, high, standard error of discrete distributions ``counts[i, j]`` over integer
    ``values[j]``, row by row, with the 95% normal interval of ``analysis.stats.mean_interval``
    (sums taken exactly in integers; NaN intervals below two observations)."""
    v = np.asarray(values, dtype=np.int64)
    c = np.asarray(counts, dtype=np.int64)
    n = c.sum(axis=1)
    s1 = c @ v
    s2 = c @ (v * v)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = s1 / n
        var = (n * s2 - s1 * s1) / (n * (n - 1))
        se = np.sqrt(var / n)
    se = np.where(n >= 2, se, np.nan)
    half = z_value() * se
    return mean, mean - half, mean + half, se


def _label_columns(labels: pd.DataFrame, outer: list[tuple[str, list]], keep) -> dict:
    """Label columns for the rows of a tally flattened in C order over (outer..., group),
    restricted to the rows ``keep``."""
    sizes = [len(v) for _, v in outer] + [len(labels)]
    idx = np.indices(sizes).reshape(len(sizes), -1)
    cols = {name: np.asarray(vals)[idx[k]] for k, (name, vals) in enumerate(outer)}
    for name in labels.columns:
        cols[name] = labels[name].to_numpy()[idx[-1]]
    return {k: v[keep] for k, v in cols.items()}


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
    labels, group = _groups(by, counts.shape[2])
    grouped = _regroup(counts, group, len(labels)).reshape(-1, N_OUTCOMES)
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
    cols.update(_label_columns(labels, [("position", list(POSITIONS)), ("round", [1, 2])], keep))
    cols["decisions"] = n
    cols.update(_share_cols("made", made, n))
    cols.update(_share_cols("success", g[:, made_m & (tricks >= 3)].sum(axis=1), made))
    cols.update(_share_cols("march", g[:, made_m & (tricks == 5)].sum(axis=1), made))
    cols.update(_share_cols("euchred", g[:, made_m & (tricks < 3)].sum(axis=1), made))
    cols.update(_share_cols("alone", g[:, made_m & alone].sum(axis=1), made))
    mean, low, high, _ = mean_columns(oc["net"].to_numpy()[made_m], g[:, made_m])
    cols["net_points"] = mean
    cols["net_points_low"] = low
    cols["net_points_high"] = high
    return pd.DataFrame(cols)


# ---------------------------------------------------------------------------------------------
# counterfactuals


@dataclass(frozen=True)
class ForcedChoice:
    """Two forced actions for one round-1 decision: ``a`` against ``b`` (gain = EV(a) - EV(b))."""

    a: str
    b: str
    force_a: int
    force_b: int
    #: net points of the deciding team that mean a march under action a and under b (None:
    #: not a making action)
    march_a: int | None = 2
    march_b: int | None = None


ORDER_VS_PASS = ForcedChoice("order", "pass", FORCE_MAKE, FORCE_PASS, march_a=2, march_b=None)
ALONE_VS_PARTNER = ForcedChoice("alone", "partner", FORCE_ALONE, FORCE_MAKE, march_a=4, march_b=2)


@dataclass
class PairedTally:
    """Joint counts of the deciding team's net points under two forced actions.

    ``by_class[position, class code, net under a + 4, net under b + 4]``, ``by_points[position,
    point bin, ...]``; ``deals[position]`` paired deals kept (auction reached the position),
    ``hands[position]`` hands played to find them; ``play``: how the hands were played after
    the bidding (``PLAYS``).
    """

    comparison: ForcedChoice
    by_class: np.ndarray = field(
        default_factory=lambda: np.zeros((4, N_CLASSES, N_NET, N_NET), np.int64)
    )
    by_points: np.ndarray = field(
        default_factory=lambda: np.zeros((4, N_POINT_BINS, N_NET, N_NET), np.int64)
    )
    deals: np.ndarray = field(default_factory=lambda: np.zeros(4, np.int64))
    hands: np.ndarray = field(default_factory=lambda: np.zeros(4, np.int64))
    #: how the hands were played after the bidding (``PLAYS``)
    play: str = "strategy"


def team_net(records, seat) -> np.ndarray:
    """Net points per hand for the team of ``seat`` (its points minus the other team's)."""
    p0 = np.asarray(records["points0"]).astype(np.int64)
    p1 = np.asarray(records["points1"]).astype(np.int64)
    return np.where(np.asarray(seat) % 2 == 0, p0 - p1, p1 - p0)


def paired_deals(rec_a, rec_b, position: int, rules: Rules | None = None, params=None) -> dict:
    """The deals of two forced runs where the auction reached ``position`` in round 1.

    Checks that the runs are paired (same deals, same ``forced`` flags) and returns arrays:
    ``row`` (row in the batch), ``class_code``, ``point_bin`` (the deciding hand's features for
    the upcard's suit; the dealer's after picking up), ``net_a``, ``net_b`` (net points of the
    deciding player's team in each run).
    """
    rules = rules or Rules()
    ha, hb = seat_hands(rec_a), seat_hands(rec_b)
    if ha.shape != hb.shape or not np.array_equal(ha, hb):
        raise ValueError("the two runs did not play the same deals")
    fa = np.asarray(rec_a["forced"]).astype(np.int64)
    fb = np.asarray(rec_b["forced"]).astype(np.int64)
    if not np.array_equal(fa, fb):
        raise ValueError("the forced decision was reached on different deals in the two runs")
    row = np.flatnonzero(fa == 1)
    dealer = np.asarray(rec_a["dealer"]).astype(np.int64)[row]
    upcard = np.asarray(rec_a["upcard"]).astype(np.int64)[row]
    seat = (dealer + 1 + position) & 3
    h = ha[row, seat]
    if position == 3:
        h, _ = pickup(h, upcard, rules.dealer_may_discard_upcard)
    f = feature_arrays(h, upcard // 6, params)
    sub_a = {k: np.asarray(rec_a[k])[row] for k in ("points0", "points1")}
    sub_b = {k: np.asarray(rec_b[k])[row] for k in ("points0", "points1")}
    return {
        "row": row,
        "class_code": f["class_code"],
        "point_bin": f["point_bin"],
        "net_a": team_net(sub_a, seat),
        "net_b": team_net(sub_b, seat),
    }


def _tally_pairs(t: PairedTally, p: int, d: dict) -> None:
    joint = (d["net_a"] + 4) * N_NET + (d["net_b"] + 4)
    t.by_class[p] += np.bincount(
        d["class_code"] * N_NET * N_NET + joint, minlength=N_CLASSES * N_NET * N_NET
    ).reshape(N_CLASSES, N_NET, N_NET)
    t.by_points[p] += np.bincount(
        d["point_bin"] * N_NET * N_NET + joint, minlength=N_POINT_BINS * N_NET * N_NET
    ).reshape(N_POINT_BINS, N_NET, N_NET)
    t.deals[p] += d["row"].size


def _position_index(position) -> int:
    if isinstance(position, str):
        if position not in POSITIONS:
            raise ValueError(f"unknown position {position!r}: use {', '.join(POSITIONS)}")
        return POSITIONS.index(position)
    if not 0 <= int(position) <= 3:
        raise ValueError(f"position must be 0-3 (first .. dealer), not {position}")
    return int(position)


# ---------------------------------------------------------------------------------------------
# perfect play after the bidding

#: the bidding hooks of a code strategy: what of it is left once perfect play takes the cards
BIDDING_HOOKS = ("order_up", "call")
#: ``maker_tricks`` written for a hand scored under perfect play: its value gives the class of
#: the makers' tricks (euchred, 3-4, all 5), not the count
PERFECT_TRICKS = {"euchred": 2, "made": 3, "march": 5}


def check_play(play: str, rules: Rules, table: Table | None = None) -> None:
    """Raise ``ValueError`` (one line) unless ``play`` is one of ``PLAYS`` and applies here:
    perfect play cannot score the farmer's hand rule (the records hold the hands before the
    swap) nor change anything for a code strategy that only plays cards (no bidding hook)."""
    if play not in PLAYS:
        raise ValueError(f"play must be one of {', '.join(PLAYS)}, not {play!r}")
    if play != "perfect":
        return
    if rules.farmers_hand:
        raise ValueError("perfect play cannot be scored with the farmer's hand rule: the hand "
                         "records hold the hands before a farmer's swap")
    for s in (table.seats if table is not None else ()):
        if s.hooks is not None and not set(s.hooks[2]) & set(BIDDING_HOOKS):
            raise ValueError(
                f"perfect play does not apply to the code strategy {s.name}: it only plays "
                "cards (no order_up or call hook), and perfect play replaces its card play")


def perfect_records(records: pd.DataFrame, rules: Rules | None = None, rows=None, *,
                    threads: int | None = None) -> pd.DataFrame:
    """A copy of ``records`` (``sim.runner.simulate(..., records=True)``) whose hands ``rows``
    (default all) are scored under perfect play after the bidding
    (``sim.solver.perfect.perfect_points``): ``points0``, ``points1`` and ``discard`` (the
    dealer's perfect discard) replaced, ``maker_tricks`` set to 2, 3 or 5 (``PERFECT_TRICKS``:
    euchred, made, march; the solver gives the class, not the count).  The bidding is the
    records' own.  Other rows are left as they are."""
    from sim.solver.perfect import perfect_points

    rules = rules or Rules()
    rows = np.arange(len(records)) if rows is None else np.asarray(rows, np.int64)
    sub = {k: records[k].to_numpy()[rows] for k in (*_RECORD_COLUMNS, "discard")}
    hands = np.stack([sub[f"hand{s}"] for s in range(4)], axis=1)
    p = perfect_points(hands, sub["upcard"], sub["dealer"], sub["round"], sub["maker"],
                       sub["trump"], sub["alone"], sub["defender_alone"], rules,
                       discard=sub["discard"], threads=threads)  # fmt: skip
    out = records.copy()
    made = sub["maker"] >= 0
    tricks = np.where(p.value < 0, PERFECT_TRICKS["euchred"],
                      np.where(np.isin(p.value, (2, 4)), PERFECT_TRICKS["march"],
                               PERFECT_TRICKS["made"]))  # fmt: skip
    updates = {"points0": p.points0, "points1": p.points1, "discard": p.discard,
               "maker_tricks": np.where(made, tricks, sub["maker_tricks"])}
    for k, v in updates.items():
        col = out[k].to_numpy().copy()
        col[rows] = v
        out[k] = col
    return out


def counterfactual(
    deals: int,
    seed: int = 0,
    rules: Rules | None = None,
    table: Table | None = None,
    comparisons: Sequence[ForcedChoice] = (ORDER_VS_PASS,),
    *,
    positions: Sequence = POSITIONS,
    play: str = "strategy",
    threads: int | None = None,
    executor=None,
    batch: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, PairedTally]:
    """Paired forced runs: for each position, hands from 0 up until ``deals`` deals reach it.

    The same deals are played with one position's round-1 decision forced each way
    (``FORCE_MAKE`` against ``FORCE_PASS``: order up or pass; ``FORCE_ALONE`` against
    ``FORCE_MAKE``: alone or with partner), everything else by the strategy, with the same
    random stream.  Only deals where the auction reached that position (``forced == 1``)
    count, so each position's sample is the hands it would really have to decide;
    ``counterfactual_table`` gives the paired difference in net points per hand for the
    deciding player's team with a 95% interval.

    Each forced action a comparison needs is played once over the same hand range (a shared
    action such as FORCE_MAKE in both ``ORDER_VS_PASS`` and ``ALONE_VS_PARTNER`` is played only
    once).  Exactly the first ``deals`` deals (in hand order) where the auction reached the
    position are kept, so the sample never depends on the batch size.  ``progress(k)`` gets
    the paired deals added per batch.  Returns ``{comparison name "a-b": PairedTally}``.

    ``play``: ``"strategy"`` (the hands are played as the table's strategy plays them) or
    ``"perfect"``: the bidding as the strategy bids it, but each paired hand is scored under
    perfect play with every card seen, the dealer's discard included (``perfect_records``);
    refused with the farmer's hand rule (``check_play``).
    """
    if isinstance(deals, bool) or not isinstance(deals, int | np.integer) or deals < 1:
        raise ValueError(f"number of deals must be a positive whole number, not {deals!r}")
    rules = rules or Rules()
    table = table or Table.teams()
    check_play(play, rules, table)
    if batch is None:
        most = PERFECT_BATCH if play == "perfect" else DEFAULT_BATCH
        batch = min(most, -(-int(deals * 1.6) // DEFAULT_CHUNK) * DEFAULT_CHUNK)
    actions = sorted({c.force_a for c in comparisons} | {c.force_b for c in comparisons})
    out = {f"{c.a}-{c.b}": PairedTally(c, play=play) for c in comparisons}
    for position in positions:
        p = _position_index(position)
        start = 0
        kept = 0
        while kept < deals:
            recs = {}
            for a in actions:
                res = simulate(
                    batch, seed, rules, table, records=True, threads=threads, batch=batch,
                    start=start, force=force_array(p, 1, a), executor=executor,
                )  # fmt: skip
                recs[a] = res.records
            forced = recs[actions[0]]["forced"].to_numpy()
            cum = np.cumsum(forced == 1)
            n_rows = batch
            if kept + int(cum[-1]) > deals:
                n_rows = int(np.searchsorted(cum, deals - kept)) + 1  # the deals-th reached
            recs = {a: r.iloc[:n_rows] for a, r in recs.items()}
            if play == "perfect":
                rows = np.flatnonzero(forced[:n_rows] == 1)
                recs = {a: perfect_records(r, rules, rows, threads=threads)
                        for a, r in recs.items()}  # fmt: skip
            added = 0
            for c in comparisons:
                d = paired_deals(recs[c.force_a], recs[c.force_b], p, rules)
                t = out[f"{c.a}-{c.b}"]
                _tally_pairs(t, p, d)
                t.hands[p] += n_rows
                added = d["row"].size
            kept += added
            start += batch
            if progress is not None:
                progress(added)
            if kept == 0 and start >= _GIVE_UP:
                raise ValueError(
                    f"the auction never reached the {POSITIONS[p]} position in round 1 in "
                    f"{start:,} hands with this strategy: no deals to compare there"
                )
    return out


def counterfactual_table(
    tally: PairedTally, by: str = "class", pooled: bool = False
) -> pd.DataFrame:
    """EV of each forced action and the paired gain per position and group, with 95% intervals.

    With ``pooled`` the table also has rows with position ``"all"``: the four positions' deals
    taken together (each position's decision weighted by how many deals it got).

    Returns
    -------
    DataFrame, one row per (position, group) with deals: ``play`` (how the hands were played
    after the bidding: ``"strategy"`` or ``"perfect"``), ``deals``; ``ev_<a>``, ``ev_<b>``
    (mean net points per deal for the deciding player's team under each action, with
    ``_low/_high``); ``gain`` = EV(a) - EV(b) with ``gain_low/gain_high`` (paired normal
    interval) and ``gain_se``; ``verdict`` (``a`` when the interval is above 0, ``b`` when below,
    else ``"too close"``); ``<a>_success`` / ``<a>_euchred`` (deciding team won / lost points
    under a: for a making action, the makers' success and euchre) and ``<a>_march`` (and
    ``<b>_march`` where b makes too), counts with Wilson rates and intervals.
    """
    c = tally.comparison
    counts = tally.by_points if by == "points" else tally.by_class
    positions = list(POSITIONS)
    if pooled:
        counts = np.concatenate([counts, counts.sum(axis=0, keepdims=True)])
        positions.append("all")
    labels, group = _groups(by, counts.shape[1])
    flat = counts.reshape(len(positions), counts.shape[1], N_NET * N_NET)
    j = _regroup(flat, group, len(labels)).reshape(-1, N_NET * N_NET)
    n = j.sum(axis=1)
    keep = n > 0
    j = j[keep]
    n = n[keep]
    cols = {"play": np.full(int(keep.sum()), tally.play)}
    cols.update(_label_columns(labels, [("position", positions)], keep))
    cols["deals"] = n
    j3 = j.reshape(-1, N_NET, N_NET)
    a_marg = j3.sum(axis=2)
    b_marg = j3.sum(axis=1)
    for name, marg in ((c.a, a_marg), (c.b, b_marg)):
        mean, low, high, _ = mean_columns(NET_VALUES, marg)
        cols[f"ev_{name}"] = mean
        cols[f"ev_{name}_low"] = low
        cols[f"ev_{name}_high"] = high
    diff = (NET_VALUES[:, None] - NET_VALUES[None, :]).ravel()
    mean, low, high, se = mean_columns(diff, j)
    cols.update(gain=mean, gain_low=low, gain_high=high, gain_se=se)
    cols["verdict"] = np.where(low > 0, c.a, np.where(high < 0, c.b, "too close"))
    cols.update(_share_cols(f"{c.a}_success", a_marg[:, NET_VALUES > 0].sum(axis=1), n))
    cols.update(_share_cols(f"{c.a}_euchred", a_marg[:, NET_VALUES < 0].sum(axis=1), n))
    if c.march_a is not None:
        cols.update(_share_cols(f"{c.a}_march", a_marg[:, NET_VALUES == c.march_a].sum(1), n))
    if c.march_b is not None:
        cols.update(_share_cols(f"{c.b}_march", b_marg[:, NET_VALUES == c.march_b].sum(1), n))
    if c.march_a is not None and c.march_b is not None:
        # paired: march under a (0/1) minus march under b on the same deal
        march = ((NET_VALUES == c.march_a).astype(np.int64)[:, None]
                 - (NET_VALUES == c.march_b).astype(np.int64)[None, :]).ravel()
        mean, low, high, _ = mean_columns(march, j)
        cols.update(march_gain=mean, march_gain_low=low, march_gain_high=high)
    return pd.DataFrame(cols)


#: why a hand class can march more often alone than with partner, on the same deals
MARCH_CHECK_NOTE = (
    "Card play, not the cards: with partner, the partner's cards are played too, and when he "
    "wins a trick he leads the next one (the first one too when he sits on the dealer's left); "
    "his lead can let the defenders take a trick that the lone maker, leading from his own top "
    "cards, would not have lost. Traced dealer hands that marched alone but not with partner "
    "had a trick led by the partner in 70% of cases, against 39% where both marched."
)


def march_check(table: pd.DataFrame, a: str = "alone", b: str = "partner") -> pd.DataFrame:
    """March under ``a`` against march under ``b`` on the same deals, per row of a
    ``counterfactual_table`` of the alone/partner comparison: the two march rates, their paired
    difference with its 95% interval, and ``flag`` = ``"alone marches more"`` where the
    interval lies above 0 (otherwise empty), with ``MARCH_CHECK_NOTE`` as the explanation on
    flagged rows.  Going alone should not march more often than the same hand with partner;
    a flagged row says the players' card play, not the cards, makes the difference."""
    labels = [col for col in ("position", "hand_class", "trumps", "off_aces", "right_bower",
                              "left_bower", "points") if col in table.columns]
    out = table[[*labels, "deals", f"{a}_march_rate", f"{b}_march_rate", "march_gain",
                 "march_gain_low", "march_gain_high"]].copy()
    flagged = out["march_gain_low"] > 0
    out["flag"] = np.where(flagged, f"{a} marches more", "")
    out["why"] = np.where(flagged, MARCH_CHECK_NOTE, "")
    return out.reset_index(drop=True)


def deals_table(tally: PairedTally) -> pd.DataFrame:
    """Paired deals kept and hands played per position (a deal counts when the auction reached
    the position in round 1)."""
    return pd.DataFrame(
        {
            "position": list(POSITIONS),
            "deals": tally.deals,
            "hands": tally.hands,
            "reached_share": np.where(tally.hands > 0, tally.deals / np.maximum(tally.hands, 1), 0),
        }
    )


def headline(table: pd.DataFrame, value: str = "gain") -> pd.DataFrame:
    """Pivot a ``by="trumps"`` counterfactual table: trumps (rows) by position (columns, with
    ``all`` when the table is pooled), each cell ``"+0.81 [+0.79, +0.83]"`` (or ``"+3.00 (1
    deal)"`` where a single deal gives no interval)."""
    t = table.copy()
    t["cell"] = [
        f"{v:+.2f} [{lo:+.2f}, {hi:+.2f}]" if np.isfinite(lo) else f"{v:+.2f} ({n} deal)"
        for v, lo, hi, n in zip(
            t[value], t[f"{value}_low"], t[f"{value}_high"], t["deals"], strict=True
        )
    ]
    out = t.pivot(index="trumps", columns="position", values="cell")
    out = out.reindex(columns=[p for p in (*POSITIONS, "all") if p in out.columns]).fillna("")
    out.columns.name = None
    return out


# ---------------------------------------------------------------------------------------------
# game win probability from a score state

#: points one team scores on one hand: 0 .. 4 (0, 1, 2 or 4 in practice)
N_TEAM_POINTS = 5
#: a hand's result for the deciding player's team: his team's points * 5 + the other team's
N_HAND_RESULTS = N_TEAM_POINTS * N_TEAM_POINTS


def team_scores(score: tuple[int, int], seat) -> tuple[int, int] | np.ndarray:
    """The ``scores=(team 0, team 1)`` argument of ``sim.runner.simulate`` for a score given
    from the point of view of the team of ``seat`` (``score = (his team, the other team)``):
    team 0 holds seats 0 and 2, team 1 seats 1 and 3.  Vectorised over ``seat``
    (then an ``(n, 2)`` array)."""
    us, them = int(score[0]), int(score[1])
    seat = np.asarray(seat)
    if seat.ndim == 0:
        return (us, them) if int(seat) % 2 == 0 else (them, us)
    return np.where((seat % 2 == 0)[:, None], [us, them], [them, us])


def deciding_seat(dealer, position: int):
    """Seat of the player at ``position`` (0 first .. 3 dealer) when ``dealer`` deals."""
    return (np.asarray(dealer) + 1 + int(position)) & 3


@dataclass
class WinGainTally:
    """Joint counts of a hand's result for the deciding player's team under two forced actions,
    every hand played at one score.

    ``by_class[position, class code, result under a, result under b]`` where a result is his
    team's points * 5 + the other team's points on the hand; ``deals`` / ``hands`` as in
    ``PairedTally``; ``score`` is (his team, the other team) before the hand; ``win_p`` the
    table P(dealing team wins | dealing team's score, other team's score) used to price the
    score after the hand (``analysis.advise.win_table``).
    """

    comparison: ForcedChoice
    score: tuple[int, int]
    win_p: np.ndarray
    by_class: np.ndarray = field(
        default_factory=lambda: np.zeros((4, N_CLASSES, N_HAND_RESULTS, N_HAND_RESULTS), np.int64)
    )
    deals: np.ndarray = field(default_factory=lambda: np.zeros(4, np.int64))
    hands: np.ndarray = field(default_factory=lambda: np.zeros(4, np.int64))

    @property
    def game_to(self) -> int:
        return int(self.win_p.shape[0])


def points_for_and_against(records, seat) -> tuple[np.ndarray, np.ndarray]:
    """(points of the team of ``seat``, points of the other team) per hand."""
    p0 = np.asarray(records["points0"]).astype(np.int64)
    p1 = np.asarray(records["points1"]).astype(np.int64)
    even = np.asarray(seat) % 2 == 0
    return np.where(even, p0, p1), np.where(even, p1, p0)


def _at_score(runs: dict, position: int) -> pd.DataFrame:
    """One record frame from the runs played with team 0 (``runs[0]``) and team 1
    (``runs[1]``) given the deciding player's team's score: each hand taken from the run in
    which his team had his score."""
    r0, r1 = runs[0], runs[1]
    if r1 is r0:
        return r0
    team = deciding_seat(r0["dealer"].to_numpy().astype(np.int64), position) % 2
    return pd.concat([r0[team == 0], r1[team == 1]]).sort_index()


def _result_code(records, seat) -> np.ndarray:
    us, them = points_for_and_against(records, seat)
    if us.size and max(us.max(), them.max()) >= N_TEAM_POINTS:
        raise ValueError("a team scored more than 4 points on one hand")
    return us * N_TEAM_POINTS + them


def win_probability_gain(
    deals: int,
    score,
    seed: int = 0,
    rules: Rules | None = None,
    table: Table | None = None,
    comparison: ForcedChoice = ORDER_VS_PASS,
    *,
    positions: Sequence = POSITIONS,
    win_p: np.ndarray | None = None,
    threads: int | None = None,
    executor=None,
    batch: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> WinGainTally:
    """Paired forced runs at one score: the change in game win probability of a decision.

    ``score`` is ``"6-8"`` or ``(6, 8)``: the deciding player's team's score first, both from
    0 to ``rules.game_to - 1``.  For each position the same deals are played with his round-1
    decision forced each way (``comparison``, order up against pass by default) *at that
    score*: every hand is played with ``scores=`` set so that his team (which alternates
    between team 0 and team 1 with the dealer) has the first number, so score-aware strategies
    (his own, his partner's and the opponents') see the real game state.  That takes one run
    per action with his team as team 0 and one with it as team 1 (one when both scores are
    equal); each hand is taken from the run where the mapping is right.  As in
    ``counterfactual``, exactly the first ``deals`` deals where the auction reached the
    position count.

    ``win_p`` (default ``analysis.advise.win_table(table, rules)``: simulated games, fixed
    seed) prices the score after the hand; ``win_gain_table`` reads the result.  The
    table is an estimate whose own noise is *not* in the intervals reported there: they cover
    the deal-to-deal variation of this run only.
    """
    from analysis.advise import parse_score, win_table

    if isinstance(deals, bool) or not isinstance(deals, int | np.integer) or deals < 1:
        raise ValueError(f"number of deals must be a positive whole number, not {deals!r}")
    rules = rules or Rules()
    table = table or Table.teams()
    sc = parse_score(score, rules.game_to)
    if win_p is None:
        win_p = win_table(table, rules, executor=executor)
    win_p = np.asarray(win_p, dtype=np.float64)
    if win_p.shape != (rules.game_to, rules.game_to):
        raise ValueError(f"win_p must be a {rules.game_to} x {rules.game_to} table")
    if batch is None:
        batch = min(DEFAULT_BATCH, -(-int(deals * 1.6) // DEFAULT_CHUNK) * DEFAULT_CHUNK)
    out = WinGainTally(comparison, sc, win_p)
    actions = (comparison.force_a, comparison.force_b)
    for position in positions:
        p = _position_index(position)
        start = 0
        kept = 0
        while kept < deals:
            recs = {}
            for a in actions:
                runs = {}
                for team in (0, 1):
                    if team == 1 and sc[0] == sc[1]:
                        runs[1] = runs[0]
                        continue
                    runs[team] = simulate(
                        batch, seed, rules, table, records=True, threads=threads, batch=batch,
                        start=start, force=force_array(p, 1, a), scores=team_scores(sc, team),
                        executor=executor,
                    ).records  # fmt: skip
                recs[a] = _at_score(runs, p)
            forced = recs[actions[0]]["forced"].to_numpy()
            cum = np.cumsum(forced == 1)
            n_rows = batch
            if kept + int(cum[-1]) > deals:
                n_rows = int(np.searchsorted(cum, deals - kept)) + 1
            ra, rb = (recs[a].iloc[:n_rows] for a in actions)
            d = paired_deals(ra, rb, p, rules)
            row = d["row"]
            seat = deciding_seat(ra["dealer"].to_numpy().astype(np.int64)[row], p)
            ca = _result_code(ra.iloc[row], seat)
            cb = _result_code(rb.iloc[row], seat)
            cell = (d["class_code"] * N_HAND_RESULTS + ca) * N_HAND_RESULTS + cb
            out.by_class[p] += np.bincount(cell, minlength=out.by_class[p].size).reshape(
                out.by_class[p].shape
            )
            out.deals[p] += row.size
            out.hands[p] += n_rows
            kept += row.size
            start += batch
            if progress is not None:
                progress(row.size)
            if kept == 0 and start >= _GIVE_UP:
                raise ValueError(
                    f"the auction never reached the {POSITIONS[p]} position in round 1 in "
                    f"{start:,} hands with this strategy: no deals to compare there"
                )
    return out


def result_win_probability(tally: WinGainTally, position: int) -> np.ndarray:
    """P(the deciding player's team wins the game) after each hand result (index: his team's
    points * 5 + the other team's) for the player at ``position``: 1 when his team reached
    game, 0 when the other team did, else the table looked up from the point of view of the
    next dealer (the player's left neighbour, so his team deals next when he sits first or
    third), by ``analysis.advise.win_probability``."""
    from analysis.advise import win_probability

    code = np.arange(N_HAND_RESULTS)
    return win_probability(
        code // N_TEAM_POINTS, code % N_TEAM_POINTS, tally.score, position, tally.win_p
    )


def win_gain_table(
    tally: WinGainTally, by: str = "trumps", pooled: bool = False
) -> pd.DataFrame:
    """P(win | a) - P(win | b) per position and group at the tally's score, with 95% intervals.

    ``by``: ``"class"``, ``"trumps"``, ``"trumps_aces"`` or ``"position"`` (as in
    ``counterfactual_table``; no point bins here).  With ``pooled``, rows with position
    ``"all"`` take the four positions' deals together.

    Returns
    -------
    DataFrame, one row per (position, group) with deals: ``score`` ("6-8", his team first),
    ``deals``; ``p_win_<a>``, ``p_win_<b>`` (mean game win probability of the deciding
    player's team after the hand under each action); ``win_gain`` = P(win | a) - P(win | b)
    with ``win_gain_low/high`` and ``win_gain_se`` (paired normal interval,
    ``analysis.stats.paired_difference``); ``ev_gain`` = EV(a) - EV(b) in net points per hand
    at this score, with ``ev_gain_low/high``; ``verdict`` (``a`` when the win-gain interval is
    above 0, ``b`` when below, else ``"too close"``).  The intervals cover the deals of this
    run only, not the noise of the win-probability table itself.
    """
    from analysis.stats import paired_difference

    if by == "points":
        raise ValueError("the win-probability gain is tallied by hand class, not point count")
    c = tally.comparison
    labels, group = _groups(by, N_CLASSES)
    code = np.arange(N_HAND_RESULTS)
    net = code // N_TEAM_POINTS - code % N_TEAM_POINTS
    win = np.stack([result_win_probability(tally, p) for p in range(4)])
    # per position and group: joint counts of (result a, result b)
    joint = _regroup(
        tally.by_class.reshape(4, N_CLASSES, N_HAND_RESULTS**2), group, len(labels)
    ).reshape(4, len(labels), N_HAND_RESULTS, N_HAND_RESULTS)
    sets = [(name, [k]) for k, name in enumerate(POSITIONS)]
    if pooled:
        sets.append(("all", [0, 1, 2, 3]))
    rows = []
    for name, ps in sets:
        for g in range(len(labels)):
            wa, wb, na, nb, cnt = [], [], [], [], []
            for p in ps:
                ia, ib = np.nonzero(joint[p, g])
                wa.append(win[p, ia])
                wb.append(win[p, ib])
                na.append(net[ia])
                nb.append(net[ib])
                cnt.append(joint[p, g, ia, ib])
            cnt = np.concatenate(cnt)
            n = int(cnt.sum())
            if n == 0:
                continue
            wa, wb, na, nb = map(np.concatenate, (wa, wb, na, nb))
            w = paired_difference(wa, wb, cnt)
            e = paired_difference(na, nb, cnt)
            row = {"position": name, **labels.iloc[g].to_dict()}
            row.update(
                score=f"{tally.score[0]}-{tally.score[1]}",
                deals=n,
                **{f"p_win_{c.a}": float(wa @ cnt / n), f"p_win_{c.b}": float(wb @ cnt / n)},
                win_gain=w.value, win_gain_low=w.low, win_gain_high=w.high, win_gain_se=w.se,
                ev_gain=e.value, ev_gain_low=e.low, ev_gain_high=e.high,
            )  # fmt: skip
            rows.append(row)
    df = pd.DataFrame(rows)
    if df.empty:
        return df
    low, high = df["win_gain_low"].to_numpy(), df["win_gain_high"].to_numpy()
    df["verdict"] = np.where(low > 0, c.a, np.where(high < 0, c.b, "too close"))
    return df


# ---------------------------------------------------------------------------------------------
# printed headlines


def format_headline(tables: dict, paired, a: str, b: str) -> str:
    """The printed headline: gain by position and trumps, and the deals per position."""
    lines = [
        f"EV({a}) - EV({b}) in round 1: points per hand for the deciding player's team, "
        "95% interval",
        "(rows: trumps held with the upcard's suit as trump, the dealer's after picking up;",
        " all: the four positions' deals together)",
        "",
        headline(tables["trumps"]).to_string(),
        "",
        _deals_line(
            "paired deals per position (the auction reached the player in round 1)", paired
        ),
    ]
    check = tables.get("march_check")
    if check is not None:
        flagged = check[check["flag"] != ""]
        lines.append(f"march check: {len(flagged)} of {len(check)} hand classes march more "
                     f"often {a} than with {b} on the same deals (interval above 0)"
                     + ("" if flagged.empty else "; see alone_march_check.csv")
                     + " (by chance alone about 1 class in 40 would be)")
        for r in flagged.itertuples(index=False):
            lines.append(f"  {r.position} {r.hand_class}: march rate "
                         f"{100 * r.march_gain:+.1f} percentage points "
                         f"[{100 * r.march_gain_low:+.1f}, {100 * r.march_gain_high:+.1f}], "
                         f"{r.deals:,} deals")
    return "\n".join(lines)


def _deals_line(label: str, tally) -> str:
    """``label: first 1,000 of 1,000 hands, second ...`` from a paired tally."""
    return f"{label}: " + ", ".join(
        f"{p} {int(d):,} of {int(h):,} hands"
        for p, d, h in zip(POSITIONS, tally.deals, tally.hands, strict=True)
    )


def format_win_headline(table, win_gain) -> str:
    """The printed win-probability headline: P(win | a) - P(win | b) in percentage points by
    position and trumps, and the deals per position."""
    c = win_gain.comparison
    us, them = win_gain.score
    pct = table.copy()
    for col in ("win_gain", "win_gain_low", "win_gain_high"):
        pct[col] = pct[col] * 100
    lines = [
        f"P(win | {c.a}) - P(win | {c.b}) at {us}-{them} (the deciding player's team first, game "
        f"to {win_gain.game_to}): game win probability of his team, percentage points, 95% "
        "interval",
        "(the interval leaves out the noise of the simulated win-probability table)",
        "",
        headline(pct, "win_gain").to_string(),
        "",
        _deals_line("paired deals per position at this score", win_gain),
    ]
    return "\n".join(lines)

__all__ = [
    "march_check",
    "MARCH_CHECK_NOTE",
    "N_OUTCOMES", "NET_VALUES", "GROUPINGS", "outcome_code", "outcome_table",
    "PLAYS", "check_play", "perfect_records", "PERFECT_TRICKS", "BIDDING_HOOKS",
    "ObservedTally", "observed_tally", "observe", "observed_rates", "mean_columns", "ForcedChoice",
    "ORDER_VS_PASS", "ALONE_VS_PARTNER", "PairedTally", "team_net", "paired_deals",
    "counterfactual", "counterfactual_table", "deals_table", "headline", "N_TEAM_POINTS",
    "N_HAND_RESULTS", "team_scores", "deciding_seat", "WinGainTally", "points_for_and_against",
    "win_probability_gain", "result_win_probability", "win_gain_table", "format_headline",
    "format_win_headline",
]  # fmt: skip
