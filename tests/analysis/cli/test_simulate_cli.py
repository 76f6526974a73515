"""``euchre-sim simulate``, ``show`` and ``strategies`` through click's CliRunner: output, run
folders, mistakes told in one line, long runs estimated first, resuming."""

import importlib
import json
import re
from pathlib import Path

import click
import pandas as pd
import pytest
from click.testing import CliRunner

import sim.run.hands
from analysis.cli.show import show
from analysis.cli.simulate import simulate
from analysis.cli.strategies import strategies
from analysis.summary import summarise
from analysis.text.hand import format_hand
from sim.cards import parse_card, suit_of
from sim.players import BUILTINS, DEFAULT_STRATEGY
from sim.referee import replay_record
from sim.rules import Rules, parse_rules
from sim.run.hands import RECORD_COLUMNS, RunResult, Table, tally_from_records, trace
from tests.commands import assert_one_line_error as assert_error_line

pytestmark = pytest.mark.compile

HANDS = "20000"
cli = click.Group("euchre-sim", commands=[simulate, show, strategies])


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def stats_of(result) -> dict:
    d = json.loads(result.stdout)
    for k in ("wall_s", "hands_per_s", "threads"):
        d.pop(k)
    return d


def assert_one_line_error(result):
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output


# ---------------------------------------------------------------------------------------------
# simulate


def test_simulate_prints_summary():
    r = run("simulate", "--hands", HANDS, "--seed", 3, "--silent")
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    out = r.stdout
    assert out.startswith("20,000 hands, seed 3, rules: published rules, strategies: "
                          + DEFAULT_STRATEGY)
    assert "hands/s" in out.splitlines()[1]
    pct = r"\s+\d+\.\d\d%  \[\d+\.\d\d, \d+\.\d\d\]$"
    for name in ("made in round 1", "made in round 2", "passed out", "alone", "march", "euchred"):
        assert re.search("^" + re.escape(name) + pct, out, re.M), name
    for name in ("team 0 points", "team 1 points", "dealer's team points"):
        assert re.search("^" + re.escape(name) + r"\s+ \d\.\d{4}  \[", out, re.M), name
    assert re.search(r"^first\s+ *\d+\.\d\d% \[", out, re.M)


def test_progress_bar_on_stderr_unless_silent(monkeypatch):
    from analysis.cli import options

    # as on a terminal (off one the bar says nothing: tests/analysis/cli/test_user_trial.py)
    monkeypatch.setattr(options, "shows_progress", lambda silent: not silent)
    r = run("simulate", "--hands", HANDS, "--seed", 3)
    assert r.exit_code == 0
    assert "hands" in r.stderr
    assert "made in round 1" in r.stdout and "made in round 1" not in r.stderr
    r = run("simulate", "--hands", HANDS, "--seed", 3, "--silent")
    assert r.exit_code == 0 and r.stderr == ""


def test_json_same_seed_same_output_any_threads():
    a = run("simulate", "--hands", HANDS, "--seed", 4, "--json", "--silent", "--threads", 1)
    b = run("simulate", "--hands", HANDS, "--seed", 4, "--json", "--silent")
    c = run("simulate", "--hands", HANDS, "--seed", 5, "--json", "--silent")
    assert a.exit_code == b.exit_code == c.exit_code == 0
    da, db = stats_of(a), stats_of(b)
    assert da == db
    assert da["hands"] == 20000 and da["seed"] == 4
    assert da["statistics"]["made in round 1"]["unit"] == "share"
    assert set(da["by_position"]) == {"first", "second", "third", "dealer"}
    assert stats_of(c)["statistics"] != da["statistics"]
    # the JSON is the summary of the same run through the API
    res = sim.run.hands.simulate(20000, 4)
    df = summarise(res).set_index("statistic")
    for name, s in da["statistics"].items():
        assert s["value"] == df.loc[name, "value"], name


def test_strategy_and_rule_options():
    r = run("simulate", "--hands", 5000, "--json", "--silent", "--team0", "aggressive")
    d = json.loads(r.stdout)
    assert (d["strategies"]["team0"], d["strategies"]["team1"]) == ("aggressive", DEFAULT_STRATEGY)
    r = run("simulate", "--hands", 5000, "--json", "--silent", "--strategy", "random",
            "--team0", "basic")  # fmt: skip
    d = json.loads(r.stdout)
    assert (d["strategies"]["team0"], d["strategies"]["team1"]) == ("basic", "random")
    r = run("simulate", "--hands", 5000, "--json", "--silent", "--stick-the-dealer",
            "--rules", "farmers_hand")  # fmt: skip
    d = json.loads(r.stdout)
    assert d["rules"]["stick_the_dealer"] is True and d["rules"]["farmers_hand"] is True
    assert d["statistics"]["passed out"]["value"] == 0.0
    assert "farmer swaps" in d["statistics"]


def test_out_writes_run_folder(tmp_path):
    out = tmp_path / "runs" / "a"
    r = run("simulate", "--hands", HANDS, "--seed", 6, "--records", "--out", out,
            "--rules", "house", "--silent", "--batch", 8192)  # fmt: skip
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["runs"]
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == ["a"]  # no temp folder
    assert sorted(p.name for p in out.iterdir()) == ["by_position.csv", "manifest.json", "records",
                                                    "summary.csv"]
    parts = sorted(p.name for p in (out / "records").iterdir())
    assert parts == ["part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]

    m = json.loads((out / "manifest.json").read_text())
    assert m["version"] == sim.__version__
    assert m["git_revision"] is None or re.fullmatch(r"[0-9a-f]{40}", m["git_revision"])
    assert m["seed"] == 6 and m["hands"] == 20000
    assert m["rules"] == parse_rules("house").as_dict()
    assert m["strategies"]["seats"] == [DEFAULT_STRATEGY] * 4
    assert m["threads"] >= 1 and m["wall_s"] > 0 and m["hands_per_s"] > 0
    assert m["records"] == {"parts": parts, "rows": 20000}
    assert m["command"].startswith("euchre-sim simulate --hands 20000 --seed 6 --rules house")

    recs = pd.read_parquet(out / "records")
    assert len(recs) == 20000
    assert recs["hand"].tolist() == list(range(20000))
    assert list(recs.columns) == ["hand", *RECORD_COLUMNS]
    # the records are the run's hands: the summary recomputed from them equals summary.csv
    tally = tally_from_records(recs)
    res = RunResult(20000, 6, parse_rules("house"), Table.teams(), tally.reshape(-1))
    res.tally = tally.reshape(sim.run.hands.TALLY_SHAPE)
    csv = pd.read_csv(out / "summary.csv")
    pd.testing.assert_frame_equal(csv, summarise(res), rtol=1e-12)
    # and equal the hands the API plays for that seed
    api = sim.run.hands.simulate(20000, 6, parse_rules("house"), records=True).records
    pd.testing.assert_frame_equal(recs, api)


def test_out_refuses_existing_and_force_overwrites(tmp_path):
    out = tmp_path / "run"
    assert run("simulate", "--hands", 4096, "--out", out, "--silent").exit_code == 0
    first = (out / "manifest.json").read_text()
    r = run("simulate", "--hands", 4096, "--out", out, "--silent", "--seed", 2)
    assert_one_line_error(r)
    assert "not empty" in r.output and "--force" in r.output
    assert (out / "manifest.json").read_text() == first
    r = run("simulate", "--hands", 4096, "--out", out, "--silent", "--seed", 2, "--force")
    assert r.exit_code == 0, r.output
    assert json.loads((out / "manifest.json").read_text())["seed"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]
    # an empty folder is fine without --force; a folder that is not a run is never overwritten
    (tmp_path / "empty").mkdir()
    assert run("simulate", "--hands", 4096, "--out", tmp_path / "empty", "--silent").exit_code == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("keep me")
    r = run("simulate", "--hands", 4096, "--out", other, "--silent", "--force")
    assert_one_line_error(r)
    assert (other / "notes.txt").read_text() == "keep me"


@pytest.mark.parametrize(
    "args,message",
    [
        (["--hands", 0], "--hands must be at least 1"),
        (["--hands", -5], "--hands must be at least 1"),
        (["--strategy", "nope"], "unknown strategy 'nope'"),
        (["--team0", "nope"], "unknown strategy 'nope'"),
        (["--rules", "nope"], "unknown rule 'nope'"),
        (["--rules", "game_to=3"], "game_to must be 5, 7 or 10"),
        (["--threads", 0], "--threads must be at least 1"),
        (["--seed", -1], "seed must be between"),
        (["--strategy", "basic", "--team0", "basic", "--team1", "random"], "--strategy conflicts"),
    ],
)
def test_bad_input_one_line_no_folder(tmp_path, args, message):
    out = tmp_path / "run"
    r = run("simulate", "--hands", 1000, *args, "--out", out, "--records", "--silent")
    assert_one_line_error(r)
    assert message in r.output
    assert list(tmp_path.iterdir()) == []


def test_records_needs_out():
    r = run("simulate", "--hands", 1000, "--records", "--silent")
    assert_one_line_error(r)
    assert r.exit_code == 2
    assert "--records needs --out DIR" in r.output


def test_unwritable_out(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    for out in (afile, afile / "run", afile / "deeper" / "run"):
        r = run("simulate", "--hands", 1000, "--out", out, "--silent")
        assert_one_line_error(r)
        assert str(out) in r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]
    assert afile.read_text() == "x"


def test_ctrl_c_removes_temp_folder(tmp_path, monkeypatch):
    real = sim.run.hands.simulate

    def interrupted(hands, seed, rules, table, **kw):
        # write one real part, then the user presses Ctrl-C
        res = real(4096, seed, rules, table, records=True, batch=4096, threads=1)
        kw["on_records"](res.records, 0)
        raise KeyboardInterrupt

    monkeypatch.setattr(sim.run.hands, "simulate", interrupted)
    out = tmp_path / "new" / "run"
    r = run("simulate", "--hands", 8192, "--records", "--out", out, "--silent")
    assert r.exit_code == 130
    assert r.stderr.strip().startswith("interrupted: nothing written; ")
    assert len(r.stderr.strip().splitlines()) == 1 and "--resume" in r.stderr
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == []  # the temp folder and the parent it made are gone


# ---------------------------------------------------------------------------------------------
# show


@pytest.fixture(scope="module")
def house_records():
    return sim.run.hands.simulate(
        4000, 9, parse_rules("house"), Table.teams("random"), records=True
    ).records


def test_show_layout():
    r = run("show", "--seed", 1, "--hand", 5)
    assert r.exit_code == 0, r.output
    rec = trace(1, [5])[0]
    out = r.stdout
    lines = out.splitlines()
    assert lines[0] == ("hand 5 of seed 1: published rules; strategies: "
                        f"{DEFAULT_STRATEGY} (both teams)")
    dealer = rec["dealer"]
    assert lines[1] == f"dealer: seat {dealer} (team {dealer % 2})"
    positions = ["first", "second", "third", "dealer"]
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        line = lines[2 + k]
        assert line.startswith(f"  seat {seat} ({positions[k]})")
        cards = line.split("   ")[-1].split()
        assert sorted(cards) == sorted(rec["hands"][seat])
        suits = [suit_of(parse_card(c)) for c in cards]
        assert suits == sorted(suits)
    assert f"upcard: {rec['upcard']}" in out
    assert out.count("bidding, round 1:") == 1
    for b in rec["bids"]:
        assert re.search(rf"^  seat {b['seat']} \(\w+\): ", out, re.M)
    tricks = [line for line in lines if line.startswith("  trick ")]
    res = replay_record({k: v for k, v in rec.items() if k != "index"})
    if res["passed_out"]:
        assert "passed out" in out
        return
    assert len(tricks) == 5
    for line, w in zip(tricks, res["trick_winners"], strict=True):
        assert line.endswith(f"-> seat {w} (team {w % 2})")
        assert line.count("*") == 1 and re.search(rf"seat {w} \w\w\*", line)
    assert f"points: team 0 {res['points'][0]}, team 1 {res['points'][1]}" in out
    assert f"tricks: team 0 {res['tricks'][0]}, team 1 {res['tricks'][1]}" in out


def test_show_special_hands(house_records):
    recs = house_records
    alone = recs[(recs["alone"] == 1) & (recs["defender_alone"] < 0)]["hand"].iloc[0]
    lone_def = recs[recs["defender_alone"] >= 0]["hand"].iloc[0]
    round2 = recs[recs["round"] == 2]["hand"].iloc[0]
    for idx in (alone, lone_def, round2):
        row = recs.iloc[idx]
        r = run("show", "--seed", 9, "--hand", idx, "--rules", "house", "--strategy", "random")
        assert r.exit_code == 0, r.output
        out = r.stdout
        assert out.count(" sits out") == row["alone"] + (row["defender_alone"] >= 0)
        assert out.count(": defend ALONE") == (row["defender_alone"] >= 0)
        made_alone = re.search(r": (order up|call \w+) ALONE$", out, re.M) is not None
        assert made_alone == bool(row["alone"])
        assert f"in round {row['round']}" in out
        assert ("bidding, round 2:" in out) == (row["round"] == 2)
        assert f"points: team 0 {row['points0']}, team 1 {row['points1']} (" in out
        n = 4 - row["alone"] - (row["defender_alone"] >= 0)
        tricks = [line for line in out.splitlines() if line.startswith("  trick ")]
        assert len(tricks) == 5 and all(t.count(", seat ") == n - 1 for t in tricks)
        assert "referee:" not in out
    # a passed-out hand (published rules; basic passes out about 1 hand in 200)
    pub = sim.run.hands.simulate(4000, 9, Rules(), Table.teams("conservative"),
                                 records=True).records
    passed = pub[pub["round"] == 0]["hand"].iloc[0]
    text = format_hand(trace(9, [passed], Rules(), Table.teams("conservative"))[0])
    assert "passed out" in text and "trick" not in text
    assert text.count("bidding, round") == 2 and text.count(": pass") == 8


def test_show_json_is_a_replayable_record():
    r = run("show", "--seed", 2, "--hand", 17, "--rules", "house", "--json")
    assert r.exit_code == 0, r.output
    assert len(r.stdout.strip().splitlines()) == 1
    rec = json.loads(r.stdout)
    expected = trace(2, [17], parse_rules("house"))[0]
    assert rec.pop("note") == "seed 2, hand 17"
    assert rec == expected
    assert "error" not in replay_record(rec)


@pytest.mark.parametrize(
    "args,message",
    [
        (["--hand", -1], "--hand must be 0 or more"),
        (["--hand", 1, "--strategy", "zz"], "unknown strategy 'zz'"),
        (["--hand", 1, "--rules", "zz"], "unknown rule 'zz'"),
        (["--hand", 1, "--seed", -2], "seed must be between"),
    ],
)
def test_show_bad_input(args, message):
    r = run("show", *args)
    assert_one_line_error(r)
    assert message in r.output


# ---------------------------------------------------------------------------------------------
# strategies and help


def test_strategies_lists_builtins_and_marks_differences():
    r = run("strategies")
    assert r.exit_code == 0
    out = r.stdout
    for name, s in BUILTINS.items():
        assert f"{name}: {s.description}" in out
    blocks = {b.split(":")[0]: b for b in out.split("\n\n")}
    assert "parameter" not in blocks["random"]
    assert "*" not in blocks["basic"]
    assert re.search(r"^  order_threshold\s+8 \* points needed", blocks["conservative"], re.M)
    assert re.search(r"^  right_bower\s+3\.2   value", blocks["conservative"], re.M)
    assert blocks["conservative"].count("*") == 3
    one = run("strategies", "aggressive")
    assert one.stdout.startswith("aggressive: ") and "conservative" not in one.stdout
    d = json.loads(run("strategies", "--json").stdout)
    assert d["trump-count"]["params"]["order_threshold"] == 3.0
    assert "params" not in d["random"]
    assert_one_line_error(run("strategies", "nope"))


@pytest.mark.parametrize("command", ["simulate", "show", "strategies"])
def test_help_has_examples(command):
    r = run(command, "--help")
    assert r.exit_code == 0
    assert "Example:" in r.stdout
    assert f"euchre-sim {command}" in r.stdout


def test_every_command_is_registered_in_the_main_group():
    import analysis.cli
    from analysis.cli import main

    assert main.commands["simulate"] is simulate
    assert main.commands["show"] is show
    assert main.commands["strategies"] is strategies
    # every command defined in analysis/cli/ is reachable from the euchre-sim group
    folder = Path(analysis.cli.__file__).parent
    defined = set()
    for path in folder.glob("*.py"):
        module = importlib.import_module(f"analysis.cli.{path.stem}")
        defined |= {obj for obj in vars(module).values()
                    if isinstance(obj, click.Command) and not isinstance(obj, click.Group)}
    missing = defined - set(main.commands.values())
    assert len(defined) >= 14 and not missing, missing


# ---------------------------------------------------------------------------------------------
# simulate and show: a mistake is one line naming what to do, a long run says so first,
# resuming names what it cannot use, run folders have the by-position table


def test_show_hand_too_large_is_one_line():
    r = run("show", "--hand", "99999999999999999999")
    assert_error_line(r, "99999999999999999999", "out of range")


def test_threads_past_the_machine_are_said(monkeypatch):
    import sim.run.hands

    monkeypatch.setattr(sim.run.hands, "default_threads", lambda: 2)
    r = run("simulate", "--hands", 4096, "--silent", "--threads", 999)
    assert r.exit_code == 0, r.output
    assert "warning: --threads 999 is more than the 2 threads available here" in r.stderr


def test_a_hand_count_past_64_bits_is_refused():
    r = run("simulate", "--hands", "99999999999999999999999", "--yes", "--silent")
    assert_error_line(r, "--hands must be at most 2**63-1", "99999999999999999999999")


def test_a_run_of_days_is_refused_without_yes(tmp_path):
    r = run("simulate", "--hands", 10**13, "--silent", "--out", tmp_path / "x")
    assert_error_line(r, "10,000,000,000,000 hands", "take about", "days", "--yes")
    assert list(tmp_path.iterdir()) == []


def test_a_long_run_prints_its_estimate(monkeypatch):
    import importlib

    import sim.run.sizes

    # the module, not the command of the same name that analysis.cli holds
    monkeypatch.setattr(importlib.import_module("analysis.cli.simulate"), "ESTIMATE_FROM", 4096)
    monkeypatch.setattr(sim.run.sizes, "estimate_seconds", lambda n, *a, **k: (n / 40.0, 40.0))
    r = run("simulate", "--hands", 4096 * 2, "--silent")  # "about 3 min"
    assert r.exit_code == 0, r.output
    assert "estimate: 8,192 hands at about 40 hands/s here (from a warm-up) take about 3 min" \
        in r.stderr
    r = run("simulate", "--hands", 40 * 7200, "--silent")
    assert_error_line(r, "about 2.0 hours", "--yes")
    monkeypatch.setattr(sim.run.sizes, "estimate_seconds", lambda n, *a, **k: (7200.0, 1.0))
    r = run("simulate", "--hands", 4096, "--silent", "--yes")
    assert r.exit_code == 0 and "about 2.0 hours" in r.stderr, r.output


def test_progress_bars_say_nothing_off_a_terminal():
    r = run("simulate", "--hands", 2000)  # no --silent: stderr is not a terminal here
    assert r.exit_code == 0, r.output
    assert r.stderr == ""


def test_resume_names_a_damaged_chunk(tmp_path):
    out = tmp_path / "big"
    r = run("simulate", "--hands", 200_000, "--scheduler", "threads", "--batch", 65536,
            "--out", out, "--silent")
    assert r.exit_code == 0, r.output
    (out / "manifest.json").unlink()  # as if interrupted before the end
    chunk = out / "chunks" / "chunk-000001.npy"
    chunk.write_bytes(chunk.read_bytes()[:20])
    r = run("simulate", "--resume", out, "--silent")
    assert_error_line(r, str(chunk), "damaged", "remove the file")
    chunk.unlink()
    r = run("simulate", "--resume", out, "--silent")
    assert r.exit_code == 0, r.output


def test_resume_of_a_folder_that_is_no_chunked_simulate_run(tmp_path):
    ladder = tmp_path / "lad"
    ladder.mkdir()
    for name in ("manifest.json", "pairs.csv", "ratings.csv"):
        (ladder / name).write_text("{}\n")
    r = run("simulate", "--resume", ladder, "--silent")
    assert_error_line(r, str(ladder), "not a resumable simulate folder")
    assert "already complete" not in r.output


def test_run_folder_has_the_by_position_table(tmp_path):
    import pandas as pd

    out = tmp_path / "run"
    r = run("simulate", "--hands", 4096, "--seed", 3, "--out", out, "--silent")
    assert r.exit_code == 0, r.output
    d = json.loads(run("simulate", "--hands", 4096, "--seed", 3, "--silent", "--json").output)
    csv = pd.read_csv(out / "by_position.csv")
    assert list(csv.columns) == ["position", "statistic", "value", "low", "high", "n", "unit"]
    for row in csv.itertuples():
        assert abs(d["by_position"][row.position][row.statistic]["value"] - row.value) < 1e-9
    chunked = tmp_path / "chunked"
    r = run("simulate", "--hands", 4096, "--seed", 3, "--out", chunked, "--silent",
            "--scheduler", "threads")
    assert r.exit_code == 0, r.output
    assert pd.read_csv(chunked / "by_position.csv").equals(csv)

