"""The strategy card's numbers: what a bidding table does for each hand class a player can count.

A class is what a player counts at the table: in round 1 the trumps he holds in the turned suit
(the left bower counted; the dealer counts the hand he will hold after picking up), which bowers,
and his off-suit aces; in round 2 the same for his longest suit (ties: the one with the higher
bowers, then the suit of the turned card's colour, ``next``) and whether that suit is ``next`` or
a ``cross`` suit.  Each class's answer is its most likely action, the table's probabilities
averaged over the information sets in it, each weighted by how often its hand is dealt (and, in
round 2, by the table's chance of passing it in round 1); ``share`` is that action's share of the
class.  ``notes`` name the sub-classes (voids; in round 1 the upcard's rank) whose answer
differs.

``card_cells`` returns tidy DataFrames; ``analysis.plots.card`` draws them, ``analysis.studies.
card`` writes them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim import POSITIONS
from sim.players.counts import dealer_hand, holding, suit_masks
from sim.players.equilibrium import N_CLASSES, N_POSITIONS, N_RANKS, class_masks

ROUND1_ACTIONS = ("pass", "order", "alone")
ROUND2_ACTIONS = ("pass", "call", "alone", "other suit")
BOWERS = ("R+L", "R", "L", "")
RANK_NAMES = "9TJQKA"
CELL_COLUMNS = ["round", "position", "suit", "trumps", "bowers", "aces", "action", "share",
                "weight", "p_pass", "p_make", "p_alone", "p_other"]
NOTE_COLUMNS = ["round", "position", "suit", "trumps", "bowers", "aces", "split", "value",
                "action", "share", "weight"]
MIN_NOTE_SHARE = 0.05     # a sub-class named on the card holds at least this share of its cell
ACES_CAP = 2              # off-suit aces on the card: 0, 1, 2 or more


def bower_code(h) -> np.ndarray:
    """0 both bowers, 1 the right, 2 the left, 3 neither (``BOWERS``)."""
    return np.where(h.right & h.left, 0, np.where(h.right, 1, np.where(h.left, 2, 3)))


def _frame(rnd, k, suit, h, probs, w, rank):
    return pd.DataFrame({
        "round": rnd, "position": POSITIONS[k], "suit": suit,
        "trumps": h.trumps, "bowers": bower_code(h), "aces": np.minimum(h.off_aces(), ACES_CAP),
        "voids": np.minimum(h.voids, 2), "upcard": rank, "weight": w,
        "p_pass": probs[:, 0], "p_make": probs[:, 1], "p_alone": probs[:, 2],
        "p_other": probs[:, 3] if probs.shape[1] > 3 else 0.0,
    })


def info_sets(table) -> pd.DataFrame:
    """Every information set with its class features, weight and the table's action
    probabilities (round 1: pass, order, alone; round 2 for the hand's suit: pass, call,
    alone, another suit)."""
    from analysis.point_counts import class_weights

    cw = class_weights()
    t1 = table.round1.reshape(N_POSITIONS, N_RANKS, N_CLASSES, 3)
    t2 = table.round2.reshape(N_POSITIONS, N_RANKS, N_CLASSES, 7)
    frames = []
    cls = np.arange(N_CLASSES)
    for r in range(N_RANKS):
        suits = suit_masks(class_masks(r))
        hs = [holding(suits, t) for t in (1, 2, 3)]
        key = np.stack([10 * h.trumps + 2 * h.right + h.left for h in hs], axis=1)
        pick = key.argmax(axis=1)                       # 0 next, 1-2 cross (first wins ties)
        own = holding(suits[cls], 0)
        for k in range(N_POSITIONS):
            h1 = holding(dealer_hand(suits, r)[0], 0) if k == 3 else own
            frames.append(_frame(1, k, "turned", h1, np.column_stack([t1[k, r], np.zeros(
                N_CLASSES)]), cw[r], r))
            p2 = t2[k, r]
            call = p2[cls, 2 * pick + 1]
            alone = p2[cls, 2 * pick + 2]
            probs = np.column_stack([p2[:, 0], call, alone, 1 - p2[:, 0] - call - alone])
            h2 = _pick_holding(hs, pick)
            w2 = cw[r] * t1[k, r, :, 0]
            f = _frame(2, k, "", h2, probs, w2, r)
            f["suit"] = np.where(pick == 0, "next", "cross")
            frames.append(f)
    return pd.concat(frames, ignore_index=True)


def _pick_holding(hs, pick):
    from sim.players.counts import Holding

    def one(name):
        return np.choose(pick, [getattr(h, name) for h in hs])

    names = ("right", "left", "ace", "king", "queen", "ten", "nine", "trumps")
    off = tuple(np.choose(pick, [h.off[j] for h in hs]) for j in range(3))
    same = (True, False, False)
    return Holding(*(one(n) for n in names), off, same)


CELL_KEYS = ["round", "position", "suit", "trumps", "bowers", "aces"]


def answers(sets: pd.DataFrame, keys) -> pd.DataFrame:
    """Each group's weighted action shares, its most likely action (index into the round's
    actions) and that action's share."""
    p = sets[["p_pass", "p_make", "p_alone", "p_other"]].mul(sets["weight"], axis=0)
    p = p.assign(weight=sets["weight"], **{k: sets[k] for k in keys})
    g = p.groupby(keys, observed=True).sum().reset_index()
    g = g[g["weight"] > 0].copy()
    probs = g[["p_pass", "p_make", "p_alone", "p_other"]].div(g["weight"], axis=0)
    g[["p_pass", "p_make", "p_alone", "p_other"]] = probs
    g["action"] = probs.to_numpy().argmax(axis=1)
    g["share"] = probs.to_numpy().max(axis=1)
    total = sets.groupby(["round", "position"], observed=True)["weight"].sum()
    g["weight"] = g["weight"] / total.reindex(pd.MultiIndex.from_frame(
        g[["round", "position"]])).to_numpy()           # share of its round's and seat's deals
    return g


def card_cells(table) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(cells, notes): one row per class on the card (``CELL_COLUMNS``; ``action`` is the index
    into ``ROUND1_ACTIONS`` or ``ROUND2_ACTIONS``, ``weight`` the class's share of the deals
    at its position and round) and one per named sub-class whose answer differs
    (``NOTE_COLUMNS``: ``split`` is ``voids``, ``value`` 1 or 2 for two or more, or
    ``upcard``, ``value`` the turned card's rank, 0 for a nine .. 5 for an ace)."""
    sets = info_sets(table)
    cells = answers(sets, CELL_KEYS)
    notes = []
    for split, col in (("voids", "voids"), ("upcard", "upcard")):
        sub = answers(sets, CELL_KEYS + [col])
        m = sub.merge(cells[CELL_KEYS + ["action", "weight"]], on=CELL_KEYS,
                      suffixes=("", "_cell"))
        keep = (m["action"] != m["action_cell"]) & (m["weight"] >= MIN_NOTE_SHARE
                                                    * m["weight_cell"])
        if col == "voids":
            keep &= m[col] > 0
        else:
            keep &= m["round"] == 1        # in round 2 the upcard is turned down
        m = m[keep].rename(columns={col: "value"})
        m["split"] = split
        m["value"] = m["value"].astype(int)
        notes.append(m[NOTE_COLUMNS])
    return cells[CELL_COLUMNS].reset_index(drop=True), pd.concat(notes, ignore_index=True)


def score_cells(rules, scores=("0-0", "9-8", "8-9", "9-6", "9-9")) -> pd.DataFrame:
    """The round-1 cells at each score (the dealing team's first), from the score tables the
    ``equilibrium`` player bids by: ``CELL_COLUMNS`` with ``score`` in front."""
    from sim import load_equilibrium_table
    from sim.players.equilibrium_table import score_table_path

    frames = []
    for s in scores:
        d, o = (int(x) for x in s.split("-"))
        t = load_equilibrium_table(rules, score_table_path(rules, (d, o)))
        cells, _ = card_cells(t)
        frames.append(cells[cells["round"] == 1].assign(score=s))
    out = pd.concat(frames, ignore_index=True)
    return out[["score", *CELL_COLUMNS]]


def score_answers(by_score: pd.DataFrame) -> pd.DataFrame:
    """Round 1 at each score from ``score_cells``: by position, the share of hands (as dealt)
    that order with a partner (``order``) and alone, and how many of the card's round-1 cells
    answer differently from the first score's (0-0)."""
    rows = []
    keys = [k for k in CELL_KEYS if k != "position"]
    base = None
    for s, one in by_score.groupby("score", sort=False):
        one = one.set_index(["position", *keys])
        if base is None:
            base = one
        differs = one["action"] != base["action"].reindex(one.index)
        for pos in POSITIONS:
            c = one.xs(pos, level="position")
            rows.append({"score": s, "position": pos,
                         "order": float((c["p_make"] * c["weight"]).sum() / c["weight"].sum()),
                         "alone": float((c["p_alone"] * c["weight"]).sum()
                                        / c["weight"].sum()),
                         "cells_changed": int(differs.xs(pos, level="position").sum())})
    return pd.DataFrame(rows)


__all__ = ["ACES_CAP", "BOWERS", "CELL_COLUMNS", "CELL_KEYS", "NOTE_COLUMNS", "RANK_NAMES",
           "ROUND1_ACTIONS", "ROUND2_ACTIONS", "answers", "card_cells", "info_sets",
           "score_answers", "score_cells"]
