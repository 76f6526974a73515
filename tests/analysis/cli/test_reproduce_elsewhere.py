"""A run folder's reproduce line runs as it stands from any folder: relative paths typed in the
repository are recorded absolute, ``--out`` names a new folder (``OUT-rerun``: ``OUT`` exists),
and the manifest holds the SHA-256 of every file the players read."""

from __future__ import annotations

import hashlib
import json
import os
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main

ROOT = Path(__file__).resolve().parents[3]
TOML = "examples/strategies/ace-lover.toml"
CODE = "examples/code_strategy.py:BowerHunter"


def run(args):
    r = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.compile
@pytest.mark.subprocess
def test_a_recorded_line_runs_from_another_folder_into_a_new_one(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)                   # typed in the repository, with relative paths
    first = tmp_path / "runs" / "t"
    first.parent.mkdir()
    rel = os.path.relpath(first, ROOT)
    run(["tournament", TOML, "aggressive", "--hands", 2000, "--games", 0, "--seed", 7,
         "--out", rel, "--silent"])
    manifest = json.loads((first / "manifest.json").read_text())
    line = manifest["command"]
    words = shlex.split(line)
    assert words[:2] == ["euchre-sim", "tournament"]
    assert words[2] == str((ROOT / TOML).resolve())
    assert words[words.index("--out") + 1] == f"{first.resolve()}-rerun"
    toml = str((ROOT / TOML).resolve())
    assert manifest["files"] == {toml: sha256(ROOT / TOML)}
    assert manifest["specs"] == {"ace-lover": toml, "aggressive": "aggressive"}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    run(words[1:])
    again = Path(f"{first.resolve()}-rerun")
    csvs = sorted(p.name for p in first.glob("*.csv"))
    assert csvs and csvs == sorted(p.name for p in again.glob("*.csv"))
    for name in csvs:
        assert (first / name).read_bytes() == (again / name).read_bytes(), name
    assert not list(elsewhere.iterdir())      # nothing written where the line was run


@pytest.mark.compile
@pytest.mark.subprocess
def test_the_manifest_records_every_file_the_players_read(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = tmp_path / "s"
    run(["simulate", "--hands", 2000, "--team0", TOML, "--seat1", CODE, "--out", out,
         "--silent"])
    m = json.loads((out / "manifest.json").read_text())
    code = ROOT / "examples" / "code_strategy.py"
    assert m["strategies"]["files"] == {str((ROOT / TOML).resolve()): sha256(ROOT / TOML),
                                        str(code.resolve()): sha256(code)}
    assert m["strategies"]["specs"][CODE] == f"{code.resolve()}:BowerHunter"
    assert f"--seat1 {code.resolve()}:BowerHunter" in m["command"]
    # run from elsewhere, the line plays the same hands (the code strategy's name, the spec
    # as typed, is the absolute one there)
    monkeypatch.chdir(tmp_path)
    run(shlex.split(m["command"])[1:])
    again = Path(f"{out.resolve()}-rerun")
    for name in ("summary.csv", "by_position.csv"):
        assert (out / name).read_bytes() == (again / name).read_bytes(), name
