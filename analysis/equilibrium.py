"""Equilibrium bidding against the heuristic bidders: the order-up chart, the dealer with a jack
turned, going alone, and each rule set's own equilibrium (``sim.equilibrium``'s tables).

``bids_by_class`` asks every model (the ``equilibrium`` table and the parameterised built-ins)
what it bids on the same sampled deals (``sim.bids_on_deals``) and averages by position, upcard
rank and hand class (trumps with the left bower, bowers, off-suit aces): a mixed strategy shows as
shares.  ``headline`` gives the figures the README quotes.  ``strategy_chart`` is the
equilibrium's own chart (the web application's strategy page): round 1 and round 2 shares by
position, upcard rank and hand class, each cell with an example hand.
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


CHART_DEALS = 50_000    # deals behind a strategy chart (about 1.5 s warm on 2 cores)
MIXED = 0.02            # a hand's share of a bid above this and below 1 - this: a mixed bid


def _round2_class(hands, upcards) -> dict:
    """Round-2 hand class: the trumps (the left bower counted), bowers and off-suit aces the
    hand would hold with its best suit other than the turned-down one as trump."""
    import numpy as np

    bits = (hands[:, None] >> np.arange(24)) & 1               # (rows, 24)
    suit, rank = np.arange(24) // 6, np.arange(24) % 6
    best = np.full((len(hands), 3), -1, np.int64)             # (trumps, bowers, off aces)
    for t in range(4):
        right = (suit == t) & (rank == 2)
        left = (suit == 3 - t) & (rank == 2)
        trump = (suit == t) | left
        aces = (rank == 5) & (suit != t)
        k = np.stack([bits @ trump, bits @ (right | left), bits @ aces], axis=1)
        key = k[:, 0] * 100 + k[:, 1] * 10 + k[:, 2]
        better = (upcards // 6 != t) & (key > best[:, 0] * 100 + best[:, 1] * 10 + best[:, 2])
        best[better] = k[better]
    return {"trumps": best[:, 0], "bowers": best[:, 1], "off_aces": best[:, 2]}


def strategy_chart(rules=None, score=None, deals: int = CHART_DEALS, seed: int = 0,
                   spec: str = "equilibrium") -> pd.DataFrame:
    """The equilibrium's bids as a chart: one row per round (1, 2), position, upcard rank and
    hand class (``trumps`` with the left bower, ``bowers``, ``off_aces``; in round 2 those of
    the hand's best suit to call), with the shares that pass, make trump (``make``: order up
    or call with partner) and go ``alone`` when the seat is asked, the ``hands`` behind the
    cell and an example hand of it (``example``, ``example_upcard``).  ``bid_always`` and
    ``bid_mixed``: the shares of the cell's hands that the equilibrium always makes trump with
    (alone or not; at least ``1 - MIXED``) and that it mixes on (between ``MIXED`` and that);
    ``alone_always`` and ``alone_mixed`` the same for going alone.  ``score``: (dealing team's,
    other team's) score, for the table the equilibrium bids by there."""
    import sim
    from sim.cards import card_name

    rules = sim.Rules() if rules is None else rules
    bids = sim.bids_on_deals(sim.bidding_policy(spec, rules, score), rules, deals, seed)
    bids["position"] = bids["position"].map(dict(enumerate(POSITIONS)))
    r1 = bids.assign(round=1, make=bids["order"])
    r2 = bids.assign(round=2, **_round2_class(bids["hand"].to_numpy(), bids["upcard"].to_numpy()),
                     make=bids["r2_call"], alone=bids["r2_alone"], **{"pass": bids["r2_pass"]})
    both = pd.concat([r1, r2], ignore_index=True)
    # how each hand of a cell is bid: always, never or mixed (an equilibrium mixes only where its
    # options are worth the same to it), for making trump (alone or not) and for going alone
    bid = both["make"] + both["alone"]
    for name, share in (("bid", bid), ("alone", both["alone"])):
        both[f"{name}_always"] = share >= 1 - MIXED
        both[f"{name}_mixed"] = (share > MIXED) & (share < 1 - MIXED)
    keys = ["round", "position", "upcard_rank", "trumps", "bowers", "off_aces"]
    g = both.groupby(keys, observed=True, sort=True)
    out = g[["pass", "make", "alone", "bid_always", "bid_mixed", "alone_always",
             "alone_mixed"]].mean()
    out["hands"] = g.size()
    first = g[["hand", "upcard"]].first()
    out["example"] = [" ".join(card_name(c) for c in range(24) if h >> c & 1)
                      for h in first["hand"]]
    out["example_upcard"] = [card_name(int(u)) for u in first["upcard"]]
    return out.reset_index()


__all__ = ["MODELS", "CHART_DEALS", "MIXED", "strategy_chart", "model_bids", "bids_by_class",
           "jack_turned", "loner_rates", "headline"]
