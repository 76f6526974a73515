"""The order-up point by score: the least chance of making trump that justifies ordering up, at
each score and position (the Euchre take point), from the match-equity table and the real value
of passing.

A seat that orders up either makes it (its team scores; counted here as 1 point) or is euchred
(the other team scores 2).  Passing is not worth nothing: the hand goes on, and the others (or
the seat's own side, later) may make trump.  Its value is the game-win chance after the hands in
which the positions up to this one all passed in round 1 (``match_equity.outcome_counts``'
rows by position).  So the seat should order when

    P(make) >= (W(pass) - W(euchred)) / (W(make) - W(euchred))

with each ``W`` the seat's team's chance of winning the game after the hand
(``match_equity``'s table, the deal passed to the left).  In points the same rule reads
``(E(pass) + 2) / 3``: 2/3 when a pass is worth nothing, which is the point every score is
compared with.  Below 0 the seat should order with any hand (a pass loses more than a euchre);
above 1, with none.

Its 95% interval (``point_low``, ``point_high``, given the games behind each cell of ``W``) is a
parametric bootstrap of both inputs: each cell of ``W`` redrawn from its games (binomial) and
each position's passed hands from their outcome shares (multinomial).  Where making it and being
euchred are worth nearly the same (the point's denominator), a few games a score leave the
point wide open, and the interval says so.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from analysis.match_equity import after_hand
from sim import POSITIONS
from sim.equilibrium.score import OUTCOMES

BOOTSTRAP = 400          # replicates for the point's interval (as match_equity.from_hands)


def _points(w: np.ndarray, p: np.ndarray):
    """(point, w_make, w_euchred, w_pass, e_pass), each ``[..., d, o, position]``, from ``W``
    ``[..., T, T]`` and the passed hands' outcome shares ``p[..., T, T, position, v + 4]``
    (any leading axes: bootstrap replicates)."""
    dealers = after_hand(w)
    parts = []
    for k in range(len(POSITIONS)):
        deals = k % 2 == 1                  # positions 1 and 3: the dealer's side
        value = dealers if deals else 1.0 - dealers
        sign = 1 if deals else -1           # the position's team's points are sign * v
        pk = p[..., k, :]
        w_make, w_eu = value[..., sign * 1 + 4], value[..., -sign * 2 + 4]
        w_pass = (pk * value).sum(axis=-1)
        e_pass = (pk * sign * OUTCOMES).sum(axis=-1)
        gap = w_make - w_eu
        with np.errstate(invalid="ignore", divide="ignore"):
            point = np.where(gap > 0, (w_pass - w_eu) / np.where(gap > 0, gap, 1.0), np.nan)
        parts.append((point, w_make, w_eu, w_pass, e_pass))
    return tuple(np.stack([x[i] for x in parts], axis=-1) for i in range(5))


def order_up_point(w: np.ndarray, counts: np.ndarray, games: np.ndarray | None = None,
                   seed: int = 1, replicates: int = BOOTSTRAP) -> pd.DataFrame:
    """One row a score and position: ``dealer_score, other_score, position, us, them`` (the
    position's team's score and the other's), ``w_make, w_euchred, w_pass`` (the position's
    team's chance of winning the game after each), ``point`` (the order-up point in game-win
    chance), ``points_point`` (the same rule in points: ``(E(pass) + 2) / 3``) and
    ``passed_hands`` (the hands its pass value is read from); with ``games``, ``point_low`` and
    ``point_high``, the point's 95% bootstrap interval (the module's header).

    ``w``: the match-equity table (``(T, T)``, the dealers' chance); ``counts``:
    ``match_equity.outcome_counts``; ``games``: the games behind each cell of ``w``
    (``(T, T)``)."""
    to = w.shape[0]
    c = counts[:, :, 1:1 + len(POSITIONS)]
    n = c.sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = c / n[..., None]
    point, w_make, w_eu, w_pass, e_pass = _points(np.asarray(w, np.float64), p)
    cols = {}
    if games is not None:
        cols = dict(zip(("point_low", "point_high"),
                        _interval(w, c, np.asarray(games), seed, replicates), strict=True))
    rows = []
    for d in range(to):
        for o in range(to):
            for k, name in enumerate(POSITIONS):
                deals = k % 2 == 1
                rows.append((d, o, name, o if not deals else d, d if not deals else o,
                             w_make[d, o, k], w_eu[d, o, k], w_pass[d, o, k], point[d, o, k],
                             (e_pass[d, o, k] + 2) / 3, int(n[d, o, k]),
                             *(v[d, o, k] for v in cols.values())))
    return pd.DataFrame(rows, columns=["dealer_score", "other_score", "position", "us", "them",
                                       "w_make", "w_euchred", "w_pass", "point",
                                       "points_point", "passed_hands", *cols])


def _interval(w, c, games, seed, replicates):
    """The 2.5th and 97.5th percentiles of the point over ``replicates`` redraws of ``W``
    (each cell from its ``games``) and of the passed hands (``c``, multinomial)."""
    rng = np.random.default_rng(seed)
    n = c.sum(axis=-1)
    some = n > 0
    p = np.where(some[..., None], c / np.maximum(n, 1)[..., None], 1.0 / c.shape[-1])
    g = np.maximum(games.astype(np.int64), 1)
    w_star = rng.binomial(g, np.clip(w, 0.0, 1.0), size=(replicates,) + w.shape) / g
    c_star = rng.multinomial(n, p, size=(replicates,) + n.shape)
    point = _points(w_star, c_star / np.maximum(n, 1)[..., None])[0]
    with warnings.catch_warnings():    # a cell with no point in any replicate: NaN, no word
        warnings.simplefilter("ignore", RuntimeWarning)
        low, high = np.nanpercentile(point, [2.5, 97.5], axis=0)
    return np.where(some, low, np.nan), np.where(some, high, np.nan)


__all__ = ["order_up_point", "BOOTSTRAP"]
