"""The review a player learns from (issue 63, item 4): lichess's accuracy curve against values
worked by hand, show-me-how's replay (legal under the referee, starting with the choice asked
for or the best), the duplicate's rows, and the JSON the command line and the API give."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from analysis.questions.review import (
    DUPLICATE_BOTS,
    duplicate,
    game_accuracy,
    move_accuracy,
    review_record,
    show_how,
)

ROOT = Path(__file__).resolve().parents[3]
MARCH = json.loads((ROOT / "examples" / "graded-march.jsonl").read_text().splitlines()[0])


# -- lichess's curve --------------------------------------------------------------------------
# a move's accuracy = 103.1668100711649 * exp(-0.04354415386753951 * d) - 3.166924740191411 + 1,
# d the win percentage given up, clipped to 0..100 (lila's AccuracyPercent.fromWinPercents).
# By hand: d = 10: exp(-0.43544) = 0.64701, 103.16681 * 0.64701 = 66.747, - 2.16692 = 64.580;
# d = 20: exp(-0.87088) = 0.41859, 43.184 - 2.16692 = 41.017;
# d = 50: exp(-2.17721) = 0.11336, 11.695 - 2.16692 = 9.528;
# d = 100: 103.16681 * 0.01285 = 1.326 - 2.16692 < 0, clipped to 0.

@pytest.mark.parametrize("before, after, want", [
    (60, 60, 100.0), (40, 55, 100.0),          # nothing given up (or gained): 100
    (70, 60, 64.580), (50.5, 30.5, 41.017), (80, 30, 9.528), (100, 0, 0.0)])
def test_move_accuracy_is_lichess_curve(before, after, want):
    assert move_accuracy(before, after) == pytest.approx(want, abs=0.01)


def test_a_tiny_give_up_is_just_under_100():
    # d = 0.1: 103.16681 * exp(-0.0043544) = 102.7186, - 2.16692 = 100.55, clipped to 100
    assert move_accuracy(50.1, 50.0) == 100.0
    # d = 1: 103.16681 * 0.95739 = 98.771, - 2.16692 = 96.604
    assert move_accuracy(51, 50) == pytest.approx(96.604, abs=0.01)


def test_game_accuracy_combines_as_lichess_does():
    """Three moves, so windows of 2 over the series 60, 60, 70, 50: standard deviations 0, 5
    and 10, weights 0.5 (the floor), 5 and 10.  Player 0's moves: 100 (weight 0.5) and 41.017
    (weight 10): weighted mean (50 + 410.17) / 10.5 = 43.826, harmonic mean 2 / (1/100 +
    1/41.017) = 58.173, accuracy (43.826 + 58.173) / 2 = 50.999.  Player 1's one move, 64.580,
    is its own mean either way."""
    moves = [(0, 60, 60), (1, 40, 30), (0, 70, 50)]
    got = game_accuracy(moves, [60, 60, 70, 50])
    assert got[0] == pytest.approx(50.999, abs=0.01)
    assert got[1] == pytest.approx(64.580, abs=0.01)


def test_game_accuracy_counts_a_zero_move_as_one_in_the_harmonic_mean():
    # one move of 0 accuracy (d = 100) and one of 100, equal weights 0.5 (series flat at 50...)
    got = game_accuracy([(0, 100, 0), (0, 50, 50)], [50, 50, 50])
    # weighted (0 + 100) / 2 = 50; harmonic 2 / (1/1 + 1/100) = 1.980; mean 25.990
    assert got[0] == pytest.approx(25.990, abs=0.01)


def test_game_accuracy_wants_one_more_value_than_moves():
    with pytest.raises(ValueError, match="not 3"):
        game_accuracy([(0, 60, 60), (1, 40, 30)], [60, 60, 70, 50])
    assert game_accuracy([], [50]) == {}


# -- the review's answer ----------------------------------------------------------------------

@pytest.mark.compile
def test_the_review_marks_the_best_and_gives_each_seat_an_accuracy():
    r = review_record(MARCH, None, 64, 0)
    wc = r["win_chance"]
    assert wc["assumed"] and wc["score"] == [0, 0] and "shipped match-equity" in wc["source"]
    assert 0 < wc["start"] < 1 and wc["end"] > wc["start"]        # team 0 scored 1 point
    rows = {x["seat"]: x for x in r["accuracy"]}
    assert set(rows) == {0, 1, 2, 3}
    assert rows[0]["decisions"] >= 4 and 0 < rows[0]["accuracy"] < 100  # the 9H blunder
    assert rows[0]["points_lost"] >= 0.5
    trumped = r["steps"][16]                                       # 17: seat 0 plays 9H
    assert trumped["text"] == "play 9H" and not trumped["played_best"]
    assert trumped["best"] == {"action": "play", "card": "9S"}
    assert trumped["best_text"] == "play 9S"
    assert trumped["win"]["before"] > trumped["win"]["after"] and trumped["win"]["team"] == 0
    forced = r["steps"][7]                                         # 8: seat 1's only card
    assert forced["grade"]["value"] is None and "best" not in forced and "win" not in forced
    json.dumps(r)


@pytest.mark.compile
def test_a_record_with_a_score_reads_the_chance_at_that_score():
    r = review_record({**MARCH, "scores": [8, 9]}, None, 16, 0)
    assert not r["win_chance"]["assumed"] and r["win_chance"]["score"] == [8, 9]
    assert r["win_chance"]["end"] is not None


# -- show me how ------------------------------------------------------------------------------

def _legal_at(record, number):
    from sim.records import parse_record
    from sim.referee import Hand, NoLoneDefender, play_record

    rec = parse_record(record)
    played = play_record(rec)
    hand = Hand(rec.hands, rec.kitty, rec.dealer, played.rules)
    n, before = 0, []
    for e in played.log:
        if not isinstance(e.action, NoLoneDefender):
            n += 1
            if n == number:
                return hand.legal_actions(), before
        before.append(e.action)
        hand.apply(e.action)
    raise AssertionError(number)


def _replays(record):
    from sim.records import parse_record
    from sim.referee import play_record

    return play_record(parse_record(record))      # raises RecordError for anything illegal


@pytest.mark.compile
def test_show_me_how_starts_with_the_best_and_is_legal():
    how = show_how(MARCH, None, 17, worlds=64)
    assert how["choice"] == {"action": "play", "card": "9S"}       # priced as the review does
    assert how["chosen_by"].startswith("the best")
    shown = how["shown"]["steps"]
    assert shown[0]["number"] == 17 and shown[0]["text"] == "play 9S" and shown[0]["seat"] == 0
    assert how["happened"]["steps"][0]["text"] == "play 9H"
    played = _replays(how["record"])
    assert played.log[-1] is not None
    # decision 17 is the 15th card (after the bid and the discard): the same hand up to there
    assert how["record"]["plays"][:14] == MARCH["plays"][:14]
    assert how["record"]["plays"][14] == [0, "9S"]
    assert how["shown"]["result"]["net"] >= how["happened"]["result"]["net"]


@pytest.mark.compile
def test_show_me_how_from_random_decisions_of_random_hands_is_legal():
    from sim import Rules, Table, trace
    from sim.referee.views import action_to_json

    rng = random.Random(5)
    records = trace(63, range(12), Rules(), Table.teams("tuned"))
    for record in records:
        steps = sum(1 for _ in _decisions(record))
        number = rng.randint(1, steps)
        legal, before = _legal_at(record, number)
        choice = rng.choice(legal)
        how = show_how(record, None, number, action_to_json(choice), seed=rng.randint(0, 99))
        assert "error" not in how, how
        _replays(how["record"])
        assert how["shown"]["steps"][0]["action"] == action_to_json(choice)
        again, _ = _legal_at(how["record"], number)
        assert again == legal                                      # the same table there


def _decisions(record):
    from sim.records import parse_record
    from sim.referee import NoLoneDefender, play_record

    for e in play_record(parse_record(record)).log:
        if not isinstance(e.action, NoLoneDefender):
            yield e


def test_show_me_how_refuses_what_it_cannot_do():
    assert "from 1 to 22" in show_how(MARCH, None, 23)["error"]
    bad = show_how(MARCH, None, 17, {"action": "play", "card": "AS"})
    assert "not legal there" in bad["error"]


# -- duplicate --------------------------------------------------------------------------------

@pytest.mark.compile
def test_duplicate_plays_the_same_deal_with_each_bot_at_the_seat():
    d = duplicate(MARCH, None, 0, seed=1)
    assert [r["player"] for r in d["rows"]] == ["at the table", "tuned", "equilibrium", "pimc"]
    assert [r["spec"] for r in d["rows"][1:]] == list(DUPLICATE_BOTS)
    assert "pimc" in d["note"] and "few worlds" in d["note"]
    for r in d["rows"]:
        assert r["did"] and "net" in r["result"]
        assert r["record"]["hands"] == MARCH["hands"] and r["record"]["dealer"] == 3
        _replays(r["record"])
    assert d["rows"][0]["did"] == ["order up", "play JH", "play JD", "play KD", "play 9H",
                                   "play 9S"]
    assert "seat: 0, 1, 2 or 3" in duplicate(MARCH, None, 4)["error"]


@pytest.mark.compile
def test_rules_without_a_shipped_table_say_so_and_give_no_accuracy():
    from sim import parse_rules

    r = review_record(MARCH, parse_rules("game_to=7"), 16, 0)
    assert "win_chance" not in r and "no shipped match-equity table" in r["win_note"]
    assert all(row["accuracy"] is None for row in r["accuracy"])
    assert r["accuracy"][0]["points_lost"] > 0
    assert all("win" not in s for s in r["steps"])
