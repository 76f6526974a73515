"""Monte Carlo counterfactual regret minimisation (external sampling) over the bidding game.

An iteration is one deal (``game.deal_at``), traversed once for each of the four positions: the
traverser tries every action at its own two information sets (round 1, and round 2 when the
others pass), the other seats' bids are sampled from their current strategies (regret matching),
and the contracts are played out by the play model (``game.leaf``, each at most once a deal).  The
average strategy is the regret-matching strategies weighted linearly (batch ``b`` weighs ``b``),
added where the other seats' traversals reach a set.

Batches make it parallel and reproducible.  The deals of a batch are traversed in parallel against
the strategy as it stood at the batch's start, each writing its own rows of regret updates and
visits; then one serial pass applies them in deal order.  So the result depends on the seed and
the batch size (kept in the table), never on the thread count; a run stopped after a whole batch
and resumed from its checkpoint gives the same table as one run.

At a game score (``score``) the leaves are the score state's game values (``vm``, a value map;
an empty one is points) and the contracts are played out as in a game at that score (``close``:
the hand's close flags, ``sim.kernel.hand.close_flags``).

A chain is all a deal's game tree is: every bid is reached by passes only, so the traversal walks
the eight bids (round 1 then round 2, by position) backwards from the first sampled non-pass.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.kernel import seat as sm
from sim.players.equilibrium import INFO_PER_ROUND, R1_ACTIONS, R2_ACTIONS, pick
from sim.rng import STREAM_CFR, draw, hand_key
from sim.rules import R_STICK

from .game import DEALER, N_SLOTS, deal_at, leaf, passed_out, solver_scratch
from .score import NO_MAP


@njit(cache=True, inline="always", _nrt=False)
def regret_strategy(reg, i, n, lo, out):
    """The regret-matching strategy of set ``i`` (``n`` actions, the first legal ``lo``)."""
    total = 0.0
    for a in range(n):
        r = reg[i, a] if a >= lo else 0.0
        out[a] = r if r > 0.0 else 0.0
        total += out[a]
    if total > 0.0:
        for a in range(n):
            out[a] /= total
    else:
        for a in range(n):
            out[a] = 1.0 / (n - lo) if a >= lo else 0.0


@njit(cache=True, inline="always", _nrt=False)
def uniform(key, n):
    """The ``n``-th uniform draw in [0, 1) under ``key``."""
    return np.float64(draw(key, n) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def traverse_deal(seed, index, rules, kinds, seat_table, slots, solver, class_ids, fixed, vm,
                  close, reg1, reg2, ids, d1, d2, cnt):
    """Deal ``index``'s traversals for the four positions: ``ids`` (its positions' sets),
    ``d1``/``d2`` (4 x actions: each position's regret updates in round 1 / 2) and ``cnt`` (8:
    how often each bid was reached by another seat's traversal) are this deal's rows;
    ``solver``: the play model's (``game.play_arrays``); ``vm``, ``close``: the score's value
    map (empty: points) and close flags."""
    dealt = np.empty(4, np.int64)
    swapped = np.empty(4, np.bool_)
    hands = np.empty(4, np.int64)
    draws = np.zeros(1, np.int64)
    trace = np.zeros((1, 4), np.int64)
    scratch = solver_scratch(solver)
    upcard = deal_at(seed, index, class_ids, dealt, ids, swapped, fixed)
    ctx = sm.hand_context(dealt, DEALER, upcard, kinds, rules, close)
    vals = np.zeros(N_SLOTS)
    have = np.zeros(N_SLOTS, np.int8)
    stick = rules[R_STICK] != 0
    sig = np.zeros((8, R2_ACTIONS))
    for k in range(4):
        regret_strategy(reg1, ids[k], R1_ACTIONS, 0, sig[k])
        regret_strategy(reg2, ids[k], R2_ACTIONS, 1 if stick and k == 3 else 0, sig[4 + k])
    key = hand_key(seed, index, STREAM_CFR)
    acts = np.zeros(8, np.int64)
    for p in range(4):
        sign = 1.0 if p % 2 == 0 else -1.0
        end = 8
        for j in range(8):
            if j % 4 != p:
                n = R1_ACTIONS if j < 4 else R2_ACTIONS
                acts[j] = pick(sig[j, :n], uniform(key, 8 * p + j))
                if acts[j] != 0:
                    end = j
                    break
        v = passed_out(vm, sign)
        if end < 8:
            cnt[end] += 1
            v = sign * leaf(vals, have, 1 if end < 4 else 2, end % 4, acts[end], dealt, upcard,
                            swapped[end % 4], kinds, seat_table, slots, rules, ctx, hands, draws,
                            trace, scratch, vm)
        for j in range(end - 1, -1, -1):
            k = j % 4
            if k != p:
                cnt[j] += 1
                continue
            rnd = 1 if j < 4 else 2
            n = R1_ACTIONS if rnd == 1 else R2_ACTIONS
            lo = 1 if rnd == 2 and stick and k == 3 else 0
            d = d1[k] if rnd == 1 else d2[k]
            node = 0.0
            for a in range(lo, n):
                if a == 0:
                    d[a] = v
                else:
                    d[a] = sign * leaf(vals, have, rnd, k, a, dealt, upcard, swapped[k], kinds,
                                       seat_table, slots, rules, ctx, hands, draws, trace,
                                       scratch, vm)
                node += sig[j, a] * d[a]
            for a in range(lo, n):
                d[a] -= node
            v = node


@njit(cache=True, parallel=True)
def traverse_batch(seed, start, n, rules, kinds, seat_table, slots, solver, class_ids, fixed, vm,
                   close, reg1, reg2, ids, d1, d2, cnt):
    """Deals ``start .. start + n - 1`` traversed in parallel into their rows."""
    for i in prange(n):
        d1[i] = 0.0
        d2[i] = 0.0
        cnt[i] = 0
        traverse_deal(seed, start + i, rules, kinds, seat_table, slots, solver, class_ids, fixed,
                      vm, close, reg1, reg2, ids[i], d1[i], d2[i], cnt[i])


@njit(cache=True)
def apply_batch(n, weight, stick, reg1, reg2, sum1, sum2, vis1, vis2, ids, d1, d2, cnt):
    """Add a batch's rows in deal order: the strategy sums first (at the strategy the batch was
    traversed against), then the regrets."""
    s = np.empty(R2_ACTIONS)
    for i in range(n):
        for k in range(4):
            c = cnt[i, k]
            if c:
                regret_strategy(reg1, ids[i, k], R1_ACTIONS, 0, s)
                for a in range(R1_ACTIONS):
                    sum1[ids[i, k], a] += weight * c * s[a]
                vis1[ids[i, k]] += c
            c = cnt[i, 4 + k]
            if c:
                lo = 1 if stick and k == 3 else 0
                regret_strategy(reg2, ids[i, k], R2_ACTIONS, lo, s)
                for a in range(R2_ACTIONS):
                    sum2[ids[i, k], a] += weight * c * s[a]
                vis2[ids[i, k]] += c
    for i in range(n):
        for k in range(4):
            for a in range(R1_ACTIONS):
                reg1[ids[i, k], a] += d1[i, k, a]
            for a in range(R2_ACTIONS):
                reg2[ids[i, k], a] += d2[i, k, a]


@njit(cache=True, parallel=True)
def average_strategy(reg, total, lo_last, out):
    """The average strategy of each set (``total``: the strategy sums); a set never reached by
    another seat's traversal gets its regret-matching strategy.  ``lo_last``: the first legal
    action of the dealer's sets (the last quarter of the rows)."""
    n_sets, n = total.shape
    quarter = n_sets // 4
    for i in prange(n_sets):
        lo = lo_last if i >= 3 * quarter else 0
        t = 0.0
        for a in range(lo, n):
            t += total[i, a]
        if t > 0.0:
            for a in range(n):
                out[i, a] = total[i, a] / t if a >= lo else 0.0
        else:
            regret_strategy(reg, i, n, lo, out[i])


class State:
    """The solver's arrays: regrets, strategy sums and visits of both rounds, and the batches
    done."""

    def __init__(self, arrays=None):
        if arrays is None:
            arrays = {
                "reg1": np.zeros((INFO_PER_ROUND, R1_ACTIONS)),
                "reg2": np.zeros((INFO_PER_ROUND, R2_ACTIONS)),
                "sum1": np.zeros((INFO_PER_ROUND, R1_ACTIONS)),
                "sum2": np.zeros((INFO_PER_ROUND, R2_ACTIONS)),
                "vis1": np.zeros(INFO_PER_ROUND, np.int64),
                "vis2": np.zeros(INFO_PER_ROUND, np.int64),
            }
        self.arrays = arrays

    def __getattr__(self, name):
        try:
            return self.__dict__["arrays"][name]
        except KeyError:
            raise AttributeError(name) from None

    def average(self, stick: bool):
        """(round 1, round 2) average strategies, rows of probabilities."""
        out1 = np.empty_like(self.sum1)
        out2 = np.empty_like(self.sum2)
        average_strategy(self.reg1, self.sum1, 0, out1)
        average_strategy(self.reg2, self.sum2, 1 if stick else 0, out2)
        return out1, out2


NO_FIXED = np.zeros((0, 5), np.int64)


def run_batches(state: State, seed: int, rules_packed, play_arrays, class_ids, start: int,
                deals: int, batch: int, batches_done: int, progress=None, fixed=NO_FIXED,
                vm=NO_MAP, close: int = 0):
    """Traverse ``deals`` deals from deal ``start`` in batches of ``batch`` into ``state``;
    ``progress(deals_done)`` after each batch; ``fixed``: a small game's deals
    (``game.deal_at``); ``vm``, ``close``: a score state's value map and close flags
    (``score.score_setup``; empty map: points).  Returns the batches done."""
    vm = np.ascontiguousarray(vm, dtype=np.float64)
    kinds, seat_table, slots, solver = play_arrays
    stick = bool(rules_packed[R_STICK])
    size = min(batch, deals)
    ids = np.empty((size, 4), np.int64)
    d1 = np.empty((size, 4, R1_ACTIONS))
    d2 = np.empty((size, 4, R2_ACTIONS))
    cnt = np.empty((size, 8), np.int64)
    done = 0
    while done < deals:
        n = min(size, deals - done)
        traverse_batch(np.uint64(seed), start + done, n, rules_packed, kinds, seat_table, slots,
                       solver, class_ids, fixed, vm, np.int64(close), state.reg1, state.reg2,
                       ids, d1, d2, cnt)
        batches_done += 1
        apply_batch(n, float(batches_done), stick, state.reg1, state.reg2, state.sum1,
                    state.sum2, state.vis1, state.vis2, ids, d1, d2, cnt)
        done += n
        if progress is not None:
            progress(n)
    return batches_done
