"""The reproduce line: every run folder records the command that, run again, writes the same files.

Each command below is run with TOML files, a code strategy, seat overrides and rule options;
the line its manifest records is then run as it stands (into ``OUT-rerun``, the folder it
names), and every file of the second folder must equal the first byte for byte (manifests:
apart from how the run went: timings, workers, chunks resumed; and the line itself, which names
its own ``-rerun`` folder).  ``test_reproduce_elsewhere.py`` runs a line from another folder.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main

pytestmark = pytest.mark.compile

ROOT = Path(__file__).resolve().parents[3]
TOML = "examples/strategies/ace-lover.toml"
CODE = "examples.code_strategy:BowerHunter"
# how a run went rather than what it computed: its timings, its workers, chunks found done
HOW_IT_RAN = {"wall_s", "compile_s", "timings_s", "hands_per_s", "games_per_s", "deals_per_s",
              "workers", "resumed_chunks"}


def run(args: list[str]):
    r = CliRunner().invoke(main, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r


def recorded(out: Path) -> str:
    return json.loads((out / "manifest.json").read_text())["command"]


def manifest_without_timings(path: Path) -> dict:
    m = {k: v for k, v in json.loads(path.read_text()).items() if k not in HOW_IT_RAN}
    if "command" in m:   # the line a rerun records names its own folder, OUT-rerun-rerun
        m["command"] = m["command"].replace("-rerun-rerun", "-rerun")
    return m


def assert_same_folders(a: Path, b: Path) -> None:
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert files_a == files_b
    for rel in files_a:
        if rel.name in ("manifest.json", "run.json"):    # a chunked run's plan holds it too
            assert manifest_without_timings(a / rel) == manifest_without_timings(b / rel), rel
        else:
            assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


def rerun_recorded(out: Path, tmp_path: Path) -> str:
    """Run the first run's recorded line as it stands (into OUT-rerun), compare the folders."""
    line = recorded(out)
    words = shlex.split(line)
    assert words[0] == "euchre-sim"
    assert words[words.index("--out") + 1] == f"{out.resolve()}-rerun"
    run(words[1:])
    assert_same_folders(out, Path(f"{out.resolve()}-rerun"))
    return line


CASES = {
    "simulate": ["simulate", "--hands", "20000", "--seed", "3", "--team0", TOML,
                 "--seat3", "aggressive", "--rules", "stick_the_dealer", "--records"],
    "simulate code": ["simulate", "--hands", "20000", "--team0", CODE, "--seat1", TOML,
                      "--stick-the-dealer"],
    "games": ["simulate", "--games", "300", "--seed", "2", "--team1", TOML, "--seat0",
              "random", "--rules", "house,game_to=7", "--records"],
    "order-up": ["order-up", "--hands", "4000", "--deals", "600", "--seed", "4",
                 "--team0", TOML, "--seat1", "aggressive", "--rules", "stick_the_dealer"],
    "alone": ["alone", "--hands", "4000", "--deals", "600", "--seed", "5", "--strategy",
              "basic", "--seat2", TOML, "--rules", "house"],
    "compare-rules": ["compare-rules", "--hands", "4000", "--games", "40", "--seed", "6",
                      "--team0", TOML, "--seat3", "aggressive", "--b", "house"],
    "tournament": ["tournament", TOML, "aggressive", "--hands", "2000", "--games", "40",
                   "--seed", "7", "--rules", "defend_alone"],
    "ladder": ["ladder", "basic", TOML, "random", "--hands", "2000", "--games", "40",
               "--seed", "8", "--rules", "stick_the_dealer"],
}


@pytest.mark.parametrize("name", CASES)
def test_the_recorded_line_writes_the_same_files(name, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the strategy paths are relative to the repository
    out = tmp_path / "run"
    run([*CASES[name], "--silent", "--out", str(out)])
    line = rerun_recorded(out, tmp_path)
    # every option the user gave is in the line as typed, its files made absolute
    for word in CASES[name][1:]:
        typed = str((ROOT / word).resolve()) if word.endswith(".toml") else word
        assert typed in shlex.split(line), (word, line)


def test_the_line_holds_what_was_typed_in_the_commands_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run(["simulate", "--hands", "2000", "--seat3", "aggressive", "--team0",
         str(ROOT / TOML), "--rules", "stick_the_dealer", "--silent", "--out", "D"])
    assert recorded(tmp_path / "D") == (
        f"euchre-sim simulate --hands 2000 --seed 1 --rules stick_the_dealer "
        f"--team0 {(ROOT / TOML).resolve()} --seat3 aggressive "
        f"--out {(tmp_path / 'D').resolve()}-rerun --silent"
    )


def test_a_chunked_run_keeps_its_line_when_resumed(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = tmp_path / "run"
    args = ["simulate", "--hands", "40000", "--batch", "16384", "--seed", "9", "--team1", TOML,
            "--seat2", "conservative", "--scheduler", "threads", "--silent", "--out", str(out)]
    run(args)
    line = recorded(out)
    assert str((ROOT / TOML).resolve()) in line and "--seat2 conservative" in line
    assert "--scheduler threads" in line
    # as if interrupted after the first chunk: finishing it with --resume keeps the first line
    (out / "manifest.json").unlink()
    (out / "summary.csv").unlink()
    for chunk in sorted((out / "chunks").glob("chunk-*"))[1:]:
        chunk.unlink()
    run(["simulate", "--resume", str(out), "--silent"])
    assert recorded(out) == line
    rerun_recorded(out, tmp_path)
