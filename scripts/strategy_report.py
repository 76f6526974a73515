"""How strong is ``basic``?  Head-to-head margins (paired, seats swapped) and game win rates
against the other built-ins, and its bidding split and euchre rate as maker.

Usage: python scripts/strategy_report.py [--hands N] [--games G] [--seed S] [--rules SPEC]
                                         [--csv FILE]
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

from analysis.headtohead import head_to_head, head_to_head_games
from analysis.summary import summarise
from sim import Table, parse_rules, simulate

OPPONENTS = ("random", "trump-count", "conservative", "aggressive")
BIDDING = ("made in round 1", "made in round 2", "passed out", "alone", "euchred", "march")


def main(argv=None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2_000_000, help="deals per match")
    ap.add_argument("--games", type=int, default=200_000, help="games per match")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default=None, help="rules spec, e.g. 'stick-the-dealer'")
    ap.add_argument("--csv", default=None, help="also write the head-to-head rows here")
    args = ap.parse_args(argv)
    rules = parse_rules(args.rules)

    print(f"basic head to head: {args.hands:,} deals each, played from both sides, seed "
          f"{args.seed}, {rules.describe()}")  # fmt: skip
    rows = []
    for other in OPPONENTS:
        t0 = time.perf_counter()
        row = head_to_head("basic", other, args.hands, args.seed, rules)
        rows.append(row)
        r = row.iloc[0]
        print(
            f"  vs {other:<13} margin {r.margin:+.4f} [{r.low:+.4f}, {r.high:+.4f}]  "
            f"points/hand basic {r.a_points:.4f}, {other} {r.b_points:.4f}  "
            f"({time.perf_counter() - t0:.1f} s)"
        )
    df = pd.concat(rows, ignore_index=True)
    if args.csv:
        df.to_csv(args.csv, index=False)

    print(f"\nbasic game win rate: {args.games:,} games to {rules.game_to} each, from both sides")
    for other in OPPONENTS:
        g = head_to_head_games("basic", other, args.games, args.seed, rules).iloc[0]
        print(f"  vs {other:<13} {100 * g.a_wins:6.2f}%  [{100 * g.low:.2f}, {100 * g.high:.2f}]")

    result = simulate(args.hands, args.seed, rules, Table.teams("basic"))
    summary = summarise(result).set_index("statistic")
    print(f"\nbasic at all four seats, {args.hands:,} hands:")
    for name in BIDDING:
        s = summary.loc[name]
        of = "of hands" if name in BIDDING[:3] else "of made hands"
        print(f"  {name:<16} {100 * s.value:6.2f}%  [{100 * s.low:.2f}, {100 * s.high:.2f}]  {of}")
    return df


if __name__ == "__main__":
    main()
