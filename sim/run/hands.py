"""Run hands: turn strategies and rules into kernel arrays, play them, collect the output.

``simulate`` checks what it is given once (``sim.run.spec.RunSpec``) and plays the run in pieces
(``HandsTask``) through the one batch loop (``sim.run.executors.play_pieces``), here or on a Dask
executor; ``trace`` gives hand records.  Hand ``i`` depends only on ``(seed, i)``, so batch
size, chunk size, thread count and executor never change a result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import numba
import numpy as np

from sim import kernel as K
from sim.cards import SUITS, card_name, cards_of
from sim.players.basic import bid_table
from sim.rules import Rules
from sim.run.executors import LocalExecutor, ProcessExecutor, pieces, play_pieces
from sim.run.refereed import HandsTask as RefereeHands
from sim.run.refereed import deck_deal, has_bots
from sim.run.refereed import records as referee_records
from sim.run.spec import RunSpec, check_count
from sim.seats import POSITIONS
from sim.table import Table
from sim.threads import set_threads

# the kernel's layout and forced actions, for analyses (``sim.kernel`` documents each)
TALLY_SHAPE = K.TALLY_SHAPE
RECORD_COLUMNS = K.RECORD_COLUMNS
SEEN_COLUMNS = K.SEEN_COLUMNS
FORCE_PASS, FORCE_MAKE, FORCE_ALONE = K.FORCE_PASS, K.FORCE_MAKE, K.FORCE_ALONE

DEFAULT_CHUNK = 4096
DEFAULT_BATCH = 1 << 20
BOT_BATCH = 1024        # hands a piece at most where an outside bot plays (Python speed)
MAX_HAND_INDEX = (1 << 63) - 1  # hand indices are int64 in the kernel

NO_FORCE = K.NO_FORCE


def force_array(position: str | int | None = None, round_: int = 1, action: int = 0,
                suit: int | None = None, discard: int | None = None):
    """A forced decision for the kernel (see ``sim.kernel`` FORCE_* and F_*): the player at
    ``position`` makes ``action`` (pass / make / alone) at his turn in ``round_``; a round-2
    call names ``suit`` (None: his strategy's best); a forced dealer may be given a ``discard``.
    """
    if position is None:
        return NO_FORCE.copy()
    pos = POSITIONS.index(position) if isinstance(position, str) else int(position)
    return np.array([pos, round_, action, -1 if suit is None else suit,
                     -1 if discard is None else discard], dtype=np.int64)


@dataclass
class RunResult:
    """What a run produced: the tally (always) and, in records mode, the per-hand frame."""

    hands: int
    seed: int
    rules: Rules
    table: Table
    tally: np.ndarray                     # TALLY_SHAPE counts
    records: object = None                # pandas DataFrame in records mode
    wall_s: float = 0.0
    threads: int = 1
    extra: dict = field(default_factory=dict)
    compile_s: float = 0.0                # of wall_s, spent compiling (first use only)

    @property
    def hands_per_s(self) -> float:
        """The simulation's rate: compiling, where there was some, does not count."""
        run = self.wall_s - self.compile_s
        return self.hands / run if run > 0 else float("nan")


def records_frame(masks: np.ndarray, fields: np.ndarray, start: int = 0):
    """Kernel record columns (``masks`` 4 x n uint32, ``fields`` n-fields x n int8) -> a
    pandas DataFrame with a ``hand`` index column and ``sim.kernel.RECORD_COLUMNS``."""
    import pandas as pd

    cols = {"hand": np.arange(start, start + masks.shape[1], dtype=np.int64)}
    for j, name in enumerate(K.RECORD_COLUMNS):
        cols[name] = masks[j] if j < 4 else fields[j - 4]
    return pd.DataFrame(cols, copy=False)


def simulate(
    hands: int,
    seed: int = 0,
    rules: Rules | None = None,
    table: Table | None = None,
    *,
    records: bool = False,
    threads: int | None = None,
    batch: int = DEFAULT_BATCH,
    chunk: int = DEFAULT_CHUNK,
    start: int = 0,
    force=None,
    scores=(0, 0),
    progress: Callable[[int], None] | None = None,
    on_records: Callable[[object, int], None] | None = None,
    executor=None,
) -> RunResult:
    """Play hands ``start .. start+hands-1`` and return the tally (and records if asked).

    A run is played in batches of ``batch`` hands (the progress bar ticks per batch); inside a
    batch the kernel splits fixed chunks of ``chunk`` hands over threads.
    Aggregate mode keeps only the tally histogram (``TALLY_SHAPE``), so memory stays flat
    however many hands are played; records mode returns one row per hand
    (``RECORD_COLUMNS``), or hands each batch's rows to ``on_records``.

    Parameters
    ----------
    hands : number of hands; hand ``i`` depends only on ``(seed, i)``.
    seed, rules, table : the run seed, the rules (default: published) and the seating
        (default: the default strategy, ``tuned``, at every seat).
    records : also return one row per hand (``RECORD_COLUMNS``) as a DataFrame.
    threads : Numba threads (default: all).
    force : a forced decision (``force_array``); None plays every decision by strategy.
    scores : (team 0, team 1), the game score at which every hand is played, for
        score-aware strategies; the deals do not depend on it.
    progress : called with the hands finished after each batch.
    on_records : ``on_records(frame, part)`` receives each batch's records instead of keeping
        them in memory (used to stream Parquet parts).
    executor : a ``sim.run.executors.DaskExecutor`` (``sim.open_executor``) to play the batches
        on Dask workers (same results, bit for bit); None plays them here.

    Returns
    -------
    RunResult
    """
    check_count(hands, "hands")
    return simulate_spec(RunSpec.of(seed, rules, table, threads), hands, records=records,
                         batch=batch, chunk=chunk, start=start, force=force, scores=scores,
                         progress=progress, on_records=on_records, executor=executor)


@dataclass(frozen=True)
class HandsTask:
    """One piece of a hands run, hands ``start .. start+n-1``: (summed tally row, record masks,
    record fields), the record columns empty unless ``records``.  Sent whole to a Dask worker."""

    spec: RunSpec
    chunk: int
    force: np.ndarray
    scores: np.ndarray
    records: bool

    def __call__(self, start: int, n: int):
        kernel, _ = self.spec.table.kernels(self.spec.rules)
        kinds, seat_rows = self.spec.table.arrays(self.spec.rules, bool(self.scores.any()))
        chunk = self.chunk
        tally = np.zeros(((n + chunk - 1) // chunk, K.NTALLY_ROW), np.int64)
        if self.records:
            masks = np.empty((4, n), np.uint32)
            fields = np.empty((K.NREC - 4, n), np.int8)
        else:
            masks, fields = _NO_MASKS, _NO_FIELDS
        kernel.run_hands(self.spec.seed, start, n, chunk, self.spec.rules.pack(), kinds,
                         seat_rows, self.force, masks, fields, tally, self.scores)
        return tally.sum(axis=0), masks, fields


def simulate_spec(spec: RunSpec, hands: int, *, records=False, batch=DEFAULT_BATCH,
                  chunk=DEFAULT_CHUNK, start=0, force=None, scores=(0, 0), progress=None,
                  on_records=None, executor=None) -> RunResult:
    """``simulate`` for a checked run specification (``sim.run.spec.RunSpec``): its hands played in
    pieces (``sim.run.executors.play_pieces``), here or on ``executor``."""
    rules, table = spec.rules, spec.table
    score_arr = np.asarray(scores, dtype=np.int64)
    if score_arr.shape != (2,) or score_arr.min() < 0 or score_arr.max() >= rules.game_to:
        raise ValueError(f"scores must be two numbers from 0 to {rules.game_to - 1}, "
                         f"not {tuple(scores)}")
    force = NO_FORCE if force is None else np.asarray(force, dtype=np.int64)
    if has_bots(table):       # an outside bot: through the referee, in processes
        if not np.array_equal(force, NO_FORCE):
            raise ValueError("forced decisions are for kernel strategies: a table with an "
                             "outside bot plays every decision by its players")
        runner = ProcessExecutor(spec.threads) if executor is None else executor
        parts = pieces(start, hands, runner.piece_size(hands, BOT_BATCH, 16))
        task = RefereeHands(spec, tuple(int(x) for x in score_arr), records)
    else:
        kernel, _ = table.kernels(rules)
        batch = min(batch, kernel.MAX_BATCH or batch)
        chunk = min(chunk, kernel.MAX_CHUNK or chunk)
        runner = LocalExecutor(spec.threads) if executor is None else executor
        parts = pieces(start, hands, runner.piece_size(hands, batch, 4096))
        task = HandsTask(spec, chunk, force, score_arr, records)
    total = np.zeros(K.NTALLY_ROW, np.int64)
    raw = []         # records kept in memory: the kernel's columns, framed once at the end

    def add(i, result):
        nonlocal total
        tally_row, masks, fields = result
        a, n = parts[i]
        check_code_strategy(tally_row, table, partial(illegal_example, spec.seed, a, n, rules,
                                                      table, force))
        total += tally_row
        if records and on_records is not None:
            on_records(records_frame(masks, fields, a), i)
        elif records:
            raw.append((masks, fields))

    t0 = time.perf_counter()
    compile_s = play_pieces(runner, task, parts, add, progress=progress,
                            name=lambda i: f"hands {parts[i][0]}..{sum(parts[i]) - 1}")
    wall = time.perf_counter() - t0
    recs = _kept_records(raw, start) if records and on_records is None else None
    return RunResult(hands, spec.seed, rules, table, total[:K.NTALLY].reshape(K.TALLY_SHAPE),
                     recs, wall, runner.threads, compile_s=compile_s)


_NO_MASKS = np.zeros((4, 0), np.uint32)
_NO_FIELDS = np.zeros((K.NREC - 4, 0), np.int8)


def _kept_records(raw: list, start: int):
    """The records kept in memory as one DataFrame: the kernel's columns framed once (one copy
    of each column at most; a DataFrame per batch and a concat would cost two)."""
    masks = raw[0][0] if len(raw) == 1 else np.concatenate([r[0] for r in raw], axis=1)
    fields = raw[0][1] if len(raw) == 1 else np.concatenate([r[1] for r in raw], axis=1)
    return records_frame(masks, fields, start)


EXAMPLE_SEARCH = 4096  # hands traced, at most, for an example of an illegal answer


def check_code_strategy(tally: np.ndarray, table: Table, example=None) -> None:
    """Stop a run whose code strategy answered with an illegal action, naming the hook and
    one example when ``example()`` finds one (``illegal_example``)."""
    bad = int(tally[..., K.BAD_USER_CELL].sum())
    if not bad:
        return
    names = sorted({s.name for s in table.seats if s.player.hooks is not None})
    found = example() if example is not None else None
    first = f"; the first, {found}" if found else ""
    raise ValueError(f"code strategy {names[0]} returned an illegal action in {bad} hand(s)"
                     f"{first}; check its answers against the hook descriptions in "
                     "sim/players/files.py (load_code_strategy)")


def illegal_example(seed: int, start: int, n: int, rules: Rules, table: Table,
                    force=None) -> str | None:
    """The first illegal hook answer among hands ``start ..`` (at most ``EXAMPLE_SEARCH`` of
    the ``n``), found by tracing them and asking the hooks again (``sim.players.code_errors``)."""
    from sim.players.code_errors import first_illegal_answer

    end = start + min(n, EXAMPLE_SEARCH)
    blocks = (range(lo, min(lo + 256, end)) for lo in range(start, end, 256))
    traced = (pair for block in blocks
              for pair in zip(block, trace(seed, block, rules, table, force), strict=True))
    return first_illegal_answer(traced, table.seats, rules)


def tally_from_records(frame) -> np.ndarray:
    """The aggregate-mode histogram computed from a records frame (vectorised)."""
    dealer = frame["dealer"].to_numpy().astype(np.int64)
    rnd = frame["round"].to_numpy().astype(np.int64)
    played = rnd > 0
    farmer = (frame["farmer"].to_numpy() >= 0).astype(np.int64)
    mpos = np.where(played, (frame["maker"].to_numpy() - dealer - 1) & 3, 0)
    alone = np.where(played, frame["alone"].to_numpy(), 0)
    dal = np.where(played, frame["defender_alone"].to_numpy() >= 0, 0).astype(np.int64)
    tricks = np.where(played, frame["maker_tricks"].to_numpy(), 0)
    key = np.ravel_multi_index((farmer, dealer, rnd, mpos, alone, dal, tricks), K.TALLY_SHAPE)
    return np.bincount(key, minlength=K.NTALLY).astype(np.int64)


# ---------------------------------------------------------------------------------------------
# trace mode -> hand records (the JSON that ``euchre-sim replay`` reads)

def trace(seed: int, indices, rules: Rules | None = None, table: Table | None = None,
          force=None) -> list[dict]:
    """Full hand records for the chosen hand indices of a run (as ``simulate`` plays them)."""
    spec = RunSpec.of(seed, rules, table)
    seed, rules, table = spec.seed, spec.rules, spec.table
    indices = list(indices)
    for i in indices:
        if not 0 <= i <= MAX_HAND_INDEX:
            raise ValueError(f"hand index {i} is out of range: hands are numbered 0 to "
                             f"{MAX_HAND_INDEX:,}")
    if has_bots(table):       # an outside bot: the hands played through the referee
        return referee_records(spec, indices)
    idx = np.asarray(indices, dtype=np.int64)
    kinds, seat_rows = table.arrays(rules, False)        # hands of a run: at 0-0
    traces = np.zeros((idx.size, K.MAX_EVENTS + 1, 4), np.int64)
    results = np.zeros((idx.size, K.NRES), np.int64)
    decks = np.zeros((idx.size, 24), np.int64)
    force = NO_FORCE if force is None else np.asarray(force, dtype=np.int64)
    kernel, _ = table.kernels(rules)
    kernel.trace_hands(seed, idx, rules.pack(), kinds, seat_rows, force, traces, results, decks)
    return [
        events_to_record(int(i), decks[q], traces[q], rules)
        for q, i in enumerate(idx)
    ]


def events_to_record(index: int, deck, events, rules: Rules, dealer: int | None = None) -> dict:
    dealer = index % 4 if dealer is None else dealer
    dealt, kitty_cards = deck_deal([int(c) for c in deck], dealer)
    hands = [[card_name(c) for c in sorted(h)] for h in dealt]
    kitty = [card_name(c) for c in kitty_cards]
    rec = {"dealer": dealer, "hands": hands, "upcard": kitty[0], "kitty": kitty, "bids": [],
           "plays": []}
    if rules != Rules():
        rec["rules"] = rules.changes()
    for e in range(1, int(events[0, 0]) + 1):
        kind, seat, a, b = (int(x) for x in events[e])
        if kind == K.EV_FARMER:
            rec["farmer"] = {"seat": seat, "gave": [card_name(c) for c in cards_of(a)],
                             "took": [card_name(c) for c in cards_of(b)]}
        elif kind == K.EV_BID:
            if a == K.BID_PASS:
                bid = {"seat": seat, "action": "pass"}
            elif a == K.BID_ORDER:
                bid = {"seat": seat, "action": "order_up"}
            else:
                bid = {"seat": seat, "action": "call", "suit": SUITS[a - 2]}
            if b:
                bid["alone"] = True
            rec["bids"].append(bid)
        elif kind == K.EV_DEFEND:
            rec["bids"].append({"seat": seat, "action": "defend_alone"})
        elif kind == K.EV_DISCARD:
            rec["discard"] = card_name(a)
        elif kind == K.EV_PLAY:
            rec["plays"].append([seat, card_name(a)])
    return rec


def play_seen(seed, start, n, chunk, rules: Rules, table: Table, force, hand_mask: int,
              upcard: int, position: int, scores, out) -> None:
    """Deals ``start .. start+n-1`` consistent with one player's view (his hand as a card mask
    and the upcard; he sits at ``position``, seat 3 deals): fills ``out`` (n x
    ``len(SEEN_COLUMNS)``) with ``SEEN_COLUMNS``, points for his team (``sim.kernel.run_seen``)."""
    kernel, _ = table.kernels(rules)
    kinds, seat_rows = table.arrays(rules, any(scores))
    kernel.run_seen(seed, start, n, min(chunk, kernel.MAX_CHUNK or chunk), rules.pack(), kinds,
                    seat_rows, force, hand_mask, upcard, position, np.asarray(scores, np.int64),
                    out)


def default_threads() -> int:
    return numba.config.NUMBA_NUM_THREADS


__all__ = [
    "Table", "RunResult", "simulate", "trace", "records_frame", "tally_from_records",
    "bid_table", "force_array", "set_threads", "default_threads", "play_seen",
    "TALLY_SHAPE", "RECORD_COLUMNS", "SEEN_COLUMNS", "NO_FORCE", "FORCE_PASS", "FORCE_MAKE",
    "FORCE_ALONE",
]
