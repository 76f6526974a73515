"""The run summary: exact values on a hand-made tally, and agreement with records mode."""

import json
import math
import re

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from analysis.stats import wilson_interval
from analysis.summary import by_position, cell_points, summarise
from analysis.text.summary import format_summary, summary_json
from sim.players import DEFAULT_STRATEGY
from sim.referee import score_hand
from sim.rules import Rules
from sim.run.hands import TALLY_SHAPE, RunResult, Table, simulate

pytestmark = pytest.mark.compile

Z95 = 1.959963984540054

# (farmer, dealer, round, maker position, alone, defender alone, maker tricks): hands
# maker seat = (dealer + 1 + position) % 4
CELLS = {
    (0, 0, 0, 0, 0, 0, 0): 3,  # passed out
    (0, 0, 1, 0, 0, 0, 3): 5,  # seat 1 (team 1) makes 3: team 1 +1
    (0, 1, 1, 3, 1, 0, 5): 2,  # dealer seat 1 (team 1) marches alone: team 1 +4
    (0, 2, 2, 1, 0, 0, 5): 4,  # seat 0 (team 0) marches in round 2: team 0 +2
    (0, 3, 2, 2, 0, 1, 1): 1,  # seat 2 (team 0) euchred by a lone defender: team 1 +4
    (0, 3, 1, 0, 0, 0, 2): 5,  # seat 0 (team 0) euchred: team 1 +2
    (1, 0, 1, 1, 0, 0, 4): 1,  # after a farmer's swap seat 2 (team 0) makes 4: team 0 +1
}
HOUSE = Rules(farmers_hand=True, defend_alone=True)


def hand_result(rules=HOUSE, cells=CELLS):
    tally = np.zeros(TALLY_SHAPE, np.int64)
    for key, n in cells.items():
        tally[key] = n
    return RunResult(int(tally.sum()), 0, rules, Table.teams(), tally)


def row(df, name):
    r = df[df["statistic"] == name]
    assert len(r) == 1, name
    return r.iloc[0]


def check_share(df, name, k, n):
    r = row(df, name)
    assert r["unit"] == "share"
    assert r["n"] == n
    assert r["value"] == k / n
    ci = sps.binomtest(k, n).proportion_ci(method="wilson")
    assert (r["low"], r["high"]) == pytest.approx((ci.low, ci.high), abs=1e-12)


def check_points(df, name, sample):
    sample = np.asarray(sample, dtype=float)
    r = row(df, name)
    assert r["unit"] == "points"
    assert r["n"] == sample.size
    assert r["value"] == pytest.approx(sample.mean(), rel=1e-15)
    half = Z95 * sps.sem(sample)
    assert (r["low"], r["high"]) == pytest.approx(
        (sample.mean() - half, sample.mean() + half), rel=1e-12
    )


def expand(dist):
    return np.repeat(list(dist), list(dist.values()))


def test_hand_made_tally_every_statistic():
    df = summarise(hand_result())
    assert list(df.columns) == ["statistic", "value", "low", "high", "n", "unit"]
    assert list(df["statistic"]) == [
        "made in round 1", "made in round 2", "passed out", "alone", "defended alone",
        "makers' success", "march", "euchred", "team 0 points", "team 1 points",
        "dealer's team points", "non-dealer team points", "dealer's team edge", "farmer swaps",
    ]  # fmt: skip
    check_share(df, "made in round 1", 13, 21)
    check_share(df, "made in round 2", 5, 21)
    check_share(df, "passed out", 3, 21)
    check_share(df, "alone", 2, 18)
    check_share(df, "defended alone", 1, 18)
    check_share(df, "makers' success", 12, 18)
    check_share(df, "march", 6, 18)
    check_share(df, "euchred", 6, 18)
    # per-hand points distributions worked out by hand from CELLS
    check_points(df, "team 0 points", expand({2: 4, 1: 1, 0: 16}))
    check_points(df, "team 1 points", expand({1: 5, 4: 3, 2: 5, 0: 8}))
    check_points(df, "dealer's team points", expand({0: 8, 4: 3, 2: 9, 1: 1}))
    check_points(df, "non-dealer team points", expand({1: 5, 0: 16}))
    check_points(df, "dealer's team edge", expand({0: 3, -1: 5, 4: 3, 2: 9, 1: 1}))
    assert row(df, "team 1 points")["value"] == 27 / 21
    assert row(df, "dealer's team edge")["value"] == 26 / 21
    swaps = row(df, "farmer swaps")
    assert swaps["value"] == 1 and swaps["unit"] == "hands" and math.isnan(swaps["low"])


def test_lone_defender_points_option_and_published_rows():
    rules = Rules(defend_alone=True, lone_defender_euchre_points=2)
    df = summarise(hand_result(rules))
    # the lone-defender euchre now scores 2, not 4
    check_points(df, "team 1 points", expand({1: 5, 4: 2, 2: 6, 0: 8}))
    assert "farmer swaps" not in set(df["statistic"])
    published = summarise(hand_result(Rules(), {k: v for k, v in CELLS.items() if k[5] == 0}))
    assert "defended alone" not in set(published["statistic"])
    assert "farmer swaps" not in set(published["statistic"])


def test_cell_points_match_referee_scoring():
    for rules in (Rules(), HOUSE, Rules(defend_alone=True, lone_defender_euchre_points=2)):
        pts0, pts1 = cell_points(rules)
        for key in np.ndindex(TALLY_SHAPE):
            _, dealer, rnd, pos, alone, dal, tricks = key
            if rnd == 0:
                expected = [0, 0]
            else:
                maker = (dealer + 1 + pos) % 4
                expected = score_hand(maker, tricks, bool(alone), 1 if dal else None, rules)
            assert [pts0[key], pts1[key]] == expected, key


def test_by_position_hand_made():
    df = by_position(hand_result())
    assert list(df.columns) == ["position", "statistic", "value", "low", "high", "n", "unit"]
    assert list(dict.fromkeys(df["position"])) == ["first", "second", "third", "dealer"]
    expected = {  # position: made, alone, success, march, euchred
        "first": (10, 0, 5, 0, 5),
        "second": (5, 0, 5, 4, 0),
        "third": (1, 0, 0, 0, 1),
        "dealer": (2, 2, 2, 2, 0),
    }
    for pos, (made, alone, success, march, euchred) in expected.items():
        g = df[df["position"] == pos].set_index("statistic")
        assert list(g.index) == ["made", "alone", "makers' success", "march", "euchred"]
        assert g.loc["made", "value"] == made / 21 and g.loc["made", "n"] == 21
        for name, k in (("alone", alone), ("makers' success", success), ("march", march),
                        ("euchred", euchred)):  # fmt: skip
            assert g.loc[name, "value"] == k / made and g.loc[name, "n"] == made
            assert (g.loc[name, "low"], g.loc[name, "high"]) == wilson_interval(k, made)


def test_empty_position_and_bad_tally():
    df = by_position(hand_result(Rules(), {(0, 0, 0, 0, 0, 0, 0): 4}))
    g = df[df["position"] == "third"].set_index("statistic")
    assert g.loc["made", "value"] == 0 and g.loc["alone", "n"] == 0
    assert math.isnan(g.loc["alone", "value"])
    bad = RunResult(1, 0, Rules(), Table.teams(), np.zeros((2, 3)))
    with pytest.raises(ValueError, match="tally must have shape"):
        summarise(bad)


def test_format_summary_lines():
    res = hand_result()
    res.wall_s = 0.5
    text = format_summary(summarise(res), res, by_position(res))
    lines = text.splitlines()
    assert "21 hands" in lines[0] and "seed 0" in lines[0]
    assert "rules: farmers_hand=true, defend_alone=true" in lines[0]
    assert f"strategies: {DEFAULT_STRATEGY}" in lines[0]
    assert "42 hands/s" in lines[1]
    pct = r"\s+\d+\.\d\d%  \[\d+\.\d\d, \d+\.\d\d\]$"
    assert re.search(r"^made in round 1" + pct, text, re.M)
    assert re.search(r"^euchred" + pct, text, re.M)
    lo, hi = wilson_interval(13, 21)
    assert f"{100 * 13 / 21:.2f}%  [{100 * lo:.2f}, {100 * hi:.2f}]" in text
    assert re.search(r"^team 1 points\s+ 1\.2857  \[\d\.\d{4}, \d\.\d{4}\]$", text, re.M)
    assert re.search(r"^farmer swaps\s+1$", text, re.M)
    assert re.search(r"^dealer\s+ 9\.52% \[", text, re.M)
    # one line per statistic; the values start in one column, two spaces after the longest name
    names = list(summarise(res)["statistic"])
    width = max(map(len, names)) + 2
    assert [line[:width].rstrip() for line in lines[3 : 3 + len(names)]] == names
    assert all(len(line) > width for line in lines[3 : 3 + len(names)])


def test_summary_json_is_plain_json():
    d = summary_json(hand_result(Rules(), {(0, 0, 0, 0, 0, 0, 0): 4, (0, 1, 1, 0, 0, 0, 3): 1}))
    text = json.dumps(d, allow_nan=False)  # NaN became null
    back = json.loads(text)
    assert back["hands"] == 5 and back["rules"]["stick_the_dealer"] is False
    assert back["statistics"]["passed out"]["value"] == 0.8
    assert back["by_position"]["third"]["alone"]["value"] is None
    assert back["strategies"]["team0"] == DEFAULT_STRATEGY


@pytest.fixture(scope="module")
def seeded():
    rules = Rules(stick_the_dealer=False, farmers_hand=True, defend_alone=True)
    table = Table.teams("aggressive", "random")
    agg = simulate(60_000, seed=21, rules=rules, table=table)
    rec = simulate(60_000, seed=21, rules=rules, table=table, records=True, batch=16_384)
    return agg, rec


def test_real_run_summary_equals_records(seeded):
    agg, rec = seeded
    np.testing.assert_array_equal(agg.tally, rec.tally)
    df = summarise(agg)
    pd.testing.assert_frame_equal(df, summarise(rec))
    r = rec.records
    assert len(r) == 60_000
    made = r["round"] > 0
    m = r[made]
    dealer_even = r["dealer"] % 2 == 0
    dealer_pts = r["points0"].where(dealer_even, r["points1"]).astype(int)
    other_pts = r["points1"].where(dealer_even, r["points0"]).astype(int)
    shares = {
        "made in round 1": (r["round"] == 1).mean(),
        "made in round 2": (r["round"] == 2).mean(),
        "passed out": (r["round"] == 0).mean(),
        "alone": (m["alone"] == 1).mean(),
        "defended alone": (m["defender_alone"] >= 0).mean(),
        "makers' success": (m["maker_tricks"] >= 3).mean(),
        "march": (m["maker_tricks"] == 5).mean(),
        "euchred": (m["maker_tricks"] < 3).mean(),
    }
    for name, value in shares.items():
        assert row(df, name)["value"] == value, name
    means = {
        "team 0 points": r["points0"].astype(int),
        "team 1 points": r["points1"].astype(int),
        "dealer's team points": dealer_pts,
        "non-dealer team points": other_pts,
        "dealer's team edge": dealer_pts - other_pts,
    }
    for name, col in means.items():
        got = row(df, name)
        assert got["value"] == col.mean(), name
        half = Z95 * sps.sem(col.to_numpy(float))
        assert got["high"] - got["value"] == pytest.approx(half, rel=1e-9), name
    assert row(df, "farmer swaps")["value"] == (r["farmer"] >= 0).sum()
    # points in the records follow the same table as the summary's cell_points
    assert (r["points0"].astype(int) + r["points1"].astype(int) > 0).sum() == made.sum()

    pos = by_position(rec)
    maker_pos = (m["maker"] - m["dealer"] - 1) % 4
    for p, name in enumerate(["first", "second", "third", "dealer"]):
        g = pos[pos["position"] == name].set_index("statistic")
        here = m[maker_pos == p]
        assert g.loc["made", "value"] == len(here) / len(r)
        assert g.loc["march", "value"] == (here["maker_tricks"] == 5).mean()
        assert g.loc["euchred", "value"] == (here["maker_tricks"] < 3).mean()
