"""Play a hand's cards from a hand record with some seats choosing by PIMC (``sim.solver.pimc``)
and the others by ``basic`` (its plain-Python twin, given the arguments the kernel gives it), to
measure PIMC's card play against basic's on the same deals (the bidding is the record's).

* ``pimc_knowledge``: what the seat to move knows in a replayed ``State`` (never the other
  hands: only its own hand, the plays, the bidding's public facts and, for the dealer, his
  discard);
* ``play_hand``: play one record out; ``compare_sides``: each hand played with PIMC on the
  makers' side, then on the defenders', against basic, paired with basic on both sides;
* ``decision_ms``: CPU milliseconds per decision at a number of worlds (a benchmark, not a test).

This is the slow Python driver (one compiled call per decision), meant for measurements of a
few hundred hands; a kernel-speed hand loop is later work.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

import numpy as np

from sim.cards import cards_of, effective_suit, suit_of
from sim.intervals import Z95_ROUNDED, normal_interval
from sim.players import BASIC_PARAMS, basic_twin
from sim.records import parse_record
from sim.referee import partner, trick_winner
from sim.rng import STREAM_SEAT, py_hand_key, py_sub_key
from sim.solver import search
from sim.solver.pimc import DEFAULT_WORLDS, choose_card
from sim.solver.position import next_active, replay_played, score
from sim.solver.review import record_position, record_rules
from sim.solver.worlds import new_knowledge

OVERTAKE = BASIC_PARAMS["overtake_partner"][0]


def _facts(rec) -> dict:
    """The public facts of a record's bidding: dealer, upcard, whether it was picked up, the
    dealer's discard, the suit turned down in round 2 (basic avoids leading it)."""
    called = any(b.action == "call" for b in rec.bids)
    return {"dealer": rec.dealer, "upcard": rec.upcard, "picked_up": rec.discard is not None,
            "discard": rec.discard, "turned": suit_of(rec.upcard) if called else None}


def pimc_knowledge(state, facts: dict, lone_points: int = 4) -> np.ndarray:
    """The knowledge array of the seat to move in ``state`` (a replayed ``Position``)."""
    pos = state.position
    seat = state.to_move
    discard = facts["discard"] if seat == facts["dealer"] and facts["discard"] is not None else -1
    return new_knowledge(seat, state.hands[seat], pos.trump, pos.maker, pos.alone,
                         pos.defender_alone, facts["dealer"], facts["upcard"],
                         facts["picked_up"], discard, pos.played, lone_points)


def basic_card(pos, state, turned) -> int:
    """basic's card, with the arguments the kernel gives it (``sim/kernel/hand.py``:
    ``lead_card``, ``follow_card``): the suit turned down in round 2, the lone maker, the cards
    played so far."""
    seat, trump = state.to_move, pos.trump
    hand = cards_of(state.hands[seat])
    if not state.table:
        return basic_twin.lead(hand, trump, seat, pos.maker, pos.alone, turned)
    active = pos.active
    seats = [state.trick_leader]
    for _ in state.table[1:]:
        seats.append(next_active(seats[-1], active))
    trick = list(zip(seats, state.table, strict=True))
    win_seat = trick_winner(trick, trump)
    winner = dict(trick)[win_seat]
    last = len(state.table) == sum(active) - 1
    return basic_twin.follow(hand, trump, effective_suit(state.table[0], trump), winner,
                             win_seat, seat, [c for _, c in pos.played],
                             None if last else next_active(seat, active),
                             pos.maker if pos.alone else None, OVERTAKE)


class Pimc:
    """A PIMC card player: its solver table and stack, and its settings."""

    def __init__(self, n_worlds: int = DEFAULT_WORLDS, margin: float = 1.0):
        self.n_worlds = n_worlds
        self.margin = margin
        self.tt = search.new_table()
        self.st = search.new_stack()
        self.values = np.zeros(24)

    def choose(self, kn: np.ndarray, key: int) -> tuple[int, np.ndarray, int]:
        """(card, mean values (24, NaN for cards not legal), worlds solved)."""
        c, solved, _odd = choose_card(kn, self.n_worlds, np.uint64(key), self.margin, self.tt,
                                      self.st, self.values)
        return int(c), self.values.copy(), int(solved)


def play_hand(record, pimc_seats, player: Pimc | None = None, key: int = 0, rules=None):
    """Play a record's hand from the start of play: seats in ``pimc_seats`` by PIMC (decision
    ``k`` of the hand under ``sub_key(key, k)``), the others by basic.  Returns (plays as
    (seat, card) pairs, the makers' points); (None, 0) for a passed-out hand."""
    rec = parse_record(record)
    hand_rules = record_rules(rec, rules)
    pos = record_position(rec, hand_rules)
    if pos is None:
        return None, 0
    player = player or Pimc()
    facts = _facts(rec)
    lone_points = hand_rules.lone_defender_euchre_points
    while True:
        st = replay_played(pos)
        if st.finished:
            return pos.played, score(st.won, pos.alone, pos.defender_alone, lone_points)
        if st.to_move in pimc_seats:
            kn = pimc_knowledge(st, facts, lone_points)
            c, _v, _n = player.choose(kn, py_sub_key(key, len(pos.played)))
        else:
            c = basic_card(pos, st, facts["turned"])
        pos = replace(pos, played=pos.played + ((st.to_move, c),))


def _side_seats(maker: int, side: str) -> set[int]:
    return {maker, partner(maker)} if side == "makers" else {(maker + 1) & 3, (maker + 3) & 3}


def _interval(xs) -> tuple[float, float, float]:
    """Mean and a normal 95% interval."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / max(n - 1, 1)
    return (m, *normal_interval(m, math.sqrt(var / n), Z95_ROUNDED))


def compare_sides(records, n_worlds: int = DEFAULT_WORLDS, seed: int = 0, margin: float = 1.0):
    """PIMC against basic in card play, paired on the same deals and bidding: each hand played
    by basic on both sides, then with PIMC as the makers, then as the defenders.  Returns a dict:
    ``hands``, and for ``makers`` / ``defenders`` the mean gain per hand in points to PIMC's side
    (makers: PIMC's points - basic's; defenders: basic's makers' points - PIMC's) with its 95%
    interval, and ``rows`` (basic, pimc makers, pimc defenders) per hand."""
    player = Pimc(n_worlds, margin)
    rows = []
    for i, record in enumerate(records):
        rec = parse_record(record)
        pos = record_position(rec, record_rules(rec))
        if pos is None:
            continue
        key = py_hand_key(seed, i, STREAM_SEAT)
        base = play_hand(rec, set(), player, key)[1]
        mk = play_hand(rec, _side_seats(pos.maker, "makers"), player, key)[1]
        df = play_hand(rec, _side_seats(pos.maker, "defenders"), player, key)[1]
        rows.append((base, mk, df))
    out = {"hands": len(rows), "rows": rows}
    for name, gain in (("makers", [m - b for b, m, _ in rows]),
                       ("defenders", [b - d for b, _, d in rows])):
        out[name] = dict(zip(("mean", "low", "high"), _interval(gain), strict=True))
    return out


def decision_ms(records, n_worlds: int, margin: float = 1.0, limit: int = 200) -> dict:
    """CPU milliseconds per PIMC decision (at least two legal cards) over the basic-played
    decisions of ``records`` (at most ``limit``), with ``n_worlds`` worlds; also the mean
    worlds solved per decision (early stopping)."""
    player = Pimc(n_worlds, margin)
    kns = []
    for record in records:
        rec = parse_record(record)
        pos = record_position(rec, record_rules(rec))
        if pos is None:
            continue
        facts = _facts(rec)
        for k in range(len(rec.plays)):
            st = replay_played(replace(pos, played=tuple(rec.plays[:k])))
            kns.append(pimc_knowledge(st, facts))
    kns = kns[:limit]
    player.choose(kns[0], 1)                      # compile outside the clock
    t0 = time.process_time()
    solved = [player.choose(kn, j)[2] for j, kn in enumerate(kns)]
    cpu = time.process_time() - t0
    real = [s for s in solved if s > 0]
    return {"worlds": n_worlds, "decisions": len(real),
            "ms_per_decision": 1000 * cpu / max(len(real), 1),
            "mean_worlds_solved": sum(real) / max(len(real), 1)}


__all__ = ["Pimc", "pimc_knowledge", "basic_card", "play_hand", "compare_sides", "decision_ms"]
