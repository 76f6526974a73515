"""What the search player's decisions cost, read from its chunk state's stats row
(``sim.players.pimc.turns``, ``ST_*``: decisions, worlds, solves and CPU cycles by kind): the
record's ``costs`` (``PlayerType.costs``), which the run layer's ``sim.run.costs`` calls after
playing hands with it.
"""

from __future__ import annotations

from sim.players.auction import CANDIDATES
from sim.players.pimc.turns import ST_BID, ST_CARD, ST_DISCARD, ST_WEIGHED
from sim.solver.pimc import DEFAULT_WORLDS

# the stats row's place in pimc's chunk state (``turns.chunk_state``)
STATE_STATS = 6


def decision_costs(strategy, state, hands: int, ms_per_cycle: float) -> dict:
    """Per decision by kind (card, bid, discard: decisions with a choice) of ``hands`` hands
    played with ``state`` (pimc's chunk state, ``strategy`` at the seats): the decisions, their
    CPU milliseconds (cycles times ``ms_per_cycle``), mean worlds and solves and the decisions a
    hand; with inference, also what a card decision's weighed worlds are worth (``weighed``
    and ``effective_worlds``)."""
    s = state[STATE_STATS]
    out = {}
    for name, col in (("card", ST_CARD), ("bid", ST_BID), ("discard", ST_DISCARD)):
        n = max(int(s[col]), 1)
        out[name] = {"decisions": int(s[col]), "ms": s[col + 3] * ms_per_cycle / n,
                     "worlds": s[col + 1] / n, "solves": s[col + 2] / n,
                     "per_hand": s[col] / hands}
    if s[ST_WEIGHED]:      # inference: what a card decision's weighed worlds are worth
        worlds = int(strategy.params.get("worlds", DEFAULT_WORLDS))
        out["card"]["weighed"] = CANDIDATES * worlds
        out["card"]["effective_worlds"] = s[ST_WEIGHED + 1] / 1000 / s[ST_WEIGHED]
    return out


__all__ = ["decision_costs"]
