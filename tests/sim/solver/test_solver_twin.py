"""The solvers on hand-worked positions, the slow twin against textbook minimax, the random
position generator, and the API's packing of states into the fast search's arrays."""

from __future__ import annotations

import pytest

from sim.cards import card_name, left_bower, parse_card
from sim.solver import PositionError, api, parse_position, random_positions, replay_played
from sim.solver.positions_random import KINDS
from sim.solver.twin import literal_value, solve_slow
from tests.sim.solver import solver_helpers as h

pytestmark = pytest.mark.compile


def by_name(cards: dict) -> dict:
    return {card_name(c): v for c, v in cards.items()}


def slow(obj, points=4):
    value, cards = solve_slow(parse_position(obj), points)
    return value, by_name(cards)


def fast(obj, points=4):
    s = api.solve(parse_position(obj), points)
    return s.value, by_name(s.cards)


SOLVERS = [slow, fast]
ANY_CARD = {"9C", "TC", "AC", "9S", "TS"}


@pytest.mark.parametrize("solver", SOLVERS)
def test_top_five_trumps_march(solver):
    assert solver(h.TOP_FIVE) == (2, dict.fromkeys(ANY_CARD, 2))


@pytest.mark.parametrize("solver", SOLVERS)
def test_top_five_trumps_alone_march_for_four(solver):
    assert solver(h.TOP_FIVE_ALONE) == (4, dict.fromkeys(ANY_CARD, 4))


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_dealer_keeps_the_ace_of_trump_to_march(solver):
    assert solver(h.KEEP_THE_ACE) == (2, {"9C": 2, "AH": 1})
    before = dict(h.KEEP_THE_ACE_DEAL, played=h.KEEP_THE_ACE_PLAYS[:-1])
    assert solver(before) == (2, {"KH": 2, "TD": 2})  # seat 2 cannot stop the march


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_trick_on_the_table(solver):
    assert solver(h.KEEP_THE_ACE_LAST) == (2, {"KS": 2})  # seat 0 must follow spades
    wrong = dict(h.KEEP_THE_ACE_DEAL, played=h.KEEP_THE_ACE_PLAYS + [[3, "AH"]])
    assert solver(wrong) == (1, {"KS": 1})


@pytest.mark.parametrize("solver", SOLVERS)
def test_euchres(solver):
    every = {"9C", "TC", "AC", "9S", "TS"}
    assert solver(h.EUCHRE) == (-2, dict.fromkeys(every, -2))
    assert solver(h.EUCHRE_LONE_DEFENDER) == (-4, dict.fromkeys(every, -4))
    assert solver(h.EUCHRE_LONE_DEFENDER, 2) == (-2, dict.fromkeys(every, -2))


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_hand_played_to_the_end_is_worth_its_score(solver):
    assert solver(h.KEEP_THE_ACE_DONE) == (2, {})


def test_the_left_bower_follows_trump_and_leaves_its_suit():
    # Diamonds trump: seat 0's JH is the left bower, a diamond, and his only "heart".
    deal = {"hands": [["JH", "9C", "TC", "AC", "9S"], ["AH", "KH", "9D", "TS", "KS"],
                      ["KC", "QC", "AS", "QS", "JS"], ["QH", "TH", "QD", "AD", "JD"]],
            "trump": "D", "maker": 1, "alone": False, "leader": 1}
    trump_led = dict(deal, played=[[1, "9D"], [2, "KC"], [3, "QD"]])
    assert slow(trump_led)[1].keys() == {"JH"}  # he must follow trump with it
    hearts_led = dict(deal, played=[[1, "AH"], [2, "KC"], [3, "QH"]])
    assert slow(hearts_led)[1].keys() == {"JH", "9C", "TC", "AC", "9S"}  # void in hearts
    with pytest.raises(PositionError, match="must follow diamonds .holds JH.; JH is a trump"):
        parse_position(dict(deal, played=trump_led["played"] + [[0, "9C"]]))


def test_the_twin_agrees_with_textbook_minimax():
    for pos in random_positions(400, seed=11, tricks_left=(1, 3)):
        for points in (2, 4):
            assert solve_slow(pos, points)[0] == literal_value(pos, points), pos
    for pos in random_positions(4, seed=12, played=(0, 0)):
        assert solve_slow(pos)[0] == literal_value(pos), pos


def test_card_values_are_the_values_after_each_card():
    for pos in random_positions(100, seed=13, tricks_left=(1, 3)):
        value, cards = solve_slow(pos)
        state = replay_played(pos)
        for c, v in cards.items():
            after = type(pos)(**{**pos.__dict__, "played": pos.played + ((state.to_move, c),)})
            assert solve_slow(after)[0] == v
        makers_move = state.to_move % 2 == pos.maker % 2
        assert value == (max if makers_move else min)(cards.values())


def test_random_positions_are_legal_reproducible_and_varied():
    ps = random_positions(2000, seed=5)
    assert ps == random_positions(2000, seed=5)
    assert ps != random_positions(2000, seed=6)
    kinds, trumps, left, tabled = set(), set(), 0, 0
    for pos in ps:
        state = replay_played(pos)  # raises if not legal
        assert not state.finished
        kinds.add((pos.alone, pos.defender_alone >= 0))
        trumps.add(pos.trump)
        held = [m for m, a in zip(state.hands, pos.active, strict=True) if a]
        lb = left_bower(pos.trump)
        left += any(m >> lb & 1 for m in held) or lb in state.table
        tabled += bool(state.table)
    assert len(kinds) == len(KINDS) and trumps == {0, 1, 2, 3}
    assert left > 0.55 * len(ps) and tabled > 0.4 * len(ps)
    whole = random_positions(50, seed=5, played=(0, 0))
    assert all(not p.played for p in whole)
    done = random_positions(20, seed=5, played=(20, 20))
    assert all(replay_played(p).finished for p in done)
    two_left = [replay_played(p) for p in random_positions(100, seed=5, tricks_left=(2, 2))]
    assert {s.won + s.lost for s in two_left} == {3}


def test_the_api_packs_states_as_the_search_expects(monkeypatch):
    h.use_twin_search(monkeypatch)
    ps = random_positions(300, seed=21, tricks_left=(1, 3)) + [parse_position(h.KEEP_THE_ACE),
                                                               parse_position(h.KEEP_THE_ACE_DONE)]
    for points in (2, 4):
        got = api.solve_positions(ps, points)
        assert [(s.value, s.cards) for s in got] == [solve_slow(p, points) for p in ps]
    assert api.solve(ps[-2]).cards == {parse_card("9C"): 2, parse_card("AH"): 1}
    with pytest.raises(ValueError, match="2 or 4"):
        api.solve_positions(ps, 3)
