"""The rough edges a new user found (issue 21, section 3): each one a clear line, a non-zero
exit and no half-written file, or a feature that was missing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main
from sim.players import load_strategy


def run(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], **kwargs)


def assert_one_line_error(result, *words):
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for w in words:
        assert w in errors[0], errors[0]


# ---------------------------------------------------------------------------------------------
# show --hand with a number too large for the kernel


def test_show_hand_too_large_is_one_line():
    r = run("show", "--hand", "99999999999999999999")
    assert_one_line_error(r, "99999999999999999999", "out of range")


# ---------------------------------------------------------------------------------------------
# advise with too few deals for an interval


def test_advise_one_deal_prints_no_nan():
    args = ["advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--deals", "1",
            "--silent"]
    r = run(*args)
    assert r.exit_code == 0, r.output
    assert "nan" not in r.output
    assert "too few deals for an interval" in r.output
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    assert "nan" not in r.output.lower()
    d = json.loads(r.output)
    assert d["options"][0]["net_low"] is None
    assert "too few deals for an interval" in d["note"]


# ---------------------------------------------------------------------------------------------
# report --out, replay of an empty file, --threads past the machine, parameter bounds


def _run_folder(tmp_path, name="run"):
    out = tmp_path / name
    r = run("simulate", "--hands", 4096, "--out", out, "--silent")
    assert r.exit_code == 0, r.output
    return out


def test_report_refuses_to_overwrite_and_takes_a_folder_once(tmp_path):
    folder = _run_folder(tmp_path)
    html = tmp_path / "r.html"
    r = run("report", folder, tmp_path / "." / "run", "--out", html)
    assert r.exit_code == 0, r.output
    assert "1 run folder)" in r.output
    text = html.read_text()
    assert text.count(">run</a>") == 1
    html.write_text("mine")
    r = run("report", folder, "--out", html)
    assert_one_line_error(r, "exists", "--force")
    assert html.read_text() == "mine"
    assert run("report", folder, "--out", html, "--force").exit_code == 0
    assert html.read_text() != "mine"


def test_replay_of_no_hands_fails(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n \n")
    for extra in ([], ["--summary"]):
        r = run("replay", empty, *extra)
        assert_one_line_error(r, "no hands")


def test_threads_past_the_machine_are_said(monkeypatch):
    import sim.run.hands

    monkeypatch.setattr(sim.run.hands, "default_threads", lambda: 2)
    r = run("simulate", "--hands", 4096, "--silent", "--threads", 999)
    assert r.exit_code == 0, r.output
    assert "warning: --threads 999 is more than the 2 threads available here" in r.stderr


@pytest.mark.parametrize("line,name,bounds", [
    ("second_offset = 1e308", "second_offset", "between -60 and 60"),
    ("order_threshold = -1000", "order_threshold", "between -100 and 100"),
    ("opponent_upcard_share = 5", "opponent_upcard_share", "between 0 and 2"),
])  # fmt: skip
def test_toml_parameters_are_bounded(tmp_path, line, name, bounds):
    f = tmp_path / "wild.toml"
    f.write_text(f'base = "basic"\n[params]\n{line}\n')
    with pytest.raises(ValueError, match=f"params.{name} = .* out of range: it must be {bounds}"):
        load_strategy(str(f))
    r = run("simulate", "--hands", 1000, "--silent", "--team0", f)
    assert_one_line_error(r, name, bounds)


# ---------------------------------------------------------------------------------------------
# code strategies: docs/players.md's dotted form from the repository root, and path/to/file.py:Name

ROOT = Path(__file__).resolve().parents[3]
SPEC = "examples.code_strategy:BowerHunter"


def test_dotted_code_strategy_loads_from_the_repository_root(monkeypatch):
    # as the installed euchre-sim script runs: the current folder is not on Python's path
    here = {"", ".", str(ROOT)}
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in here])
    for name in [m for m in sys.modules if m == "examples" or m.startswith("examples.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.chdir(ROOT)
    s = load_strategy(SPEC)
    assert s.hooks == ("examples.code_strategy", "BowerHunter", ("order_up", "call", "follow"))


def test_code_strategy_from_a_file_path(tmp_path, monkeypatch):
    from sim.players.files import import_code_module
    from sim.players.kinds import HOOK_ARGS
    from sim.run.bindings import hook_addresses

    (tmp_path / "sub").mkdir()
    (tmp_path / "elsewhere").mkdir()
    mine = tmp_path / "sub" / "mine.py"
    shutil.copy(ROOT / "examples" / "code_strategy.py", mine)
    # a file outside the current folder: loaded from its path
    monkeypatch.chdir(tmp_path / "elsewhere")
    s = load_strategy(f"{mine}:BowerHunter")
    assert s.name == f"{mine}:BowerHunter" and s.hooks[0] == str(mine)
    addresses = dict(zip(HOOK_ARGS, hook_addresses(s.hooks), strict=True))   # what the kernel calls
    assert addresses["discard"] == 0 and addresses["follow"] != 0    # discard is not defined
    follow = import_code_module(s.hooks[0]).BowerHunter.follow
    assert follow.py_func.__code__.co_filename == str(mine)
    # under the current folder: the same module as its dotted name (one Numba cache entry)
    monkeypatch.chdir(tmp_path)
    s = load_strategy("sub/mine.py:BowerHunter")
    assert s.name == "sub/mine.py:BowerHunter" and s.hooks[0] == "sub.mine"
    for spec, words in (("sub/none.py:BowerHunter", ["no such file sub/none.py"]),
                        ("sub/mine.py:Nobody", ["has no 'Nobody'"]),
                        ("nowhere.code:X", ["cannot import", "path/to/file.py:Name"])):
        assert_one_line_error(run("simulate", "--hands", 1000, "--team0", spec), *words)


def test_a_code_module_answers_to_its_file_name_too():
    # Numba's cache beside the file may name the module either way (see import_code_module)
    from sim.players.files import file_module_name

    load_strategy(SPEC)
    path = (ROOT / "examples" / "code_strategy.py").resolve()
    assert sys.modules[file_module_name(path)].__file__ == str(path)


# ---------------------------------------------------------------------------------------------
# interrupted runs: how to resume, SIGTERM, a damaged chunk


def test_sigterm_removes_the_temporary_folder(tmp_path):
    from sim.run.folders import RunFolder

    before = signal.getsignal(signal.SIGTERM)
    folder = RunFolder(tmp_path / "new" / "run", False)
    assert folder.tmp.is_dir()
    with pytest.raises(SystemExit) as e:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
    assert e.value.code == 143
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) == before


def test_the_console_command_gives_all_its_output_and_its_exit_code():
    """``euchre-sim`` is ``analysis.cli.run``: main, then an exit that skips the interpreter's
    teardown; its output is flushed first and a user mistake still exits 1 with one line."""
    code = "from analysis.cli import run; run()"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ok = subprocess.run([sys.executable, "-c", code, "strategies"], cwd=ROOT, env=env,
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout == run("strategies").output
    bad = subprocess.run([sys.executable, "-c", code, "simulate", "--hands", "-5"], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1
    assert bad.stderr.strip() == "Error: --hands must be at least 1, not -5"


def test_sigterm_to_a_running_simulate_leaves_nothing(tmp_path):
    code = "import sys; from analysis.cli import main; sys.exit(main())"
    out = tmp_path / "run"
    p = subprocess.Popen([sys.executable, "-c", code, "simulate", "--hands", str(10**10),
                          "--out", str(out), "--silent", "--yes"], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob("run.tmp-*")) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1)
    p.send_signal(signal.SIGTERM)
    p.communicate(timeout=60)
    assert p.returncode == 143
    assert list(tmp_path.iterdir()) == []


def test_resume_names_a_damaged_chunk(tmp_path):
    out = tmp_path / "big"
    r = run("simulate", "--hands", 200_000, "--scheduler", "threads", "--batch", 65536,
            "--out", out, "--silent")
    assert r.exit_code == 0, r.output
    (out / "manifest.json").unlink()  # as if interrupted before the end
    chunk = out / "chunks" / "chunk-000001.npy"
    chunk.write_bytes(chunk.read_bytes()[:20])
    r = run("simulate", "--resume", out, "--silent")
    assert_one_line_error(r, str(chunk), "damaged", "remove the file")
    chunk.unlink()
    r = run("simulate", "--resume", out, "--silent")
    assert r.exit_code == 0, r.output


# ---------------------------------------------------------------------------------------------
# a run that would take hours


def test_a_run_of_days_is_refused_without_yes(tmp_path):
    r = run("simulate", "--hands", 10**13, "--silent", "--out", tmp_path / "x")
    assert_one_line_error(r, "10,000,000,000,000 hands", "take about", "days", "--yes")
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
    assert_one_line_error(r, "about 2.0 hours", "--yes")
    monkeypatch.setattr(sim.run.sizes, "estimate_seconds", lambda n, *a, **k: (7200.0, 1.0))
    r = run("simulate", "--hands", 4096, "--silent", "--yes")
    assert r.exit_code == 0 and "about 2.0 hours" in r.stderr, r.output


# ---------------------------------------------------------------------------------------------
# advise --round 2 for a hand the strategy would have ordered with


STRONG = ["advise", "JS JC AS KS QS", "--upcard", "9S", "--position", "first", "--round", "2",
          "--silent", "--deals", 2000]


def test_advise_round2_never_reached_offers_assume_passed():
    r = run(*STRONG)
    assert_one_line_error(r, "never reached", "--assume-passed")
    r = run(*STRONG, "--assume-passed")
    assert r.exit_code == 0, r.output
    assert "assumed: the player passed in round 1" in r.output
    assert "call clubs" in r.output and "recommended: call clubs" in r.output
    d = json.loads(run(*STRONG, "--assume-passed", "--json").output)
    assert d["assumption"].startswith("assumed: the player passed in round 1")
    assert d["deals"] == 2000
    assert_one_line_error(run(*STRONG[:7], "1", "--assume-passed"), "is for round 2")


def test_assume_passed_changes_nothing_when_the_strategy_passes_anyway():
    from analysis.advise import advise_hand

    args = dict(hand="9C TC 9D TD QS", upcard="9H", position="second", round_=2, deals=3000)
    plain = advise_hand(**args)
    assumed = advise_hand(**args, assume_passed=True)
    assert plain.attrs["assumption"] is None and assumed.attrs["assumption"]
    cols = ["option", "net", "net_low", "net_high", "making", "march", "euchred", "dealt"]
    assert plain[cols].equals(assumed[cols])


# ---------------------------------------------------------------------------------------------
# by_position.csv in a run folder; the Parquet rows in cards


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


def test_to_cards_matches_the_traced_hands():
    import pandas as pd

    import sim
    from sim.cards import SUIT_NAMES

    # basic passes some hands out (tuned, the default, hardly ever does)
    table = sim.Table.teams("basic")
    df = sim.simulate(300, seed=11, records=True, table=table).records
    cards = sim.to_cards(df)
    records = sim.trace(11, range(300), table=table)
    assert cards["round"].eq(0).any() and cards["discard"].notna().any()
    for row, rec in zip(cards.itertuples(), records, strict=True):
        assert [getattr(row, f"hand{k}") for k in range(4)] == [" ".join(h) for h in rec["hands"]]
        assert row.upcard == rec["upcard"] and row.dealer == rec["dealer"]
        making = [b for b in rec["bids"] if b["action"] in ("order_up", "call")]
        if not making:
            assert row.trump is None and pd.isna(row.maker) and row.round == 0
            continue
        bid = making[0]
        trump = rec["upcard"][1] if bid["action"] == "order_up" else bid["suit"]
        assert row.trump == SUIT_NAMES["CDHS".index(trump)]
        assert row.maker == bid["seat"] and row.maker_team == bid["seat"] % 2
        assert row.maker_position == ("first", "second", "third", "dealer")[
            (bid["seat"] - rec["dealer"] - 1) % 4]
        assert row.alone == bool(bid.get("alone", False))
        assert row.discard == rec.get("discard")
