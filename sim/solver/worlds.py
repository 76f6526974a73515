"""What one seat knows at a card-play decision, and random deals (*worlds*) consistent with it.

The knowledge is one int64 array (``K_*`` fields, ``new_knowledge``): the seat to move and its
current hand (card-layout mask), trump, maker, alone, lone defender (-1), dealer, upcard,
whether the dealer picked the upcard up (round 1), the dealer's discard (-1 unless the seat is
the dealer: only he knows it), the lone-defender euchre points, and the cards played so far with
their seats, in order (this trick's included).  From the plays it follows who sits out, each
other seat's number of cards left, the voids each has revealed (failing to follow a led
effective suit; the left bower is a trump), the tricks won and the current trick (``derive``).

The cards a world deals are the *unseen* ones: all 24 minus the seat's hand, the cards played
and the cards it knows are out of play: its own discard (dealer), and the upcard, which after a
pick-up is *pinned* to the dealer while he has not played it (the usual reading: a dealer rarely
discards the card he just took), is out of play when it was turned down or the dealer sits out,
and counts as discarded when the dealer has shown he holds no trump.  The unseen cards go to the
other active seats (their counts, none of a suit a seat is void in); those left over are the
kitty's face-down cards and a sitting-out hand's, which nobody holds.

Sampling (``deal_world``) is rejection: a uniform random permutation of the unseen cards deals
each seat its count in turn, and a deal that gives a seat a card of a suit it is void in is
drawn again.  Each consistent deal (an assignment of card sets to seats) comes from equally many
permutations, so the accepted deals are exactly uniform among the consistent ones.  After
``MAX_TRIES`` rejections (rare: two or three strong voids late in a hand) it falls back to a
sequential deal, most-constrained seat first, each seat drawing uniformly among the cards left
that it may hold; that is consistent but not exactly uniform.  Returned status: 1 exact, 2
fallback, 0 no consistent deal found (the world is skipped).

World ``w`` of a decision uses the key ``sub_key(key, w)``: the same key gives the same worlds
whatever the thread count or the order they are solved in.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import bit_list, popcount
from sim.cards import EFF_SUIT, POWER_POS, SUIT_MASK_CARD
from sim.rng import bounded, draw, sub_key

(K_SEAT, K_HAND, K_TRUMP, K_MAKER, K_ALONE, K_DEFENDER, K_DEALER, K_UPCARD, K_PICKED,
 K_DISCARD, K_LONE_POINTS, K_N_PLAYED) = range(12)
K_SEATS = 12                 # the seats of the cards played, in order (20 slots)
K_CARDS = 32                 # the cards played, in order (20 slots)
K_SIZE = 52
MAX_TRIES = 2000
ALL_CARDS = (1 << 24) - 1
# derive's summary: one row of (4) per field
D_COUNT, D_VOID, D_HANDS = range(3)


def new_knowledge(seat, hand, trump, maker, alone, defender, dealer, upcard, picked_up, discard,
                  plays, lone_points=4) -> np.ndarray:
    """The knowledge array from Python values; ``plays``: (seat, card) pairs in order."""
    kn = np.zeros(K_SIZE, np.int64)
    kn[:K_N_PLAYED + 1] = (seat, hand, trump, maker, int(alone), defender, dealer, upcard,
                           int(picked_up), discard, lone_points, len(plays))
    for j, (s, c) in enumerate(plays):
        kn[K_SEATS + j] = s
        kn[K_CARDS + j] = c
    return kn


@njit(cache=True)
def trick_winner_card(cards, start, n, trump):
    """Index (from ``start``) of the card that wins the ``n`` cards ``cards[start:start+n]``."""
    led = EFF_SUIT[trump, cards[start]]
    best = 0
    for j in range(1, n):
        c = cards[start + j]
        b = cards[start + best]
        e = EFF_SUIT[trump, c]
        if e == EFF_SUIT[trump, b] and POWER_POS[trump, c] > POWER_POS[trump, b]:
            best = j
        elif e == trump and EFF_SUIT[trump, b] != trump:
            best = j
        elif e == led and EFF_SUIT[trump, b] != led and EFF_SUIT[trump, b] != trump:
            best = j
    return best


@njit(cache=True)
def active_mask(maker, alone, defender):
    """Bit ``s`` set for each seat that plays."""
    m = 15
    if alone:
        m &= ~(1 << ((maker + 2) & 3))
    if defender >= 0:
        m &= ~(1 << ((defender + 2) & 3))
    return m


@njit(cache=True)
def derive(kn, summary, table):
    """What follows from the knowledge: ``summary[D_COUNT, s]`` cards each other active seat
    holds, ``summary[D_VOID, s]`` the card-layout mask of the suits it has shown void in,
    ``summary[D_HANDS, s]`` the cards known to be in its hand (the pinned upcard); ``table``
    (3) the current trick's cards, -1 padded.  Returns (unseen cards to deal, the current
    trick's leader, makers' tricks, defenders' tricks)."""
    seat = kn[K_SEAT]
    trump = kn[K_TRUMP]
    act = active_mask(kn[K_MAKER], kn[K_ALONE], kn[K_DEFENDER])
    n_active = popcount(act)
    n = kn[K_N_PLAYED]
    played = np.int64(0)
    for s in range(4):
        summary[D_COUNT, s] = 5 if ((act >> s) & 1) and s != seat else 0
        summary[D_VOID, s] = 0
        summary[D_HANDS, s] = 0
    for j in range(n):
        played |= np.int64(1) << kn[K_CARDS + j]
        summary[D_COUNT, kn[K_SEATS + j]] -= 1
        t0 = j - j % n_active
        led = EFF_SUIT[trump, kn[K_CARDS + t0]]
        if EFF_SUIT[trump, kn[K_CARDS + j]] != led:
            summary[D_VOID, kn[K_SEATS + j]] |= SUIT_MASK_CARD[trump, led]
    summary[D_COUNT, seat] = 0
    # tricks so far
    leader = (kn[K_DEALER] + 1) & 3
    while ((act >> leader) & 1) == 0:
        leader = (leader + 1) & 3
    won = 0
    lost = 0
    done = n // n_active
    for t in range(done):
        w = kn[K_SEATS + t * n_active + trick_winner_card(kn[K_CARDS:], t * n_active, n_active,
                                                          trump)]
        leader = w
        if (w & 1) == (kn[K_MAKER] & 1):
            won += 1
        else:
            lost += 1
    for j in range(3):
        table[j] = -1
    for j in range(n - done * n_active):
        table[j] = kn[K_CARDS + done * n_active + j]
    unseen = ALL_CARDS & ~kn[K_HAND] & ~played
    if kn[K_DISCARD] >= 0:
        unseen &= ~(np.int64(1) << kn[K_DISCARD])
    up = np.int64(1) << kn[K_UPCARD]
    dealer = kn[K_DEALER]
    if (unseen & up) != 0:
        unseen &= ~up                 # out of play unless pinned to the dealer below
        if (kn[K_PICKED] and ((act >> dealer) & 1) and dealer != seat
                and (summary[D_VOID, dealer] & up) == 0):
            summary[D_HANDS, dealer] = up
            summary[D_COUNT, dealer] -= 1
    return unseen, leader, won, lost


@njit(cache=True)
def _rejection(unseen, summary, wkey, out_hands, pool):
    """Up to ``MAX_TRIES`` uniform permutations of the unseen cards; True when one fits."""
    n = bit_list(unseen, pool)
    need = summary[D_COUNT, 0] + summary[D_COUNT, 1] + summary[D_COUNT, 2] + summary[D_COUNT, 3]
    d = 0
    for _try in range(MAX_TRIES):
        i = 0
        ok = True
        for s in range(4):
            h = summary[D_HANDS, s]
            for _k in range(summary[D_COUNT, s]):
                r = draw(wkey, d)
                d += 1
                j = i + bounded(r & np.uint64(0xFFFFFFFF), n - i)
                t = pool[i]
                pool[i] = pool[j]
                pool[j] = t
                h |= np.int64(1) << pool[i]
                i += 1
            out_hands[s] = h
            if (h & summary[D_VOID, s]) != 0:
                ok = False
                break
        if ok and i == need:
            return True
    return False


@njit(cache=True)
def _sequential(unseen, summary, wkey, out_hands):
    """The fallback: most-constrained seat first, each drawing uniformly among the cards left
    that it may hold.  True when every seat got its count."""
    left = unseen
    d = 1 << 20                       # draws apart from the rejection's
    done = 0
    for _k in range(4):
        # the next seat: the one with the fewest cards it may hold per card it needs
        pick = -1
        room = 99
        for s in range(4):
            if (done >> s) & 1:
                continue
            r = popcount(left & ~summary[D_VOID, s]) - summary[D_COUNT, s]
            if r < room:
                room = r
                pick = s
        done |= 1 << pick
        h = summary[D_HANDS, pick]
        allowed = left & ~summary[D_VOID, pick]
        for _j in range(summary[D_COUNT, pick]):
            m = popcount(allowed)
            if m == 0:
                return False
            r = draw(wkey, d)
            d += 1
            x = allowed
            for _q in range(bounded(r & np.uint64(0xFFFFFFFF), m)):
                x &= x - 1
            bit = x & -x
            h |= bit
            allowed ^= bit
            left ^= bit
        out_hands[pick] = h
    return True


@njit(cache=True)
def deal_world(kn, unseen, summary, key, draw_index, out_hands, pool):
    """Deal world ``draw_index`` under ``key`` into ``out_hands`` (4 card-layout masks: the
    seat's own hand, the others dealt, 0 for a seat that sits out) from ``derive``'s
    ``unseen`` and ``summary``; ``pool`` (24) is scratch.  Returns 1 (exactly uniform), 2
    (the sequential fallback) or 0 (no consistent deal found)."""
    wkey = sub_key(key, draw_index)
    status = 1
    if not _rejection(unseen, summary, wkey, out_hands, pool):
        status = 2 if _sequential(unseen, summary, wkey, out_hands) else 0
    out_hands[kn[K_SEAT]] = kn[K_HAND]
    return status


@njit(cache=True)
def sample_world(kn, key, draw_index, out_hands):
    """One world (``deal_world``) straight from the knowledge; returns its status."""
    summary = np.zeros((3, 4), np.int64)
    table = np.zeros(3, np.int64)
    pool = np.zeros(24, np.int64)
    unseen, _leader, _won, _lost = derive(kn, summary, table)
    return deal_world(kn, unseen, summary, key, draw_index, out_hands, pool)


__all__ = ["new_knowledge", "derive", "deal_world", "sample_world", "trick_winner_card",
           "active_mask", "K_SIZE", "MAX_TRIES"]
