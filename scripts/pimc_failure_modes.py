"""Look for the two known failure modes of perfect-information Monte Carlo in ``pimc``'s play,
beside ``basic`` and ``tuned`` on the same deals, written to ``results/pimc/failure_modes.csv``:

* **strategy fusion at the dealer's pick-up**: of the deals where the auction reaches the
  dealer in round 1 with a jack turned up (the right bower, his to take), the share he orders
  up (a published PIMC study picked the bower up on all but one of 33,649 such hands, where an
  equilibrium method passed on 31%);
* **overrating loners**: how often a side that makes trump goes alone, and what its loners
  score (a published audit found PIMC valuing "order alone" at +2.18 where the exact value was
  +1.08: a player that overrates loners goes alone more often and scores less on them).

Each strategy plays the same ``--hands`` deals at all four seats (records, published rules).

Usage: python scripts/pimc_failure_modes.py [--hands 20000] [--seed 2026]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STRATEGIES = ("basic", "tuned", "pimc")


def rates(records):
    """The failure-mode rates of one run's records."""
    import numpy as np

    from analysis.stats import mean_interval, proportion

    r = records
    jack = (r["upcard"].to_numpy() % 6) == 2
    rnd, maker, dealer = (r[c].to_numpy() for c in ("round", "maker", "dealer"))
    dealer_took = (rnd == 1) & (maker == dealer)
    reached = dealer_took | (rnd != 1)            # the first three passed in round 1
    took = proportion(int((dealer_took & jack).sum()), int((reached & jack).sum()))
    made = rnd != 0
    alone = r["alone"].to_numpy().astype(bool) & made
    share = proportion(int(alone.sum()), int(made.sum()))
    pts = (r["points0"].to_numpy() - r["points1"].to_numpy()) * np.where(maker % 2 == 0, 1, -1)
    lone = mean_interval(pts[alone]) if alone.any() else None
    return {
        "jack_up_reached_dealer": int((reached & jack).sum()),
        "dealer_took_jack": took.value, "dealer_took_jack_low": took.low,
        "dealer_took_jack_high": took.high,
        "made": int(made.sum()), "alone_share": share.value, "alone_share_low": share.low,
        "alone_share_high": share.high, "lone_hands": int(alone.sum()),
        "lone_makers_points": None if lone is None else lone.value,
        "lone_makers_points_low": None if lone is None else lone.low,
        "lone_makers_points_high": None if lone is None else lone.high,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--out", type=Path, default=ROOT / "results" / "pimc")
    args = p.parse_args(argv)
    import pandas as pd

    from sim import Table, simulate

    rows, timings = [], {}
    for name in STRATEGIES:
        t0 = time.perf_counter()
        res = simulate(args.hands, args.seed, table=Table.teams(name), records=True)
        timings[name] = round(time.perf_counter() - t0, 1)
        rows.append({"strategy": name, "hands": args.hands, **rates(res.records)})
        print(rows[-1], file=sys.stderr, flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).to_csv(args.out / "failure_modes.csv", index=False, float_format="%.6g")
    (args.out / "failure_modes.json").write_text(json.dumps(
        {"script": "scripts/pimc_failure_modes.py", "hands": args.hands, "seed": args.seed,
         "wall_s": timings}, indent=2) + "\n")
    print(f"wrote {args.out / 'failure_modes.csv'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
