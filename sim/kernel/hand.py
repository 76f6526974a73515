"""One hand of Euchre in Numba, as the phases of the rules: farmer's hand, round 1, the
dealer's pick-up and discard, round 2, defending alone, five tricks, points.

Every decision is asked of the ``seat`` module beside this one (the decide interface,
``sim.players.decide``): the built-in players here; a copy of this package bound to another
decide module (``sim.table.bindings``: a code strategy, the pimc player) asks that one, so the
kernel names no particular player.  The seat module is told the contract and every card played
(``contract``, ``played``), gets its own working state ``ps`` (one per chunk of hands) and, for
a player that draws, a key of its own per hand (``seat_key``, when ``seat.KEYED``).  What a
module does not use compiles away.

The phases every hand goes through are functions that LLVM inlines into ``play_dealt``, and
``play_dealt`` into the loops that call it (``forceinline=INLINE_PHASES``, from
``compile_options``, which a bound copy may replace; compiled without reference counting: they
allocate nothing), so the hand compiles to one loop body whose state stays in registers, and
``tracing=False`` compiles the event log away.  The big phases are inlined by LLVM rather than
by Numba (``inline="always"``) because Numba compiles such a function once and every caller
shares it, while Numba's own inlining re-processes a callee's whole body at every level it is
inlined through: with the tricks, the hand and the batch inlined by Numba the main job compiled
for 190 s; with LLVM doing it, 50 s, at the same speed.  Small helpers and the seat's decisions
stay inlined by Numba, where inlining is cheap.  The two phases of house rules that are off by
default (farmer's hand, defending alone) are called instead: kept out of that body, they leave
the compiler a smaller hot path to lay out.  Each phase ends in a single ``return`` (loops
``break`` into it), which compiled to faster code for the same logic.  Once trump is known the
hands are remapped into the power layout (``sim.bits``), where the trick's winner is one bit
test.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import NINES_TENS, TRUMP_POW, low, to_power
from sim.cards import LED_MASK, POWER_CARD, SUIT_MASK_POW
from sim.rng import STREAM_PLAY, STREAM_SEAT, deal_block, hand_key
from sim.rules import (
    R_DEALER_DISCARDS_PARTNER_ALONE,
    R_DEFEND_ALONE,
    R_FARMER,
    R_GAME_TO,
    R_LONE_DEFENDER_POINTS,
    R_STICK,
)
from sim.scoring import hand_points
from sim.seats import next_seats

from . import seat as sm
from .compile_options import INLINE_PHASES
from .layout import (
    BAD_USER_CELL,
    BID_ORDER,
    BID_PASS,
    DEAL_BLOCK,
    EV_BID,
    EV_DEFEND,
    EV_DISCARD,
    EV_FARMER,
    EV_PLAY,
    F_ACTION,
    F_DISCARD,
    F_POS,
    F_ROUND,
    F_SUIT,
    FORCE_ALONE,
    FORCE_PASS,
    NRES,
    RES_ALONE,
    RES_DEF_ALONE,
    RES_FARMER,
    RES_MAKER,
    RES_MAKER_TRICKS,
    RES_ROUND,
)
from .seat import FARMERS_HAND, FAST_TRICKS


@njit(cache=True, inline="always", _nrt=False)
def log_event(trace, kind, seat, a, b):
    k = trace[0, 0] + 1
    trace[0, 0] = k
    trace[k, 0] = kind
    trace[k, 1] = seat
    trace[k, 2] = a
    trace[k, 3] = b


@njit(cache=True, inline="always", _nrt=False)
def close_flags(scores, game_to):
    """Bit ``team`` set when that team needs one point to win (game mode): the score is read
    once a hand, not at every decision.  A seat's flags are ``(close >> team) & 1`` (its own
    side) and ``(close >> (1 - team)) & 1`` (the other side)."""
    return ((1 if scores[0] >= game_to - 1 else 0)
            | ((1 if scores[1] >= game_to - 1 else 0) << 1))


@njit(cache=True, inline="always", _nrt=False)
def round1_is_plain(kinds, force):
    """True when round 1 can be decided for all four seats at once (``seat.round1_all``): no
    forced round-1 bid and the seat module allows it (the same for every hand of a run)."""
    return not (force[F_ROUND] == 1 and force[F_POS] >= 0) and sm.plain_round1(kinds)


@njit(cache=True, inline="always", _nrt=False)
def seat_key_of(seed, idx):
    """The seat module's own key for hand ``idx`` of a run (0 when it draws none)."""
    return hand_key(seed, idx, STREAM_SEAT) if sm.KEYED else np.uint64(0)


@njit(cache=True, inline="always", _nrt=False)
def forced_discard(force, hand6):
    """The forced dealer's discard, when one is forced and he holds it; else -1."""
    d = force[F_DISCARD]
    return d if force[F_POS] == 3 and d >= 0 and (hand6 >> d) & 1 else -1


@njit(cache=True, inline="always", _nrt=False)
def forced_call(force, stuck, seat_table, slots, seat, hand, turned):
    """Round 2's forced action: -1 pass (a stuck dealer cannot), else 2 * suit + alone, the
    suit forced or else the one the seat's player names (``seat.best_suit``)."""
    a = -1
    if not (force[F_ACTION] == FORCE_PASS and not stuck):
        s = force[F_SUIT]
        if s < 0:
            s = sm.best_suit(seat_table, slots, seat, hand, turned)
        a = 2 * s + (1 if force[F_ACTION] == FORCE_ALONE else 0)
    return a


@njit(cache=True, inline="always", _nrt=False)
def log_bid(trace, seat, rnd, a):
    """Log a bid of round ``rnd`` as the phases return it."""
    if rnd == 1:
        log_event(trace, EV_BID, seat, BID_ORDER if a else BID_PASS, 1 if a == 2 else 0)
    else:
        log_event(trace, EV_BID, seat, BID_PASS if a < 0 else 2 + a // 2, 0 if a < 0 else a & 1)


# ---------------------------------------------------------------------------------------------
# the phases

@njit(cache=True, _nrt=False)
def farmers_hand(ps, hands, dealer, upcard, kitty, kinds, seat_table, slots, play_key, draws,
                 trace, tracing):
    """A player holding only 9s and 10s (at most one can) may swap three cards for the
    face-down kitty; returns his seat, or -1."""
    farmer = -1
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        if hands[seat] & ~NINES_TENS == 0:
            gave = sm.farmer(ps, kinds, seat, seat_table, slots, hands[seat], upcard, play_key,
                             draws)
            if gave:
                hands[seat] = (hands[seat] & ~gave) | kitty
                farmer = seat
                if tracing:
                    log_event(trace, EV_FARMER, seat, gave, kitty)
            break
    return farmer


@njit(cache=True, forceinline=INLINE_PHASES, _nrt=False)
def round1(ps, hands, dealer, upcard, kinds, seat_table, ctx, plain, force, rules, scores,
           play_key, seat_key, draws, trace, tracing):
    """Round 1, from the dealer's left: may the upcard be ordered up?  Returns (maker or -1,
    alone, forced, bad_user).

    When ``plain`` (``round1_is_plain``) all four bids are worked out at once
    (``seat.round1_all``) and the first order found by a bit scan, without a branch per seat
    (whether a seat orders is unpredictable); otherwise (a random player, a hook, a forced
    bid) the seats are asked one by one, in the same loop (which starts past the end when
    ``plain``)."""
    maker = -1
    alone = 0
    forced = 0
    bad_user = 0
    if plain:
        orders, alones = sm.round1_all(hands, dealer, upcard, seat_table, ctx)
        k = low(orders | 16)             # 4: all passed
        if tracing:
            for j in range(min(k, 3) + 1):
                log_event(trace, EV_BID, (dealer + 1 + j) & 3, BID_ORDER if j == k else BID_PASS,
                          (alones >> j) & 1 if j == k else 0)
        if k < 4:
            maker = (dealer + 1 + k) & 3
            alone = (alones >> k) & 1
    forced_pos = force[F_POS] if force[F_ROUND] == 1 else -1
    for k in range(4 if plain else 0, 4):
        seat = (dealer + 1 + k) & 3
        if k == forced_pos:
            a = force[F_ACTION]
            forced = 1
        else:
            a, bad = sm.order_up(ps, kinds, seat, k, hands[seat], dealer, upcard, seat_table,
                                 ctx, rules, scores, play_key, seat_key, draws)
            bad_user |= bad
        if tracing:
            log_bid(trace, seat, 1, a)
        if a:
            maker = seat
            alone = 1 if a == 2 else 0
            break
    return maker, alone, forced, bad_user


@njit(cache=True, forceinline=INLINE_PHASES, _nrt=False)
def pick_up(ps, hands, dealer, upcard, maker, alone, kinds, rules, force, ctx, play_key,
            seat_key, draws, trace, tracing):
    """The dealer picks up the ordered upcard and discards (unless his partner is alone and the
    rule says not to).  Returns (the discard or -1, bad_user)."""
    partner_alone = alone and maker == ((dealer + 2) & 3)
    bad_user = 0
    discard = -1
    if not (partner_alone and not rules[R_DEALER_DISCARDS_PARTNER_ALONE]):
        hand6 = hands[dealer] | (np.int64(1) << upcard)
        d = forced_discard(force, hand6)
        if d < 0:
            d, bad_user = sm.discard(ps, kinds, dealer, hand6, upcard, maker, alone, rules, ctx,
                                     play_key, seat_key, draws)
        hands[dealer] = hand6 & ~(np.int64(1) << d)
        discard = d
        if tracing:
            log_event(trace, EV_DISCARD, dealer, d, 0)
    return discard, bad_user


@njit(cache=True, forceinline=INLINE_PHASES, _nrt=False)
def round2(ps, hands, dealer, upcard, kinds, seat_table, slots, ctx, rules, force, scores,
           play_key, seat_key, draws, trace, tracing):
    """Round 2: any suit but the one turned down, from the dealer's left; under stick the
    dealer the dealer must call.  Returns (maker or -1, trump, alone, forced, bad_user)."""
    turned = upcard // 6
    forced_pos = force[F_POS] if force[F_ROUND] == 2 else -1
    maker = -1
    trump = -1
    alone = 0
    forced = 0
    bad_user = 0
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        stuck = k == 3 and rules[R_STICK] != 0
        if k == forced_pos:
            forced = 1
            a = forced_call(force, stuck, seat_table, slots, seat, hands[seat], turned)
        else:
            a, bad = sm.call(ps, kinds, seat, k, hands[seat], dealer, upcard, stuck, seat_table,
                             ctx, rules, scores, play_key, seat_key, draws)
            bad_user |= bad
        if tracing:
            log_bid(trace, seat, 2, a)
        if a >= 0:
            maker = seat
            trump = a // 2
            alone = a & 1
            break
    return maker, trump, alone, forced, bad_user


@njit(cache=True, _nrt=False)
def defending_alone(ps, hands, maker, t, kinds, seat_table, slots, play_key, draws, trace,
                    tracing):
    """House rule: the first willing defender clockwise from the maker defends alone; returns
    his seat or -1."""
    def_alone = -1
    for k in (1, 3):
        seat = (maker + k) & 3
        if sm.defend_alone(ps, kinds, seat, seat_table, slots, hands[seat], t, play_key, draws):
            def_alone = seat
            if tracing:
                log_event(trace, EV_DEFEND, seat, 0, 0)
            break
    return def_alone


@njit(cache=True, inline="always", _nrt=False)
def lead_card(ps, kinds, hands, seat, t, maker, alone, lone, avoid, leads, played, play_key,
              seat_key, draws, trace, tracing):
    """``seat`` leads (power layout; ``leads``: the seats' lead settings, ``played``: the cards
    played so far in the hand); returns the card's position and 1 if the seat's answer was
    illegal and replaced."""
    c, bad = sm.lead(ps, kinds, seat, hands[seat], t, maker, alone, lone, avoid, leads, played,
                     play_key, seat_key, draws)
    hands[seat] &= ~(np.int64(1) << c)
    if tracing:
        log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
    sm.played(ps, seat, t, c)
    return c, bad


@njit(cache=True, inline="always", _nrt=False)
def follow_card(ps, kinds, hands, seat, t, led_mask, beaters, lead_pos, win_pos, win_seat,
                played, after, second, lone, follows, play_key, seat_key, draws, trace, tracing):
    """``seat`` follows to the trick led at ``lead_pos`` (power layout; ``led_mask``: the led
    suit's cards, ``beaters``: the led suit and trump; ``played``: the cards played so far in
    the hand, this trick's included; ``after``: the next seat to play in the trick or -1;
    ``second``: whether the seat plays second;
    ``lone``: the lone maker or -1; ``follows``: the seats' follow settings); returns the
    trick's winning card and seat after his card, and 1 if the seat's answer was illegal and
    replaced.

    The cards that beat the winner are the legal trumps and led-suit cards above it (a trump
    beats any lower card, a plain card only a lower card of the led suit, and a trump winner is
    above every plain card), so whether the played card takes the trick is one bit test."""
    h = hands[seat]
    suit = h & led_mask
    legal = suit if suit != 0 else h
    # -2 << p: the bits above p
    above = beaters & (np.int64(-2) << win_pos)
    beat = legal & above
    # the cards that beat the winner which this seat has not seen (in no hand it knows of)
    threat = above & ~(h | played)
    c, bad = sm.follow(ps, kinds, seat, h, legal, beat, led_mask, lead_pos, win_pos, win_seat,
                       threat, after, second, lone, follows, t, play_key, seat_key, draws)
    hands[seat] = h & ~(np.int64(1) << c)
    if tracing:
        log_event(trace, EV_PLAY, seat, POWER_CARD[t, c], 0)
    sm.played(ps, seat, t, c)
    better = ((beat >> c) & 1) != 0
    return (c if better else win_pos), (seat if better else win_seat), bad


@njit(cache=True, forceinline=INLINE_PHASES, _nrt=False)
def tricks(ps, hands, leader, t, maker, alone, lone, avoid, kinds, leads, follows, nxt,
           n_active, play_key, seat_key, draws, trace, tracing):
    """The five tricks among the ``n_active`` seats in play (``nxt``: the next seat in play
    after each, ``sim.seats.next_seats``; ``leads``, ``follows``: the seats' ``lead_settings``
    and ``follow_settings``).  Inlined where the branch it sits in has tested that all four
    seats play and that the settings equal constants, the compiler drops every test of them,
    unrolls the three followers and leaves out every step whose result they leave unread (the
    played-cards mask under basic's defaults).  Returns (tricks won by the maker's side,
    bad_user)."""
    maker_tricks = 0
    maker_team = maker & 1
    bad_user = 0
    played = np.int64(0)          # the cards played so far (power layout): every seat saw them
    for _trick in range(5):
        seat = leader
        c, bad = lead_card(ps, kinds, hands, seat, t, maker, alone, lone, avoid, leads, played,
                           play_key, seat_key, draws, trace, tracing)
        bad_user |= bad
        played |= np.int64(1) << c
        led_mask = LED_MASK[t, np.uint64(c)]      # (unsigned: no negative-index check)
        beaters = led_mask | TRUMP_POW
        win_pos = c
        win_seat = seat
        for _j in range(n_active - 1):
            # (with all four in play the next seat is the one on the left: no table to read)
            seat = (seat + 1) & 3 if n_active == 4 else (nxt >> (2 * seat)) & 3
            after = (seat + 1) & 3 if n_active == 4 else (nxt >> (2 * seat)) & 3
            h = hands[seat]
            win_pos, win_seat, bad = follow_card(ps, kinds, hands, seat, t, led_mask, beaters,
                                                 c, win_pos, win_seat, played,
                                                 after if _j < n_active - 2 else -1,
                                                 _j == 0, lone, follows, play_key, seat_key,
                                                 draws, trace, tracing)
            played |= h ^ hands[seat]
            bad_user |= bad
        maker_tricks += 1 if (win_seat & 1) == maker_team else 0
        leader = win_seat
    return maker_tricks, bad_user


@njit(cache=True, forceinline=INLINE_PHASES, _nrt=False)
def five_tricks(ps, hands, dealer, t, maker, alone, def_alone, avoid, kinds, seat_table, slots,
                play_key, seat_key, draws, trace, tracing):
    """Play the five tricks in the power layout, the first led by the first active player from
    the dealer's left, each later one by the last trick's winner.  Returns (tricks won by the
    maker's side, bad_user).

    A four-handed hand whose seats all play one of the two card-play settings the seat module
    names (``seat.SETTINGS_A_*``, ``SETTINGS_B_*``: basic's and the default player's) runs a
    copy of the tricks compiled for those settings, and any other four-handed hand a copy for
    four seats: Numba compiles ``tricks`` once, LLVM inlines it at each branch and, knowing
    from the branch's test that the seats and settings equal those constants, drops every
    test of them.  (Passed as literals instead, Numba typed and compiled a copy for each: 13 s
    more on the first run.)  A seat module without ``FAST_TRICKS`` gets the general copy
    alone: its decisions are calls (pimc's searches) that LLVM would otherwise copy into every
    one of those."""
    for s in range(4):
        hands[s] = to_power(hands[s], t)
    nxt, n_active = next_seats(maker, alone, def_alone)
    leader = (nxt >> (2 * dealer)) & 3
    lone = maker if alone else -1
    leads, follows = sm.trick_settings(seat_table, slots, lone)
    if (FAST_TRICKS and n_active == 4 and follows == sm.SETTINGS_A_FOLLOWS
            and leads == sm.SETTINGS_A_LEADS):
        maker_tricks, bad_user = tricks(ps, hands, leader, t, maker, alone, lone, avoid, kinds,
                                        leads, follows, nxt, n_active, play_key, seat_key,
                                        draws, trace, tracing)
    elif (FAST_TRICKS and n_active == 4 and follows == sm.SETTINGS_B_FOLLOWS
            and leads == sm.SETTINGS_B_LEADS):
        maker_tricks, bad_user = tricks(ps, hands, leader, t, maker, alone, lone, avoid, kinds,
                                        leads, follows, nxt, n_active, play_key, seat_key,
                                        draws, trace, tracing)
    elif FAST_TRICKS and n_active == 4:
        maker_tricks, bad_user = tricks(ps, hands, leader, t, maker, alone, lone, avoid, kinds,
                                        leads, follows, nxt, n_active, play_key, seat_key,
                                        draws, trace, tracing)
    else:
        maker_tricks, bad_user = tricks(ps, hands, leader, t, maker, alone, lone, avoid, kinds,
                                        leads, follows, nxt, n_active, play_key, seat_key,
                                        draws, trace, tracing)
    return maker_tricks, bad_user


# ---------------------------------------------------------------------------------------------
# the hand

@njit(cache=True, forceinline=INLINE_PHASES, _nrt=False)
def play_dealt(ps, deal, dealer, rules, kinds, seat_table, slots, play_key, seat_key, draws,
               scores, close, plain_round1, force, hands, trace, tracing):
    """Play one complete hand of ``deal`` = (the four hands dealt from the dealer's left round,
    as card masks; the upcard; the mask of the three face-down kitty cards).  Returns the
    hand's RES_* fields but the points (``sim.scoring.hand_points``) as a tuple: (round made,
    maker, trump, alone, defender alone, maker's tricks, farmer, discard, forced, upcard,
    bad_user).

    ``kinds`` is per seat; ``seat_table`` and ``slots`` (``seat.table_slots``) hold the seats'
    numbers; ``ps`` is the seat module's state, ``seat_key`` its key for this hand.
    ``scores`` (team 0, team 1) feed code strategies, and the built-in ones through ``close``
    (``close_flags``); ``plain_round1`` is ``round1_is_plain``: callers work both out once a
    run where they do not change.  ``hands`` is 4-int scratch; ``draws`` counts the draws of
    the play key.  With ``tracing`` every action is logged into ``trace``.
    """
    draws[0] = 0
    h0, h1, h2, h3, upcard, kitty = deal
    hands[(dealer + 1) & 3] = h0
    hands[(dealer + 2) & 3] = h1
    hands[(dealer + 3) & 3] = h2
    hands[dealer] = h3
    turned = upcard // 6
    farmer = -1
    if FARMERS_HAND and rules[R_FARMER]:      # a constant: off, farmers_hand is not compiled
        farmer = farmers_hand(ps, hands, dealer, upcard, kitty, kinds, seat_table, slots,
                              play_key, draws, trace, tracing)
    # what the seats' players work out once a hand (basic's discard for the dealer and the
    # hand's bidding plan)
    ctx = sm.hand_context(hands, dealer, upcard, kinds, rules, close)
    maker, alone, forced, bad_user = round1(ps, hands, dealer, upcard, kinds, seat_table, ctx,
                                            plain_round1, force, rules, scores, play_key,
                                            seat_key, draws, trace, tracing)
    discard = -1
    t = -1
    rnd = 0
    if maker >= 0:
        rnd = 1
        t = turned
        discard, bad = pick_up(ps, hands, dealer, upcard, maker, alone, kinds, rules, force, ctx,
                               play_key, seat_key, draws, trace, tracing)
        bad_user |= bad
    else:
        maker, t, alone, forced2, bad = round2(ps, hands, dealer, upcard, kinds, seat_table,
                                               slots, ctx, rules, force, scores, play_key,
                                               seat_key, draws, trace, tracing)
        forced |= forced2
        bad_user |= bad
        if maker >= 0:
            rnd = 2
    def_alone = -1
    maker_tricks = 0
    if rnd != 0:
        if rules[R_DEFEND_ALONE]:
            def_alone = defending_alone(ps, hands, maker, t, kinds, seat_table, slots, play_key,
                                        draws, trace, tracing)
        sm.contract(ps, dealer, upcard, rnd, t, maker, alone, def_alone, discard, rules)
        # in round 2 a defender leading avoids the suit turned down while he can
        avoid = SUIT_MASK_POW[t, turned] if rnd == 2 else np.int64(0)
        maker_tricks, bad = five_tricks(ps, hands, dealer, t, maker, alone, def_alone, avoid,
                                        kinds, seat_table, slots, play_key, seat_key, draws,
                                        trace, tracing)
        bad_user |= bad
    return (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
            bad_user)


@njit(cache=True, inline="always", _nrt=False)
def cards_mask(deck, lo, hi):
    """The mask of the cards at positions ``lo .. hi-1`` of a dealt ``deck``."""
    m = np.int64(0)
    for j in range(lo, hi):
        m |= np.int64(1) << deck[j]
    return m


@njit(cache=True, inline="always", _nrt=False)
def deck_deal(deck):
    """The deal (``play_dealt``) of a 24-card ``deck`` in deal order."""
    return (cards_mask(deck, 0, 5), cards_mask(deck, 5, 10), cards_mask(deck, 10, 15),
            cards_mask(deck, 15, 20), deck[20], cards_mask(deck, 21, 24))


@njit(cache=True, _nrt=False)
def play_hand(ps, deck, dealer, rules, kinds, seat_table, slots, play_key, seat_key, draws,
              scores, force, res, hands, trace, tracing):
    """``play_dealt`` of a dealt ``deck`` (24 cards in deal order) as a called function that
    fills ``res`` (NRES fields; traces and the advisor).  The batches inline ``play_dealt``
    instead: passing a dozen arrays to a call costs a tenth of a hand."""
    fill_result(play_dealt(ps, deck_deal(deck), dealer, rules, kinds, seat_table, slots,
                           play_key, seat_key, draws, scores,
                           close_flags(scores, rules[R_GAME_TO]),
                           round1_is_plain(kinds, force), force, hands, trace, tracing),
                rules, res)


@njit(cache=True, inline="always", _nrt=False)
def fill_result(result, rules, res):
    """``res`` (the NRES fields) of a ``play_dealt`` result, its points worked out."""
    (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
     bad_user) = result
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
# the hand loop of a batch (here, beside the hand it inlines: compiled in another module, the
# same code ran slower)

@njit(cache=True, inline="always", _nrt=False)
def dealt_at(dealt, k):
    """The deal (``play_dealt``) in column ``k`` of a block of deals."""
    return (dealt[0, k], dealt[1, k], dealt[2, k], dealt[3, k], dealt[4, k], dealt[5, k])


@njit(cache=True, inline="always", _nrt=False)
def record_deal(masks, i, dealer, deal):
    """The four dealt hands of a deal into record column ``i``, by seat."""
    masks[(dealer + 1) & 3, i] = deal[0]
    masks[(dealer + 2) & 3, i] = deal[1]
    masks[(dealer + 3) & 3, i] = deal[2]
    masks[dealer, i] = deal[3]


@njit(cache=True, inline="always", _nrt=False)
def write_record(fields, i, dealer, rules, result):
    """Record columns (``RECORD_COLUMNS`` after the four hands) of hand ``i`` from its
    ``play_dealt`` result."""
    (rnd, maker, t, alone, def_alone, maker_tricks, farmer, discard, forced, upcard,
     _bad_user) = result
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


@njit(cache=True, nogil=True, _nrt=False)
def play_chunk(ps, seed, start, lo, hi, rules, kinds, seat_table, slots, randoms, force, masks,
               fields, want_records, tally_row, scores, dealt, hands, draws, trace):
    """Play hands ``start + lo .. start + hi - 1`` of a run into ``tally_row`` (and records);
    ``run_hands`` allocates the scratch arrays and calls it once per chunk from the run's
    threads (it holds no GIL), so the hand loop is compiled as ordinary serial code.
    ``dealt`` (6 x ``DEAL_BLOCK``) holds a block of deals; ``ps`` is the seat module's state
    for the chunk."""
    close = close_flags(scores, rules[R_GAME_TO])
    plain_round1 = round1_is_plain(kinds, force)
    for b in range(lo, hi, DEAL_BLOCK):
        e = min(hi, b + DEAL_BLOCK)
        deal_block(seed, start, b, e, dealt)
        for i in range(b, e):
            idx = start + i
            k = i - b
            deal = dealt_at(dealt, k)
            dealer = idx & 3
            # only random choices use the play key
            play_key = hand_key(seed, idx, STREAM_PLAY) if randoms else np.uint64(0)
            if want_records:
                record_deal(masks, i, dealer, deal)
            result = play_dealt(ps, deal, dealer, rules, kinds, seat_table, slots, play_key,
                                seat_key_of(seed, idx), draws, scores, close, plain_round1,
                                force, hands, trace, False)
            if want_records:
                write_record(fields, i, dealer, rules, result)
            (rnd, maker, _t, alone, def_alone, maker_tricks, farmer, _discard, _forced, _upcard,
             bad_user) = result
            tally_row[tally_cell(dealer, rnd, maker, alone, def_alone, maker_tricks,
                                 farmer)] += 1
            if sm.COUNTS_BAD:
                tally_row[BAD_USER_CELL] += bad_user
