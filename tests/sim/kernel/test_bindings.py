"""A player is one decide module behind one seam (``sim.run.bindings``): a module that changes one
decision, bound to a copy of the kernel, changes that decision and nothing else."""

from __future__ import annotations

import numpy as np
import pytest

from sim import kernel as K
from sim.players import load_strategy
from sim.rules import Rules
from sim.run.bindings import bound_kernels, kernels_for
from sim.run.hands import NO_FORCE, Table

pytestmark = pytest.mark.compile

# every built-in decision, but nobody orders the upcard up
NEVER_ORDERS = '''
from numba import njit

from sim.players.decide import *  # noqa: F403


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds):
    return False


@njit(cache=True, inline="always", _nrt=False)
def order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules, scores,
             play_key, seat_key, draws):
    return 0, 0
'''


def _records(kernel, n=3000):
    kinds, rows = Table.teams("basic", "tuned").arrays()
    masks = np.empty((4, n), np.uint32)
    fields = np.empty((K.NREC - 4, n), np.int8)
    kernel.run_hands(11, 0, n, 256, Rules().pack(), kinds, rows, NO_FORCE, masks, fields,
                     np.zeros(((n + 255) // 256, K.NTALLY_ROW), np.int64),
                     np.zeros(2, np.int64))
    return fields


def test_a_bound_decide_module_changes_its_decision_and_nothing_else():
    kernel, _ = bound_kernels(NEVER_ORDERS, tag="test: never orders up")
    built_in, bound = _records(K), _records(kernel)
    rnd = K.RECORD_COLUMNS.index("round") - 4
    assert (built_in[rnd] == 1).sum() > 500 and (bound[rnd] == 1).sum() == 0
    # a hand the built-ins passed in round 1 is played the same with the module bound
    passed = built_in[rnd] != 1
    assert np.array_equal(built_in[:, passed], bound[:, passed])


def test_the_table_decides_which_kernel_plays_it():
    basic, pimc = load_strategy("basic"), load_strategy("pimc")
    assert kernels_for((basic,) * 4)[0] is K
    assert kernels_for((pimc, basic, basic, basic))[0].__name__.startswith("euchre_kernel_copy_")
    code = load_strategy("examples.code_strategy:BowerHunter")
    for seats, rules, words in (((code, pimc, code, pimc), None, "pimc"),
                                ((pimc,) * 4, Rules(farmers_hand=True), "farmer")):
        with pytest.raises(ValueError, match=words):
            kernels_for(seats, rules)
