"""Hand records: one hand of Euchre as JSON (``FORMATS.md``), read, checked and written.

``parse_record`` checks a record's *shape*: known fields, types, readable cards and a deal of 24
distinct cards, and names the field that is wrong.  Whether the bids and plays are *legal* is the
referee's job (``sim.replay_record``).  ``record_to_json`` writes the canonical form
(cards as ``JH``, suits as ``H``).  Besides the documented fields a record may carry a free-text
``"note"`` (kept, never interpreted); any other unknown field is an error, so a misspelt field is
never silently ignored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

from sim.cards import SUIT_NAMES, SUITS, CardError, card_name, parse_card, parse_suit
from sim.rules import Rules

FIELDS = (
    "dealer", "hands", "upcard", "kitty", "rules", "scores", "farmer", "bids", "discard",
    "plays", "note",
)  # fmt: skip
BID_ACTIONS = ("pass", "order_up", "call", "defend_alone")
_BID_FIELDS = ("seat", "action", "suit", "alone")
_FARMER_FIELDS = ("seat", "gave", "took")
_RULE_TYPES = {f.name: f.type for f in fields(Rules)}
# Canonical names short-cut the lenient parser: records written by the kernel use them throughout.
_CANONICAL = {card_name(c): c for c in range(24)}


class RecordError(ValueError):
    """A malformed or illegal hand record; the message starts with the field or step at fault,
    e.g. ``hands[2]: duplicate card JH`` or ``bid 3: seat 1 bid out of turn (seat 2 is next)``."""


@dataclass(frozen=True, slots=True)
class Bid:
    """One entry of ``bids``: ``action`` is one of ``BID_ACTIONS``; ``suit`` only for a call."""

    seat: int
    action: str
    suit: int | None = None
    alone: bool = False


@dataclass(frozen=True, slots=True)
class FarmerRecord:
    """A farmer's-hand swap: ``seat`` gave three 9s/10s and took the three face-down kitty cards."""

    seat: int
    gave: tuple[int, ...]
    took: tuple[int, ...]


@dataclass(frozen=True)
class HandRecord:
    """One hand as dealt and played.  Cards are ints (``sim.cards``); ``kitty[0]`` is the upcard.

    ``rules`` holds per-hand overrides of the replay's rules (``Rules`` field names), or None;
    ``scores`` the game score before the hand (team 0, team 1), or None (``grade`` grades in
    game-win probability with it; the referee checks it against the rules' ``game_to``).
    """

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    kitty: tuple[int, ...]
    bids: tuple[Bid, ...] = ()
    discard: int | None = None
    plays: tuple[tuple[int, int], ...] = ()
    rules: dict | None = None
    farmer: FarmerRecord | None = None
    note: str | None = None
    scores: tuple[int, int] | None = None

    @property
    def upcard(self) -> int:
        return self.kitty[0]


# ---------------------------------------------------------------------------------------------
# Reading


def _show(value) -> str:
    """A JSON-ish rendering of a bad value for an error message, kept short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _card(value, where: str) -> int:
    if isinstance(value, str):
        c = _CANONICAL.get(value)
        if c is not None:
            return c
    try:
        return parse_card(value)
    except CardError as e:
        raise RecordError(f"{where}: {e}") from None


def _seat(value, where: str) -> int:
    # type() rather than isinstance(): JSON true/false must not pass for seats 1/0.
    if type(value) is not int or not 0 <= value <= 3:
        raise RecordError(f"{where}: a seat is 0, 1, 2 or 3, not {_show(value)}")
    return value


def _flag(value, where: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{where}: must be true or false, not {_show(value)}")
    return value


def _list(value, where: str, what: str) -> list:
    if not isinstance(value, list | tuple):
        raise RecordError(f"{where}: must be a list of {what}, not {_show(value)}")
    return list(value)


def _object(value, where: str, known: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: must be a JSON object, not {_show(value)}")
    for key in value:
        if key not in known:
            raise RecordError(f"{where}: unknown field {_show(key)} (fields: {', '.join(known)})")
    return value


def _cards(value, where: str, count: int, what: str) -> tuple[int, ...]:
    items = _list(value, where, "cards")
    try:  # fast path: canonical names
        cards = tuple(_CANONICAL[x] for x in items)
    except (KeyError, TypeError):
        cards = tuple(_card(x, f"{where}[{j}]") for j, x in enumerate(items))
    if len(cards) != count:
        raise RecordError(f"{where}: {len(cards)} cards; {what} has {count}")
    return cards


def _parse_deal(obj: dict) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    if "hands" not in obj:
        raise RecordError("hands: missing (four lists of five cards, seats 0-3)")
    hands_in = _list(obj["hands"], "hands", "four hands")
    if len(hands_in) != 4:
        raise RecordError(f"hands: {len(hands_in)} hands; a deal has four (seats 0-3)")
    if "kitty" not in obj:
        raise RecordError("kitty: missing (four cards, the upcard first)")
    hands = tuple(_cards(h, f"hands[{s}]", 5, "a hand") for s, h in enumerate(hands_in))
    kitty = _cards(obj["kitty"], "kitty", 4, "the kitty")
    seen: dict[int, str] = {}
    for where, cards in [*((f"hands[{s}]", h) for s, h in enumerate(hands)), ("kitty", kitty)]:
        for c in cards:
            if c in seen:
                also = "" if seen[c] == where else f" (also in {seen[c]})"
                raise RecordError(f"{where}: duplicate card {card_name(c)}{also}")
            seen[c] = where
    # 20 + 4 distinct cards of a 24-card pack: the deal is the whole pack.
    if obj.get("upcard") is not None:
        up = _card(obj["upcard"], "upcard")
        if up != kitty[0]:
            raise RecordError(
                f"upcard: {card_name(up)} is not kitty[0] ({card_name(kitty[0])}); "
                "the kitty lists the upcard first"
            )
    return hands, kitty


def _parse_bid(value, i: int) -> Bid:
    where = f"bid {i}"
    d = _object(value, where, _BID_FIELDS)
    if "seat" not in d or "action" not in d:
        raise RecordError(f'{where}: needs "seat" and "action"')
    seat = _seat(d["seat"], where)
    action = d["action"]
    if action not in BID_ACTIONS:
        raise RecordError(
            f"{where}: unknown action {_show(action)} (actions: {', '.join(BID_ACTIONS)})"
        )
    suit = None
    if action == "call":
        if "suit" not in d:
            raise RecordError(f'{where}: a call needs a "suit" (C, D, H or S)')
        if not isinstance(d["suit"], str):
            raise RecordError(f"{where}: suit must be C, D, H or S, not {_show(d['suit'])}")
        try:
            suit = parse_suit(d["suit"])
        except CardError as e:
            raise RecordError(f"{where}: {e}") from None
    elif "suit" in d:
        raise RecordError(f'{where}: only a call names a suit ("{action}" does not)')
    alone = _flag(d.get("alone", False), f"{where}: alone")
    if alone and action not in ("order_up", "call"):
        raise RecordError(f"{where}: only the bid that makes trump may go alone")
    return Bid(seat, action, suit, alone)


def _parse_rules(value) -> dict | None:
    if value is None:
        return None
    d = _object(value, "rules", tuple(_RULE_TYPES))
    for name, v in d.items():
        if _RULE_TYPES[name] in ("bool", bool):
            _flag(v, f"rules: {name}")
        elif type(v) is not int:
            raise RecordError(f"rules: {name} must be a whole number, not {_show(v)}")
    return dict(d)


def _parse_scores(value) -> tuple[int, int] | None:
    if value is None:
        return None
    if (not isinstance(value, list | tuple) or len(value) != 2
            or any(type(x) is not int or x < 0 for x in value)):
        raise RecordError(f"scores: the game score before the hand, [team 0, team 1], two "
                          f"whole numbers from 0, not {_show(value)}")
    return int(value[0]), int(value[1])


def _parse_farmer(value) -> FarmerRecord | None:
    if value is None:
        return None
    d = _object(value, "farmer", _FARMER_FIELDS)
    for key in _FARMER_FIELDS:
        if key not in d:
            raise RecordError(f'farmer: needs "seat", "gave" and "took" ("{key}" is missing)')
    seat = _seat(d["seat"], "farmer: seat")
    gave = _cards(d["gave"], "farmer: gave", 3, "a farmer's swap")
    took = _cards(d["took"], "farmer: took", 3, "a farmer's swap")
    return FarmerRecord(seat, gave, took)


def parse_record(obj) -> HandRecord:
    """Check the shape of one hand record (a dict from JSON) and return a ``HandRecord``.

    Parameters
    ----------
    obj : dict or HandRecord
        The record as decoded from JSON; a ``HandRecord`` is returned unchanged.

    Raises
    ------
    RecordError
        With a message that starts with the field at fault, e.g. ``hands[1]: 4 cards; a hand
        has 5``.  Legality of bids and plays is not checked here (see ``sim.referee``).
    """
    if isinstance(obj, HandRecord):
        return obj
    obj = _object(obj, "record", FIELDS)
    if "dealer" not in obj:
        raise RecordError("dealer: missing (the dealer's seat, 0-3)")
    dealer = _seat(obj["dealer"], "dealer")
    hands, kitty = _parse_deal(obj)
    if "bids" not in obj:
        raise RecordError("bids: missing (every bidding decision in order)")
    bids = tuple(_parse_bid(b, i) for i, b in enumerate(_list(obj["bids"], "bids", "bids"), 1))
    discard = None
    if obj.get("discard") is not None:
        discard = _card(obj["discard"], "discard")
    plays = []
    for i, p in enumerate(_list(obj.get("plays", []), "plays", "[seat, card] pairs"), 1):
        if not isinstance(p, list | tuple) or len(p) != 2:
            raise RecordError(f"play {i}: must be [seat, card], not {_show(p)}")
        seat, c = p
        if type(seat) is not int or not 0 <= seat <= 3:
            _seat(seat, f"play {i}")
        plays.append((seat, _CANONICAL.get(c) if isinstance(c, str) else None))
        if plays[-1][1] is None:
            plays[-1] = (seat, _card(c, f"play {i}"))
    note = obj.get("note")
    if note is not None and not isinstance(note, str):
        raise RecordError(f"note: must be text, not {_show(note)}")
    return HandRecord(
        dealer=dealer,
        hands=hands,
        kitty=kitty,
        bids=bids,
        discard=discard,
        plays=tuple(plays),
        rules=_parse_rules(obj.get("rules")),
        farmer=_parse_farmer(obj.get("farmer")),
        note=note,
        scores=_parse_scores(obj.get("scores")),
    )


# ---------------------------------------------------------------------------------------------
# Writing


def _names(cards) -> list[str]:
    return [card_name(c) for c in cards]


def bid_to_json(bid: Bid) -> dict:
    d: dict = {"seat": bid.seat, "action": bid.action}
    if bid.suit is not None:
        d["suit"] = SUITS[bid.suit]
    if bid.alone:
        d["alone"] = True
    return d


def record_to_json(rec: HandRecord) -> dict:
    """The canonical JSON object of a record: fields in the documented order (a note first), cards
    as ``JH``, suits as ``H``, ``alone`` only when true."""
    d: dict = {} if rec.note is None else {"note": rec.note}
    d |= {
        "dealer": rec.dealer,
        "hands": [_names(h) for h in rec.hands],
        "upcard": card_name(rec.kitty[0]),
        "kitty": _names(rec.kitty),
    }
    if rec.rules:
        d["rules"] = dict(rec.rules)
    if rec.scores is not None:
        d["scores"] = list(rec.scores)
    if rec.farmer is not None:
        f = rec.farmer
        d["farmer"] = {"seat": f.seat, "gave": _names(f.gave), "took": _names(f.took)}
    d["bids"] = [bid_to_json(b) for b in rec.bids]
    if rec.discard is not None:
        d["discard"] = card_name(rec.discard)
    d["plays"] = [[seat, card_name(c)] for seat, c in rec.plays]
    return d


# ---------------------------------------------------------------------------------------------
# Per-hand Parquet rows (``simulate --records``) in cards


def mask_cards(mask: int) -> str:
    """A 24-bit hand mask (bit ``suit * 6 + rank`` per card) as card names in card order,
    e.g. ``"JC AD 9H KH AH"``."""
    return " ".join(card_name(c) for c in range(24) if int(mask) >> c & 1)


def to_cards(df):
    """The per-hand records of ``simulate --records`` (``records/part-*.parquet``, or
    ``sim.simulate(..., records=True).records``) with every coded column readable.

    Returns a new DataFrame, one row per input row, with ``hand`` (when present), ``dealer``
    (seat), ``hand0``..``hand3`` (each seat's five dealt cards, before any farmer's swap, as
    ``"JC AD 9H KH AH"`` in card order), ``upcard`` (``"QC"``), ``round`` (0 passed out, 1, 2),
    ``trump`` (``"clubs"``.. ``"spades"``, None when passed out), ``maker`` (seat, <NA> when
    passed out), ``maker_position`` (``first``/``second``/``third``/``dealer``, None),
    ``maker_team`` (<NA>), ``alone`` (bool), ``defender_alone`` (seat or <NA>),
    ``maker_tricks``, ``points0``, ``points1``, ``farmer`` (seat or <NA>), ``discard`` (card
    or None) and ``forced`` (bool).  Seats are nullable integers (``Int64``), cards and names
    Python objects.  FORMATS.md describes the coded columns.
    """
    import pandas as pd

    from sim.seats import POSITIONS  # here, so that importing sim.records loads no Numba

    def seat_or_none(col):  # nullable integers: <NA> for none
        return pd.array([None if v < 0 else int(v) for v in df[col]], dtype="Int64")

    def text(values):  # objects, so that None stays None
        return pd.Series(list(values), index=df.index, dtype=object)

    out = {}
    if "hand" in df:
        out["hand"] = df["hand"].to_numpy()
    out["dealer"] = df["dealer"].astype(int).to_numpy()
    for k in range(4):
        out[f"hand{k}"] = text(mask_cards(m) for m in df[f"hand{k}"])
    out["upcard"] = text(card_name(int(c)) for c in df["upcard"])
    out["round"] = df["round"].astype(int).to_numpy()
    out["trump"] = text(None if t < 0 else SUIT_NAMES[int(t)] for t in df["trump"])
    makers = seat_or_none("maker")
    out["maker"] = makers
    out["maker_position"] = text(None if pd.isna(m) else POSITIONS[(m - int(d) - 1) % 4]
                                 for m, d in zip(makers, df["dealer"], strict=True))
    out["maker_team"] = makers % 2
    out["alone"] = df["alone"].astype(bool).to_numpy()
    out["defender_alone"] = seat_or_none("defender_alone")
    for col in ("maker_tricks", "points0", "points1"):
        out[col] = df[col].astype(int).to_numpy()
    out["farmer"] = seat_or_none("farmer")
    out["discard"] = text(None if c < 0 else card_name(int(c)) for c in df["discard"])
    out["forced"] = df["forced"].astype(bool).to_numpy()
    return pd.DataFrame(out, index=df.index)
