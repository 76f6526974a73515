"""A hand record reviewed, step by step: the referee's result (as ``replay``), every decision
graded from what its seat could see (as ``grade``) and every card valued by the double-dummy
solver (as ``show --review``), with the table as it stood before each decision.  The command
line's ``review`` and the web's Review page (``/api/review``) answer from here.
"""

from __future__ import annotations

import copy
import math

from analysis.text.decisions import describe, graded_json


def hand_steps(record: dict, rules, partial: bool = False) -> tuple[list[dict], object]:
    """Every decision of a record with the table as it stood before it: the four hands, the
    trick on the table, trump and the tricks won so far (the referee's own replay)."""
    from sim.cards import SUITS, card_name
    from sim.records import parse_record
    from sim.referee import Hand, NoLoneDefender, play_record
    from sim.referee.views import action_to_json

    rec = parse_record(record)
    played = play_record(rec, rules, partial=partial)
    hand = Hand(rec.hands, rec.kitty, rec.dealer, played.rules)
    steps, plays = [], 0
    for entry in played.log:
        a = entry.action
        if not isinstance(a, NoLoneDefender):
            step = {"number": len(steps) + 1, "seat": a.seat, "phase": hand.phase,
                    "text": describe(a), "action": action_to_json(a),
                    "hands": [[card_name(c) for c in sorted(h)] for h in hand.hands],
                    "trick": [[s, card_name(c)] for s, c in hand.trick],
                    "trump": None if hand.trump is None else SUITS[hand.trump],
                    "maker": hand.maker, "tricks": list(hand.tricks),
                    "trick_number": len(hand.trick_winners) + 1}
            if hand.phase == "play":
                plays += 1
                step["play"] = plays
            steps.append(step)
        hand.apply(a)
    return steps, played


def review_record(obj, rules, worlds: int, seed: int, check=None, seats=None,
                  partial: bool = False) -> dict:
    """One hand record reviewed: the referee's result (as ``replay``), every decision graded
    (as ``grade``, from what its seat could see) and every card valued by the solver (as
    ``show --review``), step by step; ``{"error": ...}`` for a record that cannot be.  With
    ``partial`` a hand that stops before its end (a PTN record of a hand in progress) is
    reviewed as far as it goes."""
    from analysis.grade import grade_record, record_scores
    from sim import replay_record, review_hand
    from sim.records import RecordError

    obj = copy.deepcopy(obj)
    try:
        scores, wins = record_scores(obj, rules)
        result = replay_record(copy.deepcopy(obj), rules, partial=partial)
        if "error" in result:
            raise RecordError(result["error"])
        steps, played = hand_steps(obj, rules, partial)
        graded = grade_record(obj, rules, worlds, seed, scores=scores, wins=wins,
                              seats=seats, check=check, partial=partial)
    except RecordError as e:
        return {"error": str(e)}
    if check is not None:
        check()
    try:
        rows = review_hand(obj, rules)
    except (RecordError, ValueError):
        if not partial:
            raise
        rows = []              # a hand that stops before its end: no card valued to the end
    by_number = {d.number: graded_json(d) for d in graded}
    by_play = {r["play"]: r for r in rows}
    for s in steps:
        s["grade"] = by_number.get(s["number"])
        if "play" in s and s["play"] in by_play:
            s["solver"] = by_play[s["play"]]
    record = {**obj, "scores": list(scores)} if scores is not None else obj
    return json_safe({"record": record, "result": result, "dealer": played.dealer,
                      "upcard": obj.get("upcard"),
                      "scores": None if scores is None else list(scores), "steps": steps,
                      "worlds": worlds})


def json_safe(v):
    """JSON for a value: NaN and infinities as null, numpy scalars as Python ones."""
    if isinstance(v, dict):
        return {k: json_safe(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [json_safe(x) for x in v]
    if hasattr(v, "item") and not isinstance(v, str):
        v = v.item()
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v


__all__ = ["hand_steps", "json_safe", "review_record"]
