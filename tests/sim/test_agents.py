"""The decision API (``sim.agent``) decides exactly as the kernel: referee hands played by four
agents, each asked from its seat's view, match the kernel's traces of the same deals; and
re-dealing what a seat cannot see changes none of its decisions."""

from __future__ import annotations

import pytest

import sim
from sim import BUILTINS, Rules, Table, load_strategy, trace
from sim.cards import effective_suit, suit_of
from sim.records import parse_record
from sim.referee import Hand, replay_game
from sim.referee.views import view_for
from sim.run.refereed import deal_of, first_dealer, play_hand

pytestmark = pytest.mark.compile

SEED = 11


def _deal(record):
    rec = parse_record(record)
    return [sorted(h) for h in rec.hands], list(rec.kitty), rec.dealer


class ActAt:
    """Asks an agent through ``act`` (views checked, decisions on a consistent deal, never
    the true one) with the hand's number."""

    def __init__(self, agent, hand):
        self.agent, self.hand = agent, hand

    def decide(self, view, deal, keys, *, hand=None):
        return self.agent.act(view, hand=self.hand)


def _same(record, hand: Hand):
    rec, got = parse_record(record), hand.to_hand_record()
    return (rec.bids, rec.discard, rec.plays) == (got.bids, got.discard, got.plays)


def _mismatches(strategy, n, rules=None, via_act=False, start=0):
    rules = rules or Rules()
    s = load_strategy(strategy)
    agent = sim.agent(s, seed=SEED)
    records = trace(SEED, range(start, start + n), rules, Table((s,) * 4))
    bad = []
    for i, record in zip(range(start, start + n), records, strict=True):
        hands, kitty, dealer = _deal(record)
        players = [ActAt(agent, i)] * 4 if via_act else [agent] * 4
        hand = play_hand(players, hands, kitty, dealer, rules, agent.keys(i), views=True)
        if not _same(record, hand):
            bad.append(i)
    return bad


@pytest.mark.parametrize("strategy", ["basic", "tuned", "aggressive", "conservative",
                                      "trump-count", "examples/strategies/ace-lover.toml"])
def test_agents_decide_as_the_kernel_traces(strategy):
    assert _mismatches(strategy, 60) == []


def test_act_on_consistent_deals_matches_the_kernel():
    """``act`` decides on a deal it makes up from the view: the same decisions."""
    assert _mismatches("tuned", 40, via_act=True) == []


@pytest.mark.parametrize("rules", [
    Rules(stick_the_dealer=True, defend_alone=True),
    Rules(dealer_may_discard_upcard=False, dealer_discards_when_partner_alone=False),
], ids=["stick-defend-alone", "no-upcard-discard"])
def test_agents_match_under_house_rules(rules):
    assert _mismatches("tuned", 60, rules) == []


def test_a_code_strategy_agent_matches_its_kernel_copy():
    assert _mismatches("examples.code_strategy:BowerHunter", 30) == []


def test_pimc_agent_with_the_same_keys_decides_as_in_the_kernel():
    assert _mismatches("pimc:worlds=4", 3) == []


def test_referee_deals_are_the_kernels():
    records = trace(SEED, range(8))
    for i, record in enumerate(records):
        hands, kitty, dealer = deal_of(SEED, i)
        assert ([sorted(h) for h in hands], kitty, dealer) == _deal(record)


def test_games_through_the_referee_match_the_kernel_with_scores():
    """A traced game, hand by hand at its running score (score-aware bidding), and its first
    dealer drawn as the game kernel draws it."""
    agent = sim.agent("tuned", seed=SEED)
    for g in range(2):
        records = sim.trace_game(SEED, g)
        assert records[0]["dealer"] == first_dealer(SEED, g)
        scores = [0, 0]
        for record in records:
            hands, kitty, dealer = _deal(record)
            hand = play_hand([agent] * 4, hands, kitty, dealer, Rules(), scores=tuple(scores),
                             views=True)
            assert _same(record, hand)
            scores = [scores[0] + hand.points[0], scores[1] + hand.points[1]]
        assert max(scores) >= 10
        assert replay_game(records).score == scores


def test_rollout_agent_with_the_same_keys_decides_as_in_the_kernel():
    assert _mismatches("rollout:worlds=40", 4) == []


_SMALL = {"pimc": "pimc:worlds=4", "rollout": "rollout:worlds=40"}


@pytest.mark.parametrize("strategy", [_SMALL.get(s, s) for s in BUILTINS]
                         + ["pimc:worlds=4,inference=bids+play"])
def test_redealing_unseen_cards_changes_no_decision(strategy):
    """Every decision of a hand asked again on other deals consistent with the seat's view
    (cards moved between the other hands and the kitty, across suits, voids kept)."""
    agent = sim.agent(strategy, seed=3)
    n = 2 if strategy.startswith("pimc") else 4 if strategy.startswith("rollout") else 12
    for i in range(n):
        hands, kitty, dealer = deal_of(5, i)
        hand = Hand(hands, kitty, dealer)
        while hand.phase != "done":
            if hand.phase == "defend":
                hand.apply(hand.legal_actions()[0])
                continue
            seat = hand.dealer if hand.phase == "discard" else hand.turn
            view = view_for(hand, seat)
            keys = agent.keys(i)
            first = agent.decide(view, view.deal(0), keys)
            for k in (1, 2):
                deal = view.deal(k)
                assert deal[0][seat] == view.deal(0)[0][seat]
                assert agent.decide(view, deal, keys) == first, (strategy, i, view.to_json())
            hand.apply(first)


def test_redeals_move_cards_between_suits_and_keep_voids():
    """The re-deals the invariance test uses really differ, across suits, and give no seat a
    card of a suit it has shown void in."""
    agent = sim.agent("basic")
    checked = 0
    for i in range(40):
        hand = Hand(*deal_of(7, i)[:2], i % 4)
        while hand.phase != "done" and checked < 5:
            seat = hand.dealer if hand.phase == "discard" else hand.turn
            if hand.phase == "defend":
                hand.apply(hand.legal_actions()[0])
                continue
            view = view_for(hand, seat)
            voids = _voids(view)
            if voids:
                deals = [view.deal(k) for k in range(8)]
                for deal in deals:
                    now = _held_now(view, deal)
                    for s, suit in voids:
                        assert all(effective_suit(c, view.trump) != suit for c in now[s])
                shapes = {tuple(tuple(sorted(suit_of(c) for c in h)) for h in d[0])
                          for d in deals}
                assert len(shapes) > 1
                checked += 1
            hand.apply(agent.decide(view, (hand.dealt, hand.dealt_kitty, hand.discarded),
                                    agent.keys(i)))
    assert checked == 5


def _voids(view):
    out = set()
    players = view.players
    plays = view.plays
    for j in range(0, len(plays) - len(plays) % players, players):
        led = effective_suit(plays[j][1], view.trump)
        out |= {(s, led) for s, c in plays[j + 1:j + players]
                if effective_suit(c, view.trump) != led}
    return out


def _held_now(view, deal):
    """The cards each seat of a re-deal (``view.deal(k)``) holds now, after the view's plays
    (the dealer's discard gone, the upcard he took counted as shown)."""
    dealt, _kitty, discard = deal
    gone = {c for _s, c in view.plays} | {view.upcard, discard}
    return [[c for c in h if c not in gone] for h in dealt]


def test_agent_refuses_what_is_not_a_view():
    with pytest.raises(TypeError, match="View"):
        sim.agent("basic").act({"seat": 0})


def test_agent_of_an_unknown_strategy_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown strategy"):
        sim.agent("basci")


def test_an_agent_numbers_the_hands_it_is_asked_about():
    agent = sim.agent("pimc:worlds=4", seed=2)
    hands, kitty, dealer = deal_of(2, 0)
    hand = Hand(hands, kitty, dealer)
    view = view_for(hand, hand.turn)
    a = agent.act(view)
    assert agent.act(view) == a            # the same view: the same hand, the same keys
    assert agent._hand == 0
    other = view_for(Hand(*deal_of(2, 1)), 2)     # hand 1: seat 1 deals, seat 2 bids first
    agent.act(other)
    assert agent._hand == 1


def test_a_random_agent_draws_each_decision_apart():
    """Uniform at each decision and independent across them: four random seats all pass
    round 1 in about (1/3)**4 of the hands, not the third a shared draw would give."""
    agent = sim.agent("random", seed=4)
    all_pass = 0
    n = 300
    for i in range(n):
        hands, kitty, dealer = deal_of(4, i)
        hand = Hand(hands, kitty, dealer)
        for _ in range(4):
            hand.apply(agent.decide_at(hand, hand.turn, agent.keys(i)))
            if hand.phase != "round1":
                break
        all_pass += hand.phase == "round2"
    assert all_pass / n < 0.06
