"""``simulate --scheduler`` and ``simulate --resume``: a run played in resumable chunks
(``sim.run.chunked``).  With ``--out DIR`` the run writes straight into DIR: run.json and chunk
tallies as chunks finish, summary.csv and manifest.json last, so a folder without manifest.json
is an unfinished run that ``--resume DIR`` completes.
"""

from __future__ import annotations

import json

import click

from analysis.cli.options import (
    UsageError,
    interrupt_status,
    progress_bar,
    reproduce_line,
    ticker,
)
from sim.atomic import why
from sim.run.folders import RunFolderError, prepare_chunked_folder

CHUNK_ONLY_OPTIONS = ("scheduler", "threads", "as_json", "silent", "resume", "yes")


def _resumed_run(ctx, resume):
    """(hands, seed, rules, table, chunk_hands, records, command) of the interrupted run in
    ``resume``: its options and the line that started it, from its run.json."""
    from sim.run import chunked as D

    given = [
        name for name, value in ctx.params.items()
        if name not in CHUNK_ONLY_OPTIONS
        and ctx.get_parameter_source(name).name not in ("DEFAULT", "DEFAULT_MAP")
        and value not in (None, False)
    ]  # fmt: skip
    if given:
        opt = "--" + given[0].replace("_", "-")
        raise UsageError(f"--resume takes the run's options from its run.json; {opt} "
                         "cannot be given with it (only --scheduler, --threads, --silent, "
                         "--json)")  # fmt: skip
    try:
        spec = D.read_run_spec(resume)
        if (resume / "manifest.json").is_file():
            raise ValueError(f"{resume}: the run is already complete (see "
                             f"{resume / 'summary.csv'})")
        return (*D.spec_values(spec, resume), spec.get("command"))
    except ValueError as e:
        raise click.ClickException(f"--resume {e}") from None


def _interrupted(ctx, out, e: KeyboardInterrupt):
    """Ctrl-C or SIGTERM: what was saved and how to finish it, or that nothing was."""
    from sim.run import chunked as D

    if out is not None and (out / "run.json").is_file():
        try:
            k, n = D.progress_of(out)
        except ValueError:
            k, n = 0, 0
        click.echo(f"interrupted: {k} of {n} chunks saved in {out}; finish with: "
                   f"euchre-sim simulate --resume {out}", err=True)  # fmt: skip
    else:
        click.echo("interrupted: nothing written", err=True)
    ctx.exit(interrupt_status(e))


def simulate_chunked(ctx, hands, seed, rules, table, games, records, out, force, threads,
                     batch, scheduler, resume, as_json, silent):
    """Play (or finish) a chunked run, write its folder and print its summary."""
    from analysis.studies import SIMULATE
    from analysis.text.summary import summary_json
    from sim.run import chunked as D
    from sim.run.sizes import chunk_size

    if games is not None:
        raise UsageError("--scheduler and --resume work with --hands runs, not --games")
    if resume is not None:
        out = resume
        hands, seed, rules, table, chunk_hands, records, command = _resumed_run(ctx, resume)
    else:
        command = reproduce_line(ctx)
        chunk_hands = batch or chunk_size(hands, records)
        if out is not None:
            try:
                prepare_chunked_folder(out, force)
            except RunFolderError as e:
                raise click.ClickException(str(e)) from None
    try:
        with progress_bar(silent, hands, "hands") as bar:
            cr = D.run_chunked(hands, seed, rules, table,
                               scheduler=None if scheduler == "threads" else scheduler,
                               chunk_hands=chunk_hands, threads=threads, run_dir=out,
                               records=records, progress=ticker(bar),
                               command=command)  # fmt: skip
        result = cr.result
        run = SIMULATE.of(result, **_fields(out, cr, records, command, scheduler or "threads",
                                              len(D.chunk_ranges(hands, chunk_hands))))
        if out is not None:
            # straight into the run's folder, each file atomically and the manifest last, so a
            # folder with a manifest is complete
            run.write_into(out)
    except KeyboardInterrupt as e:
        _interrupted(ctx, out, e)
    except (ValueError, RuntimeError) as e:
        raise click.ClickException(str(e)) from None
    except OSError as e:
        raise click.ClickException(f"--out {out}: cannot write there ({why(e)})") from None

    if as_json:
        click.echo(json.dumps(summary_json(result), indent=2))
    else:
        click.echo(run.text())
        if out is not None:
            click.echo(f"\nwrote {out}")


def _fields(out, cr, records, command, scheduler, chunks) -> dict:
    """A chunked run's manifest fields after its seed, rules, strategies, threads and wall."""
    result = cr.result
    parts = sorted(p.name for p in (out / "records").glob("part-*.parquet")) if records else []
    return dict(
        hands=result.hands,
        hands_per_s=result.hands_per_s,  # hands played by this call / its wall
        records={"parts": parts, "rows": result.hands} if records else None,
        command=command, scheduler=scheduler, chunk_hands=cr.chunk_hands, chunks=chunks,
        resumed_chunks=cr.resumed_chunks,
        workers={a: {"chunks": w["chunks"], "hands_per_s": w["hands_per_s"]}
                 for a, w in cr.workers.items()},
    )  # fmt: skip


__all__ = ["simulate_chunked"]
