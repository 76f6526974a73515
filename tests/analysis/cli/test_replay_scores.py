"""``replay`` accepts the ``"scores"`` that ``grade`` reads (the game score before the hand):
checked, kept in the record, and refused with its field named when it is no score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main
from sim.records import RecordError, parse_record, record_to_json
from sim.referee import replay_record

MARCH = Path(__file__).resolve().parents[3] / "examples" / "graded-march.jsonl"
LINE = json.loads(MARCH.read_text())


def test_replay_scores_a_hand_with_its_game_score():
    plain = replay_record(LINE)
    scored = replay_record({**LINE, "scores": [8, 9]})
    assert "error" not in scored and scored == plain
    r = CliRunner().invoke(main, ["replay", "-"], input=json.dumps({**LINE, "scores": [8, 9]}))
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["points"] == plain["points"]


def test_the_score_is_kept_in_the_record():
    rec = parse_record({**LINE, "scores": [3, 0]})
    assert rec.scores == (3, 0) and record_to_json(rec)["scores"] == [3, 0]
    assert "scores" not in record_to_json(parse_record(LINE))


@pytest.mark.parametrize("scores, words", [
    ([8], "scores: the game score before the hand, [team 0, team 1]"),
    ([8, True], "two whole numbers from 0"),
    ([-1, 2], "two whole numbers from 0"),
    ("8-9", "not \"8-9\""),
])
def test_no_score_is_refused_by_its_field(scores, words):
    with pytest.raises(RecordError, match="^scores: ") as e:
        parse_record({**LINE, "scores": scores})
    assert words in str(e.value)


def test_a_score_past_the_game_is_refused_for_the_rules():
    assert replay_record({**LINE, "scores": [9, 9]}).get("error") is None
    err = replay_record({**LINE, "scores": [10, 2]})["error"]
    assert err.startswith("scores: ") and "from 0 to 9 (game to 10)" in err
    seven = replay_record({**LINE, "scores": [6, 6], "rules": {"game_to": 7}})
    assert seven.get("error") is None
