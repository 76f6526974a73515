"""PTN records (Trickster Cards' text) through the commands: ``replay`` and ``grade`` tell them
from JSON lines by their content, answer each refused or damaged record with its one line and
exit 1, grade an unfinished hand as far as it goes; ``show --ptn`` writes a hand that reads
back to the record ``show --json`` prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sim.run.sizes
from sim import read_ptn
from sim.records import parse_record
from tests.commands import run

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ptn"


def test_replay_reads_ptn_and_counts_the_unfinished_hands():
    r = run("replay", FIXTURES / "made-up-hands.ptn", "--summary", "--json")
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert (s["hands"], s["legal"], s["errors"], s["passed_out"], s["unfinished"]) == (
        9, 9, 0, 1, 1)
    lines = [json.loads(x) for x in run("replay", FIXTURES / "made-up-hands.ptn").stdout
             .splitlines()]
    assert lines[8]["unfinished"] == "trick 3: S to play"
    assert "call for best" in lines[1]["notes"][0]


def test_replay_answers_each_refused_record_with_its_rule_and_exits_1():
    r = run("replay", FIXTURES / "made-up-refused.ptn")
    assert r.exit_code == 1 and "Traceback" not in r.output
    err = r.stderr.splitlines()
    assert len(err) == 7 and all(x.startswith(f"hand {k}: line ") for k, x in enumerate(err, 1))
    assert "refused: Contract (line 12): NT: no trump" in err[0]
    assert [json.loads(x)["hand"] for x in r.stdout.splitlines()] == list(range(1, 8))


def test_ptn_from_standard_input_is_told_by_its_content():
    text = (FIXTURES / "made-up-damaged.ptn").read_text(encoding="utf-8")
    r = run("replay", "-", "--summary", "--json", input=text)
    assert r.exit_code == 1
    assert json.loads(r.stdout)["errors"] == 12
    assert "hand 1: line 5: Deal/Undealt: QC twice (S and E)" in r.stderr


def test_grade_of_a_file_with_no_gradable_hand_gives_each_line_and_no_warm_up(monkeypatch):
    def started(*a, **k):
        raise AssertionError("a warm-up started on a file with no hand to grade")

    monkeypatch.setattr(sim.run.sizes, "warm_rate", started)
    r = run("grade", FIXTURES / "trickster-313-under.ptn")
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.stderr.splitlines() == [
        "hand 1: line 6: refused: CardsAdded (line 17): E went under holding AS: going under "
        "with three 9s and 10s (goUnder); our farmer's hand is five 9s and 10s"]
    assert r.stdout == ""


@pytest.mark.compile
def test_grade_grades_an_unfinished_trickster_hand_as_far_as_it_goes():
    r = run("grade", FIXTURES / "trickster-282-second-chair.ptn", "--worlds", "4", "--json")
    assert r.exit_code == 0, r.output
    hand = json.loads(r.stdout.splitlines()[0])
    assert hand["unfinished"] == "the dealer (S) to discard"
    assert "call for best (callForBest)" in hand["notes"][0]
    assert [(d["seat"], d["action"]["action"]) for d in hand["decisions"]] == [
        (1, "pass"), (2, "order_up")]


@pytest.mark.compile
def test_show_ptn_reads_back_to_the_record_show_json_prints():
    for rules in ("published", "house"):
        as_json = run("show", "--seed", "5", "--hand", "3", "--rules", rules, "--json")
        as_ptn = run("show", "--seed", "5", "--hand", "3", "--rules", rules, "--ptn")
        assert as_json.exit_code == as_ptn.exit_code == 0
        hand, = read_ptn(as_ptn.stdout)
        want = json.loads(as_json.stdout)
        assert hand.record.note == "euchre-sim: " + want.pop("note")
        got = parse_record({k: v for k, v in want.items()})
        assert hand.record.hands == got.hands and hand.record.plays == got.plays
        assert hand.record.bids == got.bids and hand.record.kitty == got.kitty
        assert run("replay", "-", input=as_ptn.stdout).exit_code == 0


def test_grade_of_a_damaged_ptn_file_is_its_line(tmp_path, monkeypatch):
    monkeypatch.setattr(sim.run.sizes, "warm_rate", lambda *a, **k: 1 / 0)
    path = tmp_path / "hand.ptn"
    path.write_text('[Event "Trickster"]\n[Dealer "W"]\n[Deal "W:KJ.AQJ.AQ. K.QJ.J.AKJ"]\n'
                    '[Play "W"]\n')
    r = run("grade", path)
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.stderr == ("hand 1: line 1: refused: Deal (line 3): 2 hands: a game of 2 players, "
                        "which we do not play\n")


def test_the_shipped_ptn_example_replays():
    from analysis.examples import FOLDER

    r = run("replay", FOLDER / "trickster.ptn", "--summary", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["unfinished"] == 1 and json.loads(r.stdout)["legal"] == 2


@pytest.mark.compile
def test_every_fixture_our_rules_play_is_graded_and_the_others_refused():
    """Each record of every fixture file: graded (a few worlds), or its one line; the one hand
    graded nowhere is the farmer's hand, which grading does not support (``grade_record``)."""
    graded = refused = damaged = 0
    for path in sorted(FIXTURES.glob("*.ptn")):
        hands = read_ptn(path.read_text(encoding="utf-8"))
        r = run("grade", path, "--worlds", "4", "--json", "--silent")
        assert "Traceback" not in r.output
        answers = {json.loads(x).get("hand"): json.loads(x) for x in r.stdout.splitlines()}
        for h in hands:
            if h.record is None:
                refused += h.refused is not None
                damaged += h.error is not None
                assert f"hand {h.number}: {h.problem}" in r.stderr.splitlines()
            elif h.record.farmer is not None:
                assert answers[h.number]["error"] == (
                    "rules: grading does not support the farmer's hand house rule")
            else:
                graded += 1
                assert answers[h.number]["decisions"], (path.name, h.number)
    assert (graded, refused, damaged) == (9, 11, 12)
