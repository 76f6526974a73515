"""Paired rule comparison, tournaments, charts and the HTML report (analysis.compare*)."""

from __future__ import annotations

import json
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from analysis import compare as C  # noqa: E402
from analysis import plots as P  # noqa: E402
from analysis.cli import main  # noqa: E402
from sim.rules import Rules  # noqa: E402
from sim.run.hands import Table  # noqa: E402

pytestmark = pytest.mark.compile

HANDS = 60_000
GAMES = 6_000
SEED = 11
# basic at every seat: the known consequences below are basic's (it passes 2% of hands out;
# tuned, the default, hardly ever does)
TABLE = Table.teams("basic")


@pytest.fixture(scope="module")
def hands():
    table = TABLE
    a = C.play_hands(HANDS, SEED, Rules(), table)
    b = C.play_hands(HANDS, SEED, Rules(stick_the_dealer=True), table)
    return a, b


@pytest.fixture(scope="module")
def comparison():
    return C.compare_rules(HANDS, GAMES, SEED, table=TABLE)


def _row(c, name):
    t = c.table
    return t[t["statistic"] == name].iloc[0]


def test_pairing_same_deals(hands):
    a, b = hands
    assert np.array_equal(a.deals, b.deals)
    assert np.array_equal(a.dealer, np.arange(HANDS) % 4)
    # every hand made before the dealer's round-2 turn is played identically under both rules
    made_early = (a.round == 1) | ((a.round == 2) & (a.maker != a.dealer))
    assert np.array_equal(a.points0[made_early], b.points0[made_early])
    C.check_pairing(a, b)


def test_pairing_check_rejects_different_seeds(hands):
    a, _ = hands
    other = C.play_hands(HANDS, SEED + 1, Rules(stick_the_dealer=True), TABLE)
    with pytest.raises(RuntimeError, match="same deals"):
        C.check_pairing(a, other)


def test_paired_interval_narrower(comparison):
    t = comparison.table
    width_p = t["paired_high"] - t["paired_low"]
    width_u = t["unpaired_high"] - t["unpaired_low"]
    assert (width_p <= width_u + 1e-12).all()
    for name in ("dealing team's points per hand", "other team's points per hand",
                 "euchres (share of hands)", "first dealer's team wins"):  # fmt: skip
        r = _row(comparison, name)
        assert r["paired_high"] - r["paired_low"] < 0.5 * (r["unpaired_high"] - r["unpaired_low"])
    # round 1 is untouched by the round-2 rule: exactly zero with a zero-width paired interval
    r = _row(comparison, "made in round 1")
    assert r["diff"] == 0 and r["paired_se"] == 0 and r["unpaired_se"] > 0


def test_known_consequences(comparison):
    passed = _row(comparison, "passed out (redealt)")
    assert passed["a"] > 0.01 and passed["b"] == 0
    forced = _row(comparison, "forced on the dealer")
    assert forced["a"] == 0 and forced["b"] > passed["a"]  # forced calls include the passed-outs
    redeals = _row(comparison, "redeals per game")
    assert redeals["a"] > 0 and redeals["b"] == 0
    assert _row(comparison, "games decided by a forced call")["b"] > 0
    m = comparison.makers.set_index(["rules", "makers"])
    f = m.loc[("stick the dealer", "forced dealers")]
    avg = m.loc[("stick the dealer", "all makers")]
    assert f["euchred_low"] > avg["euchred_high"]  # forced dealers are euchred far more often
    assert m.loc[("published rules", "forced dealers")]["made"] == 0


def test_forced_share_matches_records(hands):
    _, b = hands
    v = C.hand_values(b)
    # under stick the dealer every hand is made, in round 1 or 2
    assert v["passed"].sum() == 0
    assert v["round1"].sum() + v["round2"].sum() == HANDS
    # points per hand: the two teams' per-hand means add up to the total
    assert v["dealer_points"].mean() + v["other_points"].mean() == pytest.approx(v["points"].mean())


def test_hands_per_point(comparison):
    r = _row(comparison, "hands per point scored")
    pts = _row(comparison, "points scored per hand (both teams)")
    assert r["a"] == pytest.approx(1 / pts["a"]) and r["b"] == pytest.approx(1 / pts["b"])
    assert r["paired_low"] < r["diff"] < r["paired_high"]


def test_verdicts(comparison):
    v = comparison.verdicts()
    assert any(s.startswith("stick the dealer raises the dealing team's points per hand by")
               for s in v)  # fmt: skip
    assert any("unchanged on every deal" in s for s in v)
    assert any("a dealer forced to call is euchred" in s for s in v)


def test_identical_rules_rejected():
    with pytest.raises(ValueError, match="same"):
        C.compare_rules(100, 0, 1, Rules(), Rules())


# ---------------------------------------------------------------------------------------------
# charts


def _check_axes(ax):
    assert ax.get_title()
    assert ax.get_xlabel() and ax.get_ylabel()


def test_charts_have_titles_and_labels(comparison):
    figs = [P.comparison_figure(comparison), P.win_probability_figure(comparison.win_probability)]
    for fig in figs:
        for ax in fig.axes:
            if ax.get_label() == "<colorbar>":
                assert ax.get_ylabel()  # the colour bar says what its colours mean
                continue
            _check_axes(ax)
    for plot in (P.plot_differences, P.plot_maker_rates):
        ax = plot(comparison.hand_table if plot is P.plot_differences else comparison.makers)
        _check_axes(ax)
        figs.append(ax.figure)
    ax = P.plot_side_by_side(comparison.hand_table, ["dealing team's points per hand"],
                             title="points")  # fmt: skip
    _check_axes(ax)
    assert "points" in ax.get_ylabel()
    figs.append(ax.figure)
    for f in figs:
        plt.close(f)


def test_tournament_chart_labels():
    from analysis.headtohead import head_to_head, head_to_head_games

    h = head_to_head("basic", "aggressive", 2000, 3)
    g = head_to_head_games("basic", "aggressive", 200, 3)
    axes = P.plot_tournament(h, g)
    for ax in axes:
        _check_axes(ax)
    plt.close(axes[0].figure)


# ---------------------------------------------------------------------------------------------
# command line


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    r = CliRunner()
    res = r.invoke(main, ["compare-rules", "--hands", "20000", "--games", "2000", "--seed", "5",
                          "--out", str(root / "cmp"), "--silent"])  # fmt: skip
    assert res.exit_code == 0, res.output
    res2 = r.invoke(main, ["tournament", "basic", "basic", "--games", "1000", "--hands", "5000",
                           "--out", str(root / "tour"), "--silent"])  # fmt: skip
    assert res2.exit_code == 0, res2.output
    res3 = r.invoke(main, ["simulate", "--hands", "5000", "--out", str(root / "sim"),
                           "--silent"])  # fmt: skip
    assert res3.exit_code == 0, res3.output
    return root, res.output, res2.output


def test_compare_rules_cli_writes_folder(runs):
    root, out, _ = runs
    folder = root / "cmp"
    for name in ("comparison.csv", "makers.csv", "win_probability.csv", "verdicts.txt",
                 "compare_chart.png", "compare_chart.svg", "difference_chart.png",
                 "win_probability_chart.png", "makers_chart.png", "manifest.json"):  # fmt: skip
        assert (folder / name).is_file(), name
    m = json.loads((folder / "manifest.json").read_text())
    assert m["analysis"] == "compare-rules" and m["seed"] == 5 and m["hands"] == 20000
    assert m["rules_b"]["stick_the_dealer"] and not m["rules_a"]["stick_the_dealer"]
    assert "paired 95%" in out and "unpaired 95%" in out and "verdicts:" in out
    assert not list(root.glob("cmp.tmp-*"))


def test_tournament_symmetry(runs):
    _, _, out = runs
    assert "margin (basic - basic): +0.0000 points per hand  95% [+0.0000, +0.0000]" in out
    assert "basic wins 50.00% of games" in out
    from analysis.headtohead import head_to_head, head_to_head_games

    assert head_to_head("basic", "basic", 3000, 2).iloc[0]["margin"] == 0
    assert head_to_head_games("basic", "basic", 300, 2).iloc[0]["a_wins"] == 0.5


def test_a_small_tournament_won_every_time_still_has_an_interval():
    """5 games from both seats, all won: Wilson's 10 of 10, not 100.00% [100.00%, 100.00%]."""
    r = CliRunner().invoke(main, ["tournament", "tuned", "random", "--games", "5", "--hands",
                                  "0", "--silent"])
    assert r.exit_code == 0, r.output
    assert "tuned wins 100.00% of games  95% [72.25%, 100.00%] (Wilson, paired" in r.output


def test_report_self_contained(runs, tmp_path):
    root, _, _ = runs
    out = tmp_path / "report.html"
    res = CliRunner().invoke(main, ["report", str(root / "cmp"), str(root / "tour"),
                                    str(root / "sim"), "--out", str(out)])  # fmt: skip
    assert res.exit_code == 0, res.output
    text = out.read_text()
    assert '<meta name="viewport"' in text
    for attr in re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', text, flags=re.I):
        assert not attr.startswith(("http:", "https:", "//")), attr
        assert "//" not in attr.split(",", 1)[0], attr
    assert "http://" not in text and "https://" not in text
    imgs = re.findall(r"<img\b[^>]*>", text)
    assert len(imgs) >= 5
    for tag in imgs:
        assert re.search(r'src="data:image/png;base64,[A-Za-z0-9+/=]+"', tag), tag[:80]
    assert "<script" not in text.lower() and "<link" not in text.lower()
    assert "seed 5" in text and "stick the dealer" in text and "Method" in text


BAD = [
    (["compare-rules", "--a", "published", "--b", "published", "--out", "X"], "same rules"),
    (["compare-rules", "--b", "stick_the_dealer", "--a", "stick-the-dealer", "--out", "X"],
     "same rules"),
    (["compare-rules", "--b", "no_such_rule", "--out", "X"], "unknown rule"),
    (["compare-rules", "--a", "game_to=8", "--out", "X"], "game_to"),
    (["tournament", "basic", "nobody"], "nobody"),
    (["report", "MISSING", "--out", "r.html"], "no run folder"),
]  # fmt: skip


@pytest.mark.parametrize("args,needle", BAD)
def test_bad_input_one_line(args, needle, tmp_path):
    args = [str(tmp_path / a) if a in ("X", "MISSING", "r.html") else a for a in args]
    res = CliRunner().invoke(main, args)
    assert res.exit_code != 0
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit)
    lines = [x for x in res.output.strip().splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), res.output
    assert needle in lines[0]
    assert not (tmp_path / "X").exists()


def test_report_rejects_folder_without_manifest(tmp_path):
    (tmp_path / "empty").mkdir()
    res = CliRunner().invoke(main, ["report", str(tmp_path / "empty"), "--out",
                                    str(tmp_path / "r.html")])  # fmt: skip
    assert res.exit_code == 1
    assert res.output.strip() == f"Error: {tmp_path / 'empty'}: not a run folder (no manifest.json)"
    assert not (tmp_path / "r.html").exists()


def test_help_has_examples():
    for cmd in ("compare-rules", "tournament", "report"):
        res = CliRunner().invoke(main, [cmd, "--help"])
        assert res.exit_code == 0 and "Example:" in res.output


def test_win_probability_figure_shows_the_difference():
    rows = []
    for rules, p in (("published rules", 0.50), ("stick the dealer", 0.53)):
        for ds in range(2):
            for os_ in range(2):
                q = p if (ds, os_) == (0, 0) else 0.5
                rows.append({"dealer_score": ds, "other_score": os_, "p": q, "low": q - 0.01,
                             "high": q + 0.01, "n": 1000, "rules": rules})  # fmt: skip
    import pandas as pd

    wp = pd.DataFrame(rows)
    d = C.win_probability_difference(wp, "published rules", "stick the dealer")
    first = d[(d["dealer_score"] == 0) & (d["other_score"] == 0)].iloc[0]
    assert first["diff"] == pytest.approx(3.0) and first["low"] > 0
    fig = P.win_probability_figure(wp)
    maps = [ax for ax in fig.axes if ax.images]
    assert len(maps) == 2 and "minus" in maps[1].get_title()
    hatched = [p for p in maps[1].patches if p.get_hatch()]
    assert len(hatched) == 3  # the three cells whose interval includes 0
    plt.close(fig)
