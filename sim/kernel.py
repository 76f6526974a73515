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
current winner.  Bid values come from per-(seat, trump, suit, 6-bit field) tables built from the
strategy parameters.  Built-in strategies are dispatched by kind inside this one cached module.
``prange`` runs over fixed chunks of hand indices and each chunk writes only its own rows or its
own tally row, so results never depend on the thread count.

Hot functions are compiled without Numba's reference counting (``_nrt=False``: they allocate
nothing); with it, every inlined call carried atomic incref/decref pairs on its array arguments,
which cost more than the card logic.  ``run_hands`` inlines the hand (``_play_hand``): a call
passed a dozen arrays field by field, about a tenth of a hand, and inlining lets
``tracing=False`` compile the event log away; ``CODE_HOOKS`` compiles the code-strategy checks
away in this module.  Decisions whose outcome is unpredictable (lead, follow, trick winner,
discard, void count) are written as selects on precomputed candidates rather than branches:
mispredicted branches were the largest cost.  Measure changes with
``scripts/count_instructions.py`` (instructions a hand, exact) rather than wall-clock alone.

Trace mode replays chosen hands through the same ``play_hand`` with an event log switched on, so
a traced hand is exactly the hand the aggregates counted.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from sim.cards import EFF_SUIT, POS_SUIT, POWER_CARD, POWER_POS, REMAP, SUIT_MASK_POW
from sim.rng import STREAM_DEAL, STREAM_PLAY, STREAM_SEEN, bounded, draw, hand_key, shuffle_deck
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
    trump count in the low four bits, side-suit voids above."""
    t = np.zeros((4, 4, 64), np.int64)
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
# a lookup instead of a branch
VOIDS_THAT_COUNT = np.array([(c >> 4) if (c & 15) >= 2 else 0 for c in range(128)], np.int64)


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
    return (REMAP[t, 0, hand & 63] | REMAP[t, 1, (hand >> 6) & 63]
            | REMAP[t, 2, (hand >> 12) & 63] | REMAP[t, 3, (hand >> 18) & 63])


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
def bid_value(bv, params, seat, hand, t):
    """Point count of a card-layout hand for trump ``t`` (values from the seat's parameters)."""
    v = 0.0
    c = 0
    for s in range(4):
        f = (hand >> (6 * s)) & 63
        v += bv[seat, t, s, f]
        c += COUNT_TABLE[t, s, f]
    # voids count with two or more trumps (adding 0 * the void value leaves v unchanged)
    return v + VOIDS_THAT_COUNT[c] * params[seat, P_VOID]


@njit(cache=True, inline="always", _nrt=False)
def basic_discard(hand6, t, upcard, may_discard_upcard):
    """Dealer's discard: void a short side suit if possible, keep aces and trumps."""
    hp = to_power(hand6, t)
    allowed = hp
    if not may_discard_upcard:
        allowed &= ~(np.int64(1) << POWER_POS[t, upcard])
    plain = allowed & PLAIN_POW
    nonace = plain & ~ACES_POW
    # side suits held as a single non-ace card (trump never qualifies: nonace is plain only);
    # written without branches, since which suits qualify is unpredictable
    single = np.int64(0)
    for s in range(4):
        m = hp & SUIT_MASK_POW[t, s]
        ok = (m != 0) & ((m & (m - 1)) == 0) & ((m & nonace) != 0)
        single |= m if ok else np.int64(0)
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
def thresholds(params, seat, base, my_score, their_score, game_to):
    """(make threshold, alone threshold) adjusted for the score in game mode."""
    thr = params[seat, base]
    athr = params[seat, P_ALONE]
    if their_score >= game_to - 1:
        thr -= params[seat, P_DESPERATION]
    if my_score >= game_to - 1:
        athr = 1e9            # one point wins: no loner
    return thr, athr


@njit(cache=True, inline="always", _nrt=False)
def decide_round1(kind, params, bv, seat, pos, hand, upcard, dealer_discard,
                  my_score, their_score, game_to, pkey, rs):
    """0 pass, 1 order up, 2 order up alone.  ``pos``: 0 first .. 3 dealer, who values his
    hand after picking up and discarding ``dealer_discard`` (basic's discard)."""
    if kind == RANDOM:
        return rand_below(pkey, rs, 3)
    t = upcard // 6
    if pos == 3:
        h6 = hand | (np.int64(1) << upcard)
        v = bid_value(bv, params, seat, h6 & ~(np.int64(1) << dealer_discard), t)
    else:
        v = bid_value(bv, params, seat, hand, t)
        upv = bv[seat, t, t, 1 << (upcard % 6)]
        if pos == 1:
            v += params[seat, P_PARTNER_UP] * upv
        else:
            v -= params[seat, P_OPP_UP] * upv
    thr, athr = thresholds(params, seat, P_ORDER, my_score, their_score, game_to)
    thr += params[seat, P_OFF_FIRST + pos]
    if v >= athr:
        return 2
    if v >= thr:
        return 1
    return 0


@njit(cache=True, inline="always", _nrt=False)
def best_suit(bv, params, seat, hand, turned):
    best = -1
    bestv = -1e9
    for s in range(4):
        if s == turned:
            continue
        v = bid_value(bv, params, seat, hand, s)
        if v > bestv:
            bestv = v
            best = s
    return best, bestv


@njit(cache=True, inline="always", _nrt=False)
def decide_round2(kind, params, bv, seat, hand, turned, stuck, my_score, their_score, game_to,
                  pkey, rs):
    """-1 pass, else 2 * suit + alone."""
    if kind == RANDOM:
        k = rand_below(pkey, rs, 6 if stuck else 7)
        if k == 6:
            return -1
        s = k // 2
        if s >= turned:
            s += 1
        return 2 * s + (k % 2)
    s, v = best_suit(bv, params, seat, hand, turned)
    thr, athr = thresholds(params, seat, P_CALL, my_score, their_score, game_to)
    if v >= athr:
        return 2 * s + 1
    if v >= thr or stuck:
        return 2 * s
    return -1


@njit(cache=True, inline="always", _nrt=False)
def decide_defend_alone(kind, params, bv, seat, hand, t, pkey, rs):
    if kind == RANDOM:
        return rand_below(pkey, rs, 2) == 1
    return bid_value(bv, params, seat, hand, t) >= params[seat, P_DEFEND_ALONE]


@njit(cache=True, inline="always", _nrt=False)
def decide_farmer(kind, params, seat, hand, upcard, pkey, rs):
    """Mask of three cards to give for the face-down kitty, or 0 to keep the hand."""
    if kind == RANDOM:
        k = rand_below(pkey, rs, 11)
        if k == 0:
            return np.int64(0)
        # the (k-1)-th 3-card subset of the 5 cards, in lexicographic order of card numbers
        idx = 0
        for a in range(5):
            for b in range(a + 1, 5):
                for c in range(b + 1, 5):
                    idx += 1
                    if idx == k:
                        one = np.int64(1)
                        return ((one << kth_bit(hand, a)) | (one << kth_bit(hand, b))
                                | (one << kth_bit(hand, c)))
        return np.int64(0)
    if params[seat, P_FARMER] < 0.5:
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
def choose_lead(kind, seat, h, maker, alone, avoid, pkey, rs):
    """Lead a card (power layout) following the rules text's lead advice.

    Written as selects, not branches (the choice is unpredictable): the maker's side pulls
    trumps from the top (a lone maker leads his best card); otherwise lead an off-suit ace, else
    a low plain card, avoiding the suit turned down in round 2 (``avoid``) while it can."""
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
    lone_maker = (seat == maker) & (alone != 0)
    pull = ((seat & 1) == (maker & 1)) & (tr != 0)
    # both candidates computed before choosing, so the choice compiles to a select
    high = top(tr if tr != 0 else h)
    lowest = low(pick)
    return high if (lone_maker | pull) else lowest


@njit(cache=True, inline="always", _nrt=False)
def choose_follow(kind, seat, h, led_mask, beaters, win_pos, win_seat, pkey, rs):
    """Follow to a trick (power layout).  ``led_mask``: the led suit's cards; ``beaters``: the
    cards that beat a lower card of it (the led suit and trump).  Written as selects, not
    branches: the outcomes are unpredictable and mispredicted branches were the kernel's largest
    cost."""
    suit = h & led_mask
    legal = suit if suit != 0 else h
    if kind == RANDOM:
        return kth_bit(legal, rand_below(pkey, rs, popcount(legal)))
    # cards that beat the winner: trumps or led-suit cards above it
    beat = legal & beaters & ~((np.int64(2) << win_pos) - 1)
    partner_winning = ((win_seat ^ seat) & 1) == 0
    # partner winning: do not overtake; else win as cheaply as possible (trump in when void);
    # cannot win: throw the lowest card
    pick = legal if (partner_winning | (beat == 0)) else beat
    return low(pick)


# ---------------------------------------------------------------------------------------------
# one hand

@njit(cache=True, inline="always", _nrt=False)
def _play_hand(deck, dealer, rules, kinds, params, bv, pkey, rs, scores, force, res, hp,
               trace, tracing):
    """Play one complete hand from a shuffled ``deck``; fill ``res`` (RES_* fields).

    ``kinds``/``params``/``bv`` are per seat.  ``scores`` (team 0, team 1) feeds score-aware
    strategies in game mode.  ``hp`` is 4-int scratch.  With ``tracing`` every action is logged
    into ``trace``.  A code strategy's hooks (``hook_*``) are checked: an illegal answer is
    replaced by the basic choice and flagged in ``RES_BAD_USER``.
    """
    rs[0] = 0
    game_to = rules[R_GAME_TO]
    for k in range(NRES):
        res[k] = -1
    res[RES_FORCED] = 0
    res[RES_BAD_USER] = 0
    # deal: the dealer's left gets the first five cards, and so on round the table
    hands = hp
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        m = np.int64(0)
        for j in range(5):
            m |= np.int64(1) << deck[5 * k + j]
        hands[seat] = m
    upcard = deck[20]
    res[RES_UPCARD] = upcard
    upbit = np.int64(1) << upcard
    turned = upcard // 6

    # farmer's hand: at most one player can hold only 9s and 10s
    if rules[R_FARMER]:
        for k in range(4):
            seat = (dealer + 1 + k) & 3
            if hands[seat] & ~NINES_TENS == 0:
                gave = decide_farmer(kinds[seat], params, seat, hands[seat], upcard, pkey, rs)
                if gave:
                    took = (np.int64(1) << deck[21]) | (np.int64(1) << deck[22]) | \
                        (np.int64(1) << deck[23])
                    hands[seat] = (hands[seat] & ~gave) | took
                    res[RES_FARMER] = seat
                    if tracing:
                        log_event(trace, EV_FARMER, seat, gave, took)
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
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        team = seat & 1
        if k == forced1:
            a = force[2]
            res[RES_FORCED] = 1
        else:
            a = -1
            if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_ORDER:
                a = hook_order_up(hands[seat], upcard, k, scores[team], scores[1 - team], game_to)
                if a < 0 or a > 2:
                    res[RES_BAD_USER] = 1
                    a = -1
            if a < 0:
                a = decide_round1(kinds[seat], params, bv, seat, k, hands[seat], upcard,
                                  dealer_discard, scores[team], scores[1 - team], game_to, pkey,
                                  rs)
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
                    res[RES_BAD_USER] = 1
                    d = -1
            if d < 0:
                d = decide_discard(kinds[dealer], h6, upcard, rules[R_DISCARD_UPCARD],
                                   dealer_discard, pkey, rs)
            hands[dealer] = h6 & ~(np.int64(1) << d)
            res[RES_DISCARD] = d
            if tracing:
                log_event(trace, EV_DISCARD, dealer, d, 0)
    else:
        for k in range(4):
            seat = (dealer + 1 + k) & 3
            team = seat & 1
            stuck = k == 3 and rules[R_STICK] != 0
            if k == forced2:
                res[RES_FORCED] = 1
                if force[2] == FORCE_PASS and not stuck:
                    a = -1
                else:
                    s = force[F_SUIT]
                    if s < 0:
                        s, _ = best_suit(bv, params, seat, hands[seat], turned)
                    a = 2 * s + (1 if force[2] == FORCE_ALONE else 0)
            else:
                a = -2
                if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_CALL:
                    a = hook_call(hands[seat], turned, stuck, scores[team], scores[1 - team],
                               game_to)
                    if a < -1 or a > 7 or a // 2 == turned or (a == -1 and stuck):
                        res[RES_BAD_USER] = 1
                        a = -2
                if a == -2:
                    a = decide_round2(kinds[seat], params, bv, seat, hands[seat], turned, stuck,
                                      scores[team], scores[1 - team], game_to, pkey, rs)
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
    res[RES_ROUND] = rnd
    if rnd == 0:
        res[RES_PTS0] = 0
        res[RES_PTS1] = 0
        res[RES_ALONE] = 0
        res[RES_MAKER_TRICKS] = 0
        return
    res[RES_MAKER] = maker
    res[RES_TRUMP] = t
    res[RES_ALONE] = alone

    # defending alone (house rule): first willing defender clockwise from the maker
    def_alone = -1
    if rules[R_DEFEND_ALONE]:
        for k in (1, 3):
            seat = (maker + k) & 3
            if decide_defend_alone(kinds[seat], params, bv, seat, hands[seat], t, pkey, rs):
                def_alone = seat
                if tracing:
                    log_event(trace, EV_DEFEND, seat, 0, 0)
                break
    res[RES_DEF_ALONE] = def_alone

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
    for _trick in range(5):
        seat = leader
        c = -1
        if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_LEAD:
            card = hook_lead(to_cards(hands[seat], t), t, seat, maker, alone != 0)
            if card < 0 or card > 23 or not (hands[seat] >> POWER_POS[t, card]) & 1:
                res[RES_BAD_USER] = 1
            else:
                c = POWER_POS[t, card]
        if c < 0:
            c = choose_lead(kinds[seat], seat, hands[seat], maker, alone, avoid, pkey, rs)
        hands[seat] &= ~(np.int64(1) << c)
        if tracing:
            log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
        led = POS_SUIT[t, c]
        led_mask = SUIT_MASK_POW[t, led]
        # a trump beats any lower card; a plain card only a lower card of the led suit
        # (a trump winner is always above every plain card)
        beaters = led_mask | TRUMP_POW
        win_pos = c
        win_seat = seat
        for _j in range(n_active - 1):
            seat = (nxt >> (2 * seat)) & 3
            c = -1
            if CODE_HOOKS and kinds[seat] >= USER and (kinds[seat] - USER) & H_FOLLOW:
                h = hands[seat]
                legal = h & led_mask
                legal = legal if legal != 0 else h
                card = hook_follow(to_cards(h, t), to_cards(legal, t), t, led,
                                   POWER_CARD[t, win_pos], win_seat, seat)
                if card < 0 or card > 23 or not (legal >> POWER_POS[t, card]) & 1:
                    res[RES_BAD_USER] = 1
                else:
                    c = POWER_POS[t, card]
            if c < 0:
                c = choose_follow(kinds[seat], seat, hands[seat], led_mask, beaters, win_pos,
                                  win_seat, pkey, rs)
            hands[seat] &= ~(np.int64(1) << c)
            if tracing:
                log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
            better = (c > win_pos) & (((beaters >> c) & 1) != 0)
            win_pos = c if better else win_pos
            win_seat = seat if better else win_seat
        maker_tricks += 1 if (win_seat & 1) == maker_team else 0
        leader = win_seat
    res[RES_MAKER_TRICKS] = maker_tricks

    # scoring table
    if maker_tricks == 5:
        pts = 4 if alone else 2
        win_team = maker & 1
    elif maker_tricks >= 3:
        pts = 1
        win_team = maker & 1
    else:
        pts = rules[R_LONE_DEFENDER_POINTS] if def_alone >= 0 else 2
        win_team = 1 - (maker & 1)
    res[RES_PTS0] = pts if win_team == 0 else 0
    res[RES_PTS1] = pts if win_team == 1 else 0


@njit(cache=True, _nrt=False)
def play_hand(deck, dealer, rules, kinds, params, bv, pkey, rs, scores, force, res, hp,
              trace, tracing):
    """``_play_hand`` as a called function (trace mode, games, the advisor).  ``run_hands``
    inlines ``_play_hand`` instead: passing a dozen arrays to a call cost a tenth of a hand,
    and inlining lets ``tracing=False`` compile the event log away."""
    _play_hand(deck, dealer, rules, kinds, params, bv, pkey, rs, scores, force, res, hp, trace,
               tracing)


@njit(cache=True, inline="always", _nrt=False)
def tally_index(res, dealer):
    rnd = res[RES_ROUND]
    farmer = 1 if res[RES_FARMER] >= 0 else 0
    if rnd == 0:
        mpos = 0
        alone = 0
        dal = 0
        tricks = 0
    else:
        mpos = (res[RES_MAKER] - dealer - 1) & 3
        alone = res[RES_ALONE]
        dal = 1 if res[RES_DEF_ALONE] >= 0 else 0
        tricks = res[RES_MAKER_TRICKS]
    return ((((((farmer * 4 + dealer) * 3 + rnd) * 4 + mpos) * 2 + alone) * 2 + dal) * 6
            + tricks)


# ---------------------------------------------------------------------------------------------
# batches

@njit(cache=True, parallel=True)
def run_hands(seed, start, n, chunk, rules, kinds, params, bv, force, masks, fields, tally,
              scores):
    """Play hands ``start .. start+n-1`` of a run.

    Records mode (``masks.shape[1] == n``): column ``i`` of ``masks`` (4 dealt hands, uint32)
    and ``fields`` (the other ``RECORD_COLUMNS``, int8) gets hand ``start + i``; column-major so
    each record column is one contiguous array.  In both modes each chunk adds its hands into
    its own ``tally`` row.  The dealer of hand ``i`` is seat ``i % 4``.  ``scores`` (team 0,
    team 1; read only) is the game score every hand is played at (zeros outside game analysis).
    """
    want_records = masks.shape[1] == n
    nchunks = (n + chunk - 1) // chunk
    for ci in prange(nchunks):
        deck = np.empty(24, np.int64)
        hp = np.empty(4, np.int64)
        res = np.empty(NRES, np.int64)
        rs = np.zeros(1, np.int64)
        trace = np.zeros((1, 4), np.int64)
        lo = ci * chunk
        hi = min(n, lo + chunk)
        for i in range(lo, hi):
            idx = start + i
            shuffle_deck(hand_key(seed, idx, STREAM_DEAL), deck)
            dealer = idx & 3
            pkey = hand_key(seed, idx, STREAM_PLAY)
            if want_records:
                for k in range(4):
                    m = np.int64(0)
                    for j in range(5):
                        m |= np.int64(1) << deck[5 * k + j]
                    masks[(dealer + 1 + k) & 3, i] = m
            _play_hand(deck, dealer, rules, kinds, params, bv, pkey, rs, scores, force, res, hp,
                       trace, False)
            if want_records:
                fields[0, i] = res[RES_UPCARD]
                fields[1, i] = dealer
                fields[2, i] = res[RES_ROUND]
                fields[3, i] = res[RES_MAKER]
                fields[4, i] = res[RES_TRUMP]
                fields[5, i] = res[RES_ALONE]
                fields[6, i] = res[RES_DEF_ALONE]
                fields[7, i] = res[RES_MAKER_TRICKS]
                fields[8, i] = res[RES_PTS0]
                fields[9, i] = res[RES_PTS1]
                fields[10, i] = res[RES_FARMER]
                fields[11, i] = res[RES_DISCARD]
                fields[12, i] = res[RES_FORCED]
            tally[ci, tally_index(res, dealer)] += 1
            tally[ci, BAD_USER_CELL] += res[RES_BAD_USER]


@njit(cache=True)
def trace_hands(seed, indices, rules, kinds, params, bv, force, traces, results, decks):
    """Replay chosen hand indices with the event log on (serial; for ``show`` and tests)."""
    deck = np.empty(24, np.int64)
    hp = np.empty(4, np.int64)
    res = np.empty(NRES, np.int64)
    rs = np.zeros(1, np.int64)
    scores = np.zeros(2, np.int64)
    for q in range(indices.shape[0]):
        idx = indices[q]
        shuffle_deck(hand_key(seed, idx, STREAM_DEAL), deck)
        decks[q, :] = deck
        tr = traces[q]
        tr[0, 0] = 0
        play_hand(deck, idx & 3, rules, kinds, params, bv, hand_key(seed, idx, STREAM_PLAY), rs,
                  scores, force, res, hp, tr, True)
        results[q, :] = res


SEEN_COLUMNS = ("reached", "round", "maker", "alone", "maker_tricks", "points", "opp_points")


@njit(cache=True, parallel=True)
def run_seen(seed, start, n, chunk, rules, kinds, params, bv, force, hand, upcard, position,
             scores, out):
    """Deals consistent with one player's view: his ``hand`` (card-layout mask) and the
    ``upcard`` fixed, the other 18 cards dealt uniformly (keyed by ``(seed, i,
    STREAM_SEEN)``) to the other three hands and the three face-down kitty cards.  Seat 3 deals,
    so the player (at ``position`` 0 first .. 3 dealer) sits in seat ``position``.  Row ``i`` of
    ``out`` gets ``SEEN_COLUMNS`` for deal ``start + i``; points are for the player's team."""
    dealer = 3
    team = position & 1
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
            play_hand(deck, dealer, rules, kinds, params, bv, hand_key(seed, idx, STREAM_PLAY),
                      rs, scores, force, res, hp, trace, False)
            o = out[i]
            o[0] = res[RES_FORCED]
            o[1] = res[RES_ROUND]
            o[2] = res[RES_MAKER]
            o[3] = res[RES_ALONE]
            o[4] = res[RES_MAKER_TRICKS]
            o[5] = res[RES_PTS0] if team == 0 else res[RES_PTS1]
            o[6] = res[RES_PTS1] if team == 0 else res[RES_PTS0]
