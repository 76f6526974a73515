"""The match-equity table: ``W(d, o)``, the probability that the dealing team wins the game
when it has ``d`` points and the other team ``o``, for every score of a game to 5, 7 or 10.

Two independent ways to the same table, and the checks between them:

- ``from_games``: games started at each score (``sim.simulate_games(..., from_score=...)``),
  the share the dealing team won, with its Wilson interval.  Each cell is its own games
  (games ``cell * games ..`` of the seed), so the cells' intervals are independent.
- ``from_hands``: the distribution of one hand's outcome at each score (hands played at that
  score, ``sim.simulate(..., scores=...)``), then the game's recursion solved exactly:
  ``W(d, o) = sum over outcomes P(a to the dealers, b to the others) * V`` with ``V`` 1 when
  the dealers reach the target, 0 when the others do, else ``1 - W(o + b, d + a)`` (the deal
  passes to the left, so the other team deals next; a passed-out hand is ``a = b = 0``).  Its
  interval is a parametric bootstrap of the outcome counts.

``checks`` compares them: every cell's difference in standard errors (the two agree where the
strategies decide on the score and the deal alone, which every built-in strategy does), and
``W(d, o) + W'(o, d) = 1`` where ``W'`` is the same games counted for the other team (it has
``o`` and deals next): games that never end would break it.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.stats import wilson_interval
from sim.equilibrium.score import OUTCOMES, next_state
from sim.intervals import Z95

# a published heuristic simulator's figures (Fred Benjamin, 2006; 10,000 games a score state,
# every seat one heuristic player): P(the dealing team wins) at two scores of a game to 10
PUBLISHED = {(0, 0): 0.51, (9, 9): 0.65}
PUBLISHED_SOURCE = "Fred Benjamin's heuristic simulator (2006), 10,000 games a score"
BOOTSTRAP = 400          # replicates of the hand-outcome counts for from_hands' interval
Z_WARN = 4.0             # two estimates of a cell further apart (standard errors) are flagged


def cells(game_to: int) -> list[tuple[int, int]]:
    """Every score before a hand, (dealing team's, other's), row by row."""
    return [(d, o) for d in range(game_to) for o in range(game_to)]


def from_games(games: int, seed: int = 1, rules=None, table=None, *, threads=None,
               executor=None, progress=None) -> pd.DataFrame:
    """``W`` from ``games`` games started at each score.

    Returns one row a cell: ``dealer_score, other_score, games, dealer_wins, other_wins,
    unfinished, w, low, high`` (``w``: the dealers' share, 95% Wilson interval), ``w_other``
    (the other team's share, ``W'(o, d)``) and ``hands`` (hands played from that score).
    ``progress(k)`` is called with the games each cell played."""
    from sim import Rules, simulate_games
    from sim.run.games import G_CAPPED, G_FIRST_DEALER_WINS, G_WINS

    rules = Rules() if rules is None else rules
    rows = []
    for i, (d, o) in enumerate(cells(rules.game_to)):
        r = simulate_games(games, seed, rules, table, threads=threads, start=i * games,
                           executor=executor, from_score=(d, o))
        wins = int(r.gtally[G_FIRST_DEALER_WINS])
        done = int(r.gtally[G_WINS] + r.gtally[G_WINS + 1])
        rows.append((d, o, games, wins, done - wins, int(r.gtally[G_CAPPED]), r.hands_played))
        if progress is not None:
            progress(games)
    df = pd.DataFrame(rows, columns=["dealer_score", "other_score", "games", "dealer_wins",
                                     "other_wins", "unfinished", "hands"])
    low, high = wilson_interval(df["dealer_wins"].to_numpy(), df["games"].to_numpy())
    df["w"] = df["dealer_wins"] / df["games"]
    df["low"], df["high"] = low, high
    df["w_other"] = df["other_wins"] / df["games"]
    return df[["dealer_score", "other_score", "w", "low", "high", "games", "dealer_wins",
               "other_wins", "unfinished", "w_other", "hands"]]


def score_tallies(hands: int, seed: int = 1, rules=None, table=None, *, threads=None,
                  executor=None, progress=None) -> np.ndarray:
    """``tallies[d, o]``: the tally (``TALLY_SHAPE``) of the hands dealt at score (dealers
    ``d``, others ``o``), from ``hands`` hands at each pair of scores (team 0 holding one, team
    1 the other: the hands team 0 deals are at one score, team 1's at the mirrored one, so a
    cell keeps the dealers of one team only)."""
    from sim import Rules, simulate
    from sim.run.hands import TALLY_SHAPE

    rules = Rules() if rules is None else rules
    to = rules.game_to
    dealer_team = np.indices(TALLY_SHAPE)[1] % 2
    tallies = np.zeros((to, to) + tuple(TALLY_SHAPE), np.int64)
    pairs = [(a, b) for a in range(to) for b in range(a, to)]
    for i, (a, b) in enumerate(pairs):
        r = simulate(hands, seed, rules, table, threads=threads, start=i * hands,
                     scores=(a, b), executor=executor)
        for team, (d, o) in ((0, (a, b)), (1, (b, a))):
            tallies[d, o] += np.where(dealer_team == team, r.tally, 0)
        if progress is not None:
            progress(hands)
    return tallies


def outcome_counts(tallies: np.ndarray, rules=None) -> np.ndarray:
    """``counts[d, o, k, v + 4]`` from ``score_tallies``: hands dealt at score (dealers ``d``,
    others ``o``) that gave the dealers ``v`` points more than the others (one team scores; 0:
    passed out), ``k`` 0 for every hand and ``k`` = 1 + position for the hands in which the
    positions up to that one (0 the dealer's left .. 3 the dealer) all passed in round 1 (the
    hands where that position passed when its turn came)."""
    from analysis.summary import cell_points
    from sim import Rules

    pts0, pts1 = cell_points(Rules() if rules is None else rules)
    _, dealer, rnd, mpos = np.indices(pts0.shape)[:4]
    signed = np.where(dealer % 2 == 0, pts0 - pts1, pts1 - pts0) + 4
    reached = [np.ones(pts0.shape, bool)] + [(rnd != 1) | (mpos > k) for k in range(4)]
    to = tallies.shape[0]
    counts = np.zeros((to, to, 5, OUTCOMES.size), np.int64)
    for d in range(to):
        for o in range(to):
            for k, passed in enumerate(reached):
                counts[d, o, k] = np.bincount(signed[passed], tallies[d, o][passed],
                                              OUTCOMES.size).astype(np.int64)
    return counts


def after_hand(w: np.ndarray) -> np.ndarray:
    """``V[d, o, v + 4]``: the dealers' chance of winning the game after a hand at score
    ``d``-``o`` that gave them ``v`` points more than the others (1 or 0 when it ends the
    game), from the table ``w`` (any leading axes: bootstrap replicates)."""
    to = w.shape[-1]
    end, nxt = next_state(to)
    flat = np.asarray(w).reshape(w.shape[:-2] + (to * to,))
    return np.where(np.isnan(end), 1.0 - np.take(flat, nxt, axis=-1), end)


def solve_recursion(p: np.ndarray, tol: float = 1e-13, most: int = 10_000) -> np.ndarray:
    """``W`` from hand-outcome probabilities ``p[..., d, o, v + 4]`` (any leading axes: bootstrap
    replicates), the recursion iterated to its fixed point (a passed-out hand keeps the score,
    so the iteration converges geometrically at the rate of passing out)."""
    to = p.shape[-2]
    end, nxt = next_state(to)
    lead = p.shape[:-3]
    w = np.full(lead + (to, to), 0.5)
    done = ~np.isnan(end)
    fixed = (p * np.where(done, end, 0.0)).sum(axis=-1)
    for _ in range(most):
        flat = w.reshape(lead + (to * to,))
        goes_on = np.where(done, 0.0, 1.0 - np.take(flat, nxt, axis=-1))
        new = fixed + (p * goes_on).sum(axis=-1)
        if np.max(np.abs(new - w)) < tol:
            return new
        w = new
    raise RuntimeError("the match-equity recursion did not converge")


def from_hands(counts: np.ndarray, seed: int = 1, replicates: int = BOOTSTRAP) -> pd.DataFrame:
    """``W`` from hand-outcome ``counts`` (``outcome_counts``: its every-hand row) by the
    game's recursion, with a 95% parametric bootstrap interval (``replicates`` multinomial
    redraws of every score's counts).  Returns ``dealer_score, other_score, w, low, high,
    hands`` and the outcome shares (``dealers_1`` .. ``others_4``, ``passed_out``)."""
    if counts.ndim == 4:
        counts = counts[:, :, 0]
    n = counts.sum(axis=-1, keepdims=True)
    if np.any(n == 0):
        raise ValueError("every score needs hands for the recursion: some score has none")
    p = counts / n
    w = solve_recursion(p)
    rng = np.random.default_rng(seed)
    reps = rng.multinomial(n[..., 0], p, size=(replicates,) + p.shape[:-1])
    boot = solve_recursion(reps / n)
    low, high = np.percentile(boot, [2.5, 97.5], axis=0)
    to = counts.shape[0]
    d, o = np.meshgrid(np.arange(to), np.arange(to), indexing="ij")
    df = pd.DataFrame({"dealer_score": d.ravel(), "other_score": o.ravel(), "w": w.ravel(),
                       "low": low.ravel(), "high": high.ravel(), "hands": n.ravel()})
    names = {v: (f"dealers_{v}" if v > 0 else f"others_{-v}") for v in (1, 2, 4, -1, -2, -4)}
    for v, name in names.items():
        df[name] = p[..., v + 4].ravel()
    df["passed_out"] = p[..., 4].ravel()
    return df


def checks(games: pd.DataFrame, hands: pd.DataFrame | None = None) -> pd.DataFrame:
    """Each cell's checks: ``sum_check`` = ``W(d, o) + W'(o, d) - 1`` from the same games (0
    unless games went unfinished) and, with ``hands``, the games' ``w`` minus the hands' and
    that difference in standard errors (``z``; each side's from its 95% interval)."""
    out = games[["dealer_score", "other_score", "w"]].rename(columns={"w": "w_games"})
    out["sum_check"] = games["w"] + games["w_other"] - 1.0
    if hands is not None:
        h = hands.set_index(["dealer_score", "other_score"])
        key = pd.MultiIndex.from_frame(out[["dealer_score", "other_score"]])
        out["w_hands"] = h["w"].reindex(key).to_numpy()
        se_g = (games["high"] - games["low"]).to_numpy() / (2 * Z95)
        se_h = (h["high"] - h["low"]).reindex(key).to_numpy() / (2 * Z95)
        out["difference"] = out["w_games"] - out["w_hands"]
        out["z"] = out["difference"] / np.sqrt(se_g ** 2 + se_h ** 2)
    return out


def published_rows(table: pd.DataFrame, game_to: int) -> pd.DataFrame:
    """The published figures beside ours (a game to 10 only): ``score, published, w, low,
    high``."""
    if game_to != 10:
        return pd.DataFrame(columns=["score", "published", "w", "low", "high", "source"])
    t = table.set_index(["dealer_score", "other_score"])
    rows = [(f"{d}-{o}", pub, *t.loc[(d, o), ["w", "low", "high"]], PUBLISHED_SOURCE)
            for (d, o), pub in PUBLISHED.items()]
    return pd.DataFrame(rows, columns=["score", "published", "w", "low", "high", "source"])


def grid(table: pd.DataFrame, column: str = "w") -> np.ndarray:
    """A table's ``column`` as a (game_to, game_to) array, dealers' score by row."""
    to = int(math.isqrt(len(table)))
    out = np.full((to, to), np.nan)
    out[table["dealer_score"].to_numpy(), table["other_score"].to_numpy()] = table[column]
    return out


__all__ = ["PUBLISHED", "Z_WARN", "PUBLISHED_SOURCE", "cells", "from_games", "score_tallies",
           "outcome_counts", "from_hands", "solve_recursion", "after_hand", "checks",
           "published_rows", "grid"]
