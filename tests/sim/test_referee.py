"""The rules referee: scripted hands with explicit cards and hand-worked outcomes, then
random legal self-play checked against invariants and record round trips."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.cards import effective_suit, parse_card
from sim.referee import (
    DEFEND,
    DISCARD,
    DONE,
    FARMER,
    PLAY,
    ROUND1,
    ROUND2,
    Call,
    DefendAlone,
    Discard,
    FarmerSwap,
    GameError,
    GameScore,
    Hand,
    IllegalAction,
    KeepHand,
    NoLoneDefender,
    OrderUp,
    Pass,
    Play,
    card_strength,
    play_record,
    playable_cards,
    random_hand,
    replay_game,
    replay_record,
    score_hand,
    trick_winner,
)
from sim.rules import Rules

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "hands.jsonl"
C, D, H, S = 0, 1, 2, 3


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def hand_of(rec: dict, rules: Rules | None = None, **kw) -> Hand:
    """A fresh Hand with the deal of a record dict."""
    hands = [cards(" ".join(h)) for h in rec["hands"]]
    return Hand(hands, cards(" ".join(rec["kitty"])), rec["dealer"], rules, **kw)


def bids(*items) -> list[dict]:
    """bids((1, "pass"), (2, "call", "H"), (3, "order_up", True)) -> record bids."""
    out = []
    for seat, action, *rest in items:
        b = {"seat": seat, "action": action}
        for x in rest:
            if isinstance(x, bool):
                b["alone"] = x
            else:
                b["suit"] = x
        out.append(b)
    return out


def plays(text: str) -> list[list]:
    """plays("0:JH 1:TH ...") -> [[0, "JH"], [1, "TH"], ...]."""
    return [[int(p.split(":")[0]), p.split(":")[1]] for p in text.split()]


# ---------------------------------------------------------------------------------------------
# The rules text's worked example, North = seat 0, East 1, South 2, West 3; team A = team 0.
# Each hand was built and its tricks followed by hand; trick winners are noted per hand.

# 1. West deals; North orders up hearts (9H); N wins JH, AC, KH; E wins JD (left), QH.
WORKED_1 = {
    "dealer": 3,
    "hands": [["JH", "AH", "KH", "AC", "9S"], ["JD", "QH", "TH", "KC", "9C"],
              ["AS", "KS", "QS", "TS", "9D"], ["AD", "KD", "QD", "TD", "JS"]],
    "kitty": ["9H", "TC", "JC", "QC"],
    "bids": bids((0, "order_up")),
    "discard": "JS",
    "plays": plays("0:JH 1:TH 2:9D 3:9H  0:AC 1:9C 2:TS 3:TD  0:AH 1:JD 2:QS 3:QD "
                   "1:KC 2:KS 3:KD 0:KH  0:9S 1:QH 2:AS 3:AD"),
}  # fmt: skip
# 2. North deals; all pass round 1; East calls spades alone (West sits out); E leads and wins all.
WORKED_2 = {
    "dealer": 0,
    "hands": [["QS", "KD", "QD", "TH", "9C"], ["JS", "JC", "AS", "KS", "AH"],
              ["TS", "KH", "QH", "AC", "KC"], ["9S", "AD", "TD", "JD", "JH"]],
    "kitty": ["9D", "TC", "QC", "9H"],
    "bids": bids((1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "call", "S", True)),
    "plays": plays("1:JS 2:TS 0:QS  1:JC 2:KC 0:9C  1:AS 2:QH 0:TH  1:KS 2:AC 0:QD  "
                   "1:AH 2:KH 0:KD"),
}  # fmt: skip
# 3. East deals; South names clubs in round 2; S wins JC, AD; W wins AC, JS (left), QS.
WORKED_3 = {
    "dealer": 1,
    "hands": [["TS", "KS", "9S", "QD", "JH"], ["AH", "KH", "QC", "TD", "JD"],
              ["JC", "9C", "AD", "9H", "TH"], ["JS", "AC", "TC", "KD", "QS"]],
    "kitty": ["9D", "KC", "QH", "AS"],
    "bids": bids((2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"), (2, "call", "C")),
    "plays": plays("2:JC 3:TC 0:9S 1:QC  2:AD 3:KD 0:QD 1:TD  2:9C 3:AC 0:JH 1:JD  "
                   "3:JS 0:KS 1:KH 2:9H  3:QS 0:TS 1:AH 2:TH"),
}  # fmt: skip
# 4. South deals; West orders up diamonds (9D); W wins four, E's AC wins the last: a march.
WORKED_4 = {
    "dealer": 2,
    "hands": [["QD", "9S", "KS", "QC", "9C"], ["KD", "AC", "9H", "TH", "QH"],
              ["TD", "TC", "JC", "AH", "KH"], ["JD", "JH", "AD", "AS", "KC"]],
    "kitty": ["9D", "TS", "JS", "QS"],
    "bids": bids((3, "order_up")),
    "discard": "KH",
    "plays": plays("3:JD 0:QD 1:KD 2:TD  3:JH 0:9C 1:9H 2:9D  3:AD 0:QC 1:TH 2:TC  "
                   "3:AS 0:9S 1:QH 2:JC  3:KC 0:KS 1:AC 2:AH"),
}  # fmt: skip
WORKED = [WORKED_1, WORKED_2, WORKED_3, WORKED_4]


def expect(trump, maker, alone, rnd, tricks, winners, points, **extra) -> dict:
    """A replay result of a played hand (``defender_alone=`` and ``renege=`` as keywords)."""
    return {
        "trump": trump,
        "maker": maker,
        "alone": alone,
        "defender_alone": extra.pop("defender_alone", None),
        "round": rnd,
        "passed_out": False,
        "tricks": tricks,
        "trick_winners": winners,
        "points": points,
        **extra,
    }


WORKED_RESULTS = [
    expect("H", 0, False, 1, [3, 2], [0, 0, 1, 0, 1], [1, 0]),
    expect("S", 1, True, 2, [0, 5], [1, 1, 1, 1, 1], [0, 4]),
    expect("C", 2, False, 2, [2, 3], [2, 2, 3, 3, 3], [0, 2]),
    expect("D", 3, False, 1, [0, 5], [3, 3, 3, 3, 1], [0, 2]),
]


@pytest.mark.parametrize("i", range(4))
def test_worked_example_hands(i):
    assert replay_record(WORKED[i]) == WORKED_RESULTS[i]


def test_worked_example_game_ends_a1_b8():
    game = GameScore(Rules(), first_dealer=3)
    scores = [game.add(rec["dealer"], replay_record(rec)) for rec in WORKED]
    assert scores == [[1, 0], [1, 4], [1, 6], [1, 8]]
    assert game.winner is None  # B needs 2 more points
    assert replay_game(WORKED).score == [1, 8]


def test_examples_file_starts_with_the_worked_example_and_is_all_legal():
    lines = [json.loads(x) for x in EXAMPLES.read_text(encoding="utf-8").splitlines() if x]
    assert len(lines) >= 10
    for rec, want in zip(lines[:4], WORKED_RESULTS, strict=True):
        assert replay_record(rec) == want
    for rec in lines:
        assert "error" not in replay_record(rec), rec.get("note")


# ---------------------------------------------------------------------------------------------
# Bowers, following and winning


@pytest.mark.parametrize(("trump", "left"), [(C, "JS"), (D, "JH"), (H, "JD"), (S, "JC")])
def test_left_bower_is_the_other_jack_of_the_same_colour_and_a_trump(trump, left):
    for c in range(24):
        want = trump if c == parse_card(left) else c // 6
        assert effective_suit(c, trump) == want


@pytest.mark.parametrize(
    ("trump", "order"),
    [
        (H, "9H TH QH KH AH JD JH"),
        (D, "9D TD QD KD AD JH JD"),
        (C, "9C TC QC KC AC JS JC"),
        (S, "9S TS QS KS AS JC JS"),
    ],
)
def test_trump_ranking_right_left_a_k_q_t_9(trump, order):
    strengths = [card_strength(c, trump, trump) for c in cards(order)]
    assert strengths == sorted(strengths) and len(set(strengths)) == 7


def test_plain_suit_ranking_a_k_q_j_t_9_and_the_left_bowers_suit_has_no_jack():
    # hearts trump: spades keep their jack, diamonds lose theirs to trump
    spades = [card_strength(c, H, S) for c in cards("9S TS JS QS KS AS")]
    assert spades == sorted(spades) and len(set(spades)) == 6
    diamonds = [card_strength(c, H, D) for c in cards("9D TD QD KD AD")]
    assert diamonds == sorted(diamonds)
    assert card_strength(parse_card("JD"), H, D) > card_strength(parse_card("AD"), H, D)


@pytest.mark.parametrize(
    ("trump", "trick", "winner"),
    [
        (H, "0:AH 1:JD 2:JH 3:KH", 2),  # right beats left beats ace
        (H, "0:AH 1:JD 2:KH 3:QH", 1),  # left beats ace
        (H, "0:AD 1:JD 2:KD 3:QD", 1),  # diamond led, JD is a heart: it trumps
        (H, "0:KS 1:AC 2:AS 3:AD", 2),  # no trump: highest of the led suit; off-suit aces lose
        (H, "0:QS 1:JS 2:9S 3:TS", 0),  # plain suit: Q beats J
        (H, "0:AS 1:9H 2:KS 3:QS", 1),  # the lowest trump beats the led ace
        (S, "0:9C 1:JC 2:AC 3:KC", 1),  # spades trump: JC is the left bower
        (C, "2:TD 3:9D 0:JS 1:AD", 0),  # clubs trump: JS trumps a diamond lead
        (D, "1:KH 2:AH 3:JH 0:QH", 3),  # diamonds trump: JH is trump, not a heart
    ],
)
def test_trick_winner(trump, trick, winner):
    t = [(seat, parse_card(c)) for seat, c in plays(trick)]
    assert trick_winner(t, trump) == winner


def test_left_bower_cannot_follow_its_printed_suit():
    trick = [(0, parse_card("AD"))]
    # hearts trump: JD is a heart; holding only JD and spades the player is void in diamonds
    assert sorted(playable_cards(cards("JD 9S KS"), trick, H)) == sorted(cards("JD 9S KS"))
    # ... and holding QD he must play QD, never JD
    assert playable_cards(cards("JD QD 9S"), trick, H) == cards("QD")


def test_left_bower_must_be_played_to_a_trump_lead_when_it_is_the_only_trump():
    trick = [(0, parse_card("AH"))]
    assert playable_cards(cards("JD AS KC QD"), trick, H) == cards("JD")


def test_left_bower_strict_replay_rejects_and_names_the_left_bower():
    # WORKED_1: with hearts trump East holds JD QH (trumps) at trick 3; playing KC to the AH
    # lead is a renege.  (Hearts led; East holds JD QH.)
    rec = dict(WORKED_1, plays=WORKED_1["plays"][:9] + [[1, "KC"]] + WORKED_1["plays"][10:])
    assert replay_record(rec)["error"] == (
        "play 10: seat 1 played KC but must follow hearts (holds JD QH); "
        "JD is a trump (hearts) this hand"
    )


# ---------------------------------------------------------------------------------------------
# Bidding


def test_round1_starts_left_of_the_dealer_and_rejects_out_of_turn_bids():
    hand = hand_of(WORKED_1)  # dealer 3
    assert hand.phase == ROUND1 and hand.turn == 0
    assert hand.legal_actions() == [Pass(0), OrderUp(0, False), OrderUp(0, True)]
    with pytest.raises(IllegalAction, match=r"^seat 1 bid out of turn \(seat 0 is next\)$"):
        hand.apply(Pass(1))
    with pytest.raises(IllegalAction, match="cannot call a suit in round 1"):
        hand.apply(Call(0, S))


def test_bid_out_of_turn_in_a_record():
    rec = dict(WORKED_2, bids=bids((1, "pass"), (2, "pass"), (1, "pass")))
    assert replay_record(rec)["error"] == "bid 3: seat 1 bid out of turn (seat 3 is next)"


def test_dealer_orders_up_his_own_upcard_and_picks_it_up():
    hand = hand_of(WORKED_1)  # dealer 3, upcard 9H
    for seat in (0, 1, 2):
        hand.apply(Pass(seat))
    hand.apply(OrderUp(3))
    assert (hand.phase, hand.turn, hand.trump, hand.maker, hand.round) == (DISCARD, 3, H, 3, 1)
    assert sorted(hand.hands[3]) == sorted(cards("AD KD QD TD JS 9H"))


def test_published_dealer_may_discard_any_of_six_including_the_upcard():
    hand = hand_of(WORKED_1)
    hand.apply(OrderUp(0))
    assert hand.phase == DISCARD
    assert sorted(a.card for a in hand.legal_actions()) == sorted(cards("AD KD QD TD JS 9H"))
    hand.apply(Discard(3, parse_card("9H")))
    assert hand.discarded == parse_card("9H") and hand.phase == PLAY and hand.turn == 0


def test_dealer_may_not_discard_the_upcard_when_the_rule_says_so():
    rules = Rules(dealer_may_discard_upcard=False)
    hand = hand_of(WORKED_1, rules)
    hand.apply(OrderUp(0))
    assert sorted(a.card for a in hand.legal_actions()) == sorted(cards("AD KD QD TD JS"))
    with pytest.raises(IllegalAction, match="may not discard the upcard 9H"):
        hand.apply(Discard(3, parse_card("9H")))
    rec = dict(WORKED_1, discard="9H")
    assert replay_record(rec, rules)["error"] == (
        "discard: the dealer may not discard the upcard 9H (dealer_may_discard_upcard=false)"
    )
    # The published rule accepts the same discard; West then keeps JS and, void in hearts,
    # plays it where he played the 9H.
    swapped = [[s, "JS" if c == "9H" else c] for s, c in WORKED_1["plays"]]
    rec = dict(WORKED_1, discard="9H", plays=swapped)
    assert replay_record(rec)["points"] == [1, 0]


def test_round2_excludes_the_turned_down_suit():
    hand = hand_of(WORKED_2)  # dealer 0, upcard 9D
    for seat in (1, 2, 3, 0):
        hand.apply(Pass(seat))
    assert hand.phase == ROUND2 and hand.turn == 1
    legal = hand.legal_actions()
    assert Pass(1) in legal
    assert {a.suit for a in legal if isinstance(a, Call)} == {C, H, S}
    with pytest.raises(IllegalAction, match="cannot call diamonds: the upcard 9D was turned down"):
        hand.apply(Call(1, D))
    with pytest.raises(IllegalAction, match="cannot order up in round 2"):
        hand.apply(OrderUp(1))


def test_two_passing_rounds_pass_the_hand_out():
    rec = dict(WORKED_2, bids=bids(*[(s, "pass") for s in (1, 2, 3, 0, 1, 2, 3, 0)]), plays=[])
    assert replay_record(rec) == {
        "trump": None, "maker": None, "alone": False, "defender_alone": None, "round": None,
        "passed_out": True, "tricks": [0, 0], "trick_winners": [], "points": [0, 0],
    }  # fmt: skip
    rec["plays"] = [[1, "JS"]]
    assert replay_record(rec)["error"] == "play 1: the hand was passed out; no cards are played"


def test_stick_the_dealer_forbids_the_dealers_pass():
    rules = Rules(stick_the_dealer=True)
    hand = hand_of(WORKED_2, rules)  # dealer 0
    for seat in (1, 2, 3, 0, 1, 2, 3):
        hand.apply(Pass(seat))
    assert hand.turn == 0
    legal = hand.legal_actions()
    assert legal and all(isinstance(a, Call) for a in legal)
    with pytest.raises(IllegalAction, match=r"the dealer \(seat 0\) may not pass"):
        hand.apply(Pass(0))
    rec = dict(WORKED_2, bids=bids(*[(s, "pass") for s in (1, 2, 3, 0, 1, 2, 3, 0)]), plays=[])
    assert replay_record(rec, rules)["error"].startswith("bid 8: the dealer (seat 0) may not pass")
    # the same override written into the record itself
    assert replay_record(dict(rec, rules={"stick_the_dealer": True}))["error"].startswith("bid 8:")


def test_bidding_must_finish_and_must_stop_once_trump_is_made():
    rec = dict(WORKED_2, bids=bids((1, "pass"), (2, "pass")))
    assert replay_record(rec)["error"] == (
        "bids: bidding is not finished (round 1: seat 3 to order up 9D or pass)"
    )
    rec = dict(WORKED_4, bids=bids((3, "order_up"), (0, "pass")))
    assert replay_record(rec)["error"] == "bid 2: bidding is over: seat 3 made diamonds trump"


def test_discard_must_be_present_exactly_when_the_dealer_picks_up():
    rec = {k: v for k, v in WORKED_1.items() if k != "discard"}
    assert replay_record(rec)["error"] == (
        "discard: missing: the dealer (seat 3) picked up 9H and must discard a card"
    )
    rec = dict(WORKED_2, discard="9C")
    assert replay_record(rec)["error"] == (
        "discard: no discard in this hand: the upcard was not ordered up"
    )
    rec = dict(WORKED_1, discard="AS")
    assert replay_record(rec)["error"] == "discard: the dealer (seat 3) does not hold AS"


def test_an_unfinished_record_is_checked_as_far_as_it_goes_with_partial():
    """``partial=True`` (a hand exported in progress): every action held is checked, the
    result says what the hand waits for; an unfinished record is still an error without it."""
    cut = dict(WORKED_1, plays=WORKED_1["plays"][:6])
    assert replay_record(cut, partial=True)["unfinished"] == "trick 2: seat 2 to play"
    assert "hand ends after trick 1" in replay_record(cut)["error"]
    before_discard = {k: v for k, v in WORKED_1.items() if k not in ("discard", "plays")}
    assert replay_record(before_discard, partial=True)["unfinished"] == (
        "the dealer (seat 3) to discard")
    in_bidding = dict(WORKED_2, bids=bids((1, "pass")), plays=[])
    assert replay_record(in_bidding, partial=True)["unfinished"].startswith("round 1: seat 2")
    assert replay_record(dict(in_bidding, plays=WORKED_2["plays"][:1]), partial=True)[
        "error"].startswith("bids: bidding is not finished")
    bad = dict(cut, plays=[*cut["plays"][:5], [2, "AS"]])
    assert replay_record(bad, partial=True)["error"].startswith("play 6:")
    assert "unfinished" not in replay_record(WORKED_1, partial=True)


# ---------------------------------------------------------------------------------------------
# Going alone, defending alone, scoring

# Dealer 0; seat 1 orders up spades (9S) alone, seat 3 sits out; seat 1 leads.  Tricks:
# 1: JS wins.  2: AH is trumped by seat 0's TS.  3: seat 0's AC wins (seat 1 discards KH: his
# JC is a spade, so he is void in clubs).  4: KC led, seat 1's JC (left bower) wins.  5: AS wins.
LONE_THREE = {
    "dealer": 0,
    "hands": [["KS", "TS", "AC", "KC", "QC"], ["JS", "JC", "AS", "AH", "KH"],
              ["QS", "AD", "KD", "QD", "TD"], ["9C", "TC", "9D", "JD", "9H"]],
    "kitty": ["9S", "TH", "JH", "QH"],
    "bids": bids((1, "order_up", True)),
    "discard": "QC",
    "plays": plays("1:JS 2:QS 0:9S  1:AH 2:TD 0:TS  0:AC 1:KH 2:QD  0:KC 1:JC 2:KD  "
                   "1:AS 2:AD 0:KS"),
}  # fmt: skip


def test_lone_maker_with_three_tricks_scores_one():
    assert replay_record(LONE_THREE) == expect("S", 1, True, 1, [2, 3], [1, 0, 0, 1, 1], [0, 1])


def test_lone_march_scores_four_and_team_march_two():
    assert replay_record(WORKED_2)["points"] == [0, 4]
    assert replay_record(WORKED_4)["points"] == [0, 2]


def test_euchre_scores_two_to_the_defenders():
    assert replay_record(WORKED_3)["points"] == [0, 2]


def test_going_alone_partner_sits_out_and_the_seat_across_from_the_dealer_leads():
    hand = hand_of(LONE_THREE)  # dealer 0; dealer's left is seat 1
    # seat 3 (dealer's right) orders up alone: seat 1, the dealer's left, sits out
    hand.apply(Pass(1))
    hand.apply(Pass(2))
    hand.apply(OrderUp(3, True))
    hand.apply(Discard(0, parse_card("QC")))
    assert hand.active == [True, False, True, True]
    assert hand.phase == PLAY and hand.turn == 2  # across from the dealer
    with pytest.raises(IllegalAction, match=r"seat 1 sits out this hand \(partner of seat 3"):
        hand.apply(Play(1, parse_card("JS")))
    hand.apply(Play(2, parse_card("QS")))
    assert hand.turn == 3
    hand.apply(Play(3, parse_card("9C")))
    assert hand.turn == 0
    hand.apply(Play(0, parse_card("KS")))
    assert hand.trick_winners == [0] and hand.trick == []  # three cards complete the trick


def test_lone_partner_of_dealer_dealer_picks_up_and_sits_out_by_default():
    hand = hand_of(LONE_THREE)  # dealer 0, partner 2
    hand.apply(Pass(1))
    hand.apply(OrderUp(2, True))
    assert hand.phase == DISCARD and len(hand.hands[0]) == 6
    hand.apply(Discard(0, parse_card("9S")))
    assert hand.active == [False, True, True, True] and hand.turn == 1


def test_lone_partner_of_dealer_no_pickup_when_the_option_is_off():
    rules = Rules(dealer_discards_when_partner_alone=False)
    hand = hand_of(LONE_THREE, rules)
    hand.apply(Pass(1))
    hand.apply(OrderUp(2, True))
    assert hand.phase == PLAY and len(hand.hands[0]) == 5 and hand.kitty[0] == parse_card("9S")
    rec = dict(LONE_THREE, bids=bids((1, "pass"), (2, "order_up", True)))
    assert replay_record(rec, rules)["error"].startswith(
        "discard: no discard in this hand: the dealer (seat 0) did not pick up"
    )


@pytest.mark.parametrize(
    ("maker", "tricks", "alone", "defender", "points"),
    [
        (0, 5, False, None, [2, 0]),
        (0, 5, True, None, [4, 0]),
        (1, 4, False, None, [0, 1]),
        (1, 3, True, None, [0, 1]),
        (2, 2, False, None, [0, 2]),
        (3, 0, True, None, [2, 0]),
        (3, 1, False, 0, [4, 0]),
        (2, 0, True, 1, [0, 4]),
        (2, 3, False, 1, [1, 0]),
        (1, 5, True, 2, [0, 4]),
    ],
)
def test_scoring_table(maker, tricks, alone, defender, points):
    assert score_hand(maker, tricks, alone, defender, Rules(defend_alone=True)) == points


def test_renege_penalty_replaces_the_table():
    assert score_hand(0, 5, True, None, Rules(), renege_seat=2) == [0, 2]
    assert score_hand(0, 0, False, None, Rules(renege_penalty=3), renege_seat=1) == [3, 0]


# Dealer 3; seat 0 orders up hearts (9H); seat 1 defends alone, so seat 3 sits out and seat 0
# leads.  Seat 1 takes all five: KH trumps the AS lead, then JH, JD, AH and AC.
DEFEND_ALONE = {
    "dealer": 3,
    "hands": [["QH", "TH", "AS", "KS", "QS"], ["JH", "JD", "AH", "KH", "AC"],
              ["AD", "KD", "QD", "9C", "TC"], ["JC", "QC", "KC", "9D", "TD"]],
    "kitty": ["9H", "9S", "TS", "JS"],
    "bids": bids((0, "order_up"), (1, "defend_alone")),
    "discard": "9D",
    "plays": plays("0:AS 1:KH 2:9C  1:JH 2:TC 0:TH  1:JD 2:AD 0:QH  1:AH 2:KD 0:KS  "
                   "1:AC 2:QD 0:QS"),
}  # fmt: skip


def test_defending_alone_euchre_scores_lone_defender_points():
    rules = Rules(defend_alone=True)
    want = expect("H", 0, False, 1, [0, 5], [1, 1, 1, 1, 1], [0, 4], defender_alone=1)
    assert replay_record(DEFEND_ALONE, rules) == want
    assert replay_record(dict(DEFEND_ALONE, rules={"defend_alone": True})) == want
    two = Rules(defend_alone=True, lone_defender_euchre_points=2)
    assert replay_record(DEFEND_ALONE, two)["points"] == [0, 2]


def test_defending_alone_rejected_when_the_rule_is_off():
    assert replay_record(DEFEND_ALONE)["error"] == (
        "bid 2: defending alone is not in these rules (defend_alone=false)"
    )


def test_defend_phase_comes_after_the_discard_and_only_defenders_may_defend_alone():
    hand = hand_of(DEFEND_ALONE, Rules(defend_alone=True))
    hand.apply(OrderUp(0))
    with pytest.raises(IllegalAction, match="not before the dealer"):
        hand.apply(DefendAlone(1))
    hand.apply(Discard(3, parse_card("9D")))
    assert hand.phase == DEFEND
    assert hand.legal_actions() == [NoLoneDefender(), DefendAlone(1), DefendAlone(3)]
    with pytest.raises(IllegalAction, match="seat 2 is on the making team"):
        hand.apply(DefendAlone(2))
    hand.apply(DefendAlone(1))
    assert hand.active == [True, True, True, False] and hand.phase == PLAY and hand.turn == 0
    with pytest.raises(IllegalAction, match="seat 3 cannot defend alone: seat 1 already does"):
        hand.apply(DefendAlone(3))


def test_two_card_tricks_with_a_lone_maker_and_a_lone_defender():
    hand = hand_of(DEFEND_ALONE, Rules(defend_alone=True))
    hand.apply(OrderUp(0, True))  # seat 2 sits out
    hand.apply(Discard(3, parse_card("9D")))
    hand.apply(DefendAlone(1))  # seat 3 sits out
    assert hand.turn == 0
    hand.apply(Play(0, parse_card("AS")))
    hand.apply(Play(1, parse_card("KH")))
    assert hand.trick_winners == [1] and hand.turn == 1


# ---------------------------------------------------------------------------------------------
# Farmer's hand

# Seat 2 holds only 9s and 10s; the face-down kitty is QD KD KH.
FARMER_DEAL = {
    "dealer": 2,
    "hands": [["JS", "JC", "AS", "QH", "QC"], ["AD", "TH", "KS", "TS", "JD"],
              ["9C", "TC", "9D", "TD", "9H"], ["AH", "9S", "JH", "AC", "KC"]],
    "kitty": ["QS", "QD", "KD", "KH"],
}  # fmt: skip


def test_farmers_hand_swap():
    hand = hand_of(FARMER_DEAL, Rules(farmers_hand=True))
    assert hand.phase == FARMER and hand.farmer_seat == 2
    legal = hand.legal_actions()
    assert legal[0] == KeepHand(2) and len(legal) == 1 + 10  # keep, or give any 3 of 5
    hand.apply(FarmerSwap(2, tuple(cards("9C TC 9D")), tuple(cards("KH QD KD"))))
    assert sorted(hand.hands[2]) == sorted(cards("TD 9H QD KD KH"))
    assert sorted(hand.kitty[1:]) == sorted(cards("9C TC 9D")) and hand.kitty[0] == cards("QS")[0]
    assert hand.phase == ROUND1 and hand.turn == 3


def test_farmers_hand_may_be_kept_and_the_kept_hand_plays_on():
    hand = hand_of(FARMER_DEAL, Rules(farmers_hand=True))
    hand.apply(KeepHand(2))
    assert hand.phase == ROUND1 and sorted(hand.hands[2]) == sorted(cards("9C TC 9D TD 9H"))


def test_farmers_hand_errors():
    swap = {"seat": 2, "gave": ["9C", "TC", "9D"], "took": ["QD", "KD", "KH"]}
    rec = dict(FARMER_DEAL, farmer=swap, bids=[], plays=[])
    on = Rules(farmers_hand=True)
    # legal swap: replay proceeds to the (empty) bids
    assert replay_record(rec, on)["error"].startswith("bids: bidding is not finished")
    assert replay_record(rec)["error"] == (
        "farmer: farmer's hand is not in these rules (farmers_hand=false)"
    )
    took_wrong = dict(rec, farmer=dict(swap, took=["QD", "KD", "QS"]))
    assert replay_record(took_wrong, on)["error"] == (
        "farmer: a farmer takes the three face-down kitty cards QD KD KH, not QD KD QS"
    )
    gave_wrong = dict(rec, farmer=dict(swap, gave=["9C", "TC", "AS"]))
    assert replay_record(gave_wrong, on)["error"] == "farmer: seat 2 does not hold AS to give"
    wrong_seat = dict(rec, farmer=dict(swap, seat=0))
    assert replay_record(wrong_seat, on)["error"] == (
        "farmer: seat 0 has no farmer's hand (seat 2 has)"
    )
    # nobody eligible: WORKED_1's hands all hold a face card
    nobody = dict(WORKED_1, farmer={"seat": 1, "gave": ["9C", "TH", "JD"],
                                    "took": ["TC", "JC", "QC"]})  # fmt: skip
    assert replay_record(nobody, on)["error"] == (
        "farmer: seat 1 has no farmer's hand: JD QH KC are not 9s or 10s"
    )


def test_farmers_hand_complete_record_from_examples():
    lines = [json.loads(x) for x in EXAMPLES.read_text(encoding="utf-8").splitlines() if x]
    rec = next(r for r in lines if "farmer" in r)
    hand = play_record(rec)
    assert hand.rules.farmers_hand and hand.log[0].action == FarmerSwap(
        2, tuple(cards("9C TC 9D")), tuple(cards("QD KD KH"))
    )
    # seat 2 is the dealer: after the swap he picked up QS and discarded TD
    played_by_2 = sorted(parse_card(c) for s, c in rec["plays"] if s == 2)
    assert played_by_2 == sorted(cards("9H QD KD KH QS"))


# ---------------------------------------------------------------------------------------------
# Reneges

# WORKED_1 with East trumping the AC lead with QH at trick 2 although he holds KC 9C.
# Tricks: N, E (QH), E (9C, the only club), N (KH trumps KC), E (JD beats AH).
RENEGE = dict(
    WORKED_1,
    plays=plays("0:JH 1:TH 2:9D 3:9H  0:AC 1:QH 2:TS 3:TD  1:9C 2:QS 3:QD 0:9S  "
                "1:KC 2:KS 3:KD 0:KH  0:AH 1:JD 2:AS 3:AD"),
)  # fmt: skip


def test_renege_is_an_error_in_strict_mode():
    assert replay_record(RENEGE)["error"] == (
        "play 6: seat 1 played QH but must follow clubs (holds KC 9C)"
    )


def test_renege_mode_plays_out_and_penalises_the_first_renege():
    got = replay_record(RENEGE, reneges=True)
    assert got == expect("H", 0, False, 1, [2, 3], [0, 1, 1, 0, 1], [2, 0],
                         renege={"seat": 1, "trick": 2, "penalty": 2})  # fmt: skip
    got = replay_record(RENEGE, Rules(renege_penalty=4), reneges=True)
    assert got["points"] == [4, 0] and got["renege"]["penalty"] == 4
    # other illegal plays stay errors
    bad = dict(RENEGE, plays=RENEGE["plays"][:5] + [[1, "AS"]] + RENEGE["plays"][6:])
    assert replay_record(bad, reneges=True)["error"] == "play 6: seat 1 does not hold AS"


# ---------------------------------------------------------------------------------------------
# Illegal plays and incomplete records


def test_play_errors_name_the_step():
    def with_play(i, play):
        return dict(WORKED_1, plays=WORKED_1["plays"][: i - 1] + [play] + WORKED_1["plays"][i:])

    assert replay_record(with_play(1, [0, "QS"]))["error"] == "play 1: seat 0 does not hold QS"
    assert replay_record(with_play(2, [2, "9D"]))["error"] == (
        "play 2: seat 2 played out of turn (seat 1 is next)"
    )
    # a card already played is no longer held
    assert replay_record(with_play(5, [0, "JH"]))["error"] == "play 5: seat 0 does not hold JH"


def test_incomplete_and_overlong_plays():
    assert replay_record(dict(WORKED_1, plays=WORKED_1["plays"][:12]))["error"] == (
        "plays: hand ends after trick 3; all 5 tricks must be played"
    )
    assert replay_record(dict(WORKED_1, plays=WORKED_1["plays"][:14]))["error"] == (
        "plays: hand ends after trick 3 with 2 card(s) of trick 4; all 5 tricks must be played"
    )
    assert replay_record(dict(WORKED_1, plays=[]))["error"] == (
        "plays: hand ends after trick 0; all 5 tricks must be played"
    )
    assert replay_record(dict(WORKED_1, plays=WORKED_1["plays"] + [[1, "QH"]]))["error"] == (
        "play 21: the hand is over after 5 tricks"
    )


def test_actions_after_the_hand_is_over_are_rejected():
    hand = play_record(WORKED_1)
    assert hand.phase == DONE and hand.legal_actions() == []
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.apply(Play(0, parse_card("JH")))


def test_record_round_trip_of_a_replayed_hand():
    for rec in [*WORKED, LONE_THREE]:
        hand = play_record(rec)
        again = hand.to_record()
        assert replay_record(again) == replay_record(rec)
        assert again["plays"] == rec["plays"] and again["bids"] == rec["bids"]


# ---------------------------------------------------------------------------------------------
# Games


def test_game_stops_at_game_to_and_rejects_later_hands():
    game = GameScore(Rules(game_to=5))
    game.add(3, replay_record(WORKED_1))
    assert game.add(0, replay_record(WORKED_2)) == [1, 4] and game.winner is None
    assert game.add(1, replay_record(WORKED_3)) == [1, 6] and game.winner == 1
    with pytest.raises(GameError, match=r"hand 4: the game is over: team 1 won 6-1"):
        game.add(2, replay_record(WORKED_4))


def test_game_is_won_on_reaching_game_to_exactly():
    game = GameScore(Rules(game_to=7), first_dealer=0)
    for dealer, points in enumerate([[2, 0], [0, 4], [2, 0], [0, 1], [2, 0]]):
        assert game.winner is None
        game.add(dealer % 4, {"points": points})
    assert game.score == [6, 5] and game.winner is None
    game.add(1, {"points": [0, 2]})
    assert game.score == [6, 7] and game.winner == 1


def test_game_deal_rotates_left_including_after_a_passed_out_hand():
    passed = dict(WORKED_2, bids=bids(*[(s, "pass") for s in (1, 2, 3, 0, 1, 2, 3, 0)]), plays=[])
    game = GameScore(Rules())
    game.add(0, replay_record(passed))  # dealer 0 passed out: seat 1 deals next
    with pytest.raises(GameError, match="seat 0 deals, but the deal passes to the left: seat 1"):
        game.add(0, replay_record(WORKED_2))
    game.add(1, replay_record(WORKED_3))
    assert game.score == [0, 2] and game.hands == 2
    with pytest.raises(GameError, match="hand 3: bid 1"):
        game.add(2, replay_record(dict(WORKED_4, bids=bids((0, "pass")))))


# ---------------------------------------------------------------------------------------------
# Random legal self-play: invariants and record round trips

RULES = st.builds(
    Rules,
    stick_the_dealer=st.booleans(),
    farmers_hand=st.booleans(),
    defend_alone=st.booleans(),
    dealer_may_discard_upcard=st.booleans(),
    dealer_discards_when_partner_alone=st.booleans(),
    renege_penalty=st.integers(1, 4),
)
FARMER_HAND = [0, 1, 6, 7, 12]  # 9C TC 9D TD 9H


@st.composite
def deals(draw):
    """A shuffled pack; sometimes rigged so that one seat holds a farmer's hand."""
    pack = draw(st.permutations(range(24)))
    if draw(st.booleans()) and draw(st.booleans()):
        seat = draw(st.integers(0, 3))
        rest = [c for c in pack if c not in FARMER_HAND]
        hands = [rest[5 * k : 5 * k + 5] for k in range(3)]
        hands.insert(seat, list(FARMER_HAND))
        return hands, rest[15:]
    return [list(pack[5 * s : 5 * s + 5]) for s in range(4)], list(pack[20:])


def check_legal_hand(hand: Hand, rules: Rules) -> None:
    """Invariants of a finished hand, checked independently of the referee's own checks."""
    rec = hand.to_record()
    dealt = [c for h in rec["hands"] for c in h] + rec["kitty"]
    assert len(set(dealt)) == 24
    result = hand.result()
    if result["passed_out"]:
        assert not rules.stick_the_dealer and rec["plays"] == [] and result["points"] == [0, 0]
        assert len(rec["bids"]) == 8
        return
    # replay the plays by hand: follow the led effective suit when able
    held = [set(parse_card(c) for c in h) for h in rec["hands"]]
    if "farmer" in rec:
        f = rec["farmer"]
        held[f["seat"]] -= {parse_card(c) for c in f["gave"]}
        held[f["seat"]] |= {parse_card(c) for c in f["took"]}
    if "discard" in rec:
        held[rec["dealer"]] |= {parse_card(rec["kitty"][0])}
        held[rec["dealer"]] -= {parse_card(rec["discard"])}
    trump = "CDHS".index(result["trump"])
    players = 4 - (result["alone"]) - (result["defender_alone"] is not None)
    ps = [(s, parse_card(c)) for s, c in rec["plays"]]
    assert len(ps) == 5 * players
    for k in range(5):
        trick = ps[k * players : (k + 1) * players]
        assert len({s for s, _ in trick}) == players
        led = effective_suit(trick[0][1], trump)
        for s, c in trick:
            assert c in held[s]
            if effective_suit(c, trump) != led:
                assert all(effective_suit(x, trump) != led for x in held[s])
            held[s].discard(c)
    assert sum(result["tricks"]) == 5 and len(result["trick_winners"]) == 5
    points = result["points"]
    assert sorted(points)[0] == 0 and max(points) in {1, 2, 4}
    maker_team = result["maker"] % 2
    if result["tricks"][maker_team] >= 3:
        assert points[maker_team] == (
            4 if result["alone"] and result["tricks"][maker_team] == 5 else
            2 if result["tricks"][maker_team] == 5 else 1
        )  # fmt: skip
    else:
        lone = result["defender_alone"] is not None
        assert points[1 - maker_team] == (rules.lone_defender_euchre_points if lone else 2)


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rules=RULES,
    dealer=st.integers(0, 3),
    deal=deals(),
    pass_prob=st.sampled_from([None, 0.5, 0.9]),
)
def test_random_legal_hands(seed, rules, dealer, deal, pass_prob):
    rng = random.Random(seed)
    hand = random_hand(rng, rules, dealer, deal=deal, pass_prob=pass_prob)
    assert hand.phase == DONE and hand.renege is None
    check_legal_hand(hand, rules)
    rec = json.loads(json.dumps(hand.to_record()))
    assert replay_record(rec, rules) == hand.result()
    # the same record with the rule changes written in replays under the published rules
    assert replay_record(hand.to_record(include_rules=True)) == hand.result()


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=RULES)
def test_random_hands_with_reneges(seed, rules):
    rng = random.Random(seed)
    hand = random_hand(rng, rules, renege_prob=0.3)
    rec = hand.to_record()
    result = replay_record(rec, rules, reneges=True)
    assert result == hand.result()
    if hand.renege is None:
        assert replay_record(rec, rules) == result
    else:
        r = hand.renege
        assert result["points"][1 - r["seat"] % 2] == rules.renege_penalty
        assert result["points"][r["seat"] % 2] == 0
        # the first renege is the first error in strict mode
        strict = replay_record(rec, rules)["error"]
        assert strict.startswith("play ") and f"seat {r['seat']} played" in strict
