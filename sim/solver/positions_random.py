"""Random legal positions for testing the solvers: reproducible from a seed, quick to make.

``random_positions(n, seed)`` deals shuffled hands with a random trump, maker and leader, in
four kinds (``KINDS``): ``four`` (four hands), ``alone`` (the maker alone), ``defender`` (a lone
defender against a maker with partner) and ``both`` (a lone defender against a lone maker).
Three positions in four get the left bower moved into a hand that plays (when it is not in one
already), and the random plays put it off (a card other than it is chosen 60% of the time when
there is a choice), so the bower rules are exercised often: it is still in a hand or on the
table in about two positions in three with the default settings.  A seat that sits out holds
its five dealt cards or none, at random.  Then a number of random legal plays is made
(``played``): by default enough to leave 1-5 tricks unfinished, with the current trick
part-played at random.
"""

from __future__ import annotations

import numpy as np

from sim.cards import left_bower
from sim.referee import trick_winner
from sim.solver.position import (
    NO_DEFENDER,
    TRICKS,
    Position,
    active_seats,
    legal_cards,
    next_active,
)

KINDS = ("four", "alone", "defender", "both")


def _deal(rng: np.random.Generator, kind: str):
    trump = int(rng.integers(4))
    maker = int(rng.integers(4))
    alone = kind in ("alone", "both")
    defender = NO_DEFENDER
    if kind in ("defender", "both"):
        defender = (maker + 1 + 2 * int(rng.integers(2))) % 4
    active = active_seats(maker, alone, defender)
    deck = [int(c) for c in rng.permutation(24)]
    hands = [deck[5 * s:5 * s + 5] for s in range(4)]
    lb = left_bower(trump)
    playing = [s for s in range(4) if active[s]]
    if rng.random() < 0.75 and not any(lb in hands[s] for s in playing):
        seat = playing[int(rng.integers(len(playing)))]
        slot = int(rng.integers(5))
        if lb in deck[20:]:
            hands[seat][slot] = lb
        else:  # in a sitting-out hand: swap the two cards
            other = next(s for s in range(4) if lb in hands[s])
            hands[other][hands[other].index(lb)] = hands[seat][slot]
            hands[seat][slot] = lb
    masks = []
    for s in range(4):
        keep = active[s] or rng.random() < 0.5
        masks.append(sum(1 << c for c in hands[s]) if keep else 0)
    leader = playing[int(rng.integers(len(playing)))]
    return tuple(masks), trump, maker, alone, defender, leader


def _random_plays(rng, hands, trump, active, leader, count: int):
    hands = [h if active[s] else 0 for s, h in enumerate(hands)]
    lb = left_bower(trump)
    n_active = sum(active)
    played, table, seat = [], [], leader
    for _ in range(count):
        legal = legal_cards(hands[seat], [c for _, c in table], trump)
        options = [c for c in range(24) if legal >> c & 1]
        if lb in options and len(options) > 1 and rng.random() < 0.6:
            options.remove(lb)  # keep the left bower in play longer
        c = options[int(rng.integers(len(options)))]
        hands[seat] &= ~(1 << c)
        played.append((seat, c))
        table.append((seat, c))
        if len(table) == n_active:
            seat = trick_winner(table, trump)
            table = []
        else:
            seat = next_active(seat, active)
    return tuple(played)


def random_positions(n: int, seed: int, kinds=KINDS, tricks_left=(1, 5),
                     played=None) -> list[Position]:
    """``n`` random legal positions, the same for the same arguments.

    ``kinds``: which of ``KINDS`` to draw from (uniformly).  ``tricks_left=(lo, hi)``: the number
    of unfinished tricks (the current one counts when cards are on the table) is drawn between
    ``lo`` and ``hi``; (5, 5) gives whole deals or a part-played first trick, 0 allows hands with
    every card played.  ``played=(lo, hi)``, when given, draws the number of cards played
    instead (capped at the hand's total); ``played=(0, 0)`` gives whole deals.
    """
    for k in kinds:
        if k not in KINDS:
            raise ValueError(f"unknown kind {k!r}: the kinds are {', '.join(KINDS)}")
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        kind = kinds[int(rng.integers(len(kinds)))]
        hands, trump, maker, alone, defender, leader = _deal(rng, kind)
        active = active_seats(maker, alone, defender)
        n_active = sum(active)
        if played is None:
            lo = n_active * (TRICKS - tricks_left[1])
            hi = n_active * (TRICKS + 1 - tricks_left[0]) - 1
        else:
            lo, hi = played
        total = TRICKS * n_active
        lo, hi = min(max(lo, 0), total), min(max(hi, 0), total)
        count = int(rng.integers(lo, max(lo, hi) + 1))
        plays = _random_plays(rng, hands, trump, active, leader, count)
        out.append(Position(hands, trump, maker, alone, defender, leader, plays))
    return out
