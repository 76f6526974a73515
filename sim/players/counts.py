"""Point counts as bidding tables: the counts players publish, and one fitted to the equilibrium.

A point count is a deterministic function of what the bidding game's information set holds (the
seat's five cards up to suit symmetry, the upcard's rank, the position and the round), so each
count is compiled into a table in the equilibrium table's format (rows of 0 and 1, for every
information set, vectorised over the hand classes: ``count_rows``) and played by the
``equilibrium`` player's kernel code, which plays cards as tuned does: only the bidding differs.
``sim.players.equilibrium_table.count_table(name, rules)`` builds one (a fraction of a second,
cached a process); ``equilibrium:count=NAME``, or the named strategies (``COUNTS``), play it.

The counts, as their sources publish them (values in the order right, left, trump A K Q T 9):

- ``euchre-universe`` (the Euchre Universe blog, 2006): 10 7 6 5 4 4 3; an off-suit ace 5 in the
  other colour, 4 in trump's colour; an off-suit king 1.  Round 1: order at 21, the dealer's
  partner adds 10 and the dealer 5; round 2: call at 16.  Alone at 24 or with four trumps;
  never make trump holding one trump.
- ``ohio-bps`` (Ohio Euchre's basic Bidding Point System): 1.00 0.75 0.50 0.50 0.50 0.25 0.25;
  a singleton off-suit ace 0.75 in the other colour, 0.50 in trump's colour, less 0.25 for
  each other card of its suit; one void 0.25, two 0.75 (with a trump); right and left together
  +0.25, three trumps +0.50, four or more +0.75; the seat adds (first, second, third, dealer)
  +0.50 +1.00 -0.25 +1.00 in round 1 and +0.75 +1.25 0 +1.25 in round 2; order or call at 2.50,
  alone at 3.75.
- ``trickster`` (TricksterBots' estimated tricks): 0.1, plus for each trump 1, 0.75 or 0.5 as
  the trumps it holds below it cover the higher trumps it lacks (all, all but one, all but two);
  an off-suit ace 0.5 alone in its suit (with two trumps or more), else 0.25 with at most one
  other card of its suit; 0.75 more with three trumps or more when the off-suit cards are one
  card or share a suit.  Bid at 2.25; alone at 4.0 holding a bower, but not in round 1 when a
  jack is turned for the other side.
- ``trump-rule``: make trump with two trumps on the dealer's side (the dealer's partner and the
  dealer), three on the other; alone with five.
- ``fitted``: the count fitted to the equilibrium (``analysis.point_counts.fit_count``, run by
  ``scripts/regen_card.py``; one set of card values for every seat and round, as a player
  carries one count, and a threshold for each position and round): 6 a trump, the right 12
  and the left 7; an off-suit ace 2, a void (with a trump) 2.  Order at 25 / 18 / 27 / 20
  (first, second, third, dealer), call at 10 / 14 / 15 / 16, alone at 28-31 (``FITTED``).

Choices where a rule is ambiguous (each a sentence of its source read one way):

- The dealer counts in round 1 the hand he will hold: his five after picking up the upcard and
  discarding as the kernel's players do (``dealer_hand``: the lowest singleton side card that
  is not an ace, else the lowest side card that is not an ace, else the lowest side card, else
  the lowest trump; cards of equal rank: trump's colour first, then the cross suits), and adds
  his seat's value as well (BPS names both; Euchre Universe's +5 is read the same way).
  TricksterBots counts the dealer's six cards, upcard included, as its code does.
- Euchre Universe's seat values apply in round 1 only (the source gives 16 for round 2 with no
  seat values); its alone test (24, or four trumps) reads the hand's own count, before the
  seat's value; "never with one trump" applies to both rounds.
- Ohio Euchre's "black" ace is read as an ace of trump's colour (the source's "green" ace is the
  other colour); a doubleton or longer ace is worth its singleton value less 0.25 a card and
  may go below zero; voids count only with a trump; four trumps or more earn 0.75.
- Ohio Euchre's alone test (3.75) reads the total with the seat's value, as its bid test (2.50)
  does: the source gives one count a seat.  Its reasons read the other way too (2.50 is two
  tricks of the hand's own and one of the partner's; 3.75 is three of the hand's own, and the
  dealer's partner's +1.00 counts partly on the partner, who sits out a loner), so
  ``ohio-bps-hand`` (``READINGS``) reads the alone test on the hand's own points, the bid test
  unchanged: it goes alone on 11% of its made hands against ohio-bps's 32% and scores 0.026 a
  hand more against the equilibrium and against tuned (docs/card.md).
- TricksterBots' default options (no joker, no call-for-best, loners need not take five).
- Round 2 (every count): the seat names the suit whose count is highest among those its rule
  lets it make (ties: the suit of the upcard's colour, then the cross suits in the information
  set's order) and passes when none qualifies; a stuck dealer (stick the dealer) names the
  highest-counting suit whatever it counts.
- The trump rule's round 2 uses the same sides, and names the longest suit (ties: the one
  holding the higher bowers and aces).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sim.players.equilibrium import (
    N_CLASSES,
    N_POSITIONS,
    N_RANKS,
    R1_ACTIONS,
    R2_ACTIONS,
    class_masks,
)

NINE, TEN, JACK, QUEEN, KING, ACE = range(6)


@dataclass(frozen=True)
class Holding:
    """A batch of hands seen with one suit as trump (numpy arrays, one entry a hand): which trumps
    it holds (``right`` .. ``nine``, 0 or 1), how many (``trumps``), and its three off suits'
    rank masks (``off``, the left bower left out) with whether each is trump's colour
    (``same``)."""

    right: np.ndarray
    left: np.ndarray
    ace: np.ndarray
    king: np.ndarray
    queen: np.ndarray
    ten: np.ndarray
    nine: np.ndarray
    trumps: np.ndarray
    off: tuple
    same: tuple

    @property
    def voids(self) -> np.ndarray:
        return sum((m == 0).astype(np.int64) for m in self.off)

    def off_aces(self, same: bool | None = None) -> np.ndarray:
        """Off-suit aces (of trump's colour only, of the other only, or all)."""
        return sum(((m >> ACE) & 1) for m, s in zip(self.off, self.same, strict=True)
                   if same is None or s == same)

    def off_kings(self) -> np.ndarray:
        return sum(((m >> KING) & 1) for m in self.off)


def _bit(m, r):
    return (m >> r) & 1


def _popcount6(m):
    return sum((m >> r) & 1 for r in range(6))


def holding(suits: np.ndarray, t: int) -> Holding:
    """``suits`` (n, 4) rank masks in the information set's order (turned, next, cross A,
    cross B) seen with suit ``t`` as trump (its partner of the same colour is ``t ^ 1``)."""
    tr = suits[:, t]
    n = t ^ 1
    left = _bit(suits[:, n], JACK)
    others = [s for s in range(4) if s not in (t, n)]
    off = (suits[:, n] & ~(1 << JACK), suits[:, others[0]], suits[:, others[1]])
    return Holding(_bit(tr, JACK), left, _bit(tr, ACE), _bit(tr, KING), _bit(tr, QUEEN),
                   _bit(tr, TEN), _bit(tr, NINE), _popcount6(tr) + left, off,
                   (True, False, False))


@dataclass(frozen=True)
class Verdict:
    """A count's answer for a batch of hands and one trump suit: the ``score`` (which suit a
    seat names in round 2), whether the rule makes trump (``bids``) and goes alone (``alone``)."""

    score: np.ndarray
    bids: np.ndarray
    alone: np.ndarray


@dataclass(frozen=True)
class PointCount:
    """A published (or fitted) point count: ``judge(h, k, rnd, extra)`` gives the ``Verdict`` for
    the ``Holding`` ``h`` at position ``k`` (0 first .. 3 dealer) in round ``rnd``; ``extra`` is
    round 1's facts a count may read (``upcard_rank``, and ``six``, the dealer's six cards'
    ``Holding``)."""

    name: str
    description: str
    source: str
    judge: Callable
    dealer_six: bool = False        # the dealer counts his six cards (else his five after)


# ---------------------------------------------------------------------------------------------
# Euchre Universe

EU_TRUMP = (10, 7, 6, 5, 4, 4, 3)      # right, left, A, K, Q, T, 9
EU_SEAT = (0, 10, 0, 5)


def trump_points(h: Holding, values) -> np.ndarray:
    r, lb, a, k, q, t, n = values
    return (r * h.right + lb * h.left + a * h.ace + k * h.king + q * h.queen + t * h.ten
            + n * h.nine)


def euchre_universe_points(h: Holding) -> np.ndarray:
    """The hand's Euchre Universe count (before the seat's value)."""
    return (trump_points(h, EU_TRUMP) + 5 * h.off_aces(False) + 4 * h.off_aces(True)
            + h.off_kings())


def _euchre_universe(h, k, rnd, extra):
    raw = euchre_universe_points(h)
    total = raw + (EU_SEAT[k] if rnd == 1 else 0)
    bids = (total >= (21 if rnd == 1 else 16)) & (h.trumps >= 2)
    return Verdict(total, bids, bids & ((raw >= 24) | (h.trumps >= 4)))


# ---------------------------------------------------------------------------------------------
# Ohio Euchre's basic Bidding Point System

BPS_TRUMP = (1.0, 0.75, 0.5, 0.5, 0.5, 0.25, 0.25)
BPS_SEAT = {1: (0.5, 1.0, -0.25, 1.0), 2: (0.75, 1.25, 0.0, 1.25)}


def bps_points(h: Holding) -> np.ndarray:
    """The hand's BPS count (before the seat's value)."""
    v = trump_points(h, BPS_TRUMP)
    for m, same in zip(h.off, h.same, strict=True):
        ace = _bit(m, ACE)
        v = v + ace * ((0.5 if same else 0.75) - 0.25 * (_popcount6(m) - 1))
    has_trump = h.trumps >= 1
    voids = h.voids
    v = v + has_trump * np.where(voids >= 2, 0.75, np.where(voids == 1, 0.25, 0.0))
    v = v + 0.25 * (h.right & h.left)
    return v + np.where(h.trumps >= 4, 0.75, np.where(h.trumps == 3, 0.5, 0.0))


def _bps(h, k, rnd, extra, alone_by_hand=False):
    own = bps_points(h)
    total = own + BPS_SEAT[rnd][k]
    bids = total >= 2.5
    return Verdict(total, bids, bids & ((own if alone_by_hand else total) >= 3.75))


# ---------------------------------------------------------------------------------------------
# TricksterBots' estimated tricks

# the trump ranks from the lowest: 9 T Q K A left right
def _trump_ladder(h: Holding):
    return (h.nine, h.ten, h.queen, h.king, h.ace, h.left, h.right)


def trickster_tricks(h: Holding) -> np.ndarray:
    """TricksterBots' estimated tricks for the hand (``h`` may hold six cards: the dealer's)."""
    est = np.full(h.trumps.shape, 0.1)
    ladder = _trump_ladder(h)
    below = np.zeros(h.trumps.shape, np.int64)
    held_above = [sum(ladder[j + 1:], 0 * h.right) for j in range(7)]
    for j, held in enumerate(ladder):
        gaps = (6 - j) - held_above[j]          # higher trumps the hand lacks
        add = np.where(below >= gaps, 1.0, np.where(below == gaps - 1, 0.75,
                                                    np.where(below == gaps - 2, 0.5, 0.0)))
        est = est + held * add
        below = below + held
    off_count = sum(_popcount6(m) for m in h.off)
    for m in h.off:
        n = _popcount6(m)
        ace = _bit(m, ACE)
        est = est + ace * np.where((n == 1) & (h.trumps > 1), 0.5, np.where(n <= 2, 0.25, 0.0))
    paired = sum((_popcount6(m) >= 2).astype(np.int64) for m in h.off) > 0
    shape = (off_count >= 1) & ((off_count < 2) | paired)
    return est + 0.75 * ((h.trumps >= 3) & shape)


def _trickster(h, k, rnd, extra):
    six = extra.get("six") if rnd == 1 and k == 3 else None
    est = trickster_tricks(six if six is not None else h)
    bids = est >= 2.25
    # the upcard's jack goes to the other side: no loner in round 1 (first and third seat)
    their_jack = (rnd == 1) and (extra.get("upcard_rank") == JACK) and k in (0, 2)
    own = extra.get("own", h) if rnd == 1 else h       # the dealer's bowers before the pick-up
    bower = (own.right | own.left) > 0
    return Verdict(est, bids, bids & (est >= 4.0) & bower & (not their_jack))


# ---------------------------------------------------------------------------------------------
# the trump rule

def _trump_rule(h, k, rnd, extra):
    need = 2 if k in (1, 3) else 3
    bids = h.trumps >= need
    # the longest suit; ties to the higher bowers and aces
    score = h.trumps + 0.1 * h.right + 0.05 * h.left + 0.02 * h.ace
    return Verdict(score, bids, bids & (h.trumps >= 5))


# ---------------------------------------------------------------------------------------------
# the count fitted to the equilibrium (``analysis.point_counts.fit_count`` found these numbers;
# ``scripts/regen_card.py`` refits them)

@dataclass(frozen=True)
class FittedValues:
    """A count in the form players use: whole points a card (right, left, trump A K Q and the
    low trumps T and 9, an off-suit ace, an off-suit king, a void with a trump) and whole
    thresholds by round and position (first, second, third, dealer), to make trump and to go
    alone."""

    trump: tuple = (12, 7, 6, 6, 6, 6, 6)    # right, left, A, K, Q, T, 9
    off_ace: int = 2
    off_king: int = 0
    void: int = 2
    order: tuple = (25, 18, 27, 20)
    call: tuple = (10, 14, 15, 16)
    alone1: tuple = (29, 29, 31, 29)
    alone2: tuple = (28, 29, 29, 29)

    def points(self, h: Holding) -> np.ndarray:
        return (trump_points(h, self.trump) + self.off_ace * h.off_aces()
                + self.off_king * h.off_kings() + self.void * h.voids * (h.trumps >= 1))


FITTED = FittedValues()


def _fitted(h, k, rnd, extra, values: FittedValues | None = None):
    v = values or FITTED
    pts = v.points(h)
    bids = pts >= (v.order if rnd == 1 else v.call)[k]
    return Verdict(pts, bids, bids & (pts >= (v.alone1 if rnd == 1 else v.alone2)[k]))


def fitted_count(values: FittedValues, name: str = "fitted") -> PointCount:
    """A count of ``values`` (``FittedValues``)."""
    return PointCount(name, "the point count fitted to the equilibrium", "euchre-sim",
                      functools.partial(_fitted, values=values))


COUNTS = {
    "euchre-universe": PointCount(
        "euchre-universe", "Euchre Universe's point count (order at 21, dealer's partner +10, "
        "dealer +5; call at 16; alone at 24 or four trumps)", "Euchre Universe blog, 2006",
        _euchre_universe),
    "ohio-bps": PointCount(
        "ohio-bps", "Ohio Euchre's basic Bidding Point System (order at 2.50 with seat values; "
        "alone at 3.75)", "ohioeuchre.com, BPS basic", _bps),
    "trickster": PointCount(
        "trickster", "TricksterBots' estimated tricks (bid at 2.25, alone at 4.0 with a bower)",
        "TricksterCards/TricksterBots, EuchreBot.EstimatedTricks", _trickster, dealer_six=True),
    "trump-rule": PointCount(
        "trump-rule", "make trump with 2 trumps on the dealer's side, 3 on the other; alone "
        "with 5", "the common table rule", _trump_rule),
    "fitted": PointCount(
        "fitted", "the point count fitted to the equilibrium's bids (whole points a card, a "
        "threshold by position and round)", "euchre-sim", _fitted),
}


# another reading of a published count, played by name like the counts (``equilibrium:count=``,
# the named strategies) but left out of ``COUNTS``, which the ladder and the card play: one
# reading a source there
READINGS = {
    "ohio-bps-hand": PointCount(
        "ohio-bps-hand", "Ohio Euchre's basic BPS with the alone test on the hand's own points "
        "(order at 2.50 with seat values; alone at 3.75 without them)", "ohioeuchre.com, BPS "
        "basic", functools.partial(_bps, alone_by_hand=True)),
}

# the counts by name, as ``sim`` exports them
POINT_COUNTS = COUNTS
# every count a strategy may name
ALL_COUNTS = {**COUNTS, **READINGS}


def get_count(name) -> PointCount:
    if isinstance(name, PointCount):
        return name
    if name not in ALL_COUNTS:
        raise ValueError(f"unknown point count {name!r}: choose one of {', '.join(ALL_COUNTS)}")
    return ALL_COUNTS[name]


# ---------------------------------------------------------------------------------------------
# the hands of the information sets, and the tables

def suit_masks(masks: np.ndarray) -> np.ndarray:
    """(n, 4) rank masks of canonical hand masks (``class_masks``)."""
    return np.stack([(masks >> (6 * s)) & 63 for s in range(4)], axis=1).astype(np.int64)


def dealer_hand(suits: np.ndarray, upcard_rank: int) -> tuple[np.ndarray, np.ndarray]:
    """(five, six): the dealer's hands after picking up the upcard (turned suit, ``upcard_rank``):
    six cards, and five after the discard of the module header."""
    six = suits.copy()
    six[:, 0] |= 1 << upcard_rank
    trump_cards = six[:, 0]
    side = [six[:, 1] & ~(1 << JACK), six[:, 2], six[:, 3]]     # the left bower is trump
    n = len(six)
    best_rank = np.full(n, 99)
    best_suit = np.full(n, -1)
    for level in range(3):      # singleton non-ace, non-ace, any side card
        found = best_suit >= 0
        for i, m in enumerate(side):
            cand = m if level == 2 else m & ~(1 << ACE)
            if level == 0:
                cand = np.where(_popcount6(m) == 1, cand, 0)
            low = _lowest(cand)
            better = (~found) & (cand != 0) & (low < best_rank)
            best_rank = np.where(better, low, best_rank)
            best_suit = np.where(better, i + 1, best_suit)
    five = six.copy()
    rows = np.arange(n)
    has = best_suit >= 0
    five[rows[has], best_suit[has]] &= ~(1 << best_rank[has])
    # no side card: the lowest trump (the left bower is never the lowest of six trumps)
    none = ~has
    five[none, 0] &= ~(1 << _lowest(trump_cards[none]))
    return five, six


def _lowest(m: np.ndarray) -> np.ndarray:
    """The lowest rank set in each 6-bit mask (99 where none)."""
    out = np.full(m.shape, 99)
    for r in range(5, -1, -1):
        out = np.where((m >> r) & 1, r, out)
    return out


def verdicts_round1(count: PointCount, suits: np.ndarray, upcard_rank: int, k: int) -> Verdict:
    """The count's round-1 verdict for hands ``suits`` at position ``k`` under an upcard of
    ``upcard_rank`` (the dealer counts the hand he will hold)."""
    extra = {"upcard_rank": upcard_rank}
    if k == 3:
        five, six = dealer_hand(suits, upcard_rank)
        extra["six"] = holding(six, 0)
        extra["own"] = holding(suits, 0)
        return count.judge(holding(five, 0), k, 1, extra)
    return count.judge(holding(suits, 0), k, 1, extra)


def choose_round2(count: PointCount, suits: np.ndarray, k: int, stuck: bool = False):
    """(suit index 1-3 in the information set's order or 0 to pass, alone) for each hand in
    round 2 at position ``k``."""
    vs = [count.judge(holding(suits, t), k, 2, {}) for t in (1, 2, 3)]
    n = len(suits)
    best = np.zeros(n, np.int64)
    best_score = np.full(n, -np.inf)
    alone = np.zeros(n, bool)
    for t, v in zip((1, 2, 3), vs, strict=True):
        ok = v.bids | stuck
        better = ok & (v.score > best_score)
        best = np.where(better, t, best)
        best_score = np.where(better, v.score, best_score)
        alone = np.where(better, v.alone, alone)
    return best, alone & (best > 0)


def count_rows(count, stick_the_dealer: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(round1, round2): the count's rows for every information set (``sim.players.equilibrium``'s
    order), each a one-hot row of the action it takes (``sim.players.equilibrium_table.
    count_table`` makes them a table)."""
    count = get_count(count)
    r1 = np.zeros((N_POSITIONS, N_RANKS, N_CLASSES, R1_ACTIONS))
    r2 = np.zeros((N_POSITIONS, N_RANKS, N_CLASSES, R2_ACTIONS))
    cls = np.arange(N_CLASSES)
    for rank in range(N_RANKS):
        suits = suit_masks(class_masks(rank))
        for k in range(N_POSITIONS):
            v = verdicts_round1(count, suits, rank, k)
            a1 = np.where(v.bids, np.where(v.alone, 2, 1), 0)
            r1[k, rank, cls, a1] = 1.0
            suit, alone = choose_round2(count, suits, k, stick_the_dealer and k == 3)
            a2 = np.where(suit > 0, 2 * suit - 1 + alone, 0)
            r2[k, rank, cls, a2] = 1.0
    return r1.reshape(-1, R1_ACTIONS), r2.reshape(-1, R2_ACTIONS)


def bid_of(count, hand: int, upcard: int, k: int, rnd: int) -> tuple[float, str | None, bool]:
    """(the count, the suit made or None, alone) of one hand (a card mask) under ``upcard`` at
    position ``k`` in round ``rnd``, in plain Python: the count is the turned suit's in round 1
    (the seat's value included where the count adds one), the named suit's in round 2 (or the
    best suit's when it passes)."""
    from sim.cards import SUITS
    from sim.players.equilibrium import call_suit, relative

    count = get_count(count)
    canon, swapped = relative(np.int64(hand), np.int64(upcard))
    suits = suit_masks(np.array([canon], np.int64))
    if rnd == 1:
        v = verdicts_round1(count, suits, upcard % 6, k)
        made = SUITS[upcard // 6] if v.bids[0] else None
        return float(v.score[0]), made, bool(v.alone[0])
    suit, alone = choose_round2(count, suits, k)
    vs = [count.judge(holding(suits, t), k, 2, {}) for t in (1, 2, 3)]
    pick = int(suit[0]) or 1 + int(np.argmax([v.score[0] for v in vs]))
    named = SUITS[call_suit(2 * pick - 1, upcard, swapped)] if suit[0] else None
    return float(vs[pick - 1].score[0]), named, bool(alone[0])


COUNT_SOURCE = "count:"


def count_source(name: str) -> str:
    """The table source that names count ``name`` (what ``load_equilibrium_table`` reads)."""
    return COUNT_SOURCE + get_count(name).name


__all__ = ["ALL_COUNTS", "COUNTS", "COUNT_SOURCE", "FITTED", "POINT_COUNTS", "READINGS",
           "FittedValues", "Holding", "PointCount", "Verdict", "bid_of", "bps_points",
           "choose_round2", "count_rows", "count_source", "dealer_hand", "euchre_universe_points",
           "fitted_count", "get_count", "holding", "suit_masks", "trickster_tricks",
           "verdicts_round1"]
