"""A hand record reviewed, step by step: the referee's result (as ``replay``), every decision
graded from what its seat could see (as ``grade``) and every card valued by the double-dummy
solver (as ``show --review``), with the table as it stood before each decision.  The command
line's ``review`` and the web's Review page (``/api/review``) answer from here.

What a player learns from (issue 63):

* **the game-win chance through the hand**: at each priced decision, the side to act's chance
  of winning the game with the best option (``before``) and with the action taken (``after``),
  as ``grade`` prices them from the seat's view, each world's points turned into a game-win
  chance by the shipped match-equity table ``W(d, o)`` of the hand's rules
  (``analysis.win_model.shipped_win``, the one ``advise`` and ``grade`` use; no new games are
  simulated).  A record without a game score is read at 0-0, the start of a game (said in
  ``win_chance``), on the worlds ``grade`` prices it on without a score, whose grades the
  steps keep as ``grade`` gives them; for rules with no shipped table there is no game-win
  chance and no accuracy.
* **each player's accuracy** on lichess's curve (``move_accuracy``, ``game_accuracy``): a move's
  accuracy from the game-win percentage it gave up against the best option, the hand's from
  those moves combined as lichess combines a game's.  Forced decisions (one legal action) are
  not moves here: they are not priced and would only pad the figure.
* **the best action** at each decision (``grade``'s), marked in the steps.
* **show me how** (``show_how``): from any decision, the hand replayed with the best choice
  there (or any legal one asked for) and ``DEFAULT_STRATEGY`` (the default strong bot) at every
  seat from then on, beside what happened.
* **duplicate** (``duplicate``): the same deal played with each of ``DUPLICATE_BOTS`` at one
  seat and ``DEFAULT_STRATEGY`` at the other three: what each did with the seat's cards, and
  what it scored, beside what happened.  pimc plays there with few worlds
  (``DUPLICATE_PIMC``), to keep the answer to a second or two: a weaker pimc than the ladder's.
"""

from __future__ import annotations

import copy
import math

from analysis.questions.record import Input, Question, json_safe
from analysis.text.decisions import describe, graded_json

DEFAULT_STRATEGY = "tuned"       # the default strong bot (sim.players.registry's default)
DUPLICATE_PIMC = "pimc:worlds=16,bid_worlds=8"   # few worlds: a second or two a hand
DUPLICATE_BOTS = ("tuned", "equilibrium", DUPLICATE_PIMC)

# lichess's accuracy curve (lila, modules/analyse/src/main/AccuracyPercent.scala,
# ``fromWinPercents``: a fit of a * exp(-k * x) + b to accuracy against the win percentage given
# up, plus 1 "uncertainty bonus (due to imperfect analysis)", clipped to 0..100; a move that
# gives up nothing is 100)
ACCURACY_A = 103.1668100711649
ACCURACY_K = 0.04354415386753951
ACCURACY_B = -3.166924740191411
ACCURACY_BONUS = 1.0


def move_accuracy(before: float, after: float) -> float:
    """lichess's accuracy of one move (0..100) from the mover's game-win percentage before it
    (with the best move) and after the move played, both 0..100."""
    if after >= before:
        return 100.0
    raw = ACCURACY_A * math.exp(-ACCURACY_K * (before - after)) + ACCURACY_B + ACCURACY_BONUS
    return min(100.0, max(0.0, raw))


def _pstdev(xs) -> float:
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / len(xs))


def game_accuracy(moves, series) -> dict:
    """Each player's accuracy over a game, as lichess combines its moves (lila,
    ``AccuracyPercent.gameAccuracy`` with ``lila.common.Maths``): the mean of a
    volatility-weighted mean and a harmonic mean of the player's move accuracies.

    ``moves``: (player, before, after) in order, the mover's game-win percentages (0..100);
    ``series``: one fixed side's game-win percentage before the first move and after each, so
    ``len(moves) + 1`` values.  As in lila: windows of ``len(moves) // 10`` values (at least 2,
    at most 8) slide over the series, the first window repeated so that there is one a move; a
    move's weight is its window's standard deviation (population), clipped to 0.5..12; the
    harmonic mean counts a move below 1 as 1.  (lila reads both percentages of a move off the
    one series; here each move's before and after are the mover's own pair, priced on the same
    worlds from its view, and the series only weighs them.)  Returns {player: accuracy}."""
    if not moves:
        return {}
    if len(series) != len(moves) + 1:
        raise ValueError(f"the series holds {len(series)} values, not {len(moves) + 1}")
    size = min(8, max(2, len(moves) // 10))
    windows = [series[:size]] * (min(size, len(series)) - 2)
    windows += [series[i:i + size] for i in range(len(series) - size + 1)]
    weights = [min(12.0, max(0.5, _pstdev(w))) for w in windows]
    out = {}
    for who in dict.fromkeys(m[0] for m in moves):
        mine = [(move_accuracy(b, a), w) for (p, b, a), w in zip(moves, weights, strict=False)
                if p == who]
        weighted = sum(x * w for x, w in mine) / sum(w for _, w in mine)
        harmonic = len(mine) / sum(1 / max(1.0, x) for x, _ in mine)
        out[who] = (weighted + harmonic) / 2
    return out


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
        at, wins = (scores, wins) if scores is not None else ((0, 0), _shipped(played.rules))
        graded = grade_record(obj, rules, worlds, seed, scores=None if wins is None else at,
                              wins=wins, seats=seats, check=check, partial=partial,
                              win_worlds=scores is not None)
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
    learn = _learning(steps, played, wins, at, scores is None, result)
    if scores is None:                 # the grades as grade gives them without a score
        for s in steps:
            if s.get("grade") is not None:
                s["grade"] = {k: v for k, v in s["grade"].items() if k not in _WIN_KEYS}
    return json_safe({"record": record, "result": result, "dealer": played.dealer,
                      "upcard": obj.get("upcard"),
                      "scores": None if scores is None else list(scores), "steps": steps,
                      "worlds": worlds, **learn})


_WIN_KEYS = ("win", "best_win", "win_loss", "win_loss_low", "win_loss_high", "win_grade")


def _shipped(rules):
    from analysis.win_model import shipped_win

    return shipped_win(rules)


def _team0(seat: int, p: float) -> float:
    return p if seat % 2 == 0 else 1.0 - p


def win_now(wins, scores, dealer: int) -> float:
    """Team 0's chance of winning the game before a hand that ``dealer`` deals at ``scores``
    (team 0, team 1), from ``W(dealing team, other)``; 1 or 0 once a team has reached the
    target."""
    to = wins.shape[0]
    if scores[0] >= to or scores[1] >= to:
        return 1.0 if scores[0] >= to else 0.0
    d = dealer % 2
    p = float(wins[scores[d], scores[1 - d]])
    return p if d == 0 else 1.0 - p


def _learning(steps, played, wins, at, assumed, result) -> dict:
    """What the review adds for a player to learn from (the module's header): each step's best
    action and game-win chance, each seat's accuracy beside the points it gave up, and the
    chance of the game for team 0 before and after the hand."""
    from analysis.win_model import win_source

    moves, series = [], []
    for s in steps:
        g = s.get("grade")
        if g is None or g["value"] is None:
            continue
        # the best option; the action taken where it ties with it (gave up exactly nothing)
        tied = g["loss"] == 0 or g["best"] == g["action"]
        s["best"] = g["action"] if tied else g["best"]
        s["best_text"] = _action_text(s["best"], s["seat"])
        s["played_best"] = tied
        if g.get("win") is not None:
            before, after = g["best_win"], g["win"]
            s["win"] = {"before": before, "after": after, "team": s["seat"] % 2}
            if not series:
                series.append(100 * _team0(s["seat"], before))
            series.append(100 * _team0(s["seat"], after))
            moves.append((s["seat"], 100 * before, 100 * after))
    acc = game_accuracy(moves, series) if moves else {}
    rows = []
    for seat in range(4):
        mine = [s["grade"] for s in steps
                if s.get("grade") is not None and s["grade"]["value"] is not None
                and s["seat"] == seat]
        rows.append({"seat": seat, "decisions": len(mine),
                     "points_lost": round(sum(g["loss"] for g in mine), 4),
                     "win_lost": (round(sum(g["win_loss"] for g in mine), 4)
                                  if mine and all("win_loss" in g for g in mine) else None),
                     "accuracy": None if seat not in acc else round(acc[seat], 1)})
    out = {"accuracy": rows}
    if wins is None:
        out["win_note"] = (f"no shipped match-equity table for {played.rules.describe()}: no "
                           "game-win chance, so no accuracy (give the record its \"scores\" "
                           "to have grade simulate the games, as it does)")
    else:
        start = win_now(wins, at, played.dealer)
        end = None
        if not result.get("unfinished"):
            after = (at[0] + result["points"][0], at[1] + result["points"][1])
            end = win_now(wins, after, played.dealer + 1)
        out["win_chance"] = {
            "score": list(at), "assumed": assumed, "start": round(start, 4),
            "end": None if end is None else round(end, 4),
            "source": win_source(None, played.rules),
            "note": ("the record carries no game score: chances read at 0-0, the start of a "
                     "game" if assumed else "from the game score before the hand")}
    return out


def _action_text(obj: dict, seat: int) -> str:
    from sim.referee.views import action_from_json

    return describe(action_from_json(obj, seat))


def _bots(spec: str, seed: int):
    import sim

    return sim.agent(spec, seed)


def _replayed(obj, rules, partial):
    """(the parsed record, its referee replay, the decisions' actions in order: every logged
    action but an automatic ``NoLoneDefender``, each with the log's actions before it)."""
    from sim.records import parse_record
    from sim.referee import NoLoneDefender, play_record

    rec = parse_record(obj)
    played = play_record(rec, rules, partial=partial)
    decisions = []
    for k, entry in enumerate(played.log):
        if not isinstance(entry.action, NoLoneDefender):
            decisions.append((entry.action, [e.action for e in played.log[:k]]))
    return rec, played, decisions


def _outcome(record: dict, rules, seat: int | None = None) -> dict:
    """A finished (or unfinished) record's result as ``replay`` gives it, with the points to
    ``seat``'s team less the other's (``net``) where a seat is named."""
    from sim import replay_record

    r = replay_record(copy.deepcopy(record), rules, partial=True)
    if seat is not None and not r.get("unfinished"):
        t = seat % 2
        r["net"] = r["points"][t] - r["points"][1 - t]
    return r


def show_how(obj, rules, number: int, choice=None, strategy: str = DEFAULT_STRATEGY,
             seed: int = 0, worlds: int = 256, partial: bool = False, check=None,
             chosen_by: str = "asked for") -> dict:
    """From decision ``number`` (1 up, as the review numbers them) of a hand record, the rest
    of the hand replayed: ``choice`` there (an action as JSON, any legal one; by default the
    best, as ``grade`` prices that decision on up to ``worlds`` worlds with ``seed``, the same
    pricing the review gives it), then ``strategy`` at every seat to the end.  Beside it, what
    happened from that decision.  ``chosen_by`` says in words where a ``choice`` given came
    from.  ``{"error": ...}`` for a record or a step that cannot be."""
    from sim.records import RecordError
    from sim.referee import Hand, IllegalAction
    from sim.referee.views import action_from_json, action_to_json
    from sim.rng import STREAM_PLAY, STREAM_SEAT, py_hand_key
    from sim.run.refereed import play_on

    obj = copy.deepcopy(obj)
    try:
        scores = obj.pop("scores", None)
        rec, played, decisions = _replayed(obj, rules, partial)
        if isinstance(number, bool) or not isinstance(number, int) or not (
                1 <= number <= len(decisions)):
            raise RecordError(f"step: a decision from 1 to {len(decisions)}, not {number!r}")
        taken, before = decisions[number - 1]
        seat = taken.seat
        hand = Hand(rec.hands, rec.kitty, rec.dealer, played.rules)
        for a in before:
            hand.apply(a)
        legal = hand.legal_actions()
        how = chosen_by
        if choice is None:
            again = Hand(rec.hands, rec.kitty, rec.dealer, played.rules)
            for a in before:
                again.apply(a)
            choice = _best_at(again, taken, scores, rules, number, seat, worlds, seed, check)
            how = "the best, as the review grades it"
        action = action_from_json(choice, seat)
        if action not in legal:
            raise RecordError(f"step {number}: {describe(action)} is not legal there (seat "
                              f"{seat} may {', '.join(describe(x) for x in legal)})")
        hand.apply(action)
        bot = _bots(strategy, seed)
        keys = (py_hand_key(seed, 0, STREAM_SEAT), py_hand_key(seed, 0, STREAM_PLAY))
        play_on([bot] * 4, hand, keys, scores=None if scores is None else tuple(scores),
                where=f"show me how, step {number}")
    except (RecordError, IllegalAction, ValueError) as e:
        return {"error": str(e)}
    record = hand.to_record(include_rules=bool(obj.get("rules")) or
                            played.rules != type(played.rules)())
    if scores is not None:
        record["scores"] = list(scores)
    steps, _ = hand_steps(record, rules)
    actual, _ = hand_steps(obj, rules, partial)
    return json_safe({
        "step": number, "seat": seat, "same": action == taken, "choice": action_to_json(action),
        "choice_text": describe(action), "taken": action_to_json(taken),
        "taken_text": describe(taken), "chosen_by": how, "players": strategy,
        "record": record, "shown": {"steps": steps[number - 1:],
                                    "result": _outcome(record, rules, seat)},
        "happened": {"steps": actual[number - 1:], "result": _outcome(obj, rules, seat)}})


def _best_at(hand, taken, scores, rules, number, seat, worlds, seed, check) -> dict:
    """The best action at decision ``number`` as ``review_record`` grades it: the hand up to
    that decision (``hand``, then ``taken``) graded at ``seat`` on the same worlds and seed."""
    from analysis.grade import grade_record, record_scores
    from sim.referee import record_rules

    hand.apply(taken)
    prefix = hand.to_record(include_rules=True)
    if scores is not None:
        prefix["scores"] = list(scores)
    at, wins = record_scores(prefix, rules)
    if at is None:
        at, wins = (0, 0), _shipped(record_rules(prefix, rules))
    graded = grade_record(prefix, rules, worlds, seed, scores=None if wins is None else at,
                          wins=wins, seats={seat}, check=check, partial=True,
                          win_worlds=scores is not None)
    for d in graded:
        if d.number == number:
            return graded_json(d)["best"]
    raise ValueError(f"step {number} was not graded")


def duplicate(obj, rules, seat: int, seed: int = 0, bots=DUPLICATE_BOTS,
              others: str = DEFAULT_STRATEGY, partial: bool = False) -> dict:
    """The record's deal played again with each of ``bots`` at ``seat`` and ``others`` at the
    other three seats: what the bot did with the seat's cards and what it scored (``net``: the
    points to the seat's team less the other's), beside what happened at the table.
    ``{"error": ...}`` for a record that cannot be."""
    from sim.records import RecordError
    from sim.referee import Hand
    from sim.rng import STREAM_PLAY, STREAM_SEAT, py_hand_key
    from sim.run.refereed import play_on

    obj = copy.deepcopy(obj)
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        return {"error": f"seat: 0, 1, 2 or 3, not {seat!r}"}
    try:
        scores = obj.pop("scores", None)
        rec, played, _ = _replayed(obj, rules, partial)
        keys = (py_hand_key(seed, 0, STREAM_SEAT), py_hand_key(seed, 0, STREAM_PLAY))
        rest = _bots(others, seed)
        rows = []
        for spec in bots:
            players = [rest] * 4
            players[seat] = _bots(spec, seed)
            hand = Hand(rec.hands, rec.kitty, rec.dealer, played.rules)
            play_on(players, hand, keys, scores=None if scores is None else tuple(scores),
                    where=f"duplicate, {spec} at seat {seat}")
            record = hand.to_record(include_rules=played.rules != type(played.rules)())
            rows.append({**_seat_row(spec.partition(":")[0], record, rules, seat, False),
                         "spec": spec})
    except (RecordError, ValueError) as e:
        return {"error": str(e)}
    happened = _seat_row("at the table", obj, rules, seat, partial)
    return json_safe({"seat": seat, "others": others, "bots": list(bots),
                      "rows": [happened, *rows],
                      "note": f"the other three seats are {others} in every bot's row; pimc "
                              f"plays with few worlds ({DUPLICATE_PIMC}), weaker than the "
                              "ladder's pimc"})


def _seat_row(who: str, record: dict, rules, seat: int, partial: bool) -> dict:
    steps, _ = hand_steps(record, rules, partial)
    return {"player": who, "did": [s["text"] for s in steps if s["seat"] == seat],
            "result": _outcome(record, rules, seat), "record": record}


# ---------------------------------------------------------------------------------------------
# the question: hand records reviewed (euchre-sim review, POST /api/review)

INPUTS = (
    Input("records", "body", required=True, metavar="FILE", label="Hand records",
          help="Hand records, one JSON object a line (as replay and grade read them), or "
               "Trickster Cards' PTN records."),
    Input("rules", "rules", metavar="SPEC", label="Rules",
          help="Rules the hands were played under (as for grade); a record's own \"rules\" "
               "overrides them."),
    Input("worlds", "int", default=4096, low=2, metavar="N", label="Worlds",
          help="The most worlds a decision is priced on (as for grade)."),
    Input("seed", "int", default=0, low=0, high=2**63 - 1, metavar="N", label="Seed",
          help="Picks the worlds."),
    Input("show_how", "int", low=1, metavar="STEP", label="Show me how from decision",
          help="Show me how: from decision STEP, the rest of the hand replayed with the best "
               "choice there and tuned (the default strong bot) at every seat, beside what "
               "happened."),
    Input("duplicate", "int", low=0, high=3, metavar="SEAT", label="Duplicate at seat",
          help="The same deal played by tuned, the equilibrium and pimc (few worlds) at SEAT, "
               "tuned at the other seats: what each did with SEAT's cards and scored."),
)


def hands_in(text: str):
    """The hand entries of ``text`` (``analysis.hands_in.hand_entries``), or an ``InputError``
    when it holds none."""
    from analysis.hands_in import hand_entries
    from analysis.inputs import InputError

    entries, ptn = hand_entries(text.lstrip("\ufeff").splitlines(keepends=True))
    if not entries:
        raise InputError("records", "no hands (the file is empty or holds only blank lines); "
                                    "give hand records, one JSON object a line, or PTN records")
    return entries, ptn


def answer(values: dict, progress=None, cancel=None, most_hands: int | None = None) -> dict:
    """Every hand of ``values["records"]`` reviewed (``review_record``), with show me how and
    duplicate where asked: ``{"rules", "ptn", "hands": [{"hand": n, ...}]}``, a bad hand's
    entry its one-line ``"error"``; ``most_hands``: an interface's cap."""
    from analysis.hands_in import ptn_json
    from analysis.inputs import InputError
    from sim import Rules, parse_rules

    v = values
    rules = v["rules"] if isinstance(v["rules"], Rules) else parse_rules(v["rules"] or None)
    entries, ptn = hands_in(v["records"])
    if most_hands is not None and len(entries) > most_hands:
        raise InputError("records", f"{len(entries)} hands: at most {most_hands} in one "
                                    "request")
    partial = ptn is not None
    hands = []
    for k, (n, obj, bad) in enumerate(entries):
        if bad is None and not isinstance(obj, dict):
            bad = "a hand record is a JSON object"
        seed = v["seed"] + 7919 * n
        one = {"error": bad} if bad else review_record(obj, rules, v["worlds"], seed, cancel,
                                                       partial=partial)
        if "error" not in one and v["show_how"] is not None:
            one["show_how"] = show_how(obj, rules, v["show_how"], _best(one, v["show_how"]),
                                       seed=seed, partial=partial,
                                       chosen_by="the best, as the review grades it")
        if "error" not in one and v["duplicate"] is not None:
            one["duplicate"] = duplicate(obj, rules, v["duplicate"], seed=seed, partial=partial)
        hands.append({"hand": n, **one, **(ptn_json(ptn[n]) if partial else {})})
        if progress is not None:
            progress(k + 1, len(entries))
    return {"rules": rules.describe(), "ptn": partial, "hands": hands}


def _best(one: dict, step: int):
    """The best action the review gives decision ``step`` (where it was priced), so that show
    me how starts from the review's own best; None lets ``show_how`` price it."""
    for s in one["steps"]:
        if s["number"] == step:
            g = s.get("grade")
            if g is not None and g["value"] is None:
                return s["action"]          # forced: the one legal action
            return s.get("best")
    return None


def text(reviewed: dict) -> str:
    """The hands at the terminal (a bad hand's line is among ``problems``)."""
    from analysis.hands_in import PTN_SEATS
    from analysis.text.review import duplicate_text, review_text, show_how_text

    lines = [PTN_SEATS] if reviewed["ptn"] else []
    for one in reviewed["hands"]:
        if "error" in one:
            continue
        lines.append(review_text(one["hand"], one))
        if "show_how" in one:
            lines.append(show_how_text(one["show_how"]))
        if "duplicate" in one:
            lines.append(duplicate_text(one["duplicate"]))
    return "\n".join(lines)


def problems(reviewed: dict) -> list[str]:
    """A line for each hand that could not be reviewed."""
    return [f"hand {one['hand']}: {one['error']}" for one in reviewed["hands"] if "error" in one]


QUESTION = Question(
    "review", "Review hands played at a real table, step by step.",
    "Each hand gets the referee's result, then one line a decision: the action, the best "
    "option (= where the action was as good), the side to act's game-win chance with the best "
    "option > with the action (the shipped match-equity table; 0-0 for a record without a "
    "score), its grade (as euchre-sim grade gives it: from what the seat could see, on worlds "
    "consistent with its view, with the points a hand it gave up and their 95% interval) and, "
    "for a card, the solver's value of the hand before and after it with every card seen (as "
    "show --review), and the best card where it cost its side.  Under the decisions: each "
    "seat's accuracy on lichess's curve beside the points it gave up.  Every hand is answered; "
    "a bad one gets its line on standard error and makes the exit status 1.  The web's Review "
    "page shows the same answer.",
    INPUTS,
    examples=("euchre-sim review examples/graded-march.jsonl",
              "euchre-sim review examples/trickster.ptn --worlds 256",
              "euchre-sim review examples/graded-march.jsonl --json",
              "euchre-sim review examples/graded-march.jsonl --show-how 17",
              "euchre-sim review examples/graded-march.jsonl --duplicate 0"),
    progress=True, answers=answer, texts=text, jsons=lambda reviewed: reviewed,
    problems=problems)


__all__ = ["QUESTION", "INPUTS", "answer", "hands_in", "problems", "hand_steps", "json_safe",
           "review_record", "show_how", "duplicate", "move_accuracy", "game_accuracy",
           "win_now", "DEFAULT_STRATEGY", "DUPLICATE_BOTS", "DUPLICATE_PIMC"]
