"""The exact double-dummy solver's search: every card seen, makers maximise their points,
defenders minimise them.

A hand's value takes one of three outcomes for the makers (fewer than 3 tricks, 3-4, all 5),
so the value is found by null-window probes: *can the makers take at least ``target`` tricks?*
(``probe``), asked for 3 and, if yes, for 5.  Each probe is a boolean search, an OR over the
makers' cards and an AND over the defenders', which stops at the first card that settles it.

The search runs in the kernel's power layout (trump the top seven bits, a higher bit always
beats a lower one of its effective suit) on an explicit stack of plies, so it needs no
recursion and no allocation.  The third-last trick, where most of the cards are searched, is
searched instead in nested loops, one function a player (``three_left``), and the last two
tricks by playing out every combination of choices (``last_two``):

* cards that are equivalent in one hand (no card held by another player or on the table in
  this trick lies between them in their suit) are searched once: the lowest of each run;
* move order: on lead, the cards that are the highest left in their suit, trumps first; in
  second to fourth hand, the cheapest card that takes the trick from the other side, then the
  lowest card;
* at each trick boundary: the probe is settled at once when the tricks needed are none or more
  than are left, or by sure tricks: each trump of one player above all the other side's trumps
  takes a trick (``sure_trumps``), the leader takes the winners he can cash
  (``quick_tricks``), and a leader holding the highest card of a plain suit that neither
  opponent can trump takes that trick (``cashes_one``);
* a transposition table at trick boundaries keeps bounds on the makers' tricks from there,
  keyed by the rank-compressed position (``sim.solver.compress``: who holds each card left, in
  rank order suit by suit, and who leads), so positions that differ only in the cards already
  played share an entry.  The table is stamped with a generation number per solve, so
  "emptying" it costs nothing and nothing from an earlier deal is ever read.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.cards import POWER_CARD, SUIT_MASK_POW
from sim.kernel.hand import next_seats
from sim.kernel.layout import LED_MASK
from sim.players.bits import TRUMP_POW, low, popcount, to_power, top
from sim.solver.compress import position_key

# the stack's fields, one row per ply
MV, RES, SEAT, KIN, WINPOS, WINSEAT, LED, CARD, WON, LEFT, TRK, KEY, NEED, SIDE, PREF = range(15)
N_FIELDS = 15
MAX_PLY = 24
TT_BITS = 12                 # 4,096 slots: a four-handed deal stores a few hundred boundaries
TT_SIZE = 2 * (1 << TT_BITS) + 1  # two words a slot (key; generation and bounds), and the
#                                   generation counter last
NOT_LEGAL = -100             # per-card value of a card that may not be played
_HASH = np.uint64(0x9E3779B97F4A7C15)
MAX_GEN = 1 << 30            # generations before the table is really emptied (bits 32-62)
# Stack and hand indices are cast to unsigned: numba tests every signed index for a negative
# value to wrap around, and in the search loop those tests cost 7% of the time.
u = np.uint64


def new_table() -> np.ndarray:
    """An empty transposition table (the last slot holds the generation counter)."""
    return np.zeros(TT_SIZE, np.int64)


def new_stack() -> np.ndarray:
    return np.zeros((MAX_PLY, N_FIELDS), np.int64)


@njit(cache=True, inline="always", _nrt=False)
def representatives(moves, others, suits, led_row):
    """The lowest card of each run of equivalent cards in ``moves``: two cards of one suit are
    equivalent when no card of ``others`` (other hands, the table) lies between them.  Returns
    (representatives, those that are the highest left in their suit)."""
    keep = np.int64(0)
    masters = np.int64(0)
    if (moves & (moves - 1)) == 0:
        # one card
        keep = moves
        if (others & led_row[low(moves)] & ~((moves << 1) - 1)) == 0:
            masters = moves
        return keep, masters
    for e in range(4):
        ms = moves & suits[e]
        if ms == 0:
            continue
        os_ = others & suits[e]
        prev = -1
        while ms:
            c = low(ms)
            ms &= ms - 1
            if prev < 0 or (os_ & ((np.int64(1) << c) - (np.int64(2) << prev))) != 0:
                keep |= np.int64(1) << c
                if (os_ >> c) == 0:
                    masters |= np.int64(1) << c
            prev = c
    return keep, masters


@njit(cache=True, inline="always", _nrt=False)
def beats(c, win_pos, led):
    """Whether card ``c`` takes the trick from ``win_pos``: higher, and of the led suit (mask
    ``led``) or trump (trump is above every plain card in the power layout)."""
    return c > win_pos and ((np.int64(1) << c) & (led | TRUMP_POW)) != 0


@njit(cache=True, inline="always", _nrt=False)
def last_trick(hands, leader, nxt, n_active, led_row):
    """The seat that wins the last trick (every active hand holds one card)."""
    c = low(hands[u(leader)])
    led = led_row[c]
    win_pos = c
    win_seat = leader
    seat = leader
    for _j in range(n_active - 1):
        seat = (nxt >> (2 * seat)) & 3
        d = low(hands[u(seat)])
        if beats(d, win_pos, led):
            win_pos = d
            win_seat = seat
    return win_seat


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
def follow_moves(hands, seat, led, win_pos, win_seat, trk, suits, led_row):
    """A follower's moves: the representatives of his legal cards, and those that take the
    trick from the other side (tried first, cheapest first)."""
    mine = hands[u(seat)]
    legal = mine & led
    if legal == 0:
        legal = mine
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    mv, _m = representatives(legal, (rest ^ mine) | trk, suits, led_row)
    pref = np.int64(0)
    if (win_seat & 1) != (seat & 1):
        pref = mv & (led | TRUMP_POW) & ~((np.int64(2) << win_pos) - 1)
    return mv, pref


@njit(cache=True, inline="always", _nrt=False)
def lead_card(mv, masters):
    """The next card a leader tries: the highest of ``masters`` left (trumps first), else the
    lowest."""
    pr = mv & masters
    return top(pr) if pr else low(mv)


@njit(cache=True, inline="always", _nrt=False)
def follow_card(mv, pref):
    """The next card a follower tries: the cheapest of ``pref`` left, else the lowest."""
    pr = mv & pref
    return low(pr) if pr else low(mv)


@njit(cache=True, inline="always", _nrt=False)
def takes(c, seat, win_pos, win_seat, led):
    """The trick's winning card and seat after ``seat`` plays ``c``."""
    if beats(c, win_pos, led):
        return c, seat
    return win_pos, win_seat


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


# The last tricks but two: one trick at a time in nested loops, one inlined function a player,
# each trying its cards in turn (in the order the stack of plies would) and stopping at the first
# that settles the probe for its side (a maker's yes, a defender's no).  The third-last trick
# takes 57% of the cards searched, the second 32%; in nested loops they take 0.85 of the time
# the stack takes.  The functions are made by ``trick_loops`` for each trick (closures, which
# numba compiles into their cached callers but does not cache on their own).

def trick_loops(after, tricks_after):
    """The functions that search one trick, ending in ``after(hands, leader, nxt, n_active,
    maker_team, led_row, suits, need, tt, gen)``: (1 if the makers take ``need`` of the
    ``tricks_after`` tricks after it, cards played).  Returns the leader's function, with the
    same arguments and answer for the trick and those after it."""

    @njit(inline="always", _nrt=False)
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

    @njit(inline="always", _nrt=False)
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

    @njit(inline="always", _nrt=False)
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
            else:                               # three play: the second is the last but one
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

    @njit(inline="always" if inline else "never", _nrt=False)
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
    return last_two(hands, seat, nxt, n_active, maker_team, led_row, need), 0


three_left = trick_loops(last_two_after, 2)       # the third-last trick, then the last two
four_left = trick_loops(searched_boundary(three_left, 3, True), 3)   # the second trick first
# the boundaries the stack of plies reaches (a call each: inlined, they slow compiling)
at_three = searched_boundary(three_left, 3, False)
at_four = searched_boundary(four_left, 4, False)


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
    """Points to the makers: class 0 = euchred, 1 = three or four tricks, 2 = all five."""
    if tricks_class == 0:
        return -lone_points if defender >= 0 else -2
    if tricks_class == 1:
        return 1
    return 4 if alone else 2


@njit(cache=True, _nrt=False)
def tricks_class(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left, lo, hi,
                 led_row, suits, tt, gen, st, out_nodes):
    """The makers' outcome under perfect play (0 = euchred, 1 = three or four tricks, 2 = all
    five), known to lie in ``lo .. hi``: at most two probes.  Adds the nodes searched to
    ``out_nodes[0]``."""
    if lo == 0 and hi > 0:
        r, n = probe(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left,
                     np.int64(3), led_row, suits, tt, gen, st)
        out_nodes[0] += n
        if r:
            lo = 1
        else:
            hi = 0
    if lo == 1 and hi == 2:
        r, n = probe(hands, nxt, n_active, maker_team, leader, tbl, n_tbl, won, left,
                     np.int64(5), led_row, suits, tt, gen, st)
        out_nodes[0] += n
        if r:
            lo = 2
        else:
            hi = 1
    return lo


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
    n_tbl = 0
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


@njit(cache=True, parallel=True)
def solve_many(hands, trump, maker, alone, defender, leader, table, won, lost, lone_points,
               with_cards):
    """Solve ``n`` positions in parallel (``prange`` over fixed chunks of ``CHUNK``).

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
    n_chunks = (n + CHUNK - 1) // CHUNK
    for k in prange(n_chunks):
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
    return values, cards, nodes
