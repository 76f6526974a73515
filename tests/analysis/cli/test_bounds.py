"""Counts without bounds (issue 57): every command's count is refused at once past what this
machine's memory or a 64-bit count holds, and past an hour's estimate unless ``--yes``, naming
the option (``analysis.cli.bounds``).  The warm-ups are replaced by a fixed rate and the runs by
a stand-in that fails the test if the run starts, so nothing here plays for long."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import sim
import sim.agents.pricing
import sim.run.sizes
from analysis.cli import main

ROOT = Path(__file__).resolve().parents[3]
ROOT_VIEW = str(ROOT / "examples" / "view.json")
GRADED = str(ROOT / "examples" / "graded-march.jsonl")
ADVISE = ["advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position", "first", "--silent"]
BOT = str(ROOT / "examples" / "bot.py") + ":TrumpCounter"


class Started(Exception):
    """The run started (the stand-in for the command's work was called)."""


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def assert_one_line_error(result, *words):
    assert result.exit_code == 1, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for w in words:
        assert w in errors[0], errors[0]


def _started(*_a, **_k):
    raise Started


@pytest.fixture
def no_work(monkeypatch):
    """Each command's work replaced by ``_started``; 8 GiB of memory; every warm-up measures 1
    unit a second."""
    from analysis import studies

    monkeypatch.setattr(sim.run.sizes, "machine_memory", lambda: 8 << 30, raising=False)
    monkeypatch.setattr(sim.run.sizes, "warm_rate", lambda *a, **k: 1.0, raising=False)
    for name in ("solve_equilibrium", "exploitability"):
        monkeypatch.setattr(sim, name, _started)
    monkeypatch.setattr(sim.agents.pricing, "price", _started)
    import analysis.advise
    import analysis.grade

    monkeypatch.setattr(analysis.advise, "advise_hand", _started)
    monkeypatch.setattr(analysis.grade, "grade_record", _started)
    for study in ("ORDER_UP", "ALONE", "TOURNAMENT", "LADDER", "COMPARE_RULES", "SIMULATE"):
        monkeypatch.setattr(getattr(studies, study), "run", _started)


MEMORY = [
    (ADVISE + ["--deals", 10**18], "--deals 1,000,000,000,000,000,000"),
    (["decide", ROOT_VIEW, "--price", "--worlds", 10**8], "--worlds 100,000,000"),
    (["grade", GRADED, "--worlds", 10**8], "--worlds 100,000,000"),
    (["exploit", "tuned", "--samples", 10**12], "--samples 1,000,000,000,000"),
    (["tournament", "basic", "tuned", "--hands", 10**13], "--hands 10,000,000,000,000"),
    (["ladder", "basic", "tuned", "--games", 10**13], "--games 10,000,000,000,000"),
    (["compare-rules", "--hands", 10**13, "--out", "{tmp}/x"], "--hands 10,000,000,000,000"),
    (["equilibrium", "--iterations", 10**12, "--batch", 10**12, "--out", "{tmp}/t.npz"],
     "--batch 1,000,000,000,000"),
]  # fmt: skip


@pytest.mark.compile
@pytest.mark.parametrize("args, named", MEMORY, ids=lambda x: x[0] if isinstance(x, list) else "")
def test_a_count_past_this_machines_memory_is_refused_at_once(args, named, no_work, tmp_path):
    r = run(*[str(a).format(tmp=tmp_path) for a in args])
    assert_one_line_error(r, named, "of memory, more than the 8.0 GiB this machine has",
                          "give a smaller " + named.split()[0])
    assert list(tmp_path.iterdir()) == []


PAST_64_BITS = [
    ADVISE + ["--deals", 10**23],
    ["decide", ROOT_VIEW, "--price", "--worlds", 10**23],
    ["grade", GRADED, "--worlds", 10**23],
    ["exploit", "tuned", "--worlds", 10**23],
    ["tournament", "basic", "tuned", "--hands", 10**23],
    ["ladder", "basic", "tuned", "--slow-games", 10**23],
    ["compare-rules", "--out", "x", "--games", 10**23],
    ["order-up", "--deals", 10**23],
]


@pytest.mark.compile
@pytest.mark.parametrize("args", PAST_64_BITS, ids=lambda a: f"{a[0]} {a[-2]}")
def test_a_count_past_64_bits_names_its_option(args, no_work):
    assert_one_line_error(run(*args), f"{args[-2]} must be at most 2**63-1", str(10**23))


LONG = [
    (ADVISE + ["--deals", 10**7], "--deals"),
    (["decide", ROOT_VIEW, "--price", "--worlds", 200_000], "--worlds"),
    (["grade", GRADED, "--worlds", 100_000], "--worlds"),
    (["exploit", "tuned", "--worlds", 10**8], "--samples, --worlds"),
    (["order-up", "--deals", 10**9], "--deals"),
    (["alone", "--hands", 10**9], "--hands"),
    (["equilibrium", "--iterations", 10**15, "--out", "{tmp}/t.npz"], "--iterations"),
    (["tournament", "basic", "tuned", "--hands", 10**8, "--games", 0], "--hands"),
    (["tournament", BOT, "tuned", "--hands", 100_000, "--games", 0], "--hands"),
    (["ladder", "basic", "tuned", "--hands", 10**8], "--hands"),
    (["compare-rules", "--hands", 2 * 10**7, "--games", 0, "--out", "{tmp}/x"], "--hands"),
    (["simulate", "--strategy", BOT, "--hands", 100_000], "--hands"),
]  # fmt: skip


@pytest.mark.compile
@pytest.mark.parametrize("args, named", LONG, ids=lambda x: x[0] if isinstance(x, list) else "")
def test_a_run_of_hours_is_refused_without_yes(args, named, no_work, tmp_path):
    args = [str(a).format(tmp=tmp_path) for a in args]
    r = run(*args)
    assert_one_line_error(r, f"{named}: ", "here (from a warm-up) take about", "add --yes",
                          "give a smaller")
    assert list(tmp_path.iterdir()) == []
    r = run(*args, "--yes")
    assert isinstance(r.exception, Started), (r.output, r.exception)


@pytest.mark.compile
def test_a_run_of_minutes_says_its_estimate_and_runs(monkeypatch):
    import analysis.cli.compare

    monkeypatch.setattr(analysis.cli.compare, "FAST_DEALS", 10)
    monkeypatch.setattr(sim.run.sizes, "warm_rate", lambda *a, **k: 2000 / 120)
    r = run("tournament", "basic", "tuned", "--hands", 1000, "--games", 0, "--silent")
    assert r.exit_code == 0, r.output
    assert ("estimate: 1,000 deals at about 8.33 deals/s here (from a warm-up) take about 2 min "
            "(--hands)") in r.stderr
    assert "points per hand" in r.stdout or "margin" in r.stdout.lower(), r.stdout


@pytest.mark.compile
def test_the_warm_up_is_the_commands_own_work(monkeypatch):
    """A real warm-up: order-up's paired deals timed on a few thousand deals, the run refused
    (the stand-in fails the test if the run itself starts)."""
    from analysis import studies

    real = studies.ORDER_UP.run

    def small_only(hands, deals, *a, **k):
        if deals > 10**6:
            raise Started
        return real(hands, deals, *a, **k)

    monkeypatch.setattr(studies.ORDER_UP, "run", small_only)
    r = run("order-up", "--deals", 10**13, "--silent")
    assert_one_line_error(r, "--deals: 10,000,000,000,000 deals a position at about",
                          "days", "add --yes")


def test_warm_rate_leaves_out_a_calls_fixed_cost(monkeypatch):
    clock = [0.0]
    calls = []

    def play(k):
        calls.append(k)
        clock[0] += 0.3 + k / 1000       # 0.3 s a call whatever its size, then 1,000 a second

    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    assert sim.run.sizes.warm_rate(play, 16) == pytest.approx(1000)
    assert calls[0] == 16 and calls[-1] >= 200


def test_sizes_and_rates_in_words():
    from analysis.cli.bounds import rate_text, size_text

    assert size_text(18 * 2**40) == "18.0 TiB" and size_text(512) == "512 bytes"
    assert rate_text(216_219.4) == "216,219" and rate_text(0.000472) == "0.000472"
    assert sim.run.sizes.machine_memory() > 2**26


def test_a_warm_up_ends_when_its_play_has_nothing_to_do(monkeypatch):
    """``play`` returning at once (a grade warm-up with no readable hand) used to grow its count
    fourfold forever: the warm-up stops after ``WARMUP_GROWTHS`` growths."""
    clock = [0.0]
    calls = []

    def play(k):
        calls.append(k)
        clock[0] += 1e-6                 # nothing to do, whatever k is

    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    rate = sim.run.sizes.warm_rate(play, 4)
    assert len(calls) == sim.run.sizes.WARMUP_GROWTHS + 1
    assert calls[-1] == 4 * 4 ** sim.run.sizes.WARMUP_GROWTHS and rate > 1e6



def test_a_warm_up_ends_within_its_time(monkeypatch):
    """Calls that stay just under the target time each, whatever their size: the warm-up still
    ends, within its growths' time."""
    clock = [0.0]

    def play(k):
        clock[0] += sim.run.sizes.WARMUP_S * 0.99

    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    sim.run.sizes.warm_rate(play, 4)
    assert clock[0] <= (sim.run.sizes.WARMUP_GROWTHS + 1) * sim.run.sizes.WARMUP_S
