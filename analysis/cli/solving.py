"""What ``euchre-sim equilibrium`` checks before it solves (the table and checkpoint files, the
checkpoint interval, the counts) and what it says of the table after (``draft_note``)."""

from __future__ import annotations

import math
from pathlib import Path

import click

from analysis.cli.bounds import Count, rate_of
from analysis.cli.options import UsageError

BATCH_BYTES = 416  # the solver's buffers for each deal of a batch (``sim.equilibrium.cfr``)
SURE_DEALS = {"tuned": 10_000_000, "perfect": 500_000}  # deals that surely solve in a minute
# how far one seat gains against a table of so many deals (``euchre-sim exploit``, its
# defaults: held-out gain, points a hand, lowest and highest of the four positions; published
# rules, seed 0, tuned's play), the committed tables' deals, and the gain they reach
DRAFTS = ((1_000_000, 0.13, 0.27), (10_000_000, 0.02, 0.05))
COMMITTED = 150_000_000
COMMITTED_GAIN = 0.005


def check_files(out: Path, checkpoint: Path | None, every: float, force: bool,
                resume: bool) -> Path:
    """Refuse, before any work, a table or checkpoint that could not be written, a table that
    would be written over without ``--force`` (or ``--resume``, which extends it), a checkpoint
    in the way of a fresh start, and a checkpoint interval that is not a number of seconds;
    returns the checkpoint's path."""
    from sim.run.folders import RunFolderError, check_writable

    if out.suffix != ".npz":
        raise UsageError(f"--out {out}: a table file ends with .npz")
    if not out.parent.is_dir():
        raise UsageError(f"--out {out}: the folder {out.parent} does not exist")
    if not math.isfinite(every) or every < 0:
        raise click.ClickException(f"--checkpoint-every must be a number of seconds, 0 or more "
                                   f"(0: after every batch), not {every:g}")
    if checkpoint is None:
        checkpoint = out.with_name(out.stem + ".checkpoint.npz")
    if checkpoint.resolve() == out.resolve():
        raise UsageError(f"--checkpoint {checkpoint} is the table's own file: give another")
    if checkpoint.exists() and not resume:
        raise UsageError(f"{checkpoint} exists: add --resume to go on from it, or delete it "
                         "to start afresh")
    if out.exists() and not (force or resume):
        raise click.ClickException(f"--out {out} exists: add --force to overwrite it, or give "
                                   "another --out")
    try:
        check_writable("--out", out)
        check_writable("--checkpoint", checkpoint)
    except RunFolderError as e:
        raise click.ClickException(str(e)) from None
    return checkpoint


def solve_counts(rules, play, iterations, seed, batch, threads):
    """``--iterations`` (timed by a short solve of the same game) and ``--batch`` (the
    solver's buffers for a batch's deals)."""
    from sim import solve_equilibrium

    def solve(k):
        solve_equilibrium(rules, play, k, seed, min(batch, k), threads)

    return (Count("--iterations", iterations, "deals", sure=SURE_DEALS[play],
                  estimate=rate_of(solve, 1024)),
            Count("--batch", batch, "deals", memory=lambda b: BATCH_BYTES * min(b, iterations)))


def draft_note(iterations: int, play: str, out: Path) -> str | None:
    """A line on how good a table of ``iterations`` deals is, from the measured drafts; None
    from the committed tables' deals on."""
    if iterations >= COMMITTED:
        return None
    near = min(DRAFTS, key=lambda d: abs(math.log(d[0] / iterations)))
    measured = (f"one seat gains {near[1]:.2f}-{near[2]:.2f} points a hand against a table of "
                f"{near[0]:,} deals")
    model = "" if play == "tuned" else f" (measured under tuned's play; {play} play is slower)"
    return (f"note: a table of {iterations:,} deals is a rough draft: {measured}, under "
            f"{COMMITTED_GAIN} against the committed tables' {COMMITTED:,}{model}; "
            f"--resume with more --iterations (after --keep-checkpoint) improves it, and "
            f"'euchre-sim exploit {out}' measures it")


__all__ = ["check_files", "solve_counts", "draft_note", "DRAFTS", "COMMITTED"]
