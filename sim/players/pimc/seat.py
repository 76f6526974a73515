"""The decide module of a table with ``pimc`` seats: the search player's decisions at its seats,
the built-ins' (``sim.players.decide``) at the others.

``sim.table.bindings`` compiles a copy of the kernel package with this module's source as its
``seat.py``, so complete hands and games with pimc seats are the kernel's own phases.  The
copy calls the three searching decisions (``sim.players.pimc.turns``) with
``sim.jit.apart.call_later``: they are compiled at their first call, not inside the copy, and the
copy's compile needs neither them nor the search.  A pimc seat:

* bids and goes alone (``bid.choose_bid``) and, as the dealer, discards
  (``bid.choose_discard``) by option values on sampled worlds;
* plays its cards by ``sim.solver.pimc.choose_card`` from what it has seen: its hand, the
  upcard and whether the dealer took it, the contract (``contract``), the cards played
  (``played``) and, as the dealer, its own discard;
* defends alone (a house rule) and discards when its partner is alone by ``basic``'s numbers;
* (kind ``ROLLOUT``, the ``rollout`` player, ``sim.players.rollout``) bids as pimc's
  ``bidding=equilibrium`` does, discards like tuned and plays its cards by
  ``rollout.rollout_play``: the same state, keys and worlds, rollouts in place of solves;
* draws the worlds of its ``d``-th kind of decision in a hand from ``sub_key(seat_key, d)``
  (``turns.D_*``; a card play's ``d`` is its number in the hand), with the hand's ``seat_key``
  from the kernel (``KEYED``): the same seed gives the same play whatever the thread count.

Its state (``turns.chunk_state``, one per chunk of hands) is a tuple: the seats' settings (``S_*``,
read from the seat table's own rows, ``sim.players.basic.OWN``), the knowledge array, the
solver's table and stack, two scratch arrays, the stats row (decisions, worlds, solves and CPU
cycles by kind, ``turns.ST_*``, for the benchmark) and the hand's discard.  A pimc decision costs
milliseconds, so runs use small chunks and batches (``MAX_*``), which keeps the progress bar
moving; neither changes a result.  The farmer's hand and code strategies are not played with
pimc seats (``sim.table.bindings`` refuses them).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import POWER_CARD
from sim.jit.apart import call_later
from sim.players import decide
from sim.players import equilibrium as eq
from sim.players.basic import OWN, OWN_WIDTH
from sim.players.decide import *  # noqa: F403  (the decide interface; some replaced below)
from sim.players.kinds import PIMC, ROLLOUT
from sim.players.pimc.params import S_BIDDING, S_PASSES_ROUND1, S_TABLE
from sim.players.pimc.turns import (
    chunk_state,  # noqa: F401  (the interface's, replaced)
    pimc_bid,
    pimc_discard,
    pimc_play,
)
from sim.players.rollout import rollout_play
from sim.rng import bounded, draw
from sim.rules import R_LONE_DEFENDER_POINTS
from sim.solver.worlds import (
    K_ALONE,
    K_CARDS,
    K_DEALER,
    K_DEFENDER,
    K_LONE_POINTS,
    K_MAKER,
    K_N_PLAYED,
    K_PICKED,
    K_SEATS,
    K_TRUMP,
    K_UPCARD,
)

KEYED = True
FARMERS_HAND = False   # refused with pimc seats (sim.table.bindings): its phase is not compiled
FAST_TRICKS = False     # one loop of tricks: a pimc play is a call LLVM would copy into each
MAX_CHUNK = 4
MAX_BATCH = 256
MAX_GAME_CHUNK = 1
MAX_GAME_BATCH = 16


@njit(cache=True, inline="always", _nrt=False)
def table_draw(seat_key, rnd, k):
    """The uniform draw (0 .. 65,534) of a table bid of round ``rnd`` at position ``k``, from
    the seat's own key for the hand (a draw index no search uses)."""
    return bounded(draw(seat_key, (1 << 40) + 4 * rnd + k) & np.uint64(0xFFFFFFFF), eq.SCALE)


@njit(cache=True, inline="always", _nrt=False)
def searched_bid(ps, seat, rnd, k, hand, dealer, upcard, seat_table, plan, rules, seat_key):
    """``turns.pimc_bid``, its arguments as declared (``turns.BID_ARGS``)."""
    i = np.int64
    return call_later(pimc_bid, (ps, i(seat), i(rnd), i(k), i(hand), i(dealer), i(upcard),
                                 seat_table, i(plan), rules, np.uint64(seat_key)))


@njit(cache=True, inline="always", _nrt=False)
def searched_play(ps, seat, hand, t, seat_key):
    """``turns.pimc_play``, its arguments as declared (``turns.PLAY_ARGS``)."""
    return call_later(pimc_play, (ps, np.int64(seat), np.int64(hand), np.int64(t),
                                  np.uint64(seat_key)))


@njit(cache=True, inline="always", _nrt=False)
def rolled_play(ps, seat, hand, t, seat_key):
    """``rollout.rollout_play`` (a rollout seat's card), its arguments as declared."""
    return call_later(rollout_play, (ps, np.int64(seat), np.int64(hand), np.int64(t),
                                     np.uint64(seat_key)))


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds):
    """Never: this copy plays tables with a pimc seat, whose bids are asked one by one (a
    table without one gets the same bids that way)."""
    return False


@njit(cache=True, inline="always", _nrt=False)
def round1_all(hands, dealer, upcard, seat_table, ctx):
    """Not called (``plain_round1``): nothing of basic's four bids at once is compiled here."""
    return 0, 0


@njit(cache=True, inline="always", _nrt=False)
def order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules, scores,
             play_key, seat_key, draws):
    if kinds[seat] == PIMC or kinds[seat] == ROLLOUT:
        a = 0
        if ps[0][seat, S_PASSES_ROUND1]:
            pass
        elif ps[0][seat, S_BIDDING]:
            a = eq.table_round1(seat_table, OWN + OWN_WIDTH * seat + S_TABLE, k, hand, upcard,
                                table_draw(seat_key, 1, k))
        else:
            a = searched_bid(ps, seat, 1, k, hand, dealer, upcard, seat_table, ctx[1], rules,
                             seat_key)
        return a, 0
    return decide.order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules,
                           scores, play_key, seat_key, draws)


@njit(cache=True, inline="always", _nrt=False)
def discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx, play_key, seat_key,
            draws):
    d = -1
    if kinds[dealer] == PIMC and not (alone and maker == ((dealer + 2) & 3)):
        i = np.int64
        d = call_later(pimc_discard, (ps, i(dealer), i(hand6), i(upcard), i(maker), i(alone),
                                      rules, np.uint64(seat_key)))
    if d < 0:
        d, _ = decide.discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx,
                              play_key, seat_key, draws)
    return d, 0


@njit(cache=True, inline="always", _nrt=False)
def call(ps, kinds, seat, k, hand, dealer, upcard, stuck, seat_table, ctx, rules, scores,
         play_key, seat_key, draws):
    if kinds[seat] == PIMC or kinds[seat] == ROLLOUT:
        if ps[0][seat, S_BIDDING]:
            return eq.table_round2(seat_table, OWN + OWN_WIDTH * seat + S_TABLE, k, hand, upcard,
                                   table_draw(seat_key, 2, k)), 0
        return searched_bid(ps, seat, 2, k, hand, dealer, upcard, seat_table, ctx[1], rules,
                            seat_key), 0
    return decide.call(ps, kinds, seat, k, hand, dealer, upcard, stuck, seat_table, ctx, rules,
                       scores, play_key, seat_key, draws)


@njit(cache=True, inline="always", _nrt=False)
def contract(ps, dealer, upcard, rnd_made, t, maker, alone, def_alone, discard_card, rules):
    """The hand's public facts into the knowledge array (its plays are noted as they come)."""
    kn = ps[1]
    kn[:] = 0
    kn[K_TRUMP] = t
    kn[K_MAKER] = maker
    kn[K_ALONE] = alone
    kn[K_DEFENDER] = def_alone
    kn[K_DEALER] = dealer
    kn[K_UPCARD] = upcard
    kn[K_PICKED] = 1 if rnd_made == 1 else 0
    kn[K_LONE_POINTS] = rules[R_LONE_DEFENDER_POINTS]
    ps[7][0] = discard_card


@njit(cache=True, inline="always", _nrt=False)
def played(ps, seat, t, c):
    kn = ps[1]
    n = kn[K_N_PLAYED]
    kn[K_SEATS + n] = seat
    kn[K_CARDS + n] = POWER_CARD[t, c]
    kn[K_N_PLAYED] = n + 1


@njit(cache=True, inline="always", _nrt=False)
def lead(ps, kinds, seat, hand, t, maker, alone, lone, avoid, leads, played_cards, play_key,
         seat_key, draws):
    if kinds[seat] == PIMC:
        return searched_play(ps, seat, hand, t, seat_key), 0
    if kinds[seat] == ROLLOUT:
        return rolled_play(ps, seat, hand, t, seat_key), 0
    return decide.lead(ps, kinds, seat, hand, t, maker, alone, lone, avoid, leads, played_cards,
                       play_key, seat_key, draws)


@njit(cache=True, inline="always", _nrt=False)
def follow(ps, kinds, seat, hand, legal, beat, led_mask, lead_pos, win_pos, win_seat, threat,
           after, second, lone, follows, t, play_key, seat_key, draws):
    if kinds[seat] == PIMC:
        return searched_play(ps, seat, hand, t, seat_key), 0
    if kinds[seat] == ROLLOUT:
        return rolled_play(ps, seat, hand, t, seat_key), 0
    return decide.follow(ps, kinds, seat, hand, legal, beat, led_mask, lead_pos, win_pos,
                         win_seat, threat, after, second, lone, follows, t, play_key, seat_key,
                         draws)


__all__ = decide.__all__
