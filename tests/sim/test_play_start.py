"""The hands when play begins, read from a hand record: the review (``sim.solver.review``) and the
referee (``sim.referee``) agree, under every rule set, on the hands after a farmer's swap and the
dealer's pick-up and discard, on trump, the maker, who sits out and who leads; and a record
whose discard does not fit the rules is refused by both.

The case that tells them apart is ``dealer_discards_when_partner_alone``: when the dealer's
partner orders up alone, under the published rules the dealer still takes the upcard and
discards (then sits out); with the option false he does not pick up, and a record of that hand
has no discard.
"""

from __future__ import annotations

import random

import pytest

from sim.cards import mask_of, parse_card
from sim.records import RecordError, parse_record
from sim.referee import DONE, PLAY, Hand, play_record, random_hand, replay_record
from sim.rules import Rules
from sim.solver.position import NO_DEFENDER
from sim.solver.review import record_position, review_hand

pytestmark = pytest.mark.compile

NO_PICK_UP = Rules(dealer_discards_when_partner_alone=False)

# Seat 3 deals; seat 0 passes and seat 1, the dealer's partner, orders up KS alone.  Seats 0, 1
# and 2 play; seat 1 takes all five tricks (a lone march: 4 points).
DEAL = {
    "dealer": 3,
    "hands": [["9H", "TH", "KH", "QC", "9C"], ["JS", "JC", "AS", "AH", "AD"],
              ["QH", "TD", "9D", "KC", "TC"], ["TS", "9S", "QS", "AC", "JH"]],
    "upcard": "KS", "kitty": ["KS", "JD", "QD", "KD"],
    "bids": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "order_up", "alone": True}],
    "plays": [[0, "9C"], [1, "JS"], [2, "KC"],
              [1, "JC"], [2, "TC"], [0, "QC"],
              [1, "AS"], [2, "TD"], [0, "9H"],
              [1, "AH"], [2, "QH"], [0, "TH"],
              [1, "AD"], [2, "9D"], [0, "KH"]],
}
WITH_DISCARD = {**DEAL, "discard": "AC"}    # as played under the published rules
NO_DISCARD = DEAL                           # as played with the option false


def referee_start(record, rules: Rules) -> Hand:
    """The referee's hand when play begins: the actions of the record's replay (the farmer's
    swap, the bids, the discard, nobody defending alone) applied through the phase machine
    until play begins."""
    rec = parse_record(record)
    hand = Hand(rec.hands, rec.kitty, rec.dealer, rules)
    for entry in play_record(rec, rules).log:
        if hand.phase in (PLAY, DONE):
            break
        hand.apply(entry.action)
    return hand


def _same_start(record, rules: Rules) -> None:
    ref = referee_start(record, rules)
    pos = record_position(record, rules)
    assert ref.phase == PLAY
    assert pos.hands == tuple(mask_of(h) for h in ref.hands)
    assert (pos.trump, pos.maker, pos.alone) == (ref.trump, ref.maker, ref.alone)
    ref_defender = NO_DEFENDER if ref.defender_alone is None else ref.defender_alone
    assert (pos.defender_alone, pos.leader) == (ref_defender, ref.turn)


def test_dealer_discards_when_partner_alone_decides_the_play_start_hands():
    """Each record replays under the rules it was played under, and the review's hands when
    play begins are the referee's: with the option false the dealer keeps the five cards he
    was dealt and the upcard stays in the kitty."""
    assert replay_record(WITH_DISCARD)["points"] == [0, 4]
    assert replay_record(NO_DISCARD, NO_PICK_UP)["points"] == [0, 4]
    _same_start(WITH_DISCARD, Rules())
    _same_start(NO_DISCARD, NO_PICK_UP)
    dealer = record_position(NO_DISCARD, NO_PICK_UP).hands[3]
    assert dealer == mask_of(parse_card(c) for c in DEAL["hands"][3])


def test_review_refuses_a_discard_the_rules_do_not_allow():
    """With the option false the dealer does not pick up, so a record with a discard is not a
    hand of those rules: the referee refuses it, and so must the review (it used to give the
    dealer the upcard and take the discard out of his hand)."""
    assert "no discard in this hand" in replay_record(WITH_DISCARD, NO_PICK_UP)["error"]
    with pytest.raises(RecordError, match="no discard in this hand"):
        record_position(WITH_DISCARD, NO_PICK_UP)
    # the option given in the record's own rules
    own_rules = {**WITH_DISCARD, "rules": {"dealer_discards_when_partner_alone": False}}
    with pytest.raises(RecordError, match="no discard in this hand"):
        review_hand(own_rules)


def test_review_wants_the_discard_the_rules_require():
    """Under the published rules the dealer picks up even when his partner goes alone, so a
    record without the discard is refused by both."""
    assert replay_record(NO_DISCARD)["error"].startswith("discard: missing")
    with pytest.raises(RecordError, match="discard: missing"):
        record_position(NO_DISCARD)
    own_rules = {**NO_DISCARD, "rules": {"dealer_discards_when_partner_alone": False}}
    assert record_position(own_rules) == record_position(NO_DISCARD, NO_PICK_UP)


@pytest.mark.parametrize("rules", [
    Rules(), NO_PICK_UP, Rules(dealer_may_discard_upcard=False),
    Rules(stick_the_dealer=True, farmers_hand=True, defend_alone=True,
          dealer_discards_when_partner_alone=False),
], ids=["published", "no-pick-up", "keep-upcard", "house-no-pick-up"])
def test_review_and_referee_agree_on_random_hands(rules):
    rng = random.Random(5)
    played = 0
    for _ in range(300):
        record = random_hand(rng, rules, pass_prob=0.5).to_record()
        if not record["plays"]:
            assert record_position(record, rules) is None
            continue
        _same_start(record, rules)
        played += 1
    assert played > 100
