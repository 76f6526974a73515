"""Tune basic's parameters by self-play: CMA-ES (the ``cma`` library) over a chosen set of
basic's numbers, each candidate scored by its paired, seat-swapped margin in points a hand
against a pool of opponents.

* Every candidate of a generation plays the same deals (common random numbers), so the small
  differences between candidates are visible; each generation deals new hands (seed
  ``seed + generation``), so the search does not fit one sample of deals.
* A pool entry is a strategy with its deals per evaluation: ``basic`` (the default number of
  deals) or ``NAME@DEALS``, e.g. ``pimc@128`` for a small sample of ``pimc`` play (slow:
  milliseconds a hand).  A candidate's score is the mean of its margins over the pool.
* The search works in scaled units (a card value's unit is half a point of the count, a
  threshold's one point) inside basic's parameter ranges (``sim.players.param_bounds``).
* The state (the settings, the history, and every generation's candidates and scores) is
  saved as JSON after every generation, so an interrupted run resumes where it stopped
  (``resume=True``): the optimiser is rebuilt by replaying its generations, which CMA-ES
  repeats exactly from the seed.  The result is the search's mean at the end, scored against
  the pool on the last generation's deals.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.headtohead import head_to_head
from sim import Rules, Strategy, load_strategy
from sim.atomic import write_atomic
from sim.players import BASIC_PARAMS, P
from sim.players.basic import SETTINGS
from sim.players.param_bounds import PARAM_BOUNDS

#: what ``tune_strategy`` searches by default: the bidding numbers that matter for single hands (the
#: lone-defender threshold needs the defend_alone rule and ``desperation`` a game score)
DEFAULT_PARAMS = (
    "right_bower", "left_bower", "trump_ace", "trump_king", "trump_queen", "trump_ten",
    "trump_nine", "offsuit_ace", "offsuit_king", "void", "partner_upcard_share",
    "opponent_upcard_share", "order_threshold", "call_threshold", "alone_threshold",
    "first_offset", "second_offset", "third_offset", "dealer_offset",
)  # fmt: skip
#: one step of the search in each parameter's units
_SHARES = ("partner_upcard_share", "opponent_upcard_share")
SCALE = {name: (0.2 if name in _SHARES else 0.5 if name in DEFAULT_PARAMS[:10] else 1.0)
         for name in BASIC_PARAMS}
DEALS = 100_000


@dataclass(frozen=True)
class Opponent:
    """A pool entry: a strategy and the deals (each played from both seats) it plays a
    candidate on."""

    strategy: Strategy
    deals: int
    spec: str


def parse_pool(specs, deals: int = DEALS) -> list[Opponent]:
    """Pool entries from ``NAME`` or ``NAME@DEALS`` strings (``deals``: the default)."""
    pool = []
    for spec in specs:
        name, _, n = str(spec).partition("@")
        if n:
            try:
                k = int(n)
            except ValueError:
                raise ValueError(f"pool entry {spec!r}: the deals after @ must be a whole "
                                 f"number, e.g. pimc@128") from None
        else:
            k = deals
        if k < 2:
            raise ValueError(f"pool entry {spec!r}: at least 2 deals are needed for a margin")
        pool.append(Opponent(load_strategy(name), k, str(spec)))
    if not pool:
        raise ValueError("the pool is empty: give at least one opponent, e.g. --pool basic")
    return pool


def check_params(names) -> tuple[str, ...]:
    """The parameters to search, checked: basic's amounts (not its switches), each once."""
    names = tuple(names)
    for n in names:
        if n not in BASIC_PARAMS:
            raise ValueError(f"unknown parameter {n!r}: see `euchre-sim strategies basic`")
        if n in SETTINGS:
            raise ValueError(f"{n} is a switch with a few settings, not an amount to tune: set "
                             f"it in the start strategy instead")
    if len(set(names)) != len(names) or not names:
        raise ValueError("give each parameter to tune once, and at least one")
    return names


STATE_FORMAT = "euchre-sim tune state 1"


@dataclass
class TuneState:
    """What a run saves after every generation (and resumes from)."""

    config: dict
    es: object                                    # cma.CMAEvolutionStrategy
    generation: int = 0
    history: list = field(default_factory=list)   # one dict a generation
    mean_score: float = math.nan                  # the mean's score on the last deals
    told: list = field(default_factory=list)      # each generation's (candidates, scores)


@dataclass(frozen=True)
class TuneResult:
    strategy: Strategy        # the tuned player (the search's mean)
    history: pd.DataFrame     # one row a generation
    params: dict              # the tuned parameters' values
    state: TuneState


def _vector(start: Strategy, names, x) -> dict:
    base = start.vector()
    out = {}
    for k, name in enumerate(names):
        lo, hi = PARAM_BOUNDS[name]
        v = float(base[P[name]] + SCALE[name] * x[k])
        out[name] = round(min(max(v, lo), hi), 4)
    return out



def candidate(start: Strategy, names, x, name: str = "candidate") -> Strategy:
    """The strategy at point ``x`` of the search (``start`` with ``names`` moved by ``x`` in
    scaled units)."""
    return start.with_params(name, **_vector(start, names, x))


def score(strategy: Strategy, pool, seed: int, rules: Rules, threads=None) -> tuple[float, list]:
    """The mean over the pool of ``strategy``'s paired margin (points a hand), and each
    margin."""
    margins = [float(head_to_head(strategy, o.strategy, o.deals, seed, rules,
                                  threads=threads).iloc[0]["margin"]) for o in pool]
    return float(np.mean(margins)), margins


def _save(state: TuneState, path: Path) -> None:
    """The state as JSON (data only: resuming runs nothing from the file)."""
    data = {"format": STATE_FORMAT, "config": state.config, "history": state.history,
            "mean_score": state.mean_score,
            "told": [{"candidates": [list(map(float, x)) for x in xs], "scores": list(f)}
                     for xs, f in state.told]}
    write_atomic(path, json.dumps(data, indent=1) + "\n")


def _load(path: Path, config: dict, new_es) -> TuneState:
    """The state saved in ``path`` by a run with ``config`` (``generations`` may differ), its
    optimiser rebuilt by ``new_es()`` and a replay of the saved generations."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise ValueError(f"cannot resume from {path}: not a tune state file ({e}); remove it "
                         f"or drop --resume") from None
    if (not isinstance(data, dict) or data.get("format") != STATE_FORMAT
            or not isinstance(data.get("config"), dict)):
        raise ValueError(f"cannot resume from {path}: not a tune state file (written by "
                         f"'euchre-sim tune'); give its --state, or drop --resume")
    saved = json.loads(json.dumps(config))
    changed = [k for k in saved if k != "generations" and data["config"].get(k) != saved[k]]
    if changed:
        raise ValueError(f"{path} was saved by a run with other settings ({', '.join(changed)}):"
                         f" give the same settings, or another --state")
    try:
        state = TuneState(config, new_es(), history=list(data["history"]),
                          mean_score=float(data["mean_score"]))
        for gen in data["told"]:
            _replay(state, np.array(gen["candidates"], float), [float(v) for v in gen["scores"]])
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"cannot resume from {path}: the saved search does not replay ({e}); "
                         f"remove it or drop --resume") from None
    if state.generation != len(state.history):
        raise ValueError(f"cannot resume from {path}: its history and generations differ")
    return state


def _replay(state: TuneState, candidates: np.ndarray, scores: list) -> None:
    """Tell the optimiser one saved generation (it must ask for the same candidates)."""
    xs = state.es.ask()
    if not np.array_equal(np.array(xs), candidates):
        raise ValueError(f"generation {state.generation + 1} asks for other candidates")
    _tell(state, xs, scores)


def _tell(state: TuneState, xs, scores: list) -> None:
    state.es.tell(xs, [-v for v in scores])
    state.told.append((xs, scores))
    state.generation += 1


def tune_strategy(start="basic", params=DEFAULT_PARAMS, pool=("basic",), *, deals: int = DEALS,
         generations: int = 30, popsize: int | None = None, sigma: float = 0.5, seed: int = 1,
         rules: Rules | None = None, state: Path | None = None, resume: bool = False,
         threads: int | None = None, name: str = "tuned",
         progress: Callable[[dict], None] | None = None) -> TuneResult:
    """Search ``params`` of ``start`` (a basic-family strategy) by CMA-ES for the largest mean
    margin against ``pool`` (``NAME`` or ``NAME@DEALS`` entries; ``deals`` for those without
    a count), for ``generations`` generations of ``popsize`` candidates (default: cma's
    4 + 3 ln n), from a step of ``sigma`` scaled units.  ``state``: a file saved after each
    generation; with ``resume`` the run continues from it (same settings; ``generations`` may
    grow).  ``progress`` is called after each generation with its history row.

    Returns the tuned strategy (named ``name``), the history as a DataFrame (generation, the
    best and median candidate scores, the mean's score and margins, sigma) and the tuned
    values."""
    import cma

    s0 = load_strategy(start)
    if not s0.player.bids_by_count:
        raise ValueError(f"{s0.name} is not a basic-family strategy: tune starts from basic, "
                         f"a built-in like it or a TOML strategy")
    names = check_params(params)
    opponents = parse_pool(pool, deals)
    if generations < 1:
        raise ValueError(f"generations must be at least 1, not {generations}")
    if popsize is not None and popsize < 2:
        raise ValueError(f"popsize must be at least 2, not {popsize}")
    if not sigma > 0:
        raise ValueError(f"sigma must be positive, not {sigma}")
    rules = rules or Rules()
    config = {"start": s0.name, "start_params": dict(sorted(s0.params.items())),
              "params": list(names), "pool": [o.spec for o in opponents], "deals": deals,
              "popsize": popsize, "sigma": sigma, "seed": seed, "rules": rules.describe(),
              "generations": generations}
    path = None if state is None else Path(state)
    if resume and (path is None or not path.exists()):
        raise ValueError("--resume needs an existing --state file")
    base = s0.vector()
    lower = [(PARAM_BOUNDS[n][0] - base[P[n]]) / SCALE[n] for n in names]
    upper = [(PARAM_BOUNDS[n][1] - base[P[n]]) / SCALE[n] for n in names]
    opts = {"seed": seed % (2**31 - 1) + 1, "bounds": [lower, upper], "verbose": -9}
    if popsize is not None:
        opts["popsize"] = popsize

    def new_es():
        return cma.CMAEvolutionStrategy([0.0] * len(names), sigma, opts)

    st = _load(path, config, new_es) if resume else TuneState(config, new_es())
    while st.generation < generations:
        g = st.generation
        deal_seed = seed + g
        xs = st.es.ask()
        scores = [score(candidate(s0, names, x), opponents, deal_seed, rules, threads)[0]
                  for x in xs]
        _tell(st, xs, scores)
        mean = candidate(s0, names, st.es.mean, name)
        st.mean_score, margins = score(mean, opponents, deal_seed, rules, threads)
        row = {"generation": g + 1, "best": max(scores), "median": float(np.median(scores)),
               "mean_score": st.mean_score, "sigma": float(st.es.sigma), "deal_seed": deal_seed,
               **{f"vs_{o.spec}": m for o, m in zip(opponents, margins, strict=True)}}
        st.history.append(row)
        if path is not None:
            _save(st, path)
        if progress is not None:
            progress(row)
    values = _vector(s0, names, st.es.mean)
    tuned = s0.with_params(name, **values)
    return TuneResult(tuned, pd.DataFrame(st.history), values, st)


def strategy_toml(result: TuneResult, description: str, comments=()) -> str:
    """A TOML strategy file for the tuned player: ``base`` the start strategy's base, every
    parameter that differs from basic's default."""
    s = result.strategy
    lines = [f"# {c}" for c in comments]
    lines += [f"name = {json.dumps(s.name)}", 'base = "basic"',
              f"description = {json.dumps(description)}", "", "[params]"]
    vector = s.vector()
    for n, (default, _) in BASIC_PARAMS.items():
        v = vector[P[n]]
        if v != default:
            lines.append(f"{n} = {v:.10g}")
    return "\n".join(lines) + "\n"


__all__ = ["tune_strategy", "parse_pool", "check_params", "candidate", "score",
           "strategy_toml", "TuneResult", "TuneState", "Opponent", "DEFAULT_PARAMS", "SCALE",
           "DEALS"]
