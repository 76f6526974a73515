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

``weigh_worlds`` deals a card decision's worlds as pimc deals them and weighs each one, by the
auction, by the cards played (``sim.players.play_likelihood``) or both;
``pimc:inference=bids``, ``play`` and ``bids+play`` play their cards on them
(``sim.solver.pimc.choose_card_weighted``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.players.equilibrium import table_prob1, table_prob2
from sim.players.play_likelihood import play_likelihood
from sim.rng import draw
from sim.solver.pimc import legal_mask, needs_worlds
from sim.solver.worlds import (
    K_ALONE,
    K_CARDS,
    K_DEALER,
    K_DEFENDER,
    K_HAND,
    K_MAKER,
    K_N_PLAYED,
    K_PICKED,
    K_SEAT,
    K_SEATS,
    K_TRUMP,
    K_UPCARD,
    active_mask,
    deal_world,
    derive,
)

FLOOR = 0.01     # the least a bid's factor may be: no world is ruled out by one unlikely bid
CANDIDATES = 4   # worlds weighed for each one a weighted decision solves (``resample``)
# the power a world's likelihood is raised to (a tempered likelihood): the models of bidding and
# play are not the players', and bids and plays are not independent given a hand, so the full
# likelihood is overconfident.  On 4,483 card decisions of 400 pimc hands the mean log
# probability of each hidden card's true holder was +0.070 above uniform worlds' at 0.5 (+0.044
# untempered), the best of 0.25 to 1 for the bids and the play (``scripts/weights_calibration.py``)
TEMPER = 0.5


@njit(cache=True)
def auction_likelihood(seat_table, at, hands, dealer, upcard, made_round, maker, trump, alone,
                       skip, floor):
    """The probability of the auction under the table the seat table holds at ``at`` (a slot
    holding its place, as a seat's own row holds it: ``sim.players.equilibrium``'s layout) with
    the seats holding ``hands`` (card masks, by seat, as they bid): the product over the bids of
    the seats not in ``skip`` of each bid's probability, at least ``floor`` each.
    ``made_round`` 1 or 2 (0: passed out, every seat passing both rounds)."""
    w = 1.0
    for k in range(4):                       # round 1, from the dealer's left
        s = (dealer + 1 + k) & 3
        ordered = made_round == 1 and s == maker
        if not (skip >> s) & 1:
            a = (2 if alone else 1) if ordered else 0
            w *= max(table_prob1(seat_table, at, k, hands[s], upcard, a), floor)
        if ordered:
            return w
    if made_round == 1:
        return w
    for k in range(4):                       # round 2
        s = (dealer + 1 + k) & 3
        called = made_round == 2 and s == maker
        if not (skip >> s) & 1:
            suit = trump if called else -1
            w *= max(table_prob2(seat_table, at, k, hands[s], upcard, suit, alone), floor)
        if called:
            return w
    return w


@njit(cache=True)
def world_weight(kn, hands, seat_table, at, floor, soft, scratch):
    """One world's weight (before ``weigh_worlds`` scales the heaviest to 1): the auction's
    likelihood with the seats holding ``hands`` now (card masks, by seat) and the cards they
    played, under the table at ``at`` (< 0: no factor), times the cards played's under tuned's
    card play softened by ``soft`` (< 0: no factor), raised to ``TEMPER``.  ``scratch``: 10
    int64s."""
    seat, dealer, maker = kn[K_SEAT], kn[K_DEALER], kn[K_MAKER]
    made_round = 1 if kn[K_PICKED] else 2
    skip = (1 << seat) | (15 & ~active_mask(maker, kn[K_ALONE], kn[K_DEFENDER]))
    bid_skip = skip
    if made_round == 1 and maker == dealer:
        bid_skip |= 1 << dealer
    bidding = scratch[0:4]
    counts = scratch[4:6]
    for s in range(4):
        bidding[s] = hands[s]
    for j in range(kn[K_N_PLAYED]):
        bidding[kn[K_SEATS + j]] |= np.int64(1) << kn[K_CARDS + j]
    weight = 1.0
    if at >= 0:
        weight = auction_likelihood(seat_table, at, bidding, dealer, kn[K_UPCARD], made_round,
                                    maker, kn[K_TRUMP], kn[K_ALONE], bid_skip, floor)
    if soft >= 0:
        weight *= play_likelihood(kn, hands, skip, soft, counts)
    return weight ** TEMPER


@njit(cache=True)
def weigh_worlds(kn, n_worlds, key, seat_table, at, floor, soft, worlds, weights):
    """Deal ``n_worlds`` worlds for the seat of knowledge ``kn`` as ``sim.solver.pimc``'s
    ``choose_card`` deals them (the same key: the same worlds) into ``worlds`` (a row of zeros:
    a deal that failed) and each world's weight into ``weights``: the likelihood of the auction
    with the other seats holding what the world gives them and the cards they played, under the
    table at ``at`` (``at`` < 0: no factor), times the likelihood of the cards they played under
    tuned's card play softened by ``soft`` (``sim.players.play_likelihood``; ``soft`` < 0: no
    factor), the product raised to ``TEMPER``, scaled so that the heaviest world weighs 1.
    Not weighed: the seat itself, the seats that sit out (the world deals them nothing) and,
    for the auction, a dealer who ordered up himself (his hand before the pick-up
    holds his discard).  Returns the worlds dealt: 0 when the seat's play needs no world (one
    legal card, or legal cards worth the same in every world: ``needs_worlds``)."""
    summary = np.zeros((3, 4), np.int64)
    table = np.zeros(3, np.int64)
    pool = np.zeros(24, np.int64)
    hands = np.zeros(4, np.int64)
    scratch = np.zeros(10, np.int64)
    unseen, _leader, _won, _lost = derive(kn, summary, table)
    if not needs_worlds(legal_mask(kn[K_HAND], table, kn[K_TRUMP]), kn[K_TRUMP], unseen,
                        summary, table):
        return 0
    for w in range(n_worlds):
        status = deal_world(kn, unseen, summary, key, w, hands, pool)
        if status == 0:
            for s in range(4):
                worlds[w, s] = 0
            weights[w] = 0.0
            continue
        for s in range(4):
            worlds[w, s] = hands[s]
        weights[w] = world_weight(kn, hands, seat_table, at, floor, soft, scratch)
    top = weights.max()
    if top > 0:             # the heaviest world weighs 1: the search's early stop comes sooner
        for w in range(n_worlds):
            weights[w] /= top
    return n_worlds


@njit(cache=True)
def resample(worlds, weights, m, n, key, out_worlds, out_weights):
    """Systematic resampling: ``n`` draws, in proportion to ``weights``, from the first ``m``
    weighed worlds (one uniform offset under ``key``, then steps of 1 / ``n``); each world
    drawn goes once into ``out_worlds`` with its number of draws, over the most any world got,
    in ``out_weights`` (at most 1, as the search's early stop needs), in the candidates' order.
    Returns the worlds written (0 when every weight is 0)."""
    total = 0.0
    for w in range(m):
        total += weights[w]
    if total <= 0:
        return 0
    step = total / n
    u = (draw(key, 0) >> np.uint64(11)) * (1.0 / 9007199254740992.0) * step
    k = 0
    top = 0
    cum = 0.0
    for w in range(m):
        cum += weights[w]
        c = 0
        while u < cum:
            c += 1
            u += step
        if c > 0 and k < n:
            for s in range(4):
                out_worlds[k, s] = worlds[w, s]
            out_weights[k] = c
            top = max(top, c)
            k += 1
    for j in range(k):
        out_weights[j] /= top
    return k


def effective_worlds(weights: np.ndarray) -> float:
    """Kish's effective number of worlds of a weighted sample: (sum w)^2 / sum w^2."""
    w = np.asarray(weights, np.float64)
    s2 = float((w * w).sum())
    return float(w.sum()) ** 2 / s2 if s2 > 0 else 0.0


__all__ = ["auction_likelihood", "world_weight", "weigh_worlds", "resample", "effective_worlds",
           "FLOOR", "CANDIDATES", "TEMPER"]
