"""What a run is: the frozen run specification (``RunSpec``: seed, rules, who sits where, the
``Table`` of ``sim.table``, and threads).

``RunSpec.of`` is the one place a run's seed, rules, seating and thread count are checked and
given their defaults (the published rules; the default strategy, ``tuned``, at every seat): the
public entry points build one, and the run layer below them (``sim.run.executors``, the tasks of
``sim.run.hands`` and ``sim.run.games``) takes it as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.rng import normalise_seed
from sim.rules import Rules
from sim.table import Table


def check_count(n, what: str) -> None:
    """A ``ValueError`` unless ``n`` (hands, games, deals) is a positive whole number."""
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 1:
        raise ValueError(f"number of {what} must be a positive whole number, not {n!r}")


@dataclass(frozen=True)
class RunSpec:
    """A checked run: its seed (a non-negative 64-bit int), rules, table and Numba threads (None:
    all)."""

    seed: int
    rules: Rules
    table: Table
    threads: int | None = None

    @classmethod
    def of(cls, seed=0, rules: Rules | None = None, table: Table | None = None,
           threads: int | None = None) -> RunSpec:
        """The run's specification from what a caller gave, checked (a ``ValueError`` naming
        the bad value) and with the defaults filled in."""
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise ValueError(f"rules must be a sim.Rules, not {rules!r}")
        if table is None:
            table = Table.teams()
        elif not isinstance(table, Table):
            raise ValueError(f"table must be a sim.Table, not {table!r}")
        if threads is not None and (isinstance(threads, bool)
                                    or not isinstance(threads, int | np.integer) or threads < 1):
            raise ValueError(f"--threads must be at least 1, not {threads}")
        return cls(normalise_seed(seed), rules, table, None if threads is None else int(threads))


__all__ = ["RunSpec", "check_count"]
