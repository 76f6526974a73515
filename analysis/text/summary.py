"""A ``simulate`` run's summary as text and as JSON-ready data: single hands (``format_summary``,
``summary_json``) and games (``format_games``, ``games_json``)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.games import hands_per_game_distribution, summarise_games, win_probability_table
from analysis.summary import by_position, summarise
from sim import RunResult
from sim.run import games as G


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
        f"{result.wall_s - result.compile_s:.2f} s, {result.hands_per_s:,.0f} hands/s on "
        f"{workers(result)}{compiled(result)}"
    )


def workers(result) -> str:
    """``2 threads``, or ``2 processes`` where an outside bot played through the referee."""
    from sim.run.refereed import has_bots

    what = "process" if has_bots(result.table) else "thread"
    n = result.threads
    return f"{n} {what}{'es' if what == 'process' and n != 1 else 's' if n != 1 else ''}"


def compiled(result) -> str:
    """``; compiling took N s (first use only)`` when the run compiled, else nothing."""
    if result.compile_s <= 0:
        return ""
    return f"; compiling took {result.compile_s:.1f} s (first use only)"


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
        "compile_s": _clean(float(result.compile_s)),
        "hands_per_s": _clean(float(result.hands_per_s)),
        "statistics": _records(summarise(result)),
        "by_position": {p: _records(g) for p, g in pos.groupby("position", sort=False)},
    }


def format_games(df: pd.DataFrame, result: G.GameRunResult, table: pd.DataFrame) -> str:
    lines = [
        f"{result.games:,} games to {result.rules.game_to}, seed {result.seed}, rules: "
        f"{result.rules.describe()}, strategies: {result.table.describe()['team0']} v "
        f"{result.table.describe()['team1']}",
        f"{result.wall_s - result.compile_s:.2f} s, {result.hands_played:,} hands, "
        f"{result.hands_per_s:,.0f} hands/s on {workers(result)}{compiled(result)}",
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
    return {
        "games": int(result.games), "seed": int(result.seed), "rules": result.rules.as_dict(),
        "strategies": result.table.describe(), "wall_s": float(result.wall_s),
        "compile_s": float(result.compile_s),
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


__all__ = ["format_summary", "summary_json", "header", "format_games", "games_json"]
