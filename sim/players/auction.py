"""How likely an auction is, given the hands the seats bid with: the weight of a world.

A search player deals the cards its seat cannot see (*worlds*, ``sim.solver.worlds``) uniformly
among the deals its seat's view allows.  The bids say more: a seat that ordered up holds trumps
more often than one that passed.  ``auction_likelihood`` is the probability, under a bidding
table (the equilibrium's, ``sim.players.equilibrium_table``: each information set's probability
of each bid), that the seats would have made the bids they made, holding the hands a world gives
them; a world weighted by it is a draw from the deals the view allows, conditioned on the bids.

The auction is the one the facts of a played hand name: the dealer, the upcard, the round it was
made in, the maker, trump and whether alone.  Round 1: the seats before the maker passed and the
maker ordered up; round 2: every seat passed round 1, the seats before the maker passed round
2, and the maker called trump.  Each factor is floored at ``floor``, so that no world is ruled out
by one unlikely bid (the table's small probabilities are dropped, and a person bids otherwise
now and then).  Seats in ``skip`` (a bit a seat) add no factor: the seat that asks (its own bids
tell it nothing), and a dealer who ordered up, whose hand before the pick-up holds his discard,
which only he has seen.

Not yet wired into pimc (issue 56): the building block and its check.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.players.equilibrium import call_action, info_index


@njit(cache=True)
def auction_likelihood(round1, round2, class_ids, hands, dealer, upcard, made_round, maker,
                       trump, alone, skip, floor):
    """The probability of the auction under the table (``round1`` / ``round2``: rows of each
    action's probability by information set) with the seats holding ``hands`` (card masks, by
    seat, as they bid): the product over the bids of the seats not in ``skip`` of each bid's
    probability, at least ``floor`` each.  ``made_round`` 1 or 2 (0: passed out, every seat
    passing both rounds)."""
    w = 1.0
    for k in range(4):                       # round 1, from the dealer's left
        s = (dealer + 1 + k) & 3
        ordered = made_round == 1 and s == maker
        if not (skip >> s) & 1:
            idx, _ = info_index(class_ids, hands[s], upcard, k)
            a = (2 if alone else 1) if ordered else 0
            w *= max(round1[idx, a], floor)
        if ordered:
            return w
    if made_round == 1:
        return w
    for k in range(4):                       # round 2
        s = (dealer + 1 + k) & 3
        called = made_round == 2 and s == maker
        if not (skip >> s) & 1:
            idx, swapped = info_index(class_ids, hands[s], upcard, k)
            a = call_action(trump, alone, upcard, swapped) if called else 0
            w *= max(round2[idx, a], floor)
        if called:
            return w
    return w


def effective_worlds(weights: np.ndarray) -> float:
    """Kish's effective number of worlds of a weighted sample: (sum w)^2 / sum w^2."""
    w = np.asarray(weights, np.float64)
    s2 = float((w * w).sum())
    return float(w.sum()) ** 2 / s2 if s2 > 0 else 0.0


__all__ = ["auction_likelihood", "effective_worlds"]
