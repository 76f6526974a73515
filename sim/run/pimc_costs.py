"""What a ``pimc`` hand costs: CPU time per hand and per decision by kind, for the benchmark.

The hands are the kernel's, bound to pimc (``sim.run.bindings.player_kernels``), played on one
thread through the hand loop (``play_chunk``) with a state whose stats row
(``sim.players.pimc.seat``, ``ST_*``) counts each decision's worlds, solves and CPU cycles.
"""

from __future__ import annotations

import importlib
import time

import numpy as np
from numba import njit

from sim.kernel.layout import DEAL_BLOCK, NO_FORCE, NTALLY_ROW
from sim.players.auction import CANDIDATES
from sim.players.pimc.turns import ST_BID, ST_CARD, ST_DISCARD, ST_WEIGHED
from sim.rules import Rules
from sim.solver.pimc import DEFAULT_WORLDS
from sim.solver.timing import cycle_counter
from sim.threads import using_threads


@njit(cache=True)
def cycles():
    """The CPU's cycle counter (``sim.solver.timing.cycle_counter``), from Python."""
    return cycle_counter()


def decision_costs(hands: int = 200, seed: int = 0, strategy: str = "pimc") -> dict:
    """CPU milliseconds per complete hand with ``strategy`` (a pimc spec) at all four seats,
    played on one thread, and per decision by kind (card, bid, discard: decisions with a
    choice), with the mean worlds and solves per decision (with inference, also the mean
    effective number of the worlds a card decision weighed).  The per-kind times are the CPU
    cycle counts of the decisions scaled by the run's CPU time per cycle."""
    from sim.players import load_strategy
    from sim.run.hands import Table

    table = Table((load_strategy(strategy),) * 4)
    kernel, _ = table.kernels()
    seat = importlib.import_module(f"{kernel.__name__}.seat")
    kinds, rows = table.arrays()
    rules = Rules().pack()

    def play(start, n, ps):
        kernel.play_chunk(ps, seed, start, 0, n, rules, kinds, rows, seat.table_slots(rows),
                          False, NO_FORCE, np.zeros((4, 0), np.uint32), np.zeros((13, 0), np.int8),
                          False, np.zeros(NTALLY_ROW, np.int64), np.zeros(2, np.int64),
                          np.empty((6, DEAL_BLOCK), np.int64), np.empty(4, np.int64),
                          np.zeros(1, np.int64), np.zeros((1, 4), np.int64))

    with using_threads(1):
        play(0, 4, seat.chunk_state(rows, kinds))                # compile or load
        ps = seat.chunk_state(rows, kinds)
        t0 = time.process_time()
        c0 = cycles()
        play(1000, hands, ps)
        spent = cycles() - c0
        cpu = time.process_time() - t0
    s = ps[6]
    ms_per_cycle = 1000 * cpu / max(int(spent), 1)
    out = {"strategy": strategy, "hands": hands, "ms_per_hand": 1000 * cpu / hands}
    for name, col in (("card", ST_CARD), ("bid", ST_BID), ("discard", ST_DISCARD)):
        n = max(int(s[col]), 1)
        out[name] = {"decisions": int(s[col]), "ms": s[col + 3] * ms_per_cycle / n,
                     "worlds": s[col + 1] / n, "solves": s[col + 2] / n,
                     "per_hand": s[col] / hands}
    if s[ST_WEIGHED]:      # inference: what a card decision's weighed worlds are worth
        worlds = int(table.seats[0].params.get("worlds", DEFAULT_WORLDS))
        out["card"]["weighed"] = CANDIDATES * worlds
        out["card"]["effective_worlds"] = s[ST_WEIGHED + 1] / 1000 / s[ST_WEIGHED]
    return out


__all__ = ["decision_costs"]
