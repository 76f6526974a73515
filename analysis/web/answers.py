"""What the web application's JSON API answers, without the web framework: each function takes
the request's plain values, calls the function the command line calls for the same question
(``advise_hand``, ``sim.agent`` and the pricing of ``decide --price``, ``grade_record``,
``replay_record``, ``review_hand``, ``trace``, ``strategy_chart``) and returns JSON.  A mistake
raises ``ValueError`` with the one line the command line prints for it.

Only built-in players are taken (``pimc:worlds=200`` too): strategy files, code strategies and
outside bots, and an equilibrium table named by its path, are the command line's alone, since
no request may read a path or load code.
"""

from __future__ import annotations

import threading

from analysis.hands_in import hand_entries, ptn_json
from analysis.questions.review import json_safe, review_record
from analysis.text.decisions import decision_json, describe

INFER = ("rest", "bids", "bids+play", "off")   # the pricing's models of the other seats
MAX_WORLDS = 4096          # the most worlds a request may price a decision on (grade's default)
MAX_HANDS = 50             # hand records in one review request
MAX_DEALS = 2_000_000      # accepted deals in one advise request (the advisor's cap)
BATCH = 1 << 18            # deals a batch of the advisor (well under a second: a stop between)
SEARCH_BATCH = 128         # deals a batch with pimc at the table (a few seconds)
PLAIN_PLAYERS = ("random", "basic", "conservative", "aggressive", "trump-count", "tuned",
                 "equilibrium", "pimc")


def strategy(spec: str | None, default: str = "tuned") -> str:
    """A built-in player's spec, checked: files, code and table paths are refused."""
    import sim

    spec = default if spec in (None, "") else str(spec).strip()
    name, _, params = spec.partition(":")
    if name not in sim.BUILTINS or "table=" in params or "/" in spec or "\\" in spec:
        from sim.players.files import did_you_mean

        hint = did_you_mean(name, sim.BUILTINS) if name not in sim.BUILTINS else ""
        raise ValueError(f"unknown strategy {spec!r}{hint}: choose one of "
                         f"{', '.join(sim.BUILTINS)}; the web application plays the built-in "
                         "players (with parameters such as pimc:worlds=200): strategy files, "
                         "code, outside bots and table files are for the command line")
    sim.load_strategy(spec)           # its parameters checked, as the command line checks them
    return spec


def rules_of(spec: str | None):
    """The rules of a spec as ``--rules`` takes it (a preset and/or options)."""
    from sim import parse_rules

    return parse_rules(spec or None)


def seed_of(seed) -> int:
    """A run seed, checked as ``--seed`` is (``--seed: ...`` otherwise)."""
    from sim.rng import normalise_seed

    try:
        normalise_seed(seed)
    except ValueError as e:
        raise ValueError(f"--seed: {e}") from None
    return int(seed)


clean = json_safe          # JSON for a value (NaN as null, numpy scalars as Python's)


# ---------------------------------------------------------------------------------------------
# the advisor


def advise(q: dict, check=None, progress=None, stop=None) -> dict:
    """``advise``: every option of one hand priced (``analysis.advise_hand``), as ``advise
    --json`` prints it.  ``q`` holds the command's options by name (``hand``, ``upcard``,
    ``position``, ``round``, ``score``, ``strategy``, ``rules``, ``deals``, ``precision``,
    ``seed``, ``discard``, ``assume_passed``).  ``check()`` raises to stop before anything is
    known (fewer than 2 deals); after that ``stop()`` gives the reason to stop early, and the
    answer is what the deals so far show, ``"stopped"`` saying why (without ``stop``,
    ``check`` is asked throughout)."""
    from analysis.text.advice import advice_json

    deals = q.get("deals")
    if deals is not None and deals > MAX_DEALS:
        raise ValueError(f"deals: at most {MAX_DEALS:,} in the web application")

    def step(done, total):
        if check is not None and (stop is None or done < 2):
            check()
        if progress is not None:
            progress(done, total)

    df = _advise_hand(q, deals=deals, precision=q.get("precision"), progress=step, stop=stop)
    return clean(advice_json(df))


def _advise_hand(q: dict, **kw):
    """``advise_hand`` for the request ``q`` (its own ``deals`` and ``precision`` in ``kw``),
    in the web application's batches (short ones with a search player at the table)."""
    import sim
    from analysis.advise import advise_hand

    spec = strategy(q.get("strategy"), "tuned")
    searches = sim.load_strategy(spec).player.searches
    return advise_hand(q["hand"], q["upcard"], q["position"], round_=q.get("round", 1),
                       score=q.get("score") or None, strategy=spec,
                       batch=SEARCH_BATCH if searches else BATCH,
                       rules=rules_of(q.get("rules")), seed=q.get("seed", 1),
                       discard=q.get("discard") or None,
                       assume_passed=bool(q.get("assume_passed")), **kw)


WARMUP = {True: SEARCH_BATCH, False: 16_384}     # warm-up deals: a search player, or not
LADDER = (100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
          500_000, 1_000_000, 2_000_000)


def advise_cost(q: dict, limit: float, check=None) -> dict:
    """What the advisor's question ``q`` will cost, from a warm-up on its first deals (one
    batch: ``WARMUP``): seconds a deal, the deals and seconds of the default stopping rule
    (every option within ±``DEFAULT_TARGET`` points) and of a precision given, and a ladder of
    deal counts with the seconds and the interval half-widths each would give (the warm-up's
    spread, scaled by 1/sqrt(deals)), marked past ``limit`` seconds where they are."""
    import math
    import time

    import sim
    from analysis.advise import CAP, DEFAULT_TARGET
    from analysis.stats import z_value

    searches = sim.load_strategy(strategy(q.get("strategy"), "tuned")).player.searches
    deals, precision = q.get("deals"), q.get("precision")
    if deals is not None and precision is not None:
        raise ValueError("give deals or precision, not both")
    if deals is not None and not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"deals: from 1 to {MAX_DEALS:,} in the web application, not {deals}")
    if precision is not None and not 0 < precision < math.inf:
        raise ValueError(f"precision must be a positive number of points, not {precision!r}")
    t0 = time.perf_counter()
    df = _advise_hand(q, deals=WARMUP[searches], progress=lambda *a: check and check())
    seconds = time.perf_counter() - t0
    n, z = df.attrs["deals"], z_value()
    per = seconds / n
    # the spread of one deal: of each option's net points, and of the top two's difference
    sd = max((r.net_high - r.net_low) / 2 * math.sqrt(n) / z for r in df.itertuples())
    rec = df.attrs["recommendation"]
    sd_top = ((rec["high"] - rec["low"]) / 2 * math.sqrt(n) / z if rec["runner_up"] else sd)

    def cost(deals: int, goal: str) -> dict:
        deals = int(min(CAP, max(2, deals)))
        return {"deals": deals, "seconds": deals * per, "past_limit": deals * per > limit,
                "half_width": z * sd / math.sqrt(deals),
                "top_two_half_width": z * sd_top / math.sqrt(deals), "goal": goal}

    def need(spread, goal):
        return math.ceil((z * spread / goal) ** 2 * 1.05) if spread > 0 else n

    default = cost(need(sd, DEFAULT_TARGET), f"every option within ±{DEFAULT_TARGET} points")
    out = {"strategy": df.attrs["strategy"], "searches": searches, "limit_s": limit,
           "warmup": {"deals": n, "dealt": df.attrs["dealt"], "seconds": seconds},
           "seconds_per_deal": per, "default": default,
           "ladder": [cost(d, f"{d:,} deals") for d in LADDER if d < default["deals"]]}
    if deals is not None:
        out["asked"] = cost(deals, f"{deals:,} deals")
    elif precision is not None:
        out["asked"] = cost(need(sd_top, precision),
                            f"the top two options within ±{precision} points")
    return clean(out)


# ---------------------------------------------------------------------------------------------
# one decision from one seat's view


def decide(view, spec: str | None = "tuned", seed: int = 0, hand: int = 0,
           price: bool = False, worlds: int | None = None, infer: str = "rest") -> dict:
    """``decide --json``: the strategy's action from the view (its JSON text or object, read by
    ``sim.view_from_json`` as the command reads its file) and, for pimc or with ``price``,
    every legal action priced, the worlds weighed by ``infer`` (``analysis.decide``, which the
    command asks too)."""
    from analysis.decide import decide_view

    if worlds is not None and not 2 <= worlds <= MAX_WORLDS:
        raise ValueError(f"worlds: from 2 to {MAX_WORLDS}, not {worlds}")
    if infer not in INFER:
        raise ValueError(f"infer: one of {', '.join(INFER)}, not {infer!r}")
    d = decide_view(view, strategy(spec), seed_of(seed), hand, price, worlds, infer)
    out = decision_json(d.strategy, d.view, d.action, d.pricing)
    out["text"] = describe(d.action)
    return out


# ---------------------------------------------------------------------------------------------
# the strategy chart

_charts: dict = {}
_charts_lock = threading.Lock()


def chart(rules_spec: str | None, score: str | None) -> dict:
    """The equilibrium's strategy chart (``analysis.equilibrium.strategy_chart``) for the rules
    and, with ``score`` (``"D-O"``: the dealing team's score first), the table it bids by
    there (``table``: the score it was solved for, and how near, ``score_table_state``;
    ``solved``: the scores a table was solved for); one cell a row, kept once computed."""
    from analysis.equilibrium import CHART_DEALS, MIXED, strategy_chart
    from analysis.win_model import parse_score
    from sim.players.equilibrium_table import score_table_state, solved_scores

    rules = rules_of(rules_spec)
    sc = parse_score(score, rules.game_to) if score else None
    key = (rules, sc)
    with _charts_lock:
        if key not in _charts:
            df = strategy_chart(rules, sc)
            _charts[key] = {"rules": rules.describe(), "score": None if sc is None else list(sc),
                            "table": None if sc is None else score_table_state(rules, sc),
                            "solved": [list(x) for x in solved_scores(rules)],
                            "deals": CHART_DEALS, "mixed": MIXED,
                            "cells": clean(df.to_dict(orient="records"))}
        return _charts[key]


# ---------------------------------------------------------------------------------------------
# hand records reviewed: every decision graded, every card valued


def review_text(text: str, rules_spec: str | None = None, worlds: int = MAX_WORLDS,
                seed: int = 0, check=None) -> dict:
    """``grade`` (and ``replay``, ``show --review``) of hand records, one JSON object a line:
    each hand reviewed, or its one-line error as ``replay`` and ``grade`` give it."""
    if not 2 <= worlds <= MAX_WORLDS:
        raise ValueError(f"worlds: from 2 to {MAX_WORLDS}, not {worlds}")
    rules = rules_of(rules_spec)
    lines, ptn = hand_entries(text.lstrip("\ufeff").splitlines(keepends=True))
    if not lines:
        raise ValueError("the request: no hands (the file is empty or holds only blank lines); "
                         "give hand records, one JSON object a line, or PTN records")
    if len(lines) > MAX_HANDS:
        raise ValueError(f"{len(lines)} hands: at most {MAX_HANDS} in one request")
    hands = []
    for n, obj, bad in lines:
        if bad is None and not isinstance(obj, dict):
            bad = "a hand record is a JSON object"
        one = {"error": bad} if bad else review_record(
            obj, rules, worlds, seed + 7919 * n, check, partial=ptn is not None)
        hands.append({"hand": n, **one, **(ptn_json(ptn[n]) if ptn else {})})
    return {"rules": rules.describe(), "hands": hands}


def review_run(seed: int, hand: int, spec: str | None, rules_spec: str | None,
               worlds: int = MAX_WORLDS, check=None) -> dict:
    """Hand ``hand`` of a run (``show --seed S --hand I``) reviewed as ``review_text`` does."""
    from sim import Table, trace

    if hand < 0:
        raise ValueError(f"--hand must be 0 or more, not {hand}")
    if not 2 <= worlds <= MAX_WORLDS:
        raise ValueError(f"worlds: from 2 to {MAX_WORLDS}, not {worlds}")
    rules = rules_of(rules_spec)
    table = Table.teams(strategy(spec))
    record = trace(seed_of(seed), [hand], rules, table)[0]
    one = review_record(record, rules, worlds, seed, check)
    return {"rules": rules.describe(), "hands": [{"hand": 1, **one}],
            "source": f"hand {hand} of seed {seed}, {table.describe()['team0']}"}


__all__ = ["seed_of", "advise", "advise_cost", "decide", "chart", "review_text", "review_run",
           "strategy", "rules_of", "MAX_WORLDS", "MAX_HANDS", "MAX_DEALS"]
