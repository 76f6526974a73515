"""Regenerate ``results/review/``: how often each built-in strategy's card plays lose value
under perfect information (the double-dummy solver), by position in the trick and by role.

For each strategy (at all four seats, published rules) ``analysis.play_review`` traces
``--hands`` hands of seed ``--seed`` and values every card played.  Writes
``play_review.csv`` (one row per strategy and group, 95% intervals), ``play_review.png`` /
``.svg`` and ``manifest.json`` (sizes, seed, timings and rates).  The CSV depends only on the
seed, sizes and strategies.

Usage: python scripts/review_play.py [--hands N] [--seed S] [--out results/review]
                                     [--strategies basic,random,...] [--threads K]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HANDS = 20_000
SEED = 20260618
STRATEGIES = ("basic", "conservative", "aggressive", "trump-count", "random")


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=HANDS, help="hands traced per strategy")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--out", type=Path, default=Path("results/review"))
    p.add_argument("--strategies", default=",".join(STRATEGIES))
    p.add_argument("--threads", type=int, default=None, help="the solver's threads")
    args = p.parse_args(argv)

    import pandas as pd

    import analysis
    from analysis.plots import save_figure
    from analysis.studies import write_csv
    from sim.run.manifests import manifest

    strategies = args.strategies.split(",")
    t0 = time.perf_counter()
    analysis.play_review("basic", 8, seed=args.seed)  # compile or load the kernel and solver
    _log(f"kernel and solver ready in {time.perf_counter() - t0:.1f} s")
    tables, timings = [], {}
    for s in strategies:
        spent: dict = {}
        t1 = time.perf_counter()
        tables.append(analysis.play_review(s, args.hands, args.seed, threads=args.threads,
                                           timings=spent))
        wall = time.perf_counter() - t1
        played = int(tables[-1]["hands"].iloc[0])
        timings[s] = {"wall_s": round(wall, 2), "trace_s": round(spent["trace"], 2),
                      "review_s": round(spent["review"], 2), "hands_played_out": played,
                      "hands_per_s": round(args.hands / wall, 1),
                      "reviewed_hands_per_s": round(played / spent["review"], 1)}
        _log(f"{s}: {args.hands:,} hands ({played:,} played out) in {wall:.1f} s: "
             f"trace {spent['trace']:.1f} s, review {spent['review']:.1f} s")
    df = pd.concat(tables, ignore_index=True)
    args.out.mkdir(parents=True, exist_ok=True)
    files = [write_csv(df, args.out / "play_review.csv")]
    fig = analysis.play_review_figure(df)
    files += [f.name for f in save_figure(fig, args.out / "play_review")]
    command = "python scripts/review_play.py" + "".join(
        f" --{k} {v}" for k, v in (("hands", args.hands), ("seed", args.seed))
        if v != {"hands": HANDS, "seed": SEED}[k])
    m = manifest("review-play", seed=args.seed, hands=args.hands, rules="published",
                 strategies=strategies, timings=timings, files=files, command=command)
    (args.out / "manifest.json").write_text(json.dumps(m, indent=2) + "\n")
    _log(f"wrote {args.out} in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
