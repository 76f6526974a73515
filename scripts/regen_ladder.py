"""Regenerate ``results/ladder/``: the strength ladder of the built-ins (random, trump-count,
conservative, aggressive, basic, tuned, equilibrium, pimc), each pair on the same paired,
seat-swapped deals and games, with ratings fitted to all pairs (the ``ladder`` command's study,
``analysis.studies.LADDER``; its manifest carries the command that reproduces it).

Usage: python scripts/regen_ladder.py [--scale 1.0] [--seed 2026]
(``--scale 0.01`` runs a hundredth of the deals and games, for a quick look.)
"""

from __future__ import annotations

import argparse
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

    from analysis.studies import LADDER

    def n(x):
        return max(int(x * args.scale), 2)

    result = LADDER.run(None, n(HANDS), n(GAMES), args.seed, slow_hands=n(SLOW_HANDS),
                        slow_games=n(SLOW_GAMES))
    result.write(args.out, force=True, command=LADDER.reproduce(result, args.out, force=True))
    print(result.text())
    print(f"\nwrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
