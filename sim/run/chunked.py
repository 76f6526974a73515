"""Resumable chunked runs (``run_chunked``, ``resume``): a hands run cut into chunks, each saved
in its run folder as it finishes, so an interrupted run is finished rather than restarted;
bit-identical to a one-piece run.  The chunks are played through the one batch loop
(``sim.run.executors``), here or on a Dask cluster.  Without the ``distributed`` extra, asking for a
scheduler raises one ``ValueError`` saying how to install it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numba
import numpy as np

from sim.atomic import write_atomic
from sim.players.recorded import rebuild, recorded, resolved_params
from sim.rules import Rules
from sim.run.executors import (
    DaskExecutor,
    LocalExecutor,
    check_scheduler,
    play_pieces,
    worker_address,
)
from sim.run.hands import DEFAULT_BATCH, TALLY_SHAPE, RunResult, simulate_spec
from sim.run.sizes import DEFAULT_CHUNK_HANDS
from sim.run.spec import RunSpec, check_count
from sim.table import Table

RUN_FORMAT = 2      # 2: strategies recorded by their specs (``sim.players.recorded``)


# ---------------------------------------------------------------------------------------------
# chunks


def chunk_ranges(hands: int, chunk_hands: int = DEFAULT_CHUNK_HANDS) -> list[tuple[int, int]]:
    """``[(start, stop), ...]``: chunk k covers hands ``[k * chunk_hands, ...)``."""
    if chunk_hands < 1:
        raise ValueError(f"chunk size must be at least 1 hand, not {chunk_hands}")
    return [(a, min(hands, a + chunk_hands)) for a in range(0, hands, chunk_hands)]


def chunk_path(run_dir: Path, k: int) -> Path:
    return Path(run_dir) / "chunks" / f"chunk-{k:06d}.npy"


def part_path(run_dir: Path, k: int) -> Path:
    return Path(run_dir) / "records" / f"part-{k:06d}.parquet"


def _save_npy(path: Path, arr: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    def write(tmp):
        with open(tmp, "wb") as f:
            np.save(f, arr)

    write_atomic(path, write)


@dataclass(frozen=True)
class ChunkTask:
    """Play one chunk, hands ``start .. start+n-1`` (chunk ``start // chunk_hands``), on the
    threads the executor gave it: the task every worker runs.  With ``records_dir`` it writes
    the chunk's rows there itself (``records/part-<chunk>.parquet``).

    Returns ``{"k", "tally", "wall_s", "worker", "error"}``; an exception becomes ``error``
    (a string) so the client can name the chunk and the worker in one message."""

    spec: RunSpec
    chunk_hands: int
    records_dir: Path | None = None

    def __call__(self, start: int, n: int) -> dict:
        k = start // self.chunk_hands
        worker = worker_address()
        t0 = time.perf_counter()
        try:
            res = simulate_spec(self.spec, n, start=start,
                                records=self.records_dir is not None,
                                batch=min(n, DEFAULT_BATCH),
                                executor=LocalExecutor(numba.get_num_threads()))
            if self.records_dir is not None:
                part_path(self.records_dir, k).parent.mkdir(parents=True, exist_ok=True)
                write_atomic(part_path(self.records_dir, k),
                              lambda tmp: res.records.to_parquet(tmp, index=False))
            tally, error = res.tally, None
        except Exception as e:  # reported to the client, which raises one clear error
            tally, error = None, " ".join(f"{type(e).__name__}: {e}".split())
        return {"k": k, "tally": tally, "wall_s": time.perf_counter() - t0, "worker": worker,
                "error": error}


# ---------------------------------------------------------------------------------------------
# the run


@dataclass
class ChunkedRunResult(RunResult):
    """A ``RunResult`` whose speed counts only the hands played by this call (a resumed run
    skips the chunks found done) over the time spent playing them (cluster start excluded)."""

    played: int = 0

    @property
    def hands_per_s(self) -> float:
        return self.played / self.wall_s if self.wall_s > 0 and self.played else float("nan")


@dataclass
class ChunkedResult:
    """A chunked run's ``RunResult`` plus per-worker figures for the manifest."""

    result: RunResult
    chunk_hands: int
    workers: dict = field(default_factory=dict)  # address -> {"chunks", "hands", "hands_per_s"}
    resumed_chunks: int = 0  # chunks found already done in run_dir


def run_chunked(
    hands: int,
    seed: int = 0,
    rules: Rules | None = None,
    table: Table | None = None,
    *,
    scheduler: str | None = None,
    chunk_hands: int = DEFAULT_CHUNK_HANDS,
    threads: int | None = None,
    run_dir: str | Path | None = None,
    records: bool = False,
    progress: Callable[[int], None] | None = None,
    command: str | None = None,
    executor=None,
) -> ChunkedResult:
    """Play ``hands`` hands in chunks and return the summed tally.

    Chunk ``k`` plays hands ``[k * C, min(hands, (k + 1) * C))`` (``C = chunk_hands``).  Hand
    ``i`` depends only on ``(seed, i)``, so a chunk can be played anywhere, and the tally is
    the integer sum of the chunks' tallies: identical, bit for bit, to a one-piece local run
    whatever the number of workers and the order chunks finish in.  A task returns its
    chunk's tally, wall time and worker; the client keeps one tally per chunk index, so a
    task the scheduler re-runs after losing a worker is never counted twice, and a chunk
    that raises surfaces as one ``RuntimeError`` naming the chunk and the worker.

    ``scheduler``: None plays the chunks one after the other here on ``threads`` Numba
    threads; ``"local:N"`` starts a ``LocalCluster`` of N one-thread worker processes for the
    run; ``"tcp://HOST:PORT"`` uses an existing scheduler, each task on ``cpu_count //
    worker nthreads`` Numba threads.  Each worker compiles (or loads) the kernel once.

    With ``records`` (needs ``run_dir``) each task writes its chunk's rows itself as
    ``records/part-<chunk>.parquet`` in the run folder rather than shipping them to the
    client (a chunk of 2^20 hands is about 35 MB of rows), so the folder must be visible at
    the same path on every worker (``local:N``, or a shared filesystem).  ``command``, the
    line that started the run, is kept in its run.json for the finished folder's manifest.
    ``run_dir`` holds
    ``run.json`` (the run's options) and one ``chunks/chunk-<k>.npy`` per completed chunk,
    each written under a temporary name and renamed (checked against when it exists); chunks
    already saved are skipped, so ``resume`` finishes an interrupted run.  ``progress(n)``
    is called with each finished chunk's hand count (chunks found done count at the start).
    ``threads``: Numba threads per chunk in-process (default all); ignored on Dask.
    ``executor``: an open ``sim.run.executors.DaskExecutor`` to play the chunks on instead of
    ``scheduler`` (left open; its workers keep the kernel loaded between runs).
    """
    check_count(hands, "hands")
    spec = RunSpec.of(seed, rules, table, threads)
    if scheduler is not None:
        check_scheduler(scheduler)
    if records and run_dir is None:
        raise ValueError("records in a chunked run need a run folder")
    ranges = chunk_ranges(int(hands), int(chunk_hands))
    folder = run_spec(hands, spec.seed, spec.rules, spec.table, chunk_hands, records, command)
    done: dict[int, np.ndarray] = {}
    if run_dir is not None:
        run_dir = Path(run_dir).absolute()
        _prepare_run_dir(run_dir, folder)
        done = completed_chunks(run_dir, len(ranges))
    resumed = len(done)
    if progress is not None and done:
        progress(sum(ranges[k][1] - ranges[k][0] for k in done))
    parts = [(a, b - a) for k, (a, b) in enumerate(ranges) if k not in done]
    per_worker: dict[str, list] = {}

    def finish(_i, out):
        k = out["k"]
        a, b = ranges[k]
        if out["error"] is not None:
            raise RuntimeError(
                f"chunk {k} (hands {a}..{b - 1}) failed on worker {out['worker']}: {out['error']}"
            )
        if k in done:  # a re-run task (lost worker): already counted
            return
        if run_dir is not None:
            _save_npy(chunk_path(run_dir, k), out["tally"])
        done[k] = out["tally"]
        w = per_worker.setdefault(out["worker"], [0, 0, 0.0])
        w[0] += 1
        w[1] += b - a
        w[2] += out["wall_s"]

    def name(i):
        a, n = parts[i]
        return f"chunk {a // chunk_hands} (hands {a}..{a + n - 1})"

    own = executor is None
    if own:
        executor = LocalExecutor(spec.threads) if scheduler is None else DaskExecutor(scheduler)
    try:
        t0 = time.perf_counter()     # after the cluster started: its start is not the run's
        task = ChunkTask(spec, int(chunk_hands), run_dir if records else None)
        play_pieces(executor, task, parts, finish, progress=progress, ordered=False, name=name)
        wall = time.perf_counter() - t0
    finally:
        if own:
            executor.close()
    return _chunked_result(hands, spec.seed, spec.rules, spec.table, done, per_worker, wall,
                           executor.threads, chunk_hands, resumed)  # fmt: skip


def _chunked_result(hands, seed, rules, table, done, per_worker, wall, used_threads,
                    chunk_hands, resumed) -> ChunkedResult:
    """Sum the chunk tallies (in chunk order; integer sums, so order cannot matter) and the
    per-worker figures into the run's result."""
    total = np.zeros(TALLY_SHAPE, np.int64)
    for k in range(len(done)):
        total += done[k]
    res = ChunkedRunResult(int(hands), seed, rules, table, total, None, wall, used_threads)
    res.played = sum(w[1] for w in per_worker.values())
    workers = {
        addr: {"chunks": c, "hands": h, "hands_per_s": h / s if s > 0 else float("nan")}
        for addr, (c, h, s) in sorted(per_worker.items())
    }
    res.extra["workers"] = workers
    res.extra["chunk_hands"] = int(chunk_hands)
    return ChunkedResult(res, int(chunk_hands), workers, resumed)


def resume(
    run_dir: str | Path,
    *,
    scheduler: str | None = None,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> ChunkedResult:
    """Finish the run recorded in ``run_dir`` (its run.json); completed chunks are skipped."""
    run_dir = Path(run_dir)
    spec = read_run_spec(run_dir)
    hands, seed, rules, table, chunk_hands, records = spec_values(spec, run_dir)
    return run_chunked(
        hands,
        seed,
        rules,
        table,
        scheduler=scheduler,
        chunk_hands=chunk_hands,
        threads=threads,
        run_dir=run_dir,
        records=records,
        progress=progress,
        command=spec.get("command"),
    )


# ---------------------------------------------------------------------------------------------
# run folders


def run_spec(hands, seed, rules, table, chunk_hands, records, command=None) -> dict:
    """A run.json: the run's options (what a resumed run must match) and ``command``."""
    return {
        "format": RUN_FORMAT,
        "hands": int(hands),
        "seed": int(seed),
        "rules": rules.as_dict(),
        "strategies": [recorded(s) for s in table.seats],
        "chunk_hands": int(chunk_hands),
        "records": bool(records),
        "chunks": len(chunk_ranges(int(hands), int(chunk_hands))),
        **({} if command is None else {"command": command}),
    }


def spec_values(spec: dict, where="run.json"):
    """(hands, seed, rules, table, chunk_hands, records) from a run.json."""
    try:
        rules = Rules().replace(**spec["rules"])
        table = Table(tuple(rebuild(d, where) for d in spec["strategies"]))
        return (
            int(spec["hands"]),
            int(spec["seed"]),
            rules,
            table,
            int(spec["chunk_hands"]),
            bool(spec.get("records", False)),
        )
    except (KeyError, TypeError, IndexError) as e:
        raise ValueError(f"{where}: run.json is incomplete or damaged ({e!r})") from None


def read_run_spec(run_dir: Path) -> dict:
    path = Path(run_dir) / "run.json"
    if not Path(run_dir).is_dir():
        raise ValueError(f"{run_dir}: no such run folder")
    try:
        spec = json.loads(path.read_text())
    except FileNotFoundError:
        raise ValueError(f"{run_dir}: not a resumable simulate folder (no run.json: only a "
                         f"chunked run, 'euchre-sim simulate --scheduler threads --out DIR', "
                         f"can be resumed)") from None
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: cannot read it ({e})") from None
    if not isinstance(spec, dict) or spec.get("format") != RUN_FORMAT:
        raise ValueError(f"{path}: not a run.json this version understands")
    return spec


def _comparable(spec: dict) -> dict:
    """A run.json without what may differ between the start and a resume (the command, the
    folder each strategy was typed in, and so how a table file's path was typed)."""
    spec = json.loads(json.dumps({k: v for k, v in spec.items() if k != "command"}))
    for s in spec.get("strategies", []):
        if isinstance(s, dict):
            s["params"] = resolved_params(s.get("params"), s.pop("cwd", None))
    return spec


def _prepare_run_dir(run_dir: Path, spec: dict) -> None:
    if (run_dir / "run.json").exists():
        if _comparable(read_run_spec(run_dir)) != _comparable(spec):
            raise ValueError(
                f"{run_dir}: holds a different run (its run.json differs); "
                "resume it or choose another folder"
            )
        return
    run_dir.mkdir(parents=True, exist_ok=True)
    write_atomic(
        run_dir / "run.json", lambda tmp: tmp.write_text(json.dumps(spec, indent=2) + "\n")
    )


def completed_chunks(run_dir: Path, nchunks: int) -> dict[int, np.ndarray]:
    """The chunk tallies already saved in ``run_dir``."""
    out = {}
    for k in range(nchunks):
        p = chunk_path(run_dir, k)
        if p.exists():
            try:
                arr = np.load(p)
            except (EOFError, ValueError, OSError) as e:
                why = " ".join(str(e).split()) or type(e).__name__
                raise ValueError(f"{p}: damaged chunk tally ({why}); remove the file and "
                                 f"resume again to re-run chunk {k}") from None
            if arr.shape != tuple(TALLY_SHAPE) or arr.dtype != np.int64:
                raise ValueError(f"{p}: not a chunk tally; remove it to re-run chunk {k}")
            out[k] = arr
    return out


def progress_of(run_dir: str | Path) -> tuple[int, int]:
    """(completed chunks, all chunks) of a run folder."""
    spec = read_run_spec(Path(run_dir))
    return len(completed_chunks(Path(run_dir), spec["chunks"])), spec["chunks"]


__all__ = [
    "run_chunked",
    "resume",
    "chunk_ranges",
    "ChunkTask",
    "ChunkedResult",
    "read_run_spec",
    "spec_values",
    "progress_of",
    "DEFAULT_CHUNK_HANDS",
]
