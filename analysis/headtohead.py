"""Head-to-head matches between two strategies on the same deals, seats swapped: each deal (or
game) is played with A as team 0 and again with B as team 0, so the luck of the cards cancels
and the margin has a paired 95% interval (common random numbers).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.stats import DEFAULT_CONFIDENCE, mean_interval, paired_difference, paired_share
from sim import Rules, Table, load_strategy, simulate, simulate_games

COLUMNS = [
    "a", "b", "deals", "margin", "low", "high", "se", "a_points", "b_points",
    "a_points_low", "a_points_high", "b_points_low", "b_points_high", "seed", "rules",
]  # fmt: skip


def points_by_team(
    table: Table, hands: int, seed: int, rules: Rules, threads: int | None = None,
    executor=None,
) -> tuple[np.ndarray, np.ndarray]:
    """Points per hand of team 0 and team 1 for hands ``0 .. hands-1`` (int8 arrays)."""
    pts = np.empty((2, hands), np.int8)

    def keep(frame, _part):
        i = frame["hand"].to_numpy()
        pts[0, i] = frame["points0"].to_numpy()
        pts[1, i] = frame["points1"].to_numpy()

    simulate(hands, seed, rules, table, records=True, threads=threads, on_records=keep,
             executor=executor)
    return pts[0], pts[1]


def head_to_head(
    a,
    b,
    hands: int,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    threads: int | None = None,
    executor=None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> pd.DataFrame:
    """Strategy ``a`` against ``b`` on the same ``hands`` deals, once from each side.

    Hands ``0 .. hands-1`` of one seed are played twice, A as team 0 and then B as team 0;
    over the pair each side holds each team's cards once.  The margin is the mean over deals
    of A's points minus B's (averaged over the two seatings).

    Parameters
    ----------
    a, b : a built-in name, a ``.toml`` path or a ``Strategy`` (``sim.players``).
    hands : deals to play; each is played twice, so ``2 * hands`` hands in all.
    seed, rules : the run seed and the rules (default: the published rules).

    Returns
    -------
    pandas.DataFrame
        One row: ``a``, ``b`` (names), ``deals``, ``margin`` (A's points per hand minus B's),
        ``low``/``high``/``se`` (its paired interval: deal ``i`` of the first run paired with
        deal ``i`` of the second), ``a_points``/``b_points`` (each side's points per hand over
        both runs, with ``*_low``/``*_high`` intervals over deals), ``seed``, ``rules``.
    """
    sa, sb = load_strategy(a), load_strategy(b)
    rules = rules or Rules()
    a0, b1 = points_by_team(Table((sa, sb, sa, sb)), hands, seed, rules, threads, executor)
    b0, a1 = points_by_team(Table((sb, sa, sb, sa)), hands, seed, rules, threads, executor)
    # per deal, each side's points summed over both seatings (small exact integers)
    a_sum = a0.astype(np.int64) + a1
    b_sum = b0.astype(np.int64) + b1
    diff = paired_difference(a_sum, b_sum, confidence=confidence)
    pa = mean_interval(*np.unique(a_sum, return_counts=True), confidence=confidence)
    pb = mean_interval(*np.unique(b_sum, return_counts=True), confidence=confidence)
    row = {
        "a": sa.name, "b": sb.name, "deals": hands,
        "margin": diff.value / 2, "low": diff.low / 2, "high": diff.high / 2, "se": diff.se / 2,
        "a_points": pa.value / 2, "b_points": pb.value / 2,
        "a_points_low": pa.low / 2, "a_points_high": pa.high / 2,
        "b_points_low": pb.low / 2, "b_points_high": pb.high / 2,
        "seed": seed, "rules": rules.describe(),
    }  # fmt: skip
    return pd.DataFrame([row], columns=COLUMNS)


GAME_COLUMNS = ["a", "b", "games", "a_wins", "low", "high", "se", "game_to", "seed", "rules"]


def head_to_head_games(
    a,
    b,
    games: int,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    threads: int | None = None,
    executor=None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> pd.DataFrame:
    """Strategy ``a`` against ``b`` over ``games`` games to ``rules.game_to``, from each side.

    Returns a one-row DataFrame: ``a_wins`` (the share of the ``2 * games`` games A won) with
    a paired interval (game ``g`` of the first run with game ``g`` of the second: A wins 0, 1
    or 2 of the pair; ``analysis.stats.paired_share``, Wilson's at the pairs' effective number
    of games), ``games``, ``game_to``, ``seed``, ``rules``.
    """
    sa, sb = load_strategy(a), load_strategy(b)
    rules = rules or Rules()
    first = simulate_games(games, seed, rules, Table((sa, sb, sa, sb)), records=True,
                           threads=threads, executor=executor).records  # fmt: skip
    second = simulate_games(games, seed, rules, Table((sb, sa, sb, sa)), records=True,
                            threads=threads, executor=executor).records  # fmt: skip
    won = (first["winner"].to_numpy() == 0).astype(np.int64)
    won += second["winner"].to_numpy() == 1
    est = paired_share(*np.unique(won, return_counts=True), per=2, confidence=confidence)
    row = {
        "a": sa.name, "b": sb.name, "games": games,
        "a_wins": est.value, "low": est.low, "high": est.high, "se": est.se,
        "game_to": rules.game_to, "seed": seed, "rules": rules.describe(),
    }  # fmt: skip
    return pd.DataFrame([row], columns=GAME_COLUMNS)


__all__ = ["head_to_head", "head_to_head_games", "points_by_team", "COLUMNS", "GAME_COLUMNS"]
