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
# how much one seat gains by changing its bids against a table of so many deals (the held-out
# gain of `euchre-sim exploit FILE` at its defaults, points a hand, the least and most of the four
# positions; published rules, tuned's play, seed 0), up to the committed tables' deals
DRAFTS = ((1_000_000, "0.13-0.27"), (10_000_000, "0.025-0.029"), (30_000_000, "0.0045-0.0055"),
          (150_000_000, "0.0001-0.0003"))
COMMITTED = 150_000_000
ROUGH = 30_000_000  # fewer deals make a rough draft

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
    """A line on how good a table of ``iterations`` deals is (``DRAFTS``); None from the
    committed tables' deals on."""
    if iterations >= COMMITTED:
        return None
    what = "a rough draft" if iterations < ROUGH else "a draft"
    (n0, g0), *more, (_, last) = DRAFTS
    gains = "".join(f", {g} against {n:,}" for n, g in more)
    model = "" if play == "tuned" else f"; measured under tuned's play, not {play}"
    return (f"note: a table of {iterations:,} deals is {what}: one seat gains {g0} points a hand "
            f"against a table of {n0:,} deals{gains} and {last} against the committed tables' "
            f"{COMMITTED:,} (euchre-sim exploit at its defaults{model}); 'euchre-sim exploit "
            f"{out}' measures this one, and --keep-checkpoint lets a later --resume add deals")


__all__ = ["check_files", "solve_counts", "draft_note", "DRAFTS", "COMMITTED", "ROUGH"]
