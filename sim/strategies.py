"""Built-in strategies and their named parameters: the registry the kernel and CLI share.

Every built-in except ``random`` is the ``basic`` player with different parameters, so a
strategy is a kind (``RANDOM`` or ``BASIC``) plus a float64 parameter vector in the order of
``BASIC_PARAMS``.  The kernel dispatches on the kind inside one cached function, so built-ins
and TOML strategies (a built-in with overridden parameters) cost nothing extra.

``basic`` bids by a point count relative to the candidate trump: a value per trump card (right
bower, left bower, A K Q T 9), per off-suit ace and king, and per void (counted only when holding
two or more trumps).  In round 1 the upcard's value is added for the dealer's partner and
subtracted for the dealer's opponents (scaled by ``partner_upcard_share`` and
``opponent_upcard_share``); the dealer values his hand after picking up and discarding.  It
orders at ``order_threshold`` (plus the per-position offsets), calls in round 2 at
``call_threshold``, and goes alone at ``alone_threshold``.  In game mode it does not go alone
when one point wins the game and lowers its thresholds by ``desperation`` when the other side
needs one point to win.  Its card play follows the rules text (see ``sim/kernel.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

RANDOM = 0
BASIC = 1
USER = 2     # a code strategy: kind = USER + bit mask of the hooks it defines (sim.kernel H_*)

# name: (default, description).  Order is the kernel's parameter index order.
BASIC_PARAMS: dict[str, tuple[float, str]] = {
    "right_bower": (3.2, "value of the right bower"),
    "left_bower": (2.8, "value of the left bower"),
    "trump_ace": (2.4, "value of the ace of trump"),
    "trump_king": (2.1, "value of the king of trump"),
    "trump_queen": (1.9, "value of the queen of trump"),
    "trump_ten": (1.7, "value of the ten of trump"),
    "trump_nine": (1.6, "value of the nine of trump"),
    "offsuit_ace": (1.3, "value of an off-suit ace"),
    "offsuit_king": (0.3, "value of an off-suit king"),
    "void": (0.6, "value of a void in a side suit (with two or more trumps)"),
    "partner_upcard_share": (0.5, "share of the upcard's value added when partner deals"),
    "opponent_upcard_share": (0.5, "share of the upcard's value subtracted when an opponent deals"),
    "order_threshold": (7.0, "points needed to order up (round 1)"),
    "call_threshold": (7.0, "points needed to call trump (round 2)"),
    "alone_threshold": (11.5, "points needed to go alone"),
    "first_offset": (0.0, "added to the round-1 threshold in first position (dealer's left)"),
    "second_offset": (0.0, "added to the round-1 threshold in second position (dealer's partner)"),
    "third_offset": (0.0, "added to the round-1 threshold in third position (dealer's right)"),
    "dealer_offset": (0.0, "added to the round-1 threshold for the dealer"),
    "defend_alone_threshold": (11.0, "points (in the maker's trump) to defend alone, if allowed"),
    "desperation": (1.0, "threshold reduction when the other side needs one point to win"),
    "farmer_swap": (1.0, "1: swap a farmer's hand when allowed, 0: keep it"),
}
PARAM_NAMES = tuple(BASIC_PARAMS)
N_PARAMS = len(PARAM_NAMES)
P = {name: i for i, name in enumerate(PARAM_NAMES)}
# Kernel-side indices (plain module ints are compile-time constants for Numba).
(P_RIGHT, P_LEFT, P_TACE, P_TKING, P_TQUEEN, P_TTEN, P_TNINE, P_OACE, P_OKING, P_VOID,
 P_PARTNER_UP, P_OPP_UP, P_ORDER, P_CALL, P_ALONE, P_OFF_FIRST, P_OFF_SECOND, P_OFF_THIRD,
 P_OFF_DEALER, P_DEFEND_ALONE, P_DESPERATION, P_FARMER) = range(N_PARAMS)


@dataclass(frozen=True)
class Strategy:
    """A named player model: kind plus parameters."""

    name: str
    kind: int
    params: dict = field(default_factory=dict)
    description: str = ""
    hooks: tuple | None = None   # code strategies: (module, name, hooks it defines)

    def vector(self) -> np.ndarray:
        v = np.array([BASIC_PARAMS[n][0] for n in PARAM_NAMES], dtype=np.float64)
        for k, x in self.params.items():
            v[P[k]] = float(x)
        return v

    def with_params(self, name: str, **params) -> Strategy:
        unknown = set(params) - set(PARAM_NAMES)
        if unknown:
            raise ValueError(f"unknown parameter {sorted(unknown)[0]!r} for strategy {self.name}")
        return Strategy(name, self.kind, {**self.params, **params}, self.description, self.hooks)


_TRUMP_COUNT = {n: 0.0 for n in PARAM_NAMES if n not in ("desperation", "farmer_swap")}
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
}
DEFAULT_STRATEGY = "basic"


def get_strategy(name: str) -> Strategy:
    """A built-in by name (TOML files and user code are resolved by ``sim.strategy_files``)."""
    if isinstance(name, Strategy):
        return name
    if name in BUILTINS:
        return BUILTINS[name]
    raise ValueError(f"unknown strategy {name!r}: choose one of {', '.join(BUILTINS)}")
