"""The seat table: the one array of numbers the kernel's decisions read for a table's four seats
(``Table.arrays``), laid out here and built by ``build`` from what each seat's player record
contributes:

* ``basic``'s region (``sim.players.basic``: ``seat_table``, ``ROW_WIDTH``, ``PLAN``): the four
  seats' rows, each from the seat's parameter vector (``Strategy.vector``: basic's numbers, which
  every player's fallbacks read), then the bidding plan drawn from them;
* the own rows (``basic.OWN``, ``OWN_WIDTH`` numbers a seat): the seat's own numbers
  (``Strategy.own_row``: pimc's settings, the equilibrium bidder's), which its decide module
  reads at ``OWN + seat * OWN_WIDTH`` plus its own slot (``equilibrium.PASSES_ROUND1``,
  ``pimc.params.S_TABLE``);
* after them, on 16 bytes, the regions a seat bids by (``region_of``: the record's
  ``table_slot``, ``table_file`` and ``reads_score``): an equilibrium table
  (``sim.players.equilibrium.region``), or the score tables' directory and tables
  (``score_region``), each once however many seats share it.  The seat's own row holds its
  region's place in the table at its ``table_slot`` (and a directory's game length after it),
  and a directory's entries the places of its tables.

``kinds`` gives the four seats' kind numbers and the words a player adds after them
(``PlayerType.table_words``: a code strategy's hook addresses).
"""

from __future__ import annotations

import functools

import numpy as np

from sim.players.basic import OWN, OWN_WIDTH, seat_table
from sim.players.equilibrium_table import score_tables
from sim.rules import Rules


def kinds(seats) -> np.ndarray:
    """The four seats' kinds, then the words each player that adds some adds once
    (``PlayerType.table_words``)."""
    out = [s.kind for s in seats]
    words = {s.player.name: s for s in seats if s.player.table_words is not None}
    for s in words.values():
        out += s.player.table_words(s)
    return np.array(out, dtype=np.int64)


def region_of(strategy, rules: Rules, scores: bool):
    """What ``strategy``'s record contributes after the own rows: None, or (its slot in its own
    row, its table file or None for the committed one, the score tables when it bids by them
    at this table: ``reads_score`` and ``scores``, else None)."""
    p = strategy.player
    slot = None if p.table_slot is None else p.table_slot(strategy)
    if slot is None:
        return None
    path = None if p.table_file is None else p.table_file(strategy)
    found = (score_tables(rules) if scores and p.reads_score is not None
             and p.reads_score(strategy) else None)
    return slot, path, found


def build(seats, rules: Rules | None = None, scores: bool = True) -> np.ndarray:
    """The seat table of ``seats`` (see the module header): a seat that bids by an equilibrium
    table has the table (for ``rules``: the published ones when None) after the seats, once
    for each table file, and its own row says where; a seat that reads the score has the score
    tables' directory and tables instead, unless ``scores`` is False (a run played at 0-0 only:
    then its 0-0 table, which the directory would give it there)."""
    rules = rules or Rules()
    own = [s.own_row() for s in seats]
    regions, where, at, score_to = [], {}, {}, {}
    for i, s in enumerate(seats):
        contributed = region_of(s, rules, scores)
        if contributed is None:
            continue
        slot, path, found = contributed
        key = (path, found is not None)
        if key not in where:
            where[key] = sum(len(r) for r in regions)
            regions.append(_score_region(rules) if key[1] else _table_region(rules, path))
            if key[1]:
                score_to[where[key]] = found[0].shape[0]
        width = slot + (2 if key[1] else 1)    # a directory: its game length after it
        own[i] = np.concatenate([own[i], np.zeros(max(0, width - len(own[i])))])
        own[i][slot] = where[key]
        if key[1]:
            own[i][slot + 1] = score_to[where[key]]
        at[i] = OWN + i * OWN_WIDTH + slot
    table = seat_table([s.vector() for s in seats], own)
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
    return table


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


__all__ = ["build", "kinds", "region_of"]
