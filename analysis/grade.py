"""A person's hands graded decision by decision, from what the deciding seat could see.

``grade_record`` replays a hand record (the bids, the discard, the plays of all four seats, as
``euchre-sim replay`` reads them) through the referee and, at every decision, prices each legal
action from the deciding seat's view (``sim.agents.pricing.price``: worlds consistent with the view,
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

from sim import Rules, view_for
from sim.records import RecordError, parse_record
from sim.referee import PLAY, Hand, NoLoneDefender, play_record

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


def grade_record(record, rules: Rules | None = None, worlds: int = DEFAULT_WORLDS,
                 seed: int = 0, rest="tuned", scores=None, wins=None) -> list[Decision]:
    """Every decision of one hand record graded (the module's header).  With ``scores`` (team
    0, team 1 before the hand) and ``wins`` (``analysis.win_model.win_table``) each decision
    is also graded in game-win probability.  Raises ``RecordError`` for a record that cannot be
    replayed, naming the field or step (the referee's own check, ``play_record``)."""
    from sim.agents.pricing import price

    rec = parse_record(record)
    played = play_record(rec, rules)
    if played.rules.farmers_hand:
        raise RecordError("rules: grading does not support the farmer's hand house rule")
    hand = Hand(rec.hands, rec.kitty, rec.dealer, played.rules)
    out: list[Decision] = []
    for entry in played.log:           # every action in the order the referee took them
        action = entry.action
        if not isinstance(action, NoLoneDefender):
            out.append(_graded(len(out) + 1, view_for(hand, action.seat), action, price,
                               worlds, seed, rest, scores, wins))
        hand.apply(action)
    return out


def _graded(number, view, action, price, worlds, seed, rest, scores=None, wins=None):
    trick = len(view.plays) // view.players + 1 if view.phase == PLAY else None
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
