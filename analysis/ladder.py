"""The strength ladder: a round robin of strategies, each pair on the same paired, seat-swapped
deals and games (``analysis.headtohead``), and ratings on one scale fitted to all the pairs.

* ``points``: points a hand, fitted by weighted least squares to the pairwise margins (``a``
  beats ``b`` by ``r_a - r_b``), each margin weighted by its inverse variance; the anchor (the
  first strategy, or ``basic`` when present) is 0, and the intervals come from the fit's
  covariance.
* ``elo``: a Bradley-Terry model of the games to 10 (``choix``'s iterative Luce spectral
  ranking on the matrix of games won), on the Elo scale (400 / ln 10 per unit of log-strength),
  anchored the same way; intervals are percentiles of a parametric bootstrap (each pair's wins
  redrawn from its binomial).  Treating the two games of a seat-swapped pair as independent
  makes these intervals a little wide, not narrow.

Pairs that include a slow player (``pimc``) play ``slow_hands`` deals and ``slow_games`` games.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np
import pandas as pd

from analysis.headtohead import head_to_head, head_to_head_games
from analysis.stats import DEFAULT_CONFIDENCE, z_value
from sim import Rules, load_strategy
from sim.intervals import normal_interval

ELO = 400 / math.log(10)
DEFAULT_LADDER = ("random", "trump-count", "conservative", "aggressive", "basic", "tuned", "pimc")
PAIR_COLUMNS = ["a", "b", "deals", "margin", "low", "high", "se", "games", "a_wins",
                "wins_low", "wins_high", "a_games_won", "b_games_won"]
RATING_COLUMNS = ["strategy", "points", "points_low", "points_high", "elo", "elo_low",
                  "elo_high", "games_won", "games_played"]


def default_ladder(rules: Rules | None = None) -> tuple[str, ...]:
    """The built-ins a ladder plays when given none: ``DEFAULT_LADDER``, with ``equilibrium``
    and the point counts (``sim.POINT_COUNTS``, which bid by tables of their own) before
    ``pimc`` where an equilibrium table for ``rules`` is committed, less the players that do
    not play ``rules`` (``left_out``)."""
    from sim import POINT_COUNTS, equilibrium_table_path

    names = DEFAULT_LADDER
    if equilibrium_table_path(rules or Rules()).is_file():
        names = DEFAULT_LADDER[:-1] + ("equilibrium", *POINT_COUNTS) + DEFAULT_LADDER[-1:]
    out = left_out(rules)
    return tuple(n for n in names if n not in out)


def left_out(rules: Rules | None = None) -> dict[str, str]:
    """The built-ins of ``DEFAULT_LADDER`` that do not play ``rules``, each with why."""
    out = {}
    for name in DEFAULT_LADDER:
        why = load_strategy(name).player.refusal(rules)
        if why:
            out[name] = why
    return out


def is_slow(strategy) -> bool:
    return strategy.player.searches


def strength_ladder(strategies=None, hands: int = 100_000, games: int = 10_000, seed: int = 1,
           rules: Rules | None = None, *, slow_hands: int = 2_000, slow_games: int = 200,
           threads: int | None = None, executor=None, boot: int = 1000,
           confidence: float = DEFAULT_CONFIDENCE,
           progress: Callable[[int], None] | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every pair of ``strategies`` (names, TOML paths or ``Strategy``; None:
    ``default_ladder(rules)``) on ``hands`` deals and ``games`` games of seed ``seed``, each
    played from both seats; ``slow_*`` for pairs with a ``pimc`` player.  ``progress`` is
    called with 1 after each pair's deals and games.

    Returns ``(pairs, ratings)``, two DataFrames: one row per pair (A's margin in points a
    hand with its paired interval, A's share of the games with its interval, games each side
    won) and one row per strategy (``points`` and ``elo`` ratings with intervals, the module
    header)."""
    rules = rules or Rules()
    players = [load_strategy(s) for s in (strategies or default_ladder(rules))]
    names = [p.name for p in players]
    if len(players) < 2:
        raise ValueError("a ladder needs at least two strategies")
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ValueError(f"{dup} is named twice: give each strategy once")
    for n in (hands, games, slow_hands, slow_games):
        if n < 2:
            raise ValueError("deals and games per pair must be at least 2 (for an interval)")
    rows = []
    for sa, sb in itertools.combinations(players, 2):
        slow = is_slow(sa) or is_slow(sb)
        h = head_to_head(sa, sb, slow_hands if slow else hands, seed, rules, threads=threads,
                         executor=executor, confidence=confidence).iloc[0]
        if progress is not None:
            progress(1)
        g = head_to_head_games(sa, sb, slow_games if slow else games, seed, rules,
                               threads=threads, executor=executor,
                               confidence=confidence).iloc[0]
        if progress is not None:
            progress(1)
        won = int(round(g["a_wins"] * 2 * g["games"]))
        rows.append({"a": sa.name, "b": sb.name, "deals": int(h["deals"]), "margin": h["margin"],
                     "low": h["low"], "high": h["high"], "se": h["se"],
                     "games": int(g["games"]), "a_wins": g["a_wins"],
                     "wins_low": max(g["low"], 0.0), "wins_high": min(g["high"], 1.0),
                     "a_games_won": won,
                     "b_games_won": 2 * int(g["games"]) - won})
    pairs = pd.DataFrame(rows, columns=PAIR_COLUMNS)
    return pairs, ratings(pairs, names, boot=boot, seed=seed, confidence=confidence)


def _anchor(names) -> int:
    return names.index("basic") if "basic" in names else 0


def points_ratings(pairs: pd.DataFrame, names, confidence: float = DEFAULT_CONFIDENCE):
    """(rating, low, high) arrays in points a hand: weighted least squares on the margins."""
    k = len(names)
    at = {n: i for i, n in enumerate(names)}
    anchor = _anchor(names)
    free = [i for i in range(k) if i != anchor]
    x = np.zeros((len(pairs), k - 1))
    for r, (a, b) in enumerate(zip(pairs["a"], pairs["b"], strict=True)):
        if at[a] != anchor:
            x[r, free.index(at[a])] = 1.0
        if at[b] != anchor:
            x[r, free.index(at[b])] = -1.0
    w = 1.0 / np.maximum(pairs["se"].to_numpy(), 1e-9) ** 2
    xtwx = x.T @ (x * w[:, None])
    cov = np.linalg.pinv(xtwx)
    beta = cov @ (x.T @ (w * pairs["margin"].to_numpy()))
    rating = np.zeros(k)
    rating[free] = beta
    se = np.zeros(k)
    se[free] = np.sqrt(np.clip(np.diag(cov), 0, None))
    return (rating, *normal_interval(rating, se, z_value(confidence)))


def _bt(wins: np.ndarray, anchor: int) -> np.ndarray:
    import choix

    # a small prior keeps the fit finite when one strategy wins every game against another
    theta = choix.ilsr_pairwise_dense(wins, alpha=1e-4)
    return (theta - theta[anchor]) * ELO


def elo_ratings(pairs: pd.DataFrame, names, *, boot: int = 1000, seed: int = 1,
                confidence: float = DEFAULT_CONFIDENCE):
    """(rating, low, high) arrays on the Elo scale: Bradley-Terry on the games won."""
    k = len(names)
    at = {n: i for i, n in enumerate(names)}
    anchor = _anchor(names)
    wins = np.zeros((k, k))
    for a, b, wa, wb in pairs[["a", "b", "a_games_won", "b_games_won"]].itertuples(index=False):
        wins[at[a], at[b]] += wa
        wins[at[b], at[a]] += wb
    rating = _bt(wins, anchor)
    rng = np.random.default_rng(seed)
    n = wins + wins.T
    p = np.divide(wins, n, out=np.full_like(wins, 0.5), where=n > 0)
    draws = np.empty((boot, k))
    upper = np.triu(np.ones((k, k), bool), 1)
    for i in range(boot):
        w = np.zeros((k, k))
        w[upper] = rng.binomial(n[upper].astype(np.int64), p[upper])
        w.T[upper] = n[upper] - w[upper]
        draws[i] = _bt(w, anchor)
    tail = (1 - confidence) / 2 * 100
    return rating, np.percentile(draws, tail, axis=0), np.percentile(draws, 100 - tail, axis=0)


def ratings(pairs: pd.DataFrame, names, *, boot: int = 1000, seed: int = 1,
            confidence: float = DEFAULT_CONFIDENCE) -> pd.DataFrame:
    """One row per strategy: its points and Elo ratings with intervals, its games won and
    played; sorted strongest first (by points)."""
    pts, pts_lo, pts_hi = points_ratings(pairs, names, confidence)
    elo, elo_lo, elo_hi = elo_ratings(pairs, names, boot=boot, seed=seed, confidence=confidence)
    won = {n: 0 for n in names}
    played = {n: 0 for n in names}
    for a, b, g, wa, wb in pairs[["a", "b", "games", "a_games_won", "b_games_won"]].itertuples(
            index=False):
        won[a] += wa
        won[b] += wb
        played[a] += 2 * g
        played[b] += 2 * g
    df = pd.DataFrame({"strategy": names, "points": pts, "points_low": pts_lo,
                       "points_high": pts_hi, "elo": elo, "elo_low": elo_lo, "elo_high": elo_hi,
                       "games_won": [won[n] for n in names],
                       "games_played": [played[n] for n in names]}, columns=RATING_COLUMNS)
    return df.sort_values("points", ascending=False, ignore_index=True)


__all__ = ["strength_ladder", "left_out", "ratings", "points_ratings", "elo_ratings",
           "DEFAULT_LADDER", "default_ladder", "PAIR_COLUMNS", "RATING_COLUMNS"]
