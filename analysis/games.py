"""Per-game statistics from a games run: win rates, game length, redeals, points by kind,
and the dealing team's win probability from every score state.

Everything is computed exactly from the kernel's game tally (layout ``G_*`` in
``sim.games_runner``), with Wilson intervals for proportions and normal intervals for means
(``analysis.stats``).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.stats import proportion, wilson_interval
from sim import games_runner as G

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
    z = z_value()
    return Estimate(mean, mean - z * se, mean + z * se, n, se)


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
            rows.append({"statistic": f"team {team} {KIND_LABELS[kind]} per game",
                         "value": mean, "low": mean - 1.96 * se, "high": mean + 1.96 * se,
                         "n": n, "unit": "hands"})
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


def format_games(df: pd.DataFrame, result: G.GameRunResult, table: pd.DataFrame) -> str:
    from analysis.summary import _fmt_value

    lines = [
        f"{result.games:,} games to {result.rules.game_to}, seed {result.seed}, rules: "
        f"{result.rules.describe()}, strategies: {result.table.describe()['team0']} v "
        f"{result.table.describe()['team1']}",
        f"{result.wall_s:.2f} s, {result.hands_played:,} hands, {result.hands_per_s:,.0f} "
        f"hands/s on {result.threads} thread{'s' if result.threads != 1 else ''}",
        "",
    ]
    width = max(len(s) for s in df["statistic"]) + 2
    for r in df.itertuples(index=False):
        unit = "points" if r.unit == "hands" else r.unit
        lines.append(f"{r.statistic:<{width}}{_fmt_value(r.value, r.low, r.high, unit)}")
    to = result.rules.game_to
    lines += ["", "P(dealing team wins) by score before the hand (rows: dealing team's score, "
              "columns: the other team's)"]
    piv = table.pivot(index="dealer_score", columns="other_score", values="p")
    lines.append("      " + "".join(f"{c:>6}" for c in range(min(to, 10))))
    for s, row in piv.iterrows():
        lines.append(f"{s:>4}  " + "".join(
            "     -" if math.isnan(v) else f"{100 * v:5.1f}%" for v in row.to_numpy()))
    return "\n".join(lines)


def games_json(result: G.GameRunResult) -> dict:
    from analysis.summary import _records

    return {
        "games": int(result.games), "seed": int(result.seed), "rules": result.rules.as_dict(),
        "strategies": result.table.describe(), "wall_s": float(result.wall_s),
        "hands_played": result.hands_played, "hands_per_s": float(result.hands_per_s),
        "statistics": _records(summarise_games(result)),
        "hands_per_game": hands_per_game_distribution(result)[["hands", "games"]]
        .to_dict("records"),
        "win_probability": [
            {k: (None if isinstance(v, float) and math.isnan(v) else
                 (int(v) if k != "p" and k not in ("low", "high") else float(v)))
             for k, v in row.items()}
            for row in win_probability_table(result).to_dict("records")
        ],
    }
