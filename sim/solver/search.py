"""The exact double-dummy solver's search: every card seen, makers maximise their points,
defenders minimise them.

A hand's value takes one of three outcomes for the makers (fewer than 3 tricks, 3-4, all 5),
so the value is found by null-window probes: *can the makers take at least ``target`` tricks?*
(``probe``), asked for 3 and, if yes, for 5.  Each probe is a boolean search, an OR over the
makers' cards and an AND over the defenders', which stops at the first card that settles it.

The search runs in the kernel's power layout (``sim.solver.moves``: the cards worth trying
and their order).  The first trick, and the rest of a trick already begun, are searched on an
explicit stack of plies, so they need no recursion and no allocation; from the first trick
boundary with four tricks or fewer left, ``sim.solver.endgame`` takes over (sure tricks, the
transposition table, nested loops).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from sim.bits import low, to_power
from sim.cards import LED_MASK, POWER_CARD, SUIT_MASK_POW
from sim.jit.apart import call_later, later
from sim.scoring import hand_points
from sim.seats import next_seats
from sim.solver.compress import position_key
from sim.solver.endgame import (
    MAX_GEN,
    TT_SIZE,
    at_four,
    at_three,
    last_two_call,
    sure_result,
    tt_bounds,
    tt_put,
    tt_slot,
)
from sim.solver.moves import (
    beats,
    follow_card,
    follow_moves,
    last_trick,
    lead_card,
    representatives,
    takes,
    u,
)
from sim.threads import each_chunk

# the stack's fields, one row per ply
MV, RES, SEAT, KIN, WINPOS, WINSEAT, LED, CARD, WON, LEFT, TRK, KEY, NEED, SIDE, PREF = range(15)
N_FIELDS = 15
MAX_PLY = 24
NOT_LEGAL = -100             # per-card value of a card that may not be played


def new_table() -> np.ndarray:
    """An empty transposition table (the last slot holds the generation counter)."""
    return np.zeros(TT_SIZE, np.int64)


def new_stack() -> np.ndarray:
    return np.zeros((MAX_PLY, N_FIELDS), np.int64)


@njit(cache=True, inline="always", _nrt=False)
def boundary(st, p, hands, nxt, n_active, maker_team, target, led_row, suits, tt, gen):
    """Open the trick-boundary node at ply ``p`` (SEAT, WON, LEFT set).  Returns 1 or 0 when
    the probe is settled there (searching the last four tricks in nested loops), else -1 with
    the node's moves set."""
    need = target - st[u(p), WON]
    left = st[u(p), LEFT]
    seat = st[u(p), SEAT]
    if left == 4:
        return at_four(hands, seat, nxt, n_active, maker_team, led_row, suits, need, tt, gen)
    if left == 3:
        return at_three(hands, seat, nxt, n_active, maker_team, led_row, suits, need, tt, gen)
    if need <= 0:
        return 1, 0
    if need > left:
        return 0, 0
    if left == 1:
        w = last_trick(hands, seat, nxt, n_active, led_row)
        return 1 if (w & 1) == maker_team else 0, 0
    if left == 2:
        return last_two_call(hands, seat, nxt, n_active, maker_team, led_row, need), 0
    r = sure_result(hands, seat, maker_team, suits, need, left)
    if r >= 0:
        return r, 0
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    key = position_key(hands, rest, suits, seat)
    lb, ub = tt_bounds(tt, 2 * tt_slot(key), key, gen, left)
    if lb >= need:
        return 1, 0
    if ub < need:
        return 0, 0
    side = 1 if (seat & 1) == maker_team else 0
    st[u(p), KEY] = key
    st[u(p), NEED] = need
    st[u(p), TRK] = 0
    st[u(p), KIN] = 0
    st[u(p), LED] = 0
    st[u(p), SIDE] = side
    st[u(p), RES] = 0 if side else 1
    mine = hands[u(seat)]
    mv, masters = representatives(mine, rest ^ mine, suits, led_row)
    st[u(p), MV] = mv
    st[u(p), PREF] = masters
    return -1, 0


@njit(cache=True, inline="always", _nrt=False)
def tt_store(st, p, tt, gen, result):
    """Store the result of the stack's boundary node at ply ``p`` in the table."""
    key = st[u(p), KEY]
    slot = 2 * tt_slot(key)
    lb, ub = tt_bounds(tt, slot, key, gen, st[u(p), LEFT])
    tt_put(tt, slot, key, gen, lb, ub, st[u(p), NEED], result)


@njit(cache=True, inline="always", _nrt=False)
def follower(st, p, hands, maker_team, suits, led_row, seat, kin, win_pos, win_seat, led, trk,
             won, left):
    """Open the node at ply ``p`` inside a trick: ``seat`` plays its ``kin``-th card, the
    trick so far (led suit mask ``led``, cards ``trk``) is won by ``win_pos`` of ``win_seat``;
    the makers have ``won`` tricks and ``left`` remain."""
    st[u(p), SEAT] = seat
    st[u(p), KIN] = kin
    st[u(p), WINPOS] = win_pos
    st[u(p), WINSEAT] = win_seat
    st[u(p), LED] = led
    st[u(p), TRK] = trk
    st[u(p), WON] = won
    st[u(p), LEFT] = left
    mv, pref = follow_moves(hands, seat, led, win_pos, win_seat, trk, suits, led_row)
    side = 1 if (seat & 1) == maker_team else 0
    st[u(p), SIDE] = side
    st[u(p), RES] = 0 if side else 1
    st[u(p), MV] = mv
    st[u(p), PREF] = pref
    return -1


@njit(cache=True, inline="always", _nrt=False)
def table_state(tbl, n_tbl, leader, nxt, led_row):
    """The trick so far from the ``n_tbl`` cards on the table led by ``leader``: (the seat to
    play, the led suit's mask, the winning card and seat, the mask of the cards)."""
    c = tbl[0]
    win_pos = c
    win_seat = leader
    seat = leader
    trk = np.int64(1) << c
    led = led_row[c]
    for j in range(1, n_tbl):
        seat = (nxt >> (2 * seat)) & 3
        d = tbl[j]
        trk |= np.int64(1) << d
        if beats(d, win_pos, led):
            win_pos = d
            win_seat = seat
    return (nxt >> (2 * seat)) & 3, led, win_pos, win_seat, trk


@njit(cache=True, inline="always", _nrt=False)
def settle(st, p, r):
    """A child of ply ``p`` answered ``r``: a maker's node is won by one yes, a defender's
    lost by one no; either ends the node."""
    if st[u(p), SIDE]:
        if r:
            st[u(p), RES] = 1
            st[u(p), MV] = 0
    elif not r:
        st[u(p), RES] = 0
        st[u(p), MV] = 0


_INT, _ROW = types.int64, types.Array(types.int64, 1, "C")
_CONST = types.Array(types.int64, 1, "C", readonly=True)       # LED_MASK / SUIT_MASK_POW rows
# what ``tricks_class`` passes ``probe``: it is compiled for these, apart (``sim.jit.apart``), and
# ahead in a child process where that helps (``sim.solver.api.compile_search_ahead``)
PROBE_ARGS = (_ROW, _INT, _INT, _INT, _INT, _ROW, _INT, _INT, _INT, _INT, _CONST, _CONST, _ROW,
              _INT, types.Array(types.int64, 2, "C"))


@later(types.UniTuple(types.int64, 2), PROBE_ARGS)
@njit(cache=True, _nrt=False)
def probe(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left, target, led_row,
          suits, tt, gen, st):
    """Can the makers take at least ``target`` tricks in the whole hand?  ``hands`` (power
    layout, sitting-out seats empty) are changed during the search and restored; ``tbl`` holds
    the ``n_tbl`` cards already on the table this trick, led by ``leader``; ``won`` tricks are
    the makers' so far and ``left`` tricks (the current one included) remain.  Returns
    (1 or 0, nodes searched)."""
    nodes = 1
    st[0, WON] = won
    st[0, LEFT] = left
    if n_tbl == 0:
        st[0, SEAT] = leader
        r, n = boundary(st, 0, hands, nxt, n_active, maker_team, target, led_row, suits, tt,
                        gen)
        nodes += n
        if r >= 0:
            return r, nodes
    else:
        seat, led, win_pos, win_seat, trk = table_state(tbl, n_tbl, leader, nxt, led_row)
        follower(st, 0, hands, maker_team, suits, led_row, seat, n_tbl, win_pos, win_seat, led,
                 trk, won, left)
    p = 0
    while True:
        mv = st[u(p), MV]
        if mv == 0:
            r = st[u(p), RES]
            if st[u(p), KIN] == 0:
                tt_store(st, p, tt, gen, r)
            if p == 0:
                return r, nodes
            p -= 1
            hands[u(st[u(p), SEAT])] |= np.int64(1) << st[u(p), CARD]
            settle(st, p, r)
            continue
        # the next card to try
        kin = st[u(p), KIN]
        c = lead_card(mv, st[u(p), PREF]) if kin == 0 else follow_card(mv, st[u(p), PREF])
        bit = np.int64(1) << c
        st[u(p), MV] = mv ^ bit
        st[u(p), CARD] = c
        seat = st[u(p), SEAT]
        hands[u(seat)] ^= bit
        nodes += 1
        if kin == 0:
            led = led_row[c]
            win_pos = c
            win_seat = seat
            trk = bit
        else:
            led = st[u(p), LED]
            win_pos, win_seat = takes(c, seat, st[u(p), WINPOS], st[u(p), WINSEAT], led)
            trk = st[u(p), TRK] | bit
        q = p + 1
        if kin + 1 == n_active:
            st[u(q), SEAT] = win_seat
            st[u(q), WON] = st[u(p), WON] + (1 if (win_seat & 1) == maker_team else 0)
            st[u(q), LEFT] = st[u(p), LEFT] - 1
            r, n = boundary(st, q, hands, nxt, n_active, maker_team, target, led_row, suits,
                            tt, gen)
            nodes += n
        else:
            r = follower(st, q, hands, maker_team, suits, led_row, (nxt >> (2 * seat)) & 3,
                         kin + 1, win_pos, win_seat, led, trk, st[u(p), WON], st[u(p), LEFT])
        if r >= 0:
            hands[u(seat)] |= bit
            settle(st, p, r)
        else:
            p = q


@njit(cache=True, inline="always", _nrt=False)
def points(tricks_class, alone, defender, lone_points):
    """Points to the makers (their points minus the defenders', by ``sim.scoring``'s table):
    class 0 = euchred, 1 = three or four tricks, 2 = all five."""
    tricks = 0 if tricks_class == 0 else (3 if tricks_class == 1 else 5)
    makers, defenders = hand_points(1, 0, alone, defender, tricks, lone_points)
    return makers - defenders


@njit(cache=True, _nrt=False)
def tricks_class(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left, lo, hi,
                 led_row, suits, tt, gen, st, out_nodes):
    """The makers' outcome under perfect play (0 = euchred, 1 = three or four tricks, 2 = all
    five), known to lie in ``lo .. hi``: at most two probes.  Adds the nodes searched to
    ``out_nodes[0]``."""
    if lo == 0 and hi > 0:
        r, n = call_later(probe, (hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won,
                                  left, np.int64(3), led_row, suits, tt, gen, st))
        out_nodes[0] += n
        if r:
            lo = 1
        else:
            hi = 0
    if lo == 1 and hi == 2:
        r, n = call_later(probe, (hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won,
                                  left, np.int64(5), led_row, suits, tt, gen, st))
        out_nodes[0] += n
        if r:
            lo = 2
        else:
            hi = 1
    return lo


# what pimc's bids and card play pass ``solve_one`` (with ``call_later``: it is compiled once
# in a process, not linked into each, and not at all in the process compiling pimc's card play
# ahead, ``sim.players.pimc.turns``)
SOLVE_ARGS = (_ROW, _INT, _INT, _INT, _INT, _INT, _ROW, _INT, _INT, _INT, types.boolean, _ROW,
              _ROW, _ROW, types.Array(types.int64, 2, "C"), _ROW, _ROW)


@later(types.int64, SOLVE_ARGS)
@njit(cache=True, _nrt=False)
def solve_one(hands_cards, trump, maker, alone, defender, leader, table, won, lost, lone_points,
              with_cards, hands, tbl, tt, st, values, out_nodes):
    """Solve one position (arguments as one row of ``solve_many``; ``hands`` (4) and ``tbl``
    (4) are scratch).  Writes the per-card values into ``values`` (24, card layout) when
    ``with_cards``, and returns the position's value."""
    nxt, n_active = next_seats(maker, alone, defender)
    out0 = ((maker + 2) & 3) if alone else -1
    out1 = ((defender + 2) & 3) if defender >= 0 else -1
    for s in range(4):
        hands[u(s)] = 0 if (s == out0 or s == out1) else to_power(hands_cards[s], trump)
    led_row = LED_MASK[trump]
    suits = SUIT_MASK_POW[trump]
    n_tbl = np.int64(0)     # not the literal 0: that compiles a second copy of the search
    for j in range(3):
        if table[j] >= 0:
            tbl[n_tbl] = to_power(np.int64(1) << table[j], trump)
            tbl[n_tbl] = low(tbl[n_tbl])
            n_tbl += 1
    left = 5 - won - lost
    maker_team = maker & 1
    for c in range(24):
        values[c] = NOT_LEGAL
    if left == 0:
        return points(0 if won < 3 else (1 if won < 5 else 2), alone, defender, lone_points)
    # a new generation of the table: nothing stored for another deal is read
    gen = tt[tt.size - 1] + 1
    if gen >= MAX_GEN:
        tt[:] = 0
        gen = 1
    tt[tt.size - 1] = gen
    cls = tricks_class(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left,
                       np.int64(0), np.int64(2), led_row, suits, tt, gen, st, out_nodes)
    if with_cards:
        card_values(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left, cls,
                    led_row, suits, tt, gen, st, out_nodes, trump, values)
        for c in range(24):
            if values[c] != NOT_LEGAL:
                values[c] = points(values[c], alone, defender, lone_points)
    return points(cls, alone, defender, lone_points)


@njit(cache=True, _nrt=False)
def card_values(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left, cls, led_row,
                suits, tt, gen, st, out_nodes, trump, values):
    """The outcome class after each legal card of the player to move (``values``, card
    layout), given the position's class ``cls``: a maker's card can only do as well or worse,
    a defender's as well or better, so each card needs at most one probe but where the
    position is euchred and a defender is to move.  The searches share the table."""
    mover = leader
    led = np.int64(0)
    win_pos = -1
    win_seat = -1
    trk = np.int64(0)
    if n_tbl > 0:
        mover, led, win_pos, win_seat, trk = table_state(tbl, n_tbl, leader, nxt, led_row)
    mine = hands[u(mover)]
    legal = mine & led if n_tbl > 0 else mine
    if legal == 0:
        legal = mine
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    reps, _m = representatives(legal, (rest ^ mine) | trk, suits, led_row)
    lo, hi = (0, cls) if (mover & 1) == maker_team else (cls, 2)
    x = reps
    while x:
        c = low(x)
        x &= x - 1
        bit = np.int64(1) << c
        hands[u(mover)] ^= bit
        tbl[n_tbl] = c
        if n_tbl + 1 == n_active:
            # the trick is complete: the next position starts at the boundary
            w = win_seat
            if n_tbl == 0 or beats(c, win_pos, led):
                w = mover
            mt = 1 if (w & 1) == maker_team else 0
            v = tricks_class(hands, nxt, n_active, maker_team, w, tbl, np.int64(0), won + mt,
                             left - 1, lo, hi, led_row, suits, tt, gen, st, out_nodes)
        else:
            v = tricks_class(hands, nxt, n_active, maker_team, leader, tbl, n_tbl + 1, won,
                             left, lo, hi, led_row, suits, tt, gen, st, out_nodes)
        hands[u(mover)] ^= bit
        # the card and every card equivalent to it (up to the next card of another hand)
        others = ((rest ^ mine) | trk) & led_row[c]
        y = legal & led_row[c] & ~((bit << 1) - 1)
        values[POWER_CARD[trump, c]] = v
        while y:
            d = low(y)
            if (others & ((np.int64(1) << d) - (bit << 1))) != 0:
                break
            values[POWER_CARD[trump, d]] = v
            y &= y - 1
    return 0


CHUNK = 64                   # positions per task: results never depend on the thread count


def solve_many(hands, trump, maker, alone, defender, leader, table, won, lost, lone_points,
               with_cards):
    """Solve ``n`` positions in parallel (fixed chunks of ``CHUNK`` on the run's threads,
    ``sim.threads.each_chunk``).

    Rows: ``hands`` (n, 4) card-layout masks of the cards still held; ``trump``, ``maker``,
    ``alone`` (0/1), ``defender`` (lone defender's seat or -1), ``leader`` (who led the current
    trick, or leads next), ``table`` (n, 3) the cards on the table this trick in play order
    (-1 padded), ``won`` / ``lost`` tricks already taken by the makers / the defenders.
    Returns (values (n,), per-card values (n, 24) by card number, ``NOT_LEGAL`` for a card
    that may not be played, nodes searched (n,)).
    """
    n = hands.shape[0]
    values = np.zeros(n, np.int64)
    cards = np.full((n, 24), NOT_LEGAL, np.int64)
    nodes = np.zeros(n, np.int64)
    lone_points, with_cards = int(lone_points), bool(with_cards)
    each_chunk(lambda k: solve_chunk(k, hands, trump, maker, alone, defender, leader, table, won,
                                     lost, lone_points, with_cards, values, cards, nodes),
               (n + CHUNK - 1) // CHUNK)
    return values, cards, nodes


@njit(cache=True, nogil=True)
def solve_chunk(k, hands, trump, maker, alone, defender, leader, table, won, lost, lone_points,
                with_cards, values, cards, nodes):
    """Positions ``k * CHUNK`` .. of ``solve_many`` into its ``values``, ``cards``, ``nodes``,
    with a transposition table of their own."""
    n = hands.shape[0]
    tt = np.zeros(TT_SIZE, np.int64)
    st = np.zeros((MAX_PLY, N_FIELDS), np.int64)
    h = np.zeros(4, np.int64)
    tbl = np.zeros(4, np.int64)
    cnt = np.zeros(1, np.int64)
    for i in range(k * CHUNK, min(n, (k + 1) * CHUNK)):
        cnt[0] = 0
        values[i] = solve_one(hands[i], trump[i], maker[i], alone[i], defender[i],
                              leader[i], table[i], won[i], lost[i], lone_points,
                              with_cards, h, tbl, tt, st, cards[i], cnt)
        nodes[i] = cnt[0]
