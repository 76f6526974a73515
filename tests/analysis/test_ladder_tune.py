"""The strength ladder (round robin, fitted ratings) and the tuner (CMA-ES self-play, resumable),
the ``tuned`` built-in they produced, and the tune command's checks of --out, --name and its
state file."""

from __future__ import annotations

import json
import math
import pickle
import shlex
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from analysis.cli import main
from analysis.headtohead import head_to_head
from analysis.ladder import (
    DEFAULT_LADDER,
    ELO,
    default_ladder,
    elo_ratings,
    points_ratings,
    ratings,
    strength_ladder,
)
from analysis.tune import check_params, parse_pool, tune_strategy
from sim import Rules
from sim.players import BUILTINS, load_strategy
from tests.commands import assert_one_line_error, run

pytestmark = pytest.mark.compile

ROOT = Path(__file__).resolve().parents[2]


def test_two_strategies_rate_as_their_match():
    pairs, rated = strength_ladder(["basic", "aggressive"], hands=3_000, games=300, seed=3, boot=50)
    r = pairs.iloc[0]
    match = head_to_head("basic", "aggressive", 3_000, 3).iloc[0]
    assert r["margin"] == pytest.approx(match["margin"])
    by = rated.set_index("strategy")
    # one pair: the points rating is the margin, the Elo rating the log-odds of the games won
    assert by.loc["basic", "points"] == 0
    assert by.loc["aggressive", "points"] == pytest.approx(-r["margin"])
    odds = r["b_games_won"] / r["a_games_won"]
    assert by.loc["aggressive", "elo"] == pytest.approx(ELO * math.log(odds), abs=0.5)
    assert r["a_games_won"] + r["b_games_won"] == 600
    assert by.loc["aggressive", "games_played"] == 600


def test_ratings_fit_a_consistent_round_robin():
    """Margins that are exact differences of strengths are fitted back exactly, and games won
    in the Bradley-Terry proportions give back those strengths."""
    names = ["basic", "x", "y"]
    strength = {"basic": 0.0, "x": 0.3, "y": -0.5}
    theta = {"basic": 0.0, "x": 0.4, "y": -0.8}
    rows = []
    for a, b in (("basic", "x"), ("basic", "y"), ("x", "y")):
        p = 1 / (1 + math.exp(theta[b] - theta[a]))
        won = round(p * 2_000_000)
        rows.append({"a": a, "b": b, "margin": strength[a] - strength[b], "se": 0.01,
                     "games": 1_000_000, "a_games_won": won, "b_games_won": 2_000_000 - won})
    pairs = pd.DataFrame(rows)
    pts, lo, hi = points_ratings(pairs, names)
    assert np.allclose(pts, [strength[n] for n in names])
    assert np.all(lo <= pts) and np.all(pts <= hi)
    elo, elo_lo, elo_hi = elo_ratings(pairs, names, boot=20)
    assert np.allclose(elo, [ELO * theta[n] for n in names], atol=1.0)
    assert np.all(elo_lo <= elo + 1e-9) and np.all(elo <= elo_hi + 1e-9)
    table = ratings(pairs, names, boot=20)
    assert list(table["strategy"]) == ["x", "basic", "y"]       # strongest first


def test_ladder_ranks_random_last_with_a_clear_interval():
    _, rated = strength_ladder(["random", "basic", "trump-count"], hands=2_000, games=200,
                               seed=5, boot=100)
    last = rated.iloc[-1]
    assert last["strategy"] == "random"
    assert last["points_high"] < -0.5 and last["elo_high"] < -200


def test_the_default_ladder_has_equilibrium_where_its_rules_have_a_table():
    published = default_ladder(Rules())
    assert published[-1] == "pimc" and published[6] == "equilibrium" and len(published) == 13
    assert set(published[7:12]) == {"euchre-universe", "ohio-bps", "trickster", "trump-rule",
                                    "fitted"}
    assert "equilibrium" in default_ladder(Rules(stick_the_dealer=True))
    assert default_ladder(Rules(farmers_hand=True)) == DEFAULT_LADDER[:-1]   # less pimc
    assert "equilibrium" not in DEFAULT_LADDER


def test_a_ladder_under_house_rules_leaves_out_the_players_that_refuse_them():
    """House rules deal the farmer's hand, which pimc does not play: the default ladder leaves
    it out and says why; named, it is one line, not a traceback from the warm-up."""
    from analysis.ladder import left_out
    from sim import parse_rules

    house = parse_rules("house")
    assert "pimc" not in default_ladder(house) and "tuned" in default_ladder(house)
    assert set(left_out(house)) == {"pimc"} and "farmer's hand" in left_out(house)["pimc"]
    assert left_out(Rules()) == {}
    r = CliRunner().invoke(main, ["ladder", "pimc", "tuned", "--rules", "house"])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    assert r.output.startswith("Error: pimc: the pimc player does not play the farmer's hand")


@pytest.mark.parametrize("names, message", [
    (["basic"], "at least two"),
    (["basic", "basic"], "named twice"),
])
def test_ladder_refuses_bad_lineups(names, message):
    with pytest.raises(ValueError, match=message):
        strength_ladder(names, hands=10, games=10)


def test_ladder_command_writes_its_folder(tmp_path):
    out = tmp_path / "lad"
    r = CliRunner().invoke(main, ["ladder", "basic", "random", "--hands", "500", "--games",
                                  "50", "--out", str(out), "--silent"])
    assert r.exit_code == 0, r.output
    assert "basic" in r.output and "random - basic" not in r.output
    for f in ("pairs.csv", "ratings.csv", "ladder.png", "ladder.svg", "manifest.json"):
        assert (out / f).is_file()
    bad = CliRunner().invoke(main, ["ladder", "basic", "nosuch", "--hands", "500"])
    assert bad.exit_code == 1 and "nosuch" in bad.output and "Traceback" not in bad.output


def test_tune_is_reproducible_and_resumes_where_it_stopped(tmp_path):
    kw = dict(params=("order_threshold", "call_threshold", "offsuit_ace"), deals=1_000,
              popsize=4, seed=9)
    straight = tune_strategy(generations=3, **kw)
    state = tmp_path / "s.state"
    first = tune_strategy(generations=1, state=state, **kw)
    assert len(first.history) == 1
    resumed = tune_strategy(generations=3, state=state, resume=True, **kw)
    assert resumed.params == straight.params
    pd.testing.assert_frame_equal(resumed.history, straight.history)
    assert set(straight.params) == set(kw["params"])
    assert straight.strategy.name == "tuned"
    with pytest.raises(ValueError, match="other settings"):
        tune_strategy(generations=3, state=state, resume=True, **{**kw, "deals": 2_000})


@pytest.mark.parametrize("call, message", [
    (lambda: check_params(["order_treshold"]), "unknown parameter"),
    (lambda: check_params(["stop_pulling"]), "switch"),
    (lambda: check_params(["void", "void"]), "once"),
    (lambda: parse_pool(["pimc@x"]), "whole number"),
    (lambda: parse_pool(["basic@1"]), "at least 2"),
    (lambda: parse_pool([]), "empty"),
    (lambda: tune_strategy("random", generations=1), "not a basic-family"),
    (lambda: tune_strategy(generations=0), "at least 1"),
])
def test_tune_refuses_bad_settings(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_tune_command_writes_a_strategy_and_guards_it(tmp_path):
    out = tmp_path / "mine.toml"
    args = ["tune", "--params", "order_threshold,call_threshold", "--deals", "1000",
            "--generations", "2", "--popsize", "4", "--out", str(out), "--silent"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    s = load_strategy(str(out))
    data = tomllib.loads(out.read_text())
    assert s.params["order_threshold"] == data["params"]["order_threshold"]
    assert (tmp_path / "mine.toml.state").is_file()
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 1 and "--resume" in again.output
    more = CliRunner().invoke(main, ["tune", "--params", "order_threshold,call_threshold",
                                     "--deals", "1000", "--generations", "3", "--popsize", "4",
                                     "--out", str(out), "--resume", "--silent"])
    assert more.exit_code == 0, more.output
    bad = CliRunner().invoke(main, ["tune", "--params", "zzz", "--out", str(tmp_path / "b.toml")])
    assert bad.exit_code == 1 and "zzz" in bad.output and "Traceback" not in bad.output
    assert not (tmp_path / "b.toml").exists()


def test_the_tuned_builtin_is_the_committed_result():
    data = tomllib.loads((ROOT / "results" / "tune" / "tuned.toml").read_text())
    assert data["base"] == "basic"
    assert BUILTINS["tuned"].params == {k: float(v) for k, v in data["params"].items()}


# ---------------------------------------------------------------------------------------------
# The tune command: --out and --state checked before the search, the search kept when --out
# cannot be written, built-in names refused, the reproduce line of a resumed search, its state


TUNE = ["tune", "--params", "order_threshold", "--deals", 200, "--popsize", 2, "--silent"]


def test_tune_refuses_an_unwritable_out_before_the_first_generation(tmp_path, monkeypatch):
    import analysis.tune

    def no_search(*args, **kwargs):
        raise AssertionError("the search started")

    monkeypatch.setattr(analysis.tune, "tune_strategy", no_search)
    r = run("tune", "--generations", 1, "--deals", 1000, "--out", "/proc/t13.toml")
    assert_one_line_error(r, "--out /proc/t13.toml", "cannot write there")
    r = run(*TUNE, "--out", tmp_path / "a.toml", "--state", tmp_path / "no" / "such" / "s")
    assert_one_line_error(r, "--state", "cannot write there")
    assert list(tmp_path.iterdir()) == []


def test_tune_keeps_the_search_when_out_cannot_be_written_at_the_end(tmp_path, monkeypatch):
    import importlib

    # the module, not the command of the same name that analysis.cli holds
    cli_tune = importlib.import_module("analysis.cli.tune")

    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli_tune, "write_atomic", full_disk)
    out = tmp_path / "mine.toml"
    r = run(*TUNE, "--generations", 1, "--out", out)
    assert_one_line_error(r, f"--out {out}", "no space left on device", "kept in",
                          "--resume")
    state = json.loads((tmp_path / "mine.toml.state").read_text())
    assert len(state["history"]) == 1
    assert not out.exists()


def test_tune_refuses_a_built_in_name_up_front(tmp_path):
    for name in ("basic", "tuned", "pimc"):
        r = run(*TUNE, "--generations", 1, "--out", tmp_path / "t.toml", "--name", name)
        assert_one_line_error(r, "--name", f"'{name}' belongs to a built-in strategy")
    assert list(tmp_path.iterdir()) == []


def test_a_resumed_tune_records_the_generations_it_ran(tmp_path):
    out = tmp_path / "t.toml"
    r = run(*TUNE, "--generations", 2, "--out", out)
    assert r.exit_code == 0, r.output
    r = run(*TUNE, "--generations", 1, "--out", out, "--resume")
    assert r.exit_code == 0, r.output
    assert "had already run 2 generations" in r.output
    header = [ln for ln in out.read_text().splitlines() if ln.startswith("#")]
    line = header[0].removeprefix("# written by: ")
    assert "--generations 2" in line and header[1].startswith("# 2 generations")
    # the line reproduces the file (but for the time in the header)
    again = tmp_path / "again.toml"
    words = shlex.split(line)[1:]
    words[words.index("--out") + 1] = str(again)
    r = run(*words, "--silent")
    assert r.exit_code == 0, r.output
    assert tomllib.loads(again.read_text()) == tomllib.loads(out.read_text())


def test_tune_state_is_json_and_a_foreign_state_is_refused(tmp_path):
    out = tmp_path / "t.toml"
    r = run(*TUNE, "--generations", 1, "--out", out)
    assert r.exit_code == 0, r.output
    state = tmp_path / "t.toml.state"
    data = json.loads(state.read_text())
    assert data["format"] == "euchre-sim tune state 1" and len(data["told"]) == 1
    # another search's settings
    r = run(*TUNE[:4], 300, *TUNE[5:], "--generations", 2, "--out", out, "--resume")
    assert_one_line_error(r, str(state), "other settings", "deals")
    # a pickle (which could run anything) or another file is not read as a state
    for junk in (pickle.dumps({"config": {}}), b"name = 'x'\n", b'{"format": 1}'):
        state.write_bytes(junk)
        r = run(*TUNE, "--generations", 2, "--out", out, "--resume")
        assert_one_line_error(r, "cannot resume from", "not a tune state file")

