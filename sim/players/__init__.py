"""The players: each one's parameters, tables, Numba decisions and plain-Python twin.

``basic`` (``sim.players.basic``, twin ``basic_twin``) and ``random`` (``random_player``) are
the built-in players and ``pimc`` (``sim.players.pimc``) the search player; every player
answers the kernel through a decide module (``decide``, which documents the interface: the
built-ins'; ``code``: a code strategy's; ``pimc.seat``); ``registry`` names the built-in
strategies; ``files`` reads TOML and code strategies.  This layer imports only the foundation
and the solver; the kernel reaches it only through its ``seat`` module.
"""

from sim.players.basic import BASIC_PARAMS, N_PARAMS, PARAM_NAMES, P, bid_table, seat_table
from sim.players.files import (
    FileStrategy,
    load_code_strategy,
    load_strategy,
    load_toml_strategy,
    strategy_from_dict,
)
from sim.players.kinds import (
    BASIC,
    H_CALL,
    H_DISCARD,
    H_FOLLOW,
    H_LEAD,
    H_ORDER,
    HOOK_ARGS,
    HOOK_BITS,
    RANDOM,
    USER,
)
from sim.players.registry import BUILTINS, DEFAULT_STRATEGY, Strategy, get_strategy

__all__ = [
    "BASIC", "BASIC_PARAMS", "BUILTINS", "DEFAULT_STRATEGY", "FileStrategy", "HOOK_ARGS",
    "HOOK_BITS", "H_CALL", "H_DISCARD", "H_FOLLOW", "H_LEAD", "H_ORDER", "N_PARAMS", "P",
    "PARAM_NAMES", "RANDOM", "Strategy", "USER", "bid_table", "get_strategy",
    "load_code_strategy", "load_strategy", "load_toml_strategy", "seat_table",
    "strategy_from_dict",
]
