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

A grade is called only as confidently as its 95% interval allows.  What a decision gave up is an
estimate on the worlds priced, with its interval (paired: every option on the same worlds); the
grade is one word only when the whole interval lies within that word's band.  A decision is
priced on ``FIRST_WORLDS`` worlds and, while its interval still crosses a threshold, on twice as
many, up to ``worlds`` (``DEFAULT_WORLDS``); one whose interval still crosses a threshold there
gets the range its interval allows (``inaccuracy or mistake``, ``good to mistake``), so that
the grade does not hang on the worlds drawn: on the example ``examples/graded-march.jsonl`` the
defaults give every decision the same grade on at least 9 seeds of 10 (``--seed`` picks the
worlds); fewer worlds give ranges more often, never a word the interval does not support.

With the game score before the hand (``scores``), each decision is also graded in game-win
probability given up (``WIN_THRESHOLDS``: good up to 2%, inaccuracy up to 8%, mistake up to
20%, blunder beyond), each world's points turned into a win probability by the win model
(``analysis.win_model``: the shipped match-equity table of the hand's rules, else simulated games
of ``tuned``), with its own paired interval, called the same way.

A grade rests on a model of the other seats: how the worlds read their bids (``infer``) and
``rest``, who plays the worlds out; ``model_text`` says which, for the output.

A defender's silent decline to defend alone (records list only a ``defend_alone`` bid) is not
graded.  ``summarise`` totals the grades per seat over many hands (``unclear``: the decisions
graded with a range).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from sim import Rules, view_for
from sim.intervals import Z95, sample_interval
from sim.records import RecordError, parse_record
from sim.referee import PLAY, Hand, NoLoneDefender, play_record

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (0.02, 0.10, 0.25, 0.50)     # points a hand given up: the upper bound of each
WIN_THRESHOLDS = (0.002, 0.02, 0.08, 0.20)  # game-win probability given up, likewise
FIRST_WORLDS = 64        # the worlds a decision is priced on first
DEFAULT_WORLDS = 4096    # at most, doubling while the grade's interval crosses a threshold
MORE_SEED = 104_729      # keys each further batch of worlds apart from the first


def grade_word(loss: float, thresholds=THRESHOLDS) -> str:
    """The word for ``loss`` given up (points a hand by ``THRESHOLDS``; game-win probability
    by ``WIN_THRESHOLDS``)."""
    for word, bound in zip(GRADES, thresholds, strict=False):
        if loss <= bound:
            return word
    return GRADES[-1]


def grade_range(low: float, high: float, thresholds=THRESHOLDS) -> str:
    """The grade an interval ``[low, high]`` of what was given up allows: one word when it lies
    within one band (``inaccuracy``), else the words it spans (``inaccuracy or mistake``,
    ``good to mistake``)."""
    a = grade_word(max(0.0, low), thresholds)
    b = grade_word(max(0.0, high), thresholds)
    if a == b:
        return a
    between = GRADES.index(b) - GRADES.index(a)
    return f"{a} or {b}" if between == 1 else f"{a} to {b}"


def is_range(grade: str) -> bool:
    """Whether ``grade`` (``grade_range``'s) is a range rather than one word."""
    return grade not in GRADES


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
    grade: str                       # one word of GRADES, or the range the interval allows
    worlds: int = 0                  # the worlds it was priced on (0: forced, not priced)
    win: float | None = None          # with the game score: P(the seat's team wins the game)
    best_win: float | None = None
    win_loss: float | None = None     # the win probability given up against the best option
    win_loss_low: float | None = None
    win_loss_high: float | None = None
    win_grade: str | None = None


def grade_record(record, rules: Rules | None = None, worlds: int = DEFAULT_WORLDS,
                 seed: int = 0, rest="tuned", scores=None, wins=None,
                 first: int = FIRST_WORLDS, seats=None, check=None,
                 infer="rest", partial: bool = False,
                 win_worlds: bool = True) -> list[Decision]:
    """Every decision of one hand record graded (the module's header): each priced on
    ``first`` worlds, then on twice as many while its grade's interval crosses a threshold, up
    to ``worlds``.  With ``scores`` (team 0, team 1 before the hand) and ``wins``
    (``analysis.win_model.win_table``) each decision is also graded in game-win probability.
    Raises ``RecordError`` for a record that cannot be replayed, naming the field or step (the
    referee's own check, ``play_record``).  ``seats``: grade only these seats' decisions (the
    others are left out); ``check``: called before each decision is priced and before each
    doubling of its worlds (it may raise to stop, as the web application does when the user
    leaves); ``infer``: how the worlds read the other seats' bids (``sim.agents.pricing``'s
    ``INFER``); ``partial``: the record may stop before the hand ends (a hand in progress, as
    Trickster Cards' PTN records often are): the decisions it holds are graded;
    ``win_worlds``: whether a game-win grade still a range asks for more worlds (False: the
    worlds, and so the points grades, are those a grade without a score prices, the win
    figures read on them, as the review does for a record without a score)."""
    if worlds < 2:
        raise ValueError(f"worlds must be at least 2 for an interval, not {worlds}")
    rec = parse_record(record)
    played = play_record(rec, rules, partial=partial)
    if played.rules.farmers_hand:
        raise RecordError("rules: grading does not support the farmer's hand house rule")
    hand = Hand(rec.hands, rec.kitty, rec.dealer, played.rules)
    out: list[Decision] = []
    number = 0                         # every decision's number, graded or left out
    for entry in played.log:           # every action in the order the referee took them
        action = entry.action
        if not isinstance(action, NoLoneDefender):
            number += 1
            if seats is None or action.seat in seats:
                out.append(_graded(number, view_for(hand, action.seat), action,
                                   (min(first, worlds), worlds), seed, (rest, infer), scores,
                                   wins, check, win_worlds))
        hand.apply(action)
    return out


def _graded(number, view, action, worlds, seed, model, scores=None, wins=None, check=None,
            win_worlds=True):
    if check is not None:
        check()
    trick = len(view.plays) // view.players + 1 if view.phase == PLAY else None
    if len(view.legal) == 1:
        return Decision(number, view.seat, view.phase, trick, action, action, None, None, 0.0,
                        0.0, 0.0, 1, GRADES[0])
    d = None
    for pricing in _more_worlds(view, worlds, seed + number, model):
        d = _decision(number, view, action, trick, pricing, scores, wins)
        if not is_range(d.grade) and (not win_worlds or d.win_grade is None
                                      or not is_range(d.win_grade)):
            break
        if check is not None:           # before pricing on twice as many worlds
            check()
    return d


def _more_worlds(view, worlds, seed, model):
    """The view priced on ``worlds[0]`` worlds, then on twice as many and so on up to
    ``worlds[1]`` (each pricing holds every world so far); ``model``: (rest, infer)."""
    from sim.agents.pricing import combine, price

    first, most = worlds
    rest, infer = model
    parts = [price(view, max(2, first), seed, rest, infer)]
    total = parts[0].worlds
    yield parts[0]
    while most - total >= 2:
        parts.append(price(view, min(total, most - total), seed + MORE_SEED * len(parts), rest,
                           infer))
        total += parts[-1].worlds
        yield combine(parts)


def _decision(number, view, action, trick, pricing, scores, wins) -> Decision:
    mine, best = pricing.of(action), pricing.best
    loss = max(0.0, mine.loss)
    d = Decision(number, view.seat, view.phase, trick, action, best.action, mine.value,
                 best.value, loss, mine.loss_low, mine.loss_high, len(view.legal),
                 grade_range(mine.loss_low, mine.loss_high), pricing.worlds)
    if scores is None or wins is None:
        return d
    w = _win_values(view, pricing, scores, wins)
    j = [o.action for o in pricing.options].index(action)
    means = w.mean(axis=0)
    top = int(np.argmax(means))
    lost, low, high = sample_interval(w[:, top] - w[:, j], Z95)
    lost = max(0.0, float(lost))
    return replace(d, win=float(means[j]), best_win=float(means[top]), win_loss=lost,
                   win_loss_low=float(low), win_loss_high=float(high),
                   win_grade=grade_range(low, high, WIN_THRESHOLDS))


def _win_values(view, pricing, scores, wins) -> np.ndarray:
    """(worlds x options): P(the seat's team wins the game) after each option in each of the
    pricing's worlds, from the score before the hand and the world's points (only one team
    scores in a hand)."""
    from analysis.win_model import win_probability

    t = view.seat % 2
    net = pricing.table
    us, them = np.maximum(net, 0).astype(np.int64), np.maximum(-net, 0).astype(np.int64)
    position = (view.seat - view.dealer - 1) % 4
    p = win_probability(us.ravel(), them.ravel(), (scores[t], scores[1 - t]), position, wins)
    return np.asarray(p, np.float64).reshape(net.shape)


def summarise(graded: list[list[Decision]]) -> list[dict]:
    """Per seat over many hands: decisions, the points given up in all and a decision, how
    many of each grade, and how many are ``unclear`` (graded with a range: counted in no
    single grade)."""
    rows = []
    for seat in range(4):
        ds = [d for hand in graded for d in hand if d.seat == seat]
        lost = sum(d.loss for d in ds)
        row = {"seat": seat, "decisions": len(ds), "points_lost": round(lost, 4),
               "lost_per_decision": round(lost / len(ds), 4) if ds else 0.0}
        row.update({g: sum(d.grade == g for d in ds) for g in GRADES})
        row["unclear"] = sum(is_range(d.grade) for d in ds)
        rows.append(row)
    return rows


INFER_WORDS = {
    "rest": "kept where {rest} would have bid as the other seats bid",
    "bids": "weighed by the equilibrium's odds of the other seats' bids",
    "bids+play": "weighed by the equilibrium's odds of the other seats' bids and by their "
                 "cards played",
    "off": "uniform, the other seats' bids read as nothing",
}


def model_text(infer="rest", rest="tuned") -> str:
    """The model of the other seats a grade rests on, in one line (``grade_record``'s
    ``infer`` and ``rest``)."""
    return (f"grades assume --infer {infer}: worlds {INFER_WORDS[infer].format(rest=rest)}, "
            f"played out by {rest}; another model can grade a decision otherwise")


def record_scores(obj, rules):
    """The game score a line gives before its hand (``"scores": [team 0, team 1]``, taken out
    of the record), checked against the game the hand is played in (``rules`` with the
    record's own ``"rules"`` over them), and the win model for those rules
    (``analysis.win_model.win_table``); (None, None) without one.  A ``RecordError`` for a
    score the game cannot have."""
    if not isinstance(obj, dict) or "scores" not in obj:
        return None, None
    from sim.referee import record_rules

    rules = record_rules(obj, rules)
    scores = obj.pop("scores")
    game_to = rules.game_to
    if (not isinstance(scores, list) or len(scores) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < game_to
                   for x in scores)):
        raise RecordError(f"scores: two whole numbers from 0 to {game_to - 1} (team 0, team "
                          f"1 before the hand, in a game to {game_to}), not {scores!r}")
    from analysis.win_model import win_table
    from sim import Table

    return tuple(scores), win_table(Table.teams("tuned"), rules)


__all__ = ["grade_record", "grade_word", "grade_range", "is_range", "summarise", "Decision",
           "GRADES", "THRESHOLDS", "WIN_THRESHOLDS", "DEFAULT_WORLDS", "FIRST_WORLDS",
           "record_scores", "model_text", "INFER_WORDS"]
