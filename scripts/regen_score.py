"""Regenerate the committed ``results/score/`` from fixed seeds: the match-equity table of the
equilibrium's players (reading the score; and with the 0-0 table at every score) under the
published rules, under stick the dealer (games to 10), and for games to 5 and 7; and what the
blocks win (order up against pass at 9-6 and 9-7, ``BLOCKS``).

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
RUNS = (  # (folder, rules, strategy at every seat)
    # the answer: equilibrium players reading the score (the score tables, published rules)
    ("match_equity", "published", "equilibrium"),
    # the same with the 0-0 table at every score: the table the score tables were solved
    # against (scripts/score_tables.py), and how far W moved when the players read the score
    ("match_equity_00_tables", "published", "equilibrium:scores=off"),
    # stick the dealer, whose players read its own score tables
    ("match_equity_stick", "stick-the-dealer", "equilibrium"),
    # games to 5 and 7: no score tables of their own (the 0-0 table at every score)
    ("match_equity_to5", "game_to=5", "equilibrium"),
    ("match_equity_to7", "game_to=7", "equilibrium"),
)

# what the blocks win: order up against pass at the scores where the side at 9 that is not
# dealing blocks the dealer's loner (the deciding player's team first), score-reading players
BLOCKS = (("blocks_9-6", (9, 6)), ("blocks_9-7", (9, 7)))
BLOCK_DEALS = 100_000    # paired deals a position


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=GAMES, help="games from each score")
    p.add_argument("--hands", type=int, default=HANDS, help="hands at each pair of scores")
    p.add_argument("--out", type=Path, default=Path("results/score"))
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--only", default=None,
                   help="one folder of RUNS or BLOCKS, e.g. match_equity or blocks_9-6")
    args = p.parse_args(argv)

    from pandas import read_csv

    from analysis.studies import MATCH_EQUITY
    from sim import Table, load_strategy, parse_rules

    for folder, spec, strategy in RUNS:
        if args.only not in (None, folder):
            continue
        t0 = time.perf_counter()
        table = Table((load_strategy(strategy),) * 4)
        result = MATCH_EQUITY.run(args.games, args.hands, SEED, parse_rules(spec), table,
                                  threads=args.threads)
        out = args.out / folder
        result.write(out, force=True, command=MATCH_EQUITY.reproduce(result, out))
        print(f"wrote {out} ({time.perf_counter() - t0:.1f} s)", file=sys.stderr, flush=True)
        print(result.text() + "\n")
    from analysis.studies import ORDER_UP

    for folder, score in BLOCKS:
        if args.only not in (None, folder):
            continue
        t0 = time.perf_counter()
        table = Table((load_strategy("equilibrium"),) * 4)
        result = ORDER_UP.run(BLOCK_DEALS, BLOCK_DEALS, SEED, parse_rules("published"), table,
                              score=score, threads=args.threads)
        out = args.out / folder
        command = (f"euchre-sim order-up --hands {BLOCK_DEALS} --deals {BLOCK_DEALS} --seed "
                   f"{SEED} --strategy equilibrium --score {score[0]}-{score[1]} --out {out}")
        result.write(out, force=True, command=command)
        print(result.text() + "\n")
        print(f"wrote {out} ({time.perf_counter() - t0:.1f} s)", file=sys.stderr, flush=True)
    if args.only not in (None, "match_equity"):
        return 0
    from sim.players.equilibrium_table import SCORE_TABLES

    a = read_csv(args.out / "match_equity" / "match_equity.csv")
    b = read_csv(SCORE_TABLES / "published" / "match_equity.csv")
    moved = (a["w"] - b["w"]).abs()
    worst = a.loc[moved.idxmax()]
    print(f"W of the score-reading players moved from the table the score tables were solved "
          f"against by at most {100 * moved.max():.2f} percentage points (at "
          f"{int(worst.dealer_score)}-{int(worst.other_score)}); {int((moved > 0.002).sum())} "
          f"of {len(a)} cells by more than 0.2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
