"""Replay a million kernel-traced hands through the referee: every action legal, every score equal.

Usage: python scripts/crosscheck.py [--hands 1000000] [--seed 7] [--workers 2]

Hands are split into blocks over worker processes; each block cycles through rule sets and
strategy pairings (the same mix as ``tests/test_kernel_vs_referee.py``), traces its hands with
the kernel, plays the same indices in records mode, and replays each trace through the strict
referee.  Prints the number of hands checked, mismatches (with the first few), and hands/s.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

BLOCK = 5_000


def check_block(args):
    start, n, seed, case = args
    sys.path.insert(0, ".")
    from sim.referee import replay_record
    from sim.runner import Table, simulate, trace
    from tests.test_kernel_vs_referee import CASES

    rules, (a, b) = CASES[case % len(CASES)]
    table = Table.teams(a, b)
    rows = simulate(n, seed=seed, rules=rules, table=table, records=True, start=start,
                    threads=1).records
    bad = []
    for rec, row in zip(trace(seed, range(start, start + n), rules, table),
                        rows.itertuples(index=False), strict=True):
        res = replay_record(rec, rules)
        ok = "error" not in res and res["points"] == [row.points0, row.points1] and (
            (res["maker"] if res["maker"] is not None else -1) == row.maker)
        if not ok:
            bad.append({"record": rec, "referee": res})
    return n, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    jobs = [(s, min(BLOCK, a.hands - s), a.seed, k)
            for k, s in enumerate(range(0, a.hands, BLOCK))]
    t0 = time.perf_counter()
    checked = 0
    bad = []
    with ProcessPoolExecutor(a.workers) as ex:
        for n, b in ex.map(check_block, jobs):
            checked += n
            bad += b
            print(f"\r{checked:,} hands checked, {len(bad)} mismatches", end="", file=sys.stderr)
    wall = time.perf_counter() - t0
    print(file=sys.stderr)
    print(f"{checked:,} kernel-traced hands replayed through the referee: {len(bad)} mismatches "
          f"({wall:.0f} s, {checked / wall:,.0f} hands/s with {a.workers} workers)")
    for b in bad[:3]:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
