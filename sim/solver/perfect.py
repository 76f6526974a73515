"""Perfect play after the bidding: the double-dummy value of played hands, many at once.

``perfect_points`` takes hand records as plain arrays (the columns of ``sim.run.hands.simulate(...,
records=True)``: the dealt hands, upcard, dealer, round, maker, trump, alone, defender alone)
and scores each hand as if, once the bidding was over, all four players saw every card and
played perfectly: the points are the solver's value of the position when play begins
(``search.solve_many``, makers maximise, defenders minimise).  The bidding itself (who made
trump, alone or not, a lone defender) is taken from the records as they are.

The dealer's discard (round 1, when he picks up) is chosen with perfect information too: of his
six cards, the one whose discard is best for his own team under perfect play (the highest value
when he is on the making team, the lowest when he defends).  All of a batch's positions, six
per choosing dealer, go to the search in one call; there is no Python loop per hand.

* A passed-out hand (round 0) scores 0 for both teams.
* A seat that sits out (the lone maker's partner, the lone defender's partner) holds no cards
  in play; when that is the dealer his discard does not matter (the upcard is out of play
  whether he picked it up or, with ``dealer_discards_when_partner_alone`` off, it stays in the
  kitty), so the record's discard is kept.
* The first trick is led by the first seat that plays clockwise from the dealer's left.
* The farmer's hand rule is refused: records hold the hands as dealt, before a farmer's swap.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.rules import Rules
from sim.solver import search
from sim.threads import using_threads

N_CHOICES = 6  # the dealer's six cards after he picks up
_WORST = 1000  # a discard the rules forbid: worse than any value for the dealer's team


class PerfectPoints(NamedTuple):
    """Per hand: ``points0``, ``points1`` (points to team 0 and team 1 under perfect play),
    ``value`` (points to the maker's team: negative when the makers are euchred; 0 when passed
    out) and ``discard`` (the dealer's discard: the perfect one where he chose, the record's
    where he sat out, -1 where nobody picked up)."""

    points0: np.ndarray
    points1: np.ndarray
    value: np.ndarray
    discard: np.ndarray


def _column(x, n: int, name: str) -> np.ndarray:
    a = np.asarray(x).astype(np.int64).reshape(-1)
    if a.size != n:
        raise ValueError(f"{name} has {a.size} rows, the records {n}")
    return a


def sitting_out(maker, alone, defender_alone) -> tuple[np.ndarray, np.ndarray]:
    """The seats that sit out (-1: none): the lone maker's partner, the lone defender's."""
    maker = np.asarray(maker)
    defender_alone = np.asarray(defender_alone)
    out_maker = np.where(np.asarray(alone) != 0, (maker + 2) & 3, -1)
    out_defender = np.where(defender_alone >= 0, (defender_alone + 2) & 3, -1)
    return out_maker, out_defender


def first_leader(dealer, maker, alone, defender_alone) -> np.ndarray:
    """The seat that leads the first trick: the first seat that plays clockwise from the
    dealer's left."""
    out_maker, out_defender = sitting_out(maker, alone, defender_alone)
    seat = (np.asarray(dealer) + 1) & 3
    for _ in range(2):  # at most two seats sit out
        seat = np.where((seat == out_maker) | (seat == out_defender), (seat + 1) & 3, seat)
    return seat


def discard_choices(hand, upcard) -> np.ndarray:
    """``(n, 6)``: the six cards of each dealer's hand with the upcard, in card order."""
    h6 = np.asarray(hand, np.int64) | (np.int64(1) << np.asarray(upcard, np.int64))
    bits = (h6[:, None] >> np.arange(24)) & 1
    if h6.size and not np.all(bits.sum(axis=1) == N_CHOICES):
        raise ValueError("a dealer's hand with the upcard is not six different cards: the "
                         "records' hands and upcard do not fit together")
    return np.nonzero(bits)[1].reshape(-1, N_CHOICES)


def _solve(hands, trump, maker, alone, defender, leader, lone_points, threads):
    """One call of the fast search on positions at the start of play (values only)."""
    n = len(trump)
    if n == 0:
        return np.zeros(0, np.int64)
    c = np.ascontiguousarray
    with using_threads(threads):
        result = search.solve_many(
            c(hands, np.int64), c(trump, np.int64), c(maker, np.int64), c(alone, np.int64),
            c(defender, np.int64), c(leader, np.int64), np.full((n, 3), -1, np.int64),
            np.zeros(n, np.int64), np.zeros(n, np.int64), int(lone_points), False,
        )  # fmt: skip
    return np.asarray(result[0], np.int64)  # (further arrays: per-card values, diagnostics)


def perfect_points(hands, upcard, dealer, round_, maker, trump, alone, defender_alone,
                   rules: Rules | None = None, *, discard=None,
                   threads: int | None = None) -> PerfectPoints:
    """Points of each hand under perfect play after the bidding (the module's docstring).

    Parameters
    ----------
    hands : ``(n, 4)`` the five cards dealt to seats 0-3 as 24-bit masks (records' ``hand0`` ..
        ``hand3``)
    upcard, dealer, round_, maker, trump, alone, defender_alone : ``(n,)`` the records' columns
    rules : the rules played (lone defender's euchre points, whether the dealer may discard the
        upcard); the farmer's hand rule is refused
    discard : the records' discards (kept where the dealer sits out); default none
    threads : Numba threads for the search (default: as set)
    """
    rules = rules or Rules()
    if rules.farmers_hand:
        raise ValueError("perfect play cannot score records played with the farmer's hand "
                         "rule: the records hold the hands as dealt, before a farmer's swap")
    dealer = np.asarray(dealer).astype(np.int64).reshape(-1)
    n = dealer.size
    hands = np.asarray(hands).astype(np.int64).reshape(n, 4)
    up, rnd, mk, tr, al, da = (
        _column(x, n, name) for x, name in (
            (upcard, "upcard"), (round_, "round"), (maker, "maker"), (trump, "trump"),
            (alone, "alone"), (defender_alone, "defender_alone")))
    rec_discard = np.full(n, -1, np.int64) if discard is None else _column(discard, n, "discard")
    made = np.flatnonzero((rnd > 0) & (mk >= 0))
    d, m, a, dfa = dealer[made], mk[made], al[made], da[made]
    out_maker, out_defender = sitting_out(m, a, dfa)
    picks = (rnd[made] == 1) & (d != out_maker) & (d != out_defender)
    lead = first_leader(d, m, a, dfa)
    # one row per hand where nobody chooses a discard; six per choosing dealer
    one = np.flatnonzero(~picks)
    six = np.flatnonzero(picks)
    rows = np.concatenate([one, np.repeat(six, N_CHOICES)])
    h = hands[made][rows]
    choices = discard_choices(hands[made[six], d[six]], up[made[six]])
    kept = (hands[made[six], d[six]] | (np.int64(1) << up[made[six]]))[:, None]
    pos = one.size + np.arange(six.size * N_CHOICES)
    h[pos, d[rows[pos]]] = (kept & ~(np.int64(1) << choices)).reshape(-1)
    v = _solve(h, tr[made][rows], m[rows], a[rows], dfa[rows], lead[rows],
               rules.lone_defender_euchre_points, threads)
    value = np.zeros(n, np.int64)
    value[made[one]] = v[:one.size]
    out_discard = np.where(rnd == 1, rec_discard, -1)
    if six.size:
        dealer_makes = (d[six] & 1) == (m[six] & 1)
        vs = v[one.size:].reshape(-1, N_CHOICES)
        sign = np.where(dealer_makes, 1, -1)[:, None]
        score = vs * sign  # higher is better for the dealer's team
        if not rules.dealer_may_discard_upcard:
            score = np.where(choices == up[made[six]][:, None], -_WORST, score)
        best = np.argmax(score, axis=1)
        value[made[six]] = vs[np.arange(six.size), best]
        out_discard[made[six]] = choices[np.arange(six.size), best]
    maker_team = np.where(mk >= 0, mk & 1, 0)
    gain, loss = np.maximum(value, 0), np.maximum(-value, 0)
    points0 = np.where(maker_team == 0, gain, loss)
    points1 = np.where(maker_team == 0, loss, gain)
    return PerfectPoints(points0, points1, value, out_discard)


__all__ = ["PerfectPoints", "perfect_points", "first_leader", "sitting_out", "discard_choices",
           "N_CHOICES"]
