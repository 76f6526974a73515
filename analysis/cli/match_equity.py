"""The ``match-equity`` command: P(the dealing team wins the game) from every score (the study
``analysis.studies.MATCH_EQUITY``), printed as a grid and, with ``--out``, written into a run
folder (CSV, heatmap, manifest)."""

from __future__ import annotations

from pathlib import Path

import click

from analysis.cli.bounds import Count, check_counts, hands_rate, sure, yes_option
from analysis.cli.options import (
    NonEmptyPath,
    check_at_least,
    check_seed,
    check_threads,
    open_folder,
    reproduce_line,
    rules_options,
    run_or_fail,
    scheduler_option,
    stage_bars,
    strategy_options,
)

FAST_GAMES = 100_000       # games a score that surely play in a minute (all scores together)
FAST_HANDS = 2_000_000     # hands a pair of scores that surely play in a minute


def _counts(games, hands, table, rules, threads):
    cells = rules.game_to ** 2
    pairs = rules.game_to * (rules.game_to + 1) // 2
    return (Count("--games", games, "games", 2, 0, sure(FAST_GAMES, table),
                  hands_rate(table, rules, games=True, threads=threads, per=cells)),
            Count("--hands", hands or None, "hands", 2, 0, sure(FAST_HANDS, table),
                  hands_rate(table, rules, threads=threads, per=pairs)))


@click.command("match-equity")
@click.option("--games", type=int, default=100_000, show_default=True,
              help="Games started at each score (a game to 10 has 100 scores).")
@click.option("--hands", type=int, default=1_000_000, show_default=True,
              help="Hands at each pair of scores, for the check by the game's recursion "
                   "(0: no check).")
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@rules_options
@strategy_options(default="equilibrium")
@click.option("--out", type=NonEmptyPath(path_type=Path), default=None, metavar="DIR",
              help="Write a run folder: match_equity.csv, the checks, the heatmap (PNG and "
                   "SVG), manifest.json.")
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
@click.pass_context
@scheduler_option
def match_equity(ctx, games, hands, seed, rules, table, out, force, threads, silent, yes,
                 executor):
    """The match-equity table: P(the dealing team wins the game) from every score.

    Plays --games games from each score of a game to 5, 7 or 10 (--rules game_to=N), the
    dealing team holding the first number, and counts the share it won (95% Wilson
    intervals). Independently, --hands hands at each score give one hand's outcomes, from
    which the game's recursion gives the table again: the two must agree within their
    intervals. Default players: the equilibrium's bidding (with tuned's card play) at every
    seat. Beside ours, a published heuristic simulator's figures (0-0 and 9-9).

    \b
    Example:
        euchre-sim match-equity
        euchre-sim match-equity --rules game_to=5 --strategy tuned
        euchre-sim match-equity --stick-the-dealer --games 400000 --out runs/me-stick
    """
    from analysis.studies.match_equity import MATCH_EQUITY

    check_at_least("--games", games, 2)
    if hands < 0 or hands == 1:
        raise click.ClickException(f"--hands must be 0 (no check) or at least 2, not {hands}")
    check_threads(threads)
    check_seed(seed)
    check_counts(*_counts(games, hands, table, rules, threads), yes=yes)
    folder = open_folder(out, force) if out is not None else None

    def work():
        result = MATCH_EQUITY.run(games, hands, seed, rules, table, threads=threads,
                                  executor=executor, progress=stage_bars(silent))
        if folder is not None:
            result.write_into(folder.tmp, command=reproduce_line(ctx))
        return result

    click.echo(run_or_fail(ctx, folder, work).text())
    if out is not None:
        click.echo(f"\nwrote {out}")


__all__ = ["match_equity"]
