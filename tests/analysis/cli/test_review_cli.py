"""``euchre-sim review``: the web's Review answer at the terminal, from the same function
(``analysis.questions.review``): the JSON the command prints is the API's answer, hand for hand; the
text has one line a decision, with the solver's values on the cards; bad hands get their line
and exit 1; PTN records are reviewed as well."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.commands import assert_one_line_error, run

pytestmark = pytest.mark.compile

ROOT = Path(__file__).resolve().parents[3]
MARCH = ROOT / "examples" / "graded-march.jsonl"


def test_the_json_is_the_review_pages_answer():
    from analysis.web.answers import review_text

    r = run("review", MARCH, "--worlds", 16, "--json")
    assert r.exit_code == 0, r.output
    answer = json.loads(r.stdout)
    assert answer == review_text(MARCH.read_text(), worlds=16)
    (got,) = answer["hands"]
    assert len(got["steps"]) == 22 and got["result"]["points"] == [1, 0]


def test_the_text_has_a_line_a_decision_and_the_solvers_values():
    r = run("review", MARCH, "--worlds", 16)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("hand 1: dealer seat 3, upcard TH; seat 0 made H")
    steps = lines[1:23]
    assert len(steps) == 22 and steps[0].split()[:5] == ["1", "seat", "0", "round", "1"]
    assert all(s.split()[0].isdigit() for s in steps) and not lines[23].split()[0].isdigit()
    plays = [s for s in steps if "trick" in s]
    assert len(plays) == 20 and all("solver" in s for s in plays)
    assert sum("(! best" in s for s in plays) >= 1     # the trump on partner's ace (9H)


def test_bad_hands_get_their_line_and_exit_1(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text(MARCH.read_text().strip() + "\n{oops\n")
    r = run("review", path, "--worlds", 8)
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "hand 2: not valid JSON" in r.stderr and r.stdout.startswith("hand 1:")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    assert_one_line_error(run("review", empty), "no hands", code=1)


def test_a_ptn_record_is_reviewed():
    r = run("review", ROOT / "examples" / "trickster.ptn", "--worlds", 8)
    assert "Traceback" not in r.output
    assert r.stdout.startswith("PTN seats:") and "hand 1:" in r.stdout


def test_the_text_marks_the_best_and_gives_each_seat_an_accuracy():
    r = run("review", MARCH, "--worlds", 16)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    trumped = lines[17]                                    # decision 17: 9H on partner's ace
    assert "play 9H" in trumped and "best play 9S" in trumped and "%" in trumped
    assert "= best" in lines[3]                            # decision 3: JH, as good as any
    text = r.stdout
    assert "accuracy on lichess's curve" in text and "read at 0-0" in text
    assert any(x.strip().startswith("seat 0") and "gave up" in x for x in lines[23:])


def test_show_how_and_duplicate_at_the_terminal():
    r = run("review", MARCH, "--worlds", 16, "--show-how", 17, "--duplicate", 0)
    assert r.exit_code == 0, r.output
    text = r.stdout
    assert "show me how, from step 17 (seat 0): play 9S (the best, as the review grades it)" \
        in text and ", instead of play 9H, then tuned at every seat" in text
    assert "what happened" in text and "with play 9S, then tuned" in text
    assert "tricks 5-0; points: team 0 2, team 1 0" in text
    assert "duplicate, seat 0" in text and "pimc:worlds=16,bid_worlds=8" in text
    j = run("review", MARCH, "--worlds", 16, "--show-how", 17, "--duplicate", 0, "--json")
    (answer,) = json.loads(j.stdout)["hands"]
    assert answer["show_how"]["choice"] == {"action": "play", "card": "9S"}
    assert len(answer["duplicate"]["rows"]) == 4
    far = run("review", MARCH, "--worlds", 16, "--show-how", 40)
    assert "show me how: step: a decision from 1 to 22, not 40" in far.stdout
