"""Regenerate the committed ``results/compare/`` and ``results/report.html`` from fixed seeds.

Also ``results/tournament/``.  The CSVs depend only on the seeds, sizes, rules and strategy;
only the manifests' wall times and git revision change between runs.

Usage: python scripts/regen_compare.py [--hands N] [--games M] [--out results] [--threads K]
                                       [--strategy NAME]
(``--strategy tuned --out results/tuned`` writes only ``results/tuned/compare/``: the same
comparison with ``tuned`` at every seat; ``--strategy equilibrium --out results/score`` the one
with score-reading players, which the report includes, so run that first.)

The report leads with the answers under the players a person should copy, the equilibrium's
bids and tuned's card play (``LEAD_RUNS``: ``scripts/regen_orderup.py`` and
``scripts/regen_score.py`` write them); basic's answers (``OTHER_RUNS``) follow, one link away.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SEED = 20260701
HANDS = 2_000_000
GAMES = 200_000
# the report's answers first: the equilibrium at every seat (its bids, tuned's card play):
# ordering up and going alone (scripts/regen_orderup.py), stick the dealer or redeal with
# score-reading players, W and what the blocks win at 9-6 (scripts/regen_score.py)
LEAD_RUNS = ("equilibrium/orderup", "equilibrium/alone", "score/compare", "score/match_equity",
             "score/blocks_9-6")
# then the same questions with basic at every seat (this script's comparison and tournament;
# scripts/regen_orderup.py --strategy basic --out results), one link away
OTHER_RUNS = ("orderup", "alone", "compare", "tournament")
TOURNAMENT = {"a": "basic", "b": "trump-count", "hands": 1_000_000, "games": 100_000,
              "seed": 20260702}


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def tournament(out: Path) -> str:
    """Write the ``TOURNAMENT`` folder at ``out`` (published rules) with the ``tournament``
    command's study; returns the text the command prints."""
    from analysis.studies import TOURNAMENT as STUDY
    from sim import Rules

    t = TOURNAMENT
    result = STUDY.run(t["a"], t["b"], t["hands"], t["games"], t["seed"], Rules())
    result.write(out, force=True, command=STUDY.reproduce(result, out))
    return result.text() + f"\n\nwrote {out}\n"


def main(argv=None) -> int:
    """The comparison plays ``HANDS`` paired hands and ``GAMES`` paired games (seed ``SEED``,
    basic at every seat) under the published redeal rule and under stick the dealer; the
    tournament is ``TOURNAMENT``; the report gathers ``LEAD_RUNS`` and then ``OTHER_RUNS``
    (regenerate those of the other scripts first) into one self-contained HTML file."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=HANDS, help="paired hands")
    p.add_argument("--games", type=int, default=GAMES, help="paired games")
    p.add_argument("--out", type=Path, default=Path("results"), help="parent of the folders")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--strategy", default="basic", help="the strategy at every seat")
    args = p.parse_args(argv)

    from analysis.report import write_report
    from analysis.studies import COMPARE_RULES
    from sim import Rules, Table

    t0 = time.perf_counter()
    c = COMPARE_RULES.run(args.hands, args.games, SEED, Rules(), Rules(stick_the_dealer=True),
                          Table.teams(args.strategy), threads=args.threads)
    t1 = time.perf_counter()
    _log(f"compared: {args.hands:,} hands and {args.games:,} games x 2 rule sets "
         f"in {t1 - t0:.1f} s")  # fmt: skip
    command = "python scripts/regen_compare.py" + "".join(
        f" --{k} {v}"
        for k, v in (("hands", args.hands), ("games", args.games), ("out", args.out),
                     ("strategy", args.strategy))
        if v != {"hands": HANDS, "games": GAMES, "out": Path("results"), "strategy": "basic"}[k]
    )
    c.write(args.out / "compare", force=True, command=command)
    t2 = time.perf_counter()
    _log(f"wrote {args.out / 'compare'} ({t2 - t1:.1f} s)")
    print(c.text())
    if args.strategy != "basic":
        return 0          # the tournament and the report are basic's
    print(tournament(args.out / "tournament"))
    lead, others = ([args.out / name for name in names
                     if (args.out / name / "manifest.json").is_file()]
                    for names in (LEAD_RUNS, OTHER_RUNS))  # fmt: skip
    size = write_report(
        lead or others,
        args.out / "report.html",
        title="euchre-sim results under the equilibrium's bids and tuned's card play: ordering "
              "up, going alone, stick the dealer, playing to the score (basic players' answers "
              "below)" if lead else "euchre-sim results: stick the dealer, a tournament, "
              "ordering up, going alone",
        others=others if lead else (),
    )
    t3 = time.perf_counter()
    _log(f"wrote {args.out / 'report.html'} ({size / 1e6:.2f} MB from "
         f"{', '.join(str(r.relative_to(args.out)) for r in lead + others)}; "
         f"{t3 - t2:.1f} s)")  # fmt: skip
    _log(f"total {t3 - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
