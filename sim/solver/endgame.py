"""The solver's last four tricks: what settles a probe at a trick boundary without searching
(sure tricks, the transposition table), the second and third-last tricks searched in nested
loops, and the last two played out combination by combination.

* sure tricks: each trump of one player above all the other side's trumps takes a trick
  (``sure_trumps``), the leader takes the winners he can cash (``quick_tricks``), and a leader
  holding the highest card of a plain suit that neither opponent can trump takes that trick
  (``cashes_one``);
* the transposition table keeps bounds on the makers' tricks from a trick boundary, keyed by
  the rank-compressed position (``sim.solver.compress``: who holds each card left, in rank
  order suit by suit, and who leads), so positions that differ only in the cards already
  played share an entry.  It is stamped with a generation number per solve, so "emptying" it
  costs nothing and nothing from an earlier deal is ever read.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import TRUMP_POW, low, popcount, top
from sim.solver.compress import position_key
from sim.solver.moves import beats, follow_card, follow_moves, lead_card, representatives, takes, u

TT_BITS = 12                 # 4,096 slots: a four-handed deal stores a few hundred boundaries
TT_SIZE = 2 * (1 << TT_BITS) + 1  # two words a slot (key; generation and bounds), and the
#                                   generation counter last
_HASH = np.uint64(0x9E3779B97F4A7C15)
MAX_GEN = 1 << 30            # generations before the table is really emptied (bits 32-62)


# combos of the followers' choices whose bit j is 0 (``last_two``'s reduction)
_LOW_HALF = (0b01010101, 0b00110011, 0b00001111)


@njit(cache=True, inline="always", _nrt=False)
def last_two(hands, leader, nxt, n_active, maker_team, led_row, need):
    """1 if the makers take ``need`` of the last two tricks (every hand holds two cards), else
    0.  The side holding the highest trump left takes a trick with it, which settles a need of
    one trick for it or of two for the other side.  Otherwise, for each lead, every
    combination of the followers' choices (at most eight) is played out into a bit mask of
    outcomes, which is then reduced follower by follower, last first:
    an OR over a maker's choice, an AND over a defender's."""
    mk = (hands[u(maker_team)] | hands[u(maker_team + 2)]) & TRUMP_POW
    df = (hands[u(1 - maker_team)] | hands[u(3 - maker_team)]) & TRUMP_POW
    if mk > df:                 # the makers hold the highest trump left: one trick is theirs
        if need == 1:
            return 1
    elif df > mk and need == 2:
        return 0
    s1 = (nxt >> (2 * leader)) & 3
    s2 = (nxt >> (2 * s1)) & 3
    s3 = (nxt >> (2 * s2)) & 3
    n_f = n_active - 1
    lead_maker = (leader & 1) == maker_team
    result = 0 if lead_maker else 1
    h0 = hands[u(leader)]
    while h0:
        a = low(h0)
        h0 &= h0 - 1
        led = led_row[a]
        l1 = hands[u(s1)] & led
        l1 = l1 if l1 else hands[u(s1)]
        l2 = hands[u(s2)] & led
        l2 = l2 if l2 else hands[u(s2)]
        l3 = hands[u(s3)] & led
        l3 = l3 if l3 else hands[u(s3)]
        ok = 0
        for combo in range(1 << n_f):
            c1 = top(l1) if combo & 1 else low(l1)
            wp = a
            ws = leader
            if beats(c1, wp, led):
                wp = c1
                ws = s1
            left_over = hands[u(leader)] ^ (np.int64(1) << a)
            r1 = hands[u(s1)] ^ (np.int64(1) << c1)
            r2 = np.int64(0)
            r3 = np.int64(0)
            if n_f > 1:
                c2 = top(l2) if combo & 2 else low(l2)
                if beats(c2, wp, led):
                    wp = c2
                    ws = s2
                r2 = hands[u(s2)] ^ (np.int64(1) << c2)
                if n_f > 2:
                    c3 = top(l3) if combo & 4 else low(l3)
                    if beats(c3, wp, led):
                        wp = c3
                        ws = s3
                    r3 = hands[u(s3)] ^ (np.int64(1) << c3)
            t = 1 if (ws & 1) == maker_team else 0
            # the last trick: the winner leads his last card; the highest of its suit or trump wins
            lead2 = left_over if ws == leader else (r1 if ws == s1 else (r2 if ws == s2 else r3))
            b = top((left_over | r1 | r2 | r3) & (led_row[low(lead2)] | TRUMP_POW))
            w2 = leader if (left_over >> b) & 1 else (
                s1 if (r1 >> b) & 1 else (s2 if (r2 >> b) & 1 else s3))
            t += 1 if (w2 & 1) == maker_team else 0
            if t >= need:
                ok |= 1 << combo
        for j in range(n_f - 1, -1, -1):
            s = s1 if j == 0 else (s2 if j == 1 else s3)
            if (s & 1) == maker_team:
                ok = (ok | (ok >> (1 << j))) & _LOW_HALF[j]
            else:
                ok = ok & (ok >> (1 << j)) & _LOW_HALF[j]
        r = ok & 1
        if lead_maker and r:
            result = 1
            break
        if not lead_maker and not r:
            result = 0
            break
    return result


@njit(cache=True, _nrt=False)
def last_two_call(hands, leader, nxt, n_active, maker_team, led_row, need):
    """``last_two`` as a call of its own (where inlining it would only grow the code)."""
    return last_two(hands, leader, nxt, n_active, maker_team, led_row, need)


@njit(cache=True, _nrt=False)
def quick_tricks(hands, seat, rest, suits):
    """Tricks the leader takes by leading winners: his trumps above every other trump left,
    then, if that leaves nobody else a trump, his plain cards above every other card of their
    suit (nobody can ruff or overtake them, and he keeps the lead throughout)."""
    mine = hands[u(seat)]
    others = rest ^ mine
    their_trumps = others & TRUMP_POW
    my_trumps = mine & TRUMP_POW
    k = 0
    if their_trumps == 0:
        k = popcount(my_trumps)
    else:
        bar = top(their_trumps)
        while my_trumps and top(my_trumps) > bar:
            k += 1
            my_trumps ^= np.int64(1) << top(my_trumps)
        for s in range(4):
            if s != seat and popcount(hands[u(s)] & TRUMP_POW) > k:
                return k
    for e in range(4):
        m = suits[e]
        if m == TRUMP_POW:
            continue
        theirs = others & m
        above = mine & m
        if theirs:
            above &= ~((np.int64(2) << top(theirs)) - 1)
        k += popcount(above)
    return k


@njit(cache=True, _nrt=False)
def sure_trumps(hands, maker_team):
    """Tricks one side is sure of from trumps: each trump of one player above every trump of
    the other side takes a trick of its own (a partner's higher trump in the same trick keeps
    it for the side).  Positive for the makers, negative for the defenders, 0 for neither."""
    mk = (hands[u(maker_team)] | hands[u(maker_team + 2)]) & TRUMP_POW
    df = (hands[u(1 - maker_team)] | hands[u(3 - maker_team)]) & TRUMP_POW
    if mk == df:                       # both empty
        return 0
    if mk > df:                        # the makers hold the top trump
        bar = np.int64(2) << top(df) if df else np.int64(1)
        a = popcount(hands[u(maker_team)] & mk & ~(bar - 1))
        b = popcount(hands[u(maker_team + 2)] & mk & ~(bar - 1))
        return max(a, b)
    bar = np.int64(2) << top(mk) if mk else np.int64(1)
    a = popcount(hands[u(1 - maker_team)] & df & ~(bar - 1))
    b = popcount(hands[u(3 - maker_team)] & df & ~(bar - 1))
    return -max(a, b)


@njit(cache=True, _nrt=False)
def cashes_one(hands, seat, rest, suits):
    """Whether the leader's side surely takes a trick: he holds the highest card left of a plain
    suit and neither opponent can trump it (each holds a card of that suit, or no trump)."""
    mine = hands[u(seat)]
    o1 = hands[(seat + 1) & 3]
    o2 = hands[(seat + 3) & 3]
    for e in range(4):
        m = suits[e]
        if m == TRUMP_POW:
            continue
        x = rest & m
        if x == 0 or ((mine >> top(x)) & 1) == 0:
            continue
        if ((o1 & m) != 0 or (o1 & TRUMP_POW) == 0) and ((o2 & m) != 0 or (o2 & TRUMP_POW) == 0):
            return True
    return False


@njit(cache=True, inline="always", _nrt=False)
def tt_slot(key):
    return np.int64((np.uint64(key) * _HASH) >> np.uint64(64 - TT_BITS))


@njit(cache=True, inline="always", _nrt=False)
def sure_result(hands, seat, maker_team, suits, need, left):
    """At a trick boundary (``seat`` to lead, the makers needing ``need`` of the ``left``
    tricks): 1 or 0 when the tricks needed or the sure tricks settle the probe, else -1."""
    if need <= 0:
        return 1
    if need > left:
        return 0
    k = sure_trumps(hands, maker_team)
    if k > 0:
        if k >= need:
            return 1
    elif left + k < need:
        return 0
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    side = 1 if (seat & 1) == maker_team else 0
    if (need == 1 if side else need == left) and cashes_one(hands, seat, rest, suits):
        return side
    q = quick_tricks(hands, seat, rest, suits)
    if side:
        if q >= need:
            return 1
    elif left - q < need:
        return 0
    return -1


@njit(cache=True, inline="always", _nrt=False)
def tt_bounds(tt, slot, key, gen, left):
    """The bounds on the makers' tricks the table holds for ``key`` (0 .. ``left`` if none)."""
    e = tt[slot + 1]
    if (e >> 32) == gen and tt[slot] == key:
        return (e >> 3) & 7, e & 7
    return 0, left


@njit(cache=True, inline="always", _nrt=False)
def tt_put(tt, slot, key, gen, lb, ub, need, result):
    """Store what a probe for ``need`` tricks found (``result``) within the bounds known."""
    if result:
        lb = max(lb, need)
    else:
        ub = min(ub, need - 1)
    tt[slot] = key
    tt[slot + 1] = (gen << 32) | (lb << 3) | ub


# The second and third-last tricks: one trick at a time in nested loops, one inlined function a
# player, each trying its cards in turn (in the order the stack of plies would) and stopping at
# the first that settles the probe for its side (a maker's yes, a defender's no).  These two
# tricks hold nine tenths of the cards searched; searched this way rather than on the stack,
# the third-last took 0.85 of the time, the second then 0.97-0.98.  The functions are made by
# ``trick_loops`` for each trick (closures, which numba compiles into their cached callers but
# does not cache on their own).  LLVM inlines them (``forceinline``), not Numba: Numba compiles
# each once where its own inlining re-processed every copy at every level (``solve`` compiled
# in 68 s instead of 98 s on an empty cache, at the same speed).

def trick_loops(after, tricks_after):
    """The functions that search one trick, ending in ``after(hands, leader, nxt, n_active,
    maker_team, led_row, suits, need, tt, gen)``: (1 if the makers take ``need`` of the
    ``tricks_after`` tricks after it, cards played).  Returns the leader's function, with the
    same arguments and answer for the trick and those after it."""

    @njit(forceinline=True, _nrt=False)
    def last(hands, seat, led, win_pos, win_seat, nxt, n_active, maker_team, led_row, suits,
             trk, need, tt, gen):
        mv, pref = follow_moves(hands, seat, led, win_pos, win_seat, trk, suits, led_row)
        side = (seat & 1) == maker_team
        n = 0
        while mv:
            c = follow_card(mv, pref)
            bit = np.int64(1) << c
            mv ^= bit
            n += 1
            _wp, w = takes(c, seat, win_pos, win_seat, led)
            k = need - (1 if (w & 1) == maker_team else 0)
            if k <= 0 or k > tricks_after:
                r = 1 if k <= 0 else 0
            else:
                hands[u(seat)] ^= bit
                r, m = after(hands, w, nxt, n_active, maker_team, led_row, suits, k, tt, gen)
                hands[u(seat)] ^= bit
                n += m
            if side == (r == 1):
                return r, n
        return (0 if side else 1), n

    @njit(forceinline=True, _nrt=False)
    def third(hands, seat, led, win_pos, win_seat, nxt, n_active, maker_team, led_row, suits,
              trk, need, tt, gen):
        mv, pref = follow_moves(hands, seat, led, win_pos, win_seat, trk, suits, led_row)
        side = (seat & 1) == maker_team
        n = 0
        while mv:
            c = follow_card(mv, pref)
            bit = np.int64(1) << c
            mv ^= bit
            wp, ws = takes(c, seat, win_pos, win_seat, led)
            hands[u(seat)] ^= bit
            r, m = last(hands, (nxt >> (2 * seat)) & 3, led, wp, ws, nxt, n_active, maker_team,
                        led_row, suits, trk | bit, need, tt, gen)
            hands[u(seat)] ^= bit
            n += m + 1
            if side == (r == 1):
                return r, n
        return (0 if side else 1), n

    @njit(forceinline=True, _nrt=False)
    def second(hands, seat, led, win_pos, win_seat, nxt, n_active, maker_team, led_row, suits,
               trk, need, tt, gen):
        mv, pref = follow_moves(hands, seat, led, win_pos, win_seat, trk, suits, led_row)
        side = (seat & 1) == maker_team
        nx = (nxt >> (2 * seat)) & 3
        n = 0
        while mv:
            c = follow_card(mv, pref)
            bit = np.int64(1) << c
            mv ^= bit
            wp, ws = takes(c, seat, win_pos, win_seat, led)
            hands[u(seat)] ^= bit
            if n_active == 4:
                r, m = third(hands, nx, led, wp, ws, nxt, n_active, maker_team, led_row, suits,
                             trk | bit, need, tt, gen)
            else:                               # three play: the next is the last
                r, m = last(hands, nx, led, wp, ws, nxt, n_active, maker_team, led_row, suits,
                            trk | bit, need, tt, gen)
            hands[u(seat)] ^= bit
            n += m + 1
            if side == (r == 1):
                return r, n
        return (0 if side else 1), n

    @njit(_nrt=False)
    def lead(hands, seat, nxt, n_active, maker_team, led_row, suits, need, tt, gen):
        mine = hands[u(seat)]
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        mv, masters = representatives(mine, rest ^ mine, suits, led_row)
        side = (seat & 1) == maker_team
        n = 0
        while mv:
            c = lead_card(mv, masters)
            bit = np.int64(1) << c
            mv ^= bit
            hands[u(seat)] ^= bit
            if n_active > 2:
                r, m = second(hands, (nxt >> (2 * seat)) & 3, led_row[c], c, seat, nxt,
                              n_active, maker_team, led_row, suits, bit, need, tt, gen)
            else:                               # a lone maker against a lone defender
                r, m = last(hands, (nxt >> (2 * seat)) & 3, led_row[c], c, seat, nxt,
                            n_active, maker_team, led_row, suits, bit, need, tt, gen)
            hands[u(seat)] ^= bit
            n += m + 1
            if side == (r == 1):
                return r, n
        return (0 if side else 1), n

    return lead


def searched_boundary(search, left, inline):
    """The trick boundary with ``left`` tricks to play: settled by the tricks needed, the sure
    tricks or the table where they can, else searched by ``search`` (a ``trick_loops``
    leader) and the result stored.  Inlined into its caller or a call of its own."""

    @njit(forceinline=inline, _nrt=False)
    def at_boundary(hands, seat, nxt, n_active, maker_team, led_row, suits, need, tt, gen):
        r = sure_result(hands, seat, maker_team, suits, need, left)
        if r >= 0:
            return r, 0
        key = position_key(hands, hands[0] | hands[1] | hands[2] | hands[3], suits, seat)
        slot = 2 * tt_slot(key)
        lb, ub = tt_bounds(tt, slot, key, gen, left)
        if lb >= need:
            return 1, 0
        if ub < need:
            return 0, 0
        r, n = search(hands, seat, nxt, n_active, maker_team, led_row, suits, need, tt, gen)
        tt_put(tt, slot, key, gen, lb, ub, need, r)
        return r, n

    return at_boundary


@njit(cache=True, inline="always", _nrt=False)
def last_two_after(hands, seat, nxt, n_active, maker_team, led_row, suits, need, tt, gen):
    """``last_two`` with the arguments and answer ``trick_loops`` asks of what follows."""
    return last_two(hands, seat, nxt, n_active, maker_team, led_row, need), 0


three_left = trick_loops(last_two_after, 2)       # the third-last trick, then the last two
four_left = trick_loops(searched_boundary(three_left, 3, True), 3)   # the second, then three
# the boundaries the stack of plies reaches (a call each: inlined, they slow compiling)
at_three = searched_boundary(three_left, 3, False)
at_four = searched_boundary(four_left, 4, False)
