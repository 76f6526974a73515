"""What the Play page tells the user's seat during a hand, in a player's words: each action as
that seat saw it (another seat's discard is face down: "discards", no card), the bids with
their suit ("West orders up ♠", "West calls hearts"; the dealer "picks up"), the buttons in the
same words, and the seat's cards sorted by suit, trump first once it is made.
"""

from __future__ import annotations

# the verbs in the third person, for the lines ("West passes", "South plays JH")
_THIRD = {"pass": "passes", "order up": "orders up", "pick up": "picks up", "call": "calls",
          "discard": "discards", "play": "plays", "defend alone": "defends alone"}
# suits shown in this cyclic order (spades, hearts, clubs, diamonds: the colours alternate),
# starting at trump once it is made
_SUIT_ORDER = (3, 2, 0, 1)


def words(action, hand, viewer: int) -> str:
    """``action`` (by any seat of the referee hand ``hand``) as the seat ``viewer`` may know
    it, in the imperative of a button: ``pass``, ``order up ♠`` (``pick up ♠`` by the dealer),
    ``call hearts alone``, ``play JH``, ``discard TC`` (its own) or ``discard`` (another's)."""
    from sim.cards import SUIT_NAMES, SUIT_SYMBOLS, card_name, suit_of
    from sim.referee import Call, DefendAlone, Discard, OrderUp, Pass, Play

    alone = " alone" if getattr(action, "alone", False) else ""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, OrderUp):
        verb = "pick up" if action.seat == hand.dealer else "order up"
        return f"{verb} {SUIT_SYMBOLS[suit_of(hand.upcard)]}{alone}"
    if isinstance(action, Call):
        return f"call {SUIT_NAMES[action.suit]}{alone}"
    if isinstance(action, DefendAlone):
        return "defend alone"
    if isinstance(action, Discard):
        return f"discard {card_name(action.card)}" if action.seat == viewer else "discard"
    if isinstance(action, Play):
        return f"play {card_name(action.card)}"
    raise ValueError(f"no words for {type(action).__name__}")


def told(action, hand, viewer: int) -> str:
    """``words`` in the third person, for the line that reports it: ``orders up ♠``."""
    text = words(action, hand, viewer)
    for verb, third in sorted(_THIRD.items(), key=lambda kv: -len(kv[0])):
        if text == verb or text.startswith(verb + " "):
            return third + text[len(verb):]
    return text


def bidding(hand, viewer: int) -> list[dict]:
    """Every bid so far, ``{"seat", "text"}`` in the third person."""
    from sim.referee import Call, DefendAlone, OrderUp, Pass

    return [{"seat": e.action.seat, "text": told(e.action, hand, viewer)} for e in hand.log
            if isinstance(e.action, (Pass, OrderUp, Call, DefendAlone))]


def sort_hand(cards, trump: int | None = None) -> list[int]:
    """The cards grouped by suit (the left bower with trump), trump first once made, each
    suit from its highest card: right bower, left bower, A, K, Q, T, 9."""
    from sim.cards import effective_suit, left_bower, rank_of, right_bower, suit_of

    def key(c):
        suit = suit_of(c) if trump is None else effective_suit(c, trump)
        start = 0 if trump is None else _SUIT_ORDER.index(trump)
        group = (_SUIT_ORDER.index(suit) - start) % 4
        power = 8 if trump is not None and c == right_bower(trump) else (
            7 if trump is not None and c == left_bower(trump) else rank_of(c))
        return group, -power

    return sorted(cards, key=key)


__all__ = ["words", "told", "bidding", "sort_hand"]
