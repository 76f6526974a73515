"""A player is one record: ``PlayerType`` says everything the engine needs to know about a kind
of player, and ``Strategy`` is one player of that type with its parameters.

The record holds the player's name, its kernel kind number(s), its parameters (how they are
checked and turned into the seat table's numbers), the decide module that plays it in the
kernel (``sim.players.decide``'s interface: the built-ins' module, or one of its own, which
``sim.table.bindings`` binds into a copy of the kernel), the house rules it refuses, and whether
it can be made to pass round 1.  Whether a strategy draws from the play key is its decide
module's ``uses_play_key`` (``Strategy.draws_play_key``), said once there; its plain-Python
twin (``twin``: ``sim.players.basic_twin``), where it has one, is what the web application's
bots play while the kernel compiles (``sim.agents.twin``) and what the tests check it against.
The run layer, the agents, strategy files and the analyses read the record; nothing outside a
player's own modules asks which player a strategy is.

``register`` adds a record (and a named strategy of its defaults) to the players every command
knows: a new player is its decide module, its record and this one call.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from sim.players.basic import DEFAULT_VECTOR, P

# the decide module the main kernel is compiled with (``sim/kernel/seat.py`` takes its names)
MAIN_DECIDE = "sim.players.decide"


def _no_params(label: str, params: dict) -> dict:
    raise ValueError(f"{label}: takes no parameters")


@dataclass(frozen=True, eq=False)
class PlayerType:
    """What the engine knows of one kind of player (see the module header).

    ``check_params(label, params)`` returns the parameters checked (text from the command line
    accepted; a ``ValueError`` starting with ``label`` names a bad one); ``vector``, ``own_row``
    and ``table_slot`` give a strategy's numbers for the seat table (basic's parameter vector,
    the player's own row, where that row keeps the offset of the equilibrium table it bids by);
    ``pass_round1`` returns the strategy passing in round 1 whatever it holds, every other
    decision unchanged (None: it cannot be, ``no_pass_round1`` says why); ``table_words`` the
    words a table of this player carries after the four seats' kinds (a code strategy's hook
    addresses); ``prepare`` runs before its kernel is first built (pimc starts compiling its
    search in a child process).
    """

    name: str
    kind: int                                    # its seats' number in the kernel's kinds
    description: str
    decide: str | None = MAIN_DECIDE             # None: plays through the referee only
    kind_count: int = 1                          # kind numbers it takes (code: one a hook set)
    kind_of: Callable | None = None              # strategy -> its kind (default: ``kind``)
    check_params: Callable = _no_params
    param_names: tuple = ()                      # the parameters it takes by name
    from_text: Callable | None = None            # (key, text) -> value, for NAME:key=value
    param_rows: Callable | None = None           # strategy -> its ``ParamRow``s, listed
    name_with: Callable | None = None            # (base name, checked params) -> a name
    vector: Callable | None = None               # strategy -> basic's parameter vector
    own_row: Callable | None = None              # strategy -> its own row of the seat table
    table_slot: Callable | None = None           # strategy -> slot of its table's offset, or None
    table_file: Callable | None = None           # strategy -> its table file (None: committed)
    reads_score: Callable | None = None          # strategy -> whether it bids by the score tables
    table_words: Callable | None = None          # strategy -> words after the four kinds
    hooks: Callable | None = None                # strategy -> the user's Numba hooks it runs
    pass_round1: Callable | None = None
    no_pass_round1: str = "it cannot be made to pass round 1"
    refuses: dict = field(default_factory=dict)  # Rules field -> why it cannot play that rule
    one_per_table: str = ""                      # why two of its strategies cannot share a table
    inline_phases: bool = True                   # its kernel copy inlines the hand's phases
    prepare: Callable | None = None
    twin: str | None = None                      # its plain-Python twin (module), if any
    file_base: bool = False                      # a TOML strategy may start from it
    searches: bool = False                       # milliseconds a hand: runs sized down
    costs: Callable | None = None                # (strategy, chunk state, hands, ms a cycle)
                                                 # -> its decisions' costs (``sim.run.costs``)
    bids_by_count: bool = False                  # bids by basic's count of its parameter vector
    param_family: str = ""                       # whose parameters it takes ("basic", "pimc")
    named: bool = True                           # a strategy of its defaults has its name
    home: str = "sim.players.registry"           # the module that registers it on import

    def __reduce__(self):
        # by name: another process (a worker) finds the record in its own registry
        return (_registered, (self.name, self.home))

    def kernel_kinds(self):
        return range(self.kind, self.kind + self.kind_count)

    def refusal(self, rules) -> str | None:
        """Why this player cannot play under ``rules``, or None."""
        for rule, why in self.refuses.items():
            if rules is not None and getattr(rules, rule):
                return why
        return None


@dataclass(frozen=True)
class Strategy:
    """One player: its type (``player``), parameters (checked by the type), description, and
    ``impl``, the user's code it runs where it has some (a code strategy's module, attribute and
    the hooks it defines; an outside bot's module and class).  ``spec`` is what the user typed
    (``load_strategy`` reads it back into this strategy): a run records it."""

    name: str
    player: PlayerType
    params: dict = field(default_factory=dict)
    description: str = ""
    impl: tuple | None = None
    passes_round1: bool = False      # made to pass round 1 (``passing_round1``)
    spec: str | None = None

    @property
    def kind(self) -> int:
        """The number the kernel's kinds carry for this seat."""
        p = self.player
        return p.kind if p.kind_of is None else int(p.kind_of(self))

    def vector(self) -> np.ndarray:
        """basic's parameter vector for the seat table (a player's fallbacks read it)."""
        if self.player.vector is not None:
            return self.player.vector(self)
        return basic_vector(self.params)

    def own_row(self) -> np.ndarray:
        """The seat's own numbers in the seat table (``sim.players.basic.OWN``)."""
        if self.player.own_row is None:
            return np.zeros(0, np.float64)
        return self.player.own_row(self)

    def with_params(self, name: str, **params) -> Strategy:
        """This strategy with ``params`` (checked by its type) over its own, named ``name``."""
        checked = self.player.check_params(name, params)
        return replace(self, name=name, params={**self.params, **checked}, spec=None)

    def table_file(self) -> str | None:
        """The equilibrium table file this strategy bids by (None: the committed one for the
        rules in force); only meaningful where ``bids_by_table``."""
        return None if self.player.table_file is None else self.player.table_file(self)

    def draws_play_key(self) -> bool:
        """Whether this strategy's decisions draw from the hand's play key: its decide
        module's ``uses_play_key`` for a table of four of it (run as plain Python), so the
        kernel and the agents read one source (False for a player with no decide module)."""
        if self.player.decide is None:
            return False
        uses = importlib.import_module(self.player.decide).uses_play_key
        return bool(uses.py_func(np.full(4, self.kind, np.int64)))

    def bids_by_table(self) -> bool:
        """Whether this strategy draws its bids from an equilibrium table."""
        slot = self.player.table_slot
        return slot is not None and slot(self) is not None

    def passing_round1(self) -> Strategy:
        """This player passing in round 1 whatever it holds, every other decision unchanged
        (the hand advisor's ``assume_passed``); a ``ValueError`` says why it cannot."""
        if self.player.pass_round1 is None:
            raise ValueError(f"{self.name}: {self.player.no_pass_round1}")
        return self.player.pass_round1(self)


def basic_vector(params: dict) -> np.ndarray:
    """basic's default parameter vector with ``params`` (basic's parameters) over it; a
    ``KeyError`` for a name that is not one."""
    v = DEFAULT_VECTOR.copy()
    for k, x in params.items():
        v[P[k]] = float(x)
    return v


_TYPES: dict[str, PlayerType] = {}
# every named strategy, in the order they were named (``sim.players.BUILTINS`` is this dict)
NAMED: dict[str, Strategy] = {}


def register(player: PlayerType, strategy: Strategy | None = None) -> PlayerType:
    """Make ``player`` known: its kind numbers must be free and its name new (registering the
    same record again changes nothing).  Unless the type is ``named=False``, the strategy of its
    defaults (``strategy``, or one built from the record) is named after it, so ``--strategy
    NAME`` plays it.  Returns the record."""
    old = _TYPES.get(player.name)
    if old is player:
        return player
    if old is not None or player.name in NAMED:
        raise ValueError(f"a player named {player.name!r} is registered already")
    taken = {k: t.name for t in _TYPES.values() for k in t.kernel_kinds()}
    clash = [k for k in player.kernel_kinds() if k in taken]
    if clash:
        raise ValueError(f"{player.name}: kind {clash[0]} belongs to {taken[clash[0]]}")
    _TYPES[player.name] = player
    if player.named:
        name_strategy(strategy or Strategy(player.name, player, {}, player.description))
    return player


def name_strategy(strategy: Strategy) -> Strategy:
    """Make ``strategy`` a named strategy (``--strategy NAME``); its spec is its name."""
    named = replace(strategy, spec=strategy.name)
    NAMED[strategy.name] = named
    return named


def unregister(name: str) -> None:
    """Forget a registered player and its named strategy (for tests)."""
    _TYPES.pop(name, None)
    NAMED.pop(name, None)


def _registered(name: str, home: str) -> PlayerType:
    """The registered player ``name``, importing ``home`` (which registers it) if need be."""
    if name not in _TYPES and home:
        importlib.import_module(home)
    if name not in _TYPES:
        raise ValueError(f"the player {name} is not registered in this process: register it "
                         f"when {home or 'its module'} is imported")
    return _TYPES[name]


def player_types() -> dict[str, PlayerType]:
    """Every registered player type, by name."""
    return dict(_TYPES)


def player_type(kind: int) -> PlayerType:
    """The registered player whose kind numbers include ``kind``."""
    for t in _TYPES.values():
        if kind in t.kernel_kinds():
            return t
    raise ValueError(f"no player has kind {kind}")


__all__ = ["MAIN_DECIDE", "NAMED", "PlayerType", "Strategy", "basic_vector", "name_strategy",
           "player_type", "player_types", "register", "unregister"]
