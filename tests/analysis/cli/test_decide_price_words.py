"""``decide --price`` says whose values it prints: the pricing tool's face-up values, the same
table whatever the strategy, with the strategy's own choice marked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main

pytestmark = pytest.mark.compile

VIEW = str(Path(__file__).resolve().parents[3] / "examples" / "view.json")


def test_the_prices_say_they_are_not_the_strategys_own():
    tables = {}
    for strategy in ("basic", "aggressive"):
        r = CliRunner().invoke(main, ["decide", VIEW, "--strategy", strategy, "--price"])
        assert r.exit_code == 0, r.output
        text = " ".join(r.output.split())
        assert f"* is {strategy}'s choice" in text
        assert f"not {strategy}'s but the pricing tool's, the same for every strategy" in text
        assert "on 64 worlds consistent with the view" in text and "tuned bids" in text
        tables[strategy] = [x.lstrip("* ") for x in r.output.splitlines()[2:5]]
    assert tables["basic"] == tables["aggressive"]


def test_the_json_names_whose_prices_they_are():
    r = CliRunner().invoke(main, ["decide", VIEW, "--strategy", "basic", "--price", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["priced_by"].startswith("the pricing tool's, the same for every strategy")
