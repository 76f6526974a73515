"""The bidding game on one deal: its information sets and the values of its contracts.

Card play is fixed (the play model, ``PLAY_MODELS``).  Under ``tuned`` a contract (who made it,
in which round and suit, alone or not) is played out by the kernel's own phases, so its value is
exactly what a run of tuned's players scores: the dealer's pick-up and discard (tuned's rule),
defending alone where the rules allow it (tuned's choice: not a decision of the bidding game), the
five tricks and the points.  Under ``perfect`` the bidding is over when the cards are turned face
up: defending alone is still tuned's choice (made as in a run of tuned, on the hands after
tuned's discard), then the dealer's discard and the five tricks are perfect play, the solver's
value of the contract (``sim.solver.contract``, the compiled twin of ``sim.solver.perfect``).

A deal is dealt as the kernel deals hand ``i`` of a run (``sim.rng.deal_hands``) with the dealer
in seat 3, so seats are positions (0 the dealer's left .. 3 the dealer) and team 0 holds
positions 0 and 2.

Contract slots of a deal's value cache (``N_SLOTS``): round 1 by position and alone
(``2 * k + alone``); round 2 by position, suit and alone (``8 + 2 * (4 * k + suit) + alone``).
A value is team 0's points minus team 1's; at a game score, that through the score state's value
map (``vm``, ``score.value_map``: team 0's game value of each signed result; empty: points).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import SUIT_MASK_POW
from sim.jit.apart import call_apart
from sim.kernel import seat as sm
from sim.kernel.hand import defending_alone, five_tricks
from sim.players import get_strategy
from sim.players.basic import seat_slots, seat_table
from sim.players.equilibrium import call_suit, info_index
from sim.rng import STREAM_DEAL, deal_hands, hand_key
from sim.rules import R_DEALER_DISCARDS_PARTNER_ALONE, R_DEFEND_ALONE, R_LONE_DEFENDER_POINTS
from sim.scoring import hand_points
from sim.solver.contract import contract_points, new_scratch

DEALER = 3
N_SLOTS = 40
PLAY_MODELS = ("tuned", "perfect")


def play_arrays(play: str = "tuned"):
    """(kinds, seat table, slots, solver) of four seats playing the play model's cards:
    tuned's seats (under ``perfect`` they still choose whether to defend alone), and ``solver``,
    None under ``tuned``, a scratch template (``sim.solver.contract.new_scratch``) under
    ``perfect``.  Compiled callers allocate their own scratch with ``solver_scratch``."""
    if play not in PLAY_MODELS:
        raise ValueError(f"unknown play model {play!r}: the bidding game plays cards as "
                         f"{', '.join(PLAY_MODELS)}")
    solver = new_scratch() if play == "perfect" else None
    return (*basic_arrays(get_strategy("tuned")), solver)


def basic_arrays(strategy):
    """(kinds, seat table, slots) of four seats of a parameterised built-in or TOML strategy
    (``sim.table.Table.arrays`` for such a table)."""
    if not strategy.player.bids_by_count:
        raise ValueError(f"{strategy.name}: the bidding game takes parameterised built-in or "
                         "TOML strategies, not this kind")
    table = seat_table([strategy.vector()] * 4)
    return np.full(4, strategy.kind, np.int64), table, np.int64(seat_slots(table))


def check_rules(rules) -> None:
    """The rule sets the bidding game covers: all but farmer's hand (a swap before the bidding
    that the information sets do not hold)."""
    if rules.farmers_hand:
        raise ValueError("the bidding game does not cover farmer's hand: compute a table "
                         "without it (--rules farmers_hand=false)")


@njit(cache=True, _nrt=False)
def contract_value(dealt, upcard, rnd, k, suit, alone, kinds, seat_table, slots, rules, ctx,
                   hands, draws, trace, solver):
    """Team 0's points minus team 1's when position ``k`` makes ``suit`` in round ``rnd``
    (alone or not) on the deal ``dealt`` (four hands by position) and the play model plays it
    out.  ``ctx`` is the seat module's hand context (``sm.hand_context``); ``hands``, ``draws``
    and ``trace`` are scratch; ``solver`` is None (tuned's play) or the perfect model's scratch
    (``solver_scratch``: a compile-time choice, the other branch is not compiled)."""
    for s in range(4):
        hands[s] = dealt[s]
    maker = k
    t = suit
    zero = np.uint64(0)
    if rnd == 1:
        partner_alone = alone and maker == 1
        if not (partner_alone and not rules[R_DEALER_DISCARDS_PARTNER_ALONE]):
            hand6 = hands[DEALER] | (np.int64(1) << upcard)
            d, _ = sm.discard(np.int64(0), kinds, DEALER, hand6, upcard, maker, alone, rules,
                              ctx, zero, zero, draws)
            hands[DEALER] = hand6 & ~(np.int64(1) << d)
    def_alone = -1
    if rules[R_DEFEND_ALONE]:
        def_alone = defending_alone(np.int64(0), hands, maker, t, kinds, seat_table, slots, zero,
                                    draws, trace, False)
    if solver is not None:
        v = call_apart(contract_points, (dealt, upcard, np.int64(DEALER), np.int64(rnd), maker,
                                         t, np.int64(alone), def_alone, rules, solver))
        return np.float64(v if maker % 2 == 0 else -v)
    avoid = SUIT_MASK_POW[t, upcard // 6] if rnd == 2 else np.int64(0)
    tricks, _ = five_tricks(np.int64(0), hands, DEALER, t, maker, alone, def_alone, avoid, kinds,
                            seat_table, slots, zero, zero, draws, trace, False)
    p0, p1 = hand_points(rnd, maker, alone, def_alone, tricks, rules[R_LONE_DEFENDER_POINTS])
    return np.float64(p0 - p1)


@njit(cache=True, inline="always", _nrt=False)
def deal_at(seed, index, class_ids, dealt, ids, swapped, fixed):
    """Deal ``index`` of the game with ``seed`` into ``dealt`` (by position) and its positions'
    information sets into ``ids`` and ``swapped``; returns the upcard.  ``fixed`` (rows of four
    hands and an upcard), when it has rows, makes the game a small one of those deals only:
    deal ``index`` is its row ``index`` modulo their number."""
    if fixed.shape[0] > 0:
        r = index % fixed.shape[0]
        h0, h1, h2, h3, upcard = fixed[r, 0], fixed[r, 1], fixed[r, 2], fixed[r, 3], fixed[r, 4]
    else:
        h0, h1, h2, h3, upcard, _ = deal_hands(hand_key(seed, index, STREAM_DEAL))
    dealt[0] = h0
    dealt[1] = h1
    dealt[2] = h2
    dealt[3] = h3
    for k in range(4):
        ids[k], swapped[k] = info_index(class_ids, dealt[k], upcard, k)
    return upcard


@njit(cache=True, inline="always", _nrt=False)
def slot_of(rnd, k, action, upcard, swapped):
    """The value-cache slot of a making ``action`` (round 1: 1-2; round 2: 1-6) at position
    ``k``, and its (suit, alone)."""
    if rnd == 1:
        alone = action - 1
        return 2 * k + alone, upcard // 6, alone
    suit = call_suit(action, upcard, swapped)
    alone = (action - 1) & 1
    return 8 + 2 * (4 * k + suit) + alone, suit, alone


@njit(cache=True, inline="always", _nrt=False)
def leaf(vals, have, rnd, k, action, dealt, upcard, swapped, kinds, seat_table, slots, rules,
         ctx, hands, draws, trace, solver, vm):
    """A contract's value (team 0's points minus team 1's, mapped by ``vm`` when it has
    entries), played out once a deal and kept in ``vals`` (``have``: 1 where kept)."""
    j, suit, alone = slot_of(rnd, k, action, upcard, swapped)
    if have[j] == 0:
        vals[j] = contract_value(dealt, upcard, rnd, k, suit, alone, kinds, seat_table, slots,
                                 rules, ctx, hands, draws, trace, solver)
        have[j] = 1
    if vm.shape[0] > 0:
        return vm[np.int64(vals[j]) + 4]
    return vals[j]


@njit(cache=True, inline="always", _nrt=False)
def passed_out(vm, sign):
    """The side ``sign``'s (+1 team 0) value of a passed-out hand (no trump made, redeal rules):
    0 points (a plain zero, so the points game is unchanged to the bit), or the value map's
    entry for 0."""
    return sign * vm[4] if vm.shape[0] > 0 else 0.0


@njit(cache=True)
def solver_scratch(solver):
    """A compiled caller's own scratch for the play model (``play_arrays``' ``solver``): None
    under ``tuned`` (compiled apart for each, so neither compiles the other's branch)."""
    if solver is None:
        return None
    return np.zeros(solver.shape[0], np.int64)
