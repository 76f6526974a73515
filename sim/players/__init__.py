"""The players: each one's record, parameters, tables, Numba decisions and plain-Python twin.

A player is one record (``player_type.PlayerType``; the built-ins' are in ``registry``, which
also names the built-in strategies): its name, kernel kind, parameters, decide module and
what it refuses.  ``basic`` (``sim.players.basic``, twin ``basic_twin``) and ``random``
(``random_player``) are decided by the built-ins' decide module (``decide``, which documents the
interface every player answers through), with the ``equilibrium`` table bidder; ``pimc``
(``sim.players.pimc``) and the code strategies (``code``) have decide modules of their own;
``files`` reads TOML and code strategies, ``recorded`` writes a strategy into a run's record and
rebuilds it, ``layout`` lays out and builds the seat table the kernel reads from what each seat's
record contributes.  This layer imports only the foundation and the solver; the kernel reaches it
only through its ``seat`` module.
"""

from sim.players.basic import BASIC_PARAMS, N_PARAMS, PARAM_NAMES, P, bid_table, seat_table
from sim.players.files import (
    FileStrategy,
    load_code_strategy,
    load_strategy,
    load_toml_strategy,
    strategy_from_dict,
)
from sim.players.kinds import HOOK_ARGS
from sim.players.player_type import PlayerType, Strategy, player_types, register, unregister
from sim.players.registry import BUILTINS, DEFAULT_STRATEGY, get_strategy

__all__ = [
    "BASIC_PARAMS", "BUILTINS", "DEFAULT_STRATEGY", "FileStrategy", "HOOK_ARGS", "N_PARAMS", "P",
    "PARAM_NAMES", "PlayerType", "Strategy", "bid_table", "get_strategy", "load_code_strategy",
    "load_strategy", "load_toml_strategy", "player_types", "register", "seat_table",
    "strategy_from_dict", "unregister",
]
