"""The built-in players' records (``sim.players.player_type.PlayerType``) and the named
strategies built on them.

``basic`` and every parameterised built-in (``tuned`` among them: the numbers
``scripts/tune_player.py`` found) are the one ``basic`` player with different parameters, so they
run in the main kernel at the same speed; ``random`` and the ``equilibrium`` table bidder are
decided by the same decide module (``sim.players.decide``); ``pimc``, the search player, and the
code strategies have decide modules of their own, bound into copies of the kernel; outside bots
(``act(view)``) play through the referee.  Each record says so, and nothing else needs to.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from sim.players.basic import DEFAULT_VECTOR, PARAM_NAMES, SETTINGS
from sim.players.counts import ALL_COUNTS, count_source
from sim.players.kinds import (
    BASIC,
    EQUILIBRIUM,
    HOOK_BITS,
    OUTSIDE,
    PIMC,
    RANDOM,
    ROLLOUT,
    USER,
)
from sim.players.param_bounds import (
    ParamRow,
    basic_param_rows,
    check_basic_params,
    param_from_text,
)
from sim.players.pimc import params as pimc_params
from sim.players.player_type import NAMED, PlayerType, Strategy, name_strategy, register
from sim.players.tuned import TUNED_PARAMS, TUNED_VECTOR

# a threshold no hand's count reaches (beyond the +-100 a strategy file may give)
NEVER = 1e9
_FARMERS = "farmers_hand"


def _changes(overrides: dict) -> str:
    return ",".join(f"{k}={v:g}" if isinstance(v, float | int) else f"{k}={v}"
                    for k, v in overrides.items())


def _basic_passing(s: Strategy) -> Strategy:
    """basic's numbers with its order and alone thresholds out of reach."""
    never = {"order_threshold": NEVER, "alone_threshold": NEVER}
    return replace(s, params={**s.params, **never}, passes_round1=True, spec=None)


BASIC_PLAYER = register(PlayerType(
    "basic", BASIC, "point-count bidder, card play from the rules text",
    check_params=check_basic_params, param_names=PARAM_NAMES, param_rows=basic_param_rows,
    param_family="basic", name_with=lambda base, checked: f"{base}:{_changes(checked)}",
    from_text=param_from_text, pass_round1=_basic_passing, twin="sim.players.basic_twin",
    file_base=True, bids_by_count=True,
))

RANDOM_PLAYER = register(PlayerType(
    "random", RANDOM, "uniform over the legal actions at every decision",
    # its round-1 bid depends on no unseen card, so a caller conditions on its pass instead
    pass_round1=lambda s: s,
))


def _table_params(label: str, params: dict) -> dict:
    unknown = set(params) - {"table", "scores", "count"}
    if unknown or not params:
        raise ValueError(f"{label}: equilibrium takes table=FILE (another table), scores=off "
                         f"(the 0-0 table at every score) or count=NAME (a point count: "
                         f"{', '.join(ALL_COUNTS)}), not {', '.join(sorted(unknown))}")
    if "count" in params:
        if len(params) > 1:
            raise ValueError(f"{label}: count=NAME is a table of its own, played at every "
                             "score: give it alone")
        name = str(params["count"])
        if name not in ALL_COUNTS:
            raise ValueError(f"{label}: no point count {name!r}; choose one of "
                             f"{', '.join(ALL_COUNTS)}")
        return {"count": name}
    out = {}
    if "scores" in params:
        scores = str(params["scores"]).lower()
        if scores not in ("on", "off"):
            raise ValueError(f"{label}: scores is on (bid by the table for the score in force, "
                             f"in games) or off (the 0-0 table at every score), not {scores!r}")
        out["scores"] = scores
    if "table" in params:
        if not str(params["table"]).strip():
            raise ValueError(f"{label}: table= is empty: give the path of a table file, "
                             "table=FILE.npz (`euchre-sim equilibrium --out FILE` makes one), "
                             "or leave table= out for the committed tables")
        if out.get("scores") == "on":
            raise ValueError(f"{label}: a table=FILE is one table, played at every score: "
                             "leave out scores=on")
        out["table"] = str(params["table"])
    return out


def _reads_score(s: Strategy) -> bool:
    """Whether an equilibrium strategy bids by the score tables (the default; not with a table
    file of its own, a point count or scores=off)."""
    return ("table" not in s.params and "count" not in s.params
            and s.params.get("scores", "on") == "on")


def _table_source(s: Strategy) -> str | None:
    """The table an equilibrium strategy bids by: its file, its point count (``count:NAME``,
    ``sim.players.counts``) or None (the committed tables)."""
    if "count" in s.params:
        return count_source(s.params["count"])
    return s.params.get("table")


EQUILIBRIUM_PLAYER = register(PlayerType(
    "equilibrium", EQUILIBRIUM,
    "bids by the bidding game's equilibrium for the rules in force (Monte Carlo CFR, tables "
    "shipped in sim/players/tables; in games the table for the score, scores=off for the 0-0 "
    "table everywhere; equilibrium:table=FILE for another); plays cards like tuned",
    check_params=_table_params, param_names=("table", "scores", "count"),
    name_with=lambda base, checked: f"{base}:" + ",".join(f"{k}={v}" for k, v in checked.items()),
    vector=lambda s: TUNED_VECTOR.copy(),
    table_slot=lambda s: 0, table_file=_table_source,
    reads_score=_reads_score,
    # its own numbers: the table's place, a score directory's game length (``Table.arrays``),
    # and 1 when made to pass round 1 (``sim.players.decide.order_up``)
    own_row=lambda s: np.array([0.0, 0.0, float(s.passes_round1)]),
    pass_round1=lambda s: replace(s, passes_round1=True, spec=None),
    refuses={_FARMERS: "equilibrium does not cover the farmer's hand house rule (its bidding "
                       "game has no swap before the bids): leave farmers_hand off"},
))


def _pimc_name(base: str, checked: dict) -> str:
    shown = pimc_params.describe(checked)
    return f"pimc:{shown}" if shown else "pimc"


def _pimc_rows(s: Strategy) -> list[ParamRow]:
    return [ParamRow(p, v, v != default, words, str(v))
            for p, (default, words) in pimc_params.PIMC_PARAMS.items()
            for v in [s.params.get(p, default)]]


def _pimc_prepare() -> None:
    from sim.players.pimc import turns

    turns.compile_ahead()


def _pimc_costs(strategy, state, hands, ms_per_cycle) -> dict:
    from sim.players.pimc.costs import decision_costs

    return decision_costs(strategy, state, hands, ms_per_cycle)


PIMC_PLAYER = register(PlayerType(
    "pimc", PIMC,
    "perfect-information Monte Carlo: deals the unseen cards at random, solves each world "
    "exactly, takes the best mean (slow: milliseconds a hand)",
    decide="sim.players.pimc.seat", inline_phases=False, prepare=_pimc_prepare,
    check_params=pimc_params.check_pimc_params, param_names=tuple(pimc_params.PIMC_PARAMS),
    param_rows=_pimc_rows, param_family="pimc",
    name_with=_pimc_name,
    # its own parameters are not basic's: its fallbacks read basic's defaults
    vector=lambda s: DEFAULT_VECTOR.copy(),
    own_row=lambda s: pimc_params.settings_row(s.params, s.passes_round1),
    table_slot=lambda s: (pimc_params.S_TABLE if s.params.get("bidding") == "equilibrium"
                          or s.params.get("inference") in pimc_params.READS_TABLE else None),
    pass_round1=lambda s: replace(s, passes_round1=True, spec=None),
    refuses={_FARMERS: "the pimc player does not play the farmer's hand house rule: leave "
                       "farmers_hand off, or seat another strategy"},
    file_base=True, searches=True, costs=_pimc_costs,
))


def _rollout_name(base: str, checked: dict) -> str:
    from sim.players import rollout

    shown = rollout.describe(checked)
    return f"rollout:{shown}" if shown else "rollout"


def _rollout_rows(s: Strategy) -> list[ParamRow]:
    from sim.players import rollout

    return [ParamRow(p, v, v != default, words, str(v))
            for p, (default, words) in rollout.ROLLOUT_PARAMS.items()
            for v in [s.params.get(p, default)]]


def _rollout_check(label: str, params: dict) -> dict:
    from sim.players import rollout

    return rollout.check_params(label, params)


def _rollout_row(s: Strategy) -> np.ndarray:
    from sim.players import rollout

    return rollout.settings_row(s.params, s.passes_round1)


ROLLOUT_PLAYER = register(PlayerType(
    "rollout", ROLLOUT,
    "bids by the equilibrium table; plays each card by rollouts: the worlds pimc:inference="
    "bids+play weighs, the rest of the hand played by tuned's card play at every seat, not "
    "solved face up (discards and defends alone like tuned; under a millisecond a card)",
    # pimc's decide module, so that rollout and pimc seats can sit at one table
    decide="sim.players.pimc.seat", inline_phases=False,
    check_params=_rollout_check, param_names=("worlds", "inference", "endgame"),
    param_rows=_rollout_rows, name_with=_rollout_name,
    vector=lambda s: TUNED_VECTOR.copy(),
    own_row=_rollout_row,
    table_slot=lambda s: pimc_params.S_TABLE,
    pass_round1=lambda s: replace(s, passes_round1=True, spec=None),
    refuses={_FARMERS: "the rollout player does not play the farmer's hand house rule: leave "
                       "farmers_hand off, or seat another strategy"},
    searches=True,
))


def _code_hooks(s: Strategy) -> tuple[str, ...]:
    """The hooks a code strategy's seat calls: all it defines, but ``order_up`` when it is made
    to pass round 1 (the same kernel copy, the same addresses: only its kind changes)."""
    return tuple(h for h in s.impl[2] if not (h == "order_up" and s.passes_round1))


def _code_kind(s: Strategy) -> int:
    return USER + sum(HOOK_BITS[h] for h in _code_hooks(s))


def _hook_addresses(s: Strategy) -> list[int]:
    from sim.players.hook_calls import hook_addresses

    return hook_addresses(s.impl)


CODE_PLAYER = register(PlayerType(
    "code", USER, "a strategy written as Numba hooks (module:Name or file.py:Name)",
    decide="sim.players.code", kind_count=PIMC - USER, kind_of=_code_kind,
    check_params=check_basic_params, param_names=PARAM_NAMES, param_rows=basic_param_rows,
    param_family="basic", pass_round1=_basic_passing, table_words=_hook_addresses,
    hooks=_code_hooks,
    one_per_table="a run can use only one code strategy (the other seats may use any built-in "
                  "or TOML strategy)",
    named=False,
))

OUTSIDE_PLAYER = register(PlayerType(
    "outside", OUTSIDE, "an outside Python bot with act(view), played through the referee",
    decide=None,
    no_pass_round1="an outside bot cannot be made to pass round 1 (the advisor prices kernel "
                   "strategies only)",
    named=False,
))

_TRUMP_COUNT = {n: 0.0 for n in PARAM_NAMES if n not in SETTINGS + ("desperation",)}
_TRUMP_COUNT.update(
    right_bower=1.0, left_bower=1.0, trump_ace=1.0, trump_king=1.0, trump_queen=1.0,
    trump_ten=1.0, trump_nine=1.0, order_threshold=3.0, call_threshold=3.0,
    alone_threshold=5.0, defend_alone_threshold=99.0, desperation=0.0,
)

# basic's named variants, listed after basic and before equilibrium and pimc
_VARIANTS = [
    Strategy("conservative", BASIC_PLAYER,
             {"order_threshold": 8.0, "call_threshold": 8.0, "alone_threshold": 12.5},
             "basic with higher bidding thresholds"),
    Strategy("aggressive", BASIC_PLAYER,
             {"order_threshold": 6.0, "call_threshold": 6.0, "alone_threshold": 10.5},
             "basic with lower bidding thresholds"),
    Strategy("trump-count", BASIC_PLAYER, _TRUMP_COUNT,
             "orders or calls with three or more trumps (alone with five); basic card play"),
    Strategy("tuned", BASIC_PLAYER, TUNED_PARAMS,
             "basic's bidding tuned by self-play, with the card-play fixes the solver's review "
             "found (stops pulling trump without the top one or two trumps, leads boss cards)"),
]
# the point counts (``sim.players.counts``): the equilibrium player bidding by a count's table,
# tuned's card play
_COUNTED = [Strategy(name, EQUILIBRIUM_PLAYER, {"count": name},
                     f"{c.description}; plays cards like tuned")
            for name, c in ALL_COUNTS.items()]
_order = ["random", "basic"]
for _s in _VARIANTS + _COUNTED:
    name_strategy(_s)
_order += [s.name for s in _VARIANTS] + ["equilibrium"] + [s.name for s in _COUNTED]
_order += ["pimc", "rollout"]
_rest = {n: NAMED.pop(n) for n in list(NAMED)}
NAMED.update({n: _rest.pop(n) for n in _order})
NAMED.update(_rest)

# every named strategy (a live view: a player registered later is named here too)
BUILTINS = NAMED
# the default player of every command and of the Python API: the stronger fast player on the
# ladder (results/ladder: tuned beats basic by about 0.1 points a hand; pimc is stronger still
# but thousands of times slower)
DEFAULT_STRATEGY = "tuned"


def get_strategy(name) -> Strategy:
    """A named strategy (TOML files and user code are resolved by ``load_strategy``)."""
    if isinstance(name, Strategy):
        return name
    if name in BUILTINS:
        return BUILTINS[name]
    raise ValueError(f"unknown strategy {name!r}: choose one of {', '.join(BUILTINS)}")


__all__ = ["BASIC_PLAYER", "BUILTINS", "CODE_PLAYER", "DEFAULT_STRATEGY", "EQUILIBRIUM_PLAYER",
           "NEVER", "OUTSIDE_PLAYER", "PIMC_PLAYER", "RANDOM_PLAYER", "ROLLOUT_PLAYER", "Strategy",
           "get_strategy"]
