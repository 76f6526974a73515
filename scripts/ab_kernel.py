"""Compare the hand kernel's speed in two checkouts, run side by side on the two cores.

Wall-clock figures on a shared machine drift by 10-30% from one minute to the next, so timing
one kernel and then the other says little.  This script plays the same hands with both kernels
at the same moment, one per core (``taskset``), and swaps the cores every round, so both see
the same machine; it reports the ratio of their rates.  Each side is ``play_chunk`` (the serial
hand loop of ``run_hands``) called directly on one thread, basic strategy, aggregate mode.
Two copies of the same checkout gave ratios of 0.97-1.01 (median 0.997 over 4 rounds).

    git worktree add /tmp/base <commit>         # the kernel to compare against
    python scripts/ab_kernel.py /tmp/base       # this checkout against it
    python scripts/ab_kernel.py /tmp/base . --rounds 8 --hands 2000000

Needs Linux with ``taskset`` and two cores; each checkout compiles its kernel on first use.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(checkout: str, hands: int, start_at: float, reps: int) -> None:
    """In ``checkout``: compile (or load) its kernel, wait for ``start_at``, then print the
    rate of ``reps`` timed runs of ``hands`` hands, in millions a second."""
    sys.path.insert(0, checkout)
    import numpy as np

    from sim import kernel as K
    from sim.rules import Rules
    from sim.runner import NO_FORCE, Table

    kinds, bv = Table.teams("basic").arrays()
    rules = Rules().pack()

    def play(n):
        K.play_chunk(1, 0, 0, n, rules, kinds, bv, K.seat_slots(bv), False, NO_FORCE,
                     np.zeros((4, 0), np.uint32), np.zeros((K.NREC - 4, 0), np.int8), False,
                     np.zeros(K.NTALLY_ROW, np.int64), np.zeros(2, np.int64),
                     np.empty(24, np.uint8), np.empty(4, np.int64), np.zeros(1, np.int64),
                     np.zeros((1, 4), np.int64))

    play(1000)
    while time.time() < start_at:
        time.sleep(0.01)
    rates = []
    for _ in range(reps):
        t = time.perf_counter()
        play(hands)
        rates.append(hands / (time.perf_counter() - t) / 1e6)
    print(" ".join(f"{r:.4f}" for r in rates))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", help="checkout whose kernel is the reference (A)")
    ap.add_argument("other", nargs="?", default=str(ROOT), help="checkout to compare (B)")
    ap.add_argument("--rounds", type=int, default=6, help="rounds (cores swap each round)")
    ap.add_argument("--hands", type=int, default=4_000_000, help="hands per timed run")
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.hands, float(args.child[1]), int(args.child[2]))
        return
    if shutil.which("taskset") is None or (os.cpu_count() or 1) < 2:
        raise SystemExit("needs taskset and at least two cores")
    if args.rounds < 1 or args.hands < 1000:
        raise SystemExit("--rounds must be at least 1 and --hands at least 1000")
    dirs = [str(Path(d).resolve()) for d in (args.base, args.other)]
    for d in dirs:
        if not (Path(d) / "sim" / "kernel.py").is_file():
            raise SystemExit(f"{d} is not a euchre-sim checkout (no sim/kernel.py)")

    def run(d, cpu, at, reps):
        cmd = ["taskset", "-c", str(cpu), sys.executable, __file__, d, "--hands",
               str(args.hands), "--child", d, str(at), str(reps)]
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)

    for d in dirs:                                # compile both before timing anything
        run(d, 0, 0, 0).communicate()
    ratios = []
    for r in range(args.rounds):
        at = time.time() + 3
        ca, cb = (0, 1) if r % 2 == 0 else (1, 0)
        pa, pb = run(dirs[0], ca, at, 5), run(dirs[1], cb, at, 5)
        a = statistics.median(float(x) for x in pa.communicate()[0].split())
        b = statistics.median(float(x) for x in pb.communicate()[0].split())
        ratios.append(b / a)
        print(f"round {r + 1}: A (cpu {ca}) {a:.2f}M  B (cpu {cb}) {b:.2f}M hands/s  "
              f"B/A {b / a:.3f}", flush=True)
    print(f"B/A median {statistics.median(ratios):.3f}, range {min(ratios):.3f}-"
          f"{max(ratios):.3f} over {args.rounds} rounds")


if __name__ == "__main__":
    main()
