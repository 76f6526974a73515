"""How a command ends when it is stopped: SIGTERM and Ctrl-C leave nothing half-written, exit
143 and 130 and say how to resume; the installed console command flushes all its output and keeps
its exit code."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.commands import ROOT, run

pytestmark = [pytest.mark.compile, pytest.mark.subprocess]


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
    _, err = p.communicate(timeout=60)
    assert p.returncode == 143, err.decode()
    assert list(tmp_path.iterdir()) == []


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
    assert p.returncode == 143, err
    assert err.strip().splitlines()[-1].startswith("interrupted: nothing written; "), err
    assert not out.exists()
    chunked = tmp_path / "chunked"
    p = _started(["simulate", "--hands", str(10**10), "--scheduler", "threads", "--batch",
                  "65536", "--out", str(chunked), "--silent", "--yes"],
                 tmp_path, lambda: len(list((chunked / "chunks").glob("*.npy"))) > 1)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 143, err
    assert "chunks saved in" in err and f"euchre-sim simulate --resume {chunked}" in err, err


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

