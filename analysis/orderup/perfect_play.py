"""Perfect play after the bidding: the strategy's auction kept, each hand then scored by the
double-dummy solver with every card seen (``perfect_records``), where that applies
(``check_play``)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.orderup.tallies import RECORD_COLUMNS
from sim import Rules, Table

#: how the cards are played once the bidding is over: as the table's strategy plays them, or
#: perfectly with every card seen (``perfect_records``)
PLAYS = ("strategy", "perfect")
PERFECT_BATCH = 1 << 16  # smaller batches under perfect play: the solver is the slow part
#: the bidding hooks of a code strategy: what of it is left once perfect play takes the cards
BIDDING_HOOKS = ("order_up", "call")
#: ``maker_tricks`` written for a hand scored under perfect play: its value gives the class of
#: the makers' tricks (euchred, 3-4, all 5), not the count
PERFECT_TRICKS = {"euchred": 2, "made": 3, "march": 5}


def check_play(play: str, rules: Rules, table: Table | None = None) -> None:
    """Raise ``ValueError`` (one line) unless ``play`` is one of ``PLAYS`` and applies here:
    perfect play cannot score the farmer's hand rule (the records hold the hands before the
    swap) nor change anything for a code strategy that only plays cards (no bidding hook)."""
    if play not in PLAYS:
        raise ValueError(f"play must be one of {', '.join(PLAYS)}, not {play!r}")
    if play != "perfect":
        return
    if rules.farmers_hand:
        raise ValueError("perfect play cannot be scored with the farmer's hand rule: the hand "
                         "records hold the hands before a farmer's swap")
    for s in (table.seats if table is not None else ()):
        if s.player.hooks is not None and not set(s.player.hooks(s)) & set(BIDDING_HOOKS):
            raise ValueError(
                f"perfect play does not apply to the code strategy {s.name}: it only plays "
                "cards (no order_up or call hook), and perfect play replaces its card play")


def perfect_records(records: pd.DataFrame, rules: Rules | None = None, rows=None, *,
                    threads: int | None = None) -> pd.DataFrame:
    """A copy of ``records`` (``sim.run.hands.simulate(..., records=True)``) whose hands ``rows``
    (default all) are scored under perfect play after the bidding
    (``sim.solver.perfect.perfect_points``): ``points0``, ``points1`` and ``discard`` (the
    dealer's perfect discard) replaced, ``maker_tricks`` set to 2, 3 or 5 (``PERFECT_TRICKS``:
    euchred, made, march; the solver gives the class, not the count).  The bidding is the
    records' own.  Other rows are left as they are."""
    from sim.solver.perfect import perfect_points

    rules = rules or Rules()
    rows = np.arange(len(records)) if rows is None else np.asarray(rows, np.int64)
    sub = {k: records[k].to_numpy()[rows] for k in (*RECORD_COLUMNS, "discard")}
    hands = np.stack([sub[f"hand{s}"] for s in range(4)], axis=1)
    p = perfect_points(hands, sub["upcard"], sub["dealer"], sub["round"], sub["maker"],
                       sub["trump"], sub["alone"], sub["defender_alone"], rules,
                       discard=sub["discard"], threads=threads)  # fmt: skip
    out = records.copy()
    made = sub["maker"] >= 0
    tricks = np.where(p.value < 0, PERFECT_TRICKS["euchred"],
                      np.where(np.isin(p.value, (2, 4)), PERFECT_TRICKS["march"],
                               PERFECT_TRICKS["made"]))  # fmt: skip
    updates = {"points0": p.points0, "points1": p.points1, "discard": p.discard,
               "maker_tricks": np.where(made, tricks, sub["maker_tricks"])}
    for k, v in updates.items():
        col = out[k].to_numpy().copy()
        col[rows] = v
        out[k] = col
    return out
