"""The solver's Python API: solve positions with the fast array search, one call for many.

``solve_positions`` replays each position into a ``State`` (checking it), packs the states into
the arrays of ``search.solve_many`` (``states_to_arrays``), solves them all in one call and
unpacks one ``Solution`` per position: its value (points to the maker's team under perfect play)
and the value of each legal card of the seat to move.  A position whose every card has been
played needs no search: its value is its score and it has no cards.  ``compile_search_ahead``
compiles the search in a child process (``warm``) while a command compiles something else.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from sim.jit import ahead as compile_ahead
from sim.jit import apart
from sim.solver import search
from sim.solver.position import Position, replay_played, score
from sim.solver.search import NOT_LEGAL  # the mark of a card that may not be played
from sim.threads import using_threads

LONE_DEFENDER_POINTS = (2, 4)


@dataclass(frozen=True)
class Solution:
    """``value``: points to the maker's team under perfect play.  ``cards``: card number ->
    value of playing it, for each legal card of the seat to move (empty when all is played)."""

    value: int
    cards: dict[int, int] = field(default_factory=dict)


def states_to_arrays(states) -> tuple:
    """Pack states into ``search.solve_many``'s arrays, in its argument order:
    ``(hands (n,4), trump, maker, alone, defender, leader, table (n,3), won, lost)``, int64.
    ``leader`` is the current trick's leader (the next leader when the table is empty);
    ``table`` is -1 padded; ``hands`` hold the cards still in hand (a sitting-out seat's: 0)."""
    n = len(states)
    hands = np.zeros((n, 4), np.int64)
    table = np.full((n, 3), -1, np.int64)
    cols = np.zeros((7, n), np.int64)  # trump maker alone defender leader won lost
    for i, st in enumerate(states):
        pos = st.position
        hands[i] = st.hands
        table[i, :len(st.table)] = st.table
        cols[:, i] = (pos.trump, pos.maker, pos.alone, pos.defender_alone, st.trick_leader,
                      st.won, st.lost)
    trump, maker, alone, defender, leader, won, lost = cols
    return hands, trump, maker, alone, defender, leader, table, won, lost


def _solve_many(arrays: tuple, lone_defender_points: int, with_cards: bool):
    """The one call into the fast search."""
    return search.solve_many(*arrays, lone_defender_points, with_cards)


def solve_positions(positions, lone_defender_points: int = 4,
                    threads: int | None = None) -> list[Solution]:
    """Solve many positions in one call of the fast search; one ``Solution`` each, in order.

    Raises ``PositionError`` for the first position that is not legal (check them one by one
    with ``parse_position`` / ``replay_played`` to report each)."""
    if lone_defender_points not in LONE_DEFENDER_POINTS:
        raise ValueError(f"lone_defender_points must be 2 or 4, not {lone_defender_points}")
    states = [replay_played(p) for p in positions]
    out: list[Solution | None] = [None] * len(states)
    todo = []
    for i, st in enumerate(states):
        if st.finished:
            pos = st.position
            out[i] = Solution(score(st.won, pos.alone, pos.defender_alone, lone_defender_points))
        else:
            todo.append(i)
    if todo:
        with using_threads(threads):
            result = _solve_many(states_to_arrays([states[i] for i in todo]),
                                 lone_defender_points, True)
        values, cards = result[0], result[1]  # (any further arrays are diagnostics)
        for row, i in enumerate(todo):
            legal = {c: int(v) for c, v in enumerate(cards[row]) if v != NOT_LEGAL}
            out[i] = Solution(int(values[row]), legal)
    return out


def warm() -> None:
    """Compile (or load) the search's deepest part, ``search.probe``, for what its callers pass:
    a child process's job while its parent compiles something else (``compile_search_ahead``)."""
    search.probe.compile(search.PROBE_ARGS)


def compile_search_ahead():
    """Start a child process compiling the search (``warm``) into the cache while this process
    compiles something else; this process's first solve waits for the child and loads what it
    compiled (``sim.jit.apart.wait_before_loading``).  Returns the child, for
    ``sim.jit.ahead.stop``; None when nothing was started (it is cached, or one core)."""
    child = compile_ahead.start("sim.solver.api", "warm", search.probe)
    if child is not None:
        apart.wait_before_loading(search.probe, functools.partial(compile_ahead.wait, child))
    return child


def solve(pos: Position, lone_defender_points: int = 4) -> Solution:
    """The value of one position and of each legal card of the seat to move."""
    return solve_positions([pos], lone_defender_points)[0]

