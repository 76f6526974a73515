"""The rules referee: a slow, plain-Python Euchre hand that checks every action against the rules.

It is the readable twin of the Numba kernel (kernel traces are replayed through it) and the engine
of ``euchre-sim replay``.  Trick logic is written from the rules text, not from the kernel's
power tables in ``sim.cards``.

Rules implemented (the published rules with the conventions of ``RULES.md``):

* Seats 0-3; play passes clockwise to seat s+1; team of seat s is s % 2 (team 0 = seats 0, 2).
  24-card pack, five cards each, a kitty of four whose first card is the upcard.
* Round 1: from the dealer's left, each player passes or orders up the upcard (the dealer
  ordering his own upcard is an order up too).  The upcard's suit is trump; the dealer adds the
  upcard to his hand and discards one of his six cards.
* Round 2 (all four passed): from the dealer's left, each player passes or calls any suit but the
  turned-down upcard's.  All four pass again: the hand is passed out (redeal by the next dealer,
  no points).
* The bid that makes trump may go alone; the maker's partner sits out.
* Opening lead: the first active player clockwise from the dealer's left; then the trick winner
  leads.  Play skips players who sit out.  Everyone follows the led *effective* suit if able (the
  left bower is a trump: with hearts trump J♦ is a heart); otherwise any card.  The highest trump
  wins (right bower, left bower, A K Q T 9), else the highest card of the led suit (A K Q J T 9).
* Scoring (``score_hand``, by the one table, ``sim.scoring``): makers with 3 or 4 tricks score
  1 (alone too); all 5 score 2, or 4 alone; makers with fewer than 3 are euchred and the
  defenders score 2.

Options (``sim.rules.Rules``) that change it:

* ``stick_the_dealer``: when the other three pass in round 2 the dealer may not pass; he calls.
* ``farmers_hand``: before bidding, a player holding only 9s and 10s may swap three of them for
  the three face-down kitty cards (phase ``farmer``; declining is allowed).
* ``defend_alone``: after the making bid (and the discard) one defender may defend alone; his
  partner sits out; if the makers are euchred the defenders score ``lone_defender_euchre_points``.
* ``dealer_may_discard_upcard`` (default True): False forbids discarding the upcard.
* ``dealer_discards_when_partner_alone`` (default True): False means that when the dealer's
  partner orders up alone the dealer does not pick up (no discard).
* ``renege_penalty``: used only when reneges are played out (below).
* ``game_to``: used only by ``GameScore``.

Reneges.  By default (strict) a failure to follow suit when able is an illegal action, like any
other.  With ``reneges=True`` it is accepted and the *first* renege is recorded (seat, trick,
penalty); the hand is played out, trick winners are counted as usual, and the hand scores
``rules.renege_penalty`` points to the reneging team's opponents *instead of* its normal score
(a caught renege decides the hand, whoever took the tricks).  Every other illegality (a card not
held, playing out of turn, a seat that sits out) is still an error.

A hand is an explicit phase machine:
``farmer`` (only with farmers_hand and an eligible player) -> ``round1`` -> ``discard`` (when
the upcard is picked up) / ``round2`` -> ``defend`` (only with defend_alone) -> ``play`` ->
``done``.  ``Hand.legal_actions()`` lists what may be done now, ``Hand.verify(action)`` says why
an action may not, and ``Hand.apply(action)`` does it and returns a frozen ``Applied`` log entry.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from sim.cards import (
    JACK,
    NINE,
    SUIT_NAMES,
    SUITS,
    TEN,
    card,
    card_name,
    effective_suit,
    left_bower,
    rank_of,
    suit_of,
)
from sim.records import Bid, FarmerRecord, HandRecord, RecordError, parse_record, record_to_json
from sim.rules import Rules
from sim.scoring import NO_LONE_DEFENDER, team_points

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


# ---------------------------------------------------------------------------------------------
# The hand


def farmer_eligible(cards) -> bool:
    """A farmer's hand: five cards, all 9s and 10s."""
    return all(rank_of(c) in (NINE, TEN) for c in cards)


def _check_deal(hands, kitty, dealer) -> None:
    if dealer not in range(4):
        raise ValueError(f"dealer must be a seat 0-3, not {dealer!r}")
    if len(hands) != 4 or any(len(h) != 5 for h in hands) or len(kitty) != 4:
        raise ValueError("a deal is four hands of five cards and a kitty of four")
    cards = [c for h in hands for c in h] + list(kitty)
    if sorted(cards) != list(range(24)):
        raise ValueError("a deal must hold each of the 24 cards (ints 0-23) exactly once")


class Hand:
    """One hand of Euchre, from the deal to the score, as a phase machine.

    Parameters
    ----------
    hands : four sequences of five card ints, seats 0-3
    kitty : four card ints, the upcard first
    dealer : the dealer's seat
    rules : the rule options (default: the published rules)
    reneges : accept and record a failure to follow suit instead of rejecting it (see module)

    Attributes a reader may use: ``phase``, ``turn`` (seat to act in bidding and play),
    ``hands`` (cards now held), ``trump``, ``maker``, ``alone``, ``defender_alone``, ``round``,
    ``active`` (who plays), ``trick`` (cards on the table), ``trick_winners``, ``tricks``
    (per team), ``points`` (per team, when done), ``renege``, ``passed_out``, ``log``.
    """

    def __init__(self, hands, kitty, dealer: int, rules: Rules | None = None, *, reneges=False):
        _check_deal(hands, kitty, dealer)
        self.rules = PUBLISHED if rules is None else rules
        self.reneges = reneges
        self.dealer = dealer
        self.dealt = tuple(tuple(h) for h in hands)
        self.dealt_kitty = tuple(kitty)
        self.hands = [list(h) for h in hands]
        self.kitty = list(kitty)
        self.upcard = kitty[0]
        self.turn = left_of(dealer)
        self.passes = 0  # passes so far in the current bidding round
        self.trump: int | None = None
        self.suit: tuple[int, ...] = ()  # card -> effective suit, once trump is made
        self.maker: int | None = None
        self.alone = False
        self.round: int | None = None
        self.defender_alone: int | None = None
        self.discarded: int | None = None
        self.active = [True, True, True, True]
        self.players = 4  # active players: cards in a complete trick
        self.trick: list[tuple[int, int]] = []
        self.trick_winners: list[int] = []
        self.tricks = [0, 0]
        self.points = [0, 0]
        self.renege: dict | None = None
        self.passed_out = False
        self.log: list[Applied] = []
        self.farmer_seat = None
        if self.rules.farmers_hand:
            # At most one seat qualifies: there are only eight 9s and 10s.
            for seat in range(4):
                if farmer_eligible(self.hands[seat]):
                    self.farmer_seat = seat
        self.phase = FARMER if self.farmer_seat is not None else ROUND1

    # -- reading the state ------------------------------------------------------------------
    def waiting_for(self) -> str:
        """What the hand waits for, in words (used in error messages)."""
        if self.phase == FARMER:
            return f"seat {self.farmer_seat} may swap a farmer's hand before bidding"
        if self.phase == ROUND1:
            return f"round 1: seat {self.turn} to order up {card_name(self.upcard)} or pass"
        if self.phase == DISCARD:
            return f"the dealer (seat {self.dealer}) to discard"
        if self.phase == ROUND2:
            return f"round 2: seat {self.turn} to call trump or pass"
        if self.phase == DEFEND:
            return "trump is made; a defender may defend alone"
        if self.phase == PLAY:
            return f"trick {len(self.trick_winners) + 1}: seat {self.turn} to play"
        return "the hand is over"

    def sits_out(self, seat: int) -> str | None:
        """Why ``seat`` sits out the play, or None if it plays."""
        if self.active[seat]:
            return None
        if self.alone and seat == partner(self.maker):
            return f"partner of seat {self.maker}, who went alone"
        return f"partner of seat {self.defender_alone}, who defends alone"

    def result(self) -> dict:
        """The replay result object (see ``replay_record``)."""
        out = {
            "trump": None if self.trump is None else SUITS[self.trump],
            "maker": self.maker,
            "alone": self.alone,
            "defender_alone": self.defender_alone,
            "round": self.round,
            "passed_out": self.passed_out,
            "tricks": list(self.tricks),
            "trick_winners": list(self.trick_winners),
            "points": list(self.points),
        }
        if self.renege is not None:
            out["renege"] = dict(self.renege)
        return out

    # -- legal actions, one function per phase ----------------------------------------------
    def legal_actions(self) -> list:
        """Every action the rules allow now (strictly legal: reneges are never listed)."""
        return _LEGAL[self.phase](self)

    def legal_farmer(self) -> list:
        seat = self.farmer_seat
        took = tuple(self.kitty[1:])
        swaps = [FarmerSwap(seat, gave, took) for gave in combinations(self.hands[seat], 3)]
        return [KeepHand(seat), *swaps]

    def legal_round1(self) -> list:
        seat = self.turn
        return [Pass(seat), OrderUp(seat, False), OrderUp(seat, True)]

    def legal_discard(self) -> list:
        return [Discard(self.dealer, c) for c in self.hands[self.dealer] if self._may_discard(c)]

    def legal_round2(self) -> list:
        seat = self.turn
        calls = [
            Call(seat, suit, alone)
            for suit in range(4)
            if suit != suit_of(self.upcard)
            for alone in (False, True)
        ]
        return calls if self._dealer_is_stuck(seat) else [Pass(seat), *calls]

    def legal_defend(self) -> list:
        defenders = [s for s in range(4) if team(s) != team(self.maker)]
        return [NoLoneDefender(), *(DefendAlone(s) for s in defenders)]

    def legal_play(self) -> list:
        seat = self.turn
        return [Play(seat, c) for c in playable_cards(self.hands[seat], self.trick, self.trump)]

    def legal_done(self) -> list:
        return []

    # -- verify -------------------------------------------------------------------------------
    def verify(self, action) -> None:
        """Raise ``IllegalAction`` saying why, unless ``action`` is allowed now."""
        _VERIFY[self.phase](self, action)

    def _not_now(self, action) -> IllegalAction:
        if isinstance(action, FarmerSwap):
            if not self.rules.farmers_hand:
                return IllegalAction("farmer's hand is not in these rules (farmers_hand=false)")
            if self.log:
                return IllegalAction("too late for a farmer's hand: it is swapped before bidding")
            return IllegalAction(
                f"seat {action.seat} has no farmer's hand: "
                f"{_names(c for c in self.hands[action.seat] if not farmer_eligible([c]))} "
                "are not 9s or 10s"
            )
        if isinstance(action, DefendAlone):
            if not self.rules.defend_alone:
                return IllegalAction("defending alone is not in these rules (defend_alone=false)")
            if self.trump is None:
                return IllegalAction(f"seat {action.seat} cannot defend alone before trump is made")
            if self.defender_alone is not None:
                return IllegalAction(
                    f"seat {action.seat} cannot defend alone: "
                    f"seat {self.defender_alone} already does"
                )
            if self.phase == DISCARD:
                return IllegalAction(
                    f"{action}: not before the dealer (seat {self.dealer}) discards"
                )
            return IllegalAction(f"{action}: too late, play has started")
        if isinstance(action, Call) and self.phase == ROUND1:
            return IllegalAction(
                f"seat {action.seat} cannot call a suit in round 1: "
                f"order up {card_name(self.upcard)} or pass"
            )
        if isinstance(action, OrderUp) and self.phase == ROUND2:
            return IllegalAction(
                f"seat {action.seat} cannot order up in round 2: "
                f"{card_name(self.upcard)} was turned down; call another suit or pass"
            )
        return IllegalAction(f"{action}: not allowed now ({self.waiting_for()})")

    @staticmethod
    def _check_seat(seat) -> None:
        if type(seat) is not int or not 0 <= seat <= 3:
            raise IllegalAction(f"{seat!r} is not a seat (0-3)")

    def _check_bid_turn(self, seat) -> None:
        self._check_seat(seat)
        if seat != self.turn:
            raise IllegalAction(f"seat {seat} bid out of turn (seat {self.turn} is next)")

    def _verify_farmer(self, a) -> None:
        if isinstance(a, KeepHand | FarmerSwap):
            self._check_seat(a.seat)
            if a.seat != self.farmer_seat:
                raise IllegalAction(
                    f"seat {a.seat} has no farmer's hand (seat {self.farmer_seat} has)"
                )
        if isinstance(a, KeepHand):
            return
        if not isinstance(a, FarmerSwap):
            raise self._not_now(a)
        hand = self.hands[a.seat]
        if len(a.gave) != 3 or len(set(a.gave)) != 3:
            raise IllegalAction(f"a farmer gives three different cards, not {_names(a.gave)}")
        for c in a.gave:
            if c not in hand:
                raise IllegalAction(f"seat {a.seat} does not hold {_name(c)} to give")
        face_down = self.kitty[1:]
        if len(a.took) != 3 or sorted(a.took) != sorted(face_down):
            raise IllegalAction(
                f"a farmer takes the three face-down kitty cards {_names(face_down)}, "
                f"not {_names(a.took)}"
            )

    def _verify_round1(self, a) -> None:
        if not isinstance(a, Pass | OrderUp):
            raise self._not_now(a)
        self._check_bid_turn(a.seat)

    def _verify_round2(self, a) -> None:
        if isinstance(a, Pass):
            self._check_bid_turn(a.seat)
            if self._dealer_is_stuck(a.seat):
                raise IllegalAction(
                    f"the dealer (seat {a.seat}) may not pass: stick the dealer, he must call"
                )
            return
        if not isinstance(a, Call):
            raise self._not_now(a)
        self._check_bid_turn(a.seat)
        if a.suit not in range(4):
            raise IllegalAction(f"{a.suit!r} is not a suit (0-3 for C D H S)")
        if a.suit == suit_of(self.upcard):
            raise IllegalAction(
                f"seat {a.seat} cannot call {SUIT_NAMES[a.suit]}: "
                f"the upcard {card_name(self.upcard)} was turned down"
            )

    def _verify_discard(self, a) -> None:
        if not isinstance(a, Discard):
            raise self._not_now(a)
        if a.seat != self.dealer:
            raise IllegalAction(f"only the dealer (seat {self.dealer}) discards, not seat {a.seat}")
        if a.card not in self.hands[self.dealer]:
            raise IllegalAction(f"the dealer (seat {self.dealer}) does not hold {_name(a.card)}")
        if not self._may_discard(a.card):
            raise IllegalAction(
                f"the dealer may not discard the upcard {card_name(a.card)} "
                "(dealer_may_discard_upcard=false)"
            )

    def _verify_defend(self, a) -> None:
        if isinstance(a, NoLoneDefender):
            return
        if not isinstance(a, DefendAlone):
            raise self._not_now(a)
        self._check_seat(a.seat)
        if team(a.seat) == team(self.maker):
            raise IllegalAction(
                f"seat {a.seat} is on the making team (seat {self.maker} made trump) "
                "and cannot defend alone"
            )

    def _verify_play(self, a) -> None:
        if not isinstance(a, Play):
            raise self._not_now(a)
        if a.seat != self.turn:
            self._check_seat(a.seat)
            why = self.sits_out(a.seat)
            if why is not None:
                raise IllegalAction(f"seat {a.seat} sits out this hand ({why})")
            raise IllegalAction(f"seat {a.seat} played out of turn (seat {self.turn} is next)")
        if a.card not in self.hands[a.seat]:
            raise IllegalAction(f"seat {a.seat} does not hold {_name(a.card)}")
        if not self.reneges and not self._follows(a.seat, a.card):
            raise IllegalAction(self._renege_message(a.seat, a.card))

    def _verify_done(self, a) -> None:
        raise self._not_now(a)

    def _dealer_is_stuck(self, seat: int) -> bool:
        # Round 2 reaches the dealer only after the other three passed.
        return self.rules.stick_the_dealer and seat == self.dealer

    def _may_discard(self, c: int) -> bool:
        return self.rules.dealer_may_discard_upcard or c != self.upcard

    def _follows(self, seat: int, c: int) -> bool:
        """Whether playing ``c`` obeys the duty to follow suit (True when leading)."""
        if not self.trick:
            return True
        suit = self.suit  # effective suits: the left bower is a trump
        led = suit[self.trick[0][1]]
        return suit[c] == led or all(suit[h] != led for h in self.hands[seat])

    def _renege_message(self, seat: int, c: int) -> str:
        trump = self.trump
        led = effective_suit(self.trick[0][1], trump)
        follow = [h for h in self.hands[seat] if effective_suit(h, trump) == led]
        msg = (
            f"seat {seat} played {card_name(c)} but must follow {SUIT_NAMES[led]} "
            f"(holds {_names(follow)})"
        )
        lb = left_bower(trump)
        if lb == c or lb in follow:
            msg += f"; {card_name(lb)} is a trump ({SUIT_NAMES[trump]}) this hand"
        return msg

    # -- apply --------------------------------------------------------------------------------
    def apply(self, action) -> Applied:
        """Verify ``action`` (raising ``IllegalAction``), carry it out, return its log entry."""
        phase = self.phase
        _VERIFY[phase](self, action)
        winner, renege = _DO[phase](self, action)
        applied = Applied(len(self.log) + 1, phase, action, winner, renege)
        self.log.append(applied)
        return applied

    def _do_farmer(self, a):
        if isinstance(a, FarmerSwap):
            hand = self.hands[a.seat]
            for c in a.gave:
                hand.remove(c)
            hand.extend(a.took)
            self.kitty[1:] = list(a.gave)  # the given cards lie face down in the kitty now
        self.phase = ROUND1
        return None, False

    def _do_round1(self, a):
        if isinstance(a, Pass):
            self.passes += 1
            self.turn = left_of(a.seat)
            if self.passes == 4:  # the dealer turns the upcard down
                self.phase, self.passes = ROUND2, 0
            return None, False
        self._make_trump(a.seat, suit_of(self.upcard), a.alone, 1)
        dealer_sits_out = a.alone and a.seat == partner(self.dealer)
        if dealer_sits_out and not self.rules.dealer_discards_when_partner_alone:
            self._after_trump_made()  # the upcard stays in the kitty
        else:
            self.hands[self.dealer].append(self.upcard)
            self.phase = DISCARD
            self.turn = self.dealer
        return None, False

    def _do_discard(self, a):
        self.hands[self.dealer].remove(a.card)
        self.discarded = a.card
        self._after_trump_made()
        return None, False

    def _do_round2(self, a):
        if isinstance(a, Pass):
            self.passes += 1
            self.turn = left_of(a.seat)
            if self.passes == 4:  # passed out: the next dealer redeals
                self.passed_out = True
                self.phase = DONE
            return None, False
        self._make_trump(a.seat, a.suit, a.alone, 2)
        self._after_trump_made()
        return None, False

    def _do_defend(self, a):
        if isinstance(a, DefendAlone):
            self.defender_alone = a.seat
            self._sit_out(partner(a.seat))
        self._start_play()
        return None, False

    def _do_play(self, a):
        seat, c = a.seat, a.card
        # In strict mode verify() has already rejected a failure to follow.
        renege = self.reneges and not self._follows(seat, c)
        if renege and self.renege is None:
            self.renege = {
                "seat": seat,
                "trick": len(self.trick_winners) + 1,
                "penalty": self.rules.renege_penalty,
            }
        self.hands[seat].remove(c)
        self.trick.append((seat, c))
        if len(self.trick) < self.players:
            self.turn = self._next_active(seat)
            return None, renege
        winner = trick_winner(self.trick, self.trump)
        self.trick_winners.append(winner)
        self.tricks[team(winner)] += 1
        self.trick = []
        self.turn = winner  # the winner leads the next trick
        if len(self.trick_winners) == TRICKS_PER_HAND:
            self.phase = DONE
            self.points = score_hand(
                self.maker,
                self.tricks[team(self.maker)],
                self.alone,
                self.defender_alone,
                self.rules,
                None if self.renege is None else self.renege["seat"],
            )
        return winner, renege

    def _do_done(self, a):  # pragma: no cover - verify rejects everything first
        raise self._not_now(a)

    def _make_trump(self, seat: int, suit: int, alone: bool, round_: int) -> None:
        self.trump, self.maker, self.alone, self.round = suit, seat, alone, round_
        self.suit = _EFFECTIVE_SUITS[suit]
        if alone:
            self._sit_out(partner(seat))

    def _sit_out(self, seat: int) -> None:
        self.active[seat] = False
        self.players -= 1

    def _after_trump_made(self) -> None:
        if self.rules.defend_alone:
            self.phase = DEFEND
            self.turn = None
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        # Opening lead: first active player clockwise from the dealer's left.
        self.turn = self._next_active(self.dealer)

    def _next_active(self, seat: int) -> int:
        s = left_of(seat)
        while not self.active[s]:
            s = left_of(s)
        return s

    # -- as a record --------------------------------------------------------------------------
    def to_hand_record(self, include_rules: bool = False) -> HandRecord:
        """The hand so far as a ``HandRecord``; ``include_rules`` writes ``rules.changes()``."""
        bids, plays = [], []
        discard = farmer = None
        for entry in self.log:
            a = entry.action
            if isinstance(a, Pass):
                bids.append(Bid(a.seat, "pass"))
            elif isinstance(a, OrderUp):
                bids.append(Bid(a.seat, "order_up", None, a.alone))
            elif isinstance(a, Call):
                bids.append(Bid(a.seat, "call", a.suit, a.alone))
            elif isinstance(a, DefendAlone):
                bids.append(Bid(a.seat, "defend_alone"))
            elif isinstance(a, Discard):
                discard = a.card
            elif isinstance(a, Play):
                plays.append((a.seat, a.card))
            elif isinstance(a, FarmerSwap):
                farmer = FarmerRecord(a.seat, tuple(a.gave), tuple(a.took))
        return HandRecord(
            dealer=self.dealer,
            hands=self.dealt,
            kitty=self.dealt_kitty,
            bids=tuple(bids),
            discard=discard,
            plays=tuple(plays),
            rules=(self.rules.changes() or None) if include_rules else None,
            farmer=farmer,
        )

    def to_record(self, include_rules: bool = False) -> dict:
        """The hand so far as a JSON-ready record dict (canonical form)."""
        return record_to_json(self.to_hand_record(include_rules))


_LEGAL = {
    FARMER: Hand.legal_farmer,
    ROUND1: Hand.legal_round1,
    DISCARD: Hand.legal_discard,
    ROUND2: Hand.legal_round2,
    DEFEND: Hand.legal_defend,
    PLAY: Hand.legal_play,
    DONE: Hand.legal_done,
}
_VERIFY = {
    FARMER: Hand._verify_farmer,
    ROUND1: Hand._verify_round1,
    DISCARD: Hand._verify_discard,
    ROUND2: Hand._verify_round2,
    DEFEND: Hand._verify_defend,
    PLAY: Hand._verify_play,
    DONE: Hand._verify_done,
}
_DO = {
    FARMER: Hand._do_farmer,
    ROUND1: Hand._do_round1,
    DISCARD: Hand._do_discard,
    ROUND2: Hand._do_round2,
    DEFEND: Hand._do_defend,
    PLAY: Hand._do_play,
    DONE: Hand._do_done,
}


# ---------------------------------------------------------------------------------------------
# Replaying records


def _step(hand: Hand, action, where: str) -> None:
    try:
        hand.apply(action)
    except IllegalAction as e:
        raise RecordError(f"{where}: {e}") from None


def bid_action(bid: Bid):
    """The action of a record's bid (``Pass``, ``OrderUp``, ``Call`` or ``DefendAlone``)."""
    if bid.action == "pass":
        return Pass(bid.seat)
    if bid.action == "order_up":
        return OrderUp(bid.seat, bid.alone)
    if bid.action == "call":
        return Call(bid.seat, bid.suit, bid.alone)
    return DefendAlone(bid.seat)


@lru_cache(maxsize=256)
def _override(rules: Rules, changes: tuple) -> Rules:
    # Validating a Rules value costs more than replaying a hand; records repeat few overrides.
    return rules.replace(**dict(changes))


def replay_bidding(record, rules: Rules | None = None, *, reneges: bool = False) -> Hand:
    """Replay a hand record up to the start of play: its farmer's swap, bids and discard (and
    nobody defending alone where the bids name no lone defender).  Returns the ``Hand`` when
    play begins (phase ``play``: ``hands`` are the hands after the swap and the dealer's pick-up
    and discard, ``active`` who plays, ``turn`` the opening leader), or passed out (phase
    ``done``); the record's plays are not read.  Arguments and errors as ``play_record``'s."""
    rec = parse_record(record)
    rules = PUBLISHED if rules is None else rules
    if rec.rules:
        try:
            rules = _override(rules, tuple(sorted(rec.rules.items())))
        except ValueError as e:
            raise RecordError(f"rules: {e}") from None
    hand = Hand(rec.hands, rec.kitty, rec.dealer, rules, reneges=reneges)

    if rec.farmer is not None:
        f = rec.farmer
        _step(hand, FarmerSwap(f.seat, f.gave, f.took), "farmer")
    elif hand.phase == FARMER:
        hand.apply(KeepHand(hand.farmer_seat))  # no "farmer" key: the player kept his hand

    discard_used = False

    def discard_if_due() -> None:
        nonlocal discard_used
        if hand.phase != DISCARD:
            return
        if rec.discard is None:
            raise RecordError(
                f"discard: missing: the dealer (seat {hand.dealer}) picked up "
                f"{card_name(hand.upcard)} and must discard a card"
            )
        _step(hand, Discard(hand.dealer, rec.discard), "discard")
        discard_used = True

    for i, bid in enumerate(rec.bids, 1):
        discard_if_due()
        if hand.phase in (PLAY, DONE) and bid.action != "defend_alone":
            if hand.passed_out:
                raise RecordError(f"bid {i}: the hand was passed out at bid {i - 1}")
            raise RecordError(
                f"bid {i}: bidding is over: seat {hand.maker} made {SUIT_NAMES[hand.trump]} trump"
            )
        _step(hand, bid_action(bid), f"bid {i}")
    discard_if_due()
    if hand.phase == DEFEND:
        hand.apply(NoLoneDefender())
    if hand.phase in (ROUND1, ROUND2):
        raise RecordError(f"bids: bidding is not finished ({hand.waiting_for()})")
    if rec.discard is not None and not discard_used:
        if hand.round == 2 or hand.passed_out:
            why = "the upcard was not ordered up"
        else:
            why = (
                f"the dealer (seat {hand.dealer}) did not pick up: his partner went alone "
                "(dealer_discards_when_partner_alone=false)"
            )
        raise RecordError(f"discard: no discard in this hand: {why}")
    return hand


def play_record(record, rules: Rules | None = None, *, reneges: bool = False) -> Hand:
    """Replay a hand record through the referee and return the finished ``Hand``.

    Parameters
    ----------
    record : dict (decoded JSON) or HandRecord
    rules : the replay's rules; a record's ``"rules"`` overrides them for that hand
    reneges : play out and penalise failures to follow suit instead of rejecting them

    Raises
    ------
    RecordError
        Malformed or illegal, incomplete or over-long; the message names the field or step,
        e.g. ``bid 3: seat 1 bid out of turn (seat 2 is next)``, ``play 7: seat 0 does not
        hold QS``, ``plays: hand ends after trick 3``.
    """
    rec = parse_record(record)
    hand = replay_bidding(rec, rules, reneges=reneges)
    for i, (seat, c) in enumerate(rec.plays, 1):
        if hand.phase == DONE:
            if hand.passed_out:
                raise RecordError(f"play {i}: the hand was passed out; no cards are played")
            raise RecordError(f"play {i}: the hand is over after {TRICKS_PER_HAND} tricks")
        _step(hand, Play(seat, c), f"play {i}")
    if hand.phase != DONE:
        done = len(hand.trick_winners)
        if hand.trick:
            raise RecordError(
                f"plays: hand ends after trick {done} with {len(hand.trick)} card(s) of trick "
                f"{done + 1}; all {TRICKS_PER_HAND} tricks must be played"
            )
        raise RecordError(
            f"plays: hand ends after trick {done}; all {TRICKS_PER_HAND} tricks must be played"
        )
    return hand


def error_result(message: str) -> dict:
    """The result object of a hand that could not be replayed: no trump, no points."""
    return {
        "trump": None,
        "maker": None,
        "alone": False,
        "defender_alone": None,
        "round": None,
        "passed_out": False,
        "tricks": [0, 0],
        "trick_winners": [],
        "points": [0, 0],
        "error": message,
    }


def replay_record(record, rules: Rules | None = None, reneges: bool = False) -> dict:
    """Check and score one hand record; never raises for a bad record.

    Returns
    -------
    dict
        ``{"trump": "H" | None, "maker": seat | None, "alone": bool, "defender_alone": seat |
        None, "round": 1 | 2 | None, "passed_out": bool, "tricks": [team0, team1],
        "trick_winners": [seats], "points": [team0, team1]}``, plus ``"renege": {"seat",
        "trick", "penalty"}`` when a renege was played out (``reneges=True``), or
        ``"error": "<field or step>: <why>"`` (and no points) when the record is bad.
    """
    try:
        return play_record(record, rules, reneges=reneges).result()
    except RecordError as e:
        return error_result(str(e))


# ---------------------------------------------------------------------------------------------
# Games


class GameError(ValueError):
    """A hand that cannot be added to a game (wrong dealer, game over, illegal hand)."""


class GameScore:
    """The running score of one game to ``rules.game_to``.

    Hands are added in order with ``add(dealer, result)``; the deal must pass to the left
    (dealer + 1) after every hand, passed-out hands included; the first team to reach
    ``game_to`` wins, and adding a hand after that is an error.
    """

    def __init__(self, rules: Rules | None = None, first_dealer: int | None = None):
        self.rules = Rules() if rules is None else rules
        self.score = [0, 0]
        self.winner: int | None = None
        self.hands = 0
        self.next_dealer = first_dealer

    def add(self, dealer: int, result: dict) -> list[int]:
        """Apply one hand's result; return the score ``[team 0, team 1]`` after it."""
        n = self.hands + 1
        if self.winner is not None:
            raise GameError(
                f"hand {n}: the game is over: team {self.winner} won "
                f"{self.score[self.winner]}-{self.score[1 - self.winner]}"
            )
        if self.next_dealer is not None and dealer != self.next_dealer:
            raise GameError(
                f"hand {n}: seat {dealer} deals, but the deal passes to the left: "
                f"seat {self.next_dealer} deals this hand"
            )
        if "error" in result:
            raise GameError(f"hand {n}: {result['error']}")
        self.hands = n
        self.next_dealer = left_of(dealer)
        for t in (0, 1):
            self.score[t] += result["points"][t]
        for t in (0, 1):  # one team scores per hand, so at most one can reach game_to now
            if self.score[t] >= self.rules.game_to:
                self.winner = t
        return list(self.score)


def play_game(records, rules: Rules | None = None, *, reneges: bool = False) -> GameScore:
    """Replay hand records in order as one game; raise ``GameError`` on the first problem."""
    game = GameScore(rules)
    for rec in records:
        rec = parse_record(rec)
        game.add(rec.dealer, replay_record(rec, rules, reneges))
    return game


# ---------------------------------------------------------------------------------------------
# Random self-play (property tests, benchmarks, kernel cross-checks)


def random_hand(
    rng: random.Random,
    rules: Rules | None = None,
    dealer: int | None = None,
    *,
    deal=None,
    pass_prob: float | None = None,
    renege_prob: float = 0.0,
) -> Hand:
    """Play one hand to the end by choosing uniformly among the legal actions.

    Parameters
    ----------
    rng : random.Random
    rules : rule options (default published)
    dealer : the dealer's seat (default random)
    deal : ``(hands, kitty)`` to play instead of a shuffled pack
    pass_prob : if given, bidders pass with this probability (uniform play rarely passes, so
        passed-out hands and stick-the-dealer would hardly ever be seen)
    renege_prob : with this probability a player plays any card he holds instead of a legal
        one (reneges mode); 0 plays strictly legal hands
    """
    if deal is None:
        pack = list(range(24))
        rng.shuffle(pack)
        deal = ([pack[5 * s : 5 * s + 5] for s in range(4)], pack[20:])
    if dealer is None:
        dealer = rng.randrange(4)
    hand = Hand(deal[0], deal[1], dealer, rules, reneges=renege_prob > 0)
    while hand.phase != DONE:
        actions = hand.legal_actions()
        if pass_prob is not None and hand.phase in (ROUND1, ROUND2):
            passes = [a for a in actions if isinstance(a, Pass)]
            others = [a for a in actions if not isinstance(a, Pass)]
            if passes and (rng.random() < pass_prob or not others):
                action = passes[0]
            else:
                action = rng.choice(others)
        elif hand.phase == PLAY and renege_prob and rng.random() < renege_prob:
            action = Play(hand.turn, rng.choice(hand.hands[hand.turn]))
        else:
            action = rng.choice(actions)
        hand.apply(action)
    return hand


def random_legal_hand(
    rng: random.Random, rules: Rules | None = None, dealer: int | None = None, **kwargs
) -> dict:
    """A complete random legal hand as a record dict (see ``random_hand`` for options)."""
    return random_hand(rng, rules, dealer, **kwargs).to_record()
