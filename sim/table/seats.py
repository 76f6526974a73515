"""Who sits where: ``Table``, a strategy per seat, the arrays the kernel reads for them (each
seat's kind and the seat table: ``Table.arrays``) and the kernel that plays them
(``Table.kernels``: ``sim.table.bindings``).

The run layer (``sim.run``: a run's ``RunSpec`` holds a table) and the decision API
(``sim.agents``: an agent asks a table of four of its strategy) both use it; it imports
neither, so neither imports the other for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.players import Strategy, layout
from sim.rules import Rules


@dataclass(frozen=True)
class Table:
    """Who sits where: a strategy per seat (team 0 = seats 0 and 2)."""

    seats: tuple[Strategy, Strategy, Strategy, Strategy]

    @classmethod
    def teams(cls, team0=None, team1=None) -> Table:
        """Team 0 (seats 0, 2) and team 1 (seats 1, 3): built-in names, TOML paths,
        ``module:Name`` code strategies or ``Strategy`` values (team 0 by default: the default
        strategy, ``sim.players.DEFAULT_STRATEGY``; team 1 by default: team 0's)."""
        from sim.players import DEFAULT_STRATEGY, load_strategy

        a = load_strategy(DEFAULT_STRATEGY if team0 is None else team0)
        b = load_strategy(team1) if team1 is not None else a
        return cls((a, b, a, b))

    def kernels(self, rules: Rules | None = None):
        """(hand kernel, game kernel) to run this table (``sim.table.bindings.kernels_for``):
        ``sim.kernel`` and ``sim.kernel.games`` for the built-in players, else the same modules
        of a copy of the kernel package bound to a code strategy or to pimc.  Raises
        ValueError for a table that cannot be played (under ``rules``, when given)."""
        from sim.table.bindings import kernels_for

        return kernels_for(self.seats, rules)

    def arrays(self, rules: Rules | None = None, scores: bool = True):
        """(kinds, seat table) for the kernels (``build_arrays``); a seat table holding score
        tables (some hundred MB) is built once for this table, or an equal one, and kept while
        it is the last asked for (a run asks once a piece, the advisor once a question, each
        with a table of its own; the kernels only read it)."""
        key = (rules, scores)
        if _LAST_SCORE_ARRAYS.get("key") == key and _LAST_SCORE_ARRAYS["table"] == self:
            return _LAST_SCORE_ARRAYS["arrays"]
        kinds, table = self.build_arrays(rules, scores)
        if len(table) > SCORE_ARRAYS_WORDS:
            _LAST_SCORE_ARRAYS.update(key=key, table=self, arrays=(kinds, table))
        return kinds, table

    def build_arrays(self, rules: Rules | None = None, scores: bool = True):
        """(kinds, seat table) for the kernels: each seat's kind and the words its player adds
        (``sim.players.layout.kinds``), and the seat table each seat's player contributes its
        parts to (``sim.players.layout.build``: basic's rows and plan, the seats' own rows, the
        equilibrium tables or score tables a seat bids by; for ``rules``, the published ones
        when None; the score tables unless ``scores`` is False, a run played at 0-0 only)."""
        return layout.kinds(self.seats), layout.build(self.seats, rules, scores)

    def describe(self) -> dict:
        """What a manifest records of the players: each seat's strategy, its parameters, the
        spec it was made from with its files made absolute (``specs``: None when made in
        Python) and the SHA-256 of every file a strategy reads (``files``: TOML files, code,
        tables; ``sim.players.recorded``)."""
        from sim.players.recorded import absolute_spec, input_files

        return {
            "team0": self.seats[0].name, "team1": self.seats[1].name,
            "seats": [s.name for s in self.seats],
            "params": {s.name: {k: v for k, v in s.params.items()} for s in self.seats},
            "specs": {s.name: None if s.spec is None else absolute_spec(s.spec)
                      for s in self.seats},
            "files": input_files(self.seats),
        }


# the last seat table with score tables built (``Table.arrays``), and the size from which one is
# kept: larger than any seat table of one table region
_LAST_SCORE_ARRAYS: dict = {}
SCORE_ARRAYS_WORDS = 8_000_000


__all__ = ["Table"]
