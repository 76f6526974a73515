"""Replaying hand records through the referee (``euchre-sim replay``).

A record is a whole hand, bid and played to its end.  With ``partial=True`` a record may stop
early, as a hand in progress does (Trickster Cards' PTN exports are often of one): every action
it holds is checked, and the hand is returned where the record stops (``Hand.phase`` is not
``done``; ``replay_record`` says ``"unfinished"``: what the hand waits for).
"""

from __future__ import annotations

from functools import lru_cache

from sim.cards import (
    SUIT_NAMES,
    card_name,
)
from sim.records import Bid, RecordError, parse_record
from sim.referee.actions import (
    DEFEND,
    DISCARD,
    DONE,
    FARMER,
    PLAY,
    PUBLISHED,
    ROUND1,
    ROUND2,
    TRICKS_PER_HAND,
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
)
from sim.referee.hand import Hand
from sim.rules import Rules

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


def record_rules(record, rules: Rules | None = None) -> Rules:
    """The rules a hand record is replayed under: ``rules`` (default the published rules) with
    the record's own ``"rules"`` over them; a ``RecordError`` naming ``rules`` where those do
    not make a rule set."""
    rec = parse_record(record)
    rules = PUBLISHED if rules is None else rules
    if not rec.rules:
        return rules
    try:
        return _override(rules, tuple(sorted(rec.rules.items())))
    except ValueError as e:
        raise RecordError(f"rules: {e}") from None


def replay_bidding(record, rules: Rules | None = None, *, reneges: bool = False,
                   partial: bool = False) -> Hand:
    """Replay a hand record up to the start of play: its farmer's swap, bids and discard (and
    nobody defending alone where the bids name no lone defender).  Returns the ``Hand`` when
    play begins (phase ``play``: ``hands`` are the hands after the swap and the dealer's pick-up
    and discard, ``active`` who plays, ``turn`` the opening leader), or passed out (phase
    ``done``); the record's plays are not read.  With ``partial`` a record whose bidding (or
    discard) stops early, and that has no plays, is returned where it stops.  Arguments and
    errors as ``play_record``'s."""
    rec = parse_record(record)
    rules = record_rules(rec, rules)
    if rec.scores is not None and max(rec.scores) >= rules.game_to:
        raise RecordError(f"scores: the game score before the hand, two whole numbers from 0 "
                          f"to {rules.game_to - 1} (game to {rules.game_to}), not "
                          f"{list(rec.scores)}")
    hand = Hand(rec.hands, rec.kitty, rec.dealer, rules, reneges=reneges)

    if rec.farmer is not None:
        f = rec.farmer
        _step(hand, FarmerSwap(f.seat, f.gave, f.took), "farmer")
    elif hand.phase == FARMER:
        hand.apply(KeepHand(hand.farmer_seat))  # no "farmer" key: the player kept his hand

    discard_used = False
    # an unfinished record may stop before the discard, or in the bidding, if nothing follows
    stops_early = partial and not rec.plays

    def discard_if_due(last: bool = False) -> None:
        nonlocal discard_used
        if hand.phase != DISCARD:
            return
        if rec.discard is None:
            if last and stops_early:
                return
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
    discard_if_due(last=True)
    if stops_early and hand.phase in (ROUND1, ROUND2, DISCARD, DEFEND):
        return hand
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


def play_record(record, rules: Rules | None = None, *, reneges: bool = False,
                partial: bool = False) -> Hand:
    """Replay a hand record through the referee and return the finished ``Hand``.

    Parameters
    ----------
    record : dict (decoded JSON) or HandRecord
    rules : the replay's rules; a record's ``"rules"`` overrides them for that hand
    reneges : play out and penalise failures to follow suit instead of rejecting them
    partial : accept a record that stops before the hand ends (the module's header): the
        ``Hand`` is returned where it stops

    Raises
    ------
    RecordError
        Malformed or illegal, incomplete or over-long; the message names the field or step,
        e.g. ``bid 3: seat 1 bid out of turn (seat 2 is next)``, ``play 7: seat 0 does not
        hold QS``, ``plays: hand ends after trick 3``.
    """
    rec = parse_record(record)
    hand = replay_bidding(rec, rules, reneges=reneges, partial=partial)
    for i, (seat, c) in enumerate(rec.plays, 1):
        if hand.phase == DONE:
            if hand.passed_out:
                raise RecordError(f"play {i}: the hand was passed out; no cards are played")
            raise RecordError(f"play {i}: the hand is over after {TRICKS_PER_HAND} tricks")
        _step(hand, Play(seat, c), f"play {i}")
    if hand.phase != DONE and not partial:
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


def replay_record(record, rules: Rules | None = None, reneges: bool = False,
                  partial: bool = False) -> dict:
    """Check and score one hand record; never raises for a bad record.  With ``partial`` a
    record may stop before the hand ends (``play_record``); the result then says
    ``"unfinished"``: what the hand waits for, and counts the tricks and points so far (none).

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
        hand = play_record(record, rules, reneges=reneges, partial=partial)
    except RecordError as e:
        return error_result(str(e))
    result = hand.result()
    if hand.phase != DONE:
        result["unfinished"] = hand.waiting_for()
    return result
