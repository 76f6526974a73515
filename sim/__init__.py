"""euchre-sim engine: rules, players, the Numba kernel and the runs that drive it.

    result = sim.simulate(100_000, seed=1, rules=sim.Rules(stick_the_dealer=True))
    record = sim.trace(1, [42])[0]; sim.replay_record(record)  # hand 42 of seed 1, refereed
    sim.review_hand(record, sim.Rules())                        # each card against perfect play
    sim.read_ptn(text); sim.write_ptn(record)                   # Trickster Cards' PTN records

Names load on first use, so ``import sim`` stays quick.  Nothing here imports ``analysis``.
"""

from __future__ import annotations

from sim.lazy import lazy_exports

__version__ = "0.1.0"

# public name -> (module, attribute): each public name is the name its module defines
_EXPORTS = {
    "Rules": ("sim.rules", "Rules"),
    "parse_rules": ("sim.rules", "parse_rules"),
    "PRESETS": ("sim.rules", "PRESETS"),
    "Strategy": ("sim.players", "Strategy"),
    "BUILTINS": ("sim.players", "BUILTINS"),
    "load_strategy": ("sim.players", "load_strategy"),
    "Table": ("sim.table", "Table"),
    "RunResult": ("sim.run.hands", "RunResult"),
    "POSITIONS": ("sim.seats", "POSITIONS"),
    "points_table": ("sim.scoring", "points_table"),
    "simulate": ("sim.run.hands", "simulate"),
    "trace": ("sim.run.hands", "trace"),
    "force_array": ("sim.run.hands", "force_array"),
    "GameRunResult": ("sim.run.games", "GameRunResult"),
    "simulate_games": ("sim.run.games", "simulate_games"),
    "trace_game": ("sim.run.games", "trace_game"),
    "replay_record": ("sim.referee", "replay_record"),
    "to_cards": ("sim.records", "to_cards"),
    "read_ptn": ("sim.ptn", "read_ptn"),
    "write_ptn": ("sim.ptn", "write_ptn"),
    "is_ptn": ("sim.ptn", "is_ptn"),
    "PtnHand": ("sim.ptn", "PtnHand"),
    "PtnError": ("sim.ptn", "PtnError"),
    "replay_game": ("sim.referee", "replay_game"),
    "run_chunked": ("sim.run.chunked", "run_chunked"),
    "resume": ("sim.run.chunked", "resume"),
    "open_executor": ("sim.run.executors", "open_executor"),
    "RunSpec": ("sim.run.spec", "RunSpec"),
    "check_count": ("sim.run.spec", "check_count"),
    "RunFolder": ("sim.run.folders", "RunFolder"),
    "Position": ("sim.solver", "Position"),
    "parse_position": ("sim.solver", "parse_position"),
    "solve": ("sim.solver", "solve"),
    "solve_positions": ("sim.solver", "solve_positions"),
    "review_hand": ("sim.solver", "review_hand"),
    "agent": ("sim.agents.agent", "agent"),
    "Agent": ("sim.agents.agent", "Agent"),
    "View": ("sim.referee.views", "View"),
    "ViewError": ("sim.referee.views", "ViewError"),
    "view_for": ("sim.referee.views", "view_for"),
    "view_from_json": ("sim.referee.views", "view_from_json"),
    "BotError": ("sim.agents.bots", "BotError"),
    "openspiel_bot": ("sim.agents.openspiel", "openspiel_bot"),
    "solve_equilibrium": ("sim.equilibrium", "solve_equilibrium"),
    "solve_score_tables": ("sim.equilibrium.score_solves", "solve_score_tables"),
    "load_equilibrium_table": ("sim.equilibrium", "load_equilibrium_table"),
    "equilibrium_table_path": ("sim.equilibrium", "equilibrium_table_path"),
    "bidding_policy": ("sim.equilibrium", "bidding_policy"),
    "exploitability": ("sim.equilibrium.exploit", "exploitability"),
    "plan_values": ("sim.equilibrium.exploit", "plan_values"),
    "count_table": ("sim.players.equilibrium_table", "count_table"),
    "POINT_COUNTS": ("sim.players.counts", "POINT_COUNTS"),
    "bids_on_deals": ("sim.equilibrium.bids", "bids_on_deals"),
}

# old public name -> new: deprecated aliases, kept for one release (0.1.x; gone in 0.2); asking
# for one warns DeprecationWarning with the new name
_DEPRECATED = {
    "replay": "replay_record",
}

__all__ = ["__version__", *_EXPORTS]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, _DEPRECATED)
