"""What a run is: who sits where (``Table``) and the frozen run specification (``RunSpec``).

``RunSpec.of`` is the one place a run's seed, rules, seating and thread count are checked and
given their defaults (the published rules; the default strategy, ``tuned``, at every seat): the
public entry points build one, and the run layer below them (``sim.run.executors``, the tasks of
``sim.run.hands`` and ``sim.run.games``) takes it as it is.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from sim.players import Strategy
from sim.players.basic import OWN, OWN_WIDTH, seat_table
from sim.players.equilibrium_table import score_tables
from sim.rng import normalise_seed
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
        """(hand kernel, game kernel) to run this table (``sim.run.bindings.kernels_for``):
        ``sim.kernel`` and ``sim.kernel.games`` for the built-in players, else the same modules
        of a copy of the kernel package bound to a code strategy or to pimc.  Raises
        ValueError for a table that cannot be played (under ``rules``, when given)."""
        from sim.run.bindings import kernels_for

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
        """(kinds, seat table) for the kernels: each seat's kind, and the seat table of the four
        seats' parameters and own numbers (``sim.players.basic.seat_table``).  A seat that bids
        by an equilibrium table (``PlayerType.table_slot``) has the table (for ``rules``: the
        published ones when None) after the seats, once for each table file, and its own row
        says where; a seat that reads the score (``PlayerType.reads_score``) has the score
        tables' directory and tables instead, unless ``scores`` is False (a run played at 0-0
        only: then its 0-0 table, which the directory would give it there).  Words a player
        adds to its table's kinds (a code strategy's hook addresses, ``PlayerType.table_words``)
        follow the four kinds."""
        kinds = [s.kind for s in self.seats]
        words = {s.player.name: s for s in self.seats if s.player.table_words is not None}
        for s in words.values():
            kinds += s.player.table_words(s)
        kinds = np.array(kinds, dtype=np.int64)
        own = [s.own_row() for s in self.seats]
        regions, where, at, score_to = [], {}, {}, {}
        for i, s in enumerate(self.seats):
            slot = None if s.player.table_slot is None else s.player.table_slot(s)
            if slot is None:
                continue
            path = None if s.player.table_file is None else s.player.table_file(s)
            found = (score_tables(rules or Rules()) if scores and s.player.reads_score is not None
                     and s.player.reads_score(s) else None)
            key = (path, found is not None)
            if key not in where:
                where[key] = sum(len(r) for r in regions)
                regions.append(_score_region(rules or Rules()) if key[1]
                               else _table_region(rules or Rules(), path))
                if key[1]:
                    score_to[where[key]] = found[0].shape[0]
            width = slot + (2 if key[1] else 1)    # a directory: its game length after it
            own[i] = np.concatenate([own[i], np.zeros(max(0, width - len(own[i])))])
            own[i][slot] = where[key]
            if key[1]:
                own[i][slot + 1] = score_to[where[key]]
            at[i] = OWN + i * OWN_WIDTH + slot
        table = seat_table([s.vector() for s in self.seats], own)
        if regions:
            table = np.concatenate([table, np.zeros(len(table) % 2)])   # rows on 16 bytes
            for j in at.values():
                table[j] += len(table)
            starts = np.cumsum([0] + [len(r) for r in regions[:-1]])
            for k, start in enumerate(starts):      # a directory's entries: its tables' places
                to = score_to.get(int(start))
                if to:
                    regions[k] = regions[k].copy()      # (the cached region stays relative)
                    regions[k][:to * to] += len(table) + start
            table = np.concatenate([table, *regions])
        return kinds, table

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


@functools.lru_cache(maxsize=16)
def _table_region(rules: Rules, path: str | None) -> np.ndarray:
    """An equilibrium table's region of the seat table (``sim.players.equilibrium.region``),
    read once a process for each rule set and file."""
    from sim.players.equilibrium import region
    from sim.players.equilibrium_table import load_equilibrium_table

    t = load_equilibrium_table(rules, path)
    return region(t.round1, t.round2)


@functools.lru_cache(maxsize=2)
def _score_region(rules: Rules) -> np.ndarray:
    """The score tables' region for ``rules`` (``sim.players.equilibrium.score_region``: a
    directory by score, then the committed 0-0 table and each score table), read once a
    process."""
    from sim.players.equilibrium import score_region

    states, files = score_tables(rules)
    return score_region([_table_region(rules, None if f is None else str(f)) for f in files],
                        states)


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


__all__ = ["Table", "RunSpec", "check_count"]
