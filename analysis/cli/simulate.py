"""The ``simulate`` command: play hands (or whole games) and print the headline statistics.

``--out DIR`` writes a run folder (``analysis.studies.SIMULATE``) atomically through
``sim.run.folders.RunFolder``; ``--scheduler``/``--resume`` play the run in resumable chunks
(``analysis.cli.chunked``).  The engine (numba) is imported inside the command so ``--help``
stays quick.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from analysis.cli.bounds import check_count, hands_rate, sure
from analysis.cli.options import (
    NonEmptyPath,
    UsageError,
    check_at_least,
    check_seed,
    check_threads,
    open_folder,
    reproduce_line,
    rules_options,
    run_or_fail,
    stage_bars,
    strategy_options,
)


@click.command()
@click.option(
    "--hands", type=int, default=1_000_000, show_default=True, help="Number of hands to play."
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="Run seed (hand i is dealt from seed and i).",
)
@rules_options
@strategy_options
@click.option(
    "--games",
    type=int,
    default=None,
    metavar="M",
    help="Play M whole games to game_to instead of single hands.",
)
@click.option(
    "--records", is_flag=True, help="Also write one row per hand or game (needs --out)."
)
@click.option(
    "--out",
    type=NonEmptyPath(path_type=Path, dir_okay=True, file_okay=True),
    default=None,
    metavar="DIR",
    help="Write a run folder: manifest.json, summary.csv, records/part-*.parquet.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--batch", type=int, default=None, hidden=True,
              help="Hands per kernel call (with --scheduler: hands per chunk).")
@click.option(
    "--scheduler",
    metavar="ADDR",
    default=None,
    help="Play the run in chunks: on a Dask cluster (tcp://HOST:PORT), on N local worker "
    "processes (local:N), or on this process's threads (threads); with --out the run folder "
    "keeps each finished chunk, so --resume can finish an interrupted run.",
)
@click.option(
    "--resume",
    type=NonEmptyPath(path_type=Path, file_okay=False),
    default=None,
    metavar="DIR",
    help="Finish the interrupted chunked run in DIR (its options come from DIR/run.json).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--silent", is_flag=True, help="No progress bar.")
@click.option("--yes", is_flag=True,
              help="Start a run estimated to take over an hour (estimated from a warm-up).")
@click.pass_context
def simulate(
    ctx, hands, seed, rules, table, games, records, out, force, threads, batch, scheduler,
    resume, as_json, silent, yes
):
    """Play --hands hands and print the headline statistics with 95% intervals.

    Hand i of a run is dealt from (seed, i), so the same seed gives the same numbers whatever
    the thread count, and runs that differ only in rules or strategies see the same deals.

    \b
    Example:
        euchre-sim simulate --hands 1000000 --seed 1
        euchre-sim simulate --hands 200000 --rules house --team0 aggressive --team1 basic
        euchre-sim simulate --stick-the-dealer --records --out runs/std --silent
        euchre-sim simulate --games 100000 --rules game_to=7
        euchre-sim simulate --hands 2000 --team0 pimc:worlds=200 --team1 basic
        euchre-sim simulate --hands 1000000000 --scheduler tcp://10.0.0.5:8786 --out runs/big
        euchre-sim simulate --resume runs/big --scheduler local:2
    """
    check_at_least("--games", games)
    if games is not None and ctx.get_parameter_source("hands").name != "DEFAULT":
        raise UsageError("give --hands or --games, not both")
    check_at_least("--hands", hands)
    check_threads(threads)
    check_at_least("--batch", batch)
    check_seed(seed)
    if records and out is None:
        raise UsageError("--records needs --out DIR")
    if resume is None and scheduler in (None, "threads"):
        _check_duration(games or hands, games is not None, rules, table, records, threads, yes)
    if resume is not None or scheduler is not None:
        from analysis.cli.chunked import simulate_chunked

        return simulate_chunked(ctx, hands, seed, rules, table, games, records, out, force,
                                threads, batch, scheduler, resume, as_json, silent)  # fmt: skip
    run = (ctx, seed, rules, table, records, out, force, threads, as_json, silent)
    if games is not None:
        return _simulate_games(games, *run)
    return _simulate_hands(hands, batch, *run)


ESTIMATE_FROM = 20_000_000  # hands (or a tenth as many games) worth a warm-up and an estimate


def _check_duration(count, games, rules, table, records, threads, yes) -> None:
    """For a long run: the estimated time on stderr; past an hour refuse without --yes
    (``analysis.cli.bounds``)."""
    fast = ESTIMATE_FROM // 10 if games else ESTIMATE_FROM
    check_count("--games" if games else "--hands", count, unit="games" if games else "hands",
                sure=sure(fast, table) - 1, yes=yes,
                estimate=hands_rate(table, rules, games=games, records=records, threads=threads),
                hint=" (or a resumable run on more machines with --scheduler)")


# advice for next time after an interrupted plain ``--out`` run (which leaves nothing)
RESUMABLE_HINT = ("a plain --out run is kept only when complete; next time, add --scheduler "
                  "threads to save the run chunk by chunk, so that 'euchre-sim simulate "
                  "--resume DIR' can finish an interrupted one")


def _simulate_hands(hands, batch, ctx, seed, rules, table, records, out, force, threads,
                    as_json, silent):
    """``simulate --hands``: the summary, by position, and (with --out) the run folder."""
    from analysis.studies import SIMULATE

    # the folder opens after the imports (seconds on a busy machine), just before run_or_fail,
    # which says what an interrupt (Ctrl-C, SIGTERM) left: one in between was "Aborted!", exit 1
    folder = open_folder(out, force) if out is not None else None

    def work():
        result = SIMULATE.run(hands, seed, rules, table, records=records,
                              records_dir=folder.tmp if records else None, threads=threads,
                              batch=batch, progress=stage_bars(silent))  # fmt: skip
        if folder is not None:
            result.write_into(folder.tmp, command=reproduce_line(ctx))
        return result

    _show(run_or_fail(ctx, folder, work, RESUMABLE_HINT), out, as_json)


def _simulate_games(games, ctx, seed, rules, table, records, out, force, threads, as_json,
                    silent):
    """``simulate --games``: per-game results, the win-probability table, game records."""
    from analysis.studies import SIMULATE_GAMES

    folder = open_folder(out, force) if out is not None else None   # after the imports, as above

    def work():
        result = SIMULATE_GAMES.run(games, seed, rules, table, records=records,
                                    threads=threads, progress=stage_bars(silent))
        if folder is not None:
            result.write_into(folder.tmp, command=reproduce_line(ctx))
        return result

    _show(run_or_fail(ctx, folder, work), out, as_json)


def _show(result, out, as_json) -> None:
    """The run's summary (``--json``: as JSON), and where it was written."""
    from analysis.text.summary import games_json, summary_json

    if as_json:
        as_data = games_json if result.study.name == "simulate --games" else summary_json
        click.echo(json.dumps(as_data(result.detail), indent=2))
        return
    click.echo(result.text())
    if out is not None:
        click.echo(f"\nwrote {out}")


__all__ = ["simulate"]
