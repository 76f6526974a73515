"""Compare the hand kernel's speed in two checkouts, in alternating bursts on the same core.

Wall-clock figures on a shared machine drift by 10-30% from one minute to the next, so timing
one kernel and then the other says little, and so does running them side by side on two cores
that differ.  Here each core gets one process per checkout (``taskset``), and the two take turns:
a burst of hands with A, then one with B (B first every other time), so both see the same core
in the same second.  The ratio of the two rates is taken for each burst pair, and both cores run
at once, so a run of ``--bursts 30`` gives 60 ratios; the script prints their median and
quartiles.  Each burst is timed by the thread's CPU time, so that time the core gives to other
processes does not count.  Each burst is ``play_chunk`` (the serial hand loop of
``run_hands``) of the kernel the table plays in, called directly on one thread, basic strategy
(or ``--strategy``: any, a code strategy too), aggregate mode.  Two copies of
the same checkout give a median near 1.00 with quartiles about 0.02-0.03 either side over 40
ratios.

    git worktree add /tmp/base <commit>         # the kernel to compare against
    python scripts/ab_kernel.py /tmp/base       # this checkout against it
    python scripts/ab_kernel.py /tmp/base . --bursts 40 --hands 2000000
    python scripts/ab_kernel.py . . --strategy basic,tuned   # two players in one checkout

Needs Linux with ``taskset`` and two cores; each checkout compiles its kernel on first use.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(checkout: str, strategy: str) -> None:
    """In ``checkout``: compile (or load) its kernel, say ``ready``, then for each number of
    hands read from stdin play that many with ``strategy`` at every seat and print the rate in
    millions of hands a second."""
    sys.path.insert(0, checkout)
    import time

    import numpy as np

    from sim import Rules, Table

    table = Table.teams(strategy)
    kinds, bv = table.arrays()
    K, _ = table.kernels()       # a code strategy's or pimc's copy of the kernel, or sim.kernel
    NO_FORCE = K.NO_FORCE        # noqa: N806  (the kernel's own, whatever the checkout's layout)
    rules = Rules().pack()
    # the deal scratch: a block of dealt hands since the kernel deals by blocks, else the deck
    dealt = (np.empty((6, K.DEAL_BLOCK), np.int64) if hasattr(K, "DEAL_BLOCK")
             else np.empty(24, np.uint8))

    # a kernel with a seat module takes its state first (older ones: no state)
    state = (K.seat.chunk_state(bv, kinds),) if hasattr(K, "table_slots") else ()
    slots = K.table_slots(bv) if state else K.seat_slots(bv)

    def play(n):
        K.play_chunk(*state, 1, 0, 0, n, rules, kinds, bv, slots, False, NO_FORCE,
                     np.zeros((4, 0), np.uint32), np.zeros((K.NREC - 4, 0), np.int8), False,
                     np.zeros(K.NTALLY_ROW, np.int64), np.zeros(2, np.int64), dealt,
                     np.empty(4, np.int64), np.zeros(1, np.int64), np.zeros((1, 4), np.int64))

    play(1000)
    print("ready", flush=True)
    for line in sys.stdin:
        n = int(line)
        t = time.thread_time()
        play(n)
        print(n / (time.thread_time() - t) / 1e6, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", help="checkout whose kernel is the reference (A)")
    ap.add_argument("other", nargs="?", default=str(ROOT), help="checkout to compare (B)")
    ap.add_argument("--bursts", type=int, default=30, help="burst pairs on each core")
    ap.add_argument("--hands", type=int, default=1_000_000, help="hands per burst")
    ap.add_argument("--strategy", default="basic",
                    help="strategy at every seat for A, or A,B for one each (default basic)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--child-strategy", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.child_strategy)
        return
    if shutil.which("taskset") is None or (os.cpu_count() or 1) < 2:
        raise SystemExit("needs taskset and at least two cores")
    if args.bursts < 1 or args.hands < 1000:
        raise SystemExit("--bursts must be at least 1 and --hands at least 1000")
    dirs = [str(Path(d).resolve()) for d in (args.base, args.other)]
    names = args.strategy.split(",")
    if len(names) not in (1, 2) or not all(names):
        raise SystemExit("--strategy takes one name, or two separated by a comma")
    names = names * (3 - len(names))
    for d in dirs:
        if not any((Path(d) / "sim" / k).is_file() for k in ("kernel.py", "kernel/__init__.py")):
            raise SystemExit(f"{d} is not a euchre-sim checkout (no sim/kernel)")

    def spawn(d, cpu, name):
        p = subprocess.Popen(["taskset", "-c", str(cpu), sys.executable, __file__, d,
                              "--child", d, "--child-strategy", name], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
        if p.stdout.readline().strip() != "ready":
            raise SystemExit(f"the kernel in {d} did not start")
        return p

    def rate(p):
        p.stdin.write(f"{args.hands}\n")
        p.stdin.flush()
        return float(p.stdout.readline())

    # compile both (one at a time) before timing anything
    for d, name in zip(dirs, names, strict=True):
        p = spawn(d, 0, name)
        p.stdin.close()
        p.wait()
    ratios = {}

    def core(cpu):
        a, b = spawn(dirs[0], cpu, names[0]), spawn(dirs[1], cpu, names[1])
        got = []
        for k in range(args.bursts):
            if k % 2:
                rb = rate(b)
                ra = rate(a)
            else:
                ra = rate(a)
                rb = rate(b)
            got.append(rb / ra)
        for p in (a, b):
            p.stdin.close()
            p.wait()
        ratios[cpu] = got

    threads = [threading.Thread(target=core, args=(cpu,)) for cpu in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    every = ratios[0] + ratios[1]
    q1, _, q3 = statistics.quantiles(every, n=4)
    print(f"B/A median {statistics.median(every):.3f} (quartiles {q1:.3f}-{q3:.3f}; cpu 0 "
          f"{statistics.median(ratios[0]):.3f}, cpu 1 {statistics.median(ratios[1]):.3f}; "
          f"{len(every)} ratios of {args.hands:,}-hand bursts)")


if __name__ == "__main__":
    main()
