"""``basic``'s decisions in plain Python, written from the strategy's description: the slow,
obviously correct twin the tests compare the Numba player (``sim.players.basic``) against.

Cards are ids ``suit * 6 + rank`` and hands lists of ids.  "Lowest" and "highest" follow one
order of all 24 cards for a trump: plain cards by rank (9 T J Q K A), cards of equal rank by
suit (C D H S), then the trumps 9 T Q K A, left bower, right bower.
"""

from __future__ import annotations

from sim.cards import ACE, effective_suit, left_bower, rank_of, right_bower, suit_of
from sim.players.basic import BASIC_PARAMS, P_VOID, card_value

TRUMP_ORDER = (0, 1, None, 2, 3, 4)     # trump 9 T (J: a bower) Q K A
OVERTAKE_PARTNER = BASIC_PARAMS["overtake_partner"][0]
PARTNER_PULLS = BASIC_PARAMS["partner_pulls"][0]
STOP_PULLING = BASIC_PARAMS["stop_pulling"][0]
SHORT_LEAD = BASIC_PARAMS["short_lead"][0]
SHORT_DISCARD = BASIC_PARAMS["short_discard"][0]
SECOND_LOW = BASIC_PARAMS["second_low"][0]
BOSS_LEAD = BASIC_PARAMS["boss_lead"][0]


def order(c: int, trump: int) -> int:
    """The card's place in the order of the module header (higher is stronger)."""
    if c == right_bower(trump):
        return 106
    if c == left_bower(trump):
        return 105
    if suit_of(c) == trump:
        return 100 + TRUMP_ORDER[rank_of(c)]
    return rank_of(c) * 4 + suit_of(c)


def is_trump(c: int, trump: int) -> bool:
    return effective_suit(c, trump) == trump


def bid_value(params, hand: list[int], trump: int) -> float:
    """The point count: card values (summed suit by suit, clubs first, each suit from its 9
    up), plus the void value per side suit without a card when holding two or more trumps."""
    v = None
    for s in range(4):
        suit_value = sum(card_value(params, trump, c) for c in sorted(hand) if c // 6 == s)
        v = suit_value if v is None else v + suit_value
    trumps = sum(1 for c in hand if is_trump(c, trump))
    voids = sum(1 for s in range(4) if s != trump
                and not any(effective_suit(c, trump) == s for c in hand))
    return v + float(voids if trumps >= 2 else 0) * params[P_VOID]


def discard(hand6: list[int], trump: int, upcard: int, may_discard_upcard: bool = True) -> int:
    """The dealer's discard: the lowest non-ace that is alone in its side suit, else the lowest
    plain non-ace, else the lowest plain card, else the lowest trump (never the upcard where
    the rules forbid it)."""
    allowed = [c for c in hand6 if may_discard_upcard or c != upcard]
    plain = [c for c in allowed if not is_trump(c, trump)]
    nonace = [c for c in plain if rank_of(c) != ACE]

    def alone_in_suit(c):
        return sum(1 for d in hand6 if effective_suit(d, trump) == effective_suit(c, trump)) == 1

    singles = [c for c in nonace if alone_in_suit(c)]
    for choice in (singles, nonace, plain, allowed):
        if choice:
            return min(choice, key=lambda c: order(c, trump))
    raise ValueError("no card to discard")


def shortest_suit(cards: list[int], trump: int) -> list[int]:
    """The cards of the effective suit with fewest of ``cards`` (on a tie, the suit of the
    lowest card)."""
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(effective_suit(c, trump), []).append(c)
    return min(by_suit.values(), key=lambda cs: (len(cs), min(order(c, trump) for c in cs)))


def lead(hand: list[int], trump: int, seat: int, maker: int, alone: bool,
         turned: int | None = None, played=(), partner_pulls: float = PARTNER_PULLS,
         stop_pulling: float = STOP_PULLING, short_lead: float = SHORT_LEAD,
         boss_lead: float = BOSS_LEAD) -> int:
    """The card to lead: a lone maker leads his highest card, and the maker's side its highest
    trump while it holds one; otherwise an off-suit ace, else the lowest plain card, avoiding
    the suit turned down in round 2 (``turned``) while another plain card allows.

    The lead settings: with ``partner_pulls`` 0 the maker's partner leads like a defender;
    ``stop_pulling`` 1 stops leading trump once every trump not in the hand has been played
    (``played``: the cards played so far), 2 also while a trump neither held nor played is
    higher than the hand's highest, 3 as 2 except while the hand holds two trumps or more;
    ``boss_lead`` 1 treats every plain card that no unseen card of its suit beats as an ace;
    ``short_lead`` 1 leads the lowest card of the plain suit
    with fewest cards (on a tie, the suit of the lowest card) instead of the lowest plain
    card."""
    trumps = [c for c in hand if is_trump(c, trump)]
    pulls = bool(trumps) and seat % 2 == maker % 2 and (seat == maker or partner_pulls >= 0.5)
    if pulls and stop_pulling >= 0.5:
        unseen = [c for c in range(24)
                  if is_trump(c, trump) and c not in hand and c not in played]
        pulls = bool(unseen) and (stop_pulling < 1.5 or max(order(c, trump) for c in trumps)
                                  > max(order(c, trump) for c in unseen)
                                  or (stop_pulling >= 2.5 and len(trumps) >= 2))
    if (alone and seat == maker) or pulls:
        return max(hand, key=lambda c: order(c, trump))
    plain = [c for c in hand if not is_trump(c, trump)]
    aces = [c for c in plain if rank_of(c) == ACE]
    if boss_lead >= 0.5:
        unseen = [c for c in range(24) if c not in hand and c not in played]
        aces = [c for c in plain
                if c == max((d for d in plain if effective_suit(d, trump)
                             == effective_suit(c, trump)), key=lambda d: order(d, trump))
                and not any(effective_suit(u, trump) == effective_suit(c, trump)
                            and order(u, trump) > order(c, trump) for u in unseen)]

    def avoiding(cards):
        return [c for c in cards if turned is None or effective_suit(c, trump) != turned]

    low_plain = avoiding(plain)
    if short_lead >= 0.5 and not avoiding(aces) and low_plain:
        low_plain = shortest_suit(low_plain, trump)
    for choice in (avoiding(aces), low_plain, aces, plain, hand):
        if choice:
            return min(choice, key=lambda c: order(c, trump))
    raise ValueError("no card to lead")


def beats(c: int, winner: int, trump: int, led_suit: int) -> bool:
    """Whether ``c`` takes the trick from the card now winning it."""
    if is_trump(c, trump):
        return not is_trump(winner, trump) or order(c, trump) > order(winner, trump)
    return (effective_suit(c, trump) == led_suit and not is_trump(winner, trump)
            and rank_of(c) > rank_of(winner))


def follow(hand: list[int], trump: int, led_suit: int, winner: int, winner_seat: int,
           seat: int, played=(), after: int | None = None, lone: int | None = None,
           overtake_partner: float = OVERTAKE_PARTNER,
           short_discard: float = SHORT_DISCARD, second_hand: bool = False,
           second_low: float = SECOND_LOW) -> int:
    """The card to play after the lead: follow suit if possible; when the other side is
    winning, take the trick as cheaply as possible (trumping in when void); otherwise, or when
    nothing wins, throw the lowest legal card.

    The exception: partner is winning, the next player in the trick (``after``; None when this
    seat plays last) is an opponent, and some card this seat has not seen (neither in ``hand``
    nor in ``played``, the cards played so far in the hand, this trick's included) beats
    partner's card but not our cheapest winner.  Then take the trick with that cheapest winner
    (``overtake_partner``: 0 never, 1 only when that opponent is the lone maker ``lone``, 2
    for any opponent).

    With ``short_discard`` 1, a seat void in the led suit that does not take the trick throws
    the lowest card of its plain suit with fewest cards, aces not counted (on a tie, the suit
    of the lowest card), while it holds a plain card other than an ace.  With ``second_low`` 1,
    a second hand (``second_hand``: the seat plays second in the trick, so ``winner`` is the
    led card) void in the led suit does not trump when a card it has not seen, of the led
    suit, beats the led card: his partner may take the trick."""
    legal = [c for c in hand if effective_suit(c, trump) == led_suit] or list(hand)
    winners = [c for c in legal if beats(c, winner, trump, led_suit)]
    partner_winning = (winner_seat - seat) % 2 == 0
    unseen = [c for c in range(24) if c not in hand and c not in played]
    if winners and partner_winning and after is not None and (after - seat) % 2 == 1 and (
            overtake_partner >= 1.5 or (overtake_partner >= 0.5 and after == lone)):
        cheapest = min(winners, key=lambda c: order(c, trump))
        if any(beats(c, winner, trump, led_suit) and not beats(c, cheapest, trump, led_suit)
               for c in unseen):
            return cheapest
    void = all(effective_suit(c, trump) != led_suit for c in hand)
    partner_may_win = any(effective_suit(c, trump) == led_suit
                          and beats(c, winner, trump, led_suit) for c in unseen)
    hold_back = second_low >= 0.5 and second_hand and void and partner_may_win
    if winners and not partner_winning and not hold_back:
        return min(winners, key=lambda c: order(c, trump))
    spare = [c for c in hand if not is_trump(c, trump) and rank_of(c) != ACE]
    if void and short_discard >= 0.5 and spare:
        legal = shortest_suit(spare, trump)
    return min(legal, key=lambda c: order(c, trump))
