"""The double-dummy solver: the exact value of a Euchre position with every hand face up.

    pos = sim.solver.parse_position(json.loads(line))
    sim.solver.solve(pos)              # Solution(value=1, cards={card: value, ...})

``position`` reads, checks and replays positions; ``api`` packs them into arrays for the fast
search (``search``) and back; ``twin`` is the slow, plain minimax the tests check it against;
``positions_random`` makes random legal positions; ``review`` values every card of a played
hand record (``review_hand``).  Names load on first use.
"""

from __future__ import annotations

from sim.lazy import lazy_exports

# public name -> (module, attribute)
_EXPORTS = {
    "Position": ("sim.solver.position", "Position"),
    "PositionError": ("sim.solver.position", "PositionError"),
    "State": ("sim.solver.position", "State"),
    "parse_position": ("sim.solver.position", "parse_position"),
    "position_to_json": ("sim.solver.position", "position_to_json"),
    "replay_played": ("sim.solver.position", "replay_played"),
    "score": ("sim.solver.position", "score"),
    "Solution": ("sim.solver.api", "Solution"),
    "solve": ("sim.solver.api", "solve"),
    "solve_positions": ("sim.solver.api", "solve_positions"),
    "states_to_arrays": ("sim.solver.api", "states_to_arrays"),
    "solve_slow": ("sim.solver.twin", "solve_slow"),
    "random_positions": ("sim.solver.positions_random", "random_positions"),
    "record_position": ("sim.solver.review", "record_position"),
    "review_hand": ("sim.solver.review", "review_hand"),
    "review_hands": ("sim.solver.review", "review_hands"),
    "hand_totals": ("sim.solver.review", "hand_totals"),
}

__all__ = list(_EXPORTS)


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
