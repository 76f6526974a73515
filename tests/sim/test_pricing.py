"""Pricing a view's options (``sim.agents.pricing``): worlds consistent with the view that
explain the other seats' bids, paired values with intervals, and a case worked out by hand."""

from __future__ import annotations

import pytest

from sim import agent, view_from_json
from sim.agents.pricing import consistent_worlds, price
from sim.cards import parse_card
from sim.referee import Hand, Pass, Play

pytestmark = pytest.mark.compile

THIRD = {"seat": 2, "dealer": 3, "hand": ["JH", "AH", "KH", "AC", "9S"], "upcard": "9H",
         "bids": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "pass"}]}


def test_the_worlds_explain_the_other_seats_bids():
    view = view_from_json(THIRD)
    model = agent("tuned")
    deals, fitted = consistent_worlds(view, 12, 0, model)
    assert fitted == 12
    for hands, kitty, _discard in deals:
        assert sorted(hands[2]) == sorted(view.hand)
        h = Hand(hands, kitty, 3)
        for seat in (0, 1):
            assert model.decide_at(h, seat, (0, 0)) == Pass(seat)
            h.apply(Pass(seat))


def test_without_bids_from_others_nothing_is_conditioned():
    first = view_from_json({**THIRD, "seat": 0, "bids": []})
    _deals, fitted = consistent_worlds(first, 4, 0, agent("tuned"))
    assert fitted == 0


def test_options_are_paired_with_intervals_and_the_best_gives_up_nothing():
    p = price(view_from_json(THIRD), 16)
    assert p.worlds == 16 and p.table.shape == (16, 3)
    assert p.best.loss == 0 and all(o.low <= o.value <= o.high for o in p.options)
    assert all(o.loss_low <= o.loss <= o.loss_high for o in p.options)
    assert [o.value for o in p.options] == sorted((o.value for o in p.options), reverse=True)


def test_the_last_trump_wins_the_last_trick_for_sure():
    """Trick 4 of examples/graded-march.jsonl: seat 0 holds 9H (the only trump left) and 9S
    behind his partner's winning AC; keeping 9H is the march in every world."""
    view = view_from_json({
        "seat": 0, "dealer": 3, "hand": ["9H", "9S"], "upcard": "TH",
        "bids": [{"seat": 0, "action": "order_up"}],
        "plays": [[0, "JH"], [1, "QH"], [2, "JC"], [3, "TH"], [0, "JD"], [1, "KH"],
                  [2, "QC"], [3, "AH"], [0, "KD"], [1, "9D"], [2, "AD"], [3, "TD"],
                  [2, "AC"], [3, "9C"]]})
    p = price(view, 24)
    assert p.best.action == Play(0, parse_card("9S")) and p.best.value == 2.0
    assert p.best.low == p.best.high == 2.0
    assert p.of(Play(0, parse_card("9H"))).loss > 0.25


def test_worlds_weighed_by_the_bids_price_by_weighted_means():
    """``infer="bids"``: uniform worlds, each weighed by the equilibrium's odds of the two
    passes (``view_weights``); every option is the weighted mean of its column, a flat weight
    gives the uniform pricing, and the weights favour worlds whose passers hold few trumps."""
    import numpy as np

    from sim.agents.pricing import _pricing
    from sim.agents.view_weights import view_weights
    from sim.cards import is_trump

    view = view_from_json(THIRD)
    p = price(view, 48, 0, infer="bids")
    off = price(view, 48, 0, infer="off")
    assert p.weights.shape == (48,) and p.weights.max() == 1.0 and 1 < p.effective < 48
    for j, o in enumerate(p.options):
        assert o.value == pytest.approx((p.weights * p.table[:, j]).sum() / p.weights.sum())
        assert o.low < o.value < o.high
    flat = _pricing([o.action for o in off.options], off.table, np.ones(48))
    assert [o.value for o in flat.options] == pytest.approx([o.value for o in off.options])
    deals, _ = consistent_worlds(view, 48, 0, None)
    w = view_weights(view, deals)
    assert np.array_equal(w, p.weights)
    trumps = np.array([sum(is_trump(c, 2) for s in (0, 1) for c in hands[s])
                       for hands, _k, _d in deals])
    assert (w * trumps).sum() / w.sum() < trumps.mean()
    with pytest.raises(ValueError, match="infer must be one of"):
        price(view, 4, 0, infer="maybe")


def test_the_play_weighs_a_view_in_the_play_too():
    """``bids+play`` on a view after cards were played: the weights differ from the bids'
    alone, and a combined pricing keeps every world's weight."""
    from sim.agents.pricing import combine

    hand = Hand([[parse_card(c) for c in h] for h in
                 (["9C", "TC", "QD", "KS", "AS"], ["JH", "AH", "KH", "AC", "9S"],
                  ["QC", "KC", "9D", "TD", "JD"], ["AD", "TH", "QH", "TS", "JS"])],
                [parse_card(c) for c in ("9H", "JC", "KD", "QS")], 3)
    for a in (Pass(0), Pass(1), Pass(2), Pass(3)):
        hand.apply(a)
    from sim.referee.actions import Call

    hand.apply(Pass(0))
    hand.apply(Call(1, 3))                   # second seat calls spades
    hand.apply(Play(0, parse_card("AS")))
    hand.apply(Play(1, parse_card("9S")))
    from sim.referee.views import view_for

    view = view_for(hand, 2)
    bids = price(view, 24, 0, infer="bids")
    both = price(view, 24, 0, infer="bids+play")
    assert not (bids.weights == both.weights).all()
    two = combine([both, price(view, 24, 1, infer="bids+play")])
    assert two.worlds == 48 and two.weights.shape == (48,)
    with pytest.raises(ValueError, match="weighted and unweighted"):
        combine([both, price(view, 24, 1, infer="off")])
