"""Review a played hand with the double-dummy solver: what every card cost under perfect play.

``record_position`` turns a hand record (FORMATS.md) into the ``Position`` when play begins,
as the referee replays the record's bidding (``sim.referee.replay_bidding``): the hands after a
farmer's swap and the dealer's pick-up and discard, trump, the maker, alone and a lone defender
from the bids, and the opening leader (the first seat that plays clockwise from the dealer's
left).  ``review_hands`` solves every prefix of each hand's plays in one call of the solver
and gives one row per card played:

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

from sim.cards import card_name, mask_of
from sim.records import RecordError, parse_record
from sim.referee import replay_bidding, team
from sim.rules import Rules
from sim.solver.api import solve_positions
from sim.solver.position import NO_DEFENDER, Position

TRICK_POSITIONS = ("leader", "second", "third", "fourth")
ROLES = ("maker", "partner", "defender")
SIDES = ("makers", "defenders")


def record_rules(record, rules: Rules | None = None) -> Rules:
    """The rules a record was played under: ``rules`` (default: published) with the record's
    own ``"rules"`` overrides."""
    rec = parse_record(record)
    rules = Rules() if rules is None else rules
    return rules.replace(**rec.rules) if rec.rules else rules


def _check_farmer(rec) -> None:
    """A farmer's swap must give cards of the hand as dealt: records keep the hands before it
    (the referee would only say that the seat does not hold the card)."""
    f = rec.farmer
    if f is None:
        return
    held = set(rec.hands[f.seat])
    if not set(f.gave) <= held:
        missing = " ".join(card_name(c) for c in f.gave if c not in held)
        raise RecordError(f"farmer: seat {f.seat} gave {missing}, which his dealt hand does not "
                          "hold (a record's hands are as dealt, before the farmer's swap)")


def record_position(record, rules: Rules | None = None) -> Position | None:
    """The ``Position`` when play begins in a hand record (a dict or ``HandRecord``), with no
    cards played; None for a passed-out hand.

    The hands when play begins are the referee's (``sim.referee.replay_bidding``): the record's
    farmer's swap, bids and discard replayed under ``rules`` (default: published) with the
    record's own ``"rules"`` overrides, so the dealer picks up and discards, or not, as
    ``dealer_discards_when_partner_alone`` says.  The record's plays are checked when the
    position is solved.  Raises ``RecordError`` for a record whose swap, bids or discard do
    not fit its deal and rules."""
    rec = parse_record(record)
    _check_farmer(rec)
    hand = replay_bidding(rec, rules)
    if hand.passed_out:
        return None
    defender = NO_DEFENDER if hand.defender_alone is None else hand.defender_alone
    return Position(tuple(mask_of(h) for h in hand.hands), hand.trump, hand.maker,
                    bool(hand.alone), defender, hand.turn)


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
            "values": {card_name(x): v for x, v in sorted(sol.cards.items())},
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
    differs from ``best``), ``loss``, ``best_cards``, ``values``: every legal card's value).
    All the prefixes of the plays are solved in one call; a passed-out hand gives no rows.  A
    record with fewer than all its cards played is reviewed as far as it goes."""
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
