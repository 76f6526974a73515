"""The ``report`` command: one self-contained HTML file from run folders
(``analysis.report``)."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("run_dirs", nargs=-1, required=True, metavar="RUN_DIR...",
                type=click.Path(path_type=Path))  # fmt: skip
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), required=True,
              metavar="FILE.html", help="The HTML file to write.")  # fmt: skip
@click.option("--title", default="euchre-sim report", show_default=True, help="Page title.")
def report(run_dirs, out, title):
    """One self-contained HTML report (charts embedded, no network needed) from run folders.

    Accepts the folders written by compare-rules, tournament, simulate --out, order-up and
    alone: each needs a manifest.json; its charts, tables, verdicts and manifest go in.

    \b
    Example:
        euchre-sim report results/compare results/orderup results/alone --out report.html
    """
    from analysis.report import ReportError, write_report

    try:
        size = write_report(run_dirs, out, title)
    except ReportError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"wrote {out} ({size / 1e6:.2f} MB, {len(run_dirs)} run folder"
               f"{'s' if len(run_dirs) != 1 else ''})")  # fmt: skip


__all__ = ["report"]
