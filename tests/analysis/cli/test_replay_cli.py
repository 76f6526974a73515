"""``euchre-sim replay`` through click's CliRunner: output lines, summary, errors, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main
from tests.commands import assert_one_line_error

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "hands.jsonl"
# The first four example hands are the rules text's worked example (checked in test_referee).
WORKED = [json.loads(x) for x in EXAMPLES.read_text(encoding="utf-8").splitlines()[:4]]
WORKED_1, WORKED_2 = WORKED[0], WORKED[1]
# WORKED_1 with East trumping the AC lead with QH at trick 2 although he holds KC 9C.
RENEGE = dict(
    WORKED_1,
    plays=[[int(p[0]), p[2:]] for p in (
        "0:JH 1:TH 2:9D 3:9H  0:AC 1:QH 2:TS 3:TD  1:9C 2:QS 3:QD 0:9S  "
        "1:KC 2:KS 3:KD 0:KH  0:AH 1:JD 2:AS 3:AD"
    ).split()],
)  # fmt: skip


def run(args, stdin=None):
    return CliRunner().invoke(main, ["replay", *args], input=stdin)


def lines_of(*records) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)


def test_help_has_an_example():
    result = run(["--help"])
    assert result.exit_code == 0
    assert "  Example:\n      euchre-sim replay examples/hands.jsonl\n" in result.output
    for option in ("--rules SPEC", "--reneges", "--summary", "--json"):
        assert option in result.output


def test_examples_file_replays_cleanly():
    result = run([str(EXAMPLES)])
    assert result.exit_code == 0, result.output
    out = [json.loads(x) for x in result.stdout.splitlines()]
    assert [o["hand"] for o in out] == list(range(1, len(out) + 1))
    assert [o["points"] for o in out[:4]] == [[1, 0], [0, 4], [0, 2], [0, 2]]
    assert all("error" not in o for o in out)
    assert result.stderr == ""


def test_summary_of_the_worked_example():
    result = run(["-", "--summary"], lines_of(*WORKED))
    assert result.exit_code == 0
    assert result.stdout == (
        "hands           4\n"
        "legal           4\n"
        "reneges         0\n"
        "errors          0\n"
        "passed out      0\n"
        "points, team 0  1\n"
        "points, team 1  8\n"
    )
    result = run(["-", "--summary", "--json"], lines_of(*WORKED))
    assert json.loads(result.stdout) == {
        "hands": 4, "legal": 4, "reneges": 0, "errors": 0, "passed_out": 0, "points": [1, 8],
    }  # fmt: skip


def test_every_bad_line_is_reported_and_exit_is_1():
    dup = json.loads(json.dumps(WORKED_1))
    dup["hands"][2][4] = "JH"
    four = json.loads(json.dumps(WORKED_1))
    four["hands"][1] = four["hands"][1][:4]
    badcard = json.loads(json.dumps(WORKED_1))
    badcard["hands"][0][3] = "1X"
    out_of_turn_bid = dict(WORKED_2, bids=[{"seat": 1, "action": "pass"},
                                           {"seat": 3, "action": "pass"}])  # fmt: skip
    not_held = dict(WORKED_1, plays=[[0, "QS"]] + WORKED_1["plays"][1:])
    out_of_turn_play = dict(WORKED_1, plays=[[1, "TH"]] + WORKED_1["plays"][1:])
    stdin = lines_of(
        WORKED_1, dup, four, badcard, "", out_of_turn_bid, not_held, "{not json", out_of_turn_play,
        WORKED_2,
    )  # fmt: skip
    result = run(["-"], stdin)
    assert result.exit_code == 1
    out = {o["hand"]: o for o in map(json.loads, result.stdout.splitlines())}
    assert sorted(out) == [1, 2, 3, 4, 6, 7, 8, 9, 10]  # line 5 is blank
    assert "error" not in out[1] and "error" not in out[10]
    errors = {n: o["error"] for n, o in out.items() if "error" in o}
    assert errors[2] == "hands[2]: duplicate card JH (also in hands[0])"
    assert errors[3] == "hands[1]: 4 cards; a hand has 5"
    assert errors[4].startswith("hands[0][3]: unknown card '1X'")
    assert errors[6] == "bid 2: seat 3 bid out of turn (seat 2 is next)"
    assert errors[7] == "play 1: seat 0 does not hold QS"
    assert errors[8].startswith("line 8: not valid JSON: ")
    assert out[8] == {"hand": 8, "error": errors[8]}
    assert errors[9] == "play 1: seat 1 played out of turn (seat 0 is next)"
    assert result.stderr.splitlines() == [f"hand {n}: {e}" for n, e in sorted(errors.items())]
    summary = run(["-", "--summary", "--json"], stdin)
    assert summary.exit_code == 1
    assert json.loads(summary.stdout) == {
        "hands": 9, "legal": 2, "reneges": 0, "errors": 7, "passed_out": 0, "points": [1, 4],
    }  # fmt: skip
    assert len(summary.stderr.splitlines()) == 7


def test_rules_option_and_per_hand_override():
    passed = dict(WORKED_2, bids=[{"seat": s, "action": "pass"} for s in (1, 2, 3, 0) * 2],
                  plays=[])  # fmt: skip
    assert run(["-"], lines_of(passed)).exit_code == 0
    result = run(["-", "--rules", "stick-the-dealer"], lines_of(passed))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"].startswith("bid 8: the dealer (seat 0) may not pass")
    result = run(["-", "--rules", "stick_the_dealer=false"], lines_of(passed))
    assert result.exit_code == 0


def test_bad_rules_spec_is_one_clear_line():
    result = run(["-", "--rules", "bogus"], "")
    assert result.exit_code == 2
    assert "Invalid value for '--rules': unknown rule 'bogus'" in result.output
    assert "Traceback" not in result.output


def test_missing_file():
    result = run(["no/such/file.jsonl"])
    assert result.exit_code == 2
    assert "does not exist" in result.output or "No such file" in result.output
    assert "Traceback" not in result.output


def test_reneges_flag():
    strict = run(["-"], lines_of(RENEGE))
    assert strict.exit_code == 1
    lenient = run(["-", "--reneges"], lines_of(RENEGE))
    assert lenient.exit_code == 0
    out = json.loads(lenient.stdout)
    assert out["renege"] == {"seat": 1, "trick": 2, "penalty": 2} and out["points"] == [2, 0]
    summary = run(["-", "--reneges", "--summary", "--json"], lines_of(RENEGE, WORKED_1))
    assert json.loads(summary.stdout) == {
        "hands": 2, "legal": 1, "reneges": 1, "errors": 0, "passed_out": 0, "points": [3, 0],
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "\ufeff" + json.dumps(WORKED_1), "null", "1e999", '"JH"', "\x00\x01"],
)
def test_odd_input_never_tracebacks(text):
    result = run(["-"], text + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    out = json.loads(result.stdout)
    assert out["hand"] == 1


def test_invalid_utf8_file(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"dealer": 0, "hands": "\xff\xfe"}\n')
    result = run([str(path)])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"].startswith("hands: must be a list")


# ---------------------------------------------------------------------------------------------
# a file of no hands


def test_replay_of_no_hands_fails(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n \n")
    for extra in ([], ["--summary"]):
        r = run([str(empty), *extra])
        assert_one_line_error(r, "no hands")

