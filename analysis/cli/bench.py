"""``euchre-sim bench``: measured speed of the kernel and the referee (``analysis/bench.py``)."""

from __future__ import annotations

import json

import click

from analysis.bench import run_bench
from analysis.text.bench import format_bench


@click.command()
@click.option("--hands", type=click.IntRange(min=1000), default=4_000_000, show_default=True,
              help="Hands per timed run (records mode uses half).")
@click.option("--repeats", type=click.IntRange(min=1), default=3, show_default=True,
              help="Timed runs per figure; the best is kept.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--silent", is_flag=True, help="No per-figure progress lines.")
@click.option("--web-cold", is_flag=True,
              help="Only the web application's cold start: `serve` started with empty caches "
                   "and asked as a player asks (the first page, a game playable, the first "
                   "move, the first hint, the advisor's first answers, all compiled), then each "
                   "answer again warm, --repeats times (the slowest kept).")
def bench(hands, repeats, as_json, silent, web_cold):
    """Measure hands per second: basic and random, aggregate and records, 1 and all threads.

    Every figure is also given as a multiple of the pure-Python referee's replay speed measured
    in the same run, since shared machines are noisy.

    \b
    Example:
        euchre-sim bench
        euchre-sim bench --hands 1000000 --json
        euchre-sim bench --web-cold
    """
    if web_cold:
        _web_cold(repeats, as_json)
        return

    def progress(row):
        if not silent:
            click.echo(
                f"  {row['strategy']:<7} {row['mode']:<9} threads={row['threads']}: "
                f"{row['hands_per_s']:,.0f} hands/s",
                err=True,
            )

    result = run_bench(hands, repeats, progress=progress)
    try:                                    # the web application's rows, with the web extra
        from analysis.web.bench import web_rows
    except ImportError:
        pass
    else:
        result["web"] = web_rows()
    click.echo(json.dumps(result, indent=2) if as_json else format_bench(result))


def _web_cold(repeats: int, as_json: bool) -> None:
    try:
        from analysis.web.bench import cold_figures
    except ImportError as e:
        raise click.ClickException(f"--web-cold needs the web extra ({e.name} is missing): "
                                   "python3 -m pip install 'euchre-sim[web]'") from None
    from analysis.text.bench import format_web_cold

    cold = cold_figures(later=repeats)
    click.echo(json.dumps(cold, indent=2) if as_json else "\n".join(format_web_cold(cold)))
