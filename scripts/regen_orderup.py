"""Regenerate the committed ``results/equilibrium/orderup/`` and ``.../alone/`` from fixed seeds.

By default the equilibrium sits at every seat (its bids, tuned's card play: the strongest
players that run at this size), the answers the README and the report lead with.  The CSVs
depend only on the seeds, sizes, rules and strategy, so running this twice gives identical
CSVs (and PNGs); only the manifests' wall times and git revision change.

Usage: python scripts/regen_orderup.py [--hands N] [--deals M] [--out results/equilibrium]
                                       [--threads K] [--strategy NAME]
(``--strategy basic --out results`` writes ``results/orderup/`` and ``results/alone/``, the
same questions with ``basic`` at every seat; ``--strategy tuned --out results/tuned`` with
``tuned``; ``--strategy pimc --hands 20000 --deals 3000 --out results/pimc`` with ``pimc``.)
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from pathlib import Path

OBSERVED_SEED = 20260601
PAIRED_SEED = 20260602
HANDS = 10_000_000
DEALS = 1_000_000
STRATEGY = "equilibrium"
OUT = Path("results/equilibrium")


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


@contextmanager
def logged(label: str, total: int):
    """A study's progress on stderr: twice a stage, and its time at the end."""
    done, t0 = [0], time.perf_counter()

    def tick(k):
        done[0] += k
        if done[0] % (total // 2 or 1) < k:
            _log(f"  {label}: {done[0]:,} of {total:,}")

    yield tick
    _log(f"{label}: {total:,} in {time.perf_counter() - t0:.1f} s")


def main(argv=None) -> int:
    """Observed rates from ``HANDS`` hands (seed ``OBSERVED_SEED``); counterfactuals from
    exactly ``DEALS`` paired deals per position (seed ``PAIRED_SEED``), the order-up run and
    the alone run sharing the forced order-up games (``analysis.studies.order_up_and_alone``,
    the ``order-up`` and ``alone`` commands' studies)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=HANDS, help="observed hands")
    p.add_argument("--deals", type=int, default=DEALS, help="paired deals per position")
    p.add_argument("--out", type=Path, default=OUT, help="parent of the folders")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--strategy", default=STRATEGY, help="the strategy at every seat")
    args = p.parse_args(argv)

    from analysis.studies import order_up_and_alone
    from sim import Rules, Table

    t0 = time.perf_counter()
    results = order_up_and_alone(args.hands, args.deals, OBSERVED_SEED, Rules(),
                                 Table.teams(args.strategy), paired_seed=PAIRED_SEED,
                                 threads=args.threads, progress=logged, warm_up=True)
    command = "python scripts/regen_orderup.py" + "".join(
        f" --{k} {v}"
        for k, v in (("hands", args.hands), ("deals", args.deals), ("out", args.out),
                     ("strategy", args.strategy))
        if v != {"hands": HANDS, "deals": DEALS, "out": OUT, "strategy": STRATEGY}[k]
    )
    for name, result in zip(("orderup", "alone"), results, strict=True):
        result.write(args.out / name, force=True, command=command)
        _log(f"wrote {args.out / name} ({result.timings['tables_and_charts']:.1f} s)")
    _log(f"total {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
