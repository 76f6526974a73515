"""Named strategies: a kind (``sim.players.kinds``) plus basic's parameter vector.

Every built-in except ``random`` and ``pimc`` is the ``basic`` player with different parameters
(``tuned`` among them: the numbers ``scripts/tune_player.py`` found), so the kernel dispatches
on the kind and reads the parameters from the seat table: built-ins and TOML strategies (a
built-in with overridden parameters) cost nothing extra.  ``pimc``'s
parameters (``sim.players.pimc.params``) are its own; its fallback decisions read basic's
defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from sim.players.basic import BASIC_PARAMS, PARAM_NAMES, SETTINGS, P
from sim.players.kinds import BASIC, EQUILIBRIUM, H_ORDER, OUTSIDE, PIMC, RANDOM, USER
from sim.players.pimc.params import check_pimc_params, settings_row
from sim.players.tuned import TUNED_PARAMS


@dataclass(frozen=True)
class Strategy:
    """A named player model: kind plus parameters."""

    name: str
    kind: int
    params: dict = field(default_factory=dict)
    description: str = ""
    hooks: tuple | None = None   # code strategies: (module, name, hooks it defines)
    bot: tuple | None = None     # outside bots: (module, name) of the class with ``act``
    passes_round1: bool = False  # ``passing_round1``: pimc reads it; the others' params say it
    table: str | None = None     # equilibrium: its table file (None: the committed one for the
                                 # run's rules: ``equilibrium_table.load_table``)

    def vector(self) -> np.ndarray:
        v = np.array([BASIC_PARAMS[n][0] for n in PARAM_NAMES], dtype=np.float64)
        if self.kind == PIMC:
            return v        # its own parameters are not basic's; its fallbacks use basic's
        for k, x in self.params.items():
            v[P[k]] = float(x)
        return v

    def own_row(self) -> np.ndarray:
        """The seat's own numbers in the seat table (``sim.players.basic.OWN``): pimc's
        settings; empty for the others."""
        if self.kind == PIMC:
            return settings_row(self.params, self.passes_round1)
        return np.zeros(0, np.float64)

    def with_params(self, name: str, **params) -> Strategy:
        if self.kind == OUTSIDE:
            raise ValueError(f"{self.name} is an outside bot: it takes no parameters")
        if self.kind == EQUILIBRIUM:
            unknown = set(params) - {"table"}
            if unknown:
                raise ValueError(f"equilibrium takes one parameter, table=FILE, not "
                                 f"{sorted(unknown)[0]!r}")
            return replace(self, name=name, table=str(params["table"]))
        if self.kind == PIMC:
            return Strategy(name, PIMC, {**self.params, **check_pimc_params(name, params)},
                            self.description)
        unknown = set(params) - set(PARAM_NAMES)
        if unknown:
            raise ValueError(f"unknown parameter {sorted(unknown)[0]!r} for strategy {self.name}")
        return Strategy(name, self.kind, {**self.params, **params}, self.description, self.hooks)

    def passing_round1(self) -> Strategy:
        """This player passing in round 1 whatever it holds, every other decision unchanged
        (the hand advisor's ``assume_passed``): basic's numbers with its order and alone
        thresholds out of reach (a code strategy's ``order_up`` hook left out for that), pimc
        with its round-1 search off.  A random player is returned as it is: its round-1 bid
        depends on no unseen card, so a caller conditions on its pass instead."""
        never = {"order_threshold": NEVER, "alone_threshold": NEVER}
        if self.kind == OUTSIDE:
            raise ValueError(f"{self.name} is an outside bot: it cannot be made to pass round 1 "
                             "(the advisor prices kernel strategies only)")
        if self.kind == RANDOM:
            return self
        if self.kind == EQUILIBRIUM:
            raise ValueError("equilibrium bids by its table: it cannot be made to pass round 1 "
                             "(ask the advisor with tuned, or price the hand with --strategy "
                             "equilibrium without --assume-passed)")
        if self.kind == PIMC:
            return replace(self, passes_round1=True)
        kind = self.kind
        if kind >= USER:
            kind = USER + ((kind - USER) & ~H_ORDER)
        return replace(self, kind=kind, params={**self.params, **never}, passes_round1=True)


# a threshold no hand's count reaches (beyond the +-100 a strategy file may give)
NEVER = 1e9

_TRUMP_COUNT = {n: 0.0 for n in PARAM_NAMES
                if n not in SETTINGS + ("desperation",)}
_TRUMP_COUNT.update(
    right_bower=1.0, left_bower=1.0, trump_ace=1.0, trump_king=1.0, trump_queen=1.0,
    trump_ten=1.0, trump_nine=1.0, order_threshold=3.0, call_threshold=3.0,
    alone_threshold=5.0, defend_alone_threshold=99.0, desperation=0.0,
)

BUILTINS: dict[str, Strategy] = {
    "random": Strategy("random", RANDOM, {}, "uniform over the legal actions at every decision"),
    "basic": Strategy("basic", BASIC, {}, "point-count bidder, card play from the rules text"),
    "conservative": Strategy(
        "conservative", BASIC,
        {"order_threshold": 8.0, "call_threshold": 8.0, "alone_threshold": 12.5},
        "basic with higher bidding thresholds",
    ),
    "aggressive": Strategy(
        "aggressive", BASIC,
        {"order_threshold": 6.0, "call_threshold": 6.0, "alone_threshold": 10.5},
        "basic with lower bidding thresholds",
    ),
    "trump-count": Strategy(
        "trump-count", BASIC, _TRUMP_COUNT,
        "orders or calls with three or more trumps (alone with five); basic card play",
    ),
    "tuned": Strategy(
        "tuned", BASIC, TUNED_PARAMS,
        "basic's bidding tuned by self-play, with the card-play fixes the solver's review found "
        "(stops pulling trump without the top one or two trumps, leads boss cards)",
    ),
    "equilibrium": Strategy(
        "equilibrium", EQUILIBRIUM, TUNED_PARAMS,
        "bids by the bidding game's equilibrium for the rules in force (Monte Carlo CFR, "
        "results/equilibrium; equilibrium:table=FILE for another table); plays cards like tuned",
    ),
    "pimc": Strategy(
        "pimc", PIMC, {},
        "perfect-information Monte Carlo: deals the unseen cards at random, solves each world "
        "exactly, takes the best mean (slow: milliseconds a hand)",
    ),
}
# the default player of every command and of the Python API: the stronger fast player on the
# ladder (results/ladder: tuned beats basic by about 0.1 points a hand; pimc is stronger still
# but thousands of times slower)
DEFAULT_STRATEGY = "tuned"


def get_strategy(name: str) -> Strategy:
    """A built-in by name (TOML files and user code are resolved by ``load_strategy``)."""
    if isinstance(name, Strategy):
        return name
    if name in BUILTINS:
        return BUILTINS[name]
    raise ValueError(f"unknown strategy {name!r}: choose one of {', '.join(BUILTINS)}")
