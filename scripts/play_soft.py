"""Measure how often a seat's card play agrees with ``tuned``'s rule, the softening
``sim.players.play_likelihood`` gives the card-play model (``PLAY_SOFT``): trace hands of a
strategy at all four seats and count, over every play with two legal cards or more, the plays
that were the rule's card.

Usage: python scripts/play_soft.py [--strategy pimc] [--hands 2000] [--seed 5]
"""

from __future__ import annotations

import argparse
import math


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--strategy", default="pimc")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args(argv)
    import sim
    from sim import Table
    from sim.intervals import Z95, half_width
    from sim.players.play_likelihood import play_agreement

    n, same = play_agreement(sim.trace(a.seed, range(a.hands), table=Table.teams(a.strategy)))
    share = same / n
    half = half_width(math.sqrt(share * (1 - share)), n, Z95)
    print(f"{a.strategy}: {same} of {n} plays with a choice were tuned's card: "
          f"{share:.3f} [{share - half:.3f}, {share + half:.3f}]; soft = {1 - share:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
