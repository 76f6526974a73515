"""Hand codes: one hand record as a short, stable text for a link (``euchre-sim link``).

A code is ``V BODY C``: ``V`` the format's version (``1``), ``BODY`` one whole number in base 62
(``0-9A-Za-z``, most significant digit first, no leading zero), ``C`` a check character.  The
characters are URL-safe and need no padding.

The number is a mixed-radix number, least significant digit first:

* extras flag (2): 0 for the published rules and no game score; 1 for a record with its own
  ``"rules"`` or ``"scores"``, and then the rules digit (each boolean ``Rules`` option absent,
  false or true; ``game_to`` absent, 5, 7 or 10; ``renege_penalty`` absent or 0-4;
  ``lone_defender_euchre_points`` absent, 2 or 4: every rule set a record can hold) and the
  scores digit (absent, or team 0's and team 1's score, each below ``game_to``);
* the deal: the dealer (4); seat 0's, 1's, 2's and 3's five cards, each as the combinatorial
  index of a five-card set among the cards not yet dealt (42504, 11628, 2002, 126); the upcard
  among the four left (4); and the order of the three cards below it (6);
* the actions, replayed through the referee (``sim.referee.Hand``): each is its index in the
  hand's ``legal_actions()`` at that point, with that list's length as the radix, until the
  hand is over (a farmer's swap is followed by the order of its ``gave`` and ``took``, 6 each).
  The automatic steps (keeping a farmer's hand, nobody defending alone) are
  actions too; they cost nothing where they are the only choice.

So every number decodes to a legal hand, or is refused because digits are left over when the
hand ends.  Forced steps cost nothing, so codes are short: over 600 kernel hands under the
published rules 13-18 characters (mean 15.5); with house rules (a rules digit) 17-22.

The check character is the sum of the weighted values of the version and body characters,
modulo 62, with odd weights other than 31 (coprime to 62): any one changed character is
refused, and a dropped or added character almost always is.

What a code keeps: everything in the record but a ``"note"`` (refused: a link carries no free
text) and the order of the cards within each hand, which is canonical: **the round trip is
defined on the canonical form** (``canonical_record``): each hand's cards in card order, the
record's ``"rules"`` in ``Rules`` field order, fields in ``record_to_json``'s order.  Records
the kernel writes (``sim.trace``) are in that form already.  The kitty and a farmer's ``gave``
and ``took`` keep their order (a farmer's swap adds two digits of 6).

Bad codes raise ``ValueError`` naming the problem: too short, wrong characters, an unknown
version, a damaged code (the check character), or not a legal hand.
"""

from __future__ import annotations

from dataclasses import fields, replace
from itertools import permutations
from math import comb

from sim.records import RecordError, parse_record, record_to_json
from sim.referee import FarmerSwap, Hand, play_record, record_rules
from sim.rules import Rules

VERSION = "1"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_WEIGHTS = tuple(w for w in range(1, 62, 2) if w != 31)  # coprime to 62
_PERMS = tuple(permutations(range(3)))
# one rules digit: (field, the values it may take; None = absent from the record)
_RULE_CHOICES = tuple(
    (f.name, (None, False, True) if f.type in ("bool", bool) else
     {"game_to": (None, 5, 7, 10), "renege_penalty": (None, 0, 1, 2, 3, 4),
      "lone_defender_euchre_points": (None, 2, 4)}[f.name])
    for f in fields(Rules)
)


# ---------------------------------------------------------------------------------------------
# Mixed radix


class _Writer:
    def __init__(self):
        self.number, self.scale = 0, 1

    def put(self, digit: int, radix: int) -> None:
        assert 0 <= digit < radix
        self.number += digit * self.scale
        self.scale *= radix


class _Reader:
    def __init__(self, number: int):
        self.number = number

    def get(self, radix: int) -> int:
        self.number, digit = divmod(self.number, radix)
        return digit


def _check(text: str) -> str:
    total = sum(_WEIGHTS[i % len(_WEIGHTS)] * _VALUE[ch] for i, ch in enumerate(text))
    return ALPHABET[total % 62]


def _base62(n: int) -> str:
    out = []
    while True:
        n, d = divmod(n, 62)
        out.append(ALPHABET[d])
        if not n:
            return "".join(reversed(out))


# ---------------------------------------------------------------------------------------------
# The parts


def _rank_set(cards, pool) -> int:
    """The colex index of the set ``cards`` among the sorted ``pool``."""
    positions = sorted(pool.index(c) for c in cards)
    return sum(comb(p, i + 1) for i, p in enumerate(positions))


def _unrank_set(index: int, pool, k: int) -> list[int]:
    chosen = []
    for i in range(k, 0, -1):
        p = i - 1
        while comb(p + 1, i) <= index:
            p += 1
        index -= comb(p, i)
        chosen.append(pool[p])
    return sorted(chosen)


def _order(listed, base) -> int:
    """The index in ``_PERMS`` of the order ``listed`` gives the three cards of ``base``."""
    return _PERMS.index(tuple(base.index(c) for c in listed))


def _put_rules(w: _Writer, rules: dict | None) -> None:
    for name, choices in _RULE_CHOICES:
        value = (rules or {}).get(name)
        if value not in choices or (value is not None and type(value) is not type(choices[-1])):
            raise RecordError(f"rules: {name}={value!r} is not a value a rule set may hold")
        w.put(choices.index(value), len(choices))


def _get_rules(r: _Reader) -> dict | None:
    out = {}
    for name, choices in _RULE_CHOICES:
        value = choices[r.get(len(choices))]
        if value is not None:
            out[name] = value
    return out or None


def _put_deal(w: _Writer, rec) -> None:
    w.put(rec.dealer, 4)
    pool = list(range(24))
    for h in rec.hands:
        w.put(_rank_set(h, pool), comb(len(pool), 5))
        pool = [c for c in pool if c not in h]
    w.put(pool.index(rec.kitty[0]), 4)
    w.put(_order(rec.kitty[1:], sorted(rec.kitty[1:])), 6)


def _get_deal(r: _Reader):
    dealer = r.get(4)
    pool, hands = list(range(24)), []
    for _ in range(4):
        h = _unrank_set(r.get(comb(len(pool), 5)), pool, 5)
        hands.append(tuple(h))
        pool = [c for c in pool if c not in h]
    up = pool.pop(r.get(4))
    kitty = (up, *(pool[i] for i in _PERMS[r.get(6)]))
    return dealer, tuple(hands), kitty


# ---------------------------------------------------------------------------------------------
# The API


def canonical_record(record) -> dict:
    """The canonical form of a hand record (the module's header), as JSON: what
    ``read_hand_code(hand_code(record))`` gives back."""
    return read_hand_code(hand_code(record))


def hand_code(record) -> str:
    """The code of one complete, legal hand record (dict or ``HandRecord``).

    Raises ``RecordError`` (a ``ValueError``) for a malformed or illegal record, as
    ``euchre-sim replay`` would name it, or one with a ``"note"``.
    """
    rec = parse_record(record)
    if rec.note is not None:
        raise RecordError("note: a link carries no free text; leave the note out")
    rules = record_rules(rec)
    played = play_record(rec)  # a legal, finished hand, or a RecordError naming the step
    w = _Writer()
    extras = bool(rec.rules) or rec.scores is not None
    w.put(int(extras), 2)
    if extras:
        _put_rules(w, rec.rules)
        g = rules.game_to
        w.put(0 if rec.scores is None else 1 + rec.scores[0] * g + rec.scores[1], 1 + g * g)
    _put_deal(w, rec)
    hand = Hand([sorted(h) for h in rec.hands], rec.kitty, rec.dealer, rules)
    for entry in played.log:
        action = entry.action
        legal = hand.legal_actions()
        if isinstance(action, FarmerSwap):  # the swap, then the order its cards are listed in
            i = legal.index(replace(action, gave=tuple(sorted(action.gave)),
                                    took=tuple(hand.kitty[1:])))
            w.put(i, len(legal))
            w.put(_order(action.gave, legal[i].gave), 6)
            w.put(_order(action.took, legal[i].took), 6)
        else:
            w.put(legal.index(action), len(legal))
        hand.apply(action)
    text = VERSION + _base62(w.number)
    return text + _check(text)


def _number(code) -> int:
    if not isinstance(code, str):
        raise ValueError(f"a hand code is text, not {type(code).__name__}")
    code = code.strip()
    if len(code) < 3:
        raise ValueError(f"hand code {code!r} is too short (a version, a body and a check "
                         "character)")
    bad = sorted({ch for ch in code if ch not in _VALUE})
    if bad:
        raise ValueError(f"hand code {code!r} has wrong characters {''.join(bad)!r} (a code is "
                         "letters and digits)")
    if code[0] != VERSION:
        raise ValueError(f"hand code {code!r}: version {code[0]!r} is not one this euchre-sim "
                         f"reads (it reads version {VERSION})")
    if _check(code[:-1]) != code[-1]:
        raise ValueError(f"hand code {code!r} is damaged: its check character does not match "
                         "(a character changed, lost or added)")
    body = code[1:-1]
    if len(body) > 1 and body[0] == "0":
        raise ValueError(f"hand code {code!r} is damaged: its number has a leading zero")
    n = 0
    for ch in body:
        n = n * 62 + _VALUE[ch]
    return n


def read_hand_code(code: str) -> dict:
    """The hand record (canonical JSON, the form ``sim.records`` reads) of a code;
    ``ValueError`` naming the problem for a code that is not one."""
    r = _Reader(_number(code))
    rules_dict, scores = None, None
    if r.get(2):
        rules_dict = _get_rules(r)
        try:
            rules = Rules().replace(**(rules_dict or {}))
        except ValueError as e:
            raise ValueError(f"hand code {code!r} is not a legal hand: rules: {e}") from None
        g = rules.game_to
        s = r.get(1 + g * g)
        scores = None if s == 0 else divmod(s - 1, g)
    else:
        rules = Rules()
    dealer, hands, kitty = _get_deal(r)
    hand = Hand(hands, kitty, dealer, rules)
    while legal := hand.legal_actions():
        action = legal[r.get(len(legal))]
        if isinstance(action, FarmerSwap):
            gave = tuple(action.gave[i] for i in _PERMS[r.get(6)])
            took = tuple(action.took[i] for i in _PERMS[r.get(6)])
            action = replace(action, gave=gave, took=took)
        hand.apply(action)
    if r.number:
        raise ValueError(f"hand code {code!r} is not a legal hand: digits are left over when "
                         "the hand ends")
    rec = replace(hand.to_hand_record(), rules=rules_dict, scores=scores)
    return record_to_json(rec)
