"""The decide module of a table with ``pimc`` seats: the search player's decisions at its seats,
the built-ins' (``sim.players.decide``) at the others.

``sim.bindings`` compiles a copy of the kernel package with this module's source as its
``seat.py``, so complete hands and games with pimc seats are the kernel's own phases.  A pimc
seat:

* bids and goes alone (``bid.choose_bid``) and, as the dealer, discards
  (``bid.choose_discard``) by option values on sampled worlds;
* plays its cards by ``sim.solver.pimc.choose_card`` from what it has seen: its hand, the
  upcard and whether the dealer took it, the contract (``contract``), the cards played
  (``played``) and, as the dealer, its own discard;
* defends alone (a house rule) and discards when its partner is alone by ``basic``'s numbers;
* draws the worlds of its ``d``-th kind of decision in a hand from ``sub_key(seat_key, d)``
  (``D_*``; a card play's ``d`` is its number in the hand), with the hand's ``seat_key``
  from the kernel (``KEYED``): the same seed gives the same play whatever the thread count.

Its state (``chunk_state``, one per chunk of hands) is a tuple: the seats' settings (``S_*``,
read from the seat table's own rows, ``sim.players.basic.OWN``), the knowledge array, the
solver's table and stack, two scratch arrays, the stats row (decisions, worlds, solves and CPU
cycles by kind, ``ST_*``, for the benchmark) and the hand's discard.  A pimc decision costs
milliseconds, so runs use small chunks and batches (``MAX_*``), which keeps the progress bar
moving; neither changes a result.  The farmer's hand and code strategies are not played with
pimc seats (``sim.bindings`` refuses them).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.apart import call_apart
from sim.bits import to_cards
from sim.cards import POWER_CARD, POWER_POS
from sim.players import decide
from sim.players import equilibrium as eq
from sim.players.basic import OWN, OWN_WIDTH
from sim.players.decide import (  # noqa: F401  (the decide interface, unchanged)
    COUNTS_BAD,
    SETTINGS_A_FOLLOWS,
    SETTINGS_A_LEADS,
    SETTINGS_B_FOLLOWS,
    SETTINGS_B_LEADS,
    best_suit,
    defend_alone,
    farmer,
    hand_context,
    round1_all,
    table_slots,
    trick_settings,
    uses_play_key,
)
from sim.players.kinds import PIMC
from sim.players.pimc.bid import choose_bid, choose_discard
from sim.players.pimc.params import (
    N_SETTINGS,
    S_BID_WORLDS,
    S_BIDDING,
    S_INFERENCE,
    S_MARGIN,
    S_PASS,
    S_PASSES_ROUND1,
    S_TABLE,
    S_WORLDS,
)
from sim.rng import STREAM_SEAT, bounded, draw, hand_key, sub_key
from sim.rules import R_LONE_DEFENDER_POINTS, R_STICK
from sim.solver.pimc import choose_card
from sim.solver.search import MAX_PLY, N_FIELDS, TT_SIZE
from sim.solver.timing import cycle_counter
from sim.solver.worlds import (
    K_ALONE,
    K_CARDS,
    K_DEALER,
    K_DEFENDER,
    K_DISCARD,
    K_HAND,
    K_LONE_POINTS,
    K_MAKER,
    K_N_PLAYED,
    K_PICKED,
    K_SEAT,
    K_SEATS,
    K_SIZE,
    K_TRUMP,
    K_UPCARD,
)

KEYED = True
FAST_TRICKS = False     # one loop of tricks: a pimc play is a call LLVM would copy into each
MAX_CHUNK = 4
MAX_BATCH = 256
MAX_GAME_CHUNK = 1
MAX_GAME_BATCH = 16
# decision keys within a hand: card plays use their number (0-19)
D_ROUND1, D_ROUND2, D_DISCARD = 32, 40, 48
# stats columns: (decisions, worlds, solves, cycles) for cards, bids, discards
ST_CARD, ST_BID, ST_DISCARD = 0, 4, 8
N_STATS = 12


@njit(cache=True, _nrt=True)
def chunk_state(seat_table, kinds):
    """The state of a chunk of hands: (settings, knowledge, solver table, solver stack, option
    values, counts, stats, the hand's discard)."""
    settings = np.zeros((4, N_SETTINGS), np.float64)
    for s in range(4):
        for j in range(N_SETTINGS):
            settings[s, j] = seat_table[OWN + OWN_WIDTH * s + j]
    return (settings, np.zeros(K_SIZE, np.int64), np.zeros(TT_SIZE, np.int64),
            np.zeros((MAX_PLY, N_FIELDS), np.int64), np.zeros(24, np.float64),
            np.zeros(2, np.int64), np.zeros(N_STATS, np.int64), np.full(1, -1, np.int64))


@njit(cache=True, _nrt=True)
def _note(stats, col, counts, t0):
    """Count one decision of the kind at ``col``: its worlds and solves (``counts``, then
    zeroed) and the cycles since ``t0``."""
    stats[col] += 1
    stats[col + 1] += counts[0]
    stats[col + 2] += counts[1]
    stats[col + 3] += cycle_counter() - t0
    counts[0] = 0
    counts[1] = 0


@njit(cache=True, _nrt=True)
def pimc_bid(ps, seat, rnd, k, hand, dealer, upcard, seat_table, plan, rules, seat_key):
    """A pimc seat's bid at position ``k`` of round ``rnd``, as the kernel's phases take one."""
    settings, _kn, tt, st, values, counts, stats, _d = ps
    t0 = cycle_counter()
    s = settings[seat]
    stuck = rnd == 2 and k == 3 and rules[R_STICK] != 0
    a = choose_bid(seat, hand, dealer, upcard, rnd, k, stuck, seat_table, plan, rules,
                   rules[R_LONE_DEFENDER_POINTS], np.int64(s[S_BID_WORLDS]), s[S_MARGIN],
                   np.int64(s[S_PASS]), s[S_INFERENCE] != 0,
                   sub_key(seat_key, (D_ROUND1 if rnd == 1 else D_ROUND2) + k), tt, st, values,
                   counts)
    _note(stats, ST_BID, counts, t0)
    return a


@njit(cache=True, _nrt=True)
def pimc_discard(ps, dealer, hand6, upcard, maker, alone, rules, seat_key):
    """A pimc dealer's discard from ``hand6``."""
    settings, _kn, tt, st, values, counts, stats, _d = ps
    t0 = cycle_counter()
    s = settings[dealer]
    d = choose_discard(dealer, hand6, upcard, maker, alone, rules, rules[R_LONE_DEFENDER_POINTS],
                       np.int64(s[S_BID_WORLDS]), s[S_MARGIN], sub_key(seat_key, D_DISCARD), tt,
                       st, values, counts)
    _note(stats, ST_DISCARD, counts, t0)
    return d


@njit(cache=True, _nrt=True)
def pimc_play(ps, seat, hand, t, seat_key):
    """The power position of the card a pimc ``seat`` plays from ``hand`` (the knowledge
    array's per-seat fields are set here: only the dealer knows the discard)."""
    settings, kn, tt, st, values, counts, stats, discarded = ps
    t0 = cycle_counter()
    kn[K_SEAT] = seat
    kn[K_DISCARD] = discarded[0] if seat == kn[K_DEALER] else -1
    kn[K_HAND] = to_cards(hand, t)
    s = settings[seat]
    c, solved, _odd = choose_card(kn, np.int64(s[S_WORLDS]), sub_key(seat_key, kn[K_N_PLAYED]),
                                  s[S_MARGIN], tt, st, values)
    if solved > 0:                  # a seat with one legal card plays it without a search
        counts[0] = solved
        counts[1] = solved
        _note(stats, ST_CARD, counts, t0)
    return POWER_POS[t, c]


@njit(cache=True, inline="always", _nrt=False)
def table_draw(seat_key, rnd, k):
    """The uniform draw (0 .. 65,534) of a table bid of round ``rnd`` at position ``k``, from
    the seat's own key for the hand (a draw index no search uses)."""
    return bounded(draw(seat_key, (1 << 40) + 4 * rnd + k) & np.uint64(0xFFFFFFFF), eq.SCALE)


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds):
    """Basic's bids only (no random, equilibrium or pimc seat): ``round1_all`` may decide
    round 1."""
    plain = decide.plain_round1(kinds)
    for s in range(4):
        plain = plain and kinds[s] != PIMC
    return plain


@njit(cache=True, inline="always", _nrt=False)
def order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules, scores,
             play_key, seat_key, draws):
    if kinds[seat] == PIMC:
        a = 0
        if ps[0][seat, S_PASSES_ROUND1]:
            pass
        elif ps[0][seat, S_BIDDING]:
            a = eq.table_round1(seat_table, OWN + OWN_WIDTH * seat + S_TABLE, k, hand, upcard,
                                table_draw(seat_key, 1, k))
        else:
            a = call_apart(pimc_bid, (ps, seat, np.int64(1), k, hand, dealer, upcard,
                                      seat_table, ctx[1], rules, seat_key))
        return a, 0
    return decide.order_up(ps, kinds, seat, k, hand, dealer, upcard, seat_table, ctx, rules,
                           scores, play_key, seat_key, draws)


@njit(cache=True, inline="always", _nrt=False)
def discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx, play_key, seat_key,
            draws):
    d = -1
    if kinds[dealer] == PIMC and not (alone and maker == ((dealer + 2) & 3)):
        d = call_apart(pimc_discard, (ps, dealer, hand6, upcard, maker, alone, rules, seat_key))
    if d < 0:
        d, _ = decide.discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx,
                              play_key, seat_key, draws)
    return d, 0


@njit(cache=True, inline="always", _nrt=False)
def call(ps, kinds, seat, k, hand, dealer, upcard, stuck, seat_table, ctx, rules, scores,
         play_key, seat_key, draws):
    if kinds[seat] == PIMC:
        if ps[0][seat, S_BIDDING]:
            return eq.table_round2(seat_table, OWN + OWN_WIDTH * seat + S_TABLE, k, hand, upcard,
                                   table_draw(seat_key, 2, k)), 0
        return call_apart(pimc_bid, (ps, seat, np.int64(2), k, hand, dealer, upcard, seat_table,
                                     ctx[1], rules, seat_key)), 0
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
        return call_apart(pimc_play, (ps, seat, hand, t, seat_key)), 0
    return decide.lead(ps, kinds, seat, hand, t, maker, alone, lone, avoid, leads, played_cards,
                       play_key, seat_key, draws)


@njit(cache=True, inline="always", _nrt=False)
def follow(ps, kinds, seat, hand, legal, beat, led_mask, lead_pos, win_pos, win_seat, threat,
           after, second, lone, follows, t, play_key, seat_key, draws):
    if kinds[seat] == PIMC:
        return call_apart(pimc_play, (ps, seat, hand, t, seat_key)), 0
    return decide.follow(ps, kinds, seat, hand, legal, beat, led_mask, lead_pos, win_pos,
                         win_seat, threat, after, second, lone, follows, t, play_key, seat_key,
                         draws)


# the best-responding seat's key under a hand's in ``bids_on_worlds`` (the worlds' are 0, 1, ..)
OWN_KEY = 1 << 32
SCORES0 = np.zeros(2, np.int64)


@njit(cache=True, nogil=True, _nrt=True)
def bids_on_worlds(p, seed, lo, hi, hands, upcards, swapped, kinds, seat_table, rules, out):
    """The bidding game's view of a table of these seats (``sim.equilibrium.exploit``), for
    the samples ``lo .. hi - 1`` (a chunk: the caller runs chunks on threads): ``out[i, w]``
    (8 x 7) the round-1 then round-2 bids by position, each a pure action in the bidding
    game's order (``sim.players.equilibrium``), of the seats holding ``hands[i, w]`` (by
    position, the dealer last) under ``upcards[i]`` (``swapped``: each hand's cross suits'
    order).  Position ``p`` sees the same on every world of ``i``, so it is asked once, with one
    key; the others with a key of their world.  Asking here, in the kernel copy, reuses the
    decisions its runs compiled."""
    z = np.uint64(0)
    dealer = np.int64(3)
    stick = rules[R_STICK] != 0
    ps = chunk_state(seat_table, kinds)        # one a chunk, as the kernel keeps one
    draws = np.zeros(1, np.int64)
    for i in range(lo, hi):
        upcard = upcards[i]
        hand = hand_key(seed, i, STREAM_SEAT)
        for w in range(hands.shape[1]):
            world = hands[i, w]
            ctx = hand_context(world, dealer, upcard, kinds, rules, 0)
            row = out[i, w]
            row[:] = 0.0
            for k in range(4):
                if k == p and w > 0:
                    row[k] = out[i, 0, k]
                    row[4 + k] = out[i, 0, 4 + k]
                    continue
                key = sub_key(hand, OWN_KEY if k == p else w)
                a, _ = order_up(ps, kinds, k, k, world[k], dealer, upcard, seat_table, ctx,
                                rules, SCORES0, z, key, draws)
                row[k, a] = 1.0
                c, _ = call(ps, kinds, k, k, world[k], dealer, upcard, stick and k == 3,
                            seat_table, ctx, rules, SCORES0, z, key, draws)
                row[4 + k, 0 if c < 0 else eq.call_action(c // 2, c & 1, upcard,
                                                          swapped[i, w, k])] = 1.0


__all__ = decide.__all__
