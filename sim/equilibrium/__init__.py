"""Equilibrium bidding: the bidding game solved by Monte Carlo CFR (``cfr``) over the deals and
contract values of ``game``, written as an equilibrium table (``sim.players.equilibrium_table``),
and how much any strategy's bidding can be exploited (``exploit``).

``solve_equilibrium`` is the API ``euchre-sim equilibrium`` wraps: it checkpoints its whole state
(regrets, strategy sums, visits) to ``checkpoint`` every ``checkpoint_every`` seconds and, with
``keep_checkpoint``, at the end (else the checkpoint is removed once the table is written), and
with ``resume`` goes on from one (the same rules, play model, seed and batch), so a long
computation survives a stop and a longer one extends a shorter.

With ``score`` (dealer's team, other team) and ``win`` (the match-equity table, ``score.py``) it
solves the bidding game at that score of a game to ``rules.game_to``: a hand is worth its change
in the chance of winning the game.  The table's meta then holds ``score``, ``game_to``, the win
table and its checksum ``win_sha256`` (extra keys: today's loader reads it), and a checkpoint
resumes only at the same score with the same win table.
"""

from __future__ import annotations

import json
import time
import zipfile
from pathlib import Path

import numpy as np

from sim import __version__
from sim.atomic import write_atomic
from sim.jit.compiling import compile_clock
from sim.players.equilibrium import INFO_PER_ROUND, class_ids
from sim.players.equilibrium_table import (
    ABSTRACTION,
    FORMAT,
    FORMAT_VERSION,
    EquilibriumTable,
    equilibrium_table_path,
    load_equilibrium_table,
    table_name,
)
from sim.rules import Rules
from sim.threads import using_threads

from .cfr import State, run_batches
from .game import PLAY_MODELS, check_rules, play_arrays
from .score import score_setup

DEFAULT_BATCH = 50_000
PURIFY = 0.001      # probabilities below this are dropped from the written table (renormalised)


class CheckpointError(ValueError):
    """A checkpoint that cannot be resumed for this computation."""


def _identity(rules, play, seed, batch, score_meta) -> dict:
    """What a checkpoint must match to be resumed (a points run has score None, as a checkpoint
    written before scores existed reads)."""
    return {"rules": rules.as_dict(), "play": play, "seed": int(seed), "batch": int(batch),
            "score": score_meta.get("score"), "win_sha256": score_meta.get("win_sha256")}


def _save_checkpoint(path: Path, state: State, ident: dict, deals: int, batches: int,
                     wall_s: float) -> None:
    meta = json.dumps({**ident, "deals": deals, "batches": batches, "wall_s": wall_s}).encode()

    def save(tmp):
        with open(tmp, "wb") as f:
            np.savez(f, meta=np.frombuffer(meta, np.uint8), **state.arrays)

    write_atomic(path, save)


def _load_checkpoint(path: Path, ident: dict):
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        meta = json.loads(bytes(arrays.pop("meta")).decode())
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
        raise CheckpointError(f"{path}: not a readable checkpoint, damaged or cut short ({e}): "
                              "delete it and start afresh without --resume") from None
    differ = [k for k in ident if meta.get(k) != ident[k]]
    if differ:
        raise CheckpointError(f"{path} was computed with other {', '.join(differ)} "
                              f"({', '.join(f'{k}={meta.get(k)!r}' for k in differ)}): resume it "
                              "with the same options, or start afresh without --resume")
    if arrays.get("reg1", np.zeros(0)).shape[0] != INFO_PER_ROUND:
        raise CheckpointError(f"{path}: its arrays are not this version's information sets")
    return State(arrays), meta["deals"], meta["batches"], meta["wall_s"]


def solve_equilibrium(rules: Rules | None = None, play: str = "tuned", iterations: int = 1_000_000,
                      seed: int = 0, batch: int = DEFAULT_BATCH, threads: int | None = None,
                      out=None, checkpoint=None, resume: bool = False,
                      checkpoint_every: float = 300.0, progress=None,
                      keep_checkpoint: bool = True, score=None, win=None) -> EquilibriumTable:
    """The average bidding strategy after ``iterations`` deals of MCCFR (each traversed for the
    four positions), as an ``EquilibriumTable``; written to ``out`` when given.

    ``progress(deals)`` is called after each batch with the deals it traversed (a resumed run
    first reports the deals its checkpoint had done).  With ``keep_checkpoint`` the finished
    state is saved to ``checkpoint`` (a later ``resume`` extends it); without, the checkpoint
    only guards the run while it lasts and is removed once the table is written.  ``score``
    (dealer's team, other team) with ``win`` (``W[d, o]``, the dealing team's chance of winning
    the game, a ``(game_to, game_to)`` array): the game at that score (``score.value_map``)."""
    rules = Rules() if rules is None else rules
    check_rules(rules)
    if play not in PLAY_MODELS:
        raise ValueError(f"unknown play model {play!r}: choose {', '.join(PLAY_MODELS)}")
    if iterations < 1 or batch < 1:
        raise ValueError("iterations and batch must be positive whole numbers")
    vm, close, score_meta = score_setup(score, win, rules.game_to)
    ident = _identity(rules, play, seed, batch, score_meta)
    checkpoint = None if checkpoint is None else Path(checkpoint)
    state, done, batches, wall = State(), 0, 0, 0.0
    if resume:
        if checkpoint is None or not checkpoint.exists():
            raise CheckpointError(f"nothing to resume: no checkpoint at {checkpoint}")
        state, done, batches, wall = _load_checkpoint(checkpoint, ident)
        if done > iterations:
            raise CheckpointError(f"{checkpoint} has done {done:,} deals, more than the "
                                  f"{iterations:,} asked: ask for at least {done:,}")
        if progress is not None and done:
            progress(done)
    arrays = play_arrays(play)
    packed = rules.pack()
    ids = class_ids()
    t0 = time.perf_counter()
    last = t0
    with using_threads(threads), compile_clock() as compiled:
        while done < iterations:
            n = min(batch, iterations - done)      # checkpoints fall between whole batches
            batches = run_batches(state, seed, packed, arrays, ids, done, n, batch, batches,
                                  progress, vm=vm, close=close)
            done += n
            now = time.perf_counter()
            end = done == iterations
            if checkpoint is not None and (end and keep_checkpoint or
                                           not end and now - last >= checkpoint_every):
                _save_checkpoint(checkpoint, state, ident, done, batches,
                                 wall + now - t0 - compiled.seconds)
                last = now
    # the solving time: a first run's compile is reported apart (``compile_s``)
    wall += time.perf_counter() - t0 - compiled.seconds
    r1, r2 = (purified(x, PURIFY) for x in state.average(rules.stick_the_dealer))
    if score is not None:
        r1, r2 = with_partner_at_game_point(r1, r2, score, rules.game_to)
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION, "rules": rules.as_dict(),
            "rules_description": rules.describe(), "play": play, "abstraction": ABSTRACTION,
            "iterations": int(done), "seed": int(seed), "batch": int(batch),
            "wall_s": round(wall, 1), "compile_s": round(compiled.seconds, 1),
            "purify": PURIFY, "version": __version__, **score_meta}
    table = EquilibriumTable(r1, r2, state.vis1.copy(), state.vis2.copy(), meta)
    if out is not None:
        write_atomic(Path(out), table.save)
    if checkpoint is not None and not keep_checkpoint:
        checkpoint.unlink(missing_ok=True)
    return table


def with_partner_at_game_point(r1: np.ndarray, r2: np.ndarray, score, game_to: int):
    """The tables with going alone turned into playing with partner for the team that needs
    one point (``score``: the dealer's team's, the other's).  There a lone hand made scores
    nothing a hand made with partner does not (both win the game) and is made less often, so
    it is never better; the average strategy's weight on it is the traversal's indifference
    between equal values (hands that make it either way), not a preference."""
    d, o = score
    r1, r2 = r1.copy(), r2.copy()
    quarter = r1.shape[0] // 4
    for k in range(4):
        if (d if k % 2 else o) != game_to - 1:
            continue
        rows = slice(k * quarter, (k + 1) * quarter)
        r1[rows, 1] += r1[rows, 2]
        r1[rows, 2] = 0.0
        for a in range(2, r2.shape[1], 2):
            r2[rows, a - 1] += r2[rows, a]
            r2[rows, a] = 0.0
    return r1, r2


def purified(probs: np.ndarray, threshold: float) -> np.ndarray:
    """Rows with the probabilities below ``threshold`` dropped and the rest renormalised (the
    average strategy keeps a trace of the first iterations' uniform play everywhere)."""
    p = np.where(probs >= threshold, probs, 0.0)
    return p / p.sum(axis=1, keepdims=True)


def bidding_policy(spec: str, rules: Rules, score=None):
    """The bidding policy of a strategy spec: ``equilibrium`` (the committed table for
    ``rules``; at a ``score``, the dealing team's and the other's, the table the player bids by
    there, ``score_table_path``), ``equilibrium:scores=off`` (the 0-0 table at any score),
    ``equilibrium:table=FILE``, a point count (``euchre-universe``, ``equilibrium:count=NAME``),
    a table file ``FILE.npz``, a parameterised built-in or TOML
    strategy, or the search player (``pimc``, with its settings)."""
    from sim.players import load_strategy
    from sim.players.equilibrium_table import score_table_path

    from .exploit import Policy

    check_rules(rules)
    if spec.endswith(".npz") and "=" not in spec:       # a table file (not NAME:table=FILE)
        return Policy.of_table(spec, load_equilibrium_table(rules, spec))
    strategy = load_strategy(spec)
    if strategy.player.searches:
        return Policy.of_search(strategy, rules)
    if strategy.bids_by_table():
        path = strategy.table_file()
        if path is None and score is not None and strategy.player.reads_score(strategy):
            path = score_table_path(rules, score)
        return Policy.of_table(spec, load_equilibrium_table(rules, path))
    return Policy.of_strategy(strategy)


__all__ = ["CheckpointError", "DEFAULT_BATCH", "PLAY_MODELS", "PURIFY", "bidding_policy",
           "with_partner_at_game_point",
           "check_rules", "equilibrium_table_path", "load_equilibrium_table", "purified",
           "solve_equilibrium", "table_name"]
