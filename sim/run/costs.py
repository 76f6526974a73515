"""What a searching player's hand costs: CPU time per hand and per decision by kind, for the
benchmark.

The hands are the kernel's, bound to the player (``sim.table.bindings.player_kernels``), played
on one thread through the hand loop (``play_chunk``); the player's record reads what its
decisions cost from its chunk state (``PlayerType.costs``: pimc's stats row counts each
decision's worlds, solves and CPU cycles, ``sim.players.pimc.costs``).
"""

from __future__ import annotations

import importlib
import time

import numpy as np
from numba import njit

from sim.kernel.layout import DEAL_BLOCK, NO_FORCE, NTALLY_ROW
from sim.rules import Rules
from sim.solver.timing import cycle_counter
from sim.threads import using_threads


@njit(cache=True)
def cycles():
    """The CPU's cycle counter (``sim.solver.timing.cycle_counter``), from Python."""
    return cycle_counter()


def decision_costs(hands: int = 200, seed: int = 0, *, strategy: str) -> dict:
    """CPU milliseconds per complete hand with ``strategy`` (a spec of a player whose record
    reads its costs, ``PlayerType.costs``: pimc's) at all four seats, played on one thread, and
    per decision by kind as its record says (pimc: card, bid, discard, with the mean worlds and
    solves per decision).  The per-kind times are the CPU cycle counts of the decisions scaled
    by the run's CPU time per cycle."""
    from sim.players import load_strategy
    from sim.table import Table

    s = load_strategy(strategy)
    if s.player.costs is None:
        raise ValueError(f"{s.name}: its player does not count what its decisions cost")
    table = Table((s,) * 4)
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
    ms_per_cycle = 1000 * cpu / max(int(spent), 1)
    return {"strategy": strategy, "hands": hands, "ms_per_hand": 1000 * cpu / hands,
            **s.player.costs(s, ps, hands, ms_per_cycle)}


__all__ = ["decision_costs"]
