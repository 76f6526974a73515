"""Review a played hand with the double-dummy solver: what every card cost under perfect play.

``record_position`` turns a hand record (FORMATS.md) into the ``Position`` when play begins:
the hands after a farmer's swap and the dealer's pick-up and discard, trump, the maker, alone
and a lone defender from the bids, and the opening leader (the first seat that plays clockwise
from the dealer's left).  ``review_hands`` solves every prefix of each hand's plays in one call
of the solver and gives one row per card played:

* ``before``: the hand's perfect value (points to the maker's team, all four playing
  perfectly with every card seen) before the card; it is also ``best``, the best value the
  mover's side can reach (the makers' highest card value, the defenders' lowest);
* ``after``: the value of the card played (the solver's per-card value), which is the
  ``before`` of the next card, and the hand's score after the last;
* ``loss``: what the card cost the mover's side in points, from its own view: ``best -
  after`` for the makers, ``after - best`` for the defenders (0 for a perfect card).

So over a hand the values telescope: the makers' losses minus the defenders' losses equal the
value at the start minus the points the makers scored (``hand_totals``).
"""

from __future__ import annotations

from dataclasses import replace

from sim.cards import card_name, suit_of
from sim.records import RecordError, parse_record
from sim.referee import partner, team
from sim.rules import Rules
from sim.solver.api import solve_positions
from sim.solver.position import NO_DEFENDER, Position, active_seats, next_active

TRICK_POSITIONS = ("leader", "second", "third", "fourth")
ROLES = ("maker", "partner", "defender")
SIDES = ("makers", "defenders")


def record_rules(record, rules: Rules | None = None) -> Rules:
    """The rules a record was played under: ``rules`` (default: published) with the record's
    own ``"rules"`` overrides."""
    rec = parse_record(record)
    rules = Rules() if rules is None else rules
    return rules.replace(**rec.rules) if rec.rules else rules


def _making_bid(rec):
    """(maker, trump, alone, round, lone defender) from the bids; maker None when passed out."""
    maker = trump = None
    alone = False
    rnd = 0
    defender = NO_DEFENDER
    for n, bid in enumerate(rec.bids):
        if bid.action == "defend_alone":
            defender = bid.seat
        elif bid.action != "pass":
            if maker is not None:
                raise RecordError(f"bid {n + 1}: trump was already made by seat {maker}")
            maker, alone = bid.seat, bool(bid.alone)
            trump = suit_of(rec.upcard) if bid.action == "order_up" else bid.suit
            rnd = 1 if bid.action == "order_up" else 2
    return maker, trump, alone, rnd, defender


def _farmer_swap(rec, hands: list[set]) -> None:
    """Apply a farmer's-hand swap: records keep the hands as dealt, before it."""
    f = rec.farmer
    if f is None:
        return
    held = hands[f.seat]
    if not set(f.gave) <= held:
        missing = " ".join(card_name(c) for c in f.gave if c not in held)
        raise RecordError(f"farmer: seat {f.seat} gave {missing}, which his dealt hand does not "
                          "hold (a record's hands are as dealt, before the farmer's swap)")
    if set(f.took) != set(rec.kitty[1:]):
        raise RecordError("farmer: a farmer takes the three face-down kitty cards "
                          f"({' '.join(card_name(c) for c in rec.kitty[1:])})")
    hands[f.seat] = (held - set(f.gave)) | set(f.took)


def _dealer_pick_up(rec, hands: list[set], maker: int, alone: bool, rnd: int) -> None:
    """The dealer's hand after picking up the ordered upcard and discarding."""
    dealer = rec.dealer
    if rec.discard is None:
        if rnd == 1 and not (alone and maker == partner(dealer)):
            raise RecordError(f"discard: missing: the dealer (seat {dealer}) picked up "
                              f"{card_name(rec.upcard)} and must discard a card")
        return  # round 2, or the dealer sits out without picking up
    if rnd != 1:
        raise RecordError("discard: the dealer discards only when the upcard is ordered up")
    six = hands[dealer] | {rec.upcard}
    if rec.discard not in six:
        raise RecordError(f"discard: the dealer (seat {dealer}) does not hold "
                          f"{card_name(rec.discard)}")
    hands[dealer] = six - {rec.discard}


def record_position(record, rules: Rules | None = None) -> Position | None:
    """The ``Position`` when play begins in a hand record (a dict or ``HandRecord``), with no
    cards played; None for a passed-out hand.

    The record's shape is checked (``sim.records.parse_record``) and its plays when the position
    is solved; the legality of its bidding is the referee's business (``sim.referee``).  A
    farmer's swap (``"farmer"``) is applied to the dealt hands.  Raises ``RecordError`` for a
    record whose bids, discard or swap do not fit its deal."""
    rec = parse_record(record)
    maker, trump, alone, rnd, defender = _making_bid(rec)
    if maker is None:
        return None
    hands = [set(h) for h in rec.hands]
    _farmer_swap(rec, hands)
    _dealer_pick_up(rec, hands, maker, alone, rnd)
    active = active_seats(maker, alone, defender)
    leader = next_active(rec.dealer, active)
    masks = tuple(sum(1 << c for c in h) for h in hands)
    return Position(masks, trump, maker, alone, defender, leader)


def _role(seat: int, maker: int) -> str:
    if seat == maker:
        return "maker"
    return "partner" if team(seat) == team(maker) else "defender"


def _rows(pos: Position, plays, sols) -> list[dict]:
    """One row per card played (``sols[k]``: the solution before card ``k``)."""
    n_active = sum(pos.active)
    rows = []
    for k, (seat, c) in enumerate(plays):
        sol = sols[k]
        makers = team(seat) == team(pos.maker)
        hi, lo = max(sol.cards.values()), min(sol.cards.values())
        best, worst = (hi, lo) if makers else (lo, hi)
        after = sol.cards[c]
        rows.append({
            "play": k + 1, "trick": k // n_active + 1, "seat": seat, "card": card_name(c),
            "position": TRICK_POSITIONS[k % n_active], "role": _role(seat, pos.maker),
            "side": SIDES[0] if makers else SIDES[1], "legal": len(sol.cards),
            "before": sol.value, "after": after, "best": best, "worst": worst,
            "loss": best - after if makers else after - best,
            "best_cards": [card_name(x) for x, v in sorted(sol.cards.items()) if v == best],
        })
    return rows


def review_hands(records, rules: Rules | None = None, threads: int | None = None) -> list:
    """``review_hand`` for many records, solved in one call of the solver: a list of row
    lists (an empty list for a passed-out hand)."""
    jobs = []     # (position, plays, lone defender points) per hand played out
    for record in records:
        rec = parse_record(record)
        hand_rules = record_rules(rec, rules)
        pos = record_position(rec, hand_rules)
        jobs.append(None if pos is None else
                    (pos, rec.plays, hand_rules.lone_defender_euchre_points))
    out: list[list[dict]] = [[] for _ in jobs]
    for points in sorted({j[2] for j in jobs if j is not None}):
        todo = [i for i, j in enumerate(jobs) if j is not None and j[2] == points]
        prefixes = [replace(jobs[i][0], played=tuple(jobs[i][1][:k]))
                    for i in todo for k in range(len(jobs[i][1]))]
        sols = solve_positions(prefixes, points, threads)
        at = 0
        for i in todo:
            pos, plays, _ = jobs[i]
            out[i] = _rows(pos, plays, sols[at:at + len(plays)])
            at += len(plays)
    return out


def review_hand(record, rules: Rules | None = None) -> list[dict]:
    """Every card played in a hand record with its perfect value before and after, the best
    value its side could reach and what it cost (the module's header); one row per card, in
    play order (``play``, ``trick``, ``seat``, ``card``, ``position`` in the trick, ``role``
    maker / partner / defender, ``side``, ``legal`` cards, ``before``, ``after``, ``best``,
    ``worst`` (the worst value a legal card gives the mover's side: the card mattered when it
    differs from ``best``), ``loss``, ``best_cards``).  All the prefixes of the plays are
    solved in one call; a passed-out hand gives no rows.  A record with fewer than all its
    cards played is reviewed as far as it goes."""
    return review_hands([record], rules)[0]


def hand_totals(rows: list[dict]) -> dict:
    """A reviewed hand's totals: ``start`` (the perfect value when play began), ``end`` (the
    value after the last card reviewed: the makers' points when the hand is complete), and the
    points each side's cards cost; ``start - end == makers_lost - defenders_lost``."""
    if not rows:
        return {"start": 0, "end": 0, "makers_lost": 0, "defenders_lost": 0}
    return {
        "start": rows[0]["before"], "end": rows[-1]["after"],
        "makers_lost": sum(r["loss"] for r in rows if r["side"] == SIDES[0]),
        "defenders_lost": sum(r["loss"] for r in rows if r["side"] == SIDES[1]),
    }


__all__ = ["record_position", "record_rules", "review_hand", "review_hands", "hand_totals",
           "TRICK_POSITIONS", "ROLES", "SIDES"]
