"""The Numba deal-and-play kernel: complete Euchre hands at millions per second.

Rules (same as ``sim/referee.py``; see ``sim/rules.py`` for the options): deal 5 cards each
from a keyed shuffle (``sim/rng.py``), upcard = first kitty card; optional farmer's swap; round 1
from the dealer's left (the dealer may order his own upcard); the dealer picks up and discards
(also when his partner goes alone, unless ``dealer_discards_when_partner_alone`` is off);
round 2 excludes the turned-down suit; two passing rounds pass the hand out (redeal) or, under
stick the dealer, the dealer must call; alone on the making bid; optional defending alone;
five tricks with follow-suit by effective suit; published scoring.

How it is fast (``shared/notes/kernel-speed.md``): hands are 24-bit masks; once trump is known
each hand is remapped by table lookup into the per-trump *power layout* of ``sim/cards.py`` where
the highest card is the top set bit and the cheapest winner is the lowest legal bit above the
current winner.  Bid values and decision thresholds come from one row per seat of the seat
table (``seat_row``: values per trump, suit and 6-bit field, and the thresholds precomputed from
the strategy's parameters); seats playing the same strategy share a row, and the card tables are
small integer types, so everything a hand reads stays in the first-level cache.  Built-in
strategies are dispatched by kind inside this one cached module.
``prange`` runs over fixed chunks of hand indices and each chunk writes only its own rows or its
own tally row, so results never depend on the thread count.

Hot functions are compiled without Numba's reference counting (``_nrt=False``: they allocate
nothing); with it, every inlined call carried atomic incref/decref pairs on its array arguments,
which cost more than the card logic.  ``play_chunk`` (one call per chunk of ``run_hands``)
deals ``DEAL_BLOCK`` hands at a time (``sim.rng.deal_block``, a loop the compiler vectorises:
the shuffle is a chain of 23 dependent swaps, and dealt one hand at a time between plays it
was a third of the time) and then plays them, inlining the hand (``_play_hand``): a call
passed a dozen arrays field by field, about a tenth of a hand, and inlining lets
``tracing=False`` compile the event log away;
``CODE_HOOKS`` compiles the code-strategy checks away in this module.  (Compiling is dominated
by Numba's typing of the inlined code, not by LLVM: an argument typed once as a literal compiles
a second copy of a function, so ``run_hands`` and ``run_seen`` avoid literal arguments.)

Decisions whose outcome is unpredictable (lead, follow, trick winner, discard, void count, and
which of four basic players orders up in round 1) are written as selects or bit scans on
precomputed candidates rather than branches: mispredicted branches were the largest cost.  The
trick's winner is one bit test (is the played card among those that beat the winner?), and
when all four play the three followers are unrolled.  Work that is the same for every hand of
a run is done once: the bidding plan at the end of the seat table (``seat_plan``: each
bidder's thresholds and row by score flags, dealer and position), the score flags and whether
round 1 can be decided for all four seats at once; points are worked out only where they are
wanted (``hand_points``), since an aggregate run's tally keeps the tricks.  Measure changes
with ``scripts/count_instructions.py`` (instructions and simulated mispredictions a hand) and
``scripts/ab_kernel.py`` (two builds timed in alternating bursts on each core), not with
wall-clock alone: the instruction count alone misleads (the vectorised deal and the deal in
registers each changed the time far more than their instructions).

Trace mode replays chosen hands through the same ``play_hand`` with an event log switched on, so
a traced hand is exactly the hand the aggregates counted.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from sim.cards import EFF_SUIT, POS_SUIT, POWER_CARD, POWER_POS, REMAP, SUIT_MASK_POW
from sim.rng import (
    STREAM_DEAL,
    STREAM_PLAY,
    STREAM_SEEN,
    bounded,
    deal_block,
    draw,
    hand_key,
    shuffle_deck,
)
from sim.rules import (
    R_DEALER_DISCARDS_PARTNER_ALONE,
    R_DEFEND_ALONE,
    R_DISCARD_UPCARD,
    R_FARMER,
    R_GAME_TO,
    R_LONE_DEFENDER_POINTS,
    R_STICK,
)
from sim.strategies import (
    P_ALONE,
    P_CALL,
    P_DEFEND_ALONE,
    P_DESPERATION,
    P_FARMER,
    P_OFF_FIRST,
    P_OPP_UP,
    P_ORDER,
    P_PARTNER_UP,
    P_VOID,
    RANDOM,
)

TRUMP_POW = 0xFE0000          # trump occupies power positions 17..23
PLAIN_POW = 0x1FFFF
ACES_POW = 0x1C000            # plain aces sit at power positions 14, 15, 16
NINES_TENS = 0
for _s in range(4):
    NINES_TENS |= 0b11 << (6 * _s)

# --- result fields of one hand ----------------------------------------------------------------
NRES = 13
DEAL_BLOCK = 64                # hands dealt at a time by play_chunk
(RES_ROUND, RES_MAKER, RES_TRUMP, RES_ALONE, RES_DEF_ALONE, RES_MAKER_TRICKS, RES_PTS0,
 RES_PTS1, RES_FARMER, RES_DISCARD, RES_FORCED, RES_UPCARD, RES_BAD_USER) = range(NRES)

# --- trace events: rows of (kind, seat, a, b); row 0 holds the event count -----------------
EV_FARMER, EV_BID, EV_DEFEND, EV_DISCARD, EV_PLAY = 1, 2, 3, 4, 5
BID_PASS, BID_ORDER = 0, 1     # a call of suit s is 2 + s
MAX_EVENTS = 48

# --- forced decision (counterfactuals, the hand advisor): (position, round, action, suit,
# discard); position -1 = none.  In round 2 a forced call names ``suit`` (-1: the strategy's best
# suit); ``discard`` (-1: the strategy's) is the forced dealer's discard.
FORCE_PASS, FORCE_MAKE, FORCE_ALONE = 0, 1, 2
F_POS, F_ROUND, F_ACTION, F_SUIT, F_DISCARD = range(5)

# --- per-hand records (records mode) ----------------------------------------------------------
RECORD_COLUMNS = (
    "hand0", "hand1", "hand2", "hand3", "upcard", "dealer", "round", "maker", "trump", "alone",
    "defender_alone", "maker_tricks", "points0", "points1", "farmer", "discard", "forced",
)
NREC = len(RECORD_COLUMNS)

# --- tally cells (aggregate mode): a joint histogram of everything the summary needs -----------
# key = farmer(2) x dealer(4) x round(3) x maker position(4) x alone(2) x defender alone(2)
#       x maker tricks(6)
TALLY_SHAPE = (2, 4, 3, 4, 2, 2, 6)
NTALLY = int(np.prod(TALLY_SHAPE))
# a tally row has one more cell: hands where a code strategy returned an illegal action
BAD_USER_CELL = NTALLY
NTALLY_ROW = NTALLY + 1

# --- code strategies (sim/code_strategies.py): kind = USER + bit mask of the hooks it defines
USER = 2
H_ORDER, H_CALL, H_DISCARD, H_LEAD, H_FOLLOW = 1, 2, 4, 8, 16


def _count_table():
    """[trump, suit, 6-bit field] -> trumps among those cards + 16 if they leave a side suit
    void (no card of ``suit`` other than the left bower).  Summed over a hand's four fields:
    trump count in the low four bits, side-suit voids above.  uint8: the kernel's tables are
    kept small so that they stay in the first-level cache together; unsigned, so that the
    compiled sum needs no negative-index check."""
    t = np.zeros((4, 4, 64), np.uint8)
    for tr in range(4):
        for s in range(4):
            for f in range(64):
                n_tr = n_pl = 0
                for r in range(6):
                    if f >> r & 1:
                        if EFF_SUIT[tr, s * 6 + r] == tr:
                            n_tr += 1
                        else:
                            n_pl += 1
                t[tr, s, f] = n_tr + (16 if s != tr and n_pl == 0 else 0)
    return t


COUNT_TABLE = _count_table()
# summed COUNT_TABLE entries -> side-suit voids that count (two or more trumps held), else 0:
# a lookup instead of a branch (``seat_row`` stores them times the seat's void value)
VOIDS_THAT_COUNT = np.array([(c >> 4) if (c & 15) >= 2 else 0 for c in range(128)], np.int8)
# REMAP (sim/cards.py) as uint32 (power masks use 24 bits): half the cache footprint, and
# unsigned, so a 32-bit load needs no sign extension
REMAP32 = REMAP.astype(np.uint32)


def _singletons():
    """[trump, printed suit, 6-bit field] -> the power bit of the field's card when it is the
    only card of its effective suit in the field (a plain suit: the left bower belongs to
    trump), else 0; trump's own suit is 0, since trump is never a short suit to discard from.
    ORed over a hand's four fields: its singleton plain suits (``basic_discard``)."""
    t = np.zeros((4, 4, 64), np.uint32)
    for tr in range(4):
        for s in range(4):
            if s == tr:
                continue
            for f in range(64):
                cards = [s * 6 + r for r in range(6) if f >> r & 1 and EFF_SUIT[tr, s * 6 + r] == s]
                if len(cards) == 1:
                    t[tr, s, f] = 1 << int(POWER_POS[tr, cards[0]])
    return t


SINGLETONS = _singletons()
# [trump, power position] -> the mask of that card's effective suit: the led suit's cards in one
# lookup (it is on the critical path of every trick)
LED_MASK = np.array([[SUIT_MASK_POW[t, POS_SUIT[t, p]] for p in range(24)] for t in range(4)],
                    np.int64)

# --- the seat table (``bv``): one float64 row of BV_W per seat, built from the strategy's
# parameters by ``seat_row``, so that a decision reads one precomputed number instead of
# combining parameters.  Layout of a row:
#   [t * 256 + s * 64 + f]  summed card values of 6-bit field f of printed suit s, trump t
#   D_ALONE, D_DEFEND, D_FARMER                  the parameters of those names
#   D_CALL + d                                   round-2 threshold; d = 1: the other side needs
#                                                one point (lowered by ``desperation``)
#   D_ORDER + 2 * pos + d                        round-1 threshold at position pos (0 first ..
#                                                3 dealer), with its offset added
#   D_UP + 24 * pos + upcard                     the upcard's value added (pos 1, the dealer's
#                                                partner) or subtracted (pos 0, 2) in round 1
#   D_VOIDS + c                                  VOIDS_THAT_COUNT[c] * void: the voids' value
#                                                of a hand whose summed COUNT_TABLE entry is c
# Each derived number is computed with the same floating-point operations, in the same order,
# as the kernel used to do per decision, so results are bit for bit the same.
#
# After the four rows, the bidding plan (``seat_plan``, PLAN_N numbers at PLAN): for each score
# flag pair ``close`` (``close_flags``), dealer and position k (0 first .. 3 dealer), the
# bidder's ALONE, ORDER (round 1) and CALL (round 2) thresholds and his row's offset
# (``seat_base``, stored as a float), at ``PLAN + ((close * 4 + dealer) * 4 + k) * 4``.  The
# bidding reads them instead of working out the seat, its row and its flags per bid.
D_ALONE = 1024
D_DEFEND = 1025
D_FARMER = 1026
D_CALL = 1027
D_ORDER = 1029
D_UP = 1037
D_VOIDS = 1112             # D_UP + 72 = 1109, rounded up to a multiple of 8 (64-byte lines)
BV_W = 1240                # D_VOIDS + 128
PLAN = 4 * BV_W            # the bidding plan, after the four seat rows
PLAN_N = 256               # 4 close flag pairs x 4 dealers x 4 positions x 4 numbers
PL_ALONE, PL_ORDER, PL_CALL, PL_ROW = 0, 1, 2, 3


def seat_row(params, values):
    """One seat's row of the seat table from its parameter vector and its bid values
    (``values[trump, suit, field]``, ``sim.runner.bid_table``)."""
    p = np.asarray(params, np.float64)
    row = np.zeros(BV_W, np.float64)
    row[:1024] = np.asarray(values, np.float64).reshape(1024)
    row[D_ALONE] = p[P_ALONE]
    row[D_DEFEND] = p[P_DEFEND_ALONE]
    row[D_FARMER] = p[P_FARMER]
    row[D_CALL] = p[P_CALL]
    row[D_CALL + 1] = p[P_CALL] - p[P_DESPERATION]
    for pos in range(4):
        off = p[P_OFF_FIRST + pos]
        row[D_ORDER + 2 * pos] = p[P_ORDER] + off
        row[D_ORDER + 2 * pos + 1] = (p[P_ORDER] - p[P_DESPERATION]) + off
    for pos in range(3):
        for up in range(24):
            t, r = divmod(up, 6)
            upv = values[t, t, 1 << r]
            # v - x == v + (-x) exactly, so subtracting is stored as adding the negation
            row[D_UP + 24 * pos + up] = (p[P_PARTNER_UP] * upv if pos == 1
                                         else -(p[P_OPP_UP] * upv))
    # the same product the kernel used to form per decision (int8 times float64)
    row[D_VOIDS:D_VOIDS + 128] = VOIDS_THAT_COUNT.astype(np.float64) * p[P_VOID]
    return row


def seat_plan(rows):
    """The bidding plan (PLAN_N numbers) of the four seat rows ``rows`` (``4 * BV_W``): per
    (score flags, dealer, position), the bidder's thresholds and his row offset.  ALONE is none
    (1e9) when one point wins the game for his side; ORDER (round 1, with his position's offset)
    and CALL (round 2) are lowered by ``desperation`` when the other side needs one point."""
    slots = seat_slots(rows)
    plan = np.zeros((4, 4, 4, 4), np.float64)
    for close in range(4):
        for dealer in range(4):
            for k in range(4):
                seat = (dealer + 1 + k) & 3
                team = seat & 1
                mine, theirs = (close >> team) & 1, (close >> (1 - team)) & 1
                b = ((slots >> (2 * seat)) & 3) * BV_W          # seat_base
                plan[close, dealer, k] = (1e9 if mine else rows[b + D_ALONE],
                                          rows[b + D_ORDER + 2 * k + theirs],
                                          rows[b + D_CALL + theirs], b)
    return plan.reshape(PLAN_N)


# ---------------------------------------------------------------------------------------------
# bit helpers

@njit(cache=True, inline="always", _nrt=False)
def low(x):
    return np.int64(trailing_zeros(np.int64(x)))


@njit(cache=True, inline="always", _nrt=False)
def top(x):
    return np.int64(63 - leading_zeros(np.int64(x)))


@njit(cache=True, inline="always", _nrt=False)
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always", _nrt=False)
def kth_bit(x, k):
    for _ in range(k):
        x &= x - 1
    return low(x)


@njit(cache=True, inline="always", _nrt=False)
def to_power(hand, t):
    return np.int64(REMAP32[t, 0, hand & 63] | REMAP32[t, 1, (hand >> 6) & 63]
                    | REMAP32[t, 2, (hand >> 12) & 63] | REMAP32[t, 3, (hand >> 18) & 63])


@njit(cache=True, inline="always", _nrt=False)
def rand_below(pkey, rs, n):
    r = draw(pkey, rs[0])
    rs[0] += 1
    return bounded(r & np.uint64(0xFFFFFFFF), n)


@njit(cache=True, inline="always", _nrt=False)
def log_event(trace, kind, seat, a, b):
    k = trace[0, 0] + 1
    trace[0, 0] = k
    trace[k, 0] = kind
    trace[k, 1] = seat
    trace[k, 2] = a
    trace[k, 3] = b


@njit(cache=True, inline="always", _nrt=False)
def to_cards(hpow, t):
    """Power layout back to card layout (for code strategies, which see card ids)."""
    return (INV_REMAP[t, 0, hpow & 63] | INV_REMAP[t, 1, (hpow >> 6) & 63]
            | INV_REMAP[t, 2, (hpow >> 12) & 63] | INV_REMAP[t, 3, (hpow >> 18) & 63])


def _inverse_remap():
    inv = np.zeros((4, 4, 64), np.int64)
    for t in range(4):
        for k in range(4):
            for f in range(64):
                for b in range(6):
                    if f >> b & 1:
                        inv[t, k, f] |= 1 << int(POWER_CARD[t, 6 * k + b])
    return inv


INV_REMAP = _inverse_remap()


# BEGIN CODE-STRATEGY HOOKS
# The five hooks a code strategy may define (sim/code_strategies.py).  In this module they are
# placeholders that built-in strategies never call; for a code strategy, a copy of this module
# is generated with this block replaced by the user's functions, so both kernels are ordinary
# cached Numba code and the built-in path pays nothing.
@njit(cache=True, _nrt=False)
def hook_order_up(hand, upcard, position, my_score, their_score, game_to):
    return 0


@njit(cache=True, _nrt=False)
def hook_call(hand, turned_down, stuck, my_score, their_score, game_to):
    return -1


@njit(cache=True, _nrt=False)
def hook_discard(hand6, trump, upcard, may_discard_upcard):
    return upcard


@njit(cache=True, _nrt=False)
def hook_lead(hand, trump, seat, maker, alone):
    return 0


@njit(cache=True, _nrt=False)
def hook_follow(hand, legal, trump, led_suit, winning_card, winner_seat, seat):
    return 0


# A compile-time constant: False here, so the built-in kernel compiles the hook checks away;
# the generated copy for a code strategy sets it to True.
CODE_HOOKS = False
# END CODE-STRATEGY HOOKS


# ---------------------------------------------------------------------------------------------
# strategy decisions (dispatch on kind: RANDOM, BASIC, or USER for hooks a code strategy
# leaves out, which it plays as basic)

@njit(cache=True, inline="always", _nrt=False)
def seat_base(slots, seat):
    """Offset of ``seat``'s row in the seat table ``bv``; ``slots`` packs each seat's row number
    in two bits (seats with identical strategies share a row: ``seat_slots``)."""
    return ((slots >> (2 * seat)) & 3) * BV_W


@njit(cache=True, _nrt=False)
def seat_slots(bv):
    """``slots`` for a seat table: each seat uses the first row equal to its own, so that a
    table where all seats play one strategy reads one row (it stays in cache)."""
    slots = 0
    for seat in range(4):
        first = seat
        for other in range(seat):
            same = True
            for k in range(BV_W):
                if bv[other * BV_W + k] != bv[seat * BV_W + k]:
                    same = False
                    break
            if same:
                first = other
                break
        slots |= first << (2 * seat)
    return slots


@njit(cache=True, inline="always", _nrt=False)
def bid_value(bv, b, hand, t):
    """Point count of a card-layout hand for trump ``t`` (``b``: the seat's row in ``bv``)."""
    t &= 3
    tb = b + t * 256
    f0 = hand & 63
    f1 = (hand >> 6) & 63
    f2 = (hand >> 12) & 63
    f3 = (hand >> 18) & 63
    # (summed from the first field's value, not from 0.0: the same value, but for the sign of
    # a zero sum, which no comparison sees)
    v = bv[tb + f0]
    v += bv[tb + 64 + f1]
    v += bv[tb + 128 + f2]
    v += bv[tb + 192 + f3]
    c = (np.int64(COUNT_TABLE[t, 0, f0]) + np.int64(COUNT_TABLE[t, 1, f1])
         + np.int64(COUNT_TABLE[t, 2, f2]) + np.int64(COUNT_TABLE[t, 3, f3]))
    # voids count with two or more trumps (adding 0 * the void value leaves v unchanged)
    return v + bv[b + D_VOIDS + c]


@njit(cache=True, inline="always", _nrt=False)
def basic_discard(hand6, t, upcard, may_discard_upcard):
    """Dealer's discard: void a short side suit if possible, keep aces and trumps."""
    hp = to_power(hand6, t)
    allowed = hp
    if not may_discard_upcard:
        allowed &= ~(np.int64(1) << POWER_POS[t, upcard])
    plain = allowed & PLAIN_POW
    nonace = plain & ~ACES_POW
    # side suits held as a single non-ace card: a lookup per suit, like ``to_power``, instead
    # of counting each suit's cards (which suits qualify is unpredictable)
    single = np.int64(SINGLETONS[t, 0, hand6 & 63] | SINGLETONS[t, 1, (hand6 >> 6) & 63]
                      | SINGLETONS[t, 2, (hand6 >> 12) & 63]
                      | SINGLETONS[t, 3, (hand6 >> 18) & 63]) & nonace
    # the lowest such singleton, else the lowest non-ace plain card, else the lowest plain card
    pick = allowed
    pick = plain if plain != 0 else pick
    pick = nonace if nonace != 0 else pick
    pick = single if single != 0 else pick
    return POWER_CARD[t, low(pick)]


@njit(cache=True, inline="always", _nrt=False)
def decide_discard(kind, hand6, upcard, may_discard_upcard, basic_choice, pkey, rs):
    """The dealer's discard from ``hand6``; ``basic_choice`` is basic's (computed once a hand)."""
    if kind == RANDOM:
        allowed = hand6
        if not may_discard_upcard:
            allowed &= ~(np.int64(1) << upcard)
        return kth_bit(allowed, rand_below(pkey, rs, popcount(allowed)))
    return basic_choice


@njit(cache=True, inline="always", _nrt=False)
def plan_row(bv, pk):
    """The bidder's row offset from his numbers ``pk`` in the bidding plan (the mask tells the
    compiler it is small and not negative, so the reads it indexes need no wraparound check)."""
    return np.int64(bv[pk + PL_ROW]) & 8191


@njit(cache=True, inline="always", _nrt=False)
def round1_value(bv, b, pos, hand, upcard, dealer_discard):
    """Basic's round-1 value of ordering ``upcard`` up from position ``pos`` (0 first ..
    3 dealer).  The dealer values his hand after picking up and discarding ``dealer_discard``
    (basic's discard); the others add or subtract the upcard's value (``D_UP``)."""
    t = upcard // 6
    if pos == 3:
        h6 = hand | (np.int64(1) << upcard)
        return bid_value(bv, b, h6 & ~(np.int64(1) << dealer_discard), t)
    return bid_value(bv, b, hand, t) + bv[b + D_UP + 24 * pos + upcard]


@njit(cache=True, inline="always", _nrt=False)
def close_flags(scores, game_to):
    """Bit ``team`` set when that team needs one point to win (game mode): the score is read
    once a hand, not at every decision.  A seat's flags are ``(close >> team) & 1`` (its own
    side) and ``(close >> (1 - team)) & 1`` (the other side)."""
    return ((1 if scores[0] >= game_to - 1 else 0)
            | ((1 if scores[1] >= game_to - 1 else 0) << 1))


@njit(cache=True, inline="always", _nrt=False)
def plain_round1(kinds, force):
    """True when round 1 can be decided for all four seats at once: no random player, no
    order-up hook and no forced round-1 bid (the same for every hand of a run)."""
    plain = not (force[F_ROUND] == 1 and force[F_POS] >= 0)
    for s in range(4):
        hooked = CODE_HOOKS and kinds[s] >= USER and (kinds[s] - USER) & H_ORDER != 0
        plain = plain and kinds[s] != RANDOM and not hooked
    return plain


@njit(cache=True, inline="always", _nrt=False)
def round1_bid(bv, pk, pos, hand, upcard, dealer_discard):
    """(orders, alone) for basic in round 1: ``round1_value`` against the bidder's ORDER and
    ALONE thresholds (his numbers ``pk`` in the bidding plan; an order includes going alone)."""
    v = round1_value(bv, plan_row(bv, pk), pos, hand, upcard, dealer_discard)
    al = v >= bv[pk + PL_ALONE]
    return al | (v >= bv[pk + PL_ORDER]), al


@njit(cache=True, inline="always", _nrt=False)
def decide_round1(kind, bv, pk, pos, hand, upcard, dealer_discard, pkey, rs):
    """0 pass, 1 order up, 2 order up alone (``round1_bid``; ``pk``: the bidder's numbers in the
    bidding plan)."""
    if kind == RANDOM:
        return rand_below(pkey, rs, 3)
    orders, al = round1_bid(bv, pk, pos, hand, upcard, dealer_discard)
    return 2 if al else (1 if orders else 0)


@njit(cache=True, inline="always", _nrt=False)
def best_suit(bv, b, hand, turned):
    """The suit other than ``turned`` with the highest bid value (the lowest suit on a tie),
    and that value.  The other three suits are visited from ``turned`` round, so there is no
    skip to mispredict, and the choice is made by selects."""
    best = -1
    bestv = -1e9
    for k in range(1, 4):
        s = (turned + k) & 3
        v = bid_value(bv, b, hand, s)
        better = (v > bestv) | ((v == bestv) & (s < best))
        best = s if better else best
        # the better value is the larger (or an equal one): max compiles to one instruction,
        # where a select on ``better`` compiled to a branch
        bestv = max(bestv, v)
    return best, bestv


@njit(cache=True, inline="always", _nrt=False)
def decide_round2(kind, bv, b, hand, turned, stuck, alone_thr, call_thr, pkey, rs):
    """-1 pass, else 2 * suit + alone (``alone_thr``, ``call_thr``: the seat's thresholds from
    the bidding plan)."""
    if kind == RANDOM:
        k = rand_below(pkey, rs, 6 if stuck else 7)
        if k == 6:
            return -1
        s = k // 2
        if s >= turned:
            s += 1
        return 2 * s + (k % 2)
    s, v = best_suit(bv, b, hand, turned)
    if v >= alone_thr:
        return 2 * s + 1
    if v >= call_thr or stuck:
        return 2 * s
    return -1


@njit(cache=True, inline="always", _nrt=False)
def decide_defend_alone(kind, bv, b, hand, t, pkey, rs):
    if kind == RANDOM:
        return rand_below(pkey, rs, 2) == 1
    return bid_value(bv, b, hand, t) >= bv[b + D_DEFEND]


@njit(cache=True, inline="always", _nrt=False)
def decide_farmer(kind, bv, b, hand, upcard, pkey, rs):
    """Mask of three cards to give for the face-down kitty, or 0 to keep the hand."""
    if kind == RANDOM:
        k = rand_below(pkey, rs, 11)
        if k == 0:
            return np.int64(0)
        # the (k-1)-th 3-card subset of the 5 cards, in lexicographic order of card numbers
        idx = 0
        for x in range(5):
            for y in range(x + 1, 5):
                for z in range(y + 1, 5):
                    idx += 1
                    if idx == k:
                        one = np.int64(1)
                        return ((one << kth_bit(hand, x)) | (one << kth_bit(hand, y))
                                | (one << kth_bit(hand, z)))
        return np.int64(0)
    if bv[b + D_FARMER] < 0.5:
        return np.int64(0)
    # give the three weakest: 9s before 10s, keeping cards of the upcard's suit
    upsuit = upcard // 6
    gave = np.int64(0)
    n = 0
    for keep_upsuit in range(2):
        for r in range(2):
            for s in range(4):
                if (s == upsuit) != (keep_upsuit == 1):
                    continue
                c = s * 6 + r
                if n < 3 and (hand >> c) & 1:
                    gave |= np.int64(1) << c
                    n += 1
    return gave


@njit(cache=True, inline="always", _nrt=False)
def choose_lead(kind, seat, h, maker, lone, avoid, pkey, rs):
    """Lead a card (power layout) following the rules text's lead advice.

    Written as selects, not branches (the choice is unpredictable): the maker's side pulls
    trumps from the top (a lone maker, seat ``lone``, leads his best card); otherwise lead an
    off-suit ace, else a low plain card, avoiding the suit turned down in round 2 (``avoid``)
    while it can."""
    if kind == RANDOM:
        return kth_bit(h, rand_below(pkey, rs, popcount(h)))
    tr = h & TRUMP_POW
    plain = h & PLAIN_POW
    aces = plain & ACES_POW
    a = aces & ~avoid
    p = plain & ~avoid
    pick = h
    pick = plain if plain != 0 else pick
    pick = aces if aces != 0 else pick
    pick = p if p != 0 else pick
    pick = a if a != 0 else pick
    pull = ((seat & 1) == (maker & 1)) & (tr != 0)
    # both candidates computed before choosing, so the choice compiles to a select; trumps are
    # the top bits, so the highest card is the highest trump when there is one
    high = top(h)
    lowest = low(pick)
    return high if ((seat == lone) | pull) else lowest


@njit(cache=True, inline="always", _nrt=False)
def choose_follow(kind, seat, legal, beat, win_seat, pkey, rs):
    """Follow to a trick (power layout): ``legal`` are the cards that follow suit (or the whole
    hand), ``beat`` those of them that beat the winning card (``_follow``).  Written as selects,
    not branches: the outcomes are unpredictable and mispredicted branches were the kernel's
    largest cost."""
    if kind == RANDOM:
        return kth_bit(legal, rand_below(pkey, rs, popcount(legal)))
    # partner winning: do not overtake; else win as cheaply as possible (trump in when void);
    # cannot win: throw the lowest card.  Both bit scans are made before the choice, so that
    # the scan is not on the chain of dependent steps from one winning card to the next
    # (1-3% faster side by side than scanning the chosen set).
    cheapest = low(legal)
    cheapest_win = low(beat)
    take = (beat != 0) & (((win_seat ^ seat) & 1) != 0)
    return cheapest_win if take else cheapest


@njit(cache=True, inline="always", _nrt=False)
def _follow(kinds, hands, seat, t, led_mask, beaters, lead_pos, win_pos, win_seat, pkey, rs,
            trace, tracing):
    """``seat`` follows to the trick led at ``lead_pos`` (power layout; ``led_mask``: the led
    suit's cards, ``beaters``: the led suit and trump); returns the trick's winning card and
    seat after his card, and 1 if a code strategy's hook answered an illegal card.

    The cards that beat the winner are the legal trumps and led-suit cards above it (a trump
    beats any lower card, a plain card only a lower card of the led suit, and a trump winner is
    above every plain card), so whether the played card takes the trick is one bit test."""
    h = hands[seat]
    suit = h & led_mask
    legal = suit if suit != 0 else h
    # -2 << p: the bits above p
    beat = legal & beaters & (np.int64(-2) << win_pos)
    c = -1
    bad = 0
    if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_FOLLOW:
        card = hook_follow(to_cards(h, t), to_cards(legal, t), t, POS_SUIT[t, lead_pos],
                           POWER_CARD[t, win_pos], win_seat, seat)
        if card < 0 or card > 23 or not (legal >> POWER_POS[t, card]) & 1:
            bad = 1
        else:
            c = POWER_POS[t, card]
    if c < 0:
        c = choose_follow(kinds[seat], seat, legal, beat, win_seat, pkey, rs)
    hands[seat] = h & ~(np.int64(1) << c)
    if tracing:
        log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
    better = ((beat >> c) & 1) != 0
    return (c if better else win_pos), (seat if better else win_seat), bad


# ---------------------------------------------------------------------------------------------
# one hand

@njit(cache=True, inline="always", _nrt=False)
def _play_hand(h0, h1, h2, h3, upcard, kitty, dealer, rules, kinds, bv, slots, pkey, rs, scores,
               close, plain1, force, hp, trace, tracing):
    """Play one complete hand of the deal ``h0 .. h3`` (the hands dealt from the dealer's left
    round, as card masks), ``upcard`` and ``kitty`` (the mask of the three face-down cards);
    return its RES_* fields but the points (``hand_points``) as a tuple (kept in registers when
    inlined; ``play_hand`` writes them to an array).

    ``kinds`` is per seat; seat ``s`` decides by row ``seat_base(slots, s)`` of the seat table
    ``bv``.  ``scores`` (team 0, team 1) feeds score-aware strategies in game mode, through
    ``close`` (``close_flags``) for the built-in ones; ``plain1`` is ``plain_round1``.  (The
    callers work out both, once a run where they do not change.)  ``hp`` is
    4-int scratch.  With ``tracing`` every action is logged into ``trace``.  A code strategy's
    hooks (``hook_*``) are checked: an illegal answer is replaced by the basic choice and flagged
    in ``RES_BAD_USER``.
    """
    rs[0] = 0
    game_to = rules[R_GAME_TO]
    farmer = -1
    discard = -1
    forced = 0
    bad_user = 0
    # the dealer's left gets the first five cards, and so on round the table
    hands = hp
    hands[(dealer + 1) & 3] = h0
    hands[(dealer + 2) & 3] = h1
    hands[(dealer + 3) & 3] = h2
    hands[dealer] = h3
    upbit = np.int64(1) << upcard
    turned = upcard // 6

    # farmer's hand: at most one player can hold only 9s and 10s
    if rules[R_FARMER]:
        for k in range(4):
            seat = (dealer + 1 + k) & 3
            if hands[seat] & ~NINES_TENS == 0:
                gave = decide_farmer(kinds[seat], bv, seat_base(slots, seat), hands[seat],
                                     upcard, pkey, rs)
                if gave:
                    hands[seat] = (hands[seat] & ~gave) | kitty
                    farmer = seat
                    if tracing:
                        log_event(trace, EV_FARMER, seat, gave, kitty)
                break

    # round 1
    maker = -1
    alone = 0
    t = -1
    rnd = 0
    # basic's discard for the dealer (his round-1 valuation and his pick-up use it); a random
    # dealer never uses it
    dealer_discard = -1
    if kinds[dealer] != RANDOM:
        dealer_discard = basic_discard(hands[dealer] | upbit, turned, upcard,
                                       rules[R_DISCARD_UPCARD])
    forced1 = force[F_POS] if force[F_ROUND] == 1 else -1
    forced2 = force[F_POS] if force[F_ROUND] == 2 else -1
    # Round 1 is usually four basic players (``plain1``): then all four values are computed and
    # the first seat at or over its threshold found by a bit scan, without a branch per seat
    # (whether a seat orders is unpredictable).  Otherwise the seats are asked one by one.
    # This hand's bidding plan: position k's numbers are at plan + 4 * k (``seat_plan``).
    plan = PLAN + (close * 4 + dealer) * 16
    if plain1:
        orders = 0
        alones = 0
        for k in range(4):
            o, al = round1_bid(bv, plan + 4 * k, k, hands[(dealer + 1 + k) & 3], upcard,
                               dealer_discard)
            orders |= int(o) << k
            alones |= int(al) << k
        k = low(orders | 16)             # 4: all passed
        if tracing:
            for j in range(min(k, 3) + 1):
                log_event(trace, EV_BID, (dealer + 1 + j) & 3, BID_ORDER if j == k else BID_PASS,
                          (alones >> j) & 1 if j == k else 0)
        if k < 4:
            maker = (dealer + 1 + k) & 3
            alone = (alones >> k) & 1
            t = turned
            rnd = 1
    for k in range(4 if plain1 else 0, 4):
        seat = (dealer + 1 + k) & 3
        team = seat & 1
        if k == forced1:
            a = force[2]
            forced = 1
        else:
            a = -1
            if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_ORDER:
                a = hook_order_up(hands[seat], upcard, k, scores[team], scores[1 - team], game_to)
                if a < 0 or a > 2:
                    bad_user = 1
                    a = -1
            if a < 0:
                a = decide_round1(kinds[seat], bv, plan + 4 * k, k, hands[seat], upcard,
                                  dealer_discard, pkey, rs)
        if tracing:
            log_event(trace, EV_BID, seat, BID_ORDER if a else BID_PASS, 1 if a == 2 else 0)
        if a:
            maker = seat
            alone = 1 if a == 2 else 0
            t = turned
            rnd = 1
            break
    if rnd == 1:
        # dealer picks up and discards (unless his partner is alone and the rule says not)
        partner_alone = alone and maker == ((dealer + 2) & 3)
        if not (partner_alone and not rules[R_DEALER_DISCARDS_PARTNER_ALONE]):
            h6 = hands[dealer] | upbit
            d = -1
            if force[F_POS] == 3 and force[F_DISCARD] >= 0 and (h6 >> force[F_DISCARD]) & 1:
                d = force[F_DISCARD]
            elif CODE_HOOKS and kinds[dealer] >= USER and (kinds[dealer] - USER) & H_DISCARD:
                d = hook_discard(h6, t, upcard, rules[R_DISCARD_UPCARD] != 0)
                if d < 0 or d > 23 or not (h6 >> d) & 1 or (
                        d == upcard and not rules[R_DISCARD_UPCARD]):
                    bad_user = 1
                    d = -1
            if d < 0:
                d = decide_discard(kinds[dealer], h6, upcard, rules[R_DISCARD_UPCARD],
                                   dealer_discard, pkey, rs)
            hands[dealer] = h6 & ~(np.int64(1) << d)
            discard = d
            if tracing:
                log_event(trace, EV_DISCARD, dealer, d, 0)
    else:
        for k in range(4):
            seat = (dealer + 1 + k) & 3
            team = seat & 1
            stuck = k == 3 and rules[R_STICK] != 0
            if k == forced2:
                forced = 1
                if force[2] == FORCE_PASS and not stuck:
                    a = -1
                else:
                    s = force[F_SUIT]
                    if s < 0:
                        s, _ = best_suit(bv, seat_base(slots, seat), hands[seat], turned)
                    a = 2 * s + (1 if force[2] == FORCE_ALONE else 0)
            else:
                a = -2
                if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_CALL:
                    a = hook_call(hands[seat], turned, stuck, scores[team], scores[1 - team],
                               game_to)
                    if a < -1 or a > 7 or a // 2 == turned or (a == -1 and stuck):
                        bad_user = 1
                        a = -2
                if a == -2:
                    pk = plan + 4 * k
                    a = decide_round2(kinds[seat], bv, plan_row(bv, pk), hands[seat],
                                      turned, stuck, bv[pk + PL_ALONE], bv[pk + PL_CALL], pkey,
                                      rs)
            if tracing:
                if a < 0:
                    log_event(trace, EV_BID, seat, BID_PASS, 0)
                else:
                    log_event(trace, EV_BID, seat, 2 + a // 2, a & 1)
            if a >= 0:
                maker = seat
                t = a // 2
                alone = a & 1
                rnd = 2
                break
    if rnd == 0:
        return (0, -1, -1, 0, -1, 0, farmer, discard, forced, upcard, bad_user)

    # defending alone (house rule): first willing defender clockwise from the maker
    def_alone = -1
    if rules[R_DEFEND_ALONE]:
        for k in (1, 3):
            seat = (maker + k) & 3
            if decide_defend_alone(kinds[seat], bv, seat_base(slots, seat), hands[seat], t, pkey,
                                   rs):
                def_alone = seat
                if tracing:
                    log_event(trace, EV_DEFEND, seat, 0, 0)
                break

    # play five tricks in the power layout
    out0 = ((maker + 2) & 3) if alone else -1
    out1 = ((def_alone + 2) & 3) if def_alone >= 0 else -1
    n_active = 4 - (out0 >= 0) - (out1 >= 0)
    for s in range(4):
        hands[s] = to_power(hands[s], t)
    # the next active seat after each seat, two bits a seat (skips players sitting out)
    nxt = 0b00111001                   # seat s -> s + 1 when all four play
    if n_active < 4:
        nxt = 0
        for s in range(4):
            q = (s + 1) & 3
            while q == out0 or q == out1:
                q = (q + 1) & 3
            nxt |= q << (2 * s)
    leader = (nxt >> (2 * dealer)) & 3
    avoid = SUIT_MASK_POW[t, turned] if rnd == 2 else np.int64(0)
    maker_tricks = 0
    maker_team = maker & 1
    lone = maker if alone else -1
    for _trick in range(5):
        seat = leader
        c = -1
        if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_LEAD:
            card = hook_lead(to_cards(hands[seat], t), t, seat, maker, alone != 0)
            if card < 0 or card > 23 or not (hands[seat] >> POWER_POS[t, card]) & 1:
                bad_user = 1
            else:
                c = POWER_POS[t, card]
        if c < 0:
            c = choose_lead(kinds[seat], seat, hands[seat], maker, lone, avoid, pkey, rs)
        hands[seat] &= ~(np.int64(1) << c)
        if tracing:
            log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
        lead_pos = c
        led_mask = LED_MASK[t, np.uint64(c)]      # (unsigned: no negative-index check)
        beaters = led_mask | TRUMP_POW
        win_pos = c
        win_seat = seat
        if n_active == 4:
            # the usual case: three followers clockwise, a constant count the compiler unrolls
            for _j in range(3):
                seat = (seat + 1) & 3
                win_pos, win_seat, bad = _follow(kinds, hands, seat, t, led_mask, beaters,
                                                 lead_pos, win_pos, win_seat, pkey, rs, trace,
                                                 tracing)
                bad_user |= bad
        else:
            for _j in range(n_active - 1):
                seat = (nxt >> (2 * seat)) & 3
                win_pos, win_seat, bad = _follow(kinds, hands, seat, t, led_mask, beaters,
                                                 lead_pos, win_pos, win_seat, pkey, rs, trace,
                                                 tracing)
                bad_user |= bad
        maker_tricks += 1 if (win_seat & 1) == maker_team else 0
        leader = win_seat

    return (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
            bad_user)


@njit(cache=True, inline="always", _nrt=False)
def hand_points(rnd, maker, alone, def_alone, maker_tricks, lone_defender_points):
    """(team 0's points, team 1's points) of a played hand, by the scoring table; worked out
    only where points are wanted (records, games), not in aggregate runs, whose tally keeps
    the tricks."""
    if rnd == 0:
        return 0, 0
    if maker_tricks == 5:
        pts = 4 if alone else 2
        win_team = maker & 1
    elif maker_tricks >= 3:
        pts = 1
        win_team = maker & 1
    else:
        pts = lone_defender_points if def_alone >= 0 else 2
        win_team = 1 - (maker & 1)
    return (pts if win_team == 0 else 0), (pts if win_team == 1 else 0)


@njit(cache=True, inline="always", _nrt=False)
def cards_mask(deck, lo, hi):
    """The mask of the cards at positions ``lo .. hi-1`` of a dealt ``deck``."""
    m = np.int64(0)
    for j in range(lo, hi):
        m |= np.int64(1) << deck[j]
    return m


@njit(cache=True, _nrt=False)
def play_hand(deck, dealer, rules, kinds, bv, slots, pkey, rs, scores, force, res, hp,
              trace, tracing):
    """``_play_hand`` of a dealt ``deck`` (24 cards in deal order) as a called function that
    fills ``res`` (trace mode, games, the advisor).  ``play_chunk`` inlines ``_play_hand``
    instead: passing a dozen arrays to a call cost a tenth of a hand, and inlining lets
    ``tracing=False`` compile the event log away."""
    (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
     bad_user) = _play_hand(cards_mask(deck, 0, 5), cards_mask(deck, 5, 10),
                            cards_mask(deck, 10, 15), cards_mask(deck, 15, 20), deck[20],
                            cards_mask(deck, 21, 24), dealer, rules, kinds, bv, slots, pkey, rs,
                            scores, close_flags(scores, rules[R_GAME_TO]),
                            plain_round1(kinds, force), force, hp, trace, tracing)
    pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks,
                             rules[R_LONE_DEFENDER_POINTS])
    out = (rnd, maker, t, alone, def_alone, maker_tricks, pts0, pts1, farmer, discard, forced,
           upcard, bad_user)
    for k in range(NRES):
        res[k] = out[k]


@njit(cache=True, inline="always", _nrt=False)
def tally_cell(dealer, rnd, maker, alone, def_alone, maker_tricks, farmer):
    """The tally cell (TALLY_SHAPE) of one hand; a passed-out hand (``rnd`` 0) has maker -1,
    alone 0, def_alone -1 and maker_tricks 0, and counts as maker position 0."""
    mpos = (maker - dealer - 1) & 3 if rnd != 0 else 0
    f = 1 if farmer >= 0 else 0
    dal = 1 if def_alone >= 0 else 0
    return ((((((f * 4 + dealer) * 3 + rnd) * 4 + mpos) * 2 + alone) * 2 + dal) * 6
            + maker_tricks)


@njit(cache=True, inline="always", _nrt=False)
def tally_index(res, dealer):
    """``tally_cell`` of a hand's result array."""
    return tally_cell(dealer, res[RES_ROUND], res[RES_MAKER], res[RES_ALONE],
                      res[RES_DEF_ALONE], res[RES_MAKER_TRICKS], res[RES_FARMER])


# ---------------------------------------------------------------------------------------------
# batches

@njit(cache=True, _nrt=False)
def play_chunk(seed, start, lo, hi, rules, kinds, bv, slots, any_random, force, masks, fields,
               want_records, tally_row, scores, dealt, hp, rs, trace):
    """Play hands ``start + lo .. start + hi - 1`` of a run into ``tally_row`` (and records);
    ``run_hands``' ``prange`` body allocates the scratch arrays and calls it once per chunk of
    hands, so the hand loop is compiled as ordinary serial code.

    The hands are dealt ``DEAL_BLOCK`` at a time into ``dealt`` (6 x ``DEAL_BLOCK`` ints) by
    ``deal_block``, whose loop the compiler vectorises, then played.
    """
    close = close_flags(scores, rules[R_GAME_TO])
    plain1 = plain_round1(kinds, force)
    for b in range(lo, hi, DEAL_BLOCK):
        e = min(hi, b + DEAL_BLOCK)
        deal_block(seed, start, b, e, dealt)
        for i in range(b, e):
            idx = start + i
            k = i - b
            h0, h1, h2, h3 = dealt[0, k], dealt[1, k], dealt[2, k], dealt[3, k]
            upcard, kitty = dealt[4, k], dealt[5, k]
            dealer = idx & 3
            # only random choices use the play key
            pkey = hand_key(seed, idx, STREAM_PLAY) if any_random else np.uint64(0)
            if want_records:
                masks[(dealer + 1) & 3, i] = h0
                masks[(dealer + 2) & 3, i] = h1
                masks[(dealer + 3) & 3, i] = h2
                masks[dealer, i] = h3
            (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
             bad_user) = _play_hand(h0, h1, h2, h3, upcard, kitty, dealer, rules, kinds, bv,
                                    slots, pkey, rs, scores, close, plain1, force, hp, trace,
                                    False)
            if want_records:
                fields[0, i] = upcard
                fields[1, i] = dealer
                fields[2, i] = rnd
                fields[3, i] = maker
                fields[4, i] = t
                fields[5, i] = alone
                fields[6, i] = def_alone
                fields[7, i] = maker_tricks
                pts0, pts1 = hand_points(rnd, maker, alone, def_alone, maker_tricks,
                                         rules[R_LONE_DEFENDER_POINTS])
                fields[8, i] = pts0
                fields[9, i] = pts1
                fields[10, i] = farmer
                fields[11, i] = discard
                fields[12, i] = forced
            tally_row[tally_cell(dealer, rnd, maker, alone, def_alone, maker_tricks,
                                 farmer)] += 1
            if CODE_HOOKS:
                tally_row[BAD_USER_CELL] += bad_user


@njit(cache=True, parallel=True)
def run_hands(seed, start, n, chunk, rules, kinds, bv, force, masks, fields, tally, scores):
    """Play hands ``start .. start+n-1`` of a run.

    Records mode (``masks.shape[1] == n``): column ``i`` of ``masks`` (4 dealt hands, uint32)
    and ``fields`` (the other ``RECORD_COLUMNS``, int8) gets hand ``start + i``; column-major so
    each record column is one contiguous array.  In both modes each chunk adds its hands into
    its own ``tally`` row.  The dealer of hand ``i`` is seat ``i % 4``.  ``scores`` (team 0,
    team 1; read only) is the game score every hand is played at (zeros outside game analysis).
    """
    want_records = masks.shape[1] == n
    nchunks = (n + chunk - 1) // chunk
    slots = seat_slots(bv)
    # (one expression, not a loop from False: a literal False would type a second play_chunk)
    any_random = ((kinds[0] == RANDOM) | (kinds[1] == RANDOM) | (kinds[2] == RANDOM)
                  | (kinds[3] == RANDOM))
    for ci in prange(nchunks):
        lo = ci * chunk
        play_chunk(seed, start, lo, min(n, lo + chunk), rules, kinds, bv, slots, any_random,
                   force, masks, fields, want_records, tally[ci], scores,
                   np.empty((6, DEAL_BLOCK), np.int64),
                   np.empty(4, np.int64), np.zeros(1, np.int64), np.zeros((1, 4), np.int64))


@njit(cache=True)
def trace_hands(seed, indices, rules, kinds, bv, force, traces, results, decks):
    """Replay chosen hand indices with the event log on (serial; for ``show`` and tests)."""
    deck = np.empty(24, np.int64)
    hp = np.empty(4, np.int64)
    res = np.empty(NRES, np.int64)
    rs = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    slots = seat_slots(bv)
    for q in range(indices.shape[0]):
        idx = indices[q]
        shuffle_deck(hand_key(seed, idx, STREAM_DEAL), deck)
        decks[q, :] = deck
        tr = traces[q]
        tr[0, 0] = 0
        play_hand(deck, idx & 3, rules, kinds, bv, slots, hand_key(seed, idx, STREAM_PLAY), rs,
                  scores, force, res, hp, tr, True)
        results[q, :] = res


SEEN_COLUMNS = ("reached", "round", "maker", "alone", "maker_tricks", "points", "opp_points")


@njit(cache=True, parallel=True)
def run_seen(seed, start, n, chunk, rules, kinds, bv, force, hand, upcard, position, scores,
             out):
    """Deals consistent with one player's view: his ``hand`` (card-layout mask) and the
    ``upcard`` fixed, the other 18 cards dealt uniformly (keyed by ``(seed, i,
    STREAM_SEEN)``) to the other three hands and the three face-down kitty cards.  Seat 3 deals,
    so the player (at ``position`` 0 first .. 3 dealer) sits in seat ``position``.  Row ``i`` of
    ``out`` gets ``SEEN_COLUMNS`` for deal ``start + i``; points are for the player's team."""
    dealer = np.int64(3)       # not a literal 3: that would compile a second play_hand
    team = position & 1
    slots = seat_slots(bv)
    nchunks = (n + chunk - 1) // chunk
    for ci in prange(nchunks):
        deck = np.empty(24, np.int64)
        rest = np.empty(24, np.int64)
        hp = np.empty(4, np.int64)
        res = np.empty(NRES, np.int64)
        rs = np.zeros(1, np.int64)
        trace = np.zeros((1, 4), np.int64)
        lo = ci * chunk
        hi = min(n, lo + chunk)
        for i in range(lo, hi):
            idx = start + i
            shuffle_deck(hand_key(seed, idx, STREAM_SEEN), rest)
            # the shuffled pack minus the seen cards, in shuffled order
            m = 0
            for j in range(24):
                c = rest[j]
                if not (hand >> c) & 1 and c != upcard:
                    rest[m] = c
                    m += 1
            m = 0
            for k in range(4):
                if k == position:
                    j = 0
                    for c in range(24):
                        if (hand >> c) & 1:
                            deck[5 * k + j] = c
                            j += 1
                else:
                    for j in range(5):
                        deck[5 * k + j] = rest[m]
                        m += 1
            deck[20] = upcard
            for j in range(3):
                deck[21 + j] = rest[m + j]
            play_hand(deck, dealer, rules, kinds, bv, slots, hand_key(seed, idx, STREAM_PLAY),
                      rs, scores, force, res, hp, trace, False)
            o = out[i]
            o[0] = res[RES_FORCED]
            o[1] = res[RES_ROUND]
            o[2] = res[RES_MAKER]
            o[3] = res[RES_ALONE]
            o[4] = res[RES_MAKER_TRICKS]
            o[5] = res[RES_PTS0] if team == 0 else res[RES_PTS1]
            o[6] = res[RES_PTS1] if team == 0 else res[RES_PTS0]
