"""The ``pimc`` player at the runner's table: ``PimcHands`` and ``PimcGames`` stand in for the
kernel modules (``sim.kernel``, ``sim.kernel.games``) when a seat plays ``pimc``, with the same
calls (``run_hands``, ``trace_hands``, ``run_seen``, ``run_games``, ``trace_one_game``), so
every command that runs a ``Table`` plays ``pimc`` seats without knowing it.

A PIMC hand costs milliseconds, not the kernel's nanoseconds, so these play small chunks
(``PIMC_CHUNK`` hands, each chunk one thread) and the runner plays small batches
(``PIMC_BATCH``), which keeps the progress bar moving and an interrupted run short.  Every
decision is keyed by the hand, so neither changes a result.  ``PimcHands.stats`` sums the
decision counts and CPU cycles (``pimc_hand.ST_*``) of the hands played, for the benchmark
(``decision_costs``).
"""

from __future__ import annotations

import numpy as np

from sim.kernel import NO_FORCE, NTALLY_ROW
from sim.players.kinds import BASIC, PIMC
from sim.players.pimc_params import settings_row
from sim.rules import R_FARMER
from sim.solver import pimc_games, pimc_hand

PIMC_CHUNK = 4
PIMC_BATCH = 256
PIMC_GAME_BATCH = 16


def has_pimc(seats) -> bool:
    return any(s.kind == PIMC for s in seats)


class _PimcTable:
    """The pimc seats of a table: their bit mask and settings rows."""

    def __init__(self, seats):
        self.mask = np.int64(sum(1 << i for i, s in enumerate(seats) if s.kind == PIMC))
        self.settings = np.stack([settings_row(s.params, s.passes_round1) if s.kind == PIMC
                                  else settings_row({}) for s in seats])

    @staticmethod
    def kinds(kinds):
        """The kernel's kinds, a pimc seat's fallback decisions being basic's."""
        return np.where(kinds == PIMC, BASIC, kinds).astype(np.int64)

    @staticmethod
    def check(rules):
        if rules[R_FARMER]:
            raise ValueError("the pimc player does not play the farmer's hand house rule: "
                             "leave farmers_hand off, or seat another strategy")


class PimcHands(_PimcTable):
    """``sim.kernel``'s batch calls for a table with ``pimc`` seats; ``stats`` sums the decision
    counts and cycles of the hands played (``pimc_hand.ST_*``)."""

    max_batch = PIMC_BATCH

    def __init__(self, seats):
        super().__init__(seats)
        self.stats = np.zeros(pimc_hand.N_STATS, np.int64)

    def run_hands(self, seed, start, n, chunk, rules, kinds, seat_table, force, masks, fields,
                  tally, scores):
        self.check(rules)
        nch = (n + PIMC_CHUNK - 1) // PIMC_CHUNK
        own = np.zeros((nch, NTALLY_ROW), np.int64)
        stats = np.zeros((nch, pimc_hand.N_STATS), np.int64)
        pimc_hand.run_hands(seed, start, n, np.int64(PIMC_CHUNK), rules, self.kinds(kinds),
                            self.mask, self.settings, seat_table, force, masks, fields, own,
                            scores, stats)
        tally[:] = 0
        tally[0] = own.sum(axis=0)
        self.stats += stats.sum(axis=0)

    def trace_hands(self, seed, indices, rules, kinds, seat_table, force, traces, results,
                    decks):
        self.check(rules)
        pimc_hand.trace_hands(seed, indices, rules, self.kinds(kinds), self.mask,
                              self.settings, seat_table, force, traces, results, decks)

    def run_seen(self, seed, start, n, chunk, rules, kinds, seat_table, force, hand, upcard,
                 position, scores, out):
        self.check(rules)
        pimc_hand.run_seen(seed, start, n, np.int64(PIMC_CHUNK), rules, self.kinds(kinds),
                           self.mask, self.settings, seat_table, force, hand, upcard, position,
                           scores, out)


class PimcGames(_PimcTable):
    """``sim.kernel.games``' calls for a table with ``pimc`` seats."""

    max_batch = PIMC_GAME_BATCH

    def run_games(self, seed, start, n, chunk, rules, kinds, seat_table, force, records, gtally,
                  htally):
        self.check(rules)
        gt = np.zeros((n, gtally.shape[1]), np.int64)      # a chunk of one game each
        ht = np.zeros((n, htally.shape[1]), np.int64)
        stats = np.zeros((n, pimc_hand.N_STATS), np.int64)         # not read
        pimc_games.run_games(seed, start, n, np.int64(1), rules, self.kinds(kinds), self.mask,
                             self.settings, seat_table, force, records, gt, ht, stats)
        gtally[:] = 0
        htally[:] = 0
        gtally[0] = gt.sum(axis=0)
        htally[0] = ht.sum(axis=0)

    def trace_one_game(self, seed, g, rules, kinds, seat_table, _slots, force, trace_dealers,
                       traces, visits):
        self.check(rules)
        return pimc_games.trace_one_game(seed, g, rules, self.kinds(kinds), self.mask,
                                         self.settings, seat_table, force, trace_dealers,
                                         traces, visits)


def pimc_kernels(seats):
    """(hands, games) stand-ins for a table with ``pimc`` seats."""
    if any(s.hooks is not None for s in seats):
        raise ValueError("a code strategy cannot sit at a table with pimc players")
    return PimcHands(seats), PimcGames(seats)





def decision_costs(hands: int = 200, seed: int = 0, strategy: str = "pimc") -> dict:
    """CPU milliseconds per complete hand with ``strategy`` (a pimc spec) at all four seats,
    played on one thread, and per decision by kind (card, bid, discard: decisions with a
    choice), with the mean worlds and solves per decision.  The per-kind times are the CPU
    cycle counts of the decisions scaled by the run's CPU time per cycle."""
    import time

    from sim.players import load_strategy, seat_table
    from sim.rules import Rules
    from sim.threads import using_threads

    seats = (load_strategy(strategy),) * 4
    runner = PimcHands(seats)
    kinds = np.array([s.kind for s in seats], np.int64)
    rows = seat_table([s.vector() for s in seats])
    args = (Rules().pack(), kinds, rows, NO_FORCE, np.zeros((4, 0), np.uint32),
            np.zeros((13, 0), np.int8))
    with using_threads(1):
        runner.run_hands(seed, 0, 4, 4, *args, np.zeros((1, NTALLY_ROW), np.int64),
                         np.zeros(2, np.int64))                  # compile or load
        runner.stats[:] = 0
        t0 = time.process_time()
        runner.run_hands(seed, 1000, hands, 4, *args, np.zeros((1, NTALLY_ROW), np.int64),
                         np.zeros(2, np.int64))
        cpu = time.process_time() - t0
    s = runner.stats
    ms_per_cycle = 1000 * cpu / max(int(s[pimc_hand.ST_HAND_CYCLES]), 1)
    out = {"strategy": strategy, "hands": hands, "ms_per_hand": 1000 * cpu / hands}
    for name, col in (("card", pimc_hand.ST_CARD), ("bid", pimc_hand.ST_BID),
                      ("discard", pimc_hand.ST_DISCARD)):
        n = max(int(s[col]), 1)
        out[name] = {"decisions": int(s[col]), "ms": s[col + 3] * ms_per_cycle / n,
                     "worlds": s[col + 1] / n, "solves": s[col + 2] / n,
                     "per_hand": s[col] / hands}
    return out

__all__ = ["PimcHands", "PimcGames", "pimc_kernels", "has_pimc", "decision_costs", "PIMC_CHUNK",
           "PIMC_BATCH"]
