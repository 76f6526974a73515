"""Equilibrium bidding against the heuristic bidders: the order-up chart, the dealer with a jack
turned, going alone, and each rule set's own equilibrium (``sim.equilibrium``'s tables).

``bids_by_class`` asks every model (the ``equilibrium`` table and the parameterised built-ins)
what it bids on the same sampled deals (``sim.bids_on_deals``) and averages by position, upcard
rank and hand class (trumps with the left bower, bowers, off-suit aces): a mixed strategy shows as
shares.  ``headline`` gives the figures the README quotes.
"""

from __future__ import annotations

import pandas as pd

from sim import POSITIONS

MODELS = ("equilibrium", "tuned", "basic")
CLASS = ["position", "upcard_rank", "trumps", "bowers", "off_aces"]


def model_bids(rules, deals: int = 200_000, seed: int = 0, models=MODELS) -> pd.DataFrame:
    """Every model's bids on the same deals, one row per deal, position and model."""
    import sim

    frames = []
    for m in models:
        f = sim.bids_on_deals(sim.bidding_policy(m, rules), rules, deals, seed)
        f["model"] = m
        frames.append(f)
    out = pd.concat(frames, ignore_index=True)
    out["position"] = out["position"].map(dict(enumerate(POSITIONS)))
    out["makes"] = out["order"] + out["alone"]
    return out


def bids_by_class(bids: pd.DataFrame, by=CLASS) -> pd.DataFrame:
    """Shares that pass, order (with partner) and go alone in round 1, by ``by`` and model, with
    the hands behind each row."""
    g = bids.groupby([*by, "model"], observed=True)
    out = g[["pass", "order", "alone", "makes"]].mean()
    out["hands"] = g.size()
    return out.reset_index()


def jack_turned(bids: pd.DataFrame) -> pd.DataFrame:
    """The dealer's round-1 choice when a jack is turned up: each model's shares over his hands."""
    d = bids[(bids["position"] == "dealer") & (bids["upcard_rank"] == "J")]
    out = d.groupby("model")[["pass", "order", "alone"]].mean()
    out["hands"] = d.groupby("model").size()
    return out.reset_index()


def loner_rates(bids: pd.DataFrame) -> pd.DataFrame:
    """Going alone by trumps and bowers (round 1, all positions): the share of hands that go
    alone and, of the hands that make trump, the share that go alone."""
    g = bids.groupby(["trumps", "bowers", "model"], observed=True)
    out = g[["alone", "makes"]].mean()
    out["alone_of_makes"] = out["alone"] / out["makes"].where(out["makes"] > 0)
    out["hands"] = g.size()
    return out.reset_index()


def headline(bids: pd.DataFrame) -> dict:
    """The figures the README quotes: each model's round-1 make and alone rates by position, and
    the dealer's pass rate with a jack turned."""
    rates = bids.groupby(["model", "position"])[["makes", "alone"]].mean()
    jack = jack_turned(bids).set_index("model")["pass"]
    return {"rates": rates, "jack_pass": jack}


__all__ = ["MODELS", "model_bids", "bids_by_class", "jack_turned", "loner_rates", "headline"]
