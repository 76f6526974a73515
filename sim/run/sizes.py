"""How big a run's pieces are (hands a kernel call, hands a chunk of a resumable run), how long a
run will take here (a short warm-up with the same rules and players: ``warm_rate`` times any
work) and how much memory this machine has (``machine_memory``).
"""

from __future__ import annotations

MIN_BATCH = 1 << 16
DEFAULT_CHUNK_HANDS = 1 << 20  # hands a chunk of a resumable run (``sim.run.chunked``), at most
RECORDS_BATCH = 1 << 18  # bounds the memory of one Parquet part (~35 bytes a hand)


def batch_size(hands: int, records: bool) -> int:
    """Hands per kernel call: about 1% of the run (for the progress bar), whole chunks, capped."""
    from sim.run.hands import DEFAULT_BATCH, DEFAULT_CHUNK

    b = max(MIN_BATCH, -(-hands // 100))
    b = -(-b // DEFAULT_CHUNK) * DEFAULT_CHUNK
    return min(b, RECORDS_BATCH if records else DEFAULT_BATCH)


def chunk_size(hands: int, records: bool) -> int:
    """Hands per chunk of a chunked run: about 1/32 of the run (so a few workers share it),
    at least 2^16 (per-chunk overhead), at most 2^20 (2^18 with records), whole kernel chunks."""
    from sim.run.hands import DEFAULT_CHUNK

    c = max(MIN_BATCH, -(-hands // 32))
    c = -(-c // DEFAULT_CHUNK) * DEFAULT_CHUNK
    return min(c, RECORDS_BATCH if records else DEFAULT_CHUNK_HANDS)


WARMUP_HANDS = 1 << 17
WARMUP_GAMES = 4096
WARMUP_S = 0.5  # a warm-up call grows until it takes this long
WARMUP_GROWTHS = 10  # ... or until it is 4^10 (about a million) times the first call's size


def warm_rate(play, first: int = 64, most: int | None = None, seconds: float = WARMUP_S) -> float:
    """Units a second of ``play(k)`` (``k`` units of the real work) here.  ``play(first)``
    compiles or loads what the work needs; then ``k`` grows fourfold from ``first`` until a
    call takes ``seconds`` (or reaches ``most``), and the rate is read from the last two calls'
    difference, so a fixed cost a call (setting up, a table built once a call) does not count.
    Every warm-up ends: ``k`` grows at most ``WARMUP_GROWTHS`` times, each call but the last
    under ``seconds``, so the calls after the first take under ``(WARMUP_GROWTHS + 1) *
    seconds`` plus the last's excess (a ``play`` that returns at once, having nothing to do, is
    measured as very fast, not waited on forever).  A guess: the machine may be busier or
    quieter during the run."""
    import time

    def timed(k):
        t0 = time.perf_counter()
        play(k)
        return time.perf_counter() - t0

    most = first * 4 ** WARMUP_GROWTHS if most is None else most
    k, t = first, timed(first)
    while True:
        k2 = min(k * 4, most)
        t2 = timed(k2)
        if t2 >= seconds or k2 == k or k2 >= most:
            break
        k, t = k2, t2
    if t2 > t and k2 > k:
        return (k2 - k) / (t2 - t)
    return k2 / max(t2, 1e-9)


def estimate_seconds(count: int, rules=None, table=None, *, games: bool = False,
                     records: bool = False, threads: int | None = None) -> tuple[float, float]:
    """(estimated seconds, measured rate a second) for a run of ``count`` hands (or games)
    here, from a short warm-up with the same rules, players, mode and threads (``warm_rate``:
    the kernel is compiled or loaded first, so the warm-up times play alone).  A guess: the
    machine may be busier or quieter during the run."""
    from sim.run.games import simulate_games
    from sim.run.hands import simulate

    def play(n):
        if games:
            simulate_games(n, 1, rules, table, records=records, threads=threads)
        else:
            simulate(n, 1, rules, table, records=records, threads=threads)

    rate = warm_rate(play, 16 if games else 64, WARMUP_GAMES if games else WARMUP_HANDS)
    return count / rate, rate


def machine_memory() -> int:
    """Bytes of memory this machine has (its physical memory; 2**40 where it cannot be read)."""
    import os

    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        pass
    try:
        import psutil

        return int(psutil.virtual_memory().total)
    except ImportError:
        return 1 << 40


def duration_text(seconds: float) -> str:
    """``seconds`` in words: "40 s", "12 min", "3.5 hours", "9 days"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds / 86400:,.0f} days"


__all__ = ["MIN_BATCH", "DEFAULT_CHUNK_HANDS", "RECORDS_BATCH", "batch_size", "chunk_size",
           "WARMUP_HANDS", "WARMUP_GAMES", "warm_rate", "estimate_seconds", "duration_text",
           "machine_memory"]
