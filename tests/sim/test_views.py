"""Views: what one seat has seen, checked when made; the legal actions worked out from it; the
JSON form; and the refusals of views no seat could have."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cards import parse_card, parse_cards
from sim.records import Bid
from sim.referee import Hand, OrderUp, Pass, Play
from sim.referee.actions import Call, DefendAlone, Discard
from sim.referee.views import (
    View,
    ViewError,
    action_from_json,
    action_to_json,
    view_for,
    view_from_json,
)
from sim.rules import Rules
from sim.run.refereed import deal_of

ROOT = Path(__file__).resolve().parents[2]
# worked example 1 of examples/hands.jsonl: seat 3 deals, seat 0 orders up 9H, the dealer
# discards JS; trick 1 is JH TH 9D 9H (seat 2 shows itself void in hearts)
EXAMPLE = json.loads((ROOT / "examples" / "hands.jsonl").read_text().splitlines()[0])
ORDER = (Bid(0, "order_up"),)


def cards(text):
    return tuple(parse_cards(text))


def plays(*pairs):
    return tuple((s, parse_card(c)) for s, c in pairs)


def test_a_follower_must_follow_trump_with_the_left_bower_among_them():
    v = View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"), ORDER, plays=plays((0, "JH")))
    assert v.phase == "play" and v.trump == 2 and v.maker == 0 and v.round == 1
    assert v.picked_up and v.position == "second" and v.trick == plays((0, "JH"))
    assert set(v.legal) == {Play(1, parse_card(c)) for c in ("JD", "QH", "TH")}


def test_the_dealers_view_holds_his_discard_and_the_upcard():
    v = View(3, 3, cards("AD KD QD TD 9H"), parse_card("9H"), ORDER, parse_card("JS"),
             plays((0, "JH"), (1, "TH"), (2, "9D")))
    assert v.legal == (Play(3, parse_card("9H")),)
    discarding = View(3, 3, cards("AD KD QD TD JS 9H"), parse_card("9H"), ORDER)
    assert discarding.phase == "discard"
    assert {a.card for a in discarding.legal} == set(cards("AD KD QD TD JS 9H"))


def test_round_one_and_round_two_legal_actions():
    first = View(0, 3, cards("JH AH KH AC 9S"), parse_card("9H"))
    assert first.phase == "round1"
    assert set(first.legal) == {Pass(0), OrderUp(0, False), OrderUp(0, True)}
    second = View(0, 3, cards("JH AH KH AC 9S"), parse_card("9H"),
                  tuple(Bid(s, "pass") for s in (0, 1, 2, 3)))
    assert second.phase == "round2" and second.round is None
    assert Call(0, 2, False) not in second.legal        # hearts was turned down
    assert Call(0, 3, True) in second.legal and Pass(0) in second.legal


def test_defending_alone_is_asked_after_the_making_bid():
    rules = Rules(defend_alone=True)
    v = View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"), ORDER, rules=rules)
    assert v.phase == "defend" and v.legal == (Pass(1), DefendAlone(1))
    after = View(3, 3, cards("AD KD QD TD 9H"), parse_card("9H"), ORDER + (Bid(1, "pass"),),
                 parse_card("JS"), rules=rules)
    assert after.phase == "defend" and after.legal == (Pass(3), DefendAlone(3))
    with pytest.raises(ViewError, match="passes after trump was made"):
        View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"), ORDER + (Bid(1, "pass"),))


def test_view_for_matches_the_referees_hand_at_every_turn():
    hands, kitty, dealer = deal_of(4, 2)
    hand = Hand(hands, kitty, dealer)
    seen = 0
    while hand.phase != "done":
        seat = hand.dealer if hand.phase == "discard" else hand.turn
        v = view_for(hand, seat)
        assert sorted(v.hand) == sorted(hand.hands[seat])
        assert set(v.legal) == set(hand.legal_actions())
        assert view_from_json(json.dumps(v.to_json())) == v
        hand.apply(v.legal[-1])
        seen += 1
    assert seen >= 9


@pytest.mark.parametrize("make,message", [
    (lambda: View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"), ORDER,
                  plays=plays((0, "JD"))), "in two places"),
    (lambda: View(1, 3, cards("JD QH TH KC 9H"), parse_card("9H")), "in two places"),
    (lambda: View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"), ORDER, parse_card("JS"),
                  plays((0, "JH"))), "cannot have seen the dealer's discard"),
    (lambda: View(2, 3, cards("AS KS QS TS 9D"), parse_card("9H"), ORDER,
                  plays=plays((0, "JH"))), "not seat 2's turn"),
    (lambda: View(1, 3, cards("JD QH TH KC"), parse_card("9H")), "do not add up"),
    (lambda: View(0, 3, cards("AC AH KH"), parse_card("9H"), ORDER,
                  plays=plays((0, "JH"), (1, "TH"), (2, "9D"), (3, "9H"), (0, "9S"),
                              (1, "9C"), (2, "QH"))),
     "contradicts the rules"),       # seat 2 showed a void in hearts, then played QH
    (lambda: View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"), (Bid(2, "pass"),)),
     "contradicts the rules"),       # seat 2 bid before seat 1
    (lambda: View(4, 3, cards("JD QH TH KC 9C"), parse_card("9H")), "seat 0-3"),
    (lambda: View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"),
                  rules=Rules(farmers_hand=True)), "farmer"),
])
def test_views_no_seat_could_have_are_refused(make, message):
    with pytest.raises(ViewError, match=message):
        make()


def test_json_refuses_other_seats_cards_and_a_wrong_legal_list():
    base = {"seat": 0, "dealer": 3, "hand": ["JH", "AH", "KH", "AC", "9S"], "upcard": "9H"}
    with pytest.raises(ViewError, match="one seat's cards"):
        view_from_json({**base, "hands": EXAMPLE["hands"]})
    with pytest.raises(ViewError, match="one seat's cards"):
        view_from_json({**base, "kitty": EXAMPLE["kitty"]})
    with pytest.raises(ViewError, match="not the view's own"):
        view_from_json({**base, "legal": [{"action": "pass"}]})
    with pytest.raises(ViewError, match="needs \"upcard\""):
        view_from_json({k: v for k, v in base.items() if k != "upcard"})
    with pytest.raises(ViewError, match="not JSON"):
        view_from_json("{seat: 1")
    with pytest.raises(ViewError, match="card is text"):
        view_from_json({**base, "upcard": 14})
    ok = view_from_json({"seat": 1, "dealer": 3, "hand": ["JD", "QH", "TH", "KC", "9C"],
                         "upcard": "9H", "bids": [{"seat": 0, "action": "order_up"}],
                         "plays": [[0, "JH"]], "scores": [3, 7]})
    assert ok.scores == (3, 7) and ok.phase == "play"


def test_actions_round_trip_through_json():
    actions = [Pass(1), OrderUp(1, True), Call(1, 3, False), DefendAlone(1),
               Discard(1, parse_card("9C")), Play(1, parse_card("JH"))]
    for a in actions:
        assert action_from_json(action_to_json(a), 1) == a
    for bad in ({"action": "bid"}, {"action": "call", "suit": "X"}, "pass",
                {"action": "play", "card": "ZZ"}, {"action": "order_up", "alone": "yes"}):
        with pytest.raises(ValueError):
            action_from_json(bad, 1)


def test_a_dealer_who_discarded_the_upcard_is_dealt_so_in_the_other_views():
    """Seat 2 deals and discards the upcard KC; seat 3, alone, sees him play five cards
    without it: only a deal where he discarded it fits."""
    hand = Hand([[12, 16, 23, 14, 20], [0, 21, 1, 22, 18], [3, 19, 5, 8, 2],
                 [9, 15, 7, 11, 13]], [4, 6, 10, 17], 2)
    hand.apply(OrderUp(3, True))
    hand.apply(Discard(2, 4))
    order = [(3, "QH"), (0, "KH"), (2, "TS"), (0, "AS"), (2, "JD"), (3, "TH"), (0, "JS"),
             (2, "AC"), (3, "AD"), (0, "JH"), (2, "QC"), (3, "QD"), (2, "JC")]
    for s, c in order:
        hand.apply(Play(s, parse_card(c)))
    v = view_for(hand, 3)
    hands, _kitty, discard = v.deal(1)
    assert discard == 4 and 4 not in hands[2]


def test_consistent_deals_give_the_seat_its_own_cards_and_nothing_seen_twice():
    v = View(1, 3, cards("JD QH TH KC 9C"), parse_card("9H"), ORDER, plays=plays((0, "JH")))
    for k in range(20):
        hands, kitty, discard = v.deal(k)
        assert sorted(hands[1]) == sorted(v.hand)
        assert parse_card("JH") in hands[0]
        every = [c for h in hands for c in h] + kitty
        assert len(set(every)) == 24 and kitty[0] == parse_card("9H") and discard in hands[3]
