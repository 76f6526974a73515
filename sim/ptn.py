"""Trickster Cards' PTN records (PBN-like text) read into hand records, and written from them.

A PTN record is a list of tags, ``[Name "value"]``, Auction and Play followed by their lines
(``FORMATS.md`` gives the whole mapping).  Seats are letters, clockwise ``S W N E``: seats 0, 1,
2 and 3 here (team 0 is South and North).  ``Deal`` lists the hands as dealt from the dealer
clockwise, suits in the order spades, hearts, diamonds, clubs, separated by dots;
``Undealt`` is the kitty, the upcard first; cards elsewhere are suit then rank (``SJ``).

``read_ptn`` reads every record of a text and answers, for each, a ``PtnHand``: the hand record
(possibly unfinished: Trickster exports a hand in progress as it stands), or the one line that
says why not.  A hand that *used* a rule we do not play (no trump, call for best, going under
with more than a farmer's hand, Bid Euchre, another pack) is refused with the rule named; a
hand whose table allowed such a rule but did not use it is read, with a note saying so.  Every
action is checked by the referee as it is read, so a damaged record (a card twice, a trick
with a missing seat, an auction that does not add up) is answered with its place, e.g.
``Play (line 19), trick 2, N: N does not hold SQ``.  ``write_ptn`` writes one record back.

``GameScores`` is taken as the score when the record was made: after the hand when the hand
is over (the score before it is that less the hand's points), before it when it is unfinished.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from sim.cards import card, card_name, rank_of, suit_of
from sim.records import HandRecord, parse_record
from sim.referee import (
    DEFEND,
    DISCARD,
    DONE,
    FARMER,
    PLAY,
    Call,
    DefendAlone,
    Discard,
    FarmerSwap,
    Hand,
    IllegalAction,
    KeepHand,
    NoLoneDefender,
    OrderUp,
    Pass,
    Play,
    farmer_eligible,
    partner,
    play_record,
)
from sim.rules import GAME_LENGTHS, Rules

SEATS = "SWNE"                       # seat 0..3, clockwise (Trickster's own order)
DEAL_SUITS = "SHDC"                  # the order of the suits within a hand of Deal
RANKS_HIGH_FIRST = "AKQJT9"
_SUIT_LETTER = {"S": 3, "H": 2, "D": 1, "C": 0, "♠": 3, "♥": 2, "♦": 1, "♣": 0}
_SYMBOL = {3: "♠", 2: "♥", 1: "♦", 0: "♣"}
_RANK = {"9": 0, "T": 1, "J": 2, "Q": 3, "K": 4, "A": 5}
_LOW_RANKS = set("2345678")
REPEATABLE = ("CardsAdded", "CardsRemoved", "CardsPassed")
# tags written back (the others, such as players' names and dates, are not kept)
KEPT_TAGS = ("Event", "GameCode", "GameOptionsJson", "GameScores", "Dealer", "Deal", "Undealt",
             "Declarer", "Contract", "Auction", "CardsAdded", "CardsRemoved", "Play")
# Trickster's options that are exactly ours; ours that it lacks travel in "euchreSim"
_EXACT = {"stickTheDealer": "stick_the_dealer", "defendAlone": "defend_alone",
          "gameOverScore": "game_to"}
OUR_KEY = "euchreSim"
# options that change every hand: a table with one of them is refused
_EVERY_HAND = {
    "variation": "Bid Euchre (variation {v})",
    "numDecks": "a double deck (numDecks {v})",
    "deckSize": "a {v}-card pack (deckSize {v})",
    "withJoker": "a joker in the pack (withJoker)",
    "take4for1": "take 4 for 1 (take4for1), a scoring rule",
    "players": "a {v}-player game (players {v})",
}
_EVERY_HAND_DEFAULT = {"numDecks": 1, "deckSize": 24, "players": 4}
# options a hand may or may not use: refused where used, a note where not
_SOMETIMES = {
    "allowNotrump": "no trump (allowNotrump)",
    "allowLowNotrump": "low no trump (allowLowNotrump)",
    "callForBest": "call for best (callForBest)",
    "goUnder": "going under with any three 9s and 10s (goUnder)",
    "aloneTake5": "alone must take 5 (aloneTake5)",
    "makerLeadsFirst": "the maker leads first (makerLeadsFirst)",
    "allowMisdeal": "misdeals (allowMisdeal)",
    "withKitty": "a kitty exchange (withKitty)",
    "offerAloneCall2": "alone call 2 (offerAloneCall2)",
}
# the page's own settings, nothing to do with the rules
_DISPLAY = {"noSuggestions", "noWatching", "noChat", "noKibitzing", "biddingStyle", "bidType",
            "callTrump"}


class PtnError(ValueError):
    """A PTN record that cannot be read: the message names the tag (and line) at fault."""


class PtnRefused(PtnError):
    """A PTN record of a hand that used a rule we do not play; the message names the rule."""


@dataclass(frozen=True)
class PtnHand:
    """One PTN record as read: ``record`` (None when refused or damaged), ``unfinished`` (what
    the hand waits for where the record stops, or None), ``notes`` (the table's other choices),
    ``refused`` (the rule we do not play that the hand used) or ``error`` (what is damaged, and
    where); ``number`` counts the text's records from 1 and ``line`` is where it starts."""

    number: int
    line: int
    record: HandRecord | None = None
    unfinished: str | None = None
    notes: tuple[str, ...] = ()
    refused: str | None = None
    error: str | None = None

    @property
    def problem(self) -> str | None:
        """The one line that says why the hand was not read (``line 6: refused: ...``), or
        None."""
        why = self.refused and f"refused: {self.refused}" or self.error
        return None if why is None else f"line {self.line}: {why}"


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    data: list  # (line number, text) of the lines after the tag


# ---------------------------------------------------------------------------------------------
# Text into tags, tags into records

_TAG_START = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s*"')


def _aside(line: str) -> bool:
    """Whether a stripped line is no part of a record: a ``%`` comment, or a Markdown code
    fence (three backquotes), as the TricksterBots issue threads paste records."""
    return line.startswith(("%", "```"))


def is_ptn(text: str) -> bool:
    """Whether ``text`` looks like PTN (its first line that is not blank, a ``%`` comment or a
    code fence is a tag), rather than JSON lines."""
    for line in text.lstrip("\ufeff").splitlines():
        s = line.strip()
        if s and not _aside(s):
            return bool(_TAG_START.match(s))
    return False


def _unescape(value: str) -> str:
    return re.sub(r'\\(["\\n])', lambda m: "\n" if m.group(1) == "n" else m.group(1), value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _tag(line: str, n: int) -> _Tag:
    m = _TAG_START.match(line)
    if m is None or line.count('"') < 2:
        raise PtnError(f"line {n}: a tag is [Name \"value\"], not {line[:40]!r}")
    value = line[line.index('"') + 1:line.rindex('"')]
    return _Tag(m.group(1), _unescape(value), n, [])


def _split(text: str) -> list[tuple[int, list[_Tag] | PtnError]]:
    """The text's records: (first line, tags) each, or (line, PtnError) for one that cannot be
    cut into tags.  A record begins at an Event tag, at a tag already seen in the record, or
    after a blank line once the record has a Deal (a code fence counts as one); ``%`` lines
    are comments."""
    records: list[tuple[int, list | PtnError]] = []
    tags: list[_Tag] = []
    blank = False
    for n, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.strip()
        if not line or _aside(line):
            blank = blank or not line or line.startswith("```")
            continue
        if line.startswith("["):
            try:
                tag = _tag(line, n)
            except PtnError as e:
                records.append((n, e))
                tags, blank = [], False
                continue
            names = {t.name for t in tags}
            if tags and (tag.name == "Event" or (tag.name in names and tag.name not in REPEATABLE)
                         or (blank and "Deal" in names)):
                records.append((tags[0].line, tags))
                tags = []
            tags.append(tag)
        elif tags:
            tags[-1].data.append((n, line))
        else:
            records.append((n, PtnError(f"line {n}: text before any tag: {line[:40]!r}")))
        blank = False
    if tags:
        records.append((tags[0].line, tags))
    return records


def read_ptn(text: str) -> list[PtnHand]:
    """Every record of a PTN text, read (the module's header): one ``PtnHand`` a record, in
    order, each with its hand record or the line that says why not.  Never raises for a bad
    record."""
    out = []
    for number, (line, tags) in enumerate(_split(text), 1):
        if isinstance(tags, PtnError):
            out.append(PtnHand(number, line, error=str(tags)))
            continue
        try:
            record, unfinished, notes = _read(tags)
        except PtnRefused as e:
            out.append(PtnHand(number, line, refused=str(e)))
        except PtnError as e:
            out.append(PtnHand(number, line, error=str(e)))
        else:
            out.append(PtnHand(number, line, record, unfinished, tuple(notes)))
    return out


# ---------------------------------------------------------------------------------------------
# Reading one record


def _where(tag: _Tag) -> str:
    return f"{tag.name} (line {tag.line})"


def _letters(message: str) -> str:
    """A referee message with its seat numbers as PTN's letters (``seat 2`` -> ``N``)."""
    return re.sub(r"\bseat (\d)\b", lambda m: SEATS[int(m.group(1))], message)


def _seat(text: str, where: str) -> int:
    t = text.strip().upper()
    if t in ("SE", "SW", "NE", "NW"):
        raise PtnRefused(f"{where}: seat {t}: a game of five or six players, which we do not play")
    if len(t) != 1 or t not in SEATS:
        raise PtnError(f"{where}: a seat is S, W, N or E, not {text!r}")
    return SEATS.index(t)


def _card(token: str, where: str) -> int:
    """A PTN card, suit then rank (``SJ``, ``H10``, ``♠A``)."""
    t = token.strip().upper()
    suit, rank = t[:1], t[1:].replace("10", "T")
    if suit in _SUIT_LETTER and rank in _RANK:
        return card(_SUIT_LETTER[suit], _RANK[rank])
    if suit in _SUIT_LETTER and rank in _LOW_RANKS:
        raise PtnRefused(f"{where}: {token} is below the 9: a pack we do not play "
                         "(ours is the 24-card pack, 9 to ace)")
    if suit == "J" or t.startswith("JK"):
        raise PtnRefused(f"{where}: {token}: a joker, which our pack does not have")
    raise PtnError(f"{where}: {token!r} is not a card (suit then rank, e.g. SJ, HT, D9)")


def _cards(text: str, where: str) -> list[int]:
    t = re.sub(r"\s+", "", text).upper().replace("10", "T")
    if len(t) % 2:
        raise PtnError(f"{where}: {text!r} is not a list of cards (suit then rank, e.g. S9DKDJ)")
    return [_card(t[i:i + 2], where) for i in range(0, len(t), 2)]


def _deal(tag: _Tag) -> tuple[int, list[tuple[int, ...]]]:
    """Deal ``"W:KJ.AQJ.AQ. K.QJ.J.AKJ ..."``: its first seat (the dealer) and the hands by
    seat."""
    where = _where(tag)
    first, colon, rest = tag.value.partition(":")
    if not colon:
        raise PtnError(f"{where}: a deal is the first seat, a colon and the hands, e.g. "
                       '"W:KJ.AQJ.AQ. K.QJ.J.AKJ ..."')
    start = _seat(first, where)
    parts = rest.split()
    if len(parts) != 4:
        if len(parts) in (2, 3, 5, 6):
            raise PtnRefused(f"{where}: {len(parts)} hands: a game of {len(parts)} players, which "
                              "we do not play")
        raise PtnError(f"{where}: {len(parts)} hands; a deal has four")
    hands: list[tuple[int, ...]] = [()] * 4
    for k, text in enumerate(parts):
        seat = (start + k) % 4
        if text == "-":
            raise PtnError(f"{where}: {SEATS[seat]}'s hand is not shown ('-'); a hand record "
                           "needs all four hands")
        suits = text.split(".")
        if len(suits) == 5:
            raise PtnRefused(f"{where}: {SEATS[seat]}'s hand has a fifth group, the jokers: "
                             "a pack with a joker, which we do not play")
        if len(suits) != 4:
            raise PtnError(f"{where}: {SEATS[seat]}'s hand {text!r} has {len(suits)} suits; a "
                           "hand is four groups (spades.hearts.diamonds.clubs)")
        cards = [_card(s + r, f"{where}, {SEATS[seat]}")
                 for s, group in zip(DEAL_SUITS, suits, strict=True)
                 for r in group.upper().replace("10", "T")]
        if len(cards) != 5:
            raise PtnError(f"{where}: {SEATS[seat]} has {len(cards)} cards; a hand has 5")
        hands[seat] = tuple(sorted(cards))     # in card order, as the kernel deals them
    return start, hands


def _kitty(tag: _Tag | None, hands) -> tuple[int, ...]:
    if tag is None:
        raise PtnError("Undealt: missing (the kitty, the upcard first)")
    where = _where(tag)
    kitty = _cards(tag.value, where)
    if len(kitty) != 4:
        raise PtnError(f"{where}: {len(kitty)} cards; the kitty has 4, the upcard first")
    seen: dict[int, str] = {}
    for label, cards in [*((SEATS[s], hands[s]) for s in range(4)), ("the kitty", kitty)]:
        for c in cards:
            if c in seen:
                raise PtnError(f"Deal/Undealt: {card_name(c)} twice ({seen[c]} and {label})")
            seen[c] = label
    return tuple(kitty)


# -- GameOptionsJson ----------------------------------------------------------------------------


@dataclass
class _Options:
    rules: dict                  # our rule options the record names (Rules field names)
    allowed: dict                # Trickster option -> words, for a rule we lack that was on
    notes: list


def _options(tag: _Tag | None) -> _Options:
    """GameOptionsJson mapped to our rules: exact ones to ``Rules`` names, ours in
    ``euchreSim``; a rule that changes every hand refused; a rule a hand may use kept aside
    (``allowed``) to be refused if used, noted if not."""
    out = _Options({}, {}, [])
    if tag is None:
        return out
    where = _where(tag)
    try:
        opts = json.loads(tag.value)
    except ValueError as e:
        raise PtnError(f"{where}: not valid JSON: {e}") from None
    if not isinstance(opts, dict):
        raise PtnError(f"{where}: must be a JSON object, not {tag.value[:40]!r}")
    for key, words in _EVERY_HAND.items():      # in this order: Bid Euchre first
        v = opts.get(key)
        if v not in (None, False, 0, _EVERY_HAND_DEFAULT.get(key)):
            raise PtnRefused(f"{where}: " + words.format(v=v) + ", which we do not play")
    unknown = []
    for key, v in opts.items():
        if key in _EXACT:
            _exact(key, v, where, out)
        elif key == OUR_KEY:
            _ours(v, where, out)
        elif key in _SOMETIMES:
            if v:
                out.allowed[key] = _SOMETIMES[key]
        elif key not in _DISPLAY and key not in _EVERY_HAND:
            unknown.append(f"{key}={json.dumps(v)}")
    if unknown:
        out.notes.append("options we do not know, left aside: " + ", ".join(unknown))
    return out


def _exact(key: str, v, where: str, out: _Options) -> None:
    name = _EXACT[key]
    if name == "game_to":
        if type(v) is not int:
            raise PtnError(f"{where}: gameOverScore must be a whole number, not {v!r}")
        if v in GAME_LENGTHS:
            out.rules[name] = v
        else:
            out.notes.append(f"the game was to {v}; we play games to 5, 7 or 10, so the hand is "
                             "read in points, without the game score")
            out.rules["_no_score"] = True
    elif not isinstance(v, bool):
        raise PtnError(f"{where}: {key} must be true or false, not {v!r}")
    else:
        out.rules[name] = v


def _ours(v, where: str, out: _Options) -> None:
    if not isinstance(v, dict):
        raise PtnError(f"{where}: {OUR_KEY} must be an object of rule options, not {v!r}")
    try:
        Rules().replace(**v)
    except (ValueError, TypeError) as e:
        raise PtnError(f"{where}: {OUR_KEY}: {e}") from None
    out.rules.update(v)


# -- Auction -------------------------------------------------------------------------------------


def _auction_tokens(tag: _Tag) -> list[tuple[str, int]]:
    """The auction's bids in order, with their lines; ``alone`` after a suit joins it."""
    tokens: list[tuple[str, int]] = []
    for n, line in tag.data:
        for word in line.split():
            if word.lower() == "alone" and tokens and tokens[-1][0] not in ("-", "Pass"):
                tokens[-1] = (tokens[-1][0] + "alone", tokens[-1][1])
            else:
                tokens.append((word, n))
    return tokens


def _bid(word: str, seat: int, rnd: int, upcard: int, where: str):
    """One auction word as the referee's action (or ``"-"``)."""
    w = word.strip()
    low = w.lower()
    if w == "-":
        return "-"
    if low == "pass":
        return Pass(seat)
    if low in ("defendalone", "defend-alone"):
        return DefendAlone(seat)
    if low.startswith("nt"):
        raise PtnRefused(f"{where}: {w}: no trump, which we do not play")
    if "misdeal" in low:
        raise PtnRefused(f"{where}: {w}: a misdeal call, which we do not play")
    if low[:1].isdigit() or "call" in low or low == "alone":
        raise PtnRefused(f"{where}: {w}: a Bid Euchre bid, which we do not play")
    suit_text, alone_text = w[:1].upper(), low[1:]
    if suit_text not in _SUIT_LETTER or alone_text not in ("", "alone"):
        raise PtnError(f"{where}: unknown bid {w!r} (Pass, a suit such as ♠ or ♠alone, or -)")
    suit, alone = _SUIT_LETTER[suit_text], alone_text == "alone"
    if rnd == 1:
        if suit != suit_of(upcard):
            raise PtnError(f"{where}: {w} in round 1, but the upcard is {card_name(upcard)}: "
                           "round 1 orders up the upcard's suit")
        return OrderUp(seat, alone)
    return Call(seat, suit, alone)


def _auction(tag: _Tag | None, dealer: int, upcard: int) -> list[tuple[object, str]]:
    """The auction as (action, place) in order: round 1 and 2 bids, then a lone defender's
    ``DefendAlone``; the ``-`` after the bid that made trump are dropped."""
    if tag is None:
        return []
    start = _seat(tag.value, _where(tag))
    if start != (dealer + 1) % 4:
        raise PtnError(f"{_where(tag)}: starts with {SEATS[start]}, but the dealer's left "
                       f"({SEATS[(dealer + 1) % 4]}) bids first")
    out, made, passes = [], False, 0
    for i, (word, n) in enumerate(_auction_tokens(tag)):
        seat = (start + i) % 4
        rnd = 1 if passes < 4 else 2
        where = f"Auction (line {n}), round {rnd}, {SEATS[seat]}"
        if passes >= 8 and word != "-":
            raise PtnError(f"{where}: {word} after eight passes (the hand was passed out)")
        action = _bid(word, seat, rnd, upcard, where)
        if action == "-":
            if not made and passes < 8:
                raise PtnError(f"{where}: '-' before trump was made; every seat bids in turn "
                               "until one makes trump")
            continue
        if made and not isinstance(action, DefendAlone):
            raise PtnError(f"{where}: {word} after trump was made (only '-' follows the bid "
                           "that made trump)")
        if isinstance(action, DefendAlone) and not made:
            raise PtnError(f"{where}: {word} before trump was made")
        made = made or isinstance(action, OrderUp | Call)
        passes += isinstance(action, Pass)
        out.append((action, where))
    return out


# -- CardsAdded / CardsRemoved -------------------------------------------------------------------


def _exchanges(tags: list[_Tag]) -> dict:
    """CardsAdded / CardsRemoved by seat: ``{seat: [(added, removed, place), ...]}`` in order,
    pairing each seat's n-th CardsAdded with its n-th CardsRemoved (None if missing)."""
    added: dict[int, list] = {}
    removed: dict[int, list] = {}
    for tag in tags:
        if tag.name not in ("CardsAdded", "CardsRemoved"):
            continue
        where = _where(tag)
        seat_text, colon, cards_text = tag.value.partition(":")
        if not colon:
            raise PtnError(f"{where}: a seat, a colon and cards, e.g. \"E:CQDJDK\"")
        seat = _seat(seat_text, where)
        book = added if tag.name == "CardsAdded" else removed
        book.setdefault(seat, []).append((_cards(cards_text, where), where))
    out = {}
    for seat in set(added) | set(removed):
        a, r = added.get(seat, []), removed.get(seat, [])
        if len(r) > len(a):
            raise PtnError(f"{r[len(a)][1]}: {SEATS[seat]} gave cards without taking any")
        out[seat] = [(cards, r[k][0] if k < len(r) else None, where)
                     for k, (cards, where) in enumerate(a)]
    return out


@dataclass
class _Swaps:
    farmer: tuple | None = None      # (seat, gave, took) of a farmer's swap (going under)
    picked: bool = False             # the dealer's CardsAdded of the upcard
    discard: int | None = None       # the dealer's CardsRemoved
    where: str = ""


def _swaps(tags: list[_Tag], dealer: int, hands, kitty, allowed: dict) -> _Swaps:
    out = _Swaps()
    for seat, pairs in sorted(_exchanges(tags).items()):
        for added, removed, where in pairs:
            if len(added) == 3:
                _going_under(seat, added, removed, where, hands, kitty, allowed)
                out.farmer = (seat, tuple(removed), tuple(added))
            elif len(added) == 1 and seat == dealer:
                if added[0] != kitty[0]:
                    raise PtnError(f"{where}: the dealer took {card_name(added[0])}, not the "
                                   f"upcard {card_name(kitty[0])}")
                if removed is not None and len(removed) != 1:
                    raise PtnError(f"{where}: the dealer discards one card, not {len(removed)}")
                out.picked, out.where = True, where
                out.discard = removed[0] if removed else None
            elif len(added) >= 4:
                raise PtnRefused(f"{where}: {SEATS[seat]} took {len(added)} cards: a kitty "
                                 "exchange (Bid Euchre's), which we do not play")
            else:
                raise PtnError(f"{where}: {SEATS[seat]} took {len(added)} card(s): only the "
                               "dealer takes the upcard, or a player going under takes three")
    return out


def _going_under(seat, added, removed, where, hands, kitty, allowed) -> None:
    if removed is None or len(removed) != 3:
        raise PtnError(f"{where}: {SEATS[seat]} took three kitty cards but gave "
                       f"{0 if removed is None else len(removed)} (CardsRemoved)")
    if sorted(added) != sorted(kitty[1:]):
        raise PtnError(f"{where}: {SEATS[seat]} took {' '.join(map(card_name, added))}, not "
                       f"the kitty's three face-down cards")
    if not farmer_eligible(hands[seat]):
        high = " ".join(card_name(c) for c in hands[seat] if rank_of(c) > 1)
        raise PtnRefused(f"{where}: {SEATS[seat]} went under holding {high}: going under with "
                         "three 9s and 10s (goUnder); our farmer's hand is five 9s and 10s")
    allowed.pop("goUnder", None)     # used, and within our farmer's hand


# -- Play --------------------------------------------------------------------------------------


def _play(tag: _Tag, hand: Hand) -> None:
    """Play the tricks of ``[Play "X"]`` on ``hand``: each line a trick, columns the seats from
    X clockwise, ``-`` for a seat that sits out or (in the last trick) has not played yet."""
    first = _seat(tag.value, _where(tag))
    for t, (n, line) in enumerate(tag.data, 1):
        words = line.split()
        where = f"Play (line {n}), trick {t}"
        if len(words) != 4:
            raise PtnError(f"{where}: {len(words)} cards; a trick is four columns, one a seat "
                           f"from {SEATS[first]} ('-' for a seat that sits out)")
        if hand.phase != PLAY:
            raise PtnError(f"{where}: the hand is over after trick {t - 1}")
        cells = {(first + k) % 4: w for k, w in enumerate(words)}
        for seat, w in cells.items():
            if w != "-" and not hand.active[seat]:
                raise PtnError(f"{where}: {SEATS[seat]} sits out ({_letters(hand.sits_out(seat))})"
                               f" but plays {w}")
        _trick(hand, cells, where, last=t == len(tag.data))


def _trick(hand: Hand, cells: dict, where: str, last: bool) -> None:
    done = len(hand.trick_winners)
    while hand.phase == PLAY and len(hand.trick_winners) == done:
        seat = hand.turn
        word = cells[seat]
        if word == "-":
            later = [SEATS[s] for s, w in cells.items() if w != "-" and hand.active[s]
                     and s not in {p for p, _ in hand.trick}]
            if not last or later:
                raise PtnError(f"{where}: no card for {SEATS[seat]} (a trick with a missing "
                               "seat)" + (f", yet {', '.join(later)} played after" if later
                                          else ""))
            return
        try:
            hand.apply(Play(seat, _card(word, f"{where}, {SEATS[seat]}")))
        except IllegalAction as e:
            raise PtnError(f"{where}, {SEATS[seat]}: {_letters(str(e))}") from None


# -- the record --------------------------------------------------------------------------------


def _read(tags: list[_Tag]) -> tuple[HandRecord, str | None, list[str]]:
    by = {}
    for t in tags:
        by.setdefault(t.name, t)
    if "CardsPassed" in by:
        raise PtnRefused(f"{_where(by['CardsPassed'])}: {by['CardsPassed'].value}: a card "
                         "passed to a lone maker: call for best, which we do not play")
    options = _options(by.get("GameOptionsJson"))
    if "Deal" not in by:
        raise PtnError("Deal: missing (the four hands as dealt)")
    dealer, hands = _deal(by["Deal"])
    if "Dealer" in by and _seat(by["Dealer"].value, _where(by["Dealer"])) != dealer:
        raise PtnError(f"{_where(by['Dealer'])}: {by['Dealer'].value}, but the Deal starts with "
                       f"{SEATS[dealer]} (Trickster's Deal starts with the dealer)")
    kitty = _kitty(by.get("Undealt"), hands)
    _contract_words(by.get("Contract"))
    if "Auction" not in by and {"Play", "Contract", "Declarer"} & set(by):
        raise PtnError("Auction: missing (the bids, a line a round from the dealer's left), "
                       "yet the record names a contract or plays cards")
    bids = _auction(by.get("Auction"), dealer, kitty[0])
    swaps = _swaps(tags, dealer, hands, kitty, options.allowed)
    played = "Play" in by and bool(by["Play"].data)
    hand = _bidding(hands, kitty, dealer, options, bids, swaps, played)
    if played:
        _check_lead(by["Play"], hand, options.allowed)
        _play(by["Play"], hand)
    _check_contract(by.get("Declarer"), by.get("Contract"), hand)
    rules = {k: v for k, v in options.rules.items() if not k.startswith("_")}
    notes = [*options.notes]
    record = replace(hand.to_hand_record(), rules=rules or None, note=_event(by.get("Event")),
                     scores=_scores(by.get("GameScores"), hand, options, notes))
    if options.allowed:
        notes.insert(0, "the table also allowed " + ", ".join(options.allowed.values())
                     + ", which we do not play; this hand did not use them")
    return record, None if hand.phase == DONE else _letters(hand.waiting_for()), notes


def _contract_words(tag: _Tag | None) -> None:
    if tag is not None and "NT" in tag.value.upper():
        raise PtnRefused(f"{_where(tag)}: {tag.value}: no trump, which we do not play")


def _event(tag: _Tag | None) -> str | None:
    return None if tag is None else tag.value


def _bidding(hands, kitty, dealer, options: _Options, bids, swaps: _Swaps, played: bool) -> Hand:
    """The referee's hand after the going under, the auction and the discard."""
    rules = dict(options.rules)
    if swaps.farmer is not None:
        rules["farmers_hand"] = True
        options.rules["farmers_hand"] = True
    making = next((a for a, _ in bids if isinstance(a, OrderUp | Call)), None)
    if ("aloneTake5" in options.allowed and making is not None and making.alone):
        raise PtnRefused(f"Auction: {SEATS[making.seat]} went alone under "
                         f"{options.allowed['aloneTake5']}: a lone maker with 3 or 4 tricks is "
                         "euchred there, and scores 1 here")
    if (isinstance(making, OrderUp) and making.alone and making.seat == partner(dealer)
            and played and not swaps.picked):
        rules["dealer_discards_when_partner_alone"] = False     # nobody picked up
        options.rules["dealer_discards_when_partner_alone"] = False
    try:
        hand = Hand(hands, kitty, dealer, Rules().replace(
            **{k: v for k, v in rules.items() if not k.startswith("_")}))
    except ValueError as e:
        raise PtnError(f"GameOptionsJson: {e}") from None
    if hand.phase == FARMER:
        seat = hand.farmer_seat
        f = swaps.farmer
        hand.apply(KeepHand(seat) if f is None else FarmerSwap(seat, f[1], f[2]))
    for action, where in bids:
        if hand.phase == DISCARD:
            _discard(hand, swaps)
        if hand.phase == DEFEND and not isinstance(action, DefendAlone):
            hand.apply(NoLoneDefender())
        try:
            hand.apply(action)
        except IllegalAction as e:
            raise PtnError(f"{where}: {_letters(str(e))}") from None
    if hand.phase == DISCARD and (swaps.discard is not None or played):
        _discard(hand, swaps)
    if hand.phase == DEFEND and played:
        hand.apply(NoLoneDefender())
    if swaps.picked and hand.discarded is None and hand.phase != DISCARD:
        raise PtnError(f"{swaps.where}: the dealer took the upcard, but nobody ordered it up")
    return hand


def _discard(hand: Hand, swaps: _Swaps) -> None:
    if swaps.discard is None:
        raise PtnError(f"CardsRemoved: missing: the dealer ({SEATS[hand.dealer]}) took the "
                       f"upcard {card_name(hand.upcard)} and must discard a card")
    try:
        hand.apply(Discard(hand.dealer, swaps.discard))
    except IllegalAction as e:
        raise PtnError(f"CardsRemoved ({SEATS[hand.dealer]}): {_letters(str(e))}") from None


def _check_lead(tag: _Tag, hand: Hand, allowed: dict) -> None:
    if not tag.data:
        return
    if hand.phase != PLAY:
        raise PtnError(f"{_where(tag)}: cards are played before the bidding is over "
                       f"({_letters(hand.waiting_for())})")
    first = _seat(tag.value, _where(tag))
    if first != hand.turn:
        if first == hand.maker and "makerLeadsFirst" in allowed:
            raise PtnRefused(f"{_where(tag)}: the maker ({SEATS[first]}) led first "
                             "(makerLeadsFirst), which we do not play")
        raise PtnError(f"{_where(tag)}: starts with {SEATS[first]}, but {SEATS[hand.turn]} "
                       "leads (the first seat that plays from the dealer's left)")


def _check_contract(declarer: _Tag | None, contract: _Tag | None, hand: Hand) -> None:
    if hand.trump is None:
        for tag in (declarer, contract):
            if tag is not None and tag.value.strip() not in ("", "Pass", "-"):
                raise PtnError(f"{_where(tag)}: {tag.value}, but nobody made trump")
        return
    if declarer is not None and _seat(declarer.value, _where(declarer)) != hand.maker:
        raise PtnError(f"{_where(declarer)}: {declarer.value}, but {SEATS[hand.maker]} made "
                       "trump in the auction")
    if contract is not None:
        words = contract.value.replace(" ", "").lower()
        suit = _SUIT_LETTER.get(contract.value.strip()[:1].upper())
        if suit != hand.trump or (words.endswith("alone") != hand.alone):
            raise PtnError(f"{_where(contract)}: {contract.value!r}, but the auction made "
                           f"{_contract(hand)!r}")


def _contract(hand: Hand) -> str:
    return _SYMBOL[hand.trump] + (" alone" if hand.alone else "")


def _scores(tag: _Tag | None, hand: Hand, options: _Options, notes: list):
    """The score before the hand from GameScores (the module's header), or None (with a note
    in ``notes`` where GameScores gives no score of a game to ``game_to`` before the hand)."""
    if tag is None or options.rules.get("_no_score"):
        return None
    where = _where(tag)
    first, colon, rest = tag.value.partition(":")
    words = rest.split()
    if not colon or len(words) != 4 or not all(re.fullmatch(r"-?\d+", w) for w in words):
        raise PtnError(f"{where}: a seat, a colon and four scores, e.g. \"S:6 3 6 3\"")
    start = _seat(first, where)
    by_seat = {(start + k) % 4: int(w) for k, w in enumerate(words)}
    if by_seat[0] != by_seat[2] or by_seat[1] != by_seat[3]:
        notes.append(f"{where}: partners' scores differ ({tag.value}); read without the score")
        return None
    now = [by_seat[0], by_seat[1]]
    if hand.phase == DONE:
        now = [now[t] - hand.points[t] for t in (0, 1)]
    game_to = hand.rules.game_to
    if not all(0 <= x < game_to for x in now):
        notes.append(f"{where}: {tag.value} gives {now[0]}-{now[1]} before the hand, not a "
                     f"score of a game to {game_to}; read without the score")
        return None
    return now[0], now[1]


# ---------------------------------------------------------------------------------------------
# Writing


def _hand_text(cards) -> str:
    groups = []
    for s in DEAL_SUITS:
        ranks = sorted((rank_of(c) for c in cards if suit_of(c) == _SUIT_LETTER[s]),
                       reverse=True)
        groups.append("".join("9TJQKA"[r] for r in ranks))
    return ".".join(groups)


def ptn_card(c: int) -> str:
    """A card as PTN writes it: suit then rank (``SJ``)."""
    name = card_name(c)
    return name[1] + name[0]


def _options_json(rec: HandRecord, rules: Rules) -> dict:
    named = set(rec.rules or {}) | set(rules.changes())
    out: dict = {}
    ours = {}
    for key, name in _EXACT.items():
        if name in named:
            out[key] = getattr(rules, name)
    for name in sorted(named - set(_EXACT.values())):
        ours[name] = getattr(rules, name)
    if ours:
        out[OUR_KEY] = ours
    return out


def _auction_lines(rec: HandRecord, dealer: int, finished_bidding: bool) -> list[str]:
    words: list[str] = []
    seat = (dealer + 1) % 4
    for b in rec.bids:
        while (seat + len(words)) % 4 != b.seat:      # a lone defender after the making bid
            words.append("-")
        if b.action == "pass":
            words.append("Pass")
        elif b.action == "defend_alone":
            words.append("DefendAlone")
        else:
            suit = suit_of(rec.kitty[0]) if b.action == "order_up" else b.suit
            words.append(_SYMBOL[suit] + ("alone" if b.alone else ""))
    if finished_bidding:
        while len(words) % 4:
            words.append("-")
    return [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]


def _play_lines(rec: HandRecord, active: list[bool]) -> list[str]:
    first = rec.plays[0][0]
    size = sum(active)
    lines = []
    for i in range(0, len(rec.plays), size):
        row = ["-"] * 4
        for seat, c in rec.plays[i:i + size]:
            row[(seat - first) % 4] = ptn_card(c)
        lines.append(" ".join(row))
    return lines


def write_ptn(record, rules: Rules | None = None) -> str:
    """One hand record (a dict or ``HandRecord``, finished or not) as a PTN record, the text
    ``read_ptn`` reads back to the same record.  ``rules``: the rules it was played under (the
    record's own ``"rules"`` override them); they are written in GameOptionsJson.

    Raises
    ------
    RecordError
        A record that the referee does not accept (nothing is written for it).
    """
    rec = parse_record(record)
    hand = play_record(rec, rules, partial=True)
    r = hand.rules
    d = rec.dealer
    out = []
    if rec.note is not None:
        out.append(f'[Event "{_escape(rec.note)}"]')
    out.append('[GameCode "Euchre"]')
    options = _options_json(rec, r)
    if options:
        out.append(f'[GameOptionsJson "{_escape(json.dumps(options, separators=(",", ":")))}"]')
    if rec.scores is not None:
        now = [rec.scores[t] + (hand.points[t] if hand.phase == DONE else 0) for t in (0, 1)]
        out.append(f'[GameScores "S:{now[0]} {now[1]} {now[0]} {now[1]}"]')
    out.append(f'[Dealer "{SEATS[d]}"]')
    out.append(f'[Deal "{SEATS[d]}:' + " ".join(_hand_text(rec.hands[(d + k) % 4])
                                               for k in range(4)) + '"]')
    out.append(f'[Undealt "{"".join(ptn_card(c) for c in rec.kitty)}"]')
    if hand.trump is not None:
        out.append(f'[Declarer "{SEATS[hand.maker]}"]')
        out.append(f'[Contract "{_contract(hand)}"]')
    out.append(f'[Auction "{SEATS[(d + 1) % 4]}"]')
    bidding_over = hand.trump is not None or hand.passed_out
    out.extend(_auction_lines(rec, d, bidding_over))
    if rec.farmer is not None:
        f = rec.farmer
        out.append(f'[CardsAdded "{SEATS[f.seat]}:{"".join(map(ptn_card, f.took))}"]')
        out.append(f'[CardsRemoved "{SEATS[f.seat]}:{"".join(map(ptn_card, f.gave))}"]')
    if hand.discarded is not None or hand.phase == DISCARD:
        out.append(f'[CardsAdded "{SEATS[d]}:{ptn_card(rec.kitty[0])}"]')
        if hand.discarded is not None:
            out.append(f'[CardsRemoved "{SEATS[d]}:{ptn_card(hand.discarded)}"]')
    if rec.plays:
        out.append(f'[Play "{SEATS[rec.plays[0][0]]}"]')
        out.extend(_play_lines(rec, hand.active))
    return "\n".join(out) + "\n"


def write_ptn_records(records, rules: Rules | None = None) -> str:
    """Several hand records as PTN, one record after another with a blank line between."""
    return "\n".join(write_ptn(r, rules) for r in records)


__all__ = ["PtnError", "PtnHand", "PtnRefused", "SEATS", "KEPT_TAGS", "is_ptn", "ptn_card",
           "read_ptn", "write_ptn", "write_ptn_records"]
