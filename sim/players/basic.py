"""The ``basic`` player: its parameters, its bid table and seat table, and its Numba decisions.

``basic`` bids by a point count relative to the candidate trump: a value per trump card (right
bower, left bower, A K Q T 9), per off-suit ace and king, and per void (counted only when holding
two or more trumps).  In round 1 the upcard's value is added for the dealer's partner and
subtracted for the dealer's opponents (scaled by ``partner_upcard_share`` and
``opponent_upcard_share``); the dealer values his hand after picking up and discarding.  It
orders at ``order_threshold`` (plus the per-position offsets), calls its best suit in round 2 at
``call_threshold`` and goes alone at ``alone_threshold``.  In game mode it does not go alone
when one point wins the game and lowers its thresholds by ``desperation`` when the other side
needs one point to win.  Its card play is the rules text's advice (``lead``, ``follow``,
``discard``); ``sim.players.basic_twin`` is the same player in plain Python, for the tests.

Every decision reads one row of the *seat table* (``seat_row``): the bid values per trump,
printed suit and 6-bit field, and the thresholds precomputed from the parameters, so that a
decision reads one number instead of combining parameters.  Decisions whose outcome is
unpredictable are written as selects and bit scans on precomputed candidates, not branches:
mispredicted branches cost more than the card logic.
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit

from sim.bits import ACES_POW, PLAIN_POW, TRUMP_POW, low, popcount, to_power, top
from sim.cards import EFF_SUIT, POWER_CARD, POWER_POS, SUIT_MASK_POW, left_bower, right_bower

# name: (default, description).  Order is the parameter vector's index order.
BASIC_PARAMS: dict[str, tuple[float, str]] = {
    "right_bower": (3.2, "value of the right bower"),
    "left_bower": (2.8, "value of the left bower"),
    "trump_ace": (2.4, "value of the ace of trump"),
    "trump_king": (2.1, "value of the king of trump"),
    "trump_queen": (1.9, "value of the queen of trump"),
    "trump_ten": (1.7, "value of the ten of trump"),
    "trump_nine": (1.6, "value of the nine of trump"),
    "offsuit_ace": (1.3, "value of an off-suit ace"),
    "offsuit_king": (0.3, "value of an off-suit king"),
    "void": (0.6, "value of a void in a side suit (with two or more trumps)"),
    "partner_upcard_share": (0.5, "share of the upcard's value added when partner deals"),
    "opponent_upcard_share": (0.5, "share of the upcard's value subtracted when an opponent deals"),
    "order_threshold": (7.0, "points needed to order up (round 1)"),
    "call_threshold": (7.0, "points needed to call trump (round 2)"),
    "alone_threshold": (11.5, "points needed to go alone"),
    "first_offset": (0.0, "added to the round-1 threshold in first position (dealer's left)"),
    "second_offset": (0.0, "added to the round-1 threshold in second position (dealer's partner)"),
    "third_offset": (0.0, "added to the round-1 threshold in third position (dealer's right)"),
    "dealer_offset": (0.0, "added to the round-1 threshold for the dealer"),
    "defend_alone_threshold": (11.0, "points (in the maker's trump) to defend alone, if allowed"),
    "desperation": (1.0, "threshold reduction when the other side needs one point to win"),
    "farmer_swap": (1.0, "1: swap a farmer's hand when allowed, 0: keep it"),
    "overtake_partner": (1.0, "overtake a winning partner when an opponent still to play may "
                              "beat him and our cheapest winner stops such a card: 0 never, "
                              "1 only before a lone maker, 2 before any opponent"),
    "partner_pulls": (1.0, "1: the maker's partner leads trump like the maker; 0: he leads "
                           "like a defender"),
    "stop_pulling": (0.0, "when the maker's side stops leading trump while it holds some: "
                          "0 never, 1 once every other trump is played, 2 also while it does "
                          "not hold the highest trump left, 3 as 2 but not while it holds two "
                          "trumps or more"),
    "short_lead": (0.0, "1: with no ace to lead, lead the lowest card of the shortest plain "
                        "suit; 0: the lowest plain card"),
    "short_discard": (0.0, "1: void in the led suit and not taking the trick, throw the lowest "
                           "card of the shortest plain suit (not an ace); 0: the lowest card"),
    "second_low": (0.0, "1: second hand, void in the led suit, does not trump a led card that "
                        "an unseen card of its suit beats (partner may take it); 0: trumps in"),
    "boss_lead": (0.0, "1: lead a plain card no unseen card of its suit beats (an ace, or a king "
                       "once the ace is played) where basic would lead an ace; 0: aces only"),
}
PARAM_NAMES = tuple(BASIC_PARAMS)
# the parameters that are switches with a few numbered settings, not amounts
SETTINGS = ("farmer_swap", "overtake_partner", "partner_pulls", "stop_pulling", "short_lead",
            "short_discard", "second_low", "boss_lead")
N_PARAMS = len(PARAM_NAMES)
P = {name: i for i, name in enumerate(PARAM_NAMES)}
# Indices into the parameter vector (plain module ints are compile-time constants for Numba).
(P_RIGHT, P_LEFT, P_TACE, P_TKING, P_TQUEEN, P_TTEN, P_TNINE, P_OACE, P_OKING, P_VOID,
 P_PARTNER_UP, P_OPP_UP, P_ORDER, P_CALL, P_ALONE, P_OFF_FIRST, P_OFF_SECOND, P_OFF_THIRD,
 P_OFF_DEALER, P_DEFEND_ALONE, P_DESPERATION, P_FARMER, P_OVERTAKE, P_PULLS, P_STOP,
 P_SHORT, P_DISCARD_SHORT, P_SECOND_LOW, P_BOSS) = range(N_PARAMS)
DEFAULT_VECTOR = np.array([v for v, _ in BASIC_PARAMS.values()], dtype=np.float64)

# ---------------------------------------------------------------------------------------------
# the bid table: summed card values by trump, printed suit and 6-bit field of a hand

_TRUMP_RANK_PARAM = {0: P_TNINE, 1: P_TTEN, 3: P_TQUEEN, 4: P_TKING, 5: P_TACE}


def card_value(params, trump: int, c: int) -> float:
    """The value of card ``c`` towards a bid in ``trump`` (``params``: a parameter vector)."""
    s, r = divmod(c, 6)
    if c == right_bower(trump):
        return params[P_RIGHT]
    if c == left_bower(trump):
        return params[P_LEFT]
    if s == trump:
        return params[_TRUMP_RANK_PARAM[r]]
    if r == 5:
        return params[P_OACE]
    if r == 4:
        return params[P_OKING]
    return 0.0


def bid_table(params: np.ndarray) -> np.ndarray:
    """[trump, suit, 6-bit field] -> summed card values for one parameter vector."""
    return _bid_table(tuple(float(x) for x in params)).copy()


@functools.lru_cache(maxsize=64)
def _bid_table(params: tuple) -> np.ndarray:
    # cached: a few ms of Python per strategy, and chunked runs build tables many times
    value = np.array([[card_value(params, t, c) for c in range(24)] for t in range(4)])
    table = np.zeros((4, 4, 64))
    for t in range(4):
        for s in range(4):
            for f in range(64):
                table[t, s, f] = sum(value[t, s * 6 + r] for r in range(6) if f >> r & 1)
    return table


def _count_table():
    """[trump, suit, 6-bit field] -> trumps among those cards + 16 if they leave a side suit
    void (no card of ``suit`` other than the left bower).  Summed over a hand's four fields:
    trump count in the low four bits, side-suit voids above.  uint8 and unsigned: small tables
    stay in the first-level cache together, and the compiled sum needs no negative-index
    check."""
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


def _singletons():
    """[trump, printed suit, 6-bit field] -> the power bit of the field's card when it is the
    only card of its effective suit in the field (a plain suit: the left bower belongs to
    trump), else 0; trump's own suit is 0, since trump is never a short suit to discard from.
    ORed over a hand's four fields: its singleton plain suits (``discard``)."""
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

# ---------------------------------------------------------------------------------------------
# The seat table: one float64 row of ROW_WIDTH per seat (``seat_row``), then the bidding plan.
# A row holds, in order:
#   D_VALUES + t * 256 + s * 64 + f   summed card values of 6-bit field f of printed suit s,
#                                     trump t (``bid_table``)
#   D_ALONE, D_DEFEND, D_FARMER,      the parameters of those names
#   D_LEADS, D_FOLLOWS                the card-play switches as two codes (``lead_settings``,
#                                     ``follow_settings``)
#   D_CALL + d                        round-2 threshold; d = 1: the other side needs one point
#                                     (lowered by ``desperation``)
#   D_ORDER + 2 * pos + d             round-1 threshold at position pos (0 first .. 3 dealer),
#                                     with its offset added
#   D_UP + 24 * pos + upcard          the upcard's value added (pos 1, the dealer's partner) or
#                                     subtracted (pos 0, 2) in round 1
#   D_VOIDS + c                       VOIDS_THAT_COUNT[c] * void: the voids' value of a hand
#                                     whose summed COUNT_TABLE entry is c
# The void values and the rows start on a multiple of 8 numbers (a 64-byte cache line).
#
# After the four rows, the bidding plan (``seat_plan``, PLAN_N numbers at PLAN): for each score
# flag pair ``close`` (``sim.kernel`` ``close_flags``), dealer and position k (0 first .. 3
# dealer), the bidder's ALONE, ORDER (round 1) and CALL (round 2) thresholds and his row's
# offset (stored as a float), at ``PLAN + ((close * 4 + dealer) * 4 + k) * 4``.  The bidding
# reads them instead of working out the seat, its row and its flags per bid.


def _line(offset: int) -> int:
    """``offset`` rounded up to a multiple of 8 numbers (one 64-byte cache line)."""
    return -(-offset // 8) * 8


D_VALUES = 0
D_ALONE = D_VALUES + 4 * 4 * 64
D_DEFEND = D_ALONE + 1
D_FARMER = D_DEFEND + 1
D_LEADS = D_FARMER + 1    # the seat's lead settings code (``lead_settings``), worked out once
D_FOLLOWS = D_LEADS + 1   # the seat's follow settings code (``follow_settings``), lone aside
D_CALL = D_FOLLOWS + 1
D_ORDER = D_CALL + 2
D_UP = D_ORDER + 2 * 4
D_VOIDS = _line(D_UP + 3 * 24)
ROW_WIDTH = _line(D_VOIDS + 128)
PLAN = 4 * ROW_WIDTH       # the bidding plan, after the four seat rows
PLAN_N = 4 * 4 * 4 * 4     # close flag pairs x dealers x positions x numbers
PL_ALONE, PL_ORDER, PL_CALL, PL_ROW = 0, 1, 2, 3
OWN = PLAN + PLAN_N         # each seat's own numbers, for a player other than basic (pimc's)
OWN_WIDTH = 8
SEAT_TABLE_SIZE = OWN + 4 * OWN_WIDTH


def seat_row(params, values=None):
    """One seat's row of the seat table from its parameter vector and its bid values
    (``values[trump, suit, field]``; default ``bid_table(params)``).  Each derived number is
    computed with the floating-point operations the decisions would otherwise make, in the
    same order, so a decision reads the value it would have computed."""
    p = np.asarray(params, np.float64)
    if values is None:
        values = bid_table(p)
    row = np.zeros(ROW_WIDTH, np.float64)
    row[D_VALUES:D_VALUES + 1024] = np.asarray(values, np.float64).reshape(1024)
    row[D_ALONE] = p[P_ALONE]
    row[D_DEFEND] = p[P_DEFEND_ALONE]
    row[D_FARMER] = p[P_FARMER]
    row[D_LEADS] = lead_code(p)
    row[D_FOLLOWS] = follow_code(p)
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
    # the product a decision would form (int8 times float64)
    row[D_VOIDS:D_VOIDS + 128] = VOIDS_THAT_COUNT.astype(np.float64) * p[P_VOID]
    return row


def lead_code(p) -> int:
    """One seat's lead settings code (``lead_settings``) from its parameter vector."""
    return (int(p[P_PULLS] + 0.5) | int(p[P_STOP] + 0.5) << 1 | int(p[P_SHORT] + 0.5) << 3
            | int(p[P_BOSS] + 0.5) << 4)


def follow_code(p) -> int:
    """One seat's follow settings code (``follow_settings``, before the lone maker is known)
    from its parameter vector."""
    return (int(p[P_OVERTAKE] + 0.5) | int(p[P_DISCARD_SHORT] + 0.5) << 2
            | int(p[P_SECOND_LOW] + 0.5) << 3)


def table_codes(p) -> tuple[int, int]:
    """(``lead_settings``, ``follow_settings`` without a lone maker) of a table whose four
    seats play parameter vector ``p``: the constants the kernel compares against to pick a copy
    of the tricks compiled for one player's settings."""
    follows = follow_code(p)
    follows &= ~1 if (follows & F_OVERTAKE) == 1 else ~0
    return lead_code(p) * 0x01010101, follows * 0x1111


def seat_plan(rows, slots=None):
    """The bidding plan (PLAN_N numbers) of the four seat rows ``rows`` (``4 * ROW_WIDTH``): per
    (score flags, dealer, position), the bidder's thresholds and his row offset.  ALONE is none
    (1e9) when one point wins the game for his side; ORDER (round 1, with his position's offset)
    and CALL (round 2) are lowered by ``desperation`` when the other side needs one point.
    ``slots``: each seat's row number (``seat_slots``, which is compiled; 0: every seat reads
    row 0, as ``seat_slots`` finds for four equal rows)."""
    slots = seat_slots(rows) if slots is None else slots
    plan = np.zeros((4, 4, 4, 4), np.float64)
    for close in range(4):
        for dealer in range(4):
            for k in range(4):
                seat = (dealer + 1 + k) & 3
                team = seat & 1
                mine, theirs = (close >> team) & 1, (close >> (1 - team)) & 1
                b = ((slots >> (2 * seat)) & 3) * ROW_WIDTH          # seat_base
                plan[close, dealer, k] = (1e9 if mine else rows[b + D_ALONE],
                                          rows[b + D_ORDER + 2 * k + theirs],
                                          rows[b + D_CALL + theirs], b)
    return plan.reshape(PLAN_N)


def seat_table(param_vectors, own_rows=None) -> np.ndarray:
    """The seat table of four seats' parameter vectors: their rows end to end, the bidding
    plan drawn from them, then each seat's own numbers (``own_rows``, up to ``OWN_WIDTH``
    each; zeros when not given)."""
    rows = np.concatenate([seat_row(p) for p in param_vectors])
    own = np.zeros(4 * OWN_WIDTH, np.float64)
    for s, row in enumerate(own_rows or ()):
        own[s * OWN_WIDTH: s * OWN_WIDTH + len(row)] = row
    return np.concatenate([rows, seat_plan(rows), own])


@njit(cache=True, _nrt=False)
def seat_slots(seat_table):
    """Each seat's row number, two bits a seat: each seat uses the first row equal to its own,
    so that a table where all seats play one strategy reads one row (it stays in cache)."""
    slots = 0
    for seat in range(4):
        first = seat
        for other in range(seat):
            same = True
            for k in range(ROW_WIDTH):
                if seat_table[other * ROW_WIDTH + k] != seat_table[seat * ROW_WIDTH + k]:
                    same = False
                    break
            if same:
                first = other
                break
        slots |= first << (2 * seat)
    return slots


@njit(cache=True, inline="always", _nrt=False)
def seat_base(slots, seat):
    """Offset of ``seat``'s row in the seat table (``slots``: ``seat_slots``)."""
    return ((slots >> (2 * seat)) & 3) * ROW_WIDTH


@njit(cache=True, inline="always", _nrt=False)
def plan_row(seat_table, plan_at):
    """The bidder's row offset from his numbers at ``plan_at`` in the bidding plan (the mask
    tells the compiler it is small and not negative, so the reads it indexes need no
    wraparound check)."""
    return np.int64(seat_table[plan_at + PL_ROW]) & 8191


# ---------------------------------------------------------------------------------------------
# bidding

@njit(cache=True, inline="always", _nrt=False)
def bid_value(seat_table, row, hand, t):
    """Point count of a card-layout hand for trump ``t`` (``row``: the seat's row offset)."""
    t &= 3
    tb = row + D_VALUES + t * 256
    f0 = hand & 63
    f1 = (hand >> 6) & 63
    f2 = (hand >> 12) & 63
    f3 = (hand >> 18) & 63
    # (summed from the first field's value, not from 0.0: the same value, but for the sign of
    # a zero sum, which no comparison sees)
    v = seat_table[tb + f0]
    v += seat_table[tb + 64 + f1]
    v += seat_table[tb + 128 + f2]
    v += seat_table[tb + 192 + f3]
    c = (np.int64(COUNT_TABLE[t, 0, f0]) + np.int64(COUNT_TABLE[t, 1, f1])
         + np.int64(COUNT_TABLE[t, 2, f2]) + np.int64(COUNT_TABLE[t, 3, f3]))
    # voids count with two or more trumps (adding 0 * the void value leaves v unchanged)
    return v + seat_table[row + D_VOIDS + c]


@njit(cache=True, inline="always", _nrt=False)
def round1_value(seat_table, row, pos, hand, upcard, dealer_discard):
    """The value of ordering ``upcard`` up from position ``pos`` (0 first .. 3 dealer).  The
    dealer values his hand after picking up and discarding ``dealer_discard`` (``discard``);
    the others add or subtract the upcard's value (``D_UP``)."""
    t = upcard // 6
    if pos == 3:
        h6 = hand | (np.int64(1) << upcard)
        return bid_value(seat_table, row, h6 & ~(np.int64(1) << dealer_discard), t)
    return bid_value(seat_table, row, hand, t) + seat_table[row + D_UP + 24 * pos + upcard]


@njit(cache=True, inline="always", _nrt=False)
def round1_bid(seat_table, plan_at, pos, hand, upcard, dealer_discard):
    """(orders, alone) in round 1: ``round1_value`` against the bidder's ORDER and ALONE
    thresholds (his numbers at ``plan_at`` in the bidding plan; an order includes going
    alone)."""
    v = round1_value(seat_table, plan_row(seat_table, plan_at), pos, hand, upcard,
                     dealer_discard)
    al = v >= seat_table[plan_at + PL_ALONE]
    return al | (v >= seat_table[plan_at + PL_ORDER]), al


@njit(cache=True, inline="always", _nrt=False)
def best_suit(seat_table, row, hand, turned):
    """The suit other than ``turned`` with the highest bid value (the lowest suit on a tie),
    and that value.  The other three suits are visited from ``turned`` round, so there is no
    skip to mispredict, and the choice is made by selects."""
    best = -1
    bestv = -1e9
    for k in range(1, 4):
        s = (turned + k) & 3
        v = bid_value(seat_table, row, hand, s)
        better = (v > bestv) | ((v == bestv) & (s < best))
        best = s if better else best
        # the better value is the larger (or an equal one): max compiles to one instruction,
        # where a select on ``better`` compiles to a branch
        bestv = max(bestv, v)
    return best, bestv


@njit(cache=True, inline="always", _nrt=False)
def call(seat_table, row, hand, turned, stuck, alone_thr, call_thr):
    """Round 2: -1 pass, else 2 * suit + alone (``alone_thr``, ``call_thr``: the seat's
    thresholds from the bidding plan); a stuck dealer calls his best suit."""
    s, v = best_suit(seat_table, row, hand, turned)
    if v >= alone_thr:
        return 2 * s + 1
    if v >= call_thr or stuck:
        return 2 * s
    return -1


@njit(cache=True, inline="always", _nrt=False)
def defend_alone(seat_table, row, hand, t):
    """Defend alone when the hand's value in the maker's trump reaches the threshold."""
    return bid_value(seat_table, row, hand, t) >= seat_table[row + D_DEFEND]


@njit(cache=True, inline="always", _nrt=False)
def farmer(seat_table, row, hand, upcard):
    """Mask of three cards to give for the face-down kitty (the three weakest: 9s before 10s,
    keeping cards of the upcard's suit), or 0 to keep the hand (``farmer_swap`` off)."""
    if seat_table[row + D_FARMER] < 0.5:
        return np.int64(0)
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


# ---------------------------------------------------------------------------------------------
# card play

@njit(cache=True, inline="always", _nrt=False)
def discard(hand6, t, upcard, may_discard_upcard):
    """The dealer's discard from his six cards: void a short side suit if possible, keep aces
    and trumps (the lowest singleton non-ace, else the lowest plain non-ace, else the lowest
    plain card, else the lowest trump)."""
    h = to_power(hand6, t)
    allowed = h
    if not may_discard_upcard:
        allowed &= ~(np.int64(1) << POWER_POS[t, upcard])
    plain = allowed & PLAIN_POW
    nonace = plain & ~ACES_POW
    # side suits held as a single non-ace card: a lookup per suit, like ``to_power``, instead
    # of counting each suit's cards (which suits qualify is unpredictable)
    single = np.int64(SINGLETONS[t, 0, hand6 & 63] | SINGLETONS[t, 1, (hand6 >> 6) & 63]
                      | SINGLETONS[t, 2, (hand6 >> 12) & 63]
                      | SINGLETONS[t, 3, (hand6 >> 18) & 63]) & nonace
    pick = allowed
    pick = plain if plain != 0 else pick
    pick = nonace if nonace != 0 else pick
    pick = single if single != 0 else pick
    return POWER_CARD[t, low(pick)]


@njit(cache=True)
def discards(hand6s, trumps, upcards, may_discard_upcard):
    """``discard`` of each row (for analysis over recorded deals)."""
    out = np.empty(hand6s.shape[0], np.int64)
    for i in range(hand6s.shape[0]):
        out[i] = discard(hand6s[i], trumps[i], upcards[i], may_discard_upcard)
    return out


# a seat's lead settings (``lead_settings``): eight bits, partner_pulls, stop_pulling (two
# bits), short_lead and boss_lead; basic's defaults are 1, 0, 0, 0
L_PULLS, L_STOP, L_SHORT, L_BOSS = 1, 6, 8, 16


@njit(cache=True, inline="always", _nrt=False)
def lead_settings(seat_table, slots):
    """Each seat's lead settings (``partner_pulls``, ``stop_pulling``, ``short_lead``,
    ``boss_lead``), eight bits a seat, read once a hand (``slots``: ``seat_slots``)."""
    settings = np.int64(0)   # not the literal 0: Numba would type a callee for it too
    for seat in range(4):
        settings |= int(seat_table[seat_base(slots, seat) + D_LEADS]) << (8 * seat)
    return settings


@njit(cache=True, inline="always", _nrt=False)
def shortest_suit(cards, t):
    """The cards of the plain suit with fewest cards among ``cards`` (power layout, plain cards
    only, not empty); on a tie, the suit holding the lowest card."""
    best = np.int64(0)
    best_n = 99
    for k in range(1, 4):
        m = cards & np.int64(SUIT_MASK_POW[t, (t + k) & 3])
        n = popcount(m)
        better = (m != 0) & ((n < best_n) | ((n == best_n) & (low(m) < low(best))))
        best = m if better else best
        best_n = n if better else best_n
    return best


@njit(cache=True, inline="always", _nrt=False)
def bosses(plain, t, played):
    """The plain cards of ``plain`` (power layout) that no card unseen by the seat beats: the
    highest card of each plain suit not yet ``played``, where the seat holds it.  (A suit
    with every card played has no highest card: ``top`` gives -1, read as bit 63, which no
    hand holds.)"""
    out = np.int64(0)
    for k in range(1, 4):
        left = np.int64(SUIT_MASK_POW[t, (t + k) & 3]) & ~played
        out |= np.int64(1) << (top(left) & 63)
    return out & plain


@njit(cache=True, inline="always", _nrt=False)
def lead(seat, hand, t, maker, lone, avoid, setting, played):
    """The card to lead (power layout): the maker's side pulls trumps from the top (a lone
    maker, seat ``lone``, leads his best card); otherwise an off-suit ace, else a low plain
    card, avoiding the suit turned down in round 2 (``avoid``) while it can.

    ``setting`` is the seat's lead settings (``lead_settings``): without ``partner_pulls`` the
    maker's partner leads like a defender; ``stop_pulling`` 1 stops the pull once no trump
    but the side's own is unseen (``played``: the cards played so far), 2 also while the
    seat's highest trump is below a trump it has not seen, 3 as 2 except with two trumps or
    more; ``short_lead`` leads the low plain card from the shortest suit (``shortest_suit``);
    ``boss_lead`` counts every plain boss (``bosses``) as an ace.  Written as selects: which
    case applies is unpredictable."""
    tr = hand & TRUMP_POW
    plain = hand & PLAIN_POW
    aces = plain & ACES_POW
    if (setting & L_BOSS) != 0:
        aces = bosses(plain, t, played)
    a = aces & ~avoid
    p = plain & ~avoid
    if (setting & L_SHORT) != 0:
        # (p matters only when a is empty, and the shortest suit of nothing is nothing, so
        # there is no test of the cards to mispredict)
        p = shortest_suit(p, t)
    pick = hand
    pick = plain if plain != 0 else pick
    pick = aces if aces != 0 else pick
    pick = p if p != 0 else pick
    pick = a if a != 0 else pick
    side = ((seat & 1) == (maker & 1)) & (tr != 0)
    pull = side & ((seat == maker) | ((setting & L_PULLS) != 0))
    stop = (setting & L_STOP) >> 1
    if stop != 0:
        unseen = TRUMP_POW & ~(hand | played)
        pull &= unseen != 0
        pull &= (stop == 1) | (top(tr) > top(unseen)) | ((stop == 3) & ((tr & (tr - 1)) != 0))
    # both candidates computed before choosing, so the choice compiles to a select; trumps are
    # the top bits, so the highest card is the highest trump when there is one
    high = top(hand)
    lowest = low(pick)
    return high if ((seat == lone) | pull) else lowest


# a seat's follow settings (``follow_settings``): four bits, overtake_partner (two bits),
# short_discard and second_low
F_OVERTAKE, F_DISCARD_SHORT, F_SECOND_LOW = 3, 4, 8
# what ``follow`` is told about the seat's place in the trick (``spot``)
SPOT_VOID = 1       # no card of the led suit
SPOT_SECOND = 2     # second hand, and an unseen card of the led suit beats the led card
# the settings codes of four seats at basic's defaults (no lone maker): the lead reads no
# played cards and the follow checks nothing (the kernel's copy of the tricks for basic)
DEFAULT_LEADS, DEFAULT_FOLLOWS = table_codes(DEFAULT_VECTOR)


@njit(cache=True, inline="always", _nrt=False)
def follow_settings(seat_table, slots, lone):
    """Each seat's follow settings (``overtake_partner`` 0, 1 or 2, ``short_discard`` and
    ``second_low``), four bits a seat (``slots``: ``seat_slots``), for a hand whose lone maker
    is ``lone`` (-1: none): read once a hand, not at every card.  Without a lone maker an
    overtake setting of 1 has nothing to watch and reads as 0.  Zero when every seat plays
    basic's defaults."""
    settings = np.int64(0)   # not the literal 0: Numba would type a callee for it too
    for seat in range(4):
        code = int(seat_table[seat_base(slots, seat) + D_FOLLOWS])
        code &= ~1 if (lone < 0 and (code & F_OVERTAKE) == 1) else ~0
        settings |= code << (4 * seat)
    return settings


@njit(cache=True, inline="always", _nrt=False)
def follow(seat, legal, beat, win_seat, threat, after, lone, setting, spot, t):
    """The card to follow with (power layout): ``legal`` are the cards that may be played,
    ``beat`` those of them that beat the winning card, ``threat`` the cards this seat has not
    seen (neither in its hand nor played) that beat it; ``after`` is the next seat to play in
    this trick (-1: none), ``lone`` the lone maker (-1: none), ``setting`` this seat's
    ``follow_settings`` and ``spot`` its place (``SPOT_VOID``: it holds none of the led suit;
    ``SPOT_SECOND``: it plays second and an unseen card of the led suit beats the led card).
    Opponent winning: win as cheaply as possible (trump in when void; with ``second_low`` not
    as a void second hand whose partner may take the trick).  Partner winning: do not
    overtake, unless an opponent still to play may hold a card that beats him and our
    cheapest winner beats such a card (``overtake_partner``: 0 never, 1 only when that
    opponent is the lone maker, 2 any opponent); then overtake with the cheapest winner.
    Cannot win: throw the lowest card (``short_discard``, when void: the lowest card of the
    shortest plain suit, aces kept).
    Both bit scans are made before the choice, so that the scan is not on the chain of
    dependent steps from one winning card to the next."""
    cheapest = low(legal)
    cheapest_win = low(beat)
    overtake = setting & F_OVERTAKE
    opponent = ((win_seat ^ seat) & 1) != 0
    hold_back = ((setting & F_SECOND_LOW) != 0) & (spot == (SPOT_VOID | SPOT_SECOND))
    take = (beat != 0) & opponent & (not hold_back)
    if overtake != 0 and beat != 0 and not opponent:
        # unseen cards between the winner and our cheapest winner: they take partner's card
        # but not ours
        stopped = (threat & ((np.int64(1) << cheapest_win) - 1)) != 0
        before = after >= 0 and ((after ^ seat) & 1) != 0
        take = stopped and before and (overtake == 2 or after == lone)
    if (setting & F_DISCARD_SHORT) != 0:
        # worked out whether or not it is wanted, and chosen by a select (whether the seat is
        # void is unpredictable); a taken trick reads cheapest_win instead
        spare = legal & PLAIN_POW & ~ACES_POW
        short = low(shortest_suit(spare, t))
        cheapest = short if ((spot & SPOT_VOID) != 0) & (spare != 0) else cheapest
    return cheapest_win if take else cheapest
