"""Replay a million kernel-traced hands through the referee: every action legal, every score equal.

Blocks of hands go to worker processes, each with the next rule set and pairing of
``sim.run.crosscheck.CASES`` (``sim.run.crosscheck.check_case``); prints mismatches and hands/s.

Usage: python scripts/crosscheck.py [--hands 1000000] [--seed 7] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

BLOCK = 5_000


def check_block(args):
    start, n, seed, case = args
    from sim.run.crosscheck import check_case

    return n, check_case(case, seed, n, start, threads=1)


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
