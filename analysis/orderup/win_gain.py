"""The change in game win probability of a round-1 decision at one game score: paired forced
runs with every hand played at that score (``win_probability_gain``), priced by the
win-probability model (``win_gain_table``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.features import N_CLASSES
from analysis.orderup.paired import (
    ORDER_VS_PASS,
    ForcedChoice,
    batch_for,
    forced_batches,
    paired_deals,
)
from analysis.orderup.tallies import cell_groups, regroup, verdicts
from analysis.win_model import parse_score, win_probability, win_table
from sim import POSITIONS, Rules, RunSpec, Table, check_count, force_array, simulate

#: points one team scores on one hand: 0 .. 4 (0, 1, 2 or 4 in practice)
N_TEAM_POINTS = 5
#: a hand's result for the deciding player's team: his team's points * 5 + the other team's
N_HAND_RESULTS = N_TEAM_POINTS * N_TEAM_POINTS


def team_scores(score: tuple[int, int], seat) -> tuple[int, int] | np.ndarray:
    """The ``scores=(team 0, team 1)`` argument of ``sim.run.hands.simulate`` for a score given
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
    score after the hand (``analysis.win_model.win_table``).
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

    ``win_p`` (default ``analysis.win_model.win_table(table, rules)``: the shipped
    match-equity table of the rules, else simulated games with a fixed seed) prices the score
    after the hand; ``win_gain_table`` reads the result.  The table is an estimate whose own
    noise is *not* in the intervals reported there: they cover the deal-to-deal variation of
    this run only.
    """
    check_count(deals, "deals")
    spec = RunSpec.of(seed, rules, table, threads)
    seed, rules, table = spec.seed, spec.rules, spec.table
    sc = parse_score(score, rules.game_to)
    if win_p is None:
        win_p = win_table(table, rules, executor=executor)
    win_p = np.asarray(win_p, dtype=np.float64)
    if win_p.shape != (rules.game_to, rules.game_to):
        raise ValueError(f"win_p must be a {rules.game_to} x {rules.game_to} table")
    if batch is None:
        batch = batch_for(deals)
    out = WinGainTally(comparison, sc, win_p)
    actions = (comparison.force_a, comparison.force_b)

    def run(p, a, start):
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
        return _at_score(runs, p)

    def take(p, recs, n_rows):
        ra, rb = (recs[a] for a in actions)
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
        return row.size

    forced_batches(deals, positions, actions, batch, run, take, progress)
    return out


def result_win_probability(tally: WinGainTally, position: int) -> np.ndarray:
    """P(the deciding player's team wins the game) after each hand result (index: his team's
    points * 5 + the other team's) for the player at ``position``: 1 when his team reached
    game, 0 when the other team did, else the table looked up from the point of view of the
    next dealer (the player's left neighbour, so his team deals next when he sits first or
    third), by ``analysis.win_model.win_probability``."""
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
    ``analysis.stats.paired_difference``, clipped to [-1, 1]: a difference of two
    probabilities cannot leave it, though the normal interval of a few deals can);
    ``ev_gain`` = EV(a) - EV(b) in net points per hand at this score, with
    ``ev_gain_low/high``; ``verdict`` (``a`` when the win-gain interval is
    above 0, ``b`` when below, else ``"too close"``).  The intervals cover the deals of this
    run only, not the noise of the win-probability table itself.
    """
    from analysis.stats import paired_difference

    if by == "points":
        raise ValueError("the win-probability gain is tallied by hand class, not point count")
    c = tally.comparison
    labels, group = cell_groups(by, N_CLASSES)
    code = np.arange(N_HAND_RESULTS)
    net = code // N_TEAM_POINTS - code % N_TEAM_POINTS
    win = np.stack([result_win_probability(tally, p) for p in range(4)])
    # per position and group: joint counts of (result a, result b)
    joint = regroup(
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
                win_gain=w.value, win_gain_low=float(np.clip(w.low, -1.0, 1.0)),
                win_gain_high=float(np.clip(w.high, -1.0, 1.0)), win_gain_se=w.se,
                ev_gain=e.value, ev_gain_low=e.low, ev_gain_high=e.high,
            )  # fmt: skip
            rows.append(row)
    df = pd.DataFrame(rows)
    if df.empty:
        return df
    low, high = df["win_gain_low"].to_numpy(), df["win_gain_high"].to_numpy()
    df["verdict"] = verdicts(low, high, c.a, c.b)
    return df
