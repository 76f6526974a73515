"""Per-game statistics from a games run: win rates, game length, redeals, points by kind,
and the dealing team's win probability from every score state.

Everything is computed exactly from the kernel's game tally (layout ``G_*`` in
``sim.run.games``), with Wilson intervals for proportions and normal intervals for means
(``analysis.stats``).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.stats import proportion, wilson_interval
from sim.intervals import Z95_ROUNDED, normal_interval
from sim.run import games as G

COLUMNS = ["statistic", "value", "low", "high", "n", "unit"]
KIND_LABELS = {
    "one": "1-point hands", "march": "marches (2)", "alone_march": "lone marches (4)",
    "euchre": "euchres (2)", "lone_defender_euchre": "lone-defender euchres (4)",
}


def _row(name, est, unit):
    return {"statistic": name, "value": est.value, "low": est.low, "high": est.high, "n": est.n,
            "unit": unit}


def _mean_from_sums(s1: int, s2: int, n: int):
    """Mean with a 95% normal interval from the sum and the sum of squares of n integers."""
    from analysis.stats import Estimate, z_value

    mean = s1 / n
    var = (s2 - s1 * s1 / n) / (n - 1) if n > 1 else math.nan
    se = math.sqrt(max(var, 0.0) / n) if n > 1 else math.nan
    return Estimate(mean, *normal_interval(mean, se, z_value()), n, se)


def summarise_games(result: G.GameRunResult) -> pd.DataFrame:
    """One row per statistic: win rates (team 0, team 1, first dealer's team), hands and
    redeals per game, and points by kind per team (per game)."""
    g = result.gtally
    n = int(result.games)
    finished = int(g[G.G_WINS] + g[G.G_WINS + 1])
    rows = [
        _row("team 0 wins", proportion(int(g[G.G_WINS]), finished), "share"),
        _row("team 1 wins", proportion(int(g[G.G_WINS + 1]), finished), "share"),
        _row("first dealer's team wins", proportion(int(g[G.G_FIRST_DEALER_WINS]), finished),
             "share"),
        _row("hands per game", _mean_from_sums(int(g[G.G_SUMS]), int(g[G.G_SUMS + 1]), n),
             "hands"),
        _row("redeals per game", _mean_from_sums(int(g[G.G_SUMS + 2]), int(g[G.G_SUMS + 3]), n),
             "hands"),
    ]
    # points by kind: the number of such scoring hands per game, per team (Poisson-like count;
    # the interval treats per-game counts as independent with variance approximated by the mean)
    for team in (0, 1):
        for k, kind in enumerate(G.POINT_KINDS):
            if kind == "lone_defender_euchre" and not result.rules.defend_alone:
                continue
            count = int(g[G.G_POINT_KINDS + team * 5 + k])
            mean = count / n
            se = math.sqrt(mean / n) if n else math.nan
            low, high = normal_interval(mean, se, Z95_ROUNDED)
            rows.append({"statistic": f"team {team} {KIND_LABELS[kind]} per game",
                         "value": mean, "low": low, "high": high, "n": n, "unit": "hands"})
    if g[G.G_CAPPED]:
        rows.append({"statistic": "games stopped at the hand cap", "value": float(g[G.G_CAPPED]),
                     "low": math.nan, "high": math.nan, "n": n, "unit": "games"})
    return pd.DataFrame(rows, columns=COLUMNS)


def hands_per_game_distribution(result: G.GameRunResult) -> pd.DataFrame:
    """Share of games lasting each number of hands (the last bin is 'that many or more')."""
    hist = result.gtally[G.G_HANDS_HIST:G.G_HANDS_HIST + G.HANDS_BINS]
    nz = np.nonzero(hist)[0]
    hi = nz.max() + 1 if nz.size else 0
    return pd.DataFrame({"hands": np.arange(hi), "games": hist[:hi],
                         "share": hist[:hi] / max(result.games, 1)})


def win_probability_table(result: G.GameRunResult) -> pd.DataFrame:
    """P(the dealing team wins the game) from each score state before a hand, 0-0 .. 9-9.

    Returns a DataFrame of tidy rows ``dealer_score, other_score, p, low, high, n`` (n: hands
    dealt from that state).
    """
    g = result.gtally
    visits = g[G.G_STATE_VISITS:G.G_STATE_VISITS + 100].reshape(10, 10)
    wins = g[G.G_STATE_WINS:G.G_STATE_WINS + 100].reshape(10, 10)
    to = result.rules.game_to
    ds, os_ = np.meshgrid(np.arange(10), np.arange(10), indexing="ij")
    keep = (ds < to) & (os_ < to)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = wins / visits
    low, high = wilson_interval(wins, visits)
    return pd.DataFrame({
        "dealer_score": ds[keep], "other_score": os_[keep], "p": p[keep],
        "low": np.asarray(low)[keep], "high": np.asarray(high)[keep], "n": visits[keep],
    })


