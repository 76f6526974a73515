"""Throughput of chunked runs: in-process, and on 1 and 2 local Dask workers; per-chunk overhead.

A cluster's throughput is about workers x (single-worker hands/s) for chunks much longer than
overhead x hands/s; worker start-up is excluded by a warm-up run on each cluster.

    python3 scripts/bench_distributed.py [--hands 4000000] [--chunk 1048576]
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def timed_run(executor, hands, chunk, seed=1):
    """(wall seconds, tally) of a chunked run on an open executor (its start excluded)."""
    from sim import run_chunked

    cr = run_chunked(hands, seed, chunk_hands=chunk, executor=executor)
    return cr.result.wall_s, cr.result.tally


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=4_000_000)
    ap.add_argument("--chunk", type=int, default=1 << 20)
    ap.add_argument("--tiny", type=int, default=4096, help="hands in a tiny chunk")
    ap.add_argument("--tiny-chunks", type=int, default=200)
    args = ap.parse_args()

    from sim import open_executor, simulate

    t0 = time.perf_counter()
    ref = simulate(args.hands, 1, threads=1)
    one_thread = args.hands / (time.perf_counter() - t0)
    print(f"in-process, 1 thread, one piece: {one_thread:,.0f} hands/s")

    rates = {}
    for n in (1, 2):
        with open_executor(f"local:{n}") as executor:
            timed_run(executor, n * 4096, 4096)  # warm-up: every worker loads the kernel
            wall, total = timed_run(executor, args.hands, args.chunk)
            assert np.array_equal(total, ref.tally), "chunked result differs from local run"
            rates[n] = args.hands / wall
            print(f"local:{n}: {args.hands:,} hands in {-(-args.hands // args.chunk)} chunks of "
                  f"{args.chunk:,}: {wall:.2f} s, {rates[n]:,.0f} hands/s "
                  f"({rates[n] / n:,.0f} per worker)")  # fmt: skip
            if n == 1:
                hands = args.tiny * args.tiny_chunks
                big, _ = timed_run(executor, hands, hands)
                small, _ = timed_run(executor, hands, args.tiny)
                overhead = (small - big) / (args.tiny_chunks - 1)
                print(f"per-chunk overhead (local:1, {args.tiny_chunks} chunks of {args.tiny:,} "
                      f"vs one of {hands:,}): {overhead * 1e3:.1f} ms a chunk")  # fmt: skip
    print(f"scaling local:1 -> local:2: x{rates[2] / rates[1]:.2f}")
    print(f"chunk of {args.chunk:,} hands: ~{args.chunk / rates[1]:.2f} s of work against "
          f"{overhead * 1e3:.0f} ms overhead ({overhead * rates[1] / args.chunk:.1%})")  # fmt: skip


if __name__ == "__main__":
    main()
