"""``euchre-sim decide`` on views of the wrong shape: a field of the wrong JSON type, or JSON
nested too deeply to read, is one ``Error:`` line naming the field, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main

ROOT = Path(__file__).resolve().parents[3]
VIEW = json.loads((ROOT / "examples" / "view.json").read_text())


def decide(text: str):
    return CliRunner().invoke(main, ["decide", "-"], input=text)


def assert_one_error_line(r, *words):
    assert r.exit_code == 1, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.output
    for w in words:
        assert w in lines[0], r.output


@pytest.mark.parametrize("field, value, words", [
    ("plays", 5, ["plays: a list of [seat, card] pairs, not 5"]),
    ("scores", 5, ["scores: [team 0, team 1]", "not 5"]),
    ("bids", 5, ["bids: a list of bids"]),
    ("rules", 5, ["rules: an object of rule options"]),
    ("plays", [5], ["play 1: a play is [seat, card]"]),
    ("scores", [1], ["scores must be two whole numbers"]),
])
def test_a_field_of_the_wrong_type_is_named(field, value, words):
    assert_one_error_line(decide(json.dumps({**VIEW, field: value})), *words)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"seat": ' + "[" * 100_000 + "]" * 100_000 + "}"])
def test_json_nested_too_deeply_is_one_line(text):
    assert_one_error_line(decide(text), "nested too deeply")
