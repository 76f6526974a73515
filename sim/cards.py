"""Cards, hands and per-trump tables for the 24-card Euchre pack.

A card is a small integer ``suit * 6 + rank`` with suits ``C D H S`` (0-3) and ranks
``9 T J Q K A`` (0-5); a hand is a 24-bit mask with bit ``card`` set.  Strings exist only at
the edges: ``parse_card`` accepts ``JH``, ``10h``, ``J♥`` and friends, ``card_name`` always
writes the canonical ``JH``.

The per-trump tables are what the Numba kernel runs on.  For each trump suit every card has a
*power position* 0-23: trump occupies the top seven positions (9 T Q K A, left bower, right
bower = 17..23) and the seventeen plain cards fill 0-16 in rank order (all plain 9s, then tens,
jacks, queens, kings, aces; ties by suit).  Within any one effective suit the position grows with
trick-taking strength, so with a hand remapped into this layout the highest card is the top set
bit, the lowest the bottom set bit, and the cheapest winner the lowest legal bit above the
current winner.
"""

from __future__ import annotations

import numpy as np

SUITS = "CDHS"
RANKS = "9TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
NINE, TEN, JACK, QUEEN, KING, ACE = 0, 1, 2, 3, 4, 5
N_CARDS = 24
FULL_DECK = (1 << N_CARDS) - 1

_SUIT_INPUT = {
    "C": 0, "D": 1, "H": 2, "S": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}
_RANK_INPUT = {"9": 0, "T": 1, "10": 1, "J": 2, "Q": 3, "K": 4, "A": 5}


class CardError(ValueError):
    """A card, suit or hand that cannot be read; the message says what and how to fix it."""


def card(suit: int, rank: int) -> int:
    return suit * 6 + rank


def suit_of(c: int) -> int:
    """Printed suit (ignores bowers)."""
    return c // 6


def rank_of(c: int) -> int:
    return c % 6


def same_colour(suit: int) -> int:
    """The other suit of the same colour (clubs-spades, diamonds-hearts)."""
    return 3 - suit


def right_bower(trump: int) -> int:
    return card(trump, JACK)


def left_bower(trump: int) -> int:
    return card(same_colour(trump), JACK)


def effective_suit(c: int, trump: int) -> int:
    """The suit a card belongs to for following, leading and winning: the left bower is trump."""
    return trump if c == left_bower(trump) else suit_of(c)


def is_trump(c: int, trump: int) -> bool:
    return effective_suit(c, trump) == trump


def card_name(c: int) -> str:
    if not 0 <= c < N_CARDS:
        raise CardError(f"card number {c} is outside 0-23")
    return RANKS[rank_of(c)] + SUITS[suit_of(c)]


def parse_suit(text: str) -> int:
    key = str(text).strip().upper()
    if key in _SUIT_INPUT:
        return _SUIT_INPUT[key]
    full = {name.upper(): i for i, name in enumerate(SUIT_NAMES)}
    if key in full:
        return full[key]
    raise CardError(f"unknown suit {text!r}: use C, D, H or S (or ♣ ♦ ♥ ♠)")


def parse_card(text: str) -> int:
    """Read one card: rank then suit, e.g. ``JH``, ``10h``, ``J♥``, ``as``."""
    if not isinstance(text, str):
        raise CardError(f"a card must be text like 'JH', not {text!r}")
    t = text.strip().upper()
    if len(t) < 2:
        raise CardError(f"unknown card {text!r}: write rank then suit, e.g. JH, 10D, A♠")
    rank_text, suit_text = t[:-1], t[-1]
    if rank_text not in _RANK_INPUT or suit_text not in _SUIT_INPUT:
        raise CardError(
            f"unknown card {text!r}: ranks are 9 T(10) J Q K A and suits C D H S (or ♣ ♦ ♥ ♠)"
        )
    return card(_SUIT_INPUT[suit_text], _RANK_INPUT[rank_text])


def parse_cards(text_or_list, count: int | None = None) -> list[int]:
    """Read several distinct cards from ``"JS AS 9H"`` / ``"JS,AS"`` or a list of strings."""
    if isinstance(text_or_list, str):
        parts = text_or_list.replace(",", " ").split()
    else:
        parts = list(text_or_list)
    cards = [parse_card(p) for p in parts]
    seen = set()
    for c in cards:
        if c in seen:
            raise CardError(f"duplicate card {card_name(c)}")
        seen.add(c)
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} cards, got {len(cards)}")
    return cards


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    return [c for c in range(N_CARDS) if mask >> c & 1]


# ---------------------------------------------------------------------------------------------
# Per-trump tables (numpy arrays the kernel takes as globals).

def _power_order(trump: int) -> list[int]:
    """Cards from weakest to strongest position for this trump (see module header)."""
    lb, rb = left_bower(trump), right_bower(trump)
    plain = [c for c in range(N_CARDS) if effective_suit(c, trump) != trump]
    plain.sort(key=lambda c: (rank_of(c), suit_of(c)))
    trumps = [card(trump, r) for r in (NINE, TEN, QUEEN, KING, ACE)] + [lb, rb]
    order = plain + trumps
    assert len(order) == N_CARDS and len(set(order)) == N_CARDS
    return order


def _build_tables():
    power_pos = np.zeros((4, N_CARDS), np.int64)      # [trump, card] -> position
    power_card = np.zeros((4, N_CARDS), np.int64)     # [trump, position] -> card
    eff_suit = np.zeros((4, N_CARDS), np.int64)       # [trump, card] -> effective suit
    pos_suit = np.zeros((4, N_CARDS), np.int64)       # [trump, position] -> effective suit
    suit_mask_pow = np.zeros((4, 4), np.int64)        # [trump, eff suit] -> mask in power layout
    suit_mask_card = np.zeros((4, 4), np.int64)       # [trump, eff suit] -> mask in card layout
    remap = np.zeros((4, 4, 64), np.int64)            # [trump, printed suit, 6-bit field] -> mask
    for t in range(4):
        for p, c in enumerate(_power_order(t)):
            power_pos[t, c] = p
            power_card[t, p] = c
        for c in range(N_CARDS):
            e = effective_suit(c, t)
            eff_suit[t, c] = e
            pos_suit[t, power_pos[t, c]] = e
            suit_mask_pow[t, e] |= 1 << power_pos[t, c]
            suit_mask_card[t, e] |= 1 << c
        for s in range(4):
            for field in range(64):
                m = 0
                for r in range(6):
                    if field >> r & 1:
                        m |= 1 << power_pos[t, card(s, r)]
                remap[t, s, field] = m
    return power_pos, power_card, eff_suit, pos_suit, suit_mask_pow, suit_mask_card, remap


(POWER_POS, POWER_CARD, EFF_SUIT, POS_SUIT, SUIT_MASK_POW, SUIT_MASK_CARD,
 REMAP) = _build_tables()
TRUMP_MASK_POW = SUIT_MASK_POW[0, 0]  # trump always sits in positions 17-23
assert all(SUIT_MASK_POW[t, t] == 0xFE0000 for t in range(4))
RIGHT_POS = 23
LEFT_POS = 22
# [trump, power position] -> the mask of that card's effective suit: the led suit's cards in
# one lookup (it is on the critical path of every trick, in the kernel and the solver)
LED_MASK = np.array([[SUIT_MASK_POW[t, POS_SUIT[t, p]] for p in range(24)] for t in range(4)],
                    np.int64)


def to_power(mask: int, trump: int) -> int:
    """Remap a card-layout mask into the power layout for ``trump`` (Python-side helper)."""
    m = 0
    for s in range(4):
        m |= int(REMAP[trump, s, (mask >> (6 * s)) & 63])
    return m
