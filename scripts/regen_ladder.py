"""Regenerate ``results/ladder/``: the strength ladder of the built-ins (random, trump-count,
conservative, aggressive, basic, tuned, equilibrium, pimc), each pair on the same paired,
seat-swapped deals and games, with ratings fitted to all pairs (``euchre-sim ladder``; its
manifest carries the command that reproduces it).

Usage: python scripts/regen_ladder.py [--scale 1.0] [--seed 2026]
(``--scale 0.01`` runs a hundredth of the deals and games, for a quick look.)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANDS, GAMES = 1_000_000, 100_000            # fast pairs
SLOW_HANDS, SLOW_GAMES = 4_000, 400          # pairs with pimc


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", type=float, default=1.0, help="share of the deals and games")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--out", type=Path, default=ROOT / "results" / "ladder")
    args = p.parse_args(argv)
    if not 0 < args.scale <= 10:
        p.error("--scale must be above 0 and at most 10")

    def n(x):
        return str(max(int(x * args.scale), 2))

    cmd = ["euchre-sim", "ladder", "--hands", n(HANDS), "--games", n(GAMES), "--slow-hands",
           n(SLOW_HANDS), "--slow-games", n(SLOW_GAMES), "--seed", str(args.seed), "--out",
           str(args.out), "--force"]
    print("$ " + " ".join(cmd), file=sys.stderr, flush=True)
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
