"""Where a command's compile time goes: run ``euchre-sim ARGS`` with empty Numba caches and list
every function Numba compiled, with its signatures, its own seconds (compiling nested functions
excluded) and its seconds in all (nested included), most expensive first.

    python scripts/compile_profile.py simulate --silent
    python scripts/compile_profile.py simulate --strategy pimc --hands 20 --silent --top 15

The command runs in a child process with fresh ``NUMBA_CACHE_DIR`` and ``EUCHRE_SIM_CACHE``
folders (deleted afterwards), so what it shows is a first run's compile on this machine.  A
function compiled inside another is listed on its own and counted in its caller's total.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in the child: records Numba's compile events, runs the command, writes the events.
CHILD = r"""
import json, sys, time
from numba.core import event

rows, stack = [], []

class Recorder(event.Listener):
    def on_start(self, ev):
        if ev.data.get("saving"):       # a save to the cache: its caller's own time
            return
        d = ev.data.get("dispatcher")
        f = getattr(d, "py_func", None)
        name = f"{f.__module__}.{f.__qualname__}" if f is not None else str(d)
        stack.append([name, str(ev.data.get("args")), time.perf_counter(), 0.0])

    def on_end(self, ev):
        if ev.data.get("saving"):
            return
        name, sig, t0, nested = stack.pop()
        total = time.perf_counter() - t0
        rows.append({"function": name, "signature": sig, "total_s": total,
                     "own_s": total - nested})
        if stack:
            stack[-1][3] += total

out = sys.argv[1]
event.register("numba:compile", Recorder())
from analysis.cli import main
t0 = time.perf_counter()
try:
    main(sys.argv[2:], standalone_mode=False)
finally:
    with open(out, "w") as fh:
        json.dump({"wall_s": time.perf_counter() - t0, "rows": rows}, fh)
"""


def profile(args: list[str]) -> dict:
    """The compile events of ``euchre-sim ARGS`` run cold: ``{"wall_s", "rows"}``."""
    with tempfile.TemporaryDirectory(prefix="euchre-compile-") as tmp:
        env = {**os.environ, "NUMBA_CACHE_DIR": f"{tmp}/numba", "EUCHRE_SIM_CACHE": f"{tmp}/sim",
               "PYTHONPATH": str(ROOT)}
        out = Path(tmp) / "events.json"
        proc = subprocess.run([sys.executable, "-c", CHILD, str(out), *args], env=env,
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if proc.returncode != 0 or not out.exists():
            sys.exit(f"euchre-sim {' '.join(args)} failed:\n{proc.stderr[-2000:]}")
        return json.loads(out.read_text())


def table(data: dict, top: int) -> str:
    """The functions by own compile seconds (signatures of one function summed)."""
    by: dict[str, list] = {}
    for r in data["rows"]:
        b = by.setdefault(r["function"], [0, 0.0, 0.0])
        b[0] += 1
        b[1] += r["own_s"]
        b[2] += r["total_s"]
    top_level = sum(r["own_s"] for r in data["rows"])
    lines = [f"{'function':<58} {'sigs':>4} {'own s':>7} {'total s':>8}"]
    for name, (n, own, total) in sorted(by.items(), key=lambda kv: -kv[1][1])[:top]:
        lines.append(f"{name[-58:]:<58} {n:>4} {own:>7.1f} {total:>8.1f}")
    lines.append(f"{len(by)} functions, {len(data['rows'])} specialisations: "
                 f"{top_level:.1f} s compiling in a {data['wall_s']:.1f} s command")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                usage="%(prog)s [--top N] [--json FILE] EUCHRE-SIM-ARGS...")
    p.add_argument("--top", type=int, default=25, help="functions listed (default 25)")
    p.add_argument("--json", type=Path, help="also write every compile event here")
    opts, args = p.parse_known_args(argv)
    if not args:
        p.error("give the euchre-sim command to profile, for example: simulate --silent")
    data = profile(args)
    print(f"euchre-sim {' '.join(args)}, empty caches")
    print(table(data, opts.top))
    if opts.json:
        opts.json.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
