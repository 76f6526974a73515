"""The point counts against the equilibrium: how often each bids as the equilibrium's table does,
and the count fitted to the table (``fit_count``): whole points a card and a threshold by round
and position, chosen to agree with the table's bids where the bid matters most.

``agreement`` is exact: every information set, weighted by how often its hand is dealt (a hand
class is one or two hands a suit arrangement, ``class_weights``) and, in round 2, by the table's
own chance of passing that hand in round 1.  ``fit_count`` reads the stakes of each bid from
``sim.plan_values`` (the nine plans' values of sampled hands against the table's bidders): a hand
counts for the fit by the value gap between making and passing (and between alone and with a
partner), so a count that errs only where little is at stake fits well.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from sim import POSITIONS
from sim.players.counts import (
    FittedValues,
    count_rows,
    dealer_hand,
    get_count,
    holding,
    suit_masks,
)
from sim.players.equilibrium import N_CLASSES, N_POSITIONS, N_RANKS, class_masks, info_index

AGREEMENT_COLUMNS = ["count", "round", "position", "agree", "table_share", "makes",
                     "table_makes"]


def class_weights() -> np.ndarray:
    """(N_RANKS, N_CLASSES): how many hands of a suit arrangement each class stands for (2 where
    the cross suits hold different cards, else 1): a class's share of deals is this over the
    sum."""
    out = np.zeros((N_RANKS, N_CLASSES))
    for r in range(N_RANKS):
        s = suit_masks(class_masks(r))
        out[r] = np.where(s[:, 2] != s[:, 3], 2.0, 1.0)
    return out


def agreement(count, table, stick_the_dealer: bool = False) -> pd.DataFrame:
    """How often ``count`` takes the table's most likely action, by round and position: ``agree``
    (the share of hands, as dealt; round 2 over the hands the table passes in round 1) and
    ``table_share`` (the table's own probability of the count's action, averaged the same way),
    with how often each makes trump (``makes``, ``table_makes``)."""
    name = get_count(count).name
    r1, r2 = count_rows(count, stick_the_dealer)
    w = np.tile(class_weights().ravel(), N_POSITIONS).reshape(N_POSITIONS, -1)
    rows = []
    for rnd, mine, theirs in ((1, r1, table.round1), (2, r2, table.round2)):
        mine = mine.reshape(N_POSITIONS, -1, mine.shape[1])
        theirs = theirs.reshape(N_POSITIONS, -1, theirs.shape[1])
        for k in range(N_POSITIONS):
            wk = w[k] * (table.round1.reshape(N_POSITIONS, -1, 3)[k, :, 0] if rnd == 2 else 1.0)
            a = mine[k].argmax(axis=1)
            same = a == theirs[k].argmax(axis=1)
            share = theirs[k][np.arange(len(a)), a]
            rows.append({"count": name, "round": rnd, "position": POSITIONS[k],
                         "agree": np.average(same, weights=wk),
                         "table_share": np.average(share, weights=wk),
                         "makes": np.average(a > 0, weights=wk),
                         "table_makes": np.average(1 - theirs[k][:, 0], weights=wk)})
    return pd.DataFrame(rows, columns=AGREEMENT_COLUMNS)


# ---------------------------------------------------------------------------------------------
# the fit

FEATURES = ("right", "left", "ace", "king", "queen", "ten", "nine", "off_ace", "off_king",
            "void")


def features(h) -> np.ndarray:
    """(n, 10) a ``Holding``'s counted facts in ``FEATURES``' order (``FittedValues.points``
    is their dot product with its values)."""
    void = h.voids * (h.trumps >= 1)
    return np.stack([h.right, h.left, h.ace, h.king, h.queen, h.ten, h.nine, h.off_aces(),
                     h.off_kings(), void], axis=1).astype(float)


def value_vector(v: FittedValues) -> np.ndarray:
    return np.array([*v.trump, v.off_ace, v.off_king, v.void], float)


def with_vector(v: FittedValues, x) -> FittedValues:
    x = [int(round(float(a))) for a in x]
    return replace(v, trump=tuple(x[:7]), off_ace=x[7], off_king=x[8], void=x[9])


def fit_samples(stakes: dict, table) -> dict:
    """The fit's data from ``sim.plan_values``' answer and the table: by position, round 1's
    and round 2's features, the table's decisions and the stakes of each."""
    from sim.players.equilibrium import class_ids, relative

    ids = class_ids()
    out = {}
    for k, d in stakes.items():
        n = len(d["hand"])
        canon = np.empty(n, np.int64)
        info = np.empty(n, np.int64)
        for i in range(n):
            canon[i], _ = relative(np.int64(d["hand"][i]), np.int64(d["upcard"][i]))
            info[i], _ = info_index(ids, np.int64(d["hand"][i]), np.int64(d["upcard"][i]), k)
        suits = suit_masks(canon)
        ranks = d["upcard"] % 6
        if k == 3:
            five = np.empty_like(suits)
            for r in range(N_RANKS):
                at = ranks == r
                five[at] = dealer_hand(suits[at], r)[0]
            x1 = features(holding(five, 0))
        else:
            x1 = features(holding(suits, 0))
        v = d["values"]
        t1 = table.round1[info].argmax(axis=1)
        t2 = table.round2[info].argmax(axis=1)
        make = np.maximum(v[:, 0], v[:, 1])
        pass_ = v[:, 2:].max(axis=1)
        x2 = np.stack([features(holding(suits, t)) for t in (1, 2, 3)], axis=1)
        calls = v[:, 3:].reshape(n, 3, 2)                   # suit 1..3 x (partner, alone)
        out[k] = {"x1": x1, "y1": t1 > 0, "w1": np.abs(make - pass_),
                  "alone1": t1 == 2, "wa1": np.abs(v[:, 1] - v[:, 0]),
                  "x2": x2, "passed": t1 == 0, "y2": t2 > 0, "suit2": (t2 + 1) // 2,
                  "w2": np.abs(calls.max(axis=(1, 2)) - np.maximum(v[:, 2], -10.0)),
                  "alone2": (t2 > 0) & (t2 % 2 == 0),
                  "wa2": np.abs(calls[:, :, 1] - calls[:, :, 0])}
    return out


def best_threshold(points, y, w, never: int = 99) -> tuple[int, float]:
    """The whole threshold t (make when points >= t) with the least weight of hands decided
    against ``y``, and that weight (``never``: a threshold no hand reaches)."""
    cands = np.unique(np.concatenate([np.floor(points), [never]])).astype(int)
    best, cost = never, np.inf
    for t in cands:
        c = float(np.sum(w[(points >= t) != y]))
        if c < cost - 1e-12:
            best, cost = int(t), c
    return best, cost


def _round2_points(d, x):
    p = d["x2"] @ x                                  # (n, 3)
    return p.max(axis=1), p.argmax(axis=1) + 1


def fit_cost(d: dict, x) -> tuple[float, dict]:
    """The stakes-weighted disagreement of values ``x`` with the table over the fit's data
    (``fit_samples``), each threshold at its best; and those thresholds."""
    total = 0.0
    th = {"order": [], "call": [], "alone1": [], "alone2": []}
    for k in range(N_POSITIONS):
        s = d[k]
        p1 = s["x1"] @ x
        t, c = best_threshold(p1, s["y1"], s["w1"])
        total += c
        th["order"].append(t)
        m = s["y1"]
        t, c = best_threshold(p1[m], s["alone1"][m], s["wa1"][m])
        total += c
        th["alone1"].append(t)
        p2, suit = _round2_points(s, x)
        m = s["passed"]
        t, c = best_threshold(p2[m], s["y2"][m], s["w2"][m])
        total += c
        th["call"].append(t)
        m = s["passed"] & s["y2"]
        wa = s["wa2"][np.arange(len(suit)), suit - 1]
        t, c = best_threshold(p2[m], s["alone2"][m], wa[m])
        total += c
        th["alone2"].append(t)
    return total, th


def fit_count(stakes: dict, table, start: FittedValues | None = None, passes: int = 3,
              steps=(-2, -1, 1, 2)) -> tuple[FittedValues, float]:
    """The count fitted to ``table`` on ``stakes`` (``sim.plan_values``): whole card values
    (from ``start``, by coordinate descent over ``steps``, the right bower held at its value so
    the scale stays a player's) and each round's and position's thresholds at their best.
    Returns the values and their stakes-weighted disagreement."""
    d = fit_samples(stakes, table)
    v = start or FittedValues()
    x = value_vector(v)
    cost, th = fit_cost(d, x)
    for _ in range(passes):
        moved = False
        for j in range(1, len(x)):
            for step in steps:
                y = x.copy()
                y[j] = max(0.0, y[j] + step)
                c, t = fit_cost(d, y)
                if c < cost - 1e-9:
                    x, cost, th, moved = y, c, t, True
        if not moved:
            break
    v = with_vector(v, x)
    return replace(v, order=tuple(th["order"]), call=tuple(th["call"]),
                   alone1=tuple(th["alone1"]), alone2=tuple(th["alone2"])), cost


def describe_values(v: FittedValues) -> str:
    """The fitted count as a player reads it."""
    r, lb, a, k, q, t, n = v.trump
    return (f"right {r}, left {lb}, trump A {a}, K {k}, Q {q}, T {t}, 9 {n}; off-suit ace "
            f"{v.off_ace}, off-suit king {v.off_king}, a void (with a trump) {v.void}")


# ---------------------------------------------------------------------------------------------
# what each count gives up

EXPLOIT_COLUMNS = ["strategy", "position", "gain", "gain_low", "gain_high", "upper", "samples",
                   "worlds"]


def exploit_rows(strategy: str, rules, samples: int, worlds: int, seed: int) -> pd.DataFrame:
    """``sim.exploitability`` of a strategy's bids, one row a position."""
    import sim

    pol = sim.bidding_policy(strategy, rules)
    rows = sim.exploitability(pol, rules, None, samples, worlds, seed)
    return pd.DataFrame([{"strategy": strategy, "position": r.position, "gain": r.gain,
                          "gain_low": r.low, "gain_high": r.high, "upper": r.upper,
                          "samples": samples, "worlds": worlds} for r in rows],
                        columns=EXPLOIT_COLUMNS)


def matches(strategy: str, rules, against=("equilibrium", "tuned"), hands: int = 1_000_000,
            games: int = 100_000, seed: int = 21) -> pd.DataFrame:
    """Points a hand and games to 10 of ``strategy`` against each of ``against`` on paired,
    seat-swapped deals and games (``analysis.headtohead``)."""
    from analysis.headtohead import head_to_head, head_to_head_games

    rows = []
    for b in against:
        if b == strategy:
            continue
        h = head_to_head(strategy, b, hands, seed, rules).iloc[0]
        g = head_to_head_games(strategy, b, games, seed, rules).iloc[0]
        rows.append({"strategy": strategy, "against": b, "deals": hands,
                     "margin": h["margin"], "margin_low": h["low"], "margin_high": h["high"],
                     "games": games, "wins": g["a_wins"], "wins_low": g["low"],
                     "wins_high": g["high"]})
    return pd.DataFrame(rows)


def summary(agree: pd.DataFrame, exploit: pd.DataFrame, match: pd.DataFrame) -> pd.DataFrame:
    """One row a strategy: agreement with the table (round 1 and round 2, over all positions),
    the most one seat gains against its bids (the largest position's held-out gain with its
    interval), points a hand and games against the equilibrium and tuned."""
    rows = []
    for s, e in exploit.groupby("strategy", sort=False):
        worst = e.loc[e["gain"].idxmax()]
        row = {"strategy": s, "exploit": worst["gain"], "exploit_low": worst["gain_low"],
               "exploit_high": worst["gain_high"], "exploit_position": worst["position"]}
        a = agree[agree["count"] == s]
        for rnd in (1, 2):
            row[f"agree{rnd}"] = a[a["round"] == rnd]["agree"].mean() if len(a) else np.nan
        for m in match[match["strategy"] == s].itertuples():
            row[f"vs_{m.against}"] = m.margin
            row[f"vs_{m.against}_low"] = m.margin_low
            row[f"vs_{m.against}_high"] = m.margin_high
            row[f"games_{m.against}"] = m.wins
            row[f"games_{m.against}_low"] = m.wins_low
            row[f"games_{m.against}_high"] = m.wins_high
        rows.append(row)
    return pd.DataFrame(rows)


__all__ = ["AGREEMENT_COLUMNS", "EXPLOIT_COLUMNS", "FEATURES", "agreement", "best_threshold",
           "class_weights", "exploit_rows", "matches", "summary",
           "describe_values", "features", "fit_cost", "fit_count", "fit_samples"]
