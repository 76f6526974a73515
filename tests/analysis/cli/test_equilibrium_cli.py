"""``euchre-sim equilibrium`` and ``exploit`` on the command line: the play model chosen,
carried in the table and used by default to exploit it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import sim
import sim.equilibrium
from analysis.cli import main
from analysis.cli.equilibrium import PLAY_MODELS

pytestmark = pytest.mark.compile


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_command_line_offers_the_engines_play_models():
    assert PLAY_MODELS == sim.equilibrium.PLAY_MODELS


def test_a_perfect_play_table_says_so_and_is_exploited_under_its_own_model(tmp_path):
    """(Exploiting under perfect play compiles the exploit loop over again, so the test asks for
    tuned's play explicitly and checks that the table's own model is the default.)"""
    out = tmp_path / "perfect.npz"
    r = run("equilibrium", "--play", "perfect", "--iterations", 1_000, "--batch", 500,
            "--seed", 3, "--out", out, "--json", "--silent")
    assert r.exit_code == 0, r.output
    facts = json.loads(r.output)
    assert facts["play"] == "perfect" and facts["iterations"] == 1_000
    assert sim.bidding_policy(str(out), sim.Rules()).play == "perfect"
    assert sim.bidding_policy("equilibrium", sim.Rules()).play == "tuned"
    r = run("exploit", out, "--play", "tuned", "--samples", 4, "--worlds", 2, "--json",
            "--silent")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.output.splitlines()]
    assert [row["position"] for row in rows] == ["first", "second", "third", "dealer"]
    assert all(row["play"] == "tuned" and row["upper"] >= 0 for row in rows)
    r = run("equilibrium", "--play", "sloppy", "--out", tmp_path / "x.npz")
    assert r.exit_code == 2 and "sloppy" in r.output
    assert not (tmp_path / "x.npz").exists()


def test_exploit_refuses_too_few_samples_or_worlds():
    for opt in ("--samples", "--worlds"):
        r = run("exploit", "tuned", opt, 1)
        assert r.exit_code == 2 and f"{opt} must be at least 2" in r.output, r.output
