"""``euchre-sim equilibrium`` and ``exploit`` on the command line: the play model chosen,
carried in the table and used by default to exploit it."""

from __future__ import annotations

import json

from click.testing import CliRunner

import sim.equilibrium
from analysis.cli import main
from analysis.cli.equilibrium import PLAY_MODELS


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_command_line_offers_the_engines_play_models():
    assert PLAY_MODELS == sim.equilibrium.PLAY_MODELS


def test_a_perfect_play_table_is_exploited_under_perfect_play(tmp_path):
    out = tmp_path / "perfect.npz"
    r = run("equilibrium", "--play", "perfect", "--iterations", 1_000, "--batch", 500,
            "--seed", 3, "--out", out, "--json", "--silent")
    assert r.exit_code == 0, r.output
    facts = json.loads(r.output)
    assert facts["play"] == "perfect" and facts["iterations"] == 1_000
    r = run("exploit", out, "--samples", 4, "--worlds", 2, "--silent")
    assert r.exit_code == 0, r.output
    assert "card play: perfect" in r.output
    r = run("exploit", out, "--samples", 4, "--worlds", 2, "--json", "--silent")
    rows = [json.loads(line) for line in r.output.splitlines()]
    assert [row["position"] for row in rows] == ["first", "second", "third", "dealer"]
    assert all(row["play"] == "perfect" and row["upper"] >= 0 for row in rows)
    r = run("equilibrium", "--play", "sloppy", "--out", tmp_path / "x.npz")
    assert r.exit_code == 2 and "sloppy" in r.output
    assert not (tmp_path / "x.npz").exists()


def test_exploit_refuses_too_few_samples_or_worlds():
    for opt in ("--samples", "--worlds"):
        r = run("exploit", "tuned", opt, 1)
        assert r.exit_code == 2 and f"{opt} must be at least 2" in r.output, r.output
