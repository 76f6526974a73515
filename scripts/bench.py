"""Benchmark script: the same figures as ``euchre-sim bench``, for CI logs and docs/performance.md.

Usage: python scripts/bench.py [--hands N] [--repeats R] [--json] [--silent]
"""

from __future__ import annotations

import argparse
import json
import sys


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=4_000_000,
                   help="hands per timed run (records mode uses half)")
    p.add_argument("--repeats", type=int, default=3, help="timed runs per figure; the best is kept")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--silent", action="store_true", help="no per-figure progress lines")
    args = p.parse_args(argv)
    if args.hands < 1000 or args.repeats < 1:
        p.error("--hands must be at least 1000 and --repeats at least 1")
    from analysis.bench import run_bench
    from analysis.text.bench import format_bench

    def progress(row):
        if not args.silent:
            print(f"  {row['strategy']:<7} {row['mode']:<9} threads={row['threads']}: "
                  f"{row['hands_per_s']:,.0f} hands/s", file=sys.stderr)

    result = run_bench(args.hands, args.repeats, progress=progress)
    try:                                    # the web application's rows, with the web extra
        from analysis.web.bench import web_rows
    except ImportError:
        pass
    else:
        result["web"] = web_rows()
    print(json.dumps(result, indent=2) if args.json else format_bench(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
