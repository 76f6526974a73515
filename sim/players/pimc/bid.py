"""PIMC's bids, going alone and the dealer's discard: each option valued on random worlds
consistent with what the bidder has seen, each world solved exactly (``search.solve_one``).

At the bidding a seat has seen its own five cards, the upcard and the bids before its own.  A
world deals the other 18 cards uniformly: five to each other seat, three face down.  With
``inference`` on, a world in which a seat that has passed would have bid by ``basic``'s numbers
is drawn again (up to ``INFER_TRIES`` times; then the last draw is kept), so the worlds lean
towards what the passes say.  With ``inference=bids`` (or ``bids+play``) each world instead
weighs the likelihood of the bids before the decision under the equilibrium's table
(``sim.players.auction``), and an option's value is its weighted mean.

An option's value on a world is the points to the bidder's team when the contract it leads to
is played out perfectly (every card seen) from the opening lead.  The dealer's discard in a
world is ``basic``'s (for the dealer's own order-up too; his real discard is then chosen by
``choose_discard``).  A world has no lone defender.

Pricing a pass is the hard part, so it is a parameter (``PASS_*``):

* ``PASS_BASIC``: the rest of the auction is bid by ``basic``'s numbers on the world (every
  other seat by its own row of the seat table, and the bidder himself later on), the contract
  it reaches is played out perfectly, a hand passed out scores 0;
* ``PASS_ZERO``: a pass is worth 0 (the published PIMC studies' convention).

Options are eliminated as the worlds come in: with ``r`` worlds left, an option whose sum
trails the best one's by more than ``margin * r`` times the most it can gain on the best in one
world can no longer catch up (``margin`` 1: exactly; smaller: sooner), so it is not solved again;
the decision stops when one option is left.  Ties go to the lowest option: pass first, then the
lowest suit, then the contract with a partner before the alone one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import bit_list, to_power
from sim.cards import LED_MASK, POWER_POS
from sim.jit.apart import call_later
from sim.players import basic
from sim.players.auction import TEMPER, auction_likelihood
from sim.players.basic import PL_ALONE, PL_CALL, plan_row
from sim.players.pimc.params import PASS_MODELS
from sim.rng import bounded, draw, sub_key
from sim.rules import R_DEALER_DISCARDS_PARTNER_ALONE, R_DISCARD_UPCARD, R_STICK
from sim.solver import search
from sim.solver.worlds import ALL_CARDS

# the pass models' codes: their places in PASS_MODELS (plain ints, read by Numba as constants)
PASS_BASIC, PASS_ZERO = (PASS_MODELS.index(m) for m in ("basic", "zero"))
INFER_TRIES = 50
MAX_OPTIONS = 7              # round 2: pass, and three suits with a partner or alone
# a world's scratch: the hands for the solver, its two scratch arrays, the (empty) trick
W_SOLVE, W_H, W_TBL, W_TABLE = 0, 4, 8, 12
W_SIZE = 16


@njit(cache=True)
def deal_bid_world(seat, hand, upcard, key, w, pool, out):
    """World ``w`` under ``key``: ``out[0:4]`` the four hands (``seat`` holds ``hand``), the
    other 18 cards (not ``hand``, not the upcard) dealt uniformly, five to each other seat."""
    unseen = ALL_CARDS & ~hand & ~(np.int64(1) << upcard)
    n = bit_list(unseen, pool)
    wkey = sub_key(key, w)
    for i in range(15):
        j = i + bounded(draw(wkey, i) & np.uint64(0xFFFFFFFF), n - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    i = 0
    for k in range(1, 4):
        s = (seat + k) & 3
        h = np.int64(0)
        for _q in range(5):
            h |= np.int64(1) << pool[i]
            i += 1
        out[s] = h
    out[seat] = hand


@njit(cache=True)
def passed_by_basic(hands, dealer, upcard, seat_table, plan, rules, rnd, pos):
    """True when every seat before position ``pos`` of round ``rnd`` (and, in round 2, every
    seat in round 1) passes by ``basic``'s numbers on the world ``hands``."""
    turned = upcard // 6
    dd = basic.discard(hands[dealer] | (np.int64(1) << upcard), turned, upcard,
                       rules[R_DISCARD_UPCARD])
    n1 = 4 if rnd == 2 else pos
    for k in range(n1):
        o, _al = basic.round1_bid(seat_table, plan + 4 * k, k, hands[(dealer + 1 + k) & 3],
                                  upcard, dd)
        if o:
            return False
    if rnd == 2:
        for k in range(pos):
            plan_at = plan + 4 * k
            a = basic.call(seat_table, plan_row(seat_table, plan_at),
                           hands[(dealer + 1 + k) & 3], turned, False,
                           seat_table[plan_at + PL_ALONE], seat_table[plan_at + PL_CALL])
            if a >= 0:
                return False
    return True


@njit(cache=True)
def contract_value(hands, dealer, upcard, rnd, maker, trump, alone, rules, lone_points, ws,
                   tt, st, values, nodes):
    """Points to the makers of the contract (round ``rnd``, ``maker``, ``trump``, ``alone``)
    on the world ``hands`` played out perfectly from the opening lead; in round 1 the dealer
    picks up and discards by ``basic`` (``ws``: ``W_SIZE`` scratch)."""
    for s in range(4):
        ws[W_SOLVE + s] = hands[s]
    partner_alone = alone != 0 and maker == ((dealer + 2) & 3)
    if rnd == 1 and not (partner_alone and not rules[R_DEALER_DISCARDS_PARTNER_ALONE]):
        h6 = hands[dealer] | (np.int64(1) << upcard)
        d = basic.discard(h6, trump, upcard, rules[R_DISCARD_UPCARD])
        ws[W_SOLVE + dealer] = h6 & ~(np.int64(1) << d)
    leader = (dealer + 1) & 3
    if alone != 0 and leader == ((maker + 2) & 3):
        leader = (leader + 1) & 3
    table = ws[W_TABLE:W_TABLE + 3]
    table[:] = -1
    return call_later(search.solve_one, (ws[W_SOLVE:W_SOLVE + 4], trump, maker, alone,
                                         np.int64(-1), leader, table, np.int64(0), np.int64(0),
                                         lone_points, np.bool_(False), ws[W_H:W_H + 4],
                                         ws[W_TBL:W_TBL + 4], tt, st, values, nodes))


@njit(cache=True)
def basic_rest(hands, dealer, upcard, seat_table, plan, rules, rnd, pos):
    """The rest of the auction by ``basic``'s numbers after position ``pos`` of round ``rnd``
    passes: (round, maker, trump, alone), round 0 when the hand is passed out."""
    turned = upcard // 6
    if rnd == 1:
        dd = basic.discard(hands[dealer] | (np.int64(1) << upcard), turned, upcard,
                           rules[R_DISCARD_UPCARD])
        for k in range(pos + 1, 4):
            seat = (dealer + 1 + k) & 3
            o, al = basic.round1_bid(seat_table, plan + 4 * k, k, hands[seat], upcard, dd)
            if o:
                return 1, seat, turned, 1 if al else 0
    start = pos + 1 if rnd == 2 else 0
    for k in range(start, 4):
        seat = (dealer + 1 + k) & 3
        plan_at = plan + 4 * k
        stuck = k == 3 and rules[R_STICK] != 0
        a = basic.call(seat_table, plan_row(seat_table, plan_at), hands[seat], turned, stuck,
                       seat_table[plan_at + PL_ALONE], seat_table[plan_at + PL_CALL])
        if a >= 0:
            return 2, seat, a // 2, a & 1
    return 0, -1, -1, 0


@njit(cache=True)
def _eliminate(sums, alive, lo, hi, n_opt, left, margin):
    """Drop each option that can no longer catch the best (see the module's header); returns
    the best option and the options left (a bit mask)."""
    best = -1
    for i in range(n_opt):
        if (alive >> i) & 1 and (best < 0 or sums[i] > sums[best]):
            best = i
    for i in range(n_opt):
        if i != best and (alive >> i) & 1:
            if sums[best] - sums[i] > margin * left * (hi[i] - lo[best]):
                alive &= ~(1 << i)
    return best, alive


@njit(cache=True)
def _best_of(sums, alive, n_opt, total, means):
    """The best option still alive (ties to the lowest); ``means[i]`` each live option's mean
    (``sums[i] / total``, the worlds' total weight), NaN for an option dropped on the way."""
    best = -1
    for i in range(n_opt):
        means[i] = np.nan
        if (alive >> i) & 1:
            means[i] = sums[i] / total
            if best < 0 or sums[i] > sums[best]:
                best = i
    return best


@njit(cache=True)
def same_contract(r2, mk, tr, al, rnd, team, o_suit, o_alone, n_opt, alive):
    """The bidder's own option (alive, so valued on this world) that the contract a pass
    leads to (round ``r2``, maker ``mk``, trump ``tr``, ``al``) plays exactly like, else 0:
    his partner's contract in the same round and trump, not alone, is the same deal played
    by the same side from the same lead (the maker's seat matters only when he is alone)."""
    if r2 != rnd or al != 0 or (mk & 1) != team:
        return 0
    for i in range(1, n_opt):
        if (alive >> i) & 1 and o_suit[i] == tr and o_alone[i] == 0:
            return i
    return 0


@njit(cache=True)
def choose_bid(seat, hand, dealer, upcard, rnd, pos, stuck, seat_table, plan, rules,
               lone_points, n_worlds, margin, pass_model, inference, at, floor, key, tt, st,
               means, counts):
    """PIMC's bid for ``seat`` (position ``pos`` of round ``rnd``; ``plan``: the hand's
    bidding plan, which the pass model's ``basic`` bidders read).  Returns the kernel's action:
    round 1 0 pass, 1 order up, 2 order up alone; round 2 -1 pass, else 2 * suit + alone.
    ``means`` (``MAX_OPTIONS``) gets each option's mean value (``_best_of``) in the order
    pass, then (suit, alone) pairs; ``counts[0]`` the worlds dealt, ``counts[1]`` the
    solves.  ``at`` >= 0: each world weighs the likelihood of the passes before the bidder
    under the equilibrium's table at ``at`` (``sim.players.auction``, each factor at least
    ``floor``, the product raised to ``TEMPER``); the means are weighted means."""
    turned = upcard // 6
    team = seat & 1
    pool = np.zeros(24, np.int64)
    hands = np.zeros(4, np.int64)
    ws = np.zeros(W_SIZE, np.int64)
    values = np.zeros(24, np.int64)
    nodes = np.zeros(1, np.int64)
    sums = np.zeros(MAX_OPTIONS, np.float64)
    lo = np.zeros(MAX_OPTIONS, np.float64)
    hi = np.zeros(MAX_OPTIONS, np.float64)
    o_suit = np.full(MAX_OPTIONS, -1, np.int64)
    o_alone = np.zeros(MAX_OPTIONS, np.int64)
    world = np.zeros(MAX_OPTIONS, np.float64)      # this world's value of each contract
    n_opt = np.int64(1)     # not the literal 1: that compiled a second copy of three helpers
    lo[0], hi[0] = (0.0, 0.0) if pass_model == PASS_ZERO else (-4.0, 4.0)
    for k in range(3 if rnd == 2 else 1):
        s = (turned + 1 + k) & 3 if rnd == 2 else turned
        for al in range(2):
            o_suit[n_opt] = s
            o_alone[n_opt] = al
            lo[n_opt] = -2.0
            hi[n_opt] = 4.0 if al else 2.0
            n_opt += 1
    alive = (1 << n_opt) - 1
    if stuck:
        alive &= ~1
    solved = 0
    used = 0
    total = 0.0
    for w in range(n_worlds):
        for t in range(INFER_TRIES if inference else 1):
            deal_bid_world(seat, hand, upcard, key, w * INFER_TRIES + t, pool, hands)
            if not inference or passed_by_basic(hands, dealer, upcard, seat_table, plan, rules,
                                                rnd, pos):
                break
        used += 1
        weight = 1.0
        if at >= 0:             # the passes before this bid, the bidder skipped
            weight = auction_likelihood(seat_table, at, hands, dealer, upcard, rnd, seat, -1,
                                        False, 1 << seat, floor) ** TEMPER
        total += weight
        # the contracts first, then the pass, which may reach one of them
        for i in range(n_opt - 1, -1, -1):
            if not (alive >> i) & 1:
                continue
            if i == 0:
                v = 0.0
                if pass_model == PASS_BASIC:
                    r2, mk, tr, al = basic_rest(hands, dealer, upcard, seat_table, plan, rules,
                                                rnd, pos)
                    same = same_contract(r2, mk, tr, al, rnd, team, o_suit, o_alone, n_opt,
                                         alive)
                    if same > 0:
                        v = world[same]
                    elif r2 != 0:
                        p = contract_value(hands, dealer, upcard, r2, mk, tr, al, rules,
                                           lone_points, ws, tt, st, values, nodes)
                        solved += 1
                        v = float(p if (mk & 1) == team else -p)
            else:
                v = float(contract_value(hands, dealer, upcard, rnd, seat, o_suit[i],
                                         o_alone[i], rules, lone_points, ws, tt, st, values,
                                         nodes))
                solved += 1
                world[i] = v
            sums[i] += weight * v
        _, alive = _eliminate(sums, alive, lo, hi, n_opt, n_worlds - w - 1, margin)
        if (alive & (alive - 1)) == 0:
            break
    best = _best_of(sums, alive, n_opt, total, means)
    counts[0] += used
    counts[1] += solved
    if best == 0:
        return 0 if rnd == 1 else -1
    if rnd == 1:
        return 1 + o_alone[best]
    return 2 * o_suit[best] + o_alone[best]


@njit(cache=True)
def equivalent_discards(cand, n, hand6, trump):
    """For each of the ``n`` candidate discards ``cand`` (card numbers, in card order) the
    first candidate equivalent to it, else itself.  Two cards of one effective suit with no
    card the dealer does not hold between them in rank are worth the same to discard in every
    world (he keeps a card that beats and loses to the same cards), so only the first of them
    is solved; its value is the others' too, and the choice (ties to the first) is the one
    solving them all would make."""
    others = ALL_CARDS & ~to_power(hand6, trump)
    rep = np.zeros(6, np.int64)
    for i in range(n):
        rep[i] = i
        pi = POWER_POS[trump, cand[i]]
        for j in range(i):
            pj = POWER_POS[trump, cand[j]]
            lo = min(pi, pj)
            hi = max(pi, pj)
            suit = LED_MASK[trump, pi]
            between = others & suit & ((np.int64(1) << hi) - (np.int64(2) << lo))
            if (suit >> pj) & 1 and between == 0:
                rep[i] = rep[j]
                break
    return rep


@njit(cache=True)
def choose_discard(dealer, hand6, upcard, maker, alone, rules, lone_points, n_worlds, margin,
                   seat_table, at, floor, key, tt, st, means, counts):
    """PIMC's discard for the dealer from ``hand6`` (card layout) once ``maker`` (``alone``)
    has ordered the upcard: each card he may discard valued on worlds dealt from the 18 cards
    he has not seen.  ``means`` gets each candidate's mean points to the dealer's team
    (``_best_of``), the candidates in card order.  ``at`` >= 0: each world weighs the
    likelihood of the auction (the passes before the maker, and his order) under the
    equilibrium's table in ``seat_table`` at ``at``, the dealer skipped."""
    turned = upcard // 6
    team = dealer & 1
    pool = np.zeros(24, np.int64)
    hands = np.zeros(4, np.int64)
    ws = np.zeros(W_SIZE, np.int64)
    values = np.zeros(24, np.int64)
    nodes = np.zeros(1, np.int64)
    cand = np.zeros(6, np.int64)
    sums = np.zeros(6, np.float64)
    mine = (maker & 1) == team
    top_pts = 4.0 if alone else 2.0
    lo = np.full(6, -2.0 if mine else -top_pts)
    hi = np.full(6, top_pts if mine else 2.0)
    allowed = hand6
    if not rules[R_DISCARD_UPCARD]:
        allowed &= ~(np.int64(1) << upcard)
    n = bit_list(allowed, cand)
    rep = equivalent_discards(cand, n, hand6, turned)
    vals = np.zeros(6, np.int64)
    alive = (1 << n) - 1
    used = 0
    solved = 0
    # the worlds deal the 18 cards he has not seen: treat his sixth card as a second "upcard"
    five = hand6 & ~(np.int64(1) << upcard)
    total = 0.0
    for w in range(n_worlds):
        deal_bid_world(dealer, five, upcard, key, w, pool, hands)
        used += 1
        weight = 1.0
        if at >= 0:
            weight = auction_likelihood(seat_table, at, hands, dealer, upcard, 1, maker, turned,
                                        alone, 1 << dealer, floor) ** TEMPER
        total += weight
        for i in range(n):
            if not (alive >> i) & 1:
                continue
            if rep[i] != i:
                # an equivalent card's value (it is alive whenever this one is: their sums
                # are equal)
                p = vals[rep[i]]
            else:
                hands[dealer] = hand6 & ~(np.int64(1) << cand[i])
                # round 2 in contract_value's terms: no second pick-up (np.int64: the
                # literal 2 compiled a second contract_value)
                p = contract_value(hands, dealer, upcard, np.int64(2), maker, turned, alone,
                                   rules, lone_points, ws, tt, st, values, nodes)
                solved += 1
            vals[i] = p
            sums[i] += weight * (p if mine else -p)
        _, alive = _eliminate(sums, alive, lo, hi, n, n_worlds - w - 1, margin)
        if (alive & (alive - 1)) == 0:
            break
    best = _best_of(sums, alive, n, total, means)
    counts[0] += used
    counts[1] += solved
    return cand[best]


__all__ = ["choose_bid", "choose_discard", "same_contract", "equivalent_discards",
           "deal_bid_world", "basic_rest", "contract_value", "passed_by_basic", "PASS_BASIC",
           "PASS_ZERO", "MAX_OPTIONS"]
