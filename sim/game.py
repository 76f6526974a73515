"""Games to 5, 7 or 10 points: the Python entry points (``simulate_games``, ``trace_game``) and,
re-exported for old imports, the Numba game names of ``sim.kernel.games``."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from sim import kernel as K
from sim.kernel.games import (  # noqa: F401
    G_CAPPED,
    G_FIRST_DEALER_WINS,
    G_HANDS_HIST,
    G_POINT_KINDS,
    G_REDEAL_HIST,
    G_STATE_VISITS,
    G_STATE_WINS,
    G_SUMS,
    G_WINS,
    GAME_COLUMNS,
    HANDS_BINS,
    MAX_HANDS,
    N_GAME_COLUMNS,
    N_GAME_TALLY,
    POINT_KINDS,
    REDEAL_BINS,
    draw_for_deal,
    games_chunk,
    play_game,
    play_one_game,
    point_kind,
    run_games,
    trace_one_game,
)
from sim.rng import normalise_seed
from sim.rules import Rules

# ---------------------------------------------------------------------------------------------
# Python side


@dataclass
class GameRunResult:
    games: int
    seed: int
    rules: Rules
    table: object
    gtally: np.ndarray          # N_GAME_TALLY counts (aggregate mode; zeros in records mode)
    htally: np.ndarray          # per-hand TALLY_SHAPE histogram of every hand played
    records: object = None      # DataFrame of GAME_COLUMNS (records mode)
    wall_s: float = 0.0
    threads: int = 1

    @property
    def hands_played(self) -> int:
        return int(self.htally.sum())

    @property
    def hands_per_s(self) -> float:
        return self.hands_played / self.wall_s if self.wall_s > 0 else float("nan")


def simulate_games(games: int, seed: int = 0, rules: Rules | None = None, table=None, *,
                   records: bool = False, threads: int | None = None, batch: int = 1 << 16,
                   chunk: int = 256, start: int = 0, progress=None) -> GameRunResult:
    """Play games ``start .. start+games-1`` to ``rules.game_to``; tallies or per-game rows."""
    from sim import runner
    from sim.runner import NO_FORCE, Table, check_code_strategy, set_threads

    if isinstance(games, bool) or not isinstance(games, int | np.integer) or games < 1:
        raise ValueError(f"number of games must be a positive whole number, not {games!r}")
    seed = normalise_seed(seed)
    rules = rules or Rules()
    table = table or Table.teams()
    threads = set_threads(threads)
    kinds, bv = table.arrays()
    _, game = table.kernels()
    packed = rules.pack()
    gtotal = np.zeros(N_GAME_TALLY, np.int64)
    htotal = np.zeros(K.NTALLY_ROW, np.int64)
    frames = []
    t0 = time.perf_counter()
    done = 0
    executor = runner._EXECUTOR
    if executor is not None:
        threads = executor.threads
    while done < games:
        n = min(batch, games - done)
        if executor is not None:   # batches on Dask workers (sim.distributed.scheduler_context)
            g_row, h_row, frame = executor.games_batch(seed, start + done, n, rules, table,
                                                       records)
            gtotal += g_row
            htotal += h_row
            if records:
                frames.append(frame)
            done += n
            if progress is not None:
                progress(n)
            continue
        nchunks = (n + chunk - 1) // chunk
        gt = np.zeros((nchunks, N_GAME_TALLY), np.int64)
        ht = np.zeros((nchunks, K.NTALLY_ROW), np.int64)
        rows = np.zeros((n if records else 0, N_GAME_COLUMNS), np.int64)
        game.run_games(seed, start + done, n, chunk, packed, kinds, bv, NO_FORCE, rows,
                       gt, ht)
        check_code_strategy(ht, table)
        if records:
            import pandas as pd

            frame = pd.DataFrame({"game": np.arange(start + done, start + done + n)})
            for j, name in enumerate(GAME_COLUMNS):
                frame[name] = rows[:, j].astype(np.int16 if name == "hands" else np.int8)
            frames.append(frame)
        gtotal += gt.sum(axis=0)
        htotal += ht.sum(axis=0)
        done += n
        if progress is not None:
            progress(n)
    wall = time.perf_counter() - t0
    recs = None
    if records:
        import pandas as pd

        recs = pd.concat(frames, ignore_index=True)
    return GameRunResult(games, seed, rules, table, gtotal,
                         htotal[:K.NTALLY].reshape(K.TALLY_SHAPE), recs, wall, threads)


def trace_game(seed: int, g: int, rules: Rules | None = None, table=None) -> list[dict]:
    """The hand records of game ``g`` in order (replayable with ``sim.referee.play_game``)."""
    from sim.runner import NO_FORCE, Table, events_to_record

    seed = normalise_seed(seed)
    rules = rules or Rules()
    table = table or Table.teams()
    kinds, bv = table.arrays()
    trace_dealers = np.zeros((MAX_HANDS, 25), np.int64)
    traces = np.zeros((MAX_HANDS, K.MAX_EVENTS + 1, 4), np.int64)
    visits = np.zeros((MAX_HANDS, 12), np.int64)
    _, game = table.kernels()
    _, hands, _, _ = game.trace_one_game(seed, g, rules.pack(), kinds, bv, K.seat_slots(bv),
                                         NO_FORCE, trace_dealers, traces, visits)
    return [
        events_to_record(j, trace_dealers[j, 1:], traces[j], rules,
                         dealer=int(trace_dealers[j, 0]))
        for j in range(hands)
    ]
