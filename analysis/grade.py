"""A person's hands graded decision by decision, from what the deciding seat could see.

``grade_record`` replays a hand record (the bids, the discard, the plays of all four seats, as
``euchre-sim replay`` reads them) through the referee and, at every decision, prices each legal
action from the deciding seat's view (``sim.pricing.price``: worlds consistent with the view,
never the record's hidden cards), then grades the action taken by the points a hand it gave up
against the best option:

========== ==========================================
best        gave up at most 0.02 points (or forced)
good        at most 0.10
inaccuracy  at most 0.25
mistake     at most 0.50
blunder     more than 0.50
========== ==========================================

With the game score before the hand (``scores``), each decision is also graded in game-win
probability given up (``WIN_THRESHOLDS``: good up to 2%, inaccuracy up to 8%, mistake up to
20%, blunder beyond), each world's points turned into a win probability by the win model
(``analysis.win_model``, simulated games of ``tuned``).

A defender's silent decline to defend alone (records list only a ``defend_alone`` bid) is not
graded.  ``summarise`` totals the grades per seat over many hands.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from sim import Rules, ViewError, view_for
from sim.records import RecordError, parse_record
from sim.referee import (
    DEFEND,
    DISCARD,
    DONE,
    PLAY,
    Discard,
    Hand,
    IllegalAction,
    NoLoneDefender,
    Play,
)
from sim.referee.replay import bid_action

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (0.02, 0.10, 0.25, 0.50)     # points a hand given up: the upper bound of each
WIN_THRESHOLDS = (0.002, 0.02, 0.08, 0.20)  # game-win probability given up, likewise
DEFAULT_WORLDS = 48


def grade_word(loss: float, thresholds=THRESHOLDS) -> str:
    """The word for ``loss`` given up (points a hand by ``THRESHOLDS``; game-win probability
    by ``WIN_THRESHOLDS``)."""
    for word, bound in zip(GRADES, thresholds, strict=False):
        if loss <= bound:
            return word
    return GRADES[-1]


@dataclass(frozen=True)
class Decision:
    """One graded decision: the seat's action, the best option, their values (points a hand for
    the seat's team) and what the action gave up, with its interval."""

    number: int
    seat: int
    phase: str
    trick: int | None
    action: object
    best: object
    value: float | None          # None for a forced decision (one legal action: not priced)
    best_value: float | None
    loss: float
    loss_low: float
    loss_high: float
    options: int
    grade: str
    win: float | None = None          # with the game score: P(the seat's team wins the game)
    best_win: float | None = None
    win_loss: float | None = None     # the win probability given up against the best option
    win_grade: str | None = None


def _steps(rec):
    """The record's decisions in order, with where they are in the record: ('bid', i, bid),
    then ('discard', 0, card) (applied when due), ('play', i, (seat, card))."""
    for i, b in enumerate(rec.bids, 1):
        yield "bid", i, b
    yield "discard", 0, rec.discard
    for i, p in enumerate(rec.plays, 1):
        yield "play", i, p


def grade_record(record, rules: Rules | None = None, worlds: int = DEFAULT_WORLDS,
                 seed: int = 0, rest="tuned", scores=None, wins=None) -> list[Decision]:
    """Every decision of one hand record graded (the module's header).  With ``scores`` (team
    0, team 1 before the hand) and ``wins`` (``analysis.win_model.win_table``) each decision
    is also graded in game-win probability.  Raises ``RecordError`` for a record that cannot be
    replayed, naming the field or step."""
    from sim.pricing import price

    rec = parse_record(record)
    rules = Rules() if rules is None else rules
    if rec.rules:
        rules = rules.replace(**rec.rules)
    if rules.farmers_hand:
        raise RecordError("rules: grading does not support the farmer's hand house rule")
    hand = Hand(rec.hands, rec.kitty, rec.dealer, rules)
    out: list[Decision] = []

    def decide(action, where: str):
        seat = action.seat
        try:
            view = view_for(hand, seat)
        except ViewError as e:
            raise RecordError(f"{where}: {e}") from None
        if action not in view.legal:
            why = _why_illegal(hand, action)
            raise RecordError(f"{where}: {why}")
        d = _graded(len(out) + 1, view, action, price, worlds, seed, rest, scores, wins)
        out.append(d)
        hand.apply(action)

    for kind, i, item in _steps(rec):
        if hand.phase == DISCARD and kind != "discard":
            decide(Discard(hand.dealer, _need_discard(rec, hand)), "discard")
        if kind == "bid":
            if hand.phase in (PLAY, DONE):
                raise RecordError(f"bid {i}: bidding is over ({hand.waiting_for()})")
            decide(bid_action(item), f"bid {i}")
        elif kind == "discard":
            if hand.phase == DISCARD:
                decide(Discard(hand.dealer, _need_discard(rec, hand)), "discard")
            if hand.phase == DEFEND:
                hand.apply(NoLoneDefender())
        else:
            if hand.phase != PLAY:
                raise RecordError(f"play {i}: no card is played now ({hand.waiting_for()})")
            decide(Play(*item), f"play {i}")
    if hand.phase != DONE:
        raise RecordError(f"the record ends before the hand does ({hand.waiting_for()})")
    if rec.discard is not None and hand.discarded is None:
        raise RecordError("discard: no discard in this hand: the dealer did not pick up")
    return out


def _need_discard(rec, hand) -> int:
    if rec.discard is None:
        raise RecordError(f"discard: missing: the dealer (seat {hand.dealer}) picked up and must "
                          "discard a card")
    return rec.discard


def _why_illegal(hand: Hand, action) -> str:
    try:
        hand.verify(action)
    except IllegalAction as e:
        return str(e)
    return f"{action} is not legal now ({hand.waiting_for()})"


def _graded(number, view, action, price, worlds, seed, rest, scores=None, wins=None):
    trick = len(view.plays) // max(1, 4 - bool(view.alone)
                                   - (view.defender_alone is not None)) + 1
    trick = trick if view.phase == PLAY else None
    if len(view.legal) == 1:
        return Decision(number, view.seat, view.phase, trick, action, action, None, None, 0.0,
                        0.0, 0.0, 1, GRADES[0])
    pricing = price(view, worlds, seed + number, rest)
    mine, best = pricing.of(action), pricing.best
    loss = max(0.0, mine.loss)
    d = Decision(number, view.seat, view.phase, trick, action, best.action, mine.value,
                 best.value, loss, mine.loss_low, mine.loss_high, len(view.legal),
                 grade_word(loss))
    if scores is None or wins is None:
        return d
    w = _win_means(view, pricing, scores, wins)
    j = [o.action for o in pricing.options].index(action)
    lost = max(0.0, float(w.max() - w[j]))
    return replace(d, win=float(w[j]), best_win=float(w.max()), win_loss=lost,
                   win_grade=grade_word(lost, WIN_THRESHOLDS))


def _win_means(view, pricing, scores, wins):
    """Each option's mean P(the seat's team wins the game) over the pricing's worlds, from the
    score before the hand and each world's points (only one team scores in a hand)."""
    from analysis.win_model import win_probability

    t = view.seat % 2
    net = pricing.table
    us, them = np.maximum(net, 0).astype(np.int64), np.maximum(-net, 0).astype(np.int64)
    position = (view.seat - view.dealer - 1) % 4
    p = win_probability(us.ravel(), them.ravel(), (scores[t], scores[1 - t]), position, wins)
    return np.asarray(p, np.float64).reshape(net.shape).mean(axis=0)


def summarise(graded: list[list[Decision]]) -> list[dict]:
    """Per seat over many hands: decisions, the points given up in all and a decision, and how
    many of each grade."""
    rows = []
    for seat in range(4):
        ds = [d for hand in graded for d in hand if d.seat == seat]
        lost = sum(d.loss for d in ds)
        row = {"seat": seat, "decisions": len(ds), "points_lost": round(lost, 4),
               "lost_per_decision": round(lost / len(ds), 4) if ds else 0.0}
        row.update({g: sum(d.grade == g for d in ds) for g in GRADES})
        rows.append(row)
    return rows


__all__ = ["grade_record", "grade_word", "summarise", "Decision", "GRADES", "THRESHOLDS",
           "WIN_THRESHOLDS"]
