"""The bidding game at a game score from the command line (issue 53): ``--score D-O`` (with
``--win-table FILE.csv``, or the shipped one) on ``euchre-sim equilibrium`` and ``euchre-sim
exploit``, and the CSV loader's one-line errors (a cell missing or twice, a value that is not a
probability, a column missing)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from analysis.cli import main
from analysis.win_csv import load_win_csv, write_win_csv
from analysis.win_model import parse_deal_score
from sim.players.equilibrium_table import read_table


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def win(game_to=10):
    a, b = np.meshgrid(np.arange(game_to), np.arange(game_to), indexing="ij")
    return 1.0 / (1.0 + np.exp(-0.35 * (a - b) - 0.05))


@pytest.fixture
def csv_file(tmp_path):
    path = tmp_path / "w.csv"
    write_win_csv(path, win())
    return path


def test_a_win_table_reads_back_and_its_faults_are_one_line(csv_file, tmp_path):
    assert np.array_equal(load_win_csv(csv_file, 10), win())
    lines = csv_file.read_text().splitlines()
    cases = {"misses 1 of the 100": lines[:-1],
             "given twice": lines + [lines[5]],
             "not a probability": lines[:3] + ["0,2,1.5"] + lines[4:],
             "missing: w": ["dealer_score,other_score"] + [x.rsplit(",", 1)[0] for x in lines[1:]],
             "outside a game to 10": lines + ["10,0,0.5"]}
    for words, text in cases.items():
        bad = tmp_path / "bad.csv"
        bad.write_text("\n".join(text) + "\n")
        with pytest.raises(ValueError, match=words) as e:
            load_win_csv(bad, 10)
        assert "\n" not in str(e.value)
    with pytest.raises(ValueError, match="misses 125"):
        load_win_csv(csv_file, 15)
    assert parse_deal_score("9-8", 10) == (9, 8)
    with pytest.raises(ValueError, match="D-O"):
        parse_deal_score("9", 10)


def test_score_options_go_together_and_a_bad_table_is_refused(csv_file, tmp_path):
    small = ["equilibrium", "--iterations", 1_000, "--batch", 1_000, "--silent", "--out",
             tmp_path / "t.npz"]
    r = run(*small, "--win-table", csv_file)
    assert r.exit_code == 2 and "goes with --score" in r.output, r.output
    # without --win-table, the match-equity table shipped with the rules' score tables; a game
    # to 5 has none
    r = run(*small, "--score", "3-4", "--rules", "game_to=5")
    assert r.exit_code == 2 and "give --win-table FILE.csv" in r.output, r.output
    bad = tmp_path / "bad.csv"
    bad.write_text("dealer_score,other_score,w\n0,0,0.5\n")
    r = run(*small, "--score", "9-8", "--win-table", bad)
    assert r.exit_code == 2 and "misses 99" in r.output and "Traceback" not in r.output
    r = run("exploit", "tuned", "--score", "12-1", "--win-table", csv_file)
    assert r.exit_code == 2 and "outside a game to 10" in r.output, r.output


@pytest.mark.compile
def test_a_table_and_its_exploitability_at_a_score(csv_file, tmp_path):
    out = tmp_path / "t.npz"
    r = run("equilibrium", "--iterations", 1_000, "--batch", 1_000, "--silent", "--out", out,
            "--score", "9-8", "--win-table", csv_file, "--json")
    assert r.exit_code == 0, r.output
    facts = json.loads(r.stdout)
    assert facts["score"] == [9, 8] and facts["game_to"] == 10
    assert np.allclose(read_table(out).meta["win"], win())
    r = run("exploit", f"equilibrium:table={out}", "--samples", 40, "--worlds", 4, "--silent",
            "--score", "9-8", "--win-table", csv_file)
    assert r.exit_code == 0, r.output
    assert "at 9-8" in r.output and "percentage points of game-win probability" in r.output
