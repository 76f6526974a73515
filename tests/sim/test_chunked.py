"""Chunked runs (``sim.run.chunked``): local chunks, Dask ``LocalCluster``, resumable run folders.

The Dask tests need the ``distributed`` extra and are skipped without it; the chunking, resume
and missing-extra tests run everywhere.
"""

import json
import sys
import time

import click
import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from analysis.cli.simulate import simulate
from analysis.summary import summarise
from sim.players import Strategy
from sim.players.registry import BASIC_PLAYER
from sim.run import chunked as D
from sim.run.hands import Table, tally_from_records
from sim.run.hands import simulate as run_hands

pytestmark = pytest.mark.compile

HANDS = 200_000
CHUNK = 1 << 16  # 4 chunks, the last one short
cli = click.Group("euchre-sim", commands=[simulate])


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def stats_of(result) -> dict:
    assert result.exit_code == 0, result.output
    d = json.loads(result.stdout)
    for k in ("wall_s", "hands_per_s", "threads"):
        d.pop(k)
    return d


def assert_one_line_error(result, contains):
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert contains in lines[0], result.output


@pytest.fixture(scope="module")
def reference():
    return run_hands(HANDS, 7, table=Table.teams("basic", "aggressive"))


def test_chunks_cover_the_run():
    assert D.chunk_ranges(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert D.chunk_ranges(8, 4) == [(0, 4), (4, 8)]


def test_chunked_local_run_equals_one_piece_run(tmp_path, reference):
    cr = D.run_chunked(HANDS, 7, table=reference.table, chunk_hands=CHUNK, run_dir=tmp_path / "r",
                       records=True)  # fmt: skip
    assert np.array_equal(cr.result.tally, reference.tally)
    assert summarise(cr.result).equals(summarise(reference))
    assert cr.workers["local"]["chunks"] == 4 and cr.workers["local"]["hands"] == HANDS
    parts = sorted((tmp_path / "r" / "records").glob("part-*.parquet"))
    assert [p.name for p in parts] == [f"part-{k:06d}.parquet" for k in range(4)]
    frame = pd.concat([pd.read_parquet(p) for p in parts], ignore_index=True)
    assert np.array_equal(frame["hand"].to_numpy(), np.arange(HANDS))
    assert np.array_equal(tally_from_records(frame).reshape(reference.tally.shape),
                          reference.tally)  # fmt: skip
    assert not list((tmp_path / "r").rglob(".*tmp*"))  # no temporary files left behind


def test_interrupted_run_resumes_to_the_same_result(tmp_path, reference):
    run_dir = tmp_path / "run"
    finished = []

    def stop_after_two(n):
        finished.append(n)
        if len(finished) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        D.run_chunked(HANDS, 7, table=reference.table, chunk_hands=CHUNK, run_dir=run_dir,
                      progress=stop_after_two)  # fmt: skip
    assert sorted(p.name for p in (run_dir / "chunks").iterdir()) == [
        "chunk-000000.npy", "chunk-000001.npy"
    ]  # fmt: skip
    assert D.progress_of(run_dir) == (2, 4)

    seen = []
    cr = D.resume(run_dir, progress=seen.append)
    assert cr.resumed_chunks == 2
    assert seen == [2 * CHUNK, CHUNK, HANDS - 3 * CHUNK]  # the saved chunks, then the rest
    assert np.array_equal(cr.result.tally, reference.tally)
    assert summarise(cr.result).equals(summarise(reference))


def test_cli_resume_finishes_an_interrupted_run(tmp_path):
    run_dir = tmp_path / "run"
    table = Table.teams("basic", "aggressive")
    calls = []

    def stop_after_one(n):
        calls.append(n)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        D.run_chunked(HANDS, 7, table=table, chunk_hands=CHUNK, run_dir=run_dir,
                      progress=stop_after_one)  # fmt: skip
    # an unfinished folder is not silently overwritten
    r = run("simulate", "--hands", HANDS, "--scheduler", "threads", "--out", run_dir, "--silent")
    assert_one_line_error(r, f"--resume {run_dir}")
    # --resume needs no other run options, and takes none
    assert_one_line_error(run("simulate", "--resume", run_dir, "--seed", 3), "--seed")

    resumed = run("simulate", "--resume", run_dir, "--silent", "--json")
    plain = run("simulate", "--hands", HANDS, "--seed", 7, "--team0", "basic",
                "--team1", "aggressive", "--silent", "--json")  # fmt: skip
    assert stats_of(resumed) == stats_of(plain)
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["hands"] == HANDS and manifest["chunk_hands"] == CHUNK
    assert manifest["resumed_chunks"] == 1 and manifest["chunks"] == 4
    assert manifest["workers"]["local"]["chunks"] == 3
    assert (run_dir / "summary.csv").is_file()


def test_scheduler_without_the_extra_is_one_clear_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    r = run("simulate", "--hands", 1000, "--scheduler", "local:2", "--silent")
    assert_one_line_error(r, "pip install 'euchre-sim[distributed]'")
    with pytest.raises(ValueError, match=r"distributed extra"):
        D.run_chunked(1000, 1, scheduler="tcp://127.0.0.1:8786")


def test_bad_scheduler_address_is_one_clear_line():
    assert_one_line_error(run("simulate", "--hands", 1000, "--scheduler", "nowhere", "--silent"),
                          "tcp://HOST:PORT or local:N")  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Dask LocalCluster (the distributed extra)


@pytest.mark.subprocess
def test_local_cluster_gives_the_threaded_result(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "dask"
    args = ["--hands", HANDS, "--seed", 3, "--rules", "house", "--silent", "--json"]
    dask = run("simulate", *args, "--scheduler", "local:2", "--batch", CHUNK, "--out", out)
    threaded = run("simulate", *args)
    assert stats_of(dask) == stats_of(threaded)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["chunk_hands"] == CHUNK and manifest["scheduler"] == "local:2"
    workers = manifest["workers"]
    assert all(a.startswith("tcp://") for a in workers)
    assert sum(w["chunks"] for w in workers.values()) == 4
    assert all(w["hands_per_s"] > 0 for w in workers.values())
    assert len(list((out / "chunks").iterdir())) == 4


@pytest.mark.subprocess
def test_chunk_that_raises_in_a_worker_is_one_clear_error():
    pytest.importorskip("distributed")
    # a parameter the kernel arrays do not know: fails inside the worker, not on the client
    broken = Strategy("broken", BASIC_PLAYER, {"no_such_parameter": 1.0})
    t0 = time.perf_counter()
    with pytest.raises(RuntimeError, match=r"^chunk \d+ \(hands \d+\.\.\d+\) failed on worker "
                       r"tcp://[\d.:]+: KeyError: 'no_such_parameter'$"):  # fmt: skip
        D.run_chunked(HANDS, 1, table=Table((broken,) * 4), chunk_hands=CHUNK,
                      scheduler="local:2")  # fmt: skip
    assert time.perf_counter() - t0 < 60


# --- --scheduler on the analysis commands (sim.open_executor) -----------------


def _csvs(folder):
    return {p.name: p.read_text() for p in sorted(folder.glob("*.csv"))}


@pytest.mark.slow
@pytest.mark.subprocess
def test_analysis_commands_on_a_local_cluster_equal_local_runs(tmp_path):
    pytest.importorskip("distributed")
    from click.testing import CliRunner

    from analysis.cli import main

    runner = CliRunner()
    for i, args in enumerate((
        ["order-up", "--hands", "20000", "--deals", "3000", "--seed", "4"],
        ["compare-rules", "--hands", "20000", "--games", "500", "--seed", "4"],
        ["tournament", "basic", "trump-count", "--hands", "20000", "--games", "500"],
        ["tournament", "pimc:worlds=8,bid_worlds=4", "basic", "--hands", "40", "--games", "3"],
    )):
        local, dask = tmp_path / f"{i}-local", tmp_path / f"{i}-dask"
        r = runner.invoke(main, [*args, "--out", str(local), "--silent"])
        assert r.exit_code == 0, r.output
        r = runner.invoke(main, [*args, "--out", str(dask), "--silent", "--scheduler", "local:2"])
        assert r.exit_code == 0, r.output
        assert _csvs(local) == _csvs(dask) and _csvs(local), args[0]


def test_analysis_scheduler_bad_address_is_one_line(tmp_path):
    from click.testing import CliRunner

    from analysis.cli import main

    r = CliRunner().invoke(main, ["alone", "--hands", "1000", "--deals", "100", "--out",
                                  str(tmp_path / "x"), "--scheduler", "nowhere"])
    assert r.exit_code == 1 and "--scheduler nowhere" in r.output, r.output
    assert not (tmp_path / "x").exists()


SPECS = ["tuned", "basic:order_threshold=7.5", "pimc:worlds=20",
         "examples/strategies/lighter-dealer-partner.toml", "examples.code_strategy:BowerHunter",
         "examples/code_strategy.py:BowerHunter", "examples/bot.py:TrumpCounter"]


@pytest.mark.parametrize("spec", SPECS)
def test_a_recorded_strategy_is_rebuilt_exactly_from_another_folder(spec, tmp_path, monkeypatch):
    from sim.players import load_strategy
    from sim.players.recorded import rebuild, recorded

    s = load_strategy(spec)
    d = json.loads(json.dumps(recorded(s)))
    monkeypatch.chdir(tmp_path)
    again = rebuild(d)
    assert (again.name, again.player, again.params, again.impl) == (s.name, s.player, s.params,
                                                                    s.impl)


def _stop_after(k):
    done = []

    def progress(n):
        done.append(n)
        if len(done) == k:
            raise KeyboardInterrupt
    return progress


def test_a_resumed_run_plays_the_table_file_it_started_with(tmp_path):
    import shutil

    from sim.equilibrium import equilibrium_table_path
    from sim.rules import Rules

    mine = tmp_path / "mine.npz"
    shutil.copy(equilibrium_table_path(Rules()), mine)
    table = Table.teams(f"equilibrium:table={mine}", "tuned")
    run_dir = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        D.run_chunked(3 * CHUNK, 7, table=table, chunk_hands=CHUNK, run_dir=run_dir,
                      progress=_stop_after(1))
    *_, again, _, _ = D.spec_values(D.read_run_spec(run_dir), run_dir)
    assert again.seats[0].params == {"table": str(mine)}      # not the committed table
    whole = run_hands(3 * CHUNK, 7, table=table)
    assert np.array_equal(D.resume(run_dir).result.tally, whole.tally)


def test_a_table_typed_by_its_name_in_its_folder_resumes_there_and_elsewhere(tmp_path,
                                                                             monkeypatch):
    """``--strategy equilibrium:table=small.npz`` typed in the table's folder, interrupted:
    ``simulate --resume`` from that folder (and from another) finishes it, the same file."""
    import shutil

    from sim.equilibrium import equilibrium_table_path
    from sim.rules import Rules

    shutil.copy(equilibrium_table_path(Rules()), tmp_path / "small.npz")
    monkeypatch.chdir(tmp_path)
    table = Table.teams("equilibrium:table=small.npz", "tuned")
    with pytest.raises(KeyboardInterrupt):
        D.run_chunked(3 * CHUNK, 7, table=table, chunk_hands=CHUNK, run_dir="run",
                      progress=_stop_after(1))
    resumed = run("simulate", "--resume", "run", "--silent", "--json")
    assert resumed.exit_code == 0, resumed.output
    whole = stats_of(run("simulate", "--hands", 3 * CHUNK, "--seed", 7, "--team0",
                         "equilibrium:table=small.npz", "--team1", "tuned", "--silent", "--json"))
    again = stats_of(resumed)
    # the same players (the resumed one names its table by its whole path in its parameters)
    assert again.pop("strategies")["seats"] == whole.pop("strategies")["seats"]
    assert again == whole
    *_, again, _, _ = D.spec_values(D.read_run_spec(tmp_path / "run"), tmp_path / "run")
    assert again.seats[0].params == {"table": str(tmp_path.resolve() / "small.npz")}
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    D.spec_values(D.read_run_spec(tmp_path / "run"), tmp_path / "run")   # rebuilt here too


def test_a_run_that_cannot_be_rebuilt_exactly_is_not_resumed(tmp_path):
    toml = tmp_path / "mine.toml"
    toml.write_text('base = "basic"\n[params]\norder_threshold = 7.0\n')
    for table, spoil, words in (
            (Table.teams(str(toml)), lambda: toml.write_text('base = "basic"\n'),
             "has changed since the run started"),
            (Table((Strategy("made-here", BASIC_PLAYER, {"order_threshold": 7.0}),) * 4),
             lambda: None, "made in Python")):
        run_dir = tmp_path / f"run-{words[:4]}"
        with pytest.raises(KeyboardInterrupt):
            D.run_chunked(2 * CHUNK, 7, table=table, chunk_hands=CHUNK, run_dir=run_dir,
                          progress=_stop_after(1))
        spoil()
        with pytest.raises(ValueError, match=words):
            D.resume(run_dir)
