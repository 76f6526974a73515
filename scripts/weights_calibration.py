"""How well the weights of a search player's worlds predict the hidden cards: the mean log
probability that each card a seat cannot see is where it truly is, under worlds weighed by the
bids (the equilibrium's table, ``sim.players.auction``) and the play (tuned's card play,
``sim.players.play_likelihood``), each likelihood raised to a power (tempered), against uniform
worlds.  A proper score: the weights that put the most probability on the truth score best, and
weights too sure of a wrong model score below uniform ones.

Every card decision of traced hands (``--strategy`` at all four seats, the players whose bids
and plays the weights read) is scored: ``--worlds`` worlds a decision, the same for every
setting; each card's probability is floored at 0.001.  Prints the settings best first, each as
the mean difference from uniform worlds with its 95% interval (paired over decisions).

Usage: python scripts/weights_calibration.py [--hands 400] [--seed 8] [--strategy pimc]
"""

from __future__ import annotations

import argparse
import itertools

import numpy as np

FLOORS = (0.01, 0.05)
SOFTS = (0.3, 0.5, 0.7)
POWERS = (0.0, 0.25, 0.5, 0.75, 1.0)


def scores(strategy: str, hands: int, seed: int, worlds: int) -> dict:
    """{(floor, bid power, soft, play power): [each decision's mean log probability]}."""
    import sim
    from sim import Rules, Table
    from sim.agents.view_weights import table_words
    from sim.players.auction import TEMPER, weigh_worlds
    from sim.players.play_likelihood import card_decisions

    table = table_words(Rules())
    out: dict = {}
    for record in sim.trace(seed, range(hands), table=Table.teams(strategy)):
        for kn, truth in card_decisions(record):
            j = int(kn[11])
            dealt = np.zeros((worlds, 4), np.int64)
            key = np.uint64(1000 * j + 7 + 100_000 * seed)
            bids, play = {}, {}
            for f in FLOORS:
                bids[f] = np.zeros(worlds)
                if not weigh_worlds(kn, worlds, key, table, 0, f, -1.0, dealt, bids[f]):
                    break
            else:
                for s in SOFTS:
                    play[s] = np.zeros(worlds)
                    weigh_worlds(kn, worlds, key, table, -1, 0.01, s, dealt, play[s])
            if not play:
                continue                       # one legal card: no worlds
            held = np.array([(dealt[:, o] >> x) & 1 for x, o in truth], np.float64).T
            for (f, b), (s, p) in itertools.product(itertools.product(FLOORS, POWERS),
                                                    itertools.product(SOFTS, POWERS)):
                if (b == 0 and f != FLOORS[0]) or (p == 0 and s != SOFTS[0]):
                    continue
                # weigh_worlds' weights are tempered once (``TEMPER``): to the power b, p
                w = bids[f] ** (b / TEMPER) * play[s] ** (p / TEMPER)
                prob = (w @ held) / w.sum()
                out.setdefault((f, b, s, p), []).append(np.log(np.maximum(prob, 1e-3)).mean())
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--strategy", default="pimc")
    ap.add_argument("--worlds", type=int, default=1000)
    ap.add_argument("--top", type=int, default=12)
    a = ap.parse_args(argv)
    from sim.intervals import Z95, half_width

    res = scores(a.strategy, a.hands, a.seed, a.worlds)
    base = np.array(res[(FLOORS[0], 0.0, SOFTS[0], 0.0)])
    rows = []
    for k, v in res.items():
        d = np.array(v) - base
        rows.append((d.mean(), half_width(d.std(ddof=1), len(d), Z95), k))
    rows.sort(key=lambda r: -r[0])
    print(f"{len(base):,} card decisions of {a.hands} {a.strategy} hands (seed {a.seed}), "
          f"{a.worlds} worlds each: mean log probability of the hidden cards' true holders, "
          f"minus uniform worlds'")
    for m, e, (f, b, s, p) in rows[:a.top]:
        print(f"  bids^{b:<4} (floor {f})  play^{p:<4} (soft {s})  {m:+.4f} [{m - e:+.4f}, "
              f"{m + e:+.4f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
