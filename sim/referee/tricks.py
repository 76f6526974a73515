"""Tricks and scoring, from the rules text: how a card ranks in a trick, who wins it, what may be
played, and the points of a hand."""

from __future__ import annotations

from sim.cards import (
    JACK,
    card,
    effective_suit,
    left_bower,
    rank_of,
    suit_of,
)
from sim.referee.actions import team
from sim.rules import Rules
from sim.scoring import NO_LONE_DEFENDER, team_points

# ---------------------------------------------------------------------------------------------
# Tricks and scoring, from the rules text.

# Weakest to strongest.  Ranks are sim.cards ranks: 9 T J Q K A = 0..5.
PLAIN_SUIT_ORDER = (0, 1, 2, 3, 4, 5)  # 9 T J Q K A: a plain suit keeps its jack
TRUMP_ORDER = (0, 1, 3, 4, 5)  # 9 T Q K A of trump; both bowers rank above these


def card_strength(c: int, trump: int, led: int) -> int:
    """How ``c`` ranks in a trick whose led (effective) suit is ``led``; the highest wins.

    Right bower 12 > left bower 11 > trump A K Q T 9 (10..6) > led suit A K Q J T 9 (5..0);
    a card of another suit cannot win and ranks -1.
    """
    if c == card(trump, JACK):
        return 12
    if c == left_bower(trump):
        return 11
    if suit_of(c) == trump:
        return 6 + TRUMP_ORDER.index(rank_of(c))
    if suit_of(c) == led:  # the left bower was dealt with above, so this is its effective suit
        return PLAIN_SUIT_ORDER.index(rank_of(c))
    return -1


# card_strength for every [trump][led][card], worked out once: replays call it millions of times.
_STRENGTH = tuple(
    tuple(tuple(card_strength(c, trump, led) for c in range(24)) for led in range(4))
    for trump in range(4)
)


def trick_winner(trick, trump: int) -> int:
    """The seat that wins a finished trick, given as ``[(seat, card), ...]`` in play order."""
    led = effective_suit(trick[0][1], trump)
    strength_of = _STRENGTH[trump][led]
    best_seat, best = trick[0][0], -2
    for seat, c in trick:
        strength = strength_of[c]
        if strength > best:
            best_seat, best = seat, strength
    return best_seat


def playable_cards(hand, trick, trump: int) -> list[int]:
    """Cards of ``hand`` that may legally be played to ``trick`` (empty trick: any card)."""
    if not trick:
        return list(hand)
    led = effective_suit(trick[0][1], trump)
    follow = [c for c in hand if effective_suit(c, trump) == led]
    return follow or list(hand)


def score_hand(
    maker: int,
    maker_tricks: int,
    alone: bool,
    defender_alone: int | None,
    rules: Rules,
    renege_seat: int | None = None,
) -> list[int]:
    """Points ``[team 0, team 1]`` for a played hand, by the scoring table (``sim.scoring``:
    makers with 3-4 tricks score 1, all 5 score 2 or 4 alone; euchred makers give the defenders
    2, or ``rules.lone_defender_euchre_points`` when a defender defended alone).

    A renege caught in reneges mode (``renege_seat``) replaces the table: the reneging team's
    opponents score ``rules.renege_penalty``.
    """
    if renege_seat is not None:
        points = [0, 0]
        points[1 - team(renege_seat)] = rules.renege_penalty
        return points
    lone = NO_LONE_DEFENDER if defender_alone is None else defender_alone
    return list(team_points(maker, alone, lone, maker_tricks, rules.lone_defender_euchre_points))
