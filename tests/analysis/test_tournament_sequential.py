"""The tournament's sequential test on the real kernel (``analysis.headtohead.head_to_head_until``
and ``euchre-sim tournament --until-significant``), kept small: a player against itself plays
every deal alike and is called equal; against a near copy (one switch that changes a few deals)
it is not called different; tuned is called better than basic well within a modest cap, from
either side; the deals it reports are ``head_to_head``'s deals; the cap, --json, a run folder
that its recorded line reproduces, bad options, and Ctrl-C."""

from __future__ import annotations

import json
import shlex

import pandas as pd
import pytest

import analysis.headtohead as H
from analysis.headtohead import head_to_head, head_to_head_until
from tests.commands import assert_one_line_error, run

pytestmark = pytest.mark.compile

NEAR_COPY = "tuned:short_lead=1"    # tuned with one switch: a few deals in a hundred differ


@pytest.mark.parametrize("seed", [5, 6])
def test_a_player_against_itself_plays_every_deal_alike_and_is_within_the_bound(seed):
    m = head_to_head_until("tuned", "tuned", 50_000, seed)
    r = m.row().iloc[0]
    assert r["decision"] == "within_bound" and r["stopped"] == "decided"
    assert r["differing"] == 0 and r["share"] == 0 and r["margin"] == 0
    # stops at the first look past 1,197 alike deals (4 points x the share's bound < 0.01)
    assert r["deals"] == 2000 and m.test.alike_deals_enough() == 1197
    assert "all 2,000 deals were played alike" in r["reason"]


def test_a_near_copy_is_not_called_different():
    m = head_to_head_until("tuned", NEAR_COPY, 200_000, 3)
    r = m.row().iloc[0]
    assert r["decision"] == "within_bound", r["reason"]
    assert 0 < r["share"] < 0.2
    assert r["low"] < r["margin"] < r["high"] and r["high"] - r["low"] < 0.02
    assert r["margin"] == pytest.approx(r["share"] * r["margin_differing"], abs=1e-12)


@pytest.mark.parametrize("a,b,decision", [("tuned", "basic", "a_better"),
                                          ("basic", "tuned", "b_better")])
def test_tuned_is_called_better_than_basic_within_a_modest_cap(a, b, decision):
    m = head_to_head_until(a, b, 20_000, 1)
    r = m.row().iloc[0]
    assert r["decision"] == decision and r["stopped"] == "decided", r["reason"]
    assert r["deals"] < 20_000
    assert 0.1 < r["share"] < 0.6
    sign = 1 if decision == "a_better" else -1
    assert sign * r["low"] > 0
    # the deals played are head_to_head's: the same pairing, seats swapped, the same margin
    fixed = head_to_head(a, b, int(r["deals"]), 1)
    pd.testing.assert_frame_equal(m.deals_row(), fixed)
    assert (r["margin"], r["low"], r["high"]) == pytest.approx(
        tuple(fixed.iloc[0][["margin", "low", "high"]]), rel=1e-9)


def test_the_cap_stops_an_undecided_match():
    m = head_to_head_until("tuned", NEAR_COPY, 3000, 1, bound=0.0005)
    r = m.row().iloc[0]
    assert r["stopped"] == "cap" and r["decision"] == "undecided" and r["deals"] == 3000
    assert r["reason"].startswith("reached the cap of 3,000 deals")
    assert list(m.looks_frame()["deals"]) == [1000, 2000, 3000]


def test_the_command_prints_the_decision_share_and_margin():
    r = run("tournament", "tuned", "basic", "--until-significant", "--hands", 20_000, "--silent")
    assert r.exit_code == 0, r.output
    assert "decision: tuned is better, after 2,000 deals" in r.output
    assert "deals that differed: 661 of 2,000, 33.05%" in r.output
    assert "margin (tuned - basic) = share x that: +0.1060 points a hand" in r.output
    assert "games" not in r.output
    j = run("tournament", "tuned", "basic", "--until-significant", "--hands", 20_000, "--json")
    data = json.loads(j.output)
    assert data["sequential"]["decision"] == "a_better" and data["games"] is None
    assert data["sequential"]["deals"] == data["hands"]["deals"] == 2000
    assert [x["deals"] for x in data["looks"]] == [1000, 2000]


def test_a_run_folder_is_written_and_its_line_reproduces_it(tmp_path):
    out = tmp_path / "tour"
    r = run("tournament", "basic", "tuned", "--until-significant", "--bound", "0.02",
            "--hands", 20_000, "--seed", 4, "--out", out, "--silent")
    assert r.exit_code == 0, r.output
    m = json.loads((out / "manifest.json").read_text())
    assert m["until_significant"] == {"bound": 0.02, "alpha": 0.05, "beta": 0.05}
    assert m["decision"] == "b_better" and m["games"] == 0 and m["hands"] == 20_000
    seq = pd.read_csv(out / "tournament_sequential.csv").iloc[0]
    assert seq["deals"] == m["deals_played"]
    again = run(*shlex.split(m["command"])[1:], "--silent")
    assert again.exit_code == 0, again.output
    for name in ("tournament_sequential.csv", "tournament_looks.csv", "tournament_hands.csv"):
        assert (out / name).read_bytes() == (tmp_path / f"tour{'-rerun'}" / name).read_bytes()


@pytest.mark.parametrize("args,words", [
    (["--until-significant", "--bound", "0"], ["--bound", "above 0"]),
    (["--until-significant", "--bound", "nan"], ["--bound"]),
    (["--until-significant", "--alpha", "0.7"], ["--alpha", "between 0 and 0.5"]),
    (["--until-significant", "--beta", "0"], ["--beta"]),
    (["--bound", "0.02"], ["--bound goes with --until-significant"]),
    (["--until-significant", "--games", "100"], ["--games does not go with"]),
])  # fmt: skip
def test_bad_options_are_one_line(args, words):
    assert_one_line_error(run("tournament", "tuned", "basic", *args), *words)


def test_ctrl_c_prints_what_the_finished_batches_showed(monkeypatch, tmp_path):
    calls = []
    play = H.paired_counts

    def interrupted_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return play(*args, **kwargs)

    monkeypatch.setattr(H, "paired_counts", interrupted_third)
    r = run("tournament", "tuned", NEAR_COPY, "--until-significant", "--out", tmp_path / "o",
            "--silent")
    assert r.exit_code == 130, r.output
    assert "interrupted after 2,000 deals" in r.output and "decision: undecided" in r.output
    assert "interrupted: nothing written" in r.output
    assert not (tmp_path / "o").exists()


def test_ctrl_c_before_the_first_batch_ends_is_one_line(monkeypatch, tmp_path):
    """A Ctrl-C in the first batch (a cold start's compile): nothing played, no traceback
    (the deals' row was built from no counts)."""
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(H, "paired_counts", interrupted)
    r = run("tournament", "tuned", "basic", "--until-significant", "--out", tmp_path / "o",
            "--silent")
    assert r.exit_code == 130, r.output
    assert "Traceback" not in r.output and "interrupted after 0 deals" in r.output
    assert not (tmp_path / "o").exists()
