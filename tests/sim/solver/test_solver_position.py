"""Positions: every bad input gets a PositionError naming the problem; the canonical JSON form;
and ``euchre-sim solve`` through click's CliRunner (good and bad lines, stdin, exit status)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main
from sim.cards import mask_of, parse_card
from sim.solver import Position, PositionError, parse_position, position_to_json, replay_played
from tests.sim.solver import solver_helpers as h

pytestmark = pytest.mark.compile

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "positions.jsonl"
DEAL = h.KEEP_THE_ACE_DEAL  # maker seat 3 (partner 1), leader 0, hearts trump


def changed(**changes):
    return {**DEAL, **changes}


def hands_with(seat, cards):
    hands = [list(x) for x in DEAL["hands"]]
    hands[seat] = cards
    return hands


def without(key):
    return {k: v for k, v in DEAL.items() if k != key}


BAD = [
    ([DEAL], "must be a JSON object"),
    (without("leader"), "missing key leader"),
    (changed(dealer=3), "unknown key 'dealer'"),
    (changed(hands=DEAL["hands"][:3]), "hands must be a list of four lists"),
    (changed(hands="JH AH"), "hands must be a list of four lists"),
    (changed(hands=hands_with(1, ["AD", "KC", "AC", "AS"])), "seat 1 holds 4 cards"),
    (changed(hands=hands_with(1, ["AD", "KC", "AC", "AS"]), alone=True),
     "seat 1 sits out (his partner, seat 3, is the lone maker) and holds 4 cards"),
    (changed(hands=hands_with(1, ["AD", "KC", "AC", "AS", "AD"])), "duplicate card AD"),
    (changed(hands=hands_with(1, ["AD", "KC", "AC", "AS", "QD"])),
     "duplicate card QD (seats 0 and 1)"),
    (changed(hands=hands_with(1, ["AD", "KC", "AC", "AS", "ZZ"])),
     "seat 1: unknown card 'ZZ'"),
    (changed(hands=hands_with(1, ["AD", "KC", "AC", "AS", 7])), "a card must be text"),
    (changed(trump="X"), "trump: unknown suit 'X'"),
    (changed(trump=2), "trump must be a suit"),
    (changed(maker=4), "maker must be a seat 0-3, not 4"),
    (changed(maker="3"), "maker must be a seat 0-3, not '3'"),
    (changed(maker=True), "maker must be a seat 0-3, not True"),
    (changed(leader=-1), "leader must be a seat 0-3"),
    (changed(alone="yes"), "alone must be true or false"),
    (changed(alone=True, leader=1), "leader: seat 1 sits out (his partner, seat 3, is the lone "
     "maker); the first trick is led by a seat that plays: 0, 2 or 3"),
    (changed(defender_alone=0, leader=2), "leader: seat 2 sits out (his partner, seat 0, "
     "defends alone)"),
    (changed(defender_alone=1), "defender_alone: seat 1 is on the making team (the maker is "
     "seat 3); name a defender, seat 0 or 2"),
    (changed(defender_alone=5), "defender_alone must be a defender's seat 0-3"),
    (changed(played="QD"), "played must be a list of [seat, card] pairs"),
    (changed(played=[[0, "QD", 1]]), "played item 1 must be a [seat, card] pair"),
    (changed(played=[[5, "QD"]]), "played item 1: the seat must be a seat 0-3"),
    (changed(played=[[0, "QX"]]), "played item 1: unknown card 'QX'"),
    (changed(played=[[1, "AD"]]), "played item 1: seat 1 played out of turn (seat 0 is to play"),
    (changed(played=[[0, "AD"]]), "played item 1: seat 0 did not hold AD when play began"),
    (changed(played=[[0, "QD"], [1, "AS"]]),
     "played item 2: seat 1 played AS but must follow diamonds (holds AD)"),
    (changed(played=h.KEEP_THE_ACE_PLAYS[:4] + [[3, "QH"]]),
     "played item 5: QH was already played (played item 4)"),
    (changed(defender_alone=0, played=[[0, "QD"], [1, "AD"], [2, "KD"]]),
     "played item 3: seat 2 sits out (his partner, seat 0, defends alone) and cannot play"),
    (changed(played=[[0, "QD"]] * 21), "played has 21 cards but only 20 are played in this hand"),
    (changed(alone=True, defender_alone=0, hands=hands_with(1, []), played=[[0, "QD"]] * 11),
     "played has 11 cards but only 10 are played in this hand (2 seats play"),
]


@pytest.mark.parametrize(("obj", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_positions_are_named(obj, message):
    with pytest.raises(PositionError) as e:
        parse_position(obj)
    assert message in str(e.value)


def test_a_position_made_in_python_is_checked_too():
    pos = parse_position(DEAL)
    with pytest.raises(PositionError, match="seat 2 holds 4 cards"):
        replay_played(Position(pos.hands[:2] + (pos.hands[2] & (pos.hands[2] - 1),) +
                               pos.hands[3:], 2, 3, False, -1, 0))
    with pytest.raises(PositionError, match="duplicate card"):
        replay_played(Position((pos.hands[0],) * 4, 2, 3, False, -1, 0))


def test_input_spellings_and_the_canonical_form():
    loose = changed(hands=[[c.lower().replace("T", "10").replace("t", "10") for c in hand]
                           for hand in DEAL["hands"]], trump="♥", defender_alone=None,
                    played=[[0, "qd"], [1, "A♦"]])
    pos = parse_position(loose)
    assert pos.hands[0] == mask_of(parse_card(c) for c in DEAL["hands"][0])
    assert pos.defender_alone == -1 and pos.played == ((0, parse_card("QD")), (1, parse_card("AD")))
    out = position_to_json(pos)
    assert out["trump"] == "H" and out["played"] == [[0, "QD"], [1, "AD"]]
    assert out["defender_alone"] is None and sorted(out["hands"][0]) == sorted(DEAL["hands"][0])
    assert parse_position(out) == pos
    assert parse_position(json.loads(json.dumps(out))) == pos


def test_replay_gives_the_state_to_solve_from():
    state = replay_played(parse_position(h.KEEP_THE_ACE))
    assert (state.won, state.lost, state.trick_leader, state.to_move) == (3, 0, 1, 3)
    assert state.table == (parse_card("AS"), parse_card("TD"))
    assert state.hands[3] == mask_of([parse_card("AH"), parse_card("9C")])
    done = replay_played(parse_position(h.KEEP_THE_ACE_DONE))
    assert done.finished and done.hands == (0, 0, 0, 0) and done.table == ()


# ---------------------------------------------------------------------------------------------
# euchre-sim solve


def run(args, stdin=None):
    return CliRunner().invoke(main, ["solve", *args], input=stdin)


def test_the_example_file_solves():
    r = run([str(EXAMPLES)])
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == len(EXAMPLES.read_text().splitlines())
    assert out[0] == {"value": 2, "cards": dict.fromkeys(["9C", "TC", "AC", "9S", "TS"], 2)}
    assert out[2] == {"value": 2, "cards": {"9C": 2, "AH": 1}}
    assert r.stderr == ""


def test_good_and_bad_lines_are_all_answered():
    lines = [json.dumps(h.TOP_FIVE), "{not json", "", json.dumps(changed(maker=9)),
             json.dumps(h.EUCHRE_LONE_DEFENDER), json.dumps(h.KEEP_THE_ACE_DONE)]
    r = run(["-"], "\n".join(lines) + "\n")
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o.get("value") for o in out] == [2, None, None, -4, 2]
    assert out[1]["error"].startswith("line 2: not valid JSON")
    assert out[2] == {"error": "line 4: maker must be a seat 0-3, not 9"}
    assert out[4] == {"value": 2, "cards": {}}
    assert r.stderr.splitlines() == [out[1]["error"], out[2]["error"]]


def test_lone_defender_points_option():
    r = run(["-", "--lone-defender-points", "2", "--threads", "1"],
            json.dumps(h.EUCHRE_LONE_DEFENDER) + "\n")
    assert r.exit_code == 0 and json.loads(r.stdout)["value"] == -2
    assert run(["-", "--lone-defender-points", "3"], "{}\n").exit_code == 2


def test_an_empty_file_is_an_error():
    r = run(["-"], "\n\n")
    assert r.exit_code == 1 and "no positions" in r.output and "Traceback" not in r.output
