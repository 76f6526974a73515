"""``euchre-sim equilibrium`` and its files (issue 57): an existing table is not overwritten
without ``--force``, an unwritable ``--out`` is refused before the solve, a damaged checkpoint
is one line, the checkpoint goes when the run completes (unless ``--keep-checkpoint``), a bad
``--checkpoint-every`` is refused, and a small table says it is a rough draft."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

import sim
from analysis.cli import main
from sim.players.equilibrium_table import read_table

SMALL = ["equilibrium", "--iterations", 2_000, "--batch", 1_000, "--silent"]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def assert_one_line_error(result, *words, code=1):
    assert result.exit_code == code, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for w in words:
        assert w in errors[0], errors[0]


@pytest.mark.compile
def test_an_existing_table_is_kept_without_force(tmp_path):
    out = tmp_path / "t.npz"
    out.write_bytes(b"a table I want to keep")
    assert_one_line_error(run(*SMALL, "--out", out), f"--out {out} exists", "--force")
    assert out.read_bytes() == b"a table I want to keep"
    r = run(*SMALL, "--out", out, "--force")
    assert r.exit_code == 0, r.output
    assert read_table(out).meta["iterations"] == 2_000


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
def test_an_unwritable_out_is_refused_before_the_solve(monkeypatch):
    def solve(*a, **k):
        raise AssertionError("the solve started")

    monkeypatch.setattr(sim, "solve_equilibrium", solve)
    assert_one_line_error(run(*SMALL, "--out", "/proc/euchre-sim-table.npz"),
                          "--out /proc/euchre-sim-table.npz: cannot write there")


@pytest.mark.compile
def test_the_checkpoint_goes_when_the_run_completes_unless_kept(tmp_path):
    out = tmp_path / "t.npz"
    r = run(*SMALL, "--out", out)
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.npz"]
    assert "; checkpoint" not in r.stdout
    r = run(*SMALL, "--out", tmp_path / "k.npz", "--keep-checkpoint", "--json")
    assert r.exit_code == 0, r.output
    kept = tmp_path / "k.checkpoint.npz"
    assert kept.is_file() and json.loads(r.stdout)["checkpoint"] == str(kept)
    # a kept checkpoint goes on with --resume, which writes over its own table
    r = run(*SMALL[:2], 4_000, *SMALL[3:], "--out", tmp_path / "k.npz", "--resume")
    assert r.exit_code == 0, r.output
    assert not kept.exists()


@pytest.mark.compile
def test_a_damaged_checkpoint_is_one_line(tmp_path):
    out = tmp_path / "t.npz"
    r = run(*SMALL, "--out", out, "--keep-checkpoint")
    assert r.exit_code == 0, r.output
    checkpoint = tmp_path / "t.checkpoint.npz"
    checkpoint.write_bytes(checkpoint.read_bytes()[:1000])
    r = run(*SMALL[:2], 4_000, *SMALL[3:], "--out", out, "--resume")
    assert_one_line_error(r, str(checkpoint), "not a readable checkpoint", "delete it",
                          "without --resume")


@pytest.mark.parametrize("every", ["-1", "nan", "inf"])
def test_the_checkpoint_interval_is_a_number_of_seconds(every, tmp_path):
    r = run(*SMALL, "--out", tmp_path / "t.npz", "--checkpoint-every", every)
    assert_one_line_error(r, "--checkpoint-every must be a number of seconds", every)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.compile
def test_a_small_table_says_it_is_a_rough_draft(tmp_path):
    out = tmp_path / "t.npz"
    r = run(*SMALL, "--out", out)
    assert r.exit_code == 0, r.output
    note = r.stderr.strip()
    assert note.startswith("note: a table of 2,000 deals is a rough draft"), r.stderr
    assert "points a hand" in note and "150,000,000" in note and f"exploit {out}" in note
    r = run(*SMALL, "--out", tmp_path / "j.npz", "--json")
    assert json.loads(r.stdout)["note"] == note.replace(str(out), str(tmp_path / "j.npz"))
