"""The ``report`` command: one self-contained HTML file from run folders
(``analysis.report``)."""

from __future__ import annotations

from pathlib import Path

import click

from analysis.cli.options import NonEmptyPath


@click.command()
@click.argument("run_dirs", nargs=-1, required=True, metavar="RUN_DIR...",
                type=NonEmptyPath(path_type=Path))  # fmt: skip
@click.option("--out", type=NonEmptyPath(path_type=Path, dir_okay=False), required=True,
              metavar="FILE.html", help="The HTML file to write.")  # fmt: skip
@click.option("--title", default="euchre-sim report", show_default=True, help="Page title.")
@click.option("--force", is_flag=True, help="Overwrite an existing FILE.html.")
@click.option("--others", "others", multiple=True, type=NonEmptyPath(path_type=Path),
              metavar="RUN_DIR",
              help="A run folder whose answers follow the others' in a section of their own, "
                   "one link away (the same questions under other players, say); repeat it "
                   "for more.")  # fmt: skip
def report(run_dirs, out, title, force, others):
    """One self-contained HTML report (charts embedded, no network needed) from run folders.

    Accepts the folders written by compare-rules, tournament, simulate --out, order-up and
    alone: each needs a manifest.json; its charts, tables, verdicts and manifest go in.

    \b
    Example:
        euchre-sim report results/equilibrium/orderup results/equilibrium/alone \\
            --others results/orderup --others results/alone --out report.html
    """
    from analysis.report import ReportError, unique_folders, write_report

    try:
        size = write_report(run_dirs, out, title, force=force, others=others)
    except ReportError as e:
        raise click.ClickException(str(e)) from None
    n = len(unique_folders([*run_dirs, *others]))
    click.echo(f"wrote {out} ({size / 1e6:.2f} MB, {n} run folder{'s' if n != 1 else ''})")


__all__ = ["report"]
