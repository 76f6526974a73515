"""Regenerate the committed ``results/compare/`` and ``results/report.html`` from fixed seeds.

Also ``results/tournament/``.  The CSVs depend only on the seeds, sizes, rules and strategy;
only the manifests' wall times and git revision change between runs.

Usage: python scripts/regen_compare.py [--hands N] [--games M] [--out results] [--threads K]
                                       [--strategy NAME]
(``--strategy tuned --out results/tuned`` writes only ``results/tuned/compare/``: the same
comparison with ``tuned`` at every seat.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SEED = 20260701
HANDS = 2_000_000
GAMES = 200_000
REPORT_RUNS = ("compare", "tournament", "orderup", "alone")
TOURNAMENT = {"a": "basic", "b": "trump-count", "hands": 1_000_000, "games": 100_000,
              "seed": 20260702}


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def tournament(out: Path) -> str:
    """Write the ``TOURNAMENT`` folder at ``out`` (published rules) as ``euchre-sim
    tournament ... --out OUT --force`` does; returns the text the command prints."""
    from analysis.headtohead import head_to_head, head_to_head_games
    from analysis.results_io import tournament_manifest, write_tournament
    from analysis.text.headtohead import format_tournament
    from sim import Rules, RunFolder, load_strategy
    from sim.run.manifests import reproduce_command, rules_spec

    t = TOURNAMENT
    rules = Rules()
    sa, sb = load_strategy(t["a"]), load_strategy(t["b"])
    t0 = time.perf_counter()
    folder = RunFolder(out, force=True)
    try:
        hrow = head_to_head(sa, sb, t["hands"], t["seed"], rules)
        grow = head_to_head_games(sa, sb, t["games"], t["seed"], rules)
        write_tournament(folder.tmp, hrow, grow, sa.name, sb.name, rules, t["seed"])
        command = reproduce_command("tournament", [
            t["a"], t["b"], "--games", t["games"], "--hands", t["hands"], "--seed", t["seed"],
            "--rules", rules_spec(rules), "--out", out])  # fmt: skip
        folder.write_json("manifest.json", tournament_manifest(
            seed=t["seed"], hands=t["hands"], games=t["games"], a=sa.name, b=sb.name,
            rules=rules, wall_s=time.perf_counter() - t0, command=command))  # fmt: skip
        folder.commit()
    except BaseException:
        folder.discard()
        raise
    return format_tournament(hrow, grow) + f"\n\nwrote {out}\n"


def main(argv=None) -> int:
    """The comparison plays ``HANDS`` paired hands and ``GAMES`` paired games (seed ``SEED``,
    basic at every seat) under the published redeal rule and under stick the dealer; the
    tournament is ``TOURNAMENT``; the report gathers ``REPORT_RUNS`` (regenerate orderup and
    alone with ``scripts/regen_orderup.py``) into one self-contained HTML file."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=HANDS, help="paired hands")
    p.add_argument("--games", type=int, default=GAMES, help="paired games")
    p.add_argument("--out", type=Path, default=Path("results"), help="parent of the folders")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--strategy", default="basic", help="the strategy at every seat")
    args = p.parse_args(argv)

    from analysis.compare import compare_rules
    from analysis.report import write_report
    from analysis.results_io import comparison_manifest, write_comparison
    from analysis.text.compare import format_comparison
    from sim import Rules, RunFolder, Table
    from sim.run.hands import set_threads

    t0 = time.perf_counter()
    rules_a, rules_b = Rules(), Rules(stick_the_dealer=True)
    table = Table.teams(args.strategy)
    threads = set_threads(args.threads)
    c = compare_rules(args.hands, args.games, SEED, rules_a, rules_b, table, threads=threads)
    t1 = time.perf_counter()
    _log(f"compared: {args.hands:,} hands and {args.games:,} games x 2 rule sets "
         f"in {t1 - t0:.1f} s")  # fmt: skip
    command = "python scripts/regen_compare.py" + "".join(
        f" --{k} {v}"
        for k, v in (("hands", args.hands), ("games", args.games), ("out", args.out),
                     ("strategy", args.strategy))
        if v != {"hands": HANDS, "games": GAMES, "out": Path("results"), "strategy": "basic"}[k]
    )
    folder = RunFolder(args.out / "compare", force=True)
    try:
        files = write_comparison(folder.tmp, c)
        m = comparison_manifest(c, table, threads, command, files + ["manifest.json"])
        m["timings"] = {"simulate_and_compare": t1 - t0,
                        "tables_and_charts": time.perf_counter() - t1}  # fmt: skip
        folder.write_json("manifest.json", m)
        folder.commit()
    except BaseException:
        folder.discard()
        raise
    t2 = time.perf_counter()
    _log(f"wrote {args.out / 'compare'} ({t2 - t1:.1f} s)")
    print(format_comparison(c))
    if args.strategy != "basic":
        return 0          # the tournament and the report are basic's
    print(tournament(args.out / "tournament"))
    runs = [
        args.out / name for name in REPORT_RUNS if (args.out / name / "manifest.json").is_file()
    ]
    size = write_report(
        runs,
        args.out / "report.html",
        title="euchre-sim results: stick the dealer, a tournament, ordering up, going alone",
    )
    t3 = time.perf_counter()
    _log(f"wrote {args.out / 'report.html'} ({size / 1e6:.2f} MB from "
         f"{', '.join(r.name for r in runs)}; {t3 - t2:.1f} s)")  # fmt: skip
    _log(f"total {t3 - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
