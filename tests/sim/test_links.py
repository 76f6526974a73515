"""Hand codes (``sim.links``) and ``euchre-sim link``: 1,000 kernel hands round trip exactly,
codes stay short, and a damaged code is refused with a message or reads as another legal hand."""

from __future__ import annotations

import json
import statistics

import pytest

from sim import trace
from sim.links import ALPHABET, canonical_record, hand_code, read_hand_code
from sim.records import parse_record, record_to_json
from sim.referee import play_record
from sim.rules import Rules
from tests.commands import assert_one_line_error, run

HOUSE = Rules(stick_the_dealer=True, defend_alone=True, farmers_hand=True)
# published: 13-18 characters measured (mean 15.5); house rules carry a rules digit: 17-22
PUBLISHED_MAX, HOUSE_MAX = 20, 24


@pytest.fixture(scope="module")
def hands():
    published = [r for seed in (1, 2) for r in trace(seed, range(300))]
    house = [{**r, "rules": HOUSE.changes()} for r in trace(3, range(400), HOUSE)]
    return published, house


def _canonical(r):
    return record_to_json(parse_record(r))


def test_a_thousand_hands_round_trip_and_stay_short(hands):
    published, house = hands
    assert len(published) + len(house) == 1000
    for group, bound in ((published, PUBLISHED_MAX), (house, HOUSE_MAX)):
        lengths = []
        for r in group:
            code = hand_code(r)
            assert set(code) <= set(ALPHABET)
            assert read_hand_code(code) == _canonical(r)
            lengths.append(len(code))
        assert max(lengths) <= bound, (statistics.mean(lengths), max(lengths))
    assert sum("farmer" in r for r in house) >= 1   # farmer's swaps are among them


def test_rules_and_scores_travel_and_hands_come_back_sorted(hands):
    r = dict(hands[0][0])
    r["rules"] = {"game_to": 5, "dealer_may_discard_upcard": True}
    r["scores"] = [4, 3]
    r["hands"] = [list(reversed(h)) for h in r["hands"]]
    back = read_hand_code(hand_code(r))
    assert back["rules"] == {"dealer_may_discard_upcard": True, "game_to": 5}
    assert back["scores"] == [4, 3]
    assert back["hands"] == hands[0][0]["hands"]   # card order again
    assert back == canonical_record(r) == canonical_record(back)
    assert [sorted(h) for h in back["hands"]] == [sorted(h) for h in r["hands"]]


def test_records_a_code_cannot_carry_are_refused(hands):
    r = hands[0][0]
    with pytest.raises(ValueError, match="note"):
        hand_code({**r, "note": "hi"})
    with pytest.raises(ValueError, match="play 1"):
        hand_code({**r, "plays": r["plays"][1:]})


def test_a_damaged_code_is_refused_or_reads_as_another_legal_hand(hands):
    codes = [hand_code(r) for r in hands[0][:40]]
    for code in codes:
        for i in range(len(code)):   # any one character changed: always refused
            for ch in "0aZ":
                if ch != code[i]:
                    with pytest.raises(ValueError, match="version|damaged"):
                        read_hand_code(code[:i] + ch + code[i + 1:])
        # cut short: refused, or (the check matching by chance, 1 in 62) another legal hand
        for cut in range(len(code) - 1, 0, -1):
            try:
                back = read_hand_code(code[:cut])
            except ValueError as e:
                assert "Traceback" not in str(e)
                assert any(w in str(e) for w in ("too short", "damaged", "not a legal hand"))
            else:
                play_record(back)
                assert hand_code(back) == code[:cut]
    for bad, words in (("", "too short"), ("1a", "too short"), ("1ab-c", "wrong characters"),
                       ("9" + codes[0][1:], "version")):
        with pytest.raises(ValueError, match=words):
            read_hand_code(bad)


def test_the_command_as_its_help_shows(hands, tmp_path):
    r = hands[0][42]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(r) + "\n" + json.dumps(hands[0][7]) + "\n")
    out = run("link", path)
    assert out.exit_code == 0, out.output
    codes = out.output.split()
    assert codes == [hand_code(r), hand_code(hands[0][7])]
    urls = run("link", path, "--url", "http://127.0.0.1:8123/").output.split()
    assert urls == [f"http://127.0.0.1:8123/review?h={c}" for c in codes]
    assert run("link", path, "--url").output.split()[0] == \
        f"http://127.0.0.1:8000/review?h={codes[0]}"
    read = run("link", "--read", codes[0])
    assert read.exit_code == 0 and json.loads(read.output) == _canonical(r)
    replayed = run("replay", "-", input=read.output)
    assert replayed.exit_code == 0 and '"error"' not in replayed.output
    assert run("link", "-", input=read.output).output.strip() == codes[0]
    assert "euchre-sim link --read" in run("link", "--help").output
    assert_one_line_error(run("link", "--read", "2" + codes[0][1:]), "version")
    assert_one_line_error(run("link", "--read", codes[0][:-1] + "!"), "characters")
    assert_one_line_error(run("link"), "FILE")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**r, "plays": r["plays"][:3]}) + "\n")
    assert_one_line_error(run("link", bad), "hand 1")


def test_the_command_leaves_a_records_note_out_and_says_so():
    """The shipped example carries a note: the command links the hand without it (said on
    stderr), and the code reads back to the same hand, note aside."""
    from pathlib import Path

    march = Path(__file__).resolve().parents[2] / "examples" / "graded-march.jsonl"
    r = run("link", march)
    assert r.exit_code == 0, r.output
    assert "its note is left out" in r.stderr
    (code,) = r.stdout.split()
    back = read_hand_code(code)
    want = {k: v for k, v in json.loads(march.read_text()).items() if k != "note"}
    assert canonical_record(back) == canonical_record(want)
