"""How big a run's pieces are (hands a kernel call, hands a chunk of a resumable run) and how
long a run will take here (a short warm-up with the same rules and players).
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


def estimate_seconds(count: int, rules=None, table=None, *, games: bool = False,
                     records: bool = False, threads: int | None = None) -> tuple[float, float]:
    """(estimated seconds, measured rate a second) for a run of ``count`` hands (or games)
    here, from a short warm-up with the same rules, players, mode and threads (the kernel is
    compiled or loaded first, so the warm-up times play alone).  A guess: the machine may be
    busier or quieter during the run."""
    import time

    from sim.run.games import simulate_games
    from sim.run.hands import simulate

    def play(n):
        if games:
            simulate_games(n, 1, rules, table, records=records, threads=threads)
        else:
            simulate(n, 1, rules, table, records=records, threads=threads)

    n = WARMUP_GAMES if games else WARMUP_HANDS
    play(min(n, 1024))  # compile or load the kernel
    t0 = time.perf_counter()
    play(n)
    rate = n / max(time.perf_counter() - t0, 1e-9)
    return count / rate, rate


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
           "WARMUP_HANDS", "WARMUP_GAMES", "estimate_seconds", "duration_text"]
