"""What a user trial found (issue 35): each bad input or interrupt answered with one clear
line, a non-zero exit, no traceback and nothing lost; and the hand advisor's assumed round-1
pass for every kind of player."""

from __future__ import annotations

import json
import os
import pickle
import shlex
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from analysis.cli import main
from sim.players import load_strategy

ROOT = Path(__file__).resolve().parents[3]


def run(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], **kwargs)


def assert_one_line_error(result, *words, code=None):
    assert result.exit_code != 0, result.output
    if code is not None:
        assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for w in words:
        assert w in errors[0], errors[0]


TUNE = ["tune", "--params", "order_threshold", "--deals", 200, "--popsize", 2, "--silent"]


# ---------------------------------------------------------------------------------------------
# tracebacks: an unwritable tune --out, a code strategy whose hook raises


def test_tune_refuses_an_unwritable_out_before_the_first_generation(tmp_path, monkeypatch):
    import analysis.tune

    def no_search(*args, **kwargs):
        raise AssertionError("the search started")

    monkeypatch.setattr(analysis.tune, "tune_strategy", no_search)
    r = run("tune", "--generations", 1, "--deals", 1000, "--out", "/proc/t13.toml")
    assert_one_line_error(r, "--out /proc/t13.toml", "cannot write there")
    r = run(*TUNE, "--out", tmp_path / "a.toml", "--state", tmp_path / "no" / "such" / "s")
    assert_one_line_error(r, "--state", "cannot write there")
    assert list(tmp_path.iterdir()) == []


def test_tune_keeps_the_search_when_out_cannot_be_written_at_the_end(tmp_path, monkeypatch):
    import importlib

    # the module, not the command of the same name that analysis.cli holds
    cli_tune = importlib.import_module("analysis.cli.tune")

    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli_tune, "write_atomic", full_disk)
    out = tmp_path / "mine.toml"
    r = run(*TUNE, "--generations", 1, "--out", out)
    assert_one_line_error(r, f"--out {out}", "no space left on device", "kept in",
                          "--resume")
    state = json.loads((tmp_path / "mine.toml.state").read_text())
    assert len(state["history"]) == 1
    assert not out.exists()


HOOKS = '''
from numba import njit


class Raises:
    @staticmethod
    @njit
    def follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
        raise ValueError("no card for you")


class Misspelt:
    @staticmethod
    @njit
    def follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
        return lowest_card(legal)
'''


@pytest.mark.parametrize("name, words", [
    ("Raises", ["follow", "never returns", "it always raises"]),
    ("Misspelt", ["follow", "does not compile", "lowest_card"]),
])  # fmt: skip
def test_a_code_strategy_whose_hook_cannot_run_is_one_line(tmp_path, name, words):
    f = tmp_path / "bad_hooks.py"
    f.write_text(HOOKS)
    t0 = time.perf_counter()
    r = run("simulate", "--hands", 2000, "--silent", "--team0", f"{f}:{name}")
    assert_one_line_error(r, str(f), *words)
    assert time.perf_counter() - t0 < 60  # found before the kernel copy is compiled


# ---------------------------------------------------------------------------------------------
# messages that misled


def test_resume_of_a_folder_that_is_no_chunked_simulate_run(tmp_path):
    ladder = tmp_path / "lad"
    ladder.mkdir()
    for name in ("manifest.json", "pairs.csv", "ratings.csv"):
        (ladder / name).write_text("{}\n")
    r = run("simulate", "--resume", ladder, "--silent")
    assert_one_line_error(r, str(ladder), "not a resumable simulate folder")
    assert "already complete" not in r.output


def test_tune_refuses_a_built_in_name_up_front(tmp_path):
    for name in ("basic", "tuned", "pimc"):
        r = run(*TUNE, "--generations", 1, "--out", tmp_path / "t.toml", "--name", name)
        assert_one_line_error(r, "--name", f"'{name}' belongs to a built-in strategy")
    assert list(tmp_path.iterdir()) == []


def test_basic_takes_key_value_with_the_toml_ranges(tmp_path):
    r = run("simulate", "--hands", 2000, "--silent", "--strategy", "basic:order_threshold=1e308")
    assert_one_line_error(r, "basic:order_threshold=1e308", "order_threshold",
                          "between -100 and 100")
    s = load_strategy("aggressive:second_offset=-0.5,boss_lead=true")
    assert s.params["second_offset"] == -0.5 and s.params["boss_lead"] == 1.0
    assert s.params["order_threshold"] == 6.0  # the rest is aggressive's
    for spec, words in (("basic:nosuch=1", ["unknown parameter 'nosuch'"]),
                        ("basic:order_threshold=x", ["must be a number"]),
                        ("random:x=1", ["random has no parameters"])):
        assert_one_line_error(run("simulate", "--hands", 10, "--strategy", spec), *words)
    # the reproduce line names the strategy as given, and reproduces the run
    out, again = tmp_path / "a", tmp_path / "b"
    r = run("simulate", "--hands", 2000, "--silent", "--team0", "basic:order_threshold=7.5",
            "--out", out)
    assert r.exit_code == 0, r.output
    line = json.loads((out / "manifest.json").read_text())["command"]
    assert "basic:order_threshold=7.5" in line
    words = shlex.split(line)[1:]
    r = run(*words[: words.index("--out") + 1], again, *words[words.index("--out") + 2:],
            "--silent")
    assert r.exit_code == 0, r.output
    assert (out / "summary.csv").read_bytes() == (again / "summary.csv").read_bytes()


def test_an_unknown_base_lists_every_base(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('base = "zzz"\n')
    with pytest.raises(ValueError, match="choose one of") as e:
        load_strategy(str(f))
    for base in ("basic", "conservative", "aggressive", "trump-count", "tuned", "pimc"):
        assert base in str(e.value)


def test_interrupted_plain_out_run_gives_advice_for_next_time(tmp_path, monkeypatch):
    import sim.run.hands

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim.run.hands, "simulate", interrupted)
    out = tmp_path / "run"
    r = run("simulate", "--hands", 4096, "--out", out, "--silent")
    assert r.exit_code == 130
    line = r.stderr.strip()
    assert line.startswith("interrupted: nothing written; ")
    assert "next time" in line and "--scheduler threads" in line
    assert "euchre-sim simulate --resume DIR" in line
    assert str(out) not in line  # no folder to resume
    assert list(tmp_path.iterdir()) == []


def test_a_hand_count_past_64_bits_is_refused():
    r = run("simulate", "--hands", "99999999999999999999999", "--yes", "--silent")
    assert_one_line_error(r, "--hands must be at most 2**63-1", "99999999999999999999999")


@pytest.mark.parametrize("spec, words", [
    ("pimc:worlds=10,worlds=20", ["worlds is given twice"]),
    ("pimc:", ["no parameters after the colon", "plain pimc"]),
    ("basic:order_threshold=7,order_threshold=8", ["order_threshold is given twice"]),
])  # fmt: skip
def test_repeated_or_missing_parameters_are_refused(spec, words):
    assert_one_line_error(run("simulate", "--hands", 10, "--strategy", spec), spec, *words)


@pytest.mark.parametrize("value", ["1e309", "inf", "nan"])
def test_advise_refuses_an_infinite_precision(value):
    r = run("advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first",
            "--precision", value, "--silent")
    assert_one_line_error(r, "precision must be a positive number")


@pytest.mark.parametrize("command", [
    ["simulate", "--hands", 10], ["tune", "--generations", 1], ["order-up"], ["alone"],
    ["ladder", "basic", "random"], ["report", "x"],
])  # fmt: skip
def test_an_empty_path_is_its_own_error(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run(*command, "--out", "")
    assert_one_line_error(r, "--out", "empty path", code=2)
    assert "--force" not in r.output
    assert list(tmp_path.iterdir()) == []


def test_a_resumed_tune_records_the_generations_it_ran(tmp_path):
    out = tmp_path / "t.toml"
    r = run(*TUNE, "--generations", 2, "--out", out)
    assert r.exit_code == 0, r.output
    r = run(*TUNE, "--generations", 1, "--out", out, "--resume")
    assert r.exit_code == 0, r.output
    assert "had already run 2 generations" in r.output
    header = [ln for ln in out.read_text().splitlines() if ln.startswith("#")]
    line = header[0].removeprefix("# written by: ")
    assert "--generations 2" in line and header[1].startswith("# 2 generations")
    # the line reproduces the file (but for the time in the header)
    again = tmp_path / "again.toml"
    words = shlex.split(line)[1:]
    words[words.index("--out") + 1] = str(again)
    r = run(*words, "--silent")
    assert r.exit_code == 0, r.output
    assert tomllib.loads(again.read_text()) == tomllib.loads(out.read_text())


def test_progress_bars_say_nothing_off_a_terminal():
    r = run("simulate", "--hands", 2000)  # no --silent: stderr is not a terminal here
    assert r.exit_code == 0, r.output
    assert r.stderr == ""


def _started(args, tmp_path, ready):
    code = "import sys; from analysis.cli import main; sys.exit(main())"
    p = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 120
    while not ready() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1)
    return p


def test_sigterm_says_what_ctrl_c_says(tmp_path):
    out = tmp_path / "plain"
    p = _started(["simulate", "--hands", str(10**10), "--out", str(out), "--silent", "--yes"],
                 tmp_path, lambda: list(tmp_path.glob("plain.tmp-*")))
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 143
    assert err.strip().splitlines()[-1].startswith("interrupted: nothing written; "), err
    assert not out.exists()
    chunked = tmp_path / "chunked"
    p = _started(["simulate", "--hands", str(10**10), "--scheduler", "threads", "--batch",
                  "65536", "--out", str(chunked), "--silent", "--yes"],
                 tmp_path, lambda: len(list((chunked / "chunks").glob("*.npy"))) > 1)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 143
    assert "chunks saved in" in err and f"euchre-sim simulate --resume {chunked}" in err, err


def test_alone_prints_without_out_as_order_up_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in ("alone", "order-up"):
        r = run(command, "--hands", 2000, "--deals", 200, "--silent")
        assert r.exit_code == 0, r.output
        assert "EV" in r.output and "wrote" not in r.output
    assert list(tmp_path.iterdir()) == []


def test_an_illegal_answer_is_told_with_an_example():
    r = run("simulate", "--hands", 2000, "--silent", "--team0",
            "tests.sim.players.test_code_strategy:Cheater", "--team1", "basic")
    assert_one_line_error(r, "returned an illegal action in", "the first, hand ", "follow, seat",
                          "answered", "he must follow")


# ---------------------------------------------------------------------------------------------
# advise --assume-passed, for every kind of player

ASSUME = ["--round", 2, "--assume-passed", "--deals", 50, "--silent", "--json"]


@pytest.mark.parametrize("strategy", [
    "pimc:worlds=4,bid_worlds=4",
    "examples.code_strategy:BowerHunter",
    str(ROOT / "examples" / "strategies" / "lighter-dealer-partner.toml"),
    "basic:second_offset=-3",
    "random",
])  # fmt: skip
def test_assume_passed_works_for_every_kind_of_player(strategy, monkeypatch):
    monkeypatch.chdir(ROOT)
    # a hand every one of them orders up (most of the time) with hearts turned up
    r = run("advise", "JH JD AH KH 9C", "--upcard", "QH", "--position", "second",
            "--strategy", strategy, *ASSUME)
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["assumption"].startswith("assumed: the player passed in round 1")
    assert all(o["deals"] == 50 for o in d["options"])


def test_the_issues_pimc_example_runs():
    r = run("advise", "JS AC AD 9H 9D", "--upcard", "KH", "--position", "second", "--round", 2,
            "--assume-passed", "--strategy", "pimc:worlds=4,bid_worlds=4", "--deals", 20,
            "--silent")
    assert r.exit_code == 0, r.output
    assert "assumed: the player passed in round 1" in r.output


def test_passing_round1_changes_only_round1():
    from sim.players import H_ORDER, USER

    code = load_strategy("examples.code_strategy:BowerHunter")
    passing = code.passing_round1()
    assert passing.hooks == code.hooks  # the same kernel copy
    assert passing.kind == code.kind - H_ORDER and passing.kind > USER
    pimc = load_strategy("pimc:worlds=7").passing_round1()
    assert pimc.passes_round1 and pimc.params == {"worlds": 7}
    assert load_strategy("random").passing_round1() == load_strategy("random")


# ---------------------------------------------------------------------------------------------
# tune's state is data


def test_tune_state_is_json_and_a_foreign_state_is_refused(tmp_path):
    out = tmp_path / "t.toml"
    r = run(*TUNE, "--generations", 1, "--out", out)
    assert r.exit_code == 0, r.output
    state = tmp_path / "t.toml.state"
    data = json.loads(state.read_text())
    assert data["format"] == "euchre-sim tune state 1" and len(data["told"]) == 1
    # another search's settings
    r = run(*TUNE[:4], 300, *TUNE[5:], "--generations", 2, "--out", out, "--resume")
    assert_one_line_error(r, str(state), "other settings", "deals")
    # a pickle (which could run anything) or another file is not read as a state
    for junk in (pickle.dumps({"config": {}}), b"name = 'x'\n", b'{"format": 1}'):
        state.write_bytes(junk)
        r = run(*TUNE, "--generations", 2, "--out", out, "--resume")
        assert_one_line_error(r, "cannot resume from", "not a tune state file")
