"""Positions for the double-dummy solver: what one is, how it is read, checked and replayed.

A *position* is a hand at the start of play seen from above (all four hands face up): the hands,
trump, the maker's seat, whether he is alone, an optional lone defender, the seat that leads the
first trick, and optionally the cards played since (in order).  Its *value* is the points to the
maker's team under perfect play (``sim.solver.api``, ``sim.solver.twin``).

* ``parse_position`` reads the JSON-lines form (FORMATS.md) and raises ``PositionError`` with one
  message per problem, naming it and the fix; ``position_to_json`` writes the canonical form.
* ``replay_played`` checks a ``Position`` (however it was made) and plays its ``played`` cards by
  the rules, giving the ``State`` the solvers start from.  A position whose every card has been
  played is legal: its state is finished and its value is simply its score.

Active seats: all four, minus the lone maker's partner, minus the lone defender's partner.  Play
goes clockwise among them; the trick's winner leads the next.  Everyone follows the led
*effective* suit (the left bower is a trump) if he can.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.cards import (
    SUIT_NAMES,
    SUITS,
    CardError,
    card_name,
    cards_of,
    effective_suit,
    left_bower,
    parse_card,
    parse_suit,
)
from sim.referee import partner, team, trick_winner
from sim.scoring import team_points

NO_DEFENDER = -1
HAND_SIZE = 5
TRICKS = 5
REQUIRED_KEYS = ("hands", "trump", "maker", "alone", "leader")
OPTIONAL_KEYS = ("defender_alone", "played")


class PositionError(ValueError):
    """A position that cannot be solved; the message names the problem and the fix."""


@dataclass(frozen=True)
class Position:
    """A position at (or after) the start of play.

    ``hands``: four card-layout masks (``sim.cards.mask_of``), the hands when play began; a
    seat that sits out may hold 0 or 5 cards (ignored).  ``defender_alone``: the lone
    defender's seat or -1.  ``played``: ``(seat, card)`` pairs since play began, in order.
    """

    hands: tuple[int, int, int, int]
    trump: int
    maker: int
    alone: bool
    defender_alone: int
    leader: int
    played: tuple[tuple[int, int], ...] = ()

    @property
    def active(self) -> tuple[bool, bool, bool, bool]:
        return active_seats(self.maker, self.alone, self.defender_alone)


@dataclass(frozen=True)
class State:
    """A position replayed to the point of play.

    ``hands``: cards still held (played cards removed; a seat that sits out holds 0).
    ``table``: the current trick's cards in play order, from ``trick_leader`` (empty between
    tricks, when ``trick_leader`` is the next leader).  ``won`` / ``lost``: tricks taken by the
    makers / the defenders.  ``to_move``: the seat to play next.
    """

    position: Position
    hands: tuple[int, int, int, int]
    table: tuple[int, ...]
    trick_leader: int
    won: int
    lost: int
    to_move: int

    @property
    def finished(self) -> bool:
        return self.won + self.lost == TRICKS


def active_seats(maker: int, alone: bool, defender_alone: int) -> tuple[bool, bool, bool, bool]:
    """Which seats play: all four minus the lone maker's partner and the lone defender's."""
    out = [True] * 4
    if alone:
        out[partner(maker)] = False
    if defender_alone != NO_DEFENDER:
        out[partner(defender_alone)] = False
    return tuple(out)


def next_active(seat: int, active) -> int:
    """The next seat clockwise (seat + 1) that plays."""
    s = (seat + 1) % 4
    while not active[s]:
        s = (s + 1) % 4
    return s


def legal_cards(hand: int, table, trump: int) -> int:
    """Mask of the cards of ``hand`` that may be played to ``table`` (follow the led suit)."""
    if not table:
        return hand
    led = effective_suit(table[0], trump)
    follow = 0
    for c in cards_of(hand):
        if effective_suit(c, trump) == led:
            follow |= 1 << c
    return follow or hand


def score(maker_tricks: int, alone: bool, defender_alone: int,
          lone_defender_points: int = 4) -> int:
    """Points to the maker's team for a finished hand: the scoring table
    (``sim.scoring``) seen from the makers (their points minus the defenders')."""
    makers, defenders = team_points(0, alone, defender_alone, maker_tricks,
                                    lone_defender_points)
    return makers - defenders


def _seats_text(seats) -> str:
    seats = [str(s) for s in seats]
    return seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " or " + seats[-1]


def _sits_out_why(pos: Position, seat: int) -> str:
    if pos.alone and seat == partner(pos.maker):
        return f"seat {seat} sits out (his partner, seat {pos.maker}, is the lone maker)"
    return f"seat {seat} sits out (his partner, seat {pos.defender_alone}, defends alone)"


# ---------------------------------------------------------------------------------------------
# Checking a Position


def _check_seat(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise PositionError(f"{name} must be a seat 0-3, not {value!r}")


def _check_fields(pos: Position) -> None:
    if not isinstance(pos.trump, int) or not 0 <= pos.trump <= 3:
        raise PositionError(f"trump must be a suit 0-3 (C D H S), not {pos.trump!r}")
    _check_seat("maker", pos.maker)
    _check_seat("leader", pos.leader)
    if not isinstance(pos.alone, bool):
        raise PositionError(f"alone must be true or false, not {pos.alone!r}")
    d = pos.defender_alone
    if d != NO_DEFENDER:
        if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= 3:
            raise PositionError(f"defender_alone must be a defender's seat 0-3 (or left out for "
                                f"none), not {d!r}")
        if team(d) == team(pos.maker):
            defenders = [s for s in range(4) if team(s) != team(pos.maker)]
            raise PositionError(
                f"defender_alone: seat {d} is on the making team (the maker is seat "
                f"{pos.maker}); name a defender, seat {_seats_text(defenders)}, or leave it out")
    active = pos.active
    if not active[pos.maker]:  # cannot happen once defender_alone is a defender; kept as a guard
        raise PositionError(f"maker: {_sits_out_why(pos, pos.maker)}; the maker must play")
    if not active[pos.leader]:
        playing = [s for s in range(4) if active[s]]
        raise PositionError(f"leader: {_sits_out_why(pos, pos.leader)}; the first trick is led "
                            f"by a seat that plays: {_seats_text(playing)}")


def _check_hands(pos: Position) -> None:
    if not isinstance(pos.hands, tuple | list) or len(pos.hands) != 4:
        raise PositionError("hands must be four hands, one per seat 0-3")
    active = pos.active
    seen = 0
    for seat, hand in enumerate(pos.hands):
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < 1 << 24:
            raise PositionError(f"hands: seat {seat}'s hand must be a 24-bit card mask")
        n = hand.bit_count()
        if active[seat] and n != HAND_SIZE:
            raise PositionError(
                f"hands: seat {seat} holds {n} card{'s' * (n != 1)}; each seat that plays must "
                f"hold {HAND_SIZE} when play begins (played cards go in \"played\", not out of "
                "the hand)")
        if not active[seat] and n not in (0, HAND_SIZE):
            raise PositionError(f"hands: {_sits_out_why(pos, seat)} and holds {n} cards; give "
                                f"his hand as {HAND_SIZE} cards or as []")
        if hand & seen:
            c = cards_of(hand & seen)[0]
            other = next(s for s in range(seat) if pos.hands[s] >> c & 1)
            raise PositionError(f"hands: duplicate card {card_name(c)} (seats {other} and "
                                f"{seat}); each card can be in one hand only")
        seen |= hand


def check_position(pos: Position) -> None:
    """Raise ``PositionError`` unless the seats, trump and hands of ``pos`` make sense
    (``replay_played`` also checks the played cards)."""
    if not isinstance(pos, Position):
        raise PositionError(f"expected a Position, not {type(pos).__name__}")
    _check_fields(pos)
    _check_hands(pos)


# ---------------------------------------------------------------------------------------------
# Replaying the played cards


def _renege_text(seat: int, c: int, hand: int, table, trump: int) -> str:
    led = effective_suit(table[0], trump)
    follow = [x for x in cards_of(hand) if effective_suit(x, trump) == led]
    text = (f"seat {seat} played {card_name(c)} but must follow {SUIT_NAMES[led]} (holds "
            f"{' '.join(card_name(x) for x in follow)})")
    lb = left_bower(trump)
    if lb == c or lb in follow or lb == table[0]:
        text += f"; {card_name(lb)} is a trump ({SUIT_NAMES[trump]}) this hand"
    return text


def _check_play(pos: Position, i: int, item, hands, table, to_move: int) -> tuple[int, int]:
    where = f"played item {i + 1}"
    if (not isinstance(item, tuple | list) or len(item) != 2):
        raise PositionError(f"{where} must be a [seat, card] pair, not {item!r}")
    seat, c = item
    _check_seat(f"{where}: the seat", seat)
    if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 24:
        raise PositionError(f"{where}: {c!r} is not a card")
    if not pos.active[seat]:
        raise PositionError(f"{where}: {_sits_out_why(pos, seat)} and cannot play")
    if seat != to_move:
        raise PositionError(f"{where}: seat {seat} played out of turn (seat {to_move} is to "
                            "play; the first trick is led by the leader, then the winner leads)")
    if not pos.hands[seat] >> c & 1:
        raise PositionError(f"{where}: seat {seat} did not hold {card_name(c)} when play began")
    if not hands[seat] >> c & 1:
        first = next(j for j, (s, x) in enumerate(pos.played) if x == c and s == seat)
        raise PositionError(f"{where}: {card_name(c)} was already played (played item "
                            f"{first + 1})")
    if not legal_cards(hands[seat], table, pos.trump) >> c & 1:
        raise PositionError(f"{where}: " + _renege_text(seat, c, hands[seat], table, pos.trump))
    return seat, c


def replay_played(pos: Position) -> State:
    """Check ``pos`` and play its ``played`` cards by the rules: the ``State`` to solve from."""
    check_position(pos)
    active = pos.active
    n_active = sum(active)
    played = pos.played
    if not isinstance(played, tuple | list):
        raise PositionError("played must be a list of [seat, card] pairs")
    if len(played) > TRICKS * n_active:
        raise PositionError(
            f"played has {len(played)} cards but only {TRICKS * n_active} are played in this "
            f"hand ({n_active} seats play, {HAND_SIZE} cards each)")
    hands = [h if active[s] else 0 for s, h in enumerate(pos.hands)]
    table: list[int] = []
    leader = to_move = pos.leader
    won = lost = 0
    for i, item in enumerate(played):
        seat, c = _check_play(pos, i, item, hands, table, to_move)
        hands[seat] &= ~(1 << c)
        table.append(c)
        if len(table) < n_active:
            to_move = next_active(seat, active)
            continue
        trick, s = [], leader
        for x in table:
            trick.append((s, x))
            s = next_active(s, active)
        leader = to_move = trick_winner(trick, pos.trump)
        if team(leader) == team(pos.maker):
            won += 1
        else:
            lost += 1
        table = []
    return State(pos, tuple(hands), tuple(table), leader, won, lost, to_move)


# ---------------------------------------------------------------------------------------------
# JSON


def _fail_keys(obj) -> None:
    if not isinstance(obj, dict):
        raise PositionError(
            f"a position must be a JSON object like {{\"hands\": [[...], ...], \"trump\": \"H\", "
            f"\"maker\": 0, \"alone\": false, \"leader\": 1}}, not {type(obj).__name__}")
    missing = [k for k in REQUIRED_KEYS if k not in obj]
    if missing:
        raise PositionError(f"missing key{'s' * (len(missing) > 1)} {', '.join(missing)}: a "
                            f"position needs {', '.join(REQUIRED_KEYS)}")
    unknown = sorted(set(obj) - set(REQUIRED_KEYS) - set(OPTIONAL_KEYS))
    if unknown:
        raise PositionError(f"unknown key {unknown[0]!r}: the keys are "
                            f"{', '.join(REQUIRED_KEYS + OPTIONAL_KEYS)}")


def _parse_hands(value) -> tuple[int, int, int, int]:
    if not isinstance(value, list) or len(value) != 4 or not all(
            isinstance(h, list) for h in value):
        raise PositionError("hands must be a list of four lists of cards, one per seat 0-3, "
                            "e.g. [[\"JH\", \"AH\", \"KD\", \"9C\", \"TS\"], ...]")
    masks = []
    owner: dict[int, int] = {}
    for seat, hand in enumerate(value):
        m = 0
        for text in hand:
            try:
                c = parse_card(text)
            except CardError as e:
                raise PositionError(f"hands: seat {seat}: {e}") from None
            if c in owner:
                raise PositionError(f"hands: duplicate card {card_name(c)} (seats {owner[c]} and "
                                    f"{seat}); each card can be in one hand only")
            owner[c] = seat
            m |= 1 << c
        masks.append(m)
    return tuple(masks)


def _parse_played(value) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list):
        raise PositionError("played must be a list of [seat, card] pairs, e.g. [[1, \"AC\"]]")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, list) or len(item) != 2:
            raise PositionError(f"played item {i + 1} must be a [seat, card] pair like "
                                f"[1, \"AC\"], not {item!r}")
        _check_seat(f"played item {i + 1}: the seat", item[0])
        try:
            out.append((item[0], parse_card(item[1])))
        except CardError as e:
            raise PositionError(f"played item {i + 1}: {e}") from None
    return tuple(out)


def parse_position(obj) -> Position:
    """Read a position from its JSON form (a dict); check it and its played cards."""
    _fail_keys(obj)
    hands = _parse_hands(obj["hands"])
    try:
        trump = parse_suit(obj["trump"]) if isinstance(obj["trump"], str) else None
    except CardError as e:
        raise PositionError(f"trump: {e}") from None
    if trump is None:
        raise PositionError(f"trump must be a suit, C D H or S, not {obj['trump']!r}")
    defender = obj.get("defender_alone")
    if defender is None or (type(defender) is int and defender == NO_DEFENDER):
        defender = NO_DEFENDER  # left out, null or -1: no lone defender
    pos = Position(hands, trump, obj["maker"], obj["alone"], defender, obj["leader"],
                   _parse_played(obj.get("played", [])))
    replay_played(pos)
    return pos


def position_to_json(pos: Position) -> dict:
    """The canonical JSON form (cards in card order, canonical names, every key present)."""
    return {
        "hands": [[card_name(c) for c in cards_of(h)] for h in pos.hands],
        "trump": SUITS[pos.trump],
        "maker": pos.maker,
        "alone": pos.alone,
        "leader": pos.leader,
        "defender_alone": None if pos.defender_alone == NO_DEFENDER else pos.defender_alone,
        "played": [[s, card_name(c)] for s, c in pos.played],
    }
