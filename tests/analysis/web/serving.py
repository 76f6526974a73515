"""Starting ``euchre-sim serve`` for a test as a user starts it (its own process group, any free
port, no browser opened)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def start_serve(env: dict, *args: str, drain: bool = False):
    """``serve --port 0 --no-open ...`` in its own process group: the process, its address,
    the moment it was started (``time.monotonic``) and its lines up to the address; with
    ``drain`` its later lines are read on a thread (a long-lived server never blocks on a full
    pipe) and added to those lines."""
    t0 = time.monotonic()
    p = subprocess.Popen([sys.executable, "-c", "from analysis.entry import run; run()", "serve",
                          "--port", "0", "--no-open", *args], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    lines = []
    while True:
        line = p.stderr.readline()
        if not line:
            raise AssertionError("serve ended before serving: " + "".join(lines))
        lines.append(line)
        if "serving http" in line:
            url = line.split("serving ")[1].split()[0]
            if drain:
                threading.Thread(target=lambda: lines.extend(p.stderr), daemon=True).start()
            return p, url, t0, lines
