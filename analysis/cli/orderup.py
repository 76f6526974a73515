"""The ``order-up`` and ``alone`` commands: observed bidding rates and paired counterfactuals
(the studies ``analysis.studies.ORDER_UP`` and ``ALONE``), their tables and charts written into
a results folder.

Output goes into ``DIR.tmp-<pid>`` and is renamed to ``DIR`` only when complete
(``sim.run.folders.RunFolder``), so an error or Ctrl-C leaves nothing behind; without ``--out`` the
headline is printed and the tables are not kept.
"""

from __future__ import annotations

from pathlib import Path

import click

from analysis.cli.bounds import Count, check_counts, rate_of, sure, yes_option
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


def _check(hands, deals, threads, seed, score, rules, table, play):
    """Check the options; returns the score as (us, them) or None."""
    check_at_least("--hands", hands)
    check_at_least("--deals", deals)
    check_threads(threads)
    check_seed(seed)
    from analysis.orderup import check_play

    try:
        check_play(play, rules, table)
    except ValueError as e:
        raise click.ClickException(f"--play {play}: {e}") from None
    if score is not None and play == "perfect":
        raise click.ClickException("--score cannot go with --play perfect: perfect play "
                                   "maximises points, not the chance of winning the game")
    if score is None:
        return None
    from analysis.win_model import parse_score

    try:
        return parse_score(score, rules.game_to)
    except ValueError as e:
        raise click.ClickException(f"--score: {e}") from None


def _run(ctx, kind, hands, deals, seed, rules, table, threads, out, force, silent, executor,
         play, yes, score=None):
    score = _check(hands, deals, threads, seed, score, rules, table, play)
    from analysis.studies import STUDIES

    check_counts(*_counts(STUDIES[kind], hands, deals, seed, rules, table, play, score, threads),
                 yes=yes)
    folder = open_folder(out, force) if out is not None else None

    def work():
        result = STUDIES[kind].run(hands, deals, seed, rules, table, play=play, score=score,
                                   threads=threads, executor=executor,
                                   progress=stage_bars(silent))  # fmt: skip
        if folder is not None:
            result.write_into(folder.tmp, command=reproduce_line(ctx))
        return result

    result = run_or_fail(ctx, folder, work)
    click.echo(result.text())
    if out is not None:
        click.echo(f"\nwrote {out} ({sum(result.timings.values()):.1f} s)")


# hands (deals a position) that surely play in a minute under the strategy's play; perfect play
# is about a hundred times slower
FAST_HANDS, FAST_DEALS, PERFECT_SHARE = 20_000_000, 1_000_000, 100


def _counts(study, hands, deals, seed, rules, table, play, score, threads):
    """``--hands`` and ``--deals``, each timed by a warm-up of the study itself with the other
    count at 1 (its fixed cost falls out of ``warm_rate``'s difference)."""
    share = PERFECT_SHARE if play == "perfect" else 1

    def run(h, d):
        study.run(h, d, seed, rules, table, play=play, score=score, threads=threads)

    return (Count("--hands", hands, "hands", sure=sure(FAST_HANDS // share, table),
                  estimate=rate_of(lambda k: run(k, 1), 1024)),
            Count("--deals", deals, "deals a position", sure=sure(FAST_DEALS // share, table),
                  estimate=rate_of(lambda k: run(1, k), 64)))


def _common_options(f):
    for option in (
        yes_option,
        scheduler_option,
        click.option("--silent", is_flag=True, help="No progress bars."),
        click.option("--force", is_flag=True, help="Overwrite an existing results folder."),
        click.option("--out", type=NonEmptyPath(path_type=Path, file_okay=True, dir_okay=True),
                     default=None, metavar="DIR",
                     help="Results folder to write (CSV tables, PNG/SVG charts, manifest.json); "
                     "without it the headline is printed and nothing is kept."),
        click.option("--threads", type=int, default=None, metavar="K", help="Threads."),
        click.option("--play", type=click.Choice(("strategy", "perfect")), default="strategy",
                     show_default=True,
                     help="How the hands are played after the bidding: as the strategy plays "
                     "them, or 'perfect': every card seen and played perfectly (the double-"
                     "dummy solver), the dealer's discard too; the bidding stays the "
                     "strategy's. Slower (about 10,000 paired deals a second)."),
        strategy_options,
        rules_options,
        click.option("--seed", type=int, default=1, show_default=True, help="Run seed."),
        click.option("--deals", type=int, default=200_000, show_default=True, metavar="M",
                     help="Paired deals per position for the counterfactual (forced) runs."),
        click.option("--hands", type=int, default=1_000_000, show_default=True, metavar="N",
                     help="Hands for the observed rates."),
    ):  # fmt: skip
        f = option(f)
    return f


@click.command("order-up")
@_common_options
@click.option(
    "--score",
    default=None,
    metavar="US-THEM",
    help="Also the change in game win probability at this score, the deciding player's team "
    "first (e.g. 6-8; both 0 to game_to - 1): writes win_probability_gain_by_*.csv.",
)
@click.pass_context
def order_up(ctx, hands, deals, seed, rules, table, threads, out, force, silent, score,
             play, executor, yes):
    """When should you order up? Observed rates and paired EV(order) - EV(pass) tables.

    Plays --hands hands to tally how often the strategy ordered up or called per position and
    hand class and how it fared; then, for each position, plays the same deals with that
    player's round-1 decision forced to order up and to pass until --deals deals reached him,
    and reports the paired gain in points per hand for his team with 95% intervals.  Prints
    the headline table and, with --out, writes CSV tables, PNG/SVG charts and manifest.json
    into DIR.

    With --score US-THEM the same comparison is played again with every hand at that game
    score (his team's score first) and the paired change in his team's game win probability
    is reported (win-probability table from simulated games; its own noise is not in the
    interval).

    With --play perfect the bidding is still the strategy's, but every hand (observed and
    paired) is then played with all cards seen and perfectly by all four players, the
    dealer's discard included, and scores the solver's value; the tables gain play=perfect.

    \b
    Example:
        euchre-sim order-up --hands 1000000 --deals 200000 --out results/my-orderup
        euchre-sim order-up --strategy aggressive --rules stick_the_dealer --out runs/std --silent
        euchre-sim order-up --deals 100000 --score 8-9 --out runs/at-8-9
        euchre-sim order-up --play perfect --hands 100000 --deals 50000 --out runs/perfect
    """
    _run(ctx, "order-up", hands, deals, seed, rules, table, threads, out, force, silent,
         executor, play, yes, score)  # fmt: skip


@click.command("alone")
@_common_options
@click.pass_context
def alone(ctx, hands, deals, seed, rules, table, threads, out, force, silent, play, executor,
          yes):
    """When should you go alone? Paired EV(alone) - EV(partner) and march rates by hand class.

    Like 'order-up', but the forced round-1 decision is ordering up alone against ordering up
    with partner.  Prints the headline table and, with --out, writes CSV tables, PNG/SVG
    charts and manifest.json into DIR.

    \b
    Example:
        euchre-sim alone --hands 200000 --deals 50000
        euchre-sim alone --hands 1000000 --deals 200000 --out results/my-alone
        euchre-sim alone --rules house --deals 100000 --out runs/alone-house --silent
        euchre-sim alone --play perfect --hands 100000 --deals 50000 --out runs/alone-perfect
    """
    _run(ctx, "alone", hands, deals, seed, rules, table, threads, out, force, silent, executor,
         play, yes)


__all__ = ["order_up", "alone"]
