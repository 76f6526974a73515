"""The solver's moves and tricks, in the power layout (trump the top seven bits, a higher bit
always beats a lower one of its effective suit): the cards worth searching in a hand, the order
they are tried in, and who wins a trick.

* cards that are equivalent in one hand (no card held by another player or on the table in
  this trick lies between them in their suit) are searched once: the lowest of each run;
* move order: on lead, the cards that are the highest left in their suit, trumps first; in
  second to fourth hand, the cheapest card that takes the trick from the other side, then the
  lowest card.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import TRUMP_POW, low, top

# Stack and hand indices are cast to unsigned: numba tests every signed index for a negative
# value to wrap around, and in the search loop those tests cost 7% of the time.
u = np.uint64


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
