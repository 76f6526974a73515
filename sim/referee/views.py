"""What one seat has seen, and nothing more: the ``View`` a decision is asked from.

A view holds the seat, the dealer, the cards the seat holds now, the upcard, the bids so far (as
in hand records, ``sim.records.Bid``), the dealer's own discard (the dealer's view only), the
cards played by seat in order, the game score (or None for a single hand) and the rules.  It
cannot hold another seat's cards: there is no field for them.  Everything else a player may
use is worked out from those: ``position``, ``phase``, trump, the maker, who went alone, whether
the dealer took the upcard, the trick on the table, and ``legal``, the actions the rules allow
the seat now (``sim.referee`` action values).

A view is checked when it is made, by the referee: the unseen cards are dealt to the other
seats and the kitty consistently with the view (``deal``: each seat's count, and no card of a
suit a seat has shown void in), the bids, discard and plays are applied to that deal, and any
step the rules refuse, a card in two places, a card the seat cannot have seen, or a view where
it is not the seat's turn to act is a ``ViewError`` naming the fault.  Which consistent deal is
used changes nothing a view reports, and by the contract of ``sim.players`` nothing a player
decides.

Two conventions a hand record does not need:

* under the ``defend_alone`` house rule, a defender who declined to defend alone is listed in
  ``bids`` as ``{"seat": s, "action": "pass"}`` after the bid that made trump; a defender's
  view at that point, before any card is played, asks whether he defends alone (``Pass`` or
  ``DefendAlone``);
* views under the farmer's hand house rule are not supported (``ViewError``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from sim.cards import CardError, card_name, effective_suit, parse_card, suit_of
from sim.records import Bid, RecordError, _parse_bid, _show, bid_to_json
from sim.referee.actions import (
    DEFEND,
    DISCARD,
    DONE,
    PLAY,
    PUBLISHED,
    ROUND1,
    ROUND2,
    Call,
    DefendAlone,
    Discard,
    IllegalAction,
    NoLoneDefender,
    OrderUp,
    Pass,
    Play,
    partner,
    team,
)
from sim.referee.hand import Hand
from sim.referee.replay import bid_action
from sim.rules import Rules
from sim.seats import POSITIONS

VIEW_FIELDS = ("seat", "dealer", "hand", "upcard", "bids", "discard", "plays", "scores",
               "rules", "legal")


class ViewError(ValueError):
    """A view that no seat could have: malformed, contradictory, holding a card the seat cannot
    have seen, or not at the seat's turn.  The message names the fault."""


@dataclass(frozen=True)
class View:
    """One seat's view of a hand in progress (see the module header); checked when made.

    ``hand`` is the cards held now (the dealer's six while he discards); ``plays`` are
    ``(seat, card)`` in order; cards are ints (``sim.cards``)."""

    seat: int
    dealer: int
    hand: tuple[int, ...]
    upcard: int
    bids: tuple[Bid, ...] = ()
    discard: int | None = None
    plays: tuple[tuple[int, int], ...] = ()
    scores: tuple[int, int] | None = None
    rules: Rules = PUBLISHED
    # worked out by the check
    phase: str = field(init=False, compare=False)
    legal: tuple = field(init=False, compare=False)
    trump: int | None = field(init=False, compare=False)
    maker: int | None = field(init=False, compare=False)
    alone: bool = field(init=False, compare=False)
    defender_alone: int | None = field(init=False, compare=False)
    round: int | None = field(init=False, compare=False)
    picked_up: bool = field(init=False, compare=False)

    def __post_init__(self):
        _check_fields(self)
        deal = consistent_deal(self, 0)
        object.__setattr__(self, "_deal0", deal)
        hand = replay_view(self, deal)
        object.__setattr__(self, "trump", hand.trump)
        object.__setattr__(self, "maker", hand.maker)
        object.__setattr__(self, "alone", hand.alone)
        object.__setattr__(self, "defender_alone", hand.defender_alone)
        object.__setattr__(self, "round", hand.round)
        object.__setattr__(self, "picked_up", _picked_up(self))
        object.__setattr__(self, "phase", hand.phase)
        object.__setattr__(self, "legal", tuple(_legal(self, hand)))

    @property
    def position(self) -> str:
        """The seat's position from the dealer: first, second, third or dealer."""
        return POSITIONS[(self.seat - self.dealer - 1) % 4]

    @property
    def players(self) -> int:
        """The cards of a complete trick: four, less a lone maker's partner and a lone
        defender's partner."""
        return 4 - bool(self.alone) - (self.defender_alone is not None)

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The cards of the trick on the table, ``(seat, card)`` in order."""
        if self.phase != PLAY:
            return ()
        return self.plays[len(self.plays) - len(self.plays) % self.players:]

    def deal(self, seed: int = 0) -> tuple[list[list[int]], list[int], int | None]:
        """A deal consistent with the view, drawn at random by ``seed``: (the four hands as
        dealt, the kitty with the upcard first, the dealer's discard or None).  The seat's own
        hand is its own; the cards it has not seen go to the other seats and the kitty, none
        to a seat in a suit that seat has shown void in."""
        return self._deal0 if seed == 0 else consistent_deal(self, seed)

    def to_json(self) -> dict:
        """The view as JSON (the form ``view_from_json`` reads), with its legal actions."""
        out = {"seat": self.seat, "dealer": self.dealer,
               "hand": [card_name(c) for c in self.hand], "upcard": card_name(self.upcard),
               "bids": [bid_to_json(b) for b in self.bids]}
        if self.discard is not None:
            out["discard"] = card_name(self.discard)
        out["plays"] = [[s, card_name(c)] for s, c in self.plays]
        if self.scores is not None:
            out["scores"] = list(self.scores)
        if self.rules != PUBLISHED:
            out["rules"] = self.rules.changes()
        out["legal"] = [action_to_json(a) for a in self.legal]
        return out


# ---------------------------------------------------------------------------------------------
# checks

def _card_list(cards, what: str) -> list[int]:
    out = []
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < 24:
            raise ViewError(f"{what}: {c!r} is not a card (ints 0-23)")
        out.append(c)
    return out


def _check_fields(v: View) -> None:
    for name in ("seat", "dealer"):
        x = getattr(v, name)
        if isinstance(x, bool) or x not in range(4):
            raise ViewError(f"{name} must be a seat 0-3, not {x!r}")
    if not isinstance(v.rules, Rules):
        raise ViewError(f"rules must be a Rules value, not {v.rules!r}")
    if v.rules.farmers_hand:
        raise ViewError("views under the farmer's hand house rule are not supported: leave "
                        "farmers_hand off")
    hand = _card_list(v.hand, "hand")
    seen = [("the upcard", v.upcard)] + [("hand", c) for c in hand]
    if v.discard is not None:
        if v.seat != v.dealer:
            raise ViewError(f"discard: seat {v.seat} is not the dealer (seat {v.dealer}) and "
                            "cannot have seen the dealer's discard")
        seen.append(("the discard", v.discard))
    _card_list([v.upcard] + ([] if v.discard is None else [v.discard]), "upcard/discard")
    for i, (s, c) in enumerate(v.plays, 1):
        if s not in range(4):
            raise ViewError(f"play {i}: {s!r} is not a seat 0-3")
        _card_list([c], f"play {i}")
        seen.append((f"play {i}", c))
    where: dict[int, str] = {}
    for place, c in seen:
        if c in where and not (c == v.upcard and _upcard_may_repeat(v, where[c], place)):
            raise ViewError(f"{card_name(c)} is in two places: {where[c]} and {place}")
        where.setdefault(c, place)
    if v.scores is not None:
        if (len(v.scores) != 2 or any(isinstance(x, bool) or not isinstance(x, int)
                                      or not 0 <= x < v.rules.game_to for x in v.scores)):
            raise ViewError(f"scores must be two whole numbers from 0 to {v.rules.game_to - 1} "
                            f"(team 0, team 1), not {v.scores!r}")


def _upcard_may_repeat(v: View, first: str, place: str) -> bool:
    """The upcard may also be in the dealer's hand, discard or plays once he has taken it."""
    return first == "the upcard" and _picked_up(v) and (
        (place == "hand" and v.seat == v.dealer) or place == "the discard"
        or (place.startswith("play ") and v.plays[int(place[5:]) - 1][0] == v.dealer))


def _making_bid(v: View) -> int | None:
    """The index in ``bids`` of the bid that made trump, or None."""
    for i, b in enumerate(v.bids):
        if b.action in ("order_up", "call"):
            return i
    return None


def _picked_up(v: View) -> bool:
    """Whether the dealer took the upcard (ordered up, unless his partner went alone under
    ``dealer_discards_when_partner_alone`` false)."""
    i = _making_bid(v)
    if i is None or v.bids[i].action != "order_up":
        return False
    b = v.bids[i]
    return not (b.alone and b.seat == partner(v.dealer)
                and not v.rules.dealer_discards_when_partner_alone)


def _declined(v: View) -> set[int]:
    """Defenders the view lists as having declined to defend alone."""
    i = _making_bid(v)
    return set() if i is None else {b.seat for b in v.bids[i + 1:] if b.action == "pass"}


# ---------------------------------------------------------------------------------------------
# a consistent deal of the unseen cards

def _trump_of(v: View) -> int | None:
    i = _making_bid(v)
    if i is None:
        return None
    b = v.bids[i]
    return suit_of(v.upcard) if b.action == "order_up" else b.suit


def _shown_voids(v: View) -> dict[int, set[int]]:
    """The effective suits each seat has shown void in (failed to follow)."""
    voids: dict[int, set[int]] = {s: set() for s in range(4)}
    t = _trump_of(v)
    if t is None or not v.plays:
        return voids
    i = _making_bid(v)
    b = v.bids[i]
    players = 4 - (1 if b.alone else 0) - (1 if any(x.action == "defend_alone"
                                                    for x in v.bids) else 0)
    for j in range(0, len(v.plays), players):
        trick = v.plays[j:j + players]
        led = effective_suit(trick[0][1], t)
        for s, c in trick[1:]:
            if effective_suit(c, t) != led:
                voids[s].add(led)
    return voids


def consistent_deal(v: View, seed: int = 0) -> tuple[list[list[int]], list[int], int | None]:
    """See ``View.deal``; raises ``ViewError`` when no deal fits."""
    picked = _picked_up(v)
    t = _trump_of(v)
    played = {s: [c for p, c in v.plays if p == s] for s in range(4)}
    own_known = set(v.hand) | set(played[v.seat])
    if v.discard is not None:
        own_known.add(v.discard)
    seen = own_known | {v.upcard} | {c for _s, c in v.plays}
    hidden = [c for c in range(24) if c not in seen]
    rng = random.Random(seed)
    rng.shuffle(hidden)
    voids = _shown_voids(v)
    # another seat's view of a dealer who took the upcard: he holds it until he plays it,
    # unless he cannot (five cards played without it, or a void shown in trump): he discarded it
    up_gone = (picked and v.seat != v.dealer and v.upcard not in played[v.dealer]
               and (len(played[v.dealer]) == 5 or t in voids[v.dealer]))
    holds_up = picked and not up_gone
    # the slots the hidden cards fill: (seat or 'kitty', forbidden effective suits)
    slots: list[tuple[object, set[int]]] = []
    for s in range(4):
        if s == v.seat:
            continue
        held = set(played[s]) | ({v.upcard} if holds_up and s == v.dealer else set())
        slots += [(s, voids[s])] * (5 - len(held))
        if holds_up and s == v.dealer:
            slots.append(("discard", set()))
    slots += [("kitty", set())] * (len(hidden) - len(slots))
    if len(slots) != len(hidden) or any(5 - len(set(played[s])) < 0 for s in range(4)):
        raise ViewError("the view's cards do not add up to a deal: a seat holds or played too "
                        "many cards")
    match = _match(hidden, slots, t)
    if match is None:
        raise ViewError("no deal of the unseen cards fits the view: the voids the plays show "
                        "leave too few cards for some seat")
    hands: list[list[int]] = [[] for _ in range(4)]
    kitty = [v.upcard]
    discard = v.upcard if up_gone else v.discard
    for c, j in zip(hidden, match, strict=True):
        owner = slots[j][0]
        if owner == "kitty":
            kitty.append(c)
        elif owner == "discard":
            discard = c
        else:
            hands[owner].append(c)
    for s in range(4):
        hands[s] += played[s]
        if s == v.seat:
            hands[s] += [c for c in v.hand if c not in hands[s]]
        if picked and s == v.dealer:
            hands[s] = [c for c in hands[s] if c != v.upcard]
            if discard is not None and discard != v.upcard:
                hands[s].append(discard)
    if any(len(h) != 5 for h in hands) or len(kitty) != 4:
        raise ViewError("the view's cards do not add up to a deal: "
                        + ", ".join(f"seat {s} would hold {len(h)}" for s, h in enumerate(hands)
                                    if len(h) != 5)
                        + ("" if len(kitty) == 4 else f"; the kitty {len(kitty)}"))
    return [sorted(h) for h in hands], kitty, discard


def _match(cards: list[int], slots, trump) -> list[int] | None:
    """A perfect matching of ``cards`` to ``slots`` (each card in a slot whose forbidden suits
    exclude it), by augmenting paths; None when there is none.  Without a void in the view
    the cards simply fill the slots in order."""
    if trump is None or not any(forbidden for _owner, forbidden in slots):
        return list(range(len(cards)))
    suits = [effective_suit(c, trump) for c in cards]
    fits = [[j for j, (_owner, forbidden) in enumerate(slots) if suits[i] not in forbidden]
            for i in range(len(cards))]
    owner: list[int | None] = [None] * len(slots)

    def place(i, seen):
        for j in fits[i]:
            if j not in seen:
                seen.add(j)
                if owner[j] is None or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(cards)):
        if not place(i, set()):
            return None
    match = [0] * len(cards)
    for j, i in enumerate(owner):
        if i is not None:
            match[i] = j
    return match


# ---------------------------------------------------------------------------------------------
# the view's history on a deal

def _apply(hand: Hand, action, where: str) -> None:
    try:
        hand.apply(action)
    except IllegalAction as e:
        raise ViewError(f"the view contradicts the rules: {where}: {e}") from None


def replay_view(v: View, deal) -> Hand:
    """The referee's hand after the view's bids, discard and plays on ``deal`` (one of
    ``View.deal``), stopped at the seat's decision; raises ``ViewError`` for a step the rules
    refuse or a view where it is not the seat's turn."""
    hands, kitty, _discard_card = deal
    hand = Hand(hands, kitty, v.dealer, v.rules)
    declined = _declined(v)
    made = _making_bid(v)
    for i, b in enumerate(v.bids, 1):
        if hand.phase == DISCARD:
            _discard(v, hand, deal)
        if b.action == "pass" and made is not None and i - 1 > made:
            if not v.rules.defend_alone or team(b.seat) == team(v.bids[made].seat):
                raise ViewError(f"bid {i}: seat {b.seat} passes after trump was made; only a "
                                "defender declining to defend alone (defend_alone rule) may")
            continue
        if b.action == "defend_alone" and hand.phase == DISCARD:
            _discard(v, hand, deal)
        _apply(hand, bid_action(b), f"bid {i}")
    if hand.phase == DISCARD and not (v.seat == v.dealer and v.discard is None):
        _discard(v, hand, deal)
    if hand.phase == DEFEND and (v.plays or team(v.seat) == team(hand.maker)
                                 or v.seat in declined):
        hand.apply(NoLoneDefender())
    for i, (s, c) in enumerate(v.plays, 1):
        if hand.phase != PLAY:
            raise ViewError(f"play {i}: no card is played now ({hand.waiting_for()})")
        _apply(hand, Play(s, c), f"play {i}")
    if sorted(hand.hands[v.seat]) != sorted(v.hand):
        raise ViewError(f"hand: seat {v.seat} would hold "
                        f"{' '.join(card_name(c) for c in sorted(hand.hands[v.seat]))} now, not "
                        f"{' '.join(card_name(c) for c in sorted(v.hand))}")
    _check_turn(v, hand)
    return hand


def _discard(v: View, hand: Hand, deal) -> None:
    """Apply the dealer's discard: his own in his view, else the deal's."""
    if v.seat == v.dealer and v.discard is None:
        raise ViewError(f"discard: the dealer (seat {v.dealer}) took {card_name(v.upcard)}; "
                        "his view lists his discard")
    _apply(hand, Discard(v.dealer, deal[2]), "discard")


def _check_turn(v: View, hand: Hand) -> None:
    waiting = hand.waiting_for()
    if hand.phase in (ROUND1, ROUND2, PLAY):
        ok = hand.turn == v.seat
    elif hand.phase == DISCARD:
        ok = v.seat == v.dealer
    elif hand.phase == DEFEND:
        ok = team(v.seat) != team(hand.maker)
    else:
        ok = False
        waiting = "the hand is over" if hand.phase == DONE else waiting
    if not ok:
        raise ViewError(f"it is not seat {v.seat}'s turn to act: {waiting}")


def _legal(v: View, hand: Hand) -> list:
    if hand.phase == DEFEND:
        return [Pass(v.seat), DefendAlone(v.seat)]
    return hand.legal_actions()


# ---------------------------------------------------------------------------------------------
# building views

def view_for(hand: Hand, seat: int, scores=None) -> View:
    """The view of ``seat`` in the referee hand ``hand`` (``sim.referee.Hand``) at its turn;
    ``scores``: the game score (team 0, team 1) when the hand is part of a game."""
    if hand.rules.farmers_hand:
        raise ViewError("views under the farmer's hand house rule are not supported: leave "
                        "farmers_hand off")
    rec = hand.to_hand_record()
    bids = list(rec.bids)
    if any(isinstance(e.action, NoLoneDefender) for e in hand.log):   # both defenders declined
        bids += [Bid(s, "pass") for s in range(4) if team(s) != team(hand.maker)]
    plays = rec.plays
    discard = hand.discarded if seat == hand.dealer else None
    return View(seat, hand.dealer, tuple(sorted(hand.hands[seat])), hand.upcard, tuple(bids),
                discard, tuple(plays), None if scores is None else tuple(scores), hand.rules)


def _json_card(value, where: str) -> int:
    if not isinstance(value, str):
        raise ViewError(f"{where}: a card is text such as JH or TD, not {value!r}")
    try:
        return parse_card(value)
    except CardError as e:
        raise ViewError(f"{where}: {e}") from None


def _json_shapes(obj: dict) -> None:
    """The optional fields' JSON types, each refused with its field's name and form."""
    forms = {"bids": (list, 'a list of bids such as {"seat": 0, "action": "pass"}'),
             "plays": (list, "a list of [seat, card] pairs"),
             "scores": (list, "[team 0, team 1]: two whole numbers"),
             "rules": (dict, 'an object of rule options such as {"stick_the_dealer": true}')}
    for key, (kind, form) in forms.items():
        value = obj.get(key)
        if value is not None and not isinstance(value, kind):
            raise ViewError(f"{key}: {form}, not {_show(value)}")


def view_from_json(obj) -> View:
    """A ``View`` from its JSON form (a dict, or the text of one): ``seat``, ``dealer``,
    ``hand``, ``upcard``, and optionally ``bids`` (as in hand records), ``discard`` (the
    dealer's), ``plays``, ``scores`` and ``rules`` (``Rules`` field changes).  A ``legal`` list,
    when present, must be the view's own."""
    if isinstance(obj, str):
        try:
            obj = json.loads(obj)
        except json.JSONDecodeError as e:
            raise ViewError(f"not JSON: {e}") from None
        except RecursionError:
            raise ViewError("not JSON that can be read: nested too deeply (a view is one "
                            "object, a few levels deep)") from None
    if not isinstance(obj, dict):
        raise ViewError("a view is a JSON object")
    unknown = sorted(set(obj) - set(VIEW_FIELDS))
    if unknown:
        extra = (" (a view holds one seat's cards, in \"hand\")"
                 if unknown[0] in ("hands", "kitty") else "")
        raise ViewError(f"unknown field {unknown[0]!r}{extra}: a view's fields are "
                        f"{', '.join(VIEW_FIELDS)}")
    for key in ("seat", "dealer", "hand", "upcard"):
        if key not in obj:
            raise ViewError(f'a view needs "{key}"')
    if not isinstance(obj["hand"], list):
        raise ViewError("hand: a list of cards")
    _json_shapes(obj)
    try:
        bids = tuple(_parse_bid(b, i) for i, b in enumerate(obj.get("bids", []), 1))
        rules = PUBLISHED if not obj.get("rules") else PUBLISHED.replace(**obj["rules"])
    except (RecordError, TypeError, ValueError) as e:
        raise ViewError(str(e)) from None
    plays = []
    for i, p in enumerate(obj.get("plays", []), 1):
        if not isinstance(p, list) or len(p) != 2:
            raise ViewError(f"play {i}: a play is [seat, card], not {p!r}")
        plays.append((p[0], _json_card(p[1], f"play {i}")))
    scores = obj.get("scores")
    view = View(
        obj["seat"], obj["dealer"],
        tuple(_json_card(c, f"hand {i}") for i, c in enumerate(obj["hand"], 1)),
        _json_card(obj["upcard"], "upcard"), bids,
        None if obj.get("discard") is None else _json_card(obj["discard"], "discard"),
        tuple(plays), None if scores is None else tuple(scores), rules)
    if "legal" in obj and obj["legal"] != [action_to_json(a) for a in view.legal]:
        raise ViewError("legal: the listed legal actions are not the view's own "
                        f"({', '.join(str(a) for a in view.legal)})")
    return view


def action_to_json(a) -> dict:
    """A decision as JSON: ``{"action": "pass"}``, ``order_up`` / ``call`` (with ``suit`` and
    ``alone``), ``discard`` / ``play`` (with ``card``), ``defend_alone``."""
    if isinstance(a, Pass):
        return {"action": "pass"}
    if isinstance(a, OrderUp):
        return {"action": "order_up", "alone": a.alone}
    if isinstance(a, Call):
        return {"action": "call", "suit": "CDHS"[a.suit], "alone": a.alone}
    if isinstance(a, Discard):
        return {"action": "discard", "card": card_name(a.card)}
    if isinstance(a, DefendAlone):
        return {"action": "defend_alone"}
    if isinstance(a, Play):
        return {"action": "play", "card": card_name(a.card)}
    raise TypeError(f"not a seat's decision: {a!r}")


def action_from_json(obj, seat: int):
    """The action of ``seat`` that ``obj`` (the form ``action_to_json`` writes) stands for;
    ``ValueError`` naming the fault for anything else."""
    if not isinstance(obj, dict) or not isinstance(obj.get("action"), str):
        raise ValueError(f"an action is a JSON object with an \"action\", not {obj!r}")
    kind = obj["action"]
    alone = obj.get("alone", False)
    if not isinstance(alone, bool):
        raise ValueError(f"alone is true or false, not {alone!r}")
    if kind == "pass":
        return Pass(seat)
    if kind == "order_up":
        return OrderUp(seat, alone)
    if kind == "call":
        suit = obj.get("suit")
        if suit not in ("C", "D", "H", "S"):
            raise ValueError(f"call: suit is one of C D H S, not {suit!r}")
        return Call(seat, "CDHS".index(suit), alone)
    if kind == "defend_alone":
        return DefendAlone(seat)
    if kind in ("discard", "play"):
        try:
            card = parse_card(obj.get("card"))
        except CardError:
            raise ValueError(f"{kind}: card is text such as JH or TD, not "
                             f"{obj.get('card')!r}") from None
        return Discard(seat, card) if kind == "discard" else Play(seat, card)
    raise ValueError(f"unknown action {kind!r}: pass, order_up, call, defend_alone, discard "
                     "or play")


__all__ = ["View", "ViewError", "view_for", "view_from_json", "action_to_json",
           "action_from_json", "consistent_deal", "replay_view", "POSITIONS"]
