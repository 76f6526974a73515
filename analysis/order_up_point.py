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
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.match_equity import after_hand
from sim import POSITIONS
from sim.equilibrium.score import OUTCOMES


def order_up_point(w: np.ndarray, counts: np.ndarray) -> pd.DataFrame:
    """One row a score and position: ``dealer_score, other_score, position, us, them`` (the
    position's team's score and the other's), ``w_make, w_euchred, w_pass`` (the position's
    team's chance of winning the game after each), ``point`` (the order-up point in game-win
    chance), ``points_point`` (the same rule in points: ``(E(pass) + 2) / 3``) and
    ``passed_hands`` (the hands its pass value is read from).

    ``w``: the match-equity table (``(T, T)``, the dealers' chance); ``counts``:
    ``match_equity.outcome_counts``."""
    to = w.shape[0]
    dealers = after_hand(w)
    rows = []
    for d in range(to):
        for o in range(to):
            for k, name in enumerate(POSITIONS):
                deals = k % 2 == 1                  # positions 1 and 3: the dealer's side
                value = dealers[d, o] if deals else 1.0 - dealers[d, o]
                sign = 1 if deals else -1           # the position's team's points are sign * v
                c = counts[d, o, k + 1]
                n = int(c.sum())
                p = c / n if n else np.full(c.shape, np.nan)
                w_make = value[sign * 1 + 4]
                w_eu = value[-sign * 2 + 4]
                w_pass = float((p * value).sum())
                e_pass = float((p * sign * OUTCOMES).sum())
                gap = w_make - w_eu
                rows.append((d, o, name, o if not deals else d, d if not deals else o,
                             w_make, w_eu, w_pass,
                             (w_pass - w_eu) / gap if gap > 0 else np.nan,
                             (e_pass + 2) / 3, n))
    return pd.DataFrame(rows, columns=["dealer_score", "other_score", "position", "us", "them",
                                       "w_make", "w_euchred", "w_pass", "point",
                                       "points_point", "passed_hands"])


__all__ = ["order_up_point"]
