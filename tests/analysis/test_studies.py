"""A study is one protocol (analysis.studies): the registry, writing a folder atomically, and a
folder read back giving the same headlines as the result that wrote it."""

from __future__ import annotations

import json

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import analysis  # noqa: E402
from analysis.studies import (  # noqa: E402
    STUDIES,
    TOURNAMENT,
    Chart,
    Study,
    StudyResult,
    kind_of,
    model_text,
    players_text,
    study,
    study_of,
)


def test_the_registry_names_each_study_once_by_its_manifest_kind():
    assert list(STUDIES)[:6] == ["order-up", "alone", "compare-rules", "simulate",
                                 "simulate --games", "tournament"]  # the report's order
    for name, s in STUDIES.items():
        assert s.name == name and isinstance(s, Study)
        assert s.lead is None or s.lead in {c.stem for c in s.charts}
        stems = [c.stem for c in s.charts]
        assert len(stems) == len(set(stems)), name
    assert study("ladder") is STUDIES["ladder"] and analysis.study("perfect") is STUDIES["perfect"]
    with pytest.raises(ValueError, match="no study called 'nope'"):
        study("nope")


def test_a_folder_finds_its_study_from_its_manifest():
    assert kind_of({"analysis": "order-up"}) == "order-up"
    assert kind_of({"seed": 1, "hands": 10}) == "simulate"
    assert kind_of({"seed": 1, "games": 10}) == "simulate --games"
    assert study_of({"analysis": "compare-rules"}) is STUDIES["compare-rules"]
    assert study_of({"seed": 1, "games": 3}) is STUDIES["simulate --games"]
    assert study_of({"analysis": "something else"}) is STUDIES["simulate"]  # summary tables


def test_captions_name_the_players_of_the_run():
    seats = {"strategies": {"team0": "tuned", "team1": "tuned",
                            "seats": ["tuned", "tuned", "tuned", "tuned"]}}  # fmt: skip
    assert players_text(seats) == "tuned players"
    mixed = {"strategies": {"seats": ["aggressive", "basic", "aggressive", "basic"]}}
    assert players_text(mixed) == "aggressive (team 0) and basic (team 1) players"
    odd = {"strategies": {"seats": ["a", "b", "c", "a"]}}
    assert players_text(odd) == "the players (seat 0: a, seat 1: b, seat 2: c, seat 3: a)"
    assert players_text({}) == "the players"
    caption = STUDIES["order-up"].caption("success_by_points", seats)
    assert caption.startswith("What tuned players actually did")
    assert "basic players" not in caption


def test_headlines_name_the_model_where_the_name_does_not():
    eq = {"strategies": {"team0": "equilibrium", "team1": "equilibrium",
                         "seats": ["equilibrium"] * 4}}  # fmt: skip
    assert model_text(eq) == "the equilibrium's bids and tuned's card play at every seat"
    basic = {"strategies": {"team0": "basic", "team1": "basic", "seats": ["basic"] * 4}}
    assert model_text(basic) == "basic players"
    mixed = {"strategies": {"seats": ["equilibrium", "tuned"] * 2}}
    assert model_text(mixed) == "equilibrium (team 0) and tuned (team 1) players"
    assert model_text({}) == "the players"


def test_an_order_up_at_a_score_answers_in_games_won():
    rows = [{"position": p, "trumps": t, "score": "9-6", "deals": 5000, "win_gain": g,
             "win_gain_low": g - 0.004, "win_gain_high": g + 0.004,
             "verdict": "order" if g > 0 else "pass"}
            for p in ("first", "second", "third", "dealer") for t, g in ((0, 0.031), (3, -0.02))]
    points = pd.DataFrame([{**r, "gain": -0.5, "gain_low": -0.52, "gain_high": -0.48,
                            "verdict": "pass"} for r in rows])  # fmt: skip
    heads = STUDIES["order-up"].headlines(
        {"order_vs_pass_by_trumps": points, "win_probability_gain_by_trumps": pd.DataFrame(rows)},
        {})  # fmt: skip
    assert [h.question for h in heads] == ["Should you order up in round 1 at 9-6?"]
    assert "+3.1" in heads[0].table and "pp" in heads[0].table and "-0.50" not in heads[0].table
    assert "P(win | order)" in heads[0].how
    # the charts are in points: none beside the answer in games won
    assert STUDIES["order-up"].lead_chart({"win_probability_gain": {"score": "9-6"}}) is None
    assert STUDIES["order-up"].lead_chart({}) == "decision_chart"


class Tiny(Study):
    """A study of a few lines: one table, one chart."""

    name = "tiny"

    def __init__(self, draw=None):
        def line(t, _m):
            fig, ax = plt.subplots()
            ax.plot(t["numbers"]["x"], t["numbers"]["y"])
            return fig

        self.charts = (Chart("numbers_chart", draw or line, "Numbers.", needs=("numbers",)),)

    def run(self, n: int) -> StudyResult:
        df = pd.DataFrame({"x": range(n), "y": [x / 3 for x in range(n)]})
        return StudyResult(self, {"numbers": df}, {"n": n})

    def manifest(self, result):
        return {"analysis": self.name, "n": result.args["n"], "command": result.command}


def test_a_study_writes_its_folder_and_reads_it_back(tmp_path):
    result = Tiny().run(4)
    out = result.write(tmp_path / "tiny", command="make tiny")
    names = sorted(p.name for p in out.iterdir())
    assert names == ["manifest.json", "numbers.csv", "numbers_chart.png", "numbers_chart.svg"]
    assert result.file_names() == names[1:] + ["manifest.json"]    # the manifest written last
    assert (out / "numbers.csv").read_text().splitlines()[:3] == ["x,y", "0,0",
                                                                  "1,0.3333333333"]
    assert json.loads((out / "manifest.json").read_text()) == {
        "analysis": "tiny", "n": 4, "command": "make tiny"}
    back = Tiny().read(out)
    assert list(back.tables) == ["numbers"] and back.manifest["n"] == 4
    with pytest.raises(ValueError, match="--force"):
        result.write(out)                                 # a run folder is replaced with force
    result.write(out, force=True)


def test_a_failed_write_leaves_nothing(tmp_path):
    def broken(_t, _m):
        raise RuntimeError("no chart today")

    with pytest.raises(RuntimeError, match="no chart today"):
        Tiny(broken).run(3).write(tmp_path / "deep" / "tiny")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.compile
@pytest.mark.subprocess
def test_a_tournament_read_back_has_the_same_headlines(tmp_path):
    result = TOURNAMENT.run("basic", "aggressive", hands=400, games=40, seed=3)
    result.write(tmp_path / "t")
    back = study_of(json.loads((tmp_path / "t" / "manifest.json").read_text())).read(
        tmp_path / "t")
    assert back.study is TOURNAMENT
    assert back.headlines() == result.headlines() != []
    assert result.text().startswith("basic vs aggressive, 400 deals played from both seats")
    m = back.manifest
    assert (m["analysis"], m["a"], m["b"], m["hands"], m["games"]) == (
        "tournament", "basic", "aggressive", 400, 40)
    assert TOURNAMENT.reproduce(result, "runs/t") == (
        "euchre-sim tournament basic aggressive --games 40 --hands 400 --seed 3 --rules "
        "published --out runs/t")
