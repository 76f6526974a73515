"""One illegal answer of a code strategy, described: the kernel only counts the hands where a
hook answered something illegal (and plays basic's choice there), so after a run reports some,
its hands are traced and replayed through the referee, the user's hooks are asked at each of
their seats' decisions with the arguments the kernel gives them, and the first illegal answer
is told: the hand, the hook, the answer and why it is not allowed.
"""

from __future__ import annotations

from sim.cards import SUIT_NAMES, card_name, effective_suit
from sim.players.user_code import import_code_module
from sim.records import parse_record
from sim.referee import (
    DEFEND,
    DISCARD,
    FARMER,
    PLAY,
    ROUND1,
    ROUND2,
    Discard,
    FarmerSwap,
    Hand,
    KeepHand,
    NoLoneDefender,
    Play,
    bid_action,
    playable_cards,
    trick_winner,
)
from sim.rules import Rules


def first_illegal_answer(records, seats, rules: Rules) -> str | None:
    """The first illegal hook answer in ``records`` (``(hand index, record)`` pairs, as traced
    at 0-0) for the code-strategy ``seats`` (the four strategies), in words; None if the hooks
    answer every decision of these hands legally."""
    hooks = _seat_hooks(seats)
    for index, record in records:
        problem = _illegal_in(parse_record(record), hooks, rules)
        if problem is not None:
            return f"hand {index}: {problem}"
    return None


def _seat_hooks(seats) -> list[dict]:
    """For each seat, its code strategy's hooks by name (those its kind uses)."""
    out = []
    for s in seats:
        mine = {}
        if s.player.hooks is not None:
            module, name = s.impl[:2]
            obj = getattr(import_code_module(module), name)
            mine = {h: getattr(obj, h) for h in s.player.hooks(s)}
        out.append(mine)
    return out


def _mask(cards) -> int:
    return sum(1 << c for c in cards)


def _cards(cards) -> str:
    return " ".join(card_name(c) for c in sorted(cards))


def _shown(answer) -> str:
    """A card answer as a card name when it is one, else the number."""
    return f"{card_name(answer)} ({answer})" if 0 <= answer < 24 else str(answer)


def _illegal_in(rec, hooks, rules: Rules) -> str | None:
    """Replay one hand, asking the hooks before each decision of their seats."""
    hand = Hand(rec.hands, rec.kitty, rec.dealer, rules)
    if rec.farmer is not None:
        hand.apply(FarmerSwap(rec.farmer.seat, rec.farmer.gave, rec.farmer.took))
    elif hand.phase == FARMER:
        hand.apply(KeepHand(hand.farmer_seat))
    for bid in rec.bids:
        problem = _discard_if_due(hand, rec, hooks) or _ask_bid(hand, bid.seat, hooks, rules)
        if problem is not None:
            return problem
        hand.apply(bid_action(bid))
    problem = _discard_if_due(hand, rec, hooks)
    if problem is not None:
        return problem
    if hand.phase == DEFEND:
        hand.apply(NoLoneDefender())
    for seat, c in rec.plays:
        problem = _ask_play(hand, seat, hooks)
        if problem is not None:
            return problem
        hand.apply(Play(seat, c))
    return None


def _discard_if_due(hand: Hand, rec, hooks) -> str | None:
    if hand.phase != DISCARD:
        return None
    dealer = hand.dealer
    held = hand.hands[dealer]
    if "discard" in hooks[dealer]:
        may = hand.rules.dealer_may_discard_upcard
        d = int(hooks[dealer]["discard"](_mask(held), hand.upcard // 6, hand.upcard, may))
        if d not in held or (d == hand.upcard and not may):
            why = ("the rules do not let the dealer discard the upcard" if d == hand.upcard
                   else "the dealer does not hold it")
            return (f"discard, the dealer (seat {dealer}) holding {_cards(held)}, answered "
                    f"{_shown(d)}: {why}")
    hand.apply(Discard(dealer, rec.discard))
    return None


def _ask_bid(hand: Hand, seat: int, hooks, rules: Rules) -> str | None:
    """Ask ``order_up`` (round 1) or ``call`` (round 2) of ``seat``, if it has the hook."""
    position = (seat - hand.dealer - 1) % 4
    held = hand.hands[seat]
    up = card_name(hand.upcard)
    if hand.phase == ROUND1 and "order_up" in hooks[seat]:
        a = int(hooks[seat]["order_up"](_mask(held), hand.upcard, position, 0, 0, rules.game_to))
        if not 0 <= a <= 2:
            return (f"order_up, seat {seat} holding {_cards(held)} with {up} turned up, "
                    f"answered {a}: it must be 0 (pass), 1 (order up) or 2 (alone)")
    elif hand.phase == ROUND2 and "call" in hooks[seat]:
        turned = hand.upcard // 6
        stuck = position == 3 and rules.stick_the_dealer
        a = int(hooks[seat]["call"](_mask(held), turned, stuck, 0, 0, rules.game_to))
        if a == -1 and stuck:
            return (f"call, the stuck dealer (seat {seat}) holding {_cards(held)}, answered -1 "
                    f"(pass): under stick the dealer he must call a suit")
        if not -1 <= a <= 7 or (a >= 0 and a // 2 == turned):
            why = (f"{SUIT_NAMES[turned]} was turned down" if 0 <= a <= 7
                   else "it must be -1 (pass) or 2 * suit + alone (0 to 7)")
            return (f"call, seat {seat} holding {_cards(held)} with {up} turned down, "
                    f"answered {a}: {why}")
    return None


def _ask_play(hand: Hand, seat: int, hooks) -> str | None:
    """Ask ``lead`` or ``follow`` of ``seat``, if it has the hook."""
    if hand.phase != PLAY:
        return None
    held, t, trick = hand.hands[seat], hand.trump, hand.trick
    if not trick and "lead" in hooks[seat]:
        c = int(hooks[seat]["lead"](_mask(held), t, seat, hand.maker, bool(hand.alone)))
        if c not in held:
            return (f"lead, seat {seat} holding {_cards(held)} ({SUIT_NAMES[t]} trump), "
                    f"answered {_shown(c)}: he does not hold it")
    elif trick and "follow" in hooks[seat]:
        legal = playable_cards(held, trick, t)
        led = effective_suit(trick[0][1], t)
        winner = trick_winner(trick, t)
        winning = next(c for s, c in trick if s == winner)
        c = int(hooks[seat]["follow"](_mask(held), _mask(legal), t, led, winning, winner, seat))
        if c not in legal:
            why = ("he does not hold it" if c not in held else
                   f"he must follow {SUIT_NAMES[led]} (legal: {_cards(legal)})")
            return (f"follow, seat {seat} holding {_cards(held)} ({SUIT_NAMES[t]} trump, "
                    f"{card_name(trick[0][1])} led), answered {_shown(c)}: {why}")
    return None


__all__ = ["first_illegal_answer"]
