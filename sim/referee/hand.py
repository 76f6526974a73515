"""The hand: an explicit phase machine that checks every action against the rules."""

from __future__ import annotations

from itertools import combinations

from sim.cards import (
    NINE,
    SUIT_NAMES,
    SUITS,
    TEN,
    card_name,
    effective_suit,
    left_bower,
    rank_of,
    suit_of,
)
from sim.records import Bid, FarmerRecord, HandRecord, record_to_json
from sim.referee.actions import (
    _EFFECTIVE_SUITS,
    DEFEND,
    DISCARD,
    DONE,
    FARMER,
    PLAY,
    PUBLISHED,
    ROUND1,
    ROUND2,
    TRICKS_PER_HAND,
    Applied,
    Call,
    DefendAlone,
    Discard,
    FarmerSwap,
    IllegalAction,
    KeepHand,
    NoLoneDefender,
    OrderUp,
    Pass,
    Play,
    _name,
    _names,
    left_of,
    partner,
    team,
)
from sim.referee.tricks import playable_cards, score_hand, trick_winner
from sim.rules import Rules

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
