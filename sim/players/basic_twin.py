"""``basic``'s decisions in plain Python, written from the strategy's description: the slow,
obviously correct twin the tests compare the Numba player (``sim.players.basic``) against.

Cards are ids ``suit * 6 + rank`` and hands lists of ids.  "Lowest" and "highest" follow one
order of all 24 cards for a trump: plain cards by rank (9 T J Q K A), cards of equal rank by
suit (C D H S), then the trumps 9 T Q K A, left bower, right bower.
"""

from __future__ import annotations

from sim.cards import ACE, effective_suit, left_bower, rank_of, right_bower, suit_of
from sim.players.basic import P_VOID, card_value

TRUMP_ORDER = (0, 1, None, 2, 3, 4)     # trump 9 T (J: a bower) Q K A


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


def lead(hand: list[int], trump: int, seat: int, maker: int, alone: bool,
         turned: int | None = None) -> int:
    """The card to lead: a lone maker leads his highest card, and the maker's side its highest
    trump while it holds one; otherwise an off-suit ace, else the lowest plain card, avoiding
    the suit turned down in round 2 (``turned``) while another plain card allows."""
    if (alone and seat == maker) or (
            seat % 2 == maker % 2 and any(is_trump(c, trump) for c in hand)):
        return max(hand, key=lambda c: order(c, trump))
    plain = [c for c in hand if not is_trump(c, trump)]
    aces = [c for c in plain if rank_of(c) == ACE]

    def avoiding(cards):
        return [c for c in cards if turned is None or effective_suit(c, trump) != turned]

    for choice in (avoiding(aces), avoiding(plain), aces, plain, hand):
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
           seat: int) -> int:
    """The card to play after the lead: follow suit if possible; when the other side is
    winning, take the trick as cheaply as possible (trumping in when void); otherwise, or when
    nothing wins, throw the lowest legal card."""
    legal = [c for c in hand if effective_suit(c, trump) == led_suit] or list(hand)
    winners = [c for c in legal if beats(c, winner, trump, led_suit)]
    choice = winners if winners and (winner_seat - seat) % 2 else legal
    return min(choice, key=lambda c: order(c, trump))
