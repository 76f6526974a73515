"""The report names who played under which rules where its answers are, and refuses, naming the
folder and the file, a run folder that lacks a table its answers are read from."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from analysis.cli import main
from analysis.report.page import ReportError, build_report
from sim.players import DEFAULT_STRATEGY

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("report-inputs")
    for name, args in {"sim": ["simulate", "--hands", "2000"],
                       "std": ["simulate", "--hands", "2000", "--rules", "stick_the_dealer",
                               "--team1", "aggressive"]}.items():
        r = CliRunner().invoke(main, [*args, "--out", str(root / name), "--silent"])
        assert r.exit_code == 0, r.output
    return root


def test_each_answer_names_its_players_and_rules(runs):
    page = build_report([runs / "sim", runs / "std"])
    heads = re.findall(r"<h3>(.*?)</h3>", page)
    assert any(f"({DEFAULT_STRATEGY} players; published rules)" in h for h in heads), heads
    assert any("aggressive (team 1) players; stick-the-dealer)" in h for h in heads), heads
    sections = re.findall(r"<h2>(.*?)</h2>", page)
    assert any(f"sim (simulate: {DEFAULT_STRATEGY} players; published rules)" in h
               for h in sections), sections


def test_one_shared_setting_is_said_under_the_title(runs):
    page = build_report([runs / "sim"])
    lead = re.search(r'<p class="lead">(.*?)</p>', page).group(1)
    assert lead.startswith(f"For {DEFAULT_STRATEGY} players; published rules.")


def test_a_folder_without_its_answers_table_is_refused_by_name(runs, tmp_path):
    for name, text in (("gone", None), ("broken", "\x00\x01 not,a\n\"csv")):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "manifest.json").write_text((runs / "sim" / "manifest.json").read_text())
        if text is not None:
            (folder / "summary.csv").write_text(text)
        with pytest.raises(ReportError) as e:
            build_report([runs / "sim", folder])
        what = "lacks" if text is None else "cannot read"
        assert str(e.value).startswith(f"{folder}: {what} summary.csv, which its answers")
    orderup = tmp_path / "orderup"
    orderup.mkdir()
    (orderup / "manifest.json").write_text(json.dumps({"analysis": "order-up", "seed": 1}))
    with pytest.raises(ReportError, match=r"orderup: lacks order_vs_pass_by_trumps.csv"):
        build_report([orderup])


def test_the_command_says_it_in_one_line(runs, tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    (folder / "manifest.json").write_text((runs / "sim" / "manifest.json").read_text())
    r = CliRunner().invoke(main, ["report", str(folder), "--out", str(tmp_path / "r.html")])
    assert r.exit_code == 1 and r.output.startswith("Error: ") and "Traceback" not in r.output
    assert "lacks summary.csv" in r.output and not (tmp_path / "r.html").exists()
