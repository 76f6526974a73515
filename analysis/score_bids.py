"""How the bids move with the score: at each score and position, how often the seat orders up
(round 1) or calls (round 2) when its turn comes, how often it goes alone when it does, and how
often those makers are euchred, from the hands played at each score
(``match_equity.score_tallies``).  A rise in the euchred share of orders at a score is where
players order to block: a hand that expects to be euchred, ordered because the other side's
loner (or making it) would end the game.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim import POSITIONS


def bids_by_score(tallies: np.ndarray) -> pd.DataFrame:
    """One row a score and position: ``dealer_score, other_score, position, us, them`` (the
    position's team's score and the other's), ``reached1`` (hands where its round-1 turn
    came), ``order_rate``, ``order_alone_share``, ``order_euchred_share``, ``reached2``,
    ``call_rate``, ``call_alone_share``, ``call_euchred_share``, ``alone_march_share`` (of its
    lone hands, the share that took all five), and each rate's change from 0-0
    (``order_rate_vs_0_0``, ``call_rate_vs_0_0``, ``alone_rate_vs_0_0``: the share of its turns
    it went alone in either round)."""
    to = tallies.shape[0]
    _, _, rnd, mpos, alone, _, tricks = np.indices(tallies.shape[2:])
    rows = []
    for d in range(to):
        for o in range(to):
            t = tallies[d, o]
            for k, name in enumerate(POSITIONS):
                made = [(rnd == r) & (mpos == k) for r in (1, 2)]
                reached1 = t[(rnd != 1) | (mpos >= k)].sum()
                reached2 = t[(rnd == 0) | ((rnd == 2) & (mpos >= k))].sum()
                n1, n2 = t[made[0]].sum(), t[made[1]].sum()
                lone = t[(made[0] | made[1]) & (alone == 1)].sum()
                deals = k % 2 == 1
                rows.append((d, o, name, d if deals else o, o if deals else d,
                             reached1, _share(n1, reached1),
                             _share(t[made[0] & (alone == 1)].sum(), n1),
                             _share(t[made[0] & (tricks < 3)].sum(), n1),
                             reached2, _share(n2, reached2),
                             _share(t[made[1] & (alone == 1)].sum(), n2),
                             _share(t[made[1] & (tricks < 3)].sum(), n2),
                             _share(lone, reached1), _share(
                                 t[(made[0] | made[1]) & (alone == 1) & (tricks == 5)].sum(),
                                 lone)))
    df = pd.DataFrame(rows, columns=[
        "dealer_score", "other_score", "position", "us", "them", "reached1", "order_rate",
        "order_alone_share", "order_euchred_share", "reached2", "call_rate", "call_alone_share",
        "call_euchred_share", "alone_rate", "alone_march_share"])
    at0 = df[(df.dealer_score == 0) & (df.other_score == 0)].set_index("position")
    for col in ("order_rate", "call_rate", "alone_rate", "order_euchred_share"):
        df[f"{col}_vs_0_0"] = df[col] - df["position"].map(at0[col])
    return df


def _share(k, n) -> float:
    return float(k) / float(n) if n else float("nan")


__all__ = ["bids_by_score"]
