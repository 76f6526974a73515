"""CPU milliseconds a hand of slow players, four seats of each, on one thread in one process
(so the ratios between them are measured under the same load): each strategy is warmed up
(compiled or loaded) outside the clock, then ``--hands`` hands of each are timed, ``--repeats``
times in turn.

Usage: python scripts/player_cost.py [--hands 300] [--repeats 2] SPEC [SPEC ...]
e.g.   python scripts/player_cost.py rollout pimc:inference=bids+play
"""

from __future__ import annotations

import argparse
import time


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("specs", nargs="+", metavar="SPEC")
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--repeats", type=int, default=2)
    a = p.parse_args(argv)
    import sim

    for spec in a.specs:
        sim.simulate(8, 99, sim.Rules(), sim.Table.teams(spec), threads=1)
    for rep in range(a.repeats):
        for spec in a.specs:
            t0, w0 = time.process_time(), time.perf_counter()
            sim.simulate(a.hands, 7 + rep, sim.Rules(), sim.Table.teams(spec), threads=1)
            cpu, wall = time.process_time() - t0, time.perf_counter() - w0
            print(f"run {rep}  {spec:<45} {a.hands} hands  CPU {1000 * cpu / a.hands:7.3f} "
                  f"ms a hand  (wall {1000 * wall / a.hands:7.3f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
