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

from analysis.inputs import InputError
from analysis.questions.advise import QUESTION as ADVISE
from analysis.questions.decide import QUESTION as DECIDE
from analysis.questions.review import QUESTION as REVIEW
from analysis.questions.review import json_safe, review_record
from analysis.web.questions import (  # noqa: F401  (the web's limits and readers, here too)
    MAX_DEALS,
    MAX_HANDS,
    MAX_WORLDS,
    checked,
    rules_of,
    strategy,
)

BATCH = 1 << 18            # deals a batch of the advisor (well under a second: a stop between)
SEARCH_BATCH = 128         # deals a batch with pimc at the table (a few seconds)


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


def advise(values: dict, check=None, progress=None, stop=None) -> dict:
    """``advise``: every option of one hand priced, as ``advise --json`` prints it, for the
    advisor's question's checked ``values`` (``analysis.questions.advise``), in the web's
    batches (short ones with a search player at the table).  ``check()`` raises to stop before
    anything is known (fewer than 2 deals); after that ``stop()`` gives the reason to stop
    early, and the answer is what the deals so far show, ``"stopped"`` saying why (without
    ``stop``, ``check`` is asked throughout)."""
    return ADVISE.json(_advise_hand(checked(ADVISE, values), progress=progress, cancel=check,
                                    stop=stop))


def _advise_hand(values: dict, **kw):
    """The advisor's answer to ``values`` (a DataFrame) in the web application's batches."""
    import sim

    searches = sim.load_strategy(values["strategy"]).player.searches
    return ADVISE.answer(values, batch=SEARCH_BATCH if searches else BATCH, **kw)


WARMUP = {True: SEARCH_BATCH, False: 16_384}     # warm-up deals: a search player, or not
LADDER = (100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
          500_000, 1_000_000, 2_000_000)


def advise_cost(q: dict, limit: float, check=None) -> dict:
    """What the advisor's question ``q`` (its checked values) will cost, from a warm-up on its
    first deals (one batch: ``WARMUP``): seconds a deal, the deals and seconds of the default
    stopping rule (every option within ±``DEFAULT_TARGET`` points) and of a precision given, and
    a ladder of deal counts with the seconds and the interval half-widths each would give (the
    warm-up's spread, scaled by 1/sqrt(deals)), marked past ``limit`` seconds where they are."""
    import math
    import time

    import sim
    from analysis.advise import CAP, DEFAULT_TARGET
    from analysis.stats import z_value

    q = checked(ADVISE, q)
    searches = sim.load_strategy(q["strategy"]).player.searches
    deals, precision = q["deals"], q["precision"]
    if deals is not None and precision is not None:
        raise InputError("precision", "give {deals} or {precision}, not both", named=False)
    t0 = time.perf_counter()
    df = _advise_hand({**q, "deals": WARMUP[searches], "precision": None}, cancel=check)
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
    """``decide --json`` (``/api/decide``'s answer, the question ``analysis.questions.decide``):
    the strategy's action from the view (its JSON text) and, for pimc or with ``price``, every
    legal action priced, the worlds weighed by ``infer``."""
    values = checked(DECIDE, {"view": view, "strategy": spec, "seed": seed, "hand": hand,
                              "price": price, "worlds": worlds, "infer": infer})
    return DECIDE.json(DECIDE.answer(values))


# ---------------------------------------------------------------------------------------------
# hand records reviewed: every decision graded, every card valued


def review_text(text: str, rules_spec: str | None = None, worlds: int = MAX_WORLDS,
                seed: int = 0, check=None, show_how: int | None = None,
                duplicate: int | None = None) -> dict:
    """``POST /api/review``: hand records (one JSON object a line, or PTN) reviewed, as ``euchre-sim
    review --json`` answers (the question ``analysis.questions.review``), at most ``MAX_HANDS``
    of them: each hand reviewed, or its one-line error as ``replay`` and ``grade`` give it."""
    values = checked(REVIEW, {"records": text, "rules": rules_spec, "worlds": worlds,
                              "seed": seed, "show_how": show_how, "duplicate": duplicate})
    return REVIEW.json(REVIEW.answer(values, cancel=check, most_hands=MAX_HANDS))


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


__all__ = ["seed_of", "advise", "advise_cost", "decide", "review_text", "review_run",
           "strategy", "rules_of", "MAX_WORLDS", "MAX_HANDS", "MAX_DEALS"]
