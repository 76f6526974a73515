"""A small bidding game solved exactly, to check the Monte Carlo CFR against.

The small game keeps the real game's bids, contracts and play model but deals from a short
list: the four hands and the upcard of one deal, given to the positions in each of the 24
orders.  Each position then holds one of four hands and cannot tell which of the six deals
that leave it that hand it is in, so the game has imperfect information, yet its chance is
24 deals that can be enumerated.

Here in plain Python (independent of ``cfr``'s compiled traversal, which only shares the
contracts' values with it): ``exact_cfr`` (full-width CFR+ over the 24 deals, alternating
updates, linear averaging), ``exploitability`` (each position's exact best-response gain,
plan by plan over its four hands) and ``game_value``.  ``mccfr`` runs the compiled MCCFR on the
same deals (``cfr.run_batches`` with ``fixed``), so the two are compared on one game.

A value map (``score.value_map``: the game value of each signed hand result at a score) makes the
small game's outcomes non-linear in points, as the game at a score is: every contract's value and
the passed-out hand's go through it, in the exact solution and in the compiled MCCFR alike.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

from sim.kernel import seat as sm
from sim.players.equilibrium import (
    N_CLASSES,
    N_RANKS,
    R1_ACTIONS,
    R2_ACTIONS,
    class_ids,
    info_index,
)
from sim.rng import STREAM_DEAL, deal_hands, hand_key
from sim.rules import Rules

from .cfr import State, run_batches
from .game import DEALER, contract_value, play_arrays, slot_of
from .score import NO_MAP

PLANS = [(1, 0), (2, 0)] + [(0, a) for a in range(R2_ACTIONS)]


class SmallGame:
    """The 24 deals of one deal's hands permuted over the positions, with every contract's
    value (team 0's points minus team 1's, through ``value_map`` when given) worked out once;
    ``close``: the hands' close flags (a score's, ``score.close_of``)."""

    def __init__(self, seed: int = 0, index: int = 0, rules: Rules | None = None,
                 value_map=None, close: int = 0):
        self.rules = Rules() if rules is None else rules
        self.vm = NO_MAP if value_map is None else np.asarray(value_map, dtype=np.float64)
        self.close = int(close)
        self.passed = float(self.vm[4]) if len(self.vm) else 0.0   # a passed-out hand
        self.stick = self.rules.stick_the_dealer
        h = deal_hands(hand_key(np.uint64(seed), index, STREAM_DEAL))
        hands, self.upcard = list(h[:4]), int(h[4])
        self.fixed = np.array([[hands[p[k]] for k in range(4)] + [self.upcard]
                               for p in permutations(range(4))], np.int64)
        kinds, table, slots, _ = play_arrays("tuned")
        ids = class_ids()
        packed = self.rules.pack()
        self.ids = np.zeros((24, 4), np.int64)
        self.swapped = np.zeros((24, 4), bool)
        self.vals = np.zeros((24, 40))
        for d, row in enumerate(self.fixed):
            dealt = row[:4].copy()
            for k in range(4):
                self.ids[d, k], self.swapped[d, k] = info_index(ids, dealt[k], self.upcard, k)
            ctx = sm.hand_context(dealt, DEALER, np.int64(self.upcard), kinds, packed,
                                  self.close)
            for k in range(4):
                for rnd, n in ((1, R1_ACTIONS), (2, R2_ACTIONS)):
                    for a in range(1, n):
                        j, suit, alone = slot_of(rnd, k, a, self.upcard, self.swapped[d, k])
                        self.vals[d, j] = contract_value(
                            dealt, np.int64(self.upcard), rnd, k, suit, alone, kinds, table,
                            slots, packed, ctx, np.zeros(4, np.int64), np.zeros(1, np.int64),
                            np.zeros((1, 4), np.int64), None)
        if len(self.vm):
            self.vals = self.vm[self.vals.astype(np.int64) + 4]

    def leaf(self, d, j, a):
        rnd, k = (1, j) if j < 4 else (2, j - 4)
        return self.vals[d, slot_of(rnd, k, a, self.upcard, self.swapped[d, k])[0]]

    def lo(self, j):
        """The first legal action of bid ``j`` (a stuck dealer cannot pass)."""
        return 1 if j == 7 and self.stick else 0

    def n_actions(self, j):
        return R1_ACTIONS if j < 4 else R2_ACTIONS

    def key(self, d, j):
        return (0 if j < 4 else 1, int(self.ids[d, j % 4]))


def chain(game: SmallGame, d: int, probs) -> float:
    """Team 0's expected value of deal ``d`` when bid ``j`` follows ``probs(d, j)``."""
    v = game.passed
    for j in range(7, -1, -1):
        p = probs(d, j)
        v = p[0] * v + sum(p[a] * game.leaf(d, j, a) for a in range(1, game.n_actions(j))
                           if p[a] > 0)
    return v


def uniform(game, j):
    n, lo = game.n_actions(j), game.lo(j)
    return np.array([0.0] * lo + [1.0 / (n - lo)] * (n - lo))


def exact_cfr(game: SmallGame, iterations: int = 1000):
    """CFR+ over the 24 deals: the average strategy, a dict (round, set) -> probabilities."""
    regret, total = {}, {}
    for d in range(24):
        for j in range(8):
            regret.setdefault(game.key(d, j), np.zeros(game.n_actions(j)))
            total.setdefault(game.key(d, j), np.zeros(game.n_actions(j)))

    def current(d, j):
        r = np.maximum(regret[game.key(d, j)], 0.0)
        r[:game.lo(j)] = 0.0
        return r / r.sum() if r.sum() > 0 else uniform(game, j)

    for t in range(1, iterations + 1):
        for p in range(4):
            sign = 1.0 if p % 2 == 0 else -1.0
            gains = {k: np.zeros_like(v) for k, v in regret.items() if _owner(k) == p}
            for d in range(24):
                sig = [current(d, j) for j in range(8)]
                v = sign * game.passed
                for j in range(7, -1, -1):
                    av = np.array([v] + [sign * game.leaf(d, j, a)
                                         for a in range(1, game.n_actions(j))])
                    node = float(sig[j] @ av)
                    if j % 4 == p:
                        # the others' chance of passing to here; the seat's own, for the average
                        reach = np.prod([sig[i][0] for i in range(j) if i % 4 != p])
                        own = sig[p][0] if j >= 4 else 1.0
                        gains[game.key(d, j)] += reach * (av - node)
                        total[game.key(d, j)] += t * own * sig[j]
                    v = node
            for k, g in gains.items():
                regret[k] = np.maximum(regret[k] + g, 0.0)
    return {k: _normalised(v, k, game) for k, v in total.items()}


def _owner(key):
    """The position whose set ``key`` (round, set) is."""
    return key[1] // (N_RANKS * N_CLASSES)


def _normalised(v, key, game):
    s = v.sum()
    return v / s if s > 0 else uniform(game, 7 if key[0] == 1 and _owner(key) == 3 else 0)


def game_value(game: SmallGame, strategy) -> float:
    """Team 0's expected points a hand (game value, with a value map) when every bid follows
    ``strategy``."""
    return float(np.mean([chain(game, d, lambda d, j: strategy[game.key(d, j)])
                          for d in range(24)]))


def exploitability(game: SmallGame, strategy) -> list[float]:
    """Each position's exact best-response gain against ``strategy``, points a hand (game
    value, with a value map)."""
    out = []
    for p in range(4):
        sign = 1.0 if p % 2 == 0 else -1.0
        by_hand = {}
        for d in range(24):
            by_hand.setdefault(int(game.ids[d, p]), []).append(d)
        gain = 0.0
        for deals in by_hand.values():
            own = sum(sign * chain(game, d, lambda d, j: strategy[game.key(d, j)])
                      for d in deals)
            best = max(sum(sign * chain(game, d, _with_plan(game, strategy, p, plan))
                           for d in deals) for plan in _legal_plans(game, p))
            gain += (best - own) / 24
        out.append(gain)
    return out


def _legal_plans(game, p):
    return [pl for pl in PLANS if not (pl == (0, 0) and p == 3 and game.stick)]


def _with_plan(game, strategy, p, plan):
    def probs(d, j):
        if j % 4 != p:
            return strategy[game.key(d, j)]
        out = np.zeros(game.n_actions(j))
        out[plan[0] if j < 4 else plan[1]] = 1.0
        return out
    return probs


def mccfr(game: SmallGame, iterations: int, seed: int = 0, batch: int = 240):
    """The compiled MCCFR's average strategy on the small game's deals."""
    state = State()
    run_batches(state, seed, game.rules.pack(), play_arrays("tuned"), class_ids(), 0,
                iterations, batch, 0, fixed=game.fixed, vm=game.vm, close=game.close)
    r1, r2 = state.average(game.stick)
    return {game.key(d, j): (r1 if j < 4 else r2)[game.ids[d, j % 4]].copy()
            for d in range(24) for j in range(8)}
