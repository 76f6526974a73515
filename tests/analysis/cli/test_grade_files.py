"""``grade`` on a file that holds no hand record (text, a CSV, JSON that is not an object): one
line that says what a record is, exit 1, and nothing started before it (no warm-up, no
estimate: the warm-up of such a file once ran forever).  A file with bad lines and no good one
says only the errors, no summary of zeros; so does a PTN file whose records are all refused or
damaged (``test_ptn_cli``)."""

from __future__ import annotations

import pytest

import sim.run.sizes
from tests.commands import assert_one_line_error, run

FILES = {
    "notes.txt": ("x\ny\nz\n", "line 1: not valid JSON"),
    "hands.csv": ("dealer,upcard\n0,9S\n1,TD\n", "line 1: not valid JSON"),
    "numbers.jsonl": ("3\n[1, 2]\n", "line 1: a JSON int, not an object"),
}


@pytest.fixture(autouse=True)
def _no_warm_up(monkeypatch):
    def started(*a, **k):
        raise AssertionError("a warm-up started on a file with no hand record")

    monkeypatch.setattr(sim.run.sizes, "warm_rate", started)


@pytest.mark.parametrize("name", list(FILES))
def test_a_file_with_no_hand_record_is_one_line(name, tmp_path):
    text, why = FILES[name]
    path = tmp_path / name
    path.write_text(text)
    r = run("grade", path)
    assert_one_line_error(r, f"{path}: no hand record in it", why, "a hand record is one JSON "
                          "object a line", code=1)


def test_an_empty_file_says_so(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("\n\n")
    assert_one_line_error(run("grade", path), "no hands (the file is empty", code=1)


def test_bad_records_only_give_their_errors_and_no_summary(tmp_path, monkeypatch):
    monkeypatch.setattr(sim.run.sizes, "warm_rate", lambda *a, **k: 1e6)
    path = tmp_path / "hands.jsonl"
    path.write_text('{"dealer": 0}\nnot json\n')
    r = run("grade", path, "--silent")
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.output.startswith("hand 1: ") and "hand 2: not valid JSON" in r.output
    assert "decisions" not in r.output and "seat" not in r.output.split("hand 2")[1]


def test_standard_input_with_no_hand_record_is_one_line():
    r = run("grade", "-", input="x\ny\nz\n")
    assert_one_line_error(r, "standard input: no hand record in it", code=1)


def test_a_commands_own_exit_status_survives_an_earlier_interrupted_compile(monkeypatch):
    """click's ``ctx.exit(1)`` raises ``Exit``, a RuntimeError; after a compile stopped by a
    Ctrl-C somewhere in the process, the command line took it for that compile's error and
    answered 130 (seen when tests shared a process)."""
    import threading

    import sim.jit.apart

    stopped = threading.Event()
    stopped.set()
    monkeypatch.setattr(sim.jit.apart, "_interrupted", stopped)
    monkeypatch.setattr(sim.run.sizes, "warm_rate", lambda *a, **k: 1e6)
    r = run("grade", "-", "--silent", input='{"dealer": 0}\n')   # a record that fails: exit 1
    assert r.exit_code == 1 and r.output.startswith("hand 1: ") and "interrupted" not in r.output
