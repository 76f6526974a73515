"""The plain-Python pricing (``price(..., plain=True)``: the twins of the rest of the auction and
of the solver) gives the compiled pricing's values, world by world, on the same worlds."""

from __future__ import annotations

import numpy as np
import pytest

from sim import Rules, view_from_json
from sim.agents.pricing import MIN_PLAIN_WORLDS, price
from sim.solver.perfect import perfect_points
from sim.solver.twin import perfect_value_slow

pytestmark = pytest.mark.compile

VIEWS = {
    "round 1, third": {"seat": 2, "dealer": 3, "hand": ["JH", "AH", "KH", "AC", "9S"],
                       "upcard": "9H", "bids": [{"seat": 0, "action": "pass"},
                                                {"seat": 1, "action": "pass"}]},
    "round 1, dealer": {"seat": 3, "dealer": 3, "hand": ["JD", "QH", "TH", "KC", "9C"],
                        "upcard": "9H", "bids": [{"seat": s, "action": "pass"}
                                                 for s in (0, 1, 2)]},
    "round 2, first": {"seat": 0, "dealer": 3, "hand": ["JS", "AS", "9H", "9D", "TC"],
                       "upcard": "9C", "bids": [{"seat": s, "action": "pass"}
                                                for s in (0, 1, 2, 3)]},
    "discard": {"seat": 3, "dealer": 3, "hand": ["JD", "QH", "TH", "KC", "9C", "9H"],
                "upcard": "9H",
                "bids": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "order_up"}]},
    "play": {"seat": 1, "dealer": 3, "hand": ["QC", "QD", "TC", "AC", "JS"], "upcard": "KS",
             "bids": [{"seat": 0, "action": "order_up"}], "plays": [[0, "AD"]]},
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_plain_prices_equal_the_compiled_ones(name):
    view = view_from_json(VIEWS[name])
    fast, plain = price(view, 6, 3), price(view, 6, 3, plain=True)
    assert plain.worlds == fast.worlds == 6 and plain.fitted == fast.fitted
    assert [o.action for o in plain.options] == [o.action for o in fast.options]
    assert np.array_equal(plain.table, fast.table)


def test_perfect_value_slow_equals_perfect_points():
    from sim.cards import mask_of
    from sim.run.refereed import deal_of

    rules = Rules(dealer_may_discard_upcard=False)
    for i in range(12):
        hands, kitty, dealer = deal_of(5, i)
        masks = [mask_of(h) for h in hands]
        up = kitty[0]
        for rnd, maker, trump, alone in ((1, (dealer + 1 + i) & 3, up // 6, i % 3 == 0),
                                         (2, (dealer + 2) & 3, (up // 6 + 1) & 3, False),
                                         (0, -1, -1, False)):
            want = perfect_points(np.array([masks]), [up], [dealer], [rnd], [maker], [trump],
                                  [int(alone)], [-1], rules).value[0]
            assert perfect_value_slow(masks, up, dealer, rnd, maker, trump, alone, rules) == want


def test_plain_refuses_the_table_s_inference():
    with pytest.raises(ValueError, match="plain-Python"):
        price(view_from_json(VIEWS["play"]), 4, infer="bids", plain=True)


def test_a_plain_pricing_stopped_by_its_time_prices_the_first_worlds():
    view = view_from_json(VIEWS["round 1, dealer"])
    stopped = price(view, 16, 2, plain=True, until=0.0)        # past already
    assert stopped.worlds == MIN_PLAIN_WORLDS
    first = price(view, MIN_PLAIN_WORLDS, 2, plain=True)
    assert stopped.fitted == first.fitted == MIN_PLAIN_WORLDS      # the bids fitted first
    by = {o.action: o.value for o in first.options}
    assert {o.action: o.value for o in stopped.options} == by
