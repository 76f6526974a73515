"""Instructions and (simulated) branch mispredictions per hand of ``run_hands``, under cachegrind.

Wall-clock timings on a shared 2-core machine move by 10-30% between runs, and even the same
code compiled into two modules can differ by 10% from code placement alone, which hides the
effect of most kernel changes.  Instruction counts repeat to about 2%: this script runs the
kernel under ``valgrind --tool=cachegrind --branch-sim=yes`` for two hand counts and reports the
difference per hand, so start-up and compilation cancel out.  Cachegrind's branch predictor is
simpler than a real one (it over-counts loop exits), so read ``mispredicts`` as a trend.

It pins Numba's target CPU to the host's name and features (NUMBA_CPU_NAME/NUMBA_CPU_FEATURES):
valgrind reports different CPU features, and without the pin every run would recompile the
kernel under valgrind (20 minutes instead of one).  AVX-512, which valgrind cannot run, is
left out of the features, so on a host that has it the measured code differs a little from
the code a normal run compiles.

    python scripts/count_instructions.py                # basic, 10,000 and 1,010,000 hands
    python scripts/count_instructions.py --strategy random --hands 200000

The measured process calls ``play_chunk`` (the serial hand loop ``run_hands`` runs on each
thread) directly, so no thread pool runs and its waiting stays out of the count.  Instruction
counts are a guide, not a verdict: a change can add instructions and still run faster (the
vectorised block of deals), so time two builds against each other with
``scripts/ab_kernel.py`` too.  Under valgrind the deal is the vectorised code the host's CPU
features allow (the features are pinned to the host's).

Needs valgrind (``apt install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(strategy: str, hands: int) -> None:
    """Play ``hands`` hands in aggregate mode on one thread (the measured process)."""
    sys.path.insert(0, str(ROOT))
    import numpy as np

    from sim import Rules, Table
    from sim import kernel as K
    from sim.run.hands import NO_FORCE

    kinds, bv = Table.teams(strategy).arrays()
    tally = np.zeros(K.NTALLY_ROW, np.int64)
    # play_chunk is run_hands' serial body (the same compiled code): calling it directly
    # keeps the thread pool, and its waiting, out of the count
    K.play_chunk(K.seat.chunk_state(bv, kinds), 1, 0, 0, hands, Rules().pack(), kinds, bv,
                 K.table_slots(bv), bool(K.seat.uses_play_key(kinds)), NO_FORCE,
                 np.zeros((4, 0), np.uint32),
                 np.zeros((K.NREC - 4, 0), np.int8), False, tally, np.zeros(2, np.int64),
                 np.empty((6, K.DEAL_BLOCK), np.int64), np.empty(4, np.int64),
                 np.zeros(1, np.int64), np.zeros((1, 4), np.int64))


def summary(path: Path) -> list[int]:
    for line in path.read_text().splitlines():
        if line.startswith("summary:"):
            return [int(x) for x in line.split()[1:]]
    raise SystemExit(f"no summary line in {path}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--strategy", default="basic")
    ap.add_argument("--hands", type=int, default=1_000_000, help="hands in the difference")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        child(args.strategy, args.child)
        return
    if args.hands < 1:
        raise SystemExit(f"--hands must be at least 1, not {args.hands}")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt install valgrind")
    import llvmlite.binding as ll

    # valgrind does not run AVX-512 code: on a host that has it, compile without it
    features = ll.get_host_cpu_features().flatten().replace("+avx512", "-avx512")
    env = dict(os.environ, PYTHONHASHSEED="0", NUMBA_NUM_THREADS="1",
               NUMBA_THREADING_LAYER="workqueue", NUMBA_CPU_NAME=ll.get_host_cpu_name(),
               NUMBA_CPU_FEATURES=features)
    me = [sys.executable, __file__, "--strategy", args.strategy, "--child"]
    subprocess.run(me + ["1000"], env=env, check=True)          # compile (or load) natively
    small, big = 10_000, 10_000 + args.hands
    with tempfile.TemporaryDirectory() as d:
        runs = []
        for n in (small, big):
            out = Path(d) / f"cg{n}"
            cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--branch-sim=yes",
                   f"--cachegrind-out-file={out}"] + me + [str(n)]
            runs.append((subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL), out))
        for p, _ in runs:
            if p.wait():
                raise SystemExit("valgrind run failed")
        a, b = (summary(out) for _, out in runs)
    per = [(y - x) / args.hands for x, y in zip(a, b, strict=True)]
    print(f"{args.strategy}: {per[0]:,.0f} instructions, {per[1]:.1f} conditional branches, "
          f"{per[2]:.1f} mispredicts a hand (cachegrind, {args.hands:,} hands)")


if __name__ == "__main__":
    main()
