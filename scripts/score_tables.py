"""Solve and ship the score tables: the bidding game at each listed score of a game to 10
(``sim.equilibrium.solve_equilibrium(score=..., win=...)``), played against the match-equity
table of ``results/score/``, written into the package (``sim/players/tables/score/NAME/``) with
``states.json``, which table the ``equilibrium`` player bids by at each score, and the
match-equity table they were solved against (``match_equity.csv``: ``exploit --score`` reads it).

A score without a table of its own is bid by the table of the solved score whose game is
nearest in shape (``sim.equilibrium.score.group_states``), or by the rule set's committed 0-0
table ("points"): ``docs/score.md`` says how far that is from a table solved for it
(exploitability at that score).  A table already there with the same score, deals, seed and
match-equity table is kept (``--force`` solves it again).

Usage: python scripts/score_tables.py [--rules published] [--states 9-8,8-9,...]
                                      [--iterations N] [--win results/score/.../match_equity.csv]
                                      [--scheduler local:N | tcp://HOST:PORT]

The states are independent solves (``sim.solve_score_tables``): here one after another, or on
a Dask cluster with ``--scheduler``, the same tables either way; a run cut short resumes where
it stopped (each state's table, or its checkpoint).

The default ``--win`` starts the rounds that make ``W`` and the tables consistent (``WIN``:
for the published rules the 0-0 table's players' ``W``, for stick the dealer the published
rules' final one); each later round takes ``--win results/score/match_equity[_stick]/
match_equity.csv --force`` (``docs/score.md``).  The shipped published tables are the fourth
round and the stick-the-dealer ones the second: with ``--win sim/players/tables/score/NAME/
match_equity.csv`` the script finds them all there and only rewrites ``states.json``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

STATES = ("9-8", "8-9", "9-9", "9-6", "4-9", "6-8", "8-8")
ITERATIONS = 50_000_000
SEED = 1
# the match-equity tables of the 0-0 table's players (scripts/regen_score.py)
WIN = {"published": "results/score/match_equity_00_tables/match_equity.csv",
       # stick the dealer starts from the published rules' final W (their score-aware players):
       # nearer its own than the stick 0-0 table's W, so fewer rounds
       "stick-the-dealer": "sim/players/tables/score/published/match_equity.csv"}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="published", choices=sorted(WIN))
    p.add_argument("--states", default=",".join(STATES))
    p.add_argument("--iterations", type=int, default=ITERATIONS)
    p.add_argument("--win", type=Path, default=None)
    p.add_argument("--force", action="store_true")
    p.add_argument("--scheduler", default=None,
                   help="solve the states on a Dask cluster: local:N (N worker processes "
                        "here) or tcp://HOST:PORT; default: here, one after another")
    args = p.parse_args(argv)

    from analysis.win_csv import load_win_csv
    from sim import open_executor, parse_rules, solve_score_tables
    from sim.atomic import write_atomic
    from sim.equilibrium.score import group_states
    from sim.players.equilibrium_table import SCORE_TABLES, table_name

    rules = parse_rules(args.rules)
    w_csv = args.win or Path(WIN[args.rules])
    win = load_win_csv(w_csv, rules.game_to)
    folder = SCORE_TABLES / Path(table_name(rules)).stem
    states = [tuple(int(x) for x in s.split("-")) for s in args.states.split(",")]

    def said(row):
        d, o = row["score"]
        print(f"solved {d}-{o} in {row['wall_s']:.0f} s" if row["solved"] else
              f"{d}-{o}: the table there is the one asked for (--force solves it again)",
              file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    with open_executor(args.scheduler) as executor:
        solve_score_tables(rules, states, win, folder, iterations=args.iterations, seed=SEED,
                           force=args.force, executor=executor, on_state=said)
    groups = group_states(win, states, rules.game_to, not rules.stick_the_dealer)
    every = {f"{d}-{o}": "points" if s is None else f"{s[0]}-{s[1]}"
             for (d, o), (s, _) in groups.items()}
    spec = {"game_to": rules.game_to, "rules": rules.describe(), "iterations": args.iterations,
            "seed": SEED, "note": "each score's table ('points': the committed 0-0 table), the "
            "one whose value map is nearest in shape with the same close flags "
            "(sim.equilibrium.score.group_states); distance: the largest difference of the two "
            "shapes, in points a hand",
            "states": every,
            "distance": {f"{d}-{o}": round(x, 3) for (d, o), (_, x) in groups.items()}}
    write_atomic(folder / "match_equity.csv", lambda tmp: shutil.copyfile(w_csv, tmp))
    write_atomic(folder / "states.json", json.dumps(spec, indent=1) + "\n")
    print(f"wrote {folder} ({len(states)} tables, {time.perf_counter() - t0:.0f} s)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
