"""Regenerate the committed ``results/score/`` from fixed seeds: the match-equity table of the
equilibrium's players under the published rules and under stick the dealer (games to 10), and
the published rules' table for games to 5 and 7.

Each folder is what ``euchre-sim match-equity`` writes (its manifest holds the line that
writes it again); the CSVs depend only on the seeds, sizes, rules and strategy.

Usage: python scripts/regen_score.py [--games N] [--hands M] [--out results/score]
                                     [--threads K]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SEED = 20261205
GAMES = 400_000          # games from each score: 95% intervals of +/-0.16 points at most
HANDS = 2_000_000        # hands at each pair of scores, for the check through the recursion
RUNS = (  # (folder, rules)
    ("match_equity", "published"),
    ("match_equity_stick", "stick-the-dealer"),
    ("match_equity_to5", "game_to=5"),
    ("match_equity_to7", "game_to=7"),
)
STRATEGY = "equilibrium"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=GAMES, help="games from each score")
    p.add_argument("--hands", type=int, default=HANDS, help="hands at each pair of scores")
    p.add_argument("--out", type=Path, default=Path("results/score"))
    p.add_argument("--threads", type=int, default=None)
    args = p.parse_args(argv)

    from analysis.studies import MATCH_EQUITY
    from sim import Table, load_strategy, parse_rules

    table = Table((load_strategy(STRATEGY),) * 4)
    for folder, spec in RUNS:
        t0 = time.perf_counter()
        result = MATCH_EQUITY.run(args.games, args.hands, SEED, parse_rules(spec), table,
                                  threads=args.threads)
        out = args.out / folder
        result.write(out, force=True, command=MATCH_EQUITY.reproduce(result, out))
        print(f"wrote {out} ({time.perf_counter() - t0:.1f} s)", file=sys.stderr, flush=True)
        print(result.text() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
