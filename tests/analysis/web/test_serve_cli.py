"""``euchre-sim serve`` as a user starts it: from empty caches the first page answers within 3 s
while the code compiles in the background (the page says it is preparing); another address than
this machine's own is warned about; Ctrl-C in the middle of the compile ends it at once with one
line, exit 130, no process left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

from tests.analysis.web.serving import start_serve  # noqa: E402
from tests.processes import left_behind  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.subprocess


def test_cold_start_answers_at_once_warns_for_a_public_address_and_stops_on_ctrl_c(tmp_path):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
           "EUCHRE_SIM_CACHE": str(tmp_path / "sim"), "PYTHONPATH": str(ROOT)}
    p, url, started, lines = start_serve(env, "--host", "0.0.0.0")
    try:
        url = url.replace("0.0.0.0", "127.0.0.1")
        page = urllib.request.urlopen(url + "advise", timeout=10).read().decode()
        first_page = time.monotonic() - started          # from the command's start
        status = urllib.request.urlopen(url + "api/status", timeout=10).read().decode()
    finally:
        time.sleep(0.5)
        os.killpg(p.pid, signal.SIGINT)
    t0 = time.monotonic()
    _, err = p.communicate(timeout=60)
    stopped = time.monotonic() - t0
    assert any(ln.startswith("Warning: listening on 0.0.0.0") for ln in lines), lines
    # the page answered while the compile was still going on: "at once" is that, not a clock
    # (its seconds are euchre-sim bench --web-cold's to measure, on a quiet machine)
    assert "<title>Advise" in page, first_page
    assert '"ready":false' in status                      # still compiling: "preparing"
    assert stopped < 30, stopped                          # a hang, not a speed
    assert p.returncode == 130
    assert [ln for ln in err.splitlines() if ln.strip()] == ["interrupted"], err
    deadline = time.monotonic() + 10
    while left_behind(str(tmp_path / "sim")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not left_behind(str(tmp_path / "sim"))


def test_serve_says_how_to_install_the_web_extra_when_it_is_missing(tmp_path):
    """Without FastAPI the command says which extra to install, in one line."""
    blocker = tmp_path / "block"
    blocker.mkdir()
    (blocker / "fastapi.py").write_text("raise ImportError('no', name='fastapi')\n")
    env = {**os.environ, "PYTHONPATH": f"{blocker}{os.pathsep}{ROOT}"}
    r = subprocess.run([sys.executable, "-c", "from analysis.entry import run; run()", "serve",
                        "--no-open"], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1
    assert r.stderr.strip() == ("Error: serve needs the web extra (fastapi is missing): "
                                "python3 -m pip install 'euchre-sim[web]'")


def test_a_port_taken_or_a_host_that_is_no_address_is_one_line():
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        for args, words in [(["--port", str(port)], f"Error: --port {port}: cannot listen on "
                                                     f"127.0.0.1:{port}"),
                            (["--host", "no.such.host.invalid"], "Error: --host "
                                                                  "no.such.host.invalid: not an "
                                                                  "address to listen on")]:
            r = subprocess.run([sys.executable, "-c", "from analysis.entry import run; run()",
                                "serve", "--no-open", *args], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=60)
            lines = r.stderr.strip().splitlines()
            assert r.returncode == 1 and len(lines) == 1 and lines[0].startswith(words), r.stderr
    finally:
        taken.close()
