"""Observed bidding rates and paired counterfactuals: exact values on hand-made tallies, small
seeded runs recomputed with plain pandas, pairing of forced runs, and the two commands."""

import json
import math

import click
import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats as sps

from analysis import features as F
from analysis import orderup as O
from analysis.cli.orderup import alone, order_up
from analysis.orderup import win_gain as W
from analysis.stats import mean_interval, paired_difference
from analysis.studies.orderup import ALONE_FILES, ORDERUP_FILES, WIN_GAIN_FILES
from analysis.text import orderup as T
from sim.players import DEFAULT_STRATEGY, get_strategy
from sim.rules import Rules
from sim.run.hands import (
    FORCE_ALONE,
    FORCE_MAKE,
    FORCE_PASS,
    POSITIONS,
    Table,
    force_array,
    simulate,
)

pytestmark = pytest.mark.compile

# ---------------------------------------------------------------------------------------------
# observed rates


@pytest.mark.snapshot
def test_outcome_table_scoring():
    oc = O.outcome_table(Rules(defend_alone=True)).set_index("code")
    assert len(oc) == O.N_OUTCOMES
    assert oc.loc[0, "made"] == 0 and oc.loc[0, "net"] == 0
    code = O.outcome_code([1, 1, 1, 1, 1, 0], [3, 5, 5, 2, 1, 4], [0, 0, 1, 0, 0, 0],
                          [0, 0, 0, 0, 1, 0])  # fmt: skip
    assert list(oc.loc[code, "net"]) == [1, 2, 4, -2, -4, 0]
    assert list(code) == [13, 21, 23, 9, 6, 0]


def test_observed_rates_on_a_hand_made_tally():
    t = O.ObservedTally(hands=9)
    c = F.class_code(3, 1, 1, 0)
    t.by_class[0, 0, c, 0] = 2  # passed
    t.by_class[0, 0, c, 13] = 3  # made 3 tricks: +1
    t.by_class[0, 0, c, 21] = 1  # march: +2
    t.by_class[0, 0, c, 5] = 2  # euchred (1 trick): -2
    t.by_class[0, 0, c, 23] = 1  # alone march: +4
    df = O.observed_rates(t, by="class")
    assert len(df) == 1
    r = df.iloc[0]
    assert (r["position"], r["round"], r["hand_class"]) == ("first", 1, "3T 1A R")
    assert (r["trumps"], r["off_aces"], r["right_bower"], r["left_bower"]) == (3, 1, 1, 0)
    assert (r["decisions"], r["made"], r["success"], r["march"], r["euchred"], r["alone"]) == (
        9, 7, 5, 2, 2, 1,
    )  # fmt: skip
    assert r["made_rate"] == 7 / 9 and r["success_rate"] == 5 / 7
    ci = sps.binomtest(5, 7).proportion_ci(method="wilson")
    assert (r["success_low"], r["success_high"]) == pytest.approx((ci.low, ci.high), abs=1e-12)
    e = mean_interval([1, 2, -2, 4], [3, 1, 2, 1])
    assert r["net_points"] == 5 / 7 == e.value
    assert (r["net_points_low"], r["net_points_high"]) == pytest.approx((e.low, e.high), 1e-12)
    by_trumps = O.observed_rates(t, by="trumps")
    assert len(by_trumps) == 1 and by_trumps["trumps"].iloc[0] == 3
    assert by_trumps["decisions"].iloc[0] == 9


def test_mean_columns_agree_with_stats():
    rng = np.random.default_rng(3)
    values = np.arange(-4, 5)
    counts = rng.integers(0, 50, size=(20, values.size))
    counts[0] = 0
    counts[1] = 0
    counts[1, 6] = 1  # one observation: no interval
    mean, low, high, se = O.mean_columns(values, counts)
    assert math.isnan(mean[0]) and math.isnan(low[1]) and mean[1] == 2
    for i in range(2, 20):
        e = mean_interval(values, counts[i])
        assert mean[i] == e.value
        assert (low[i], high[i], se[i]) == pytest.approx((e.low, e.high, e.se), rel=1e-12)


@pytest.fixture(scope="module")
def seeded():
    rec = simulate(20000, seed=3, records=True).records
    return rec, O.observed_tally(rec)


def plain_decisions(rec: pd.DataFrame) -> pd.DataFrame:
    """Decisions with outcomes, joined in pandas (the features are checked in test_features)."""
    df = F.decision_features(rec)
    r = rec.set_index("hand")
    df["tricks"] = r.loc[df["hand"], "maker_tricks"].to_numpy()
    df["alone_"] = r.loc[df["hand"], "alone"].to_numpy()
    maker = r.loc[df["hand"], "maker"].to_numpy()
    p0 = r.loc[df["hand"], "points0"].to_numpy().astype(int)
    p1 = r.loc[df["hand"], "points1"].to_numpy().astype(int)
    df["net"] = np.where(maker % 2 == 0, p0 - p1, p1 - p0)
    return df


def test_observed_rates_equal_a_pandas_recomputation(seeded):
    rec, tally = seeded
    df = plain_decisions(rec)
    made = df[df["made"] == 1]
    keys = ["position", "round", "hand_class"]
    want = pd.DataFrame(
        {
            "decisions": df.groupby(keys, observed=True).size(),
            "made": df.groupby(keys, observed=True)["made"].sum(),
        }
    )
    mk = made.assign(
        success=made["tricks"] >= 3, march=made["tricks"] == 5, euchred=made["tricks"] < 3
    ).groupby(keys, observed=True)
    for col in ("success", "march", "euchred"):
        want[col] = mk[col].sum()
    want["alone"] = mk["alone_"].sum()
    want["net_points"] = mk["net"].mean()
    want = want.fillna({"success": 0, "march": 0, "euchred": 0, "alone": 0})
    got = O.observed_rates(tally, by="class").set_index(keys)
    got.index = got.index.set_levels(got.index.levels[0].astype(str), level=0)
    want.index = want.index.set_levels(want.index.levels[0].astype(str), level=0)
    got = got.loc[want.index]
    assert len(got) == len(want) == len(O.observed_rates(tally, by="class"))
    for col in ("decisions", "made", "success", "march", "euchred", "alone"):
        assert np.array_equal(got[col].to_numpy(), want[col].to_numpy().astype(int)), col
    assert np.allclose(got["net_points"], want["net_points"], rtol=1e-12, equal_nan=True)
    assert np.array_equal(got["made_rate"], got["made"] / got["decisions"])
    # one interval against the library on the raw sample
    key = ("dealer", 1, "3T 0A R")
    sample = made.set_index(keys).loc[key, "net"].to_numpy()
    e = mean_interval(sample)
    assert (got.loc[key, "net_points_low"], got.loc[key, "net_points_high"]) == pytest.approx(
        (e.low, e.high), rel=1e-12
    )


def test_observed_groupings_add_up(seeded):
    _, tally = seeded
    by_class = O.observed_rates(tally, by="class")
    for by in ("trumps", "trumps_aces", "points", "position"):
        t = O.observed_rates(tally, by=by)
        assert t["decisions"].sum() == by_class["decisions"].sum()
        assert t["made"].sum() == by_class["made"].sum()
    assert set(O.observed_rates(tally, by="points").columns) >= {"points_from", "points_to"}
    pos = O.observed_rates(tally, by="position")
    assert list(pos["position"]) == [p for p in POSITIONS for _ in (1, 2)]
    with pytest.raises(ValueError, match="unknown grouping"):
        O.observed_rates(tally, by="colour")


def test_observe_streams_to_the_same_tally(seeded):
    rec, tally = seeded
    streamed = O.observe(20000, seed=3, batch=4096)
    assert streamed.hands == tally.hands == 20000
    assert np.array_equal(streamed.by_class, tally.by_class)
    assert np.array_equal(streamed.by_points, tally.by_points)
    # every hand reaches the first position in round 1
    assert tally.by_class[0, 0].sum() == 20000


# ---------------------------------------------------------------------------------------------
# counterfactuals


def test_forced_runs_share_deals_and_the_filter_keeps_reached_deals():
    runs = {
        a: simulate(3000, 8, records=True, force=force_array("third", 1, a)).records
        for a in (FORCE_MAKE, FORCE_PASS, FORCE_ALONE)
    }
    base = runs[FORCE_MAKE]
    for a, r in runs.items():
        for col in ("hand0", "hand1", "hand2", "hand3", "upcard", "dealer", "forced"):
            assert np.array_equal(r[col], base[col]), (a, col)
    d = O.paired_deals(runs[FORCE_MAKE], runs[FORCE_PASS], 2)
    forced = base["forced"].to_numpy() == 1
    assert 0 < forced.sum() < 3000
    assert np.array_equal(d["row"], np.flatnonzero(forced))
    # on every kept deal the third seat made trump in the forced-make run, and nobody before
    made = runs[FORCE_MAKE].iloc[d["row"]]
    third = (made["dealer"].to_numpy() + 3) % 4
    assert np.array_equal(made["maker"].to_numpy(), third)
    assert (made["round"] == 1).all() and (made["alone"] == 0).all()
    alone_run = runs[FORCE_ALONE].iloc[d["row"]]
    assert (alone_run["alone"] == 1).all()
    team = third % 2
    p0, p1 = made["points0"].to_numpy(), made["points1"].to_numpy()
    assert np.array_equal(d["net_a"], np.where(team == 0, p0 - p1, p1 - p0))
    other = simulate(3000, 9, records=True, force=force_array("third", 1, FORCE_PASS)).records
    with pytest.raises(ValueError, match="same deals"):
        O.paired_deals(runs[FORCE_MAKE], other, 2)


@pytest.fixture(scope="module")
def paired():
    return O.counterfactual(
        1500, 7, comparisons=(O.ORDER_VS_PASS, O.ALONE_VS_PARTNER),
        positions=["second", "dealer"], batch=4096,
    )  # fmt: skip


def test_counterfactual_keeps_exactly_the_first_reached_deals(paired):
    t = paired["order-pass"]
    assert list(t.deals) == [0, 1500, 0, 1500]
    assert list(paired["alone-partner"].deals) == [0, 1500, 0, 1500]
    assert np.array_equal(paired["alone-partner"].hands, t.hands)
    for p in (1, 3):
        h = int(t.hands[p])
        rec = simulate(h, 7, records=True, force=force_array(p, 1, FORCE_PASS)).records
        assert rec["forced"].sum() == 1500 and rec["forced"].iloc[-1] == 1


def test_counterfactual_tally_equals_a_pandas_recomputation(paired):
    t = paired["order-pass"]
    h = int(t.hands[3])
    runs = {
        a: simulate(h, 7, records=True, force=force_array("dealer", 1, a)).records
        for a in (FORCE_MAKE, FORCE_PASS)
    }
    keep = runs[FORCE_MAKE]["forced"].to_numpy() == 1
    make, pas = runs[FORCE_MAKE][keep], runs[FORCE_PASS][keep]
    seat = make["dealer"].to_numpy()
    hands = F.seat_hands(make)[np.arange(len(make)), seat]
    h5, _ = F.pickup(hands, make["upcard"].to_numpy())
    feats = F.hand_features(h5, make["upcard"].to_numpy() // 6)

    def net(r):
        p0, p1 = r["points0"].to_numpy().astype(int), r["points1"].to_numpy().astype(int)
        return np.where(seat % 2 == 0, p0 - p1, p1 - p0)

    df = pd.DataFrame({"trumps": feats["trumps"], "a": net(make), "b": net(pas)})
    df["gain"] = df["a"] - df["b"]
    want = df.groupby("trumps")["gain"].agg(["size", "mean"])
    got = O.counterfactual_table(t, by="trumps")
    got = got[got["position"] == "dealer"].set_index("trumps")
    assert list(got.index) == list(want.index)
    assert np.array_equal(got["deals"], want["size"])
    assert np.allclose(got["gain"], want["mean"], rtol=1e-12)
    assert np.allclose(got["ev_order"], df.groupby("trumps")["a"].mean(), rtol=1e-12)
    k = got.index[got["deals"] > 100][0]
    sub = df[df["trumps"] == k]
    e = paired_difference(sub["a"].to_numpy(), sub["b"].to_numpy())
    assert (got.loc[k, "gain_low"], got.loc[k, "gain_high"]) == pytest.approx(
        (e.low, e.high), rel=1e-12
    )
    # every deal of the class tally is accounted for
    assert t.by_class[3].sum() == t.by_points[3].sum() == 1500


def test_counterfactual_does_not_depend_on_the_batch_size(paired):
    again = O.counterfactual(1500, 7, positions=["dealer"], batch=8192)["order-pass"]
    t = paired["order-pass"]
    assert np.array_equal(again.by_class[3], t.by_class[3])
    assert again.hands[3] == t.hands[3]


def test_counterfactual_table_on_a_hand_made_tally():
    t = O.PairedTally(O.ORDER_VS_PASS)
    c1, c2 = F.class_code(3, 1, 1, 0), F.class_code(1, 0, 0, 0)
    t.by_class[0, c1, 1 + 4, -2 + 4] = 3  # order: +1, pass: -2
    t.by_class[0, c1, -2 + 4, 0 + 4] = 1  # order: euchred, pass: 0
    t.by_class[0, c2, 1 + 4, -2 + 4] = 100  # always +3
    t.by_class[1, c2, -2 + 4, 1 + 4] = 50  # always -3
    t.deals[:] = [104, 50, 0, 0]
    df = O.counterfactual_table(t, by="class").set_index(["position", "hand_class"])
    r = df.loc[("first", "3T 1A R")]
    assert r["deals"] == 4
    assert r["gain"] == 1.75 and r["ev_order"] == 0.25 and r["ev_pass"] == -1.5
    e = paired_difference([1, 1, 1, -2], [-2, -2, -2, 0])
    assert (r["gain_low"], r["gain_high"]) == pytest.approx((e.low, e.high), rel=1e-12)
    assert r["verdict"] == "too close"
    assert (r["order_success"], r["order_euchred"], r["order_success_rate"]) == (3, 1, 0.75)
    assert df.loc[("first", "1T 0A"), "verdict"] == "order"
    assert df.loc[("first", "1T 0A"), "gain"] == 3.0
    assert df.loc[("second", "1T 0A"), "verdict"] == "pass"
    assert len(df) == 3
    by_t = O.counterfactual_table(t, by="trumps").set_index(["position", "trumps"])
    assert by_t.loc[("first", 3), "deals"] == 4 and by_t.loc[("first", 1), "deals"] == 100
    head = T.headline(O.counterfactual_table(t, by="trumps"))
    assert list(head.columns) == ["first", "second"]
    assert head.loc[1, "first"] == "+3.00 [+3.00, +3.00]"
    assert head.loc[3, "second"] == ""
    one = O.PairedTally(O.ORDER_VS_PASS)
    one.by_class[2, c2, 2 + 4, -1 + 4] = 1
    assert T.headline(O.counterfactual_table(one, by="trumps")).loc[1, "third"] == "+3.00 (1 deal)"
    pooled = O.counterfactual_table(t, by="trumps", pooled=True).set_index(["position", "trumps"])
    assert pooled.loc[("all", 1), "deals"] == 150
    assert pooled.loc[("all", 1), "gain"] == (100 * 3 - 50 * 3) / 150
    assert list(T.headline(pooled.reset_index()).columns) == ["first", "second", "all"]
    deals = O.deals_table(t)
    assert list(deals["deals"]) == [104, 50, 0, 0]


def test_alone_table_has_march_rates(paired):
    df = O.counterfactual_table(paired["alone-partner"], by="trumps")
    assert {"ev_alone", "ev_partner", "alone_march_rate", "partner_march_rate"} <= set(df)
    assert ((df["alone_march_rate"] >= 0) & (df["alone_march_rate"] <= 1)).all()
    assert set(df["verdict"]) <= {"alone", "partner", "too close"}


def test_counterfactual_input_checks():
    with pytest.raises(ValueError, match="positive whole number"):
        O.counterfactual(0)
    with pytest.raises(ValueError, match="unknown position"):
        O.counterfactual(10, positions=["north"])
    with pytest.raises(ValueError, match="position must be 0-3"):
        O.counterfactual(10, positions=[4])


def test_counterfactual_gives_up_on_a_position_never_reached(monkeypatch):
    # first always orders up: the auction never gets to second
    monkeypatch.setattr(O.paired, "GIVE_UP", 8192)
    eager = get_strategy("basic").with_params("eager", order_threshold=-100.0)
    with pytest.raises(ValueError, match="never reached the second position"):
        O.counterfactual(10, 1, table=Table.teams(eager), positions=["second"], batch=4096)


# ---------------------------------------------------------------------------------------------
# the commands

cli = click.Group("euchre-sim", commands=[order_up, alone])
SMALL = ["--hands", "20000", "--deals", "2000", "--seed", "5", "--silent"]


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def assert_one_line_error(result):
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output


CHARTS = ("decision_chart", "gain_by_points", "success_by_points")


def test_order_up_writes_tables_charts_and_manifest(tmp_path):
    out = tmp_path / "ou"
    r = run("order-up", *SMALL, "--out", out)
    assert r.exit_code == 0, r.output
    assert "EV(order) - EV(pass)" in r.stdout and "paired deals per position" in r.stdout
    assert "first 2,000 of 2,000 hands" in r.stdout
    names = {p.name for p in out.iterdir()}
    assert set(ORDERUP_FILES) <= names
    assert {f"{c}.{ext}" for c in CHARTS for ext in ("png", "svg")} <= names
    m = json.loads((out / "manifest.json").read_text())
    assert m["seed"] == 5 and m["observed_hands"] == 20000
    assert m["paired_deals_per_position"] == 2000
    assert m["counterfactual"]["deals"] == {p: 2000 for p in POSITIONS}
    assert m["strategies"]["team0"] == DEFAULT_STRATEGY and m["rules"] == Rules().as_dict()
    assert m["command"].startswith("euchre-sim order-up --hands 20000 --deals 2000 --seed 5")
    assert m["wall_s"] > 0
    deals = pd.read_csv(out / "order_vs_pass_deals.csv")
    assert list(deals["deals"]) == [2000] * 4
    by_t = pd.read_csv(out / "order_vs_pass_by_trumps.csv")
    assert {"position", "trumps", "deals", "gain", "gain_low", "gain_high", "verdict"} <= set(by_t)
    # same seed, same files (CSV and PNG)
    out2 = tmp_path / "ou2"
    assert run("order-up", *SMALL, "--out", out2).exit_code == 0
    for name in [*ORDERUP_FILES, "decision_chart.png", "decision_chart.svg"]:
        assert (out / name).read_bytes() == (out2 / name).read_bytes(), name
    # a non-empty folder needs --force
    r = run("order-up", *SMALL, "--out", out)
    assert_one_line_error(r)
    assert "--force" in r.output
    assert run("order-up", *SMALL, "--out", out, "--force").exit_code == 0


def test_march_check_on_a_hand_made_tally():
    t = O.PairedTally(O.ALONE_VS_PARTNER)
    c = F.class_code(4, 1, 1, 0)
    t.by_class[3, c, 4 + 4, 1 + 4] = 30   # alone marches, with partner 3-4 tricks
    t.by_class[3, c, 1 + 4, 2 + 4] = 10   # with partner marches, alone does not
    t.by_class[3, c, 4 + 4, 2 + 4] = 60   # both march
    other = F.class_code(2, 0, 0, 0)
    t.by_class[0, other, 1 + 4, 2 + 4] = 5
    t.by_class[0, other, 4 + 4, 1 + 4] = 5
    table = O.counterfactual_table(t, by="class")
    check = O.march_check(table).set_index(["position", "hand_class"])
    r = check.loc[("dealer", "4T 1A R")]
    assert (r["alone_march_rate"], r["partner_march_rate"]) == (0.9, 0.7)
    assert r["march_gain"] == pytest.approx(0.2)
    e = paired_difference([1] * 30 + [0] * 10 + [1] * 60, [0] * 30 + [1] * 10 + [1] * 60)
    assert (r["march_gain_low"], r["march_gain_high"]) == pytest.approx((e.low, e.high))
    assert r["flag"] == "alone marches more" and r["why"] == O.MARCH_CHECK_NOTE
    assert check.loc[("first", "2T 0A"), "flag"] == ""    # 0.5 against 0.5
    text = T.format_headline({"trumps": O.counterfactual_table(t, by="trumps", pooled=True),
                              "march_check": check.reset_index()}, t, "alone", "partner")
    assert "march check: 1 of 2 hand classes" in text and "dealer 4T 1A R" in text


def test_alone_writes_its_tables(tmp_path):
    out = tmp_path / "al"
    r = run("alone", *SMALL, "--out", out)
    assert r.exit_code == 0, r.output
    assert "EV(alone) - EV(partner)" in r.stdout
    names = {p.name for p in out.iterdir()}
    assert set(ALONE_FILES) <= names
    assert {"alone_chart.png", "alone_march_chart.svg", "alone_gain_by_points.png"} <= names
    t = pd.read_csv(out / "alone_vs_partner_by_trumps_aces.csv")
    assert {"alone_march_rate", "partner_march_rate", "gain", "march_gain"} <= set(t)
    check = pd.read_csv(out / "alone_march_check.csv", keep_default_na=False)
    classes = pd.read_csv(out / "alone_vs_partner_by_class.csv")
    assert len(check) == len(classes)
    assert np.allclose(check["march_gain"],
                       classes["alone_march_rate"] - classes["partner_march_rate"])
    assert "march check:" in r.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--hands", "0"], "--hands must be at least 1"),
        (["--deals", "-3"], "--deals must be at least 1"),
        (["--threads", "0"], "--threads must be at least 1"),
        (["--strategy", "nope"], "unknown strategy"),
        (["--rules", "bogus"], "unknown rule"),
        (["--score", "10-3"], "--score: score 10-3 is outside a game to 10"),
        (["--score", "-1-3"], "--score: score"),
        (["--score", "six-eight"], "not of the form US-THEM"),
        (["--score", "6-7", "--rules", "game_to=5"], "outside a game to 5"),
    ],
)
def test_bad_input_is_one_line(tmp_path, args, message):
    r = run("order-up", *args, "--out", tmp_path / "x", "--silent")
    assert_one_line_error(r)
    assert message in r.output
    assert not (tmp_path / "x").exists()


def test_interrupt_leaves_nothing(tmp_path, monkeypatch):
    def boom(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(O, "counterfactual", boom)
    out = tmp_path / "sub" / "ou"
    r = run("order-up", "--hands", "2000", "--deals", "100", "--silent", "--out", out)
    assert r.exit_code == 130
    assert "nothing written" in r.output
    assert not out.exists() and not (tmp_path / "sub").exists()
    assert list(tmp_path.iterdir()) == []


def test_help_has_examples():
    for name in ("order-up", "alone"):
        r = run(name, "--help")
        assert r.exit_code == 0 and "Example:" in r.output and "--deals" in r.output


# ---------------------------------------------------------------------------------------------
# game win probability from a score state


def test_team_scores_map_the_deciding_players_team_for_every_position():
    # dealer 0: first = seat 1 (team 1), second = seat 2 (team 0), third = 3, dealer = 0
    assert [int(O.deciding_seat(0, p)) for p in range(4)] == [1, 2, 3, 0]
    assert [int(O.deciding_seat(3, p)) for p in range(4)] == [0, 1, 2, 3]
    assert O.team_scores((6, 8), 1) == (8, 6) and O.team_scores((6, 8), 2) == (6, 8)
    for dealer in range(4):
        for p in range(4):
            seat = int(O.deciding_seat(dealer, p))
            s = O.team_scores((6, 8), seat)
            assert s[seat % 2] == 6 and s[1 - seat % 2] == 8, (dealer, p)
    seats = O.deciding_seat(np.arange(8) % 4, 1)
    v = O.team_scores((6, 8), seats)
    assert v.tolist() == [[6, 8], [8, 6]] * 4
    # hand-made runs: each hand is taken from the run where his team had the first number
    r0 = pd.DataFrame({"dealer": np.arange(8) % 4, "run": 0})
    r1 = pd.DataFrame({"dealer": np.arange(8) % 4, "run": 1})
    for p in range(4):
        got = W._at_score({0: r0, 1: r1}, p)
        assert list(got.index) == list(range(8))
        assert list(got["run"]) == [int(O.deciding_seat(d, p)) % 2 for d in np.arange(8) % 4]


def test_runs_at_a_score_follow_the_score_aware_strategy():
    # basic never goes alone when one point wins: at 9-0 his team never goes alone after he
    # passes; with the teams' scores swapped (the wrong mapping) it sometimes does
    for p in range(4):
        runs = {
            t: simulate(6000, 11, records=True, force=force_array(p, 1, FORCE_PASS),
                        scores=O.team_scores((9, 0), t)).records
            for t in (0, 1)
        }  # fmt: skip
        counts = []
        for r in (W._at_score(runs, p), W._at_score({0: runs[1], 1: runs[0]}, p)):
            k = r[r["forced"] == 1]
            seat = O.deciding_seat(k["dealer"].to_numpy().astype(int), p)
            maker = k["maker"].to_numpy()
            ours = (maker >= 0) & (maker % 2 == seat % 2)
            counts.append(int((ours & (k["alone"].to_numpy() == 1)).sum()))
        assert counts[0] == 0 and counts[1] > 0, (p, counts)


@pytest.fixture(scope="module")
def win_p():
    rng = np.random.default_rng(4)
    return rng.uniform(0.05, 0.95, size=(10, 10))


def test_win_gain_at_9_8_equals_a_recomputation_from_the_records(win_p):
    t = O.win_probability_gain(1200, "9-8", 3, positions=["second", "third"], win_p=win_p)
    assert list(t.deals) == [0, 1200, 1200, 0]
    got = O.win_gain_table(t, by="trumps")
    for p in (1, 2):
        h = int(t.hands[p])
        runs = {}
        for a in (FORCE_MAKE, FORCE_PASS):
            both = [simulate(h, 3, records=True, force=force_array(p, 1, a), scores=sc).records
                    for sc in ((9, 8), (8, 9))]  # fmt: skip
            seat = (both[0]["dealer"].to_numpy() + 1 + p) % 4
            runs[a] = both[0].where(pd.Series(seat % 2 == 0), both[1])
        # pairing: the two actions played the same deals, and the same deals reached him
        for col in ("hand0", "hand1", "hand2", "hand3", "upcard", "forced"):
            assert np.array_equal(runs[FORCE_MAKE][col], runs[FORCE_PASS][col])
        keep = runs[FORCE_MAKE]["forced"].to_numpy() == 1
        assert keep.sum() == 1200
        seat = ((runs[FORCE_MAKE]["dealer"].to_numpy() + 1 + p) % 4)[keep]
        hands = F.seat_hands(runs[FORCE_MAKE])[np.flatnonzero(keep), seat]
        trumps = F.hand_features(hands, runs[FORCE_MAKE]["upcard"].to_numpy()[keep] // 6)["trumps"]

        def win(r, keep=keep, seat=seat, p=p):
            p0 = r["points0"].to_numpy()[keep].astype(int)
            p1 = r["points1"].to_numpy()[keep].astype(int)
            us, them = np.where(seat % 2 == 0, p0, p1), np.where(seat % 2 == 0, p1, p0)
            # 9-8: any point wins; 2+ for them loses; else the next dealer (his left
            # neighbour: the other team for second, his own team for third) at the new score
            t9 = np.minimum(8 + them, 9)
            table = win_p[9, t9] if p == 2 else 1 - win_p[t9, 9]
            return np.where(us > 0, 1.0, np.where(them >= 2, 0.0, table)), us - them

        wa, na = win(runs[FORCE_MAKE])
        wb, nb = win(runs[FORCE_PASS])
        df = pd.DataFrame({"trumps": trumps, "wa": wa, "wb": wb, "na": na, "nb": nb})
        g = got[got["position"] == POSITIONS[p]].set_index("trumps")
        want = df.groupby("trumps")
        assert list(g.index) == list(want.size().index)
        assert np.array_equal(g["deals"], want.size())
        assert np.allclose(g["p_win_order"], want["wa"].mean(), rtol=1e-12)
        assert np.allclose(g["p_win_pass"], want["wb"].mean(), rtol=1e-12)
        assert np.allclose(g["win_gain"], (df["wa"] - df["wb"]).groupby(df["trumps"]).mean())
        assert np.allclose(g["ev_gain"], (df["na"] - df["nb"]).groupby(df["trumps"]).mean())
        for k in g.index[g["deals"] > 50]:
            sub = df[df["trumps"] == k]
            e = paired_difference(sub["wa"].to_numpy(), sub["wb"].to_numpy())
            assert (g.loc[k, "win_gain_low"], g.loc[k, "win_gain_high"]) == pytest.approx(
                (e.low, e.high), rel=1e-9
            )
        # at 9-8 ordering up wins outright whenever his team makes it
        made = runs[FORCE_MAKE]["maker_tricks"].to_numpy()[keep] >= 3
        assert np.all(wa[made] == 1.0) and np.all(wa[~made] == 0.0)


def test_win_gain_at_0_0_pairs_like_the_counterfactual(paired, win_p):
    t = O.win_probability_gain(
        1500, (0, 0), 7, positions=["second", "dealer"], batch=4096, win_p=win_p
    )
    c = paired["order-pass"]
    assert np.array_equal(t.deals, c.deals) and np.array_equal(t.hands, c.hands)
    for by in ("class", "trumps"):
        w = O.win_gain_table(t, by=by, pooled=True)
        e = O.counterfactual_table(c, by=by, pooled=True)
        assert np.array_equal(w["deals"], e["deals"])
        assert np.allclose(w["ev_gain"], e["gain"], rtol=1e-12)
    assert t.by_class.sum(axis=(2, 3)).tolist() == c.by_class.sum(axis=(2, 3)).tolist()
    assert (w["score"] == "0-0").all() and set(w["position"]) == {"second", "dealer", "all"}


def test_win_gain_table_on_a_hand_made_tally():
    p = np.full((10, 10), 0.5)
    p[9, 6] = 0.8  # he deals next at 9-6 (he sits third)
    t = O.WinGainTally(O.ORDER_VS_PASS, (8, 6), p)
    c = F.class_code(3, 1, 1, 0)
    made, euchred, defended = 1 * 5 + 0, 0 * 5 + 2, 0 * 5 + 1
    t.by_class[2, c, made, defended] = 3  # order: 9-6 (0.8); pass: 8-7 (0.5): +0.3
    t.by_class[2, c, euchred, made] = 1  # order: 8-8 (0.5); pass: 9-6 (0.8): -0.3
    t.by_class[2, c, 2 * 5, euchred] = 2  # march: 10-6 (1); pass: 8-8 (0.5): +0.5
    df = O.win_gain_table(t, by="class")
    assert len(df) == 1
    r = df.iloc[0]
    assert (r["position"], r["hand_class"], r["deals"], r["score"]) == (
        "third",
        "3T 1A R",
        6,
        "8-6",
    )
    e = paired_difference([0.8, 0.5, 1.0], [0.5, 0.8, 0.5], [3, 1, 2])
    assert r["win_gain"] == pytest.approx(e.value) == pytest.approx((0.9 - 0.3 + 1.0) / 6)
    assert (r["win_gain_low"], r["win_gain_high"]) == pytest.approx((e.low, e.high))
    assert r["p_win_order"] == pytest.approx((2.4 + 0.5 + 2) / 6)
    assert r["ev_gain"] == pytest.approx((3 * 2 + 1 * (-3) + 2 * 4) / 6)
    # the same results for the player sitting second: the other team deals next
    w = O.result_win_probability(t, 1)
    assert w[made] == 1 - p[6, 9] == 0.5 and w[2 * 5] == 1.0 and w[euchred] == 1 - p[8, 8]
    assert O.result_win_probability(t, 0)[0 * 5 + 4] == 0.0  # they reach 10
    with pytest.raises(ValueError, match="not point count"):
        O.win_gain_table(t, by="points")


def test_win_gain_input_checks(win_p):
    with pytest.raises(ValueError, match="outside a game to 10"):
        O.win_probability_gain(10, "3-10", win_p=win_p)
    with pytest.raises(ValueError, match="US-THEM"):
        O.win_probability_gain(10, "3", win_p=win_p)
    with pytest.raises(ValueError, match="5 x 5"):
        O.win_probability_gain(10, "3-4", rules=Rules(game_to=5), win_p=win_p)


def test_order_up_with_a_score_writes_the_win_gain_tables(tmp_path):
    out = tmp_path / "ou"
    small = ["--hands", "20000", "--deals", "500", "--seed", "5", "--silent"]
    r = run("order-up", *small, "--score", "8-9", "--out", out)
    assert r.exit_code == 0, r.output
    assert "P(win | order) - P(win | pass) at 8-9" in r.stdout
    assert "paired deals per position at this score: first 500 of" in r.stdout
    names = {p.name for p in out.iterdir()}
    assert set(WIN_GAIN_FILES) <= names and set(ORDERUP_FILES) <= names
    by_t = pd.read_csv(out / "win_probability_gain_by_trumps.csv")
    assert {"position", "trumps", "deals", "win_gain", "win_gain_low", "ev_gain"} <= set(by_t)
    assert set(by_t["position"]) == {*POSITIONS, "all"} and (by_t["score"] == "8-9").all()
    by_c = pd.read_csv(out / "win_probability_gain_by_class.csv")
    assert by_c.groupby("position")["deals"].sum().tolist() == [500] * 4
    m = json.loads((out / "manifest.json").read_text())
    assert m["win_probability_gain"]["deals"] == {p: 500 for p in POSITIONS}
    assert "--score 8-9" in m["command"]
    # without --score: no win-gain tables
    r = run("order-up", *small, "--out", tmp_path / "plain")
    assert not set(WIN_GAIN_FILES) & {p.name for p in (tmp_path / "plain").iterdir()}


# ---------------------------------------------------------------------------------------------
# alone without --out prints, as order-up does


def test_alone_prints_without_out_as_order_up_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in ("alone", "order-up"):
        r = run(command, "--hands", 2000, "--deals", 200, "--silent")
        assert r.exit_code == 0, r.output
        assert "EV" in r.output and "wrote" not in r.output
    assert list(tmp_path.iterdir()) == []

