"""Regenerate the committed ``results/perfect/`` from fixed seeds: the order-up and going-alone
questions under two models of play, and the published perfect-information study's comparison.

For each position, the same deals are played with the round-1 decision forced each way (order
or pass; alone or with partner), the bidding by ``basic``; each pair is scored twice: as
``basic`` plays the cards, and under perfect play after the bidding (every card seen, the
dealer's discard chosen the same way; ``analysis.orderup.counterfactual(..., play=...)``).
Then the study's own method on our deals: every seat orders up on every deal, perfect play
(``analysis.perfect.order_value_every_seat``).  The CSVs depend only on the seeds and sizes.

Usage: python scripts/regen_perfect.py [--deals M] [--alone-deals M] [--every-seat N]
       [--out results/perfect] [--threads K]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

PAIRED_SEED = 20260602  # the paired seed of scripts/regen_orderup.py: the same deals
EVERY_SEAT_SEED = 20260603
DEALS = 1_000_000
ALONE_DEALS = 1_000_000
EVERY_SEAT_DEALS = 500_000


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _ticker(label: str, total: int):
    done = [0]

    def tick(k):
        done[0] += k
        if done[0] % (total // 4 or 1) < k or done[0] == total:
            _log(f"  {label}: {done[0]:,} of {total:,}")

    return tick


def _paired(args, rules, table, timings) -> dict:
    """{play: {"order-pass": tally, "alone-partner": tally}} on the same deals."""
    from analysis import orderup

    out = {}
    for play in ("strategy", "perfect"):
        t = time.perf_counter()
        tallies = {}
        for choice, deals in ((orderup.ORDER_VS_PASS, args.deals),
                              (orderup.ALONE_VS_PARTNER, args.alone_deals)):
            key = f"{choice.a}-{choice.b}"
            t1 = time.perf_counter()
            tallies.update(orderup.counterfactual(
                deals, PAIRED_SEED, rules, table, comparisons=(choice,), play=play,
                threads=args.threads, progress=_ticker(f"{play} {key}", 4 * deals)))
            s = time.perf_counter() - t1
            timings[f"counterfactual {key}, {play} play"] = s
            _log(f"{play} {key}: {4 * deals:,} paired deals in {s:.1f} s "
                 f"({4 * deals / s:,.0f} paired deals/s)")
        out[play] = tallies
        _log(f"{play} play done in {time.perf_counter() - t:.1f} s")
    return out


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

    from analysis.perfect import PUBLISHED_DEALS, order_value_every_seat
    from analysis.results_io import PLAY_NOTES, write_perfect
    from sim import Rules, RunFolder, Table, simulate
    from sim.run.hands import set_threads
    from sim.run.manifests import manifest, rules_fields
    from sim.solver.perfect import perfect_points

    rules, table = Rules(), Table.teams("basic")
    threads = set_threads(args.threads)
    t0 = time.perf_counter()
    r = simulate(64, 0, rules, table, records=True, threads=args.threads).records
    perfect_points(r[[f"hand{s}" for s in range(4)]].to_numpy(), r["upcard"], r["dealer"],
                   r["round"], r["maker"], r["trump"], r["alone"], r["defender_alone"])
    timings = {"compile_or_load": time.perf_counter() - t0}
    _log(f"kernel and solver ready in {timings['compile_or_load']:.1f} s")
    paired = _paired(args, rules, table, timings)
    t1 = time.perf_counter()
    every_seat = order_value_every_seat(args.every_seat, EVERY_SEAT_SEED, rules,
                                        threads=args.threads,
                                        progress=_ticker("every seat", args.every_seat))
    timings["study's method (every seat orders)"] = s = time.perf_counter() - t1
    _log(f"every seat orders: {args.every_seat:,} deals ({4 * args.every_seat:,} order-ups) in "
         f"{s:.1f} s")
    command = "python scripts/regen_perfect.py" + "".join(
        f" --{k.replace('_', '-')} {v}" for k, v, d in (
            ("deals", args.deals, DEALS), ("alone_deals", args.alone_deals, ALONE_DEALS),
            ("every_seat", args.every_seat, EVERY_SEAT_DEALS)) if v != d)
    folder = RunFolder(args.out, force=True)
    try:
        t2 = time.perf_counter()
        write_perfect(folder.tmp, paired, every_seat)
        timings["tables_and_charts"] = time.perf_counter() - t2
        rates = {k: round(4 * (args.deals if "order" in k else args.alone_deals) / v)
                 for k, v in timings.items() if k.startswith("counterfactual")}
        folder.write_json("manifest.json", manifest(
            "perfect", paired_seed=PAIRED_SEED, every_seat_seed=EVERY_SEAT_SEED,
            order_up_deals_per_position=args.deals, alone_deals_per_position=args.alone_deals,
            every_seat_deals=args.every_seat, plays=PLAY_NOTES, **rules_fields(rules),
            strategies=table.describe(), threads=threads,
            published_study={"deals": PUBLISHED_DEALS, "method": "every seat's order-up on "
                             "every deal valued for its own team under perfect play, the "
                             "dealer discarding optimally"},
            paired_deals={play: {k: {"deals": dict(zip(("first", "second", "third", "dealer"),
                                                       map(int, t.deals), strict=True)),
                                     "hands_played": int(t.hands.sum())}
                                 for k, t in tallies.items()}
                          for play, tallies in paired.items()},
            paired_deals_per_s=rates,
            wall_s=round(sum(timings.values()), 1),
            timings_s={k: round(v, 1) for k, v in timings.items()}, command=command))
        folder.commit()
    except BaseException:
        folder.discard()
        raise
    _log(f"wrote {args.out} (total {sum(timings.values()):.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
