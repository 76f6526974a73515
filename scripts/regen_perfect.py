"""Regenerate the committed ``results/perfect/`` from fixed seeds: the order-up and going-alone
questions under two models of play, and the published perfect-information study's comparison.

For each position, the same deals are played with the round-1 decision forced each way (order
or pass; alone or with partner), the bidding by ``basic``; each pair is scored twice: as
``basic`` plays the cards, and under perfect play after the bidding (every card seen, the
dealer's discard chosen the same way; ``analysis.orderup.counterfactual(..., play=...)``).
Then the study's own method on our deals: every seat orders up on every deal, perfect play
(``analysis.perfect.order_value_every_seat``).  The study is ``analysis.studies.PERFECT``; the
CSVs depend only on the seeds and sizes.

Usage: python scripts/regen_perfect.py [--deals M] [--alone-deals M] [--every-seat N]
       [--out results/perfect] [--threads K]
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from pathlib import Path

PAIRED_SEED = 20260602  # the paired seed of scripts/regen_orderup.py: the same deals
EVERY_SEAT_SEED = 20260603
DEALS = 1_000_000
ALONE_DEALS = 1_000_000
EVERY_SEAT_DEALS = 500_000


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


@contextmanager
def logged(label: str, total: int):
    """A study's progress on stderr: four times a stage, and its time and rate at the end."""
    done, t0 = [0], time.perf_counter()

    def tick(k):
        done[0] += k
        if done[0] % (total // 4 or 1) < k or done[0] == total:
            _log(f"  {label}: {done[0]:,} of {total:,}")

    yield tick
    s = time.perf_counter() - t0
    _log(f"{label}: {total:,} in {s:.1f} s ({total / max(s, 1e-9):,.0f} a second)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=DEALS, help="order-up paired deals per position")
    p.add_argument("--alone-deals", type=int, default=ALONE_DEALS,
                   help="alone paired deals per position")
    p.add_argument("--every-seat", type=int, default=EVERY_SEAT_DEALS,
                   help="deals for the study's method (every seat orders up on each)")
    p.add_argument("--out", type=Path, default=Path("results/perfect"))
    p.add_argument("--threads", type=int, default=None)
    args = p.parse_args(argv)

    from analysis.studies import PERFECT
    from sim import Rules, Table

    result = PERFECT.run(args.deals, args.alone_deals, args.every_seat, PAIRED_SEED,
                         EVERY_SEAT_SEED, Rules(), Table.teams("basic"), threads=args.threads,
                         progress=logged)  # fmt: skip
    command = "python scripts/regen_perfect.py" + "".join(
        f" --{k.replace('_', '-')} {v}" for k, v, d in (
            ("deals", args.deals, DEALS), ("alone_deals", args.alone_deals, ALONE_DEALS),
            ("every_seat", args.every_seat, EVERY_SEAT_DEALS)) if v != d)
    result.write(args.out, force=True, command=command)
    _log(f"wrote {args.out} (total {sum(result.timings.values()):.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
