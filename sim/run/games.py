"""Run whole games to ``Rules.game_to``: the Python side of the game kernel (``sim.kernel.games``).

``simulate_games`` plays games in pieces (``GamesTask``) through the one batch loop
(``sim.run.executors.play_pieces``), here or on a Dask executor, and returns their tallies or one
row per game; ``trace_game`` gives one game's hand records.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from sim import kernel as K
from sim.kernel import games as G
from sim.rules import Rules
from sim.run.executors import LocalExecutor, ProcessExecutor, pieces, play_pieces
from sim.run.hands import NO_FORCE, check_code_strategy, events_to_record
from sim.run.refereed import GamesTask as RefereeGames
from sim.run.refereed import has_bots
from sim.run.spec import RunSpec, check_count
from sim.scoring import check_score

# the game kernel's layout, for analyses (``sim.kernel.games`` documents each)
GAME_COLUMNS = G.GAME_COLUMNS
POINT_KINDS = G.POINT_KINDS
MAX_HANDS = G.MAX_HANDS
HANDS_BINS = G.HANDS_BINS
REDEAL_BINS = G.REDEAL_BINS
G_WINS = G.G_WINS
G_FIRST_DEALER_WINS = G.G_FIRST_DEALER_WINS
G_HANDS_HIST = G.G_HANDS_HIST
G_REDEAL_HIST = G.G_REDEAL_HIST
G_POINT_KINDS = G.G_POINT_KINDS
G_STATE_VISITS = G.G_STATE_VISITS
G_STATE_WINS = G.G_STATE_WINS
G_SUMS = G.G_SUMS
G_CAPPED = G.G_CAPPED
N_GAME_TALLY = G.N_GAME_TALLY
BOT_GAME_BATCH = 64     # games a piece at most where an outside bot plays (Python speed)


@dataclass
class GameRunResult:
    """What a games run produced: the game tally and per-hand tally, or one row per game."""

    games: int
    seed: int
    rules: Rules
    table: object
    gtally: np.ndarray          # N_GAME_TALLY counts
    htally: np.ndarray          # per-hand TALLY_SHAPE histogram of every hand played
    records: object = None      # DataFrame of GAME_COLUMNS (records mode)
    wall_s: float = 0.0
    threads: int = 1
    compile_s: float = 0.0      # of wall_s, spent compiling (first use only)

    @property
    def hands_played(self) -> int:
        return int(self.htally.sum())

    @property
    def hands_per_s(self) -> float:
        """The simulation's rate: compiling, where there was some, does not count."""
        run = self.wall_s - self.compile_s
        return self.hands_played / run if run > 0 else float("nan")


def _games_frame(rows: np.ndarray, start: int):
    import pandas as pd

    frame = pd.DataFrame({"game": np.arange(start, start + rows.shape[0])})
    for j, name in enumerate(GAME_COLUMNS):
        frame[name] = rows[:, j].astype(np.int16 if name == "hands" else np.int8)
    return frame


@dataclass(frozen=True)
class GamesTask:
    """One piece of a games run, games ``start .. start+n-1``: (game tally row, hand tally row,
    per-game rows; empty unless ``records``).  Sent whole to a Dask worker."""

    spec: RunSpec
    chunk: int
    records: bool
    from_score: tuple = (0, 0)

    def __call__(self, start: int, n: int):
        _, game = self.spec.table.kernels(self.spec.rules)
        kinds, seat_rows = self.spec.table.arrays(self.spec.rules)
        nchunks = (n + self.chunk - 1) // self.chunk
        gt = np.zeros((nchunks, N_GAME_TALLY), np.int64)
        ht = np.zeros((nchunks, K.NTALLY_ROW), np.int64)
        rows = np.zeros((n if self.records else 0, G.N_GAME_COLUMNS), np.int64)
        game.run_games(self.spec.seed, start, n, self.chunk, self.spec.rules.pack(), kinds,
                       seat_rows, NO_FORCE, rows, gt, ht, self.from_score)
        return gt.sum(axis=0), ht.sum(axis=0), rows


GAME_EXAMPLE_SEARCH = 64     # games traced, at most, to find an example of an illegal answer


def illegal_game_example(seed: int, start: int, n: int, rules: Rules, table,
                         from_score=(0, 0)) -> str | None:
    """The first illegal hook answer in games ``start ..`` (at most ``GAME_EXAMPLE_SEARCH`` of
    the ``n``), found by tracing them and asking the hooks again (``sim.players.code_errors``)."""
    from sim.players.code_errors import first_illegal_answer

    for g in range(start, start + min(n, GAME_EXAMPLE_SEARCH)):
        found = first_illegal_answer(enumerate(trace_game(seed, g, rules, table, from_score)),
                                     table.seats, rules)
        if found:
            return f"game {g}, {found}"
    return None


def simulate_games(games: int, seed: int = 0, rules: Rules | None = None, table=None, *,
                   records: bool = False, threads: int | None = None, batch: int = 1 << 16,
                   chunk: int = 256, start: int = 0, progress: Callable[[int], None] | None = None,
                   executor=None, from_score=(0, 0)) -> GameRunResult:
    """Play games ``start .. start+games-1`` to ``rules.game_to``.

    Parameters
    ----------
    games : number of games; game ``g`` depends only on ``(seed, g)``.
    seed, rules, table : the run seed, the rules (default: published) and the seating
        (default: the default strategy, ``tuned``, at every seat).
    records : also return one row per game (``GAME_COLUMNS``) as a DataFrame.
    threads : Numba threads (default: all).
    progress : called with the games finished after each batch.
    executor : a ``sim.run.executors.DaskExecutor`` (``sim.open_executor``) to play the batches
        on Dask workers (same results, bit for bit); None plays them here.
    from_score : (the first dealer's team's points, the other team's) before the first hand;
        ``(0, 0)`` plays whole games.  Games from a score are the same deals as whole games
        (game ``g``'s keys do not depend on it); the game tally's ``G_FIRST_DEALER_WINS`` is
        then the dealing team's wins from that score, one cell of a match-equity table.

    Returns
    -------
    GameRunResult
    """
    check_count(games, "games")
    spec = RunSpec.of(seed, rules, table, threads)
    rules, table = spec.rules, spec.table
    from_score = check_score(from_score, rules.game_to)
    if has_bots(table):       # an outside bot: through the referee, in processes
        runner = ProcessExecutor(spec.threads) if executor is None else executor
        parts = pieces(start, games, runner.piece_size(games, BOT_GAME_BATCH, 2))
        task = RefereeGames(spec, records, from_score)
    else:
        _, game = table.kernels(rules)
        batch = min(batch, game.MAX_GAME_BATCH or batch)        # pimc: small batches, chunks
        chunk = min(chunk, game.MAX_GAME_CHUNK or chunk)
        runner = LocalExecutor(spec.threads) if executor is None else executor
        parts = pieces(start, games, runner.piece_size(games, batch, 256))
        task = GamesTask(spec, chunk, records, from_score)
    gtotal = np.zeros(N_GAME_TALLY, np.int64)
    htotal = np.zeros(K.NTALLY_ROW, np.int64)
    frames = []

    def add(i, result):
        g_row, h_row, rows = result
        a, n = parts[i]
        check_code_strategy(h_row, table, partial(illegal_game_example, spec.seed, a, n, rules,
                                                  table, from_score))
        gtotal[:] += g_row
        htotal[:] += h_row
        if records:
            frames.append(_games_frame(rows, a))

    t0 = time.perf_counter()
    compile_s = play_pieces(runner, task, parts, add,
                            progress=progress,
                            name=lambda i: f"games {parts[i][0]}..{sum(parts[i]) - 1}")
    wall = time.perf_counter() - t0
    recs = None
    if records:
        import pandas as pd

        recs = pd.concat(frames, ignore_index=True)
    return GameRunResult(games, spec.seed, rules, table, gtotal,
                         htotal[:K.NTALLY].reshape(K.TALLY_SHAPE), recs, wall, runner.threads,
                         compile_s)


def trace_game(seed: int, g: int, rules: Rules | None = None, table=None,
               from_score=(0, 0)) -> list[dict]:
    """The hand records of game ``g`` (from ``from_score``, as ``simulate_games``) in order
    (replayable with ``sim.replay_game``)."""
    spec = RunSpec.of(seed, rules, table)
    seed, rules, table = spec.seed, spec.rules, spec.table
    from_score = np.asarray(check_score(from_score, rules.game_to), np.int64)
    kinds, seat_rows = table.arrays(rules)
    trace_dealers = np.zeros((MAX_HANDS, 25), np.int64)
    traces = np.zeros((MAX_HANDS, K.MAX_EVENTS + 1, 4), np.int64)
    _, game = table.kernels(rules)
    _, hands, _, _ = game.trace_one_game(seed, g, rules.pack(), kinds, seat_rows,
                                         K.table_slots(seat_rows), NO_FORCE, trace_dealers,
                                         traces, from_score)
    return [
        events_to_record(j, trace_dealers[j, 1:], traces[j], rules,
                         dealer=int(trace_dealers[j, 0]))
        for j in range(hands)
    ]


__all__ = [
    "GameRunResult", "simulate_games", "trace_game",
    "GAME_COLUMNS", "POINT_KINDS", "MAX_HANDS", "N_GAME_TALLY",
]  # fmt: skip
