"""How likely the cards played so far are, given the hands a world deals: a world's second weight.

A seat that did not trump its partner's king, or led a low spade rather than the ace a world
gives it, tells something about its hand.  ``play_likelihood`` is the probability of the cards
the other seats played in a hand, under a model of card play, with the seats holding what a
world gives them (their hands now and the cards they played): each card's probability is
``1 - soft + soft / n`` when it is the card the model plays and ``soft / n`` otherwise (``n``
the seat's legal cards then; a seat with one legal card says nothing).

The model is ``tuned``'s card play (``sim.players.basic``'s lead and follow with tuned's
settings, ``LEAD_CODE`` and ``FOLLOW_CODE``), softened: pimc and people play a card the rule
would not now and then, so ``soft`` is the share of plays that differ from the rule's
(``PLAY_SOFT``, measured on pimc's own plays: ``play_agreement``, ``scripts/play_soft.py``).
The seat that asks and seats in ``skip`` add no factor.

``pimc:inference=bids+play`` multiplies each world's auction weight (``sim.players.auction``) by
this one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.bits import TRUMP_POW, popcount, to_power
from sim.cards import LED_MASK, POWER_POS, SUIT_MASK_POW
from sim.players import basic
from sim.players.tuned import TUNED_VECTOR
from sim.seats import next_seats
from sim.solver.worlds import (
    K_ALONE,
    K_CARDS,
    K_DEFENDER,
    K_DISCARD,
    K_HAND,
    K_MAKER,
    K_N_PLAYED,
    K_PICKED,
    K_SEAT,
    K_SEATS,
    K_TRUMP,
    K_UPCARD,
)

# the share of pimc's plays with two legal cards or more that differ from tuned's card play:
# 0.306 [0.301, 0.311] on 3,000 hands (``python scripts/play_soft.py --hands 3000 --seed 6``)
PLAY_SOFT = 0.3
# tuned's lead and follow settings codes (one seat's, before the lone maker is known): plain
# ints, constants to Numba
LEAD_CODE = basic.lead_code(TUNED_VECTOR)
FOLLOW_CODE = basic.follow_code(TUNED_VECTOR)


@njit(cache=True)
def rule_card(seat, h, t, maker, lone, avoid, played, in_trick, n_active, nxt, led_mask,
               lead_pos, win_pos, win_seat):
    """(the card tuned plays, power layout; the number of legal cards) for ``seat`` holding
    ``h`` (power layout) with ``played`` (power layout) gone, ``in_trick`` cards on the table."""
    if in_trick == 0:
        return basic.lead(seat, h, t, maker, lone, avoid, LEAD_CODE, played), popcount(h)
    suit = h & led_mask
    legal = suit if suit != 0 else h
    above = (led_mask | TRUMP_POW) & (np.int64(-2) << win_pos)
    after = (nxt >> (2 * seat)) & 3 if in_trick < n_active - 1 else -1
    threat = above & ~(h | played)
    spot = ((basic.SPOT_VOID if suit == 0 else 0)
            | (basic.SPOT_SECOND if in_trick == 1 and (threat & led_mask) != 0 else 0))
    setting = FOLLOW_CODE
    if lone < 0 and (setting & basic.F_OVERTAKE) == 1:
        setting &= ~1           # as ``basic.follow_settings``: nothing to watch
    c = basic.follow(seat, legal, legal & above, win_seat, threat, after, lone, setting, spot, t)
    return c, popcount(legal)


@njit(cache=True)
def play_likelihood(kn, hands, skip, soft, counts):
    """The probability of the cards played so far in the knowledge ``kn`` by the seats not in
    ``skip`` (a bit a seat), holding ``hands`` now (card masks, by seat; the cards each played
    are added back), under tuned's card play softened by ``soft``.  ``counts`` (2) gains the
    plays weighed with two legal cards or more and those of them that were tuned's card."""
    t = kn[K_TRUMP]
    maker = kn[K_MAKER]
    alone = kn[K_ALONE]
    lone = maker if alone else -1
    nxt, n_active = next_seats(maker, alone, kn[K_DEFENDER])
    avoid = SUIT_MASK_POW[t, kn[K_UPCARD] // 6] if kn[K_PICKED] == 0 else np.int64(0)
    held = np.zeros(4, np.int64)             # power layout, each seat's hand before the play
    n = kn[K_N_PLAYED]
    for s in range(4):
        held[s] = to_power(hands[s], t)
    for j in range(n):
        held[kn[K_SEATS + j]] |= np.int64(1) << POWER_POS[t, kn[K_CARDS + j]]
    w = 1.0
    played = np.int64(0)
    in_trick = 0
    lead_pos = 0
    led_mask = np.int64(0)
    win_pos = 0
    win_seat = -1
    for j in range(n):
        s = kn[K_SEATS + j]
        c = POWER_POS[t, kn[K_CARDS + j]]
        if not (skip >> s) & 1:
            rule, n_legal = rule_card(s, held[s], t, maker, lone, avoid, played, in_trick,
                                       n_active, nxt, led_mask, lead_pos, win_pos, win_seat)
            if n_legal >= 2:
                counts[0] += 1
                share = soft / n_legal
                if rule == c:
                    counts[1] += 1
                    w *= 1.0 - soft + share
                else:
                    w *= share
        if in_trick == 0:
            lead_pos = c
            led_mask = LED_MASK[t, np.uint64(c)]
            win_pos = c
            win_seat = s
        elif (((led_mask | TRUMP_POW) & (np.int64(-2) << win_pos)) >> c) & 1:
            win_pos = c
            win_seat = s
        held[s] &= ~(np.int64(1) << c)
        played |= np.int64(1) << c
        in_trick = in_trick + 1 if in_trick + 1 < n_active else 0
    return w


def played_hand(record) -> np.ndarray | None:
    """The knowledge array (``sim.solver.worlds``) of a played hand's whole play, as no seat
    sees it (seat 0, an empty hand, no discard), from a hand record (a dict as ``sim.trace``
    gives it, or ``sim.records.HandRecord``); None for a hand passed out."""
    from sim.cards import suit_of
    from sim.records import HandRecord, parse_record
    from sim.solver.worlds import new_knowledge

    rec = record if isinstance(record, HandRecord) else parse_record(record)
    made = [b for b in rec.bids if b.action in ("order_up", "call")]
    if not made:
        return None
    bid = made[-1]
    trump = suit_of(rec.upcard) if bid.action == "order_up" else bid.suit
    defenders = [b.seat for b in rec.bids if b.action == "defend_alone"]
    return new_knowledge(0, 0, trump, bid.seat, bid.alone, defenders[0] if defenders else -1,
                         rec.dealer, rec.upcard, bid.action == "order_up", -1, list(rec.plays))


def card_decisions(record):
    """Each card decision of a played hand as its seat saw it: ``(knowledge, hidden)`` for
    every play in order, ``hidden`` the (card, seat) of each card the seat could not see then
    (in the other hands; the kitty left out).  Nothing for a hand passed out."""
    from sim.records import HandRecord, parse_record

    rec = record if isinstance(record, HandRecord) else parse_record(record)
    whole = played_hand(rec)
    if whole is None:
        return
    now = [set(h) for h in rec.hands]
    if rec.discard is not None:
        now[rec.dealer] = (now[rec.dealer] | {rec.upcard}) - {rec.discard}
    for j, (seat, card) in enumerate(rec.plays):
        kn = whole.copy()
        kn[K_SEAT], kn[K_HAND], kn[K_N_PLAYED] = seat, sum(1 << x for x in now[seat]), j
        kn[K_DISCARD] = rec.discard if seat == rec.dealer and rec.discard is not None else -1
        yield kn, [(x, o) for o in range(4) if o != seat for x in now[o]]
        now[seat].discard(card)


def play_agreement(records) -> tuple[int, int]:
    """(plays with two legal cards or more, those of them that were tuned's card) over hand
    records: ``1 - same / plays`` is the softening that fits the players who played them."""
    counts = np.zeros(2, np.int64)
    for rec in records:
        kn = played_hand(rec)
        if kn is not None:
            play_likelihood(kn, np.zeros(4, np.int64), 0, 0.0, counts)
    return int(counts[0]), int(counts[1])


__all__ = ["PLAY_SOFT", "rule_card", "play_likelihood", "played_hand", "card_decisions",
           "play_agreement"]
