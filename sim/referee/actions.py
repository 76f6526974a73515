"""The actions of a hand: small frozen values whose ``str()`` reads as a sentence for error
messages; the seats' relations and the phases of a hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sim.cards import (
    SUIT_NAMES,
    card_name,
    effective_suit,
)
from sim.rules import Rules

FARMER, ROUND1, DISCARD, ROUND2, DEFEND, PLAY, DONE = (
    "farmer", "round1", "discard", "round2", "defend", "play", "done",
)  # fmt: skip
TRICKS_PER_HAND = 5
PUBLISHED = Rules()
# [trump][card] -> effective suit, from sim.cards.effective_suit (read-only).
_EFFECTIVE_SUITS = tuple(tuple(effective_suit(c, t) for c in range(24)) for t in range(4))


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


def team(seat: int) -> int:
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % 4


def left_of(seat: int) -> int:
    """The next seat clockwise (the deal and the play pass to the left)."""
    return (seat + 1) % 4



# ---------------------------------------------------------------------------------------------
# Actions: small frozen values.  str() reads as a sentence for error messages.


@dataclass(frozen=True, slots=True)
class FarmerSwap:
    """Farmer's hand: ``seat`` gives three of his 9s/10s for the three face-down kitty cards."""

    seat: int
    gave: tuple[int, ...]
    took: tuple[int, ...]

    def __str__(self):
        return f"seat {self.seat} swaps {_names(self.gave)} for {_names(self.took)}"


@dataclass(frozen=True, slots=True)
class KeepHand:
    """The player with a farmer's hand keeps it."""

    seat: int

    def __str__(self):
        return f"seat {self.seat} keeps a farmer's hand"


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int

    def __str__(self):
        return f"seat {self.seat} passes"


@dataclass(frozen=True, slots=True)
class OrderUp:
    """Round 1: make the upcard's suit trump (the dealer picks it up)."""

    seat: int
    alone: bool = False

    def __str__(self):
        return f"seat {self.seat} orders up" + (" alone" if self.alone else "")


@dataclass(frozen=True, slots=True)
class Call:
    """Round 2: name a suit other than the turned-down upcard's as trump."""

    seat: int
    suit: int
    alone: bool = False

    def __str__(self):
        name = SUIT_NAMES[self.suit] if self.suit in range(4) else repr(self.suit)
        return f"seat {self.seat} calls {name}" + (" alone" if self.alone else "")


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    card: int

    def __str__(self):
        return f"seat {self.seat} discards {_name(self.card)}"


@dataclass(frozen=True, slots=True)
class DefendAlone:
    seat: int

    def __str__(self):
        return f"seat {self.seat} defends alone"


@dataclass(frozen=True, slots=True)
class NoLoneDefender:
    """Both defenders play (nobody defends alone)."""

    def __str__(self):
        return "nobody defends alone"


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: int

    def __str__(self):
        return f"seat {self.seat} plays {_name(self.card)}"


Action = (
    FarmerSwap | KeepHand | Pass | OrderUp | Call | Discard | DefendAlone | NoLoneDefender | Play
)


class Applied(NamedTuple):  # a NamedTuple: frozen, and cheap to make 20-odd times a hand
    """Log entry of one applied action: ``step`` counts from 1, ``phase`` is the phase it was
    taken in; a play that completes a trick names the ``trick_winner``; ``renege`` marks a
    failure to follow suit accepted in reneges mode."""

    step: int
    phase: str
    action: Action
    trick_winner: int | None = None
    renege: bool = False


def _name(c) -> str:
    return card_name(c) if isinstance(c, int) and 0 <= c < 24 else repr(c)


def _names(cards) -> str:
    return " ".join(_name(c) for c in cards)
