"""Paired counterfactuals: the same deals played with one position's round-1 decision forced
each way (``counterfactual``; the batches of forced runs, ``forced_batches``, are
``win_gain``'s too), and the gain of one action over the other with paired 95% intervals
(``counterfactual_table``, ``march_check``, ``deals_table``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.features import N_CLASSES, N_POINT_BINS, feature_arrays, pickup, seat_hands
from analysis.orderup.perfect_play import PERFECT_BATCH, check_play, perfect_records
from analysis.orderup.tallies import (
    DEFAULT_BATCH,
    N_NET,
    NET_VALUES,
    cell_groups,
    label_columns,
    mean_columns,
    regroup,
    share_columns,
    verdicts,
)
from sim import POSITIONS, Rules, RunSpec, Table, check_count, force_array, simulate
from sim.run.hands import DEFAULT_CHUNK, FORCE_ALONE, FORCE_MAKE, FORCE_PASS

GIVE_UP = 1 << 20  # hands without a single reached deal before a position is given up


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


def position_index(position) -> int:
    if isinstance(position, str):
        if position not in POSITIONS:
            raise ValueError(f"unknown position {position!r}: use {', '.join(POSITIONS)}")
        return POSITIONS.index(position)
    if not 0 <= int(position) <= 3:
        raise ValueError(f"position must be 0-3 (first .. dealer), not {position}")
    return int(position)


def batch_for(deals: int, most: int = DEFAULT_BATCH) -> int:
    """Hands a batch of forced runs: enough for ``deals`` reached deals at one position (1.6
    hands a deal, in whole chunks), at most ``most``."""
    return min(most, -(-int(deals * 1.6) // DEFAULT_CHUNK) * DEFAULT_CHUNK)


def forced_batches(deals: int, positions: Sequence, actions: Sequence[int], batch: int,
                   run: Callable, take: Callable, progress: Callable[[int], None] | None = None):
    """The loop of paired forced runs: for each position, batches of ``batch`` hands from hand
    0, each played once per forced action, until exactly the first ``deals`` deals (in hand
    order) where the auction reached the position are kept, so the sample never depends on the
    batch size.

    ``run(p, action, start)``: the records of hands ``start`` .. ``start + batch`` with
    position ``p``'s round-1 decision forced to ``action``; ``take(p, recs, n_rows)`` tallies
    one batch (``recs``: action -> its records cut to the first ``n_rows`` hands, those that
    count) and returns the paired deals it added; ``progress(k)`` gets them too.
    """
    for position in positions:
        p = position_index(position)
        start = 0
        kept = 0
        while kept < deals:
            recs = {a: run(p, a, start) for a in actions}
            forced = recs[actions[0]]["forced"].to_numpy()
            cum = np.cumsum(forced == 1)
            n_rows = batch
            if kept + int(cum[-1]) > deals:
                n_rows = int(np.searchsorted(cum, deals - kept)) + 1  # the deals-th reached
            added = take(p, {a: r.iloc[:n_rows] for a, r in recs.items()}, n_rows)
            kept += added
            start += batch
            if progress is not None:
                progress(added)
            if kept == 0 and start >= GIVE_UP:
                raise ValueError(
                    f"the auction never reached the {POSITIONS[p]} position in round 1 in "
                    f"{start:,} hands with this strategy: no deals to compare there"
                )


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
    check_count(deals, "deals")
    spec = RunSpec.of(seed, rules, table, threads)
    seed, rules, table = spec.seed, spec.rules, spec.table
    check_play(play, rules, table)
    if batch is None:
        batch = batch_for(deals, PERFECT_BATCH if play == "perfect" else DEFAULT_BATCH)
    actions = sorted({c.force_a for c in comparisons} | {c.force_b for c in comparisons})
    out = {f"{c.a}-{c.b}": PairedTally(c, play=play) for c in comparisons}

    def run(p, a, start):
        return simulate(
            batch, seed, rules, table, records=True, threads=threads, batch=batch,
            start=start, force=force_array(p, 1, a), executor=executor,
        ).records  # fmt: skip

    def take(p, recs, n_rows):
        if play == "perfect":
            rows = np.flatnonzero(recs[actions[0]]["forced"].to_numpy() == 1)
            recs = {a: perfect_records(r, rules, rows, threads=threads)
                    for a, r in recs.items()}  # fmt: skip
        added = 0
        for c in comparisons:
            d = paired_deals(recs[c.force_a], recs[c.force_b], p, rules)
            t = out[f"{c.a}-{c.b}"]
            _tally_pairs(t, p, d)
            t.hands[p] += n_rows
            added = d["row"].size
        return added

    forced_batches(deals, positions, actions, batch, run, take, progress)
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
    labels, group = cell_groups(by, counts.shape[1])
    flat = counts.reshape(len(positions), counts.shape[1], N_NET * N_NET)
    j = regroup(flat, group, len(labels)).reshape(-1, N_NET * N_NET)
    n = j.sum(axis=1)
    keep = n > 0
    j = j[keep]
    n = n[keep]
    cols = {"play": np.full(int(keep.sum()), tally.play)}
    cols.update(label_columns(labels, [("position", positions)], keep))
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
    cols["verdict"] = verdicts(low, high, c.a, c.b)
    cols.update(share_columns(f"{c.a}_success", a_marg[:, NET_VALUES > 0].sum(axis=1), n))
    cols.update(share_columns(f"{c.a}_euchred", a_marg[:, NET_VALUES < 0].sum(axis=1), n))
    if c.march_a is not None:
        cols.update(share_columns(f"{c.a}_march", a_marg[:, NET_VALUES == c.march_a].sum(1), n))
    if c.march_b is not None:
        cols.update(share_columns(f"{c.b}_march", b_marg[:, NET_VALUES == c.march_b].sum(1), n))
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
