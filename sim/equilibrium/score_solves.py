"""The score tables of a rule set as independent solves, one a score state, on any executor.

``solve_score_tables`` solves the bidding game at each listed score (``solve_equilibrium(score=,
win=)``) as one piece of work an executor runs (``sim.run.executors``: here, in local worker
processes, or on a Dask cluster), each writing ``D-O.npz`` into the folder atomically.  A table
depends only on the score, the win table, the deals, the seed and the batch, never on where it
ran, so the folder is the same whichever executor runs it.  Resumable per state: a table already
there for the same score, deals, seed and win table is kept (``force`` solves it again), and
each solve keeps a checkpoint beside its table while it runs (``D-O.checkpoint``), which a run
cut short resumes from.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.equilibrium.score import win_digest
from sim.players.equilibrium_table import read_table
from sim.rules import Rules
from sim.run.executors import LocalExecutor, pieces, play_pieces


def table_file(folder: Path, score) -> Path:
    return Path(folder) / f"{score[0]}-{score[1]}.npz"


def checkpoint_file(folder: Path, score) -> Path:
    return Path(folder) / f"{score[0]}-{score[1]}.checkpoint"


def is_solved(path: Path, score, iterations: int, seed: int, win) -> bool:
    """Whether ``path`` holds the table these settings would solve."""
    try:
        m = read_table(path).meta
    except (OSError, ValueError):
        return False
    return (m.get("score") == list(score) and m.get("iterations") == iterations
            and m.get("seed") == seed and m.get("win_sha256") == win_digest(win))


@dataclass(frozen=True)
class ScoreSolve:
    """One piece of work a score state: ``(start, 1)`` solves ``states[start]`` (picklable, so a
    worker process or a Dask worker can run it)."""

    rules: Rules
    states: tuple
    win: np.ndarray
    folder: str
    iterations: int
    seed: int
    batch: int | None = None
    force: bool = False

    def __call__(self, start: int, n: int) -> list[dict]:
        from sim.equilibrium import solve_equilibrium

        done = []
        for score in self.states[start:start + n]:
            path = table_file(self.folder, score)
            if not self.force and is_solved(path, score, self.iterations, self.seed, self.win):
                done.append({"score": score, "solved": False, "wall_s": 0.0})
                continue
            check = checkpoint_file(self.folder, score)
            t0 = time.perf_counter()
            extra = {} if self.batch is None else {"batch": self.batch}
            solve_equilibrium(self.rules, iterations=self.iterations, seed=self.seed,
                              score=score, win=self.win, out=path, checkpoint=check,
                              resume=check.exists() and not self.force,
                              keep_checkpoint=False, **extra)
            done.append({"score": score, "solved": True,
                         "wall_s": round(time.perf_counter() - t0, 1)})
        return done


def solve_score_tables(rules: Rules, states, win, folder, *, iterations: int, seed: int = 1,
                       batch: int | None = None, force: bool = False, executor=None,
                       threads: int | None = None, on_state=None) -> list[dict]:
    """Solve the bidding game at each score of ``states`` against ``win`` into ``folder`` (one
    ``D-O.npz`` a score) on ``executor`` (None: here, over ``threads`` Numba threads, one state
    after another).  ``on_state(row)`` hears of each state as it finishes (``score``, ``solved``:
    False where the table was there already, ``wall_s``).  Returns those rows in ``states``'
    order."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    states = tuple(tuple(int(x) for x in s) for s in states)
    task = ScoreSolve(rules, states, np.asarray(win, float), str(folder), int(iterations),
                      int(seed), batch, force)
    rows: dict[int, dict] = {}

    def finished(i, result):
        rows[i] = result[0]
        if on_state is not None:
            on_state(result[0])

    play_pieces(executor or LocalExecutor(threads), task, pieces(0, len(states), 1), finished,
                ordered=False, name=lambda i: f"the solve at {states[i][0]}-{states[i][1]}")
    return [rows[i] for i in range(len(states))]


__all__ = ["ScoreSolve", "solve_score_tables", "is_solved", "table_file",
           "checkpoint_file"]
