"""``advise``: making, march and euchred are of the hands an option makes trump, so for a pass
they are not applicable: "—" in the text, null in the JSON, and said so."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from analysis.advise import advise_hand
from analysis.cli import main

pytestmark = pytest.mark.compile

ARGS = ["JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--deals", "400",
        "--silent"]


def test_a_pass_has_no_making_march_or_euchred():
    df = advise_hand("JS AS 9H 9D TC", "9S", "first", deals=400, seed=1).set_index("option")
    for col in ("making", "making_low", "march", "march_high", "euchred", "euchred_low"):
        assert math.isnan(df.loc["pass", col]), col
        assert not math.isnan(df.loc["order up", col]), col


def test_the_text_shows_a_dash_and_says_why():
    r = CliRunner().invoke(main, ["advise", *ARGS])
    assert r.exit_code == 0, r.output
    row = next(x for x in r.output.splitlines() if x.startswith("pass "))
    assert row.split()[-3:] == ["\u2014"] * 3 and "nan" not in r.output
    assert "not applicable to pass" in r.output


def test_the_json_gives_null_and_says_why():
    r = CliRunner().invoke(main, ["advise", *ARGS, "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    p = next(o for o in out["options"] if o["option"] == "pass")
    assert p["making"] is None and p["march"] is None and p["euchred_high"] is None
    assert "null for pass" in out["not_applicable"]
