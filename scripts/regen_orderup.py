"""Regenerate the committed ``results/orderup/`` and ``results/alone/`` from fixed seeds.

The CSVs depend only on the seeds, sizes, rules and strategy, so running this twice gives
identical CSVs (and PNGs); only the manifests' wall times and git revision change.

Usage: python scripts/regen_orderup.py [--hands N] [--deals M] [--out results] [--threads K]
                                       [--strategy NAME]
(``--strategy tuned --out results/tuned`` answers the same questions with ``tuned`` at every
seat; ``--strategy pimc --hands 20000 --deals 3000 --out results/pimc`` with ``pimc``.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

OBSERVED_SEED = 20260601
PAIRED_SEED = 20260602
HANDS = 10_000_000
DEALS = 1_000_000


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def main(argv=None) -> int:
    """Observed rates from ``HANDS`` hands (seed ``OBSERVED_SEED``); counterfactuals from
    exactly ``DEALS`` paired deals per position (seed ``PAIRED_SEED``), the order-up run and
    the alone run sharing the forced order-up games."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=HANDS, help="observed hands")
    p.add_argument("--deals", type=int, default=DEALS, help="paired deals per position")
    p.add_argument("--out", type=Path, default=Path("results"), help="parent of the folders")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--strategy", default="basic", help="the strategy at every seat")
    args = p.parse_args(argv)

    from analysis import orderup
    from analysis.results_io import orderup_manifest, write_alone, write_orderup
    from sim import Rules, RunFolder, Table, simulate
    from sim.run.hands import set_threads

    rules, table = Rules(), Table.teams(args.strategy)
    threads = set_threads(args.threads)
    tc = time.perf_counter()
    simulate(64, 0, rules, table, records=True, threads=args.threads)  # JIT compile or load
    t0 = time.perf_counter()
    _log(f"kernel ready in {t0 - tc:.1f} s")
    observed = orderup.observe(args.hands, OBSERVED_SEED, rules, table, threads=args.threads)
    t1 = time.perf_counter()
    _log(f"observed: {args.hands:,} hands in {t1 - t0:.1f} s")
    done = [0]

    def tick(k):
        done[0] += k
        if done[0] % (args.deals // 2 or 1) < k:
            _log(f"  paired deals: {done[0]:,} of {4 * args.deals:,}")

    paired = orderup.counterfactual(
        args.deals, PAIRED_SEED, rules, table,
        comparisons=(orderup.ORDER_VS_PASS, orderup.ALONE_VS_PARTNER),
        threads=args.threads, progress=tick,
    )  # fmt: skip
    t2 = time.perf_counter()
    _log(
        f"counterfactual: {args.deals:,} deals per position, "
        f"{int(paired['order-pass'].hands.sum()):,} hands x 3 forced actions in {t2 - t1:.1f} s"
    )
    command = "python scripts/regen_orderup.py" + "".join(
        f" --{k} {v}"
        for k, v in (("hands", args.hands), ("deals", args.deals), ("out", args.out),
                     ("strategy", args.strategy))
        if v != {"hands": HANDS, "deals": DEALS, "out": Path("results"), "strategy": "basic"}[k]
    )
    for kind, name, key, writer in (
        ("order-up", "orderup", "order-pass", write_orderup),
        ("alone", "alone", "alone-partner", write_alone),
    ):
        t3 = time.perf_counter()
        folder = RunFolder(args.out / name, force=True)
        try:
            writer(folder.tmp, observed, paired[key], rules)
            timings = {
                "kernel_compile_or_load": t0 - tc,
                "observe": t1 - t0,
                "counterfactual (order, pass and alone runs)": t2 - t1,
                "tables_and_charts": time.perf_counter() - t3,
            }
            m = orderup_manifest(
                kind, seed=OBSERVED_SEED, hands=args.hands, deals=args.deals, rules=rules,
                table=table, threads=threads, timings=timings, paired=paired[key],
                command=command,
            )  # fmt: skip
            m["paired_seed"] = PAIRED_SEED
            folder.write_json("manifest.json", m)
            folder.commit()
        except BaseException:
            folder.discard()
            raise
        _log(f"wrote {args.out / name} ({time.perf_counter() - t3:.1f} s)")
    end = time.perf_counter()
    _log(f"total {end - tc:.1f} s ({end - t0:.1f} s once the kernel was ready)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
