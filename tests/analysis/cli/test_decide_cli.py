"""``euchre-sim decide``: one decision from a view file, priced on request; clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main

pytestmark = pytest.mark.compile

ROOT = Path(__file__).resolve().parents[3]
VIEW = ROOT / "examples" / "view.json"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_decide_prints_the_strategys_action():
    r = run("decide", VIEW, "--strategy", "tuned")
    assert r.exit_code == 0 and "seat 1 (second), round 1:" in r.output


def test_decide_prices_every_legal_action_in_json():
    r = run("decide", VIEW, "--strategy", "basic", "--price", "--worlds", "8", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    kinds = {(o["action"], o.get("alone")) for o in out["options"]}
    assert kinds == {("pass", None), ("order_up", False), ("order_up", True)}
    assert all(o["low"] <= o["value"] <= o["high"] for o in out["options"])
    assert min(o["loss"] for o in out["options"]) == 0


def test_an_outside_bot_decides_too():
    r = run("decide", VIEW, "--strategy", "examples/bot.py:TrumpCounter", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["action"]["action"] in ("pass", "order_up")


def test_a_view_no_seat_could_have_is_one_clear_error(tmp_path):
    view = json.loads(VIEW.read_text())
    view["hands"] = [["JH"]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(view))
    r = run("decide", bad)
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "unknown field 'hands'" in r.output
    view = json.loads(VIEW.read_text())
    view["hand"][0] = "9H"        # the upcard
    bad.write_text(json.dumps(view))
    r = run("decide", bad)
    assert r.exit_code == 1 and "in two places" in r.output


def test_decide_prices_on_worlds_weighed_by_the_bids():
    r = run("decide", VIEW, "--price", "--worlds", "8", "--infer", "bids", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert 1 <= out["effective_worlds"] <= 8 and "weighed by how likely" in out["priced_by"]
    r = run("decide", VIEW, "--price", "--infer", "maybe")
    assert r.exit_code == 1 and r.output.strip() == \
        "Error: --infer: one of rest, bids, bids+play, off, not 'maybe'"
