"""The ``tournament`` command: two strategies on the same deals, seats swapped (the study
``analysis.studies.TOURNAMENT``), a fixed number of deals and games or, with
``--until-significant``, deals until a sequential test decides; printed, as JSON, or written into a
run folder.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from analysis.cli.bounds import check_counts, yes_option
from analysis.cli.compare import DEAL_BYTES, GAME_BYTES, paired_counts
from analysis.cli.options import (
    EXAMPLES_NOTE,
    TYPED,
    NonEmptyPath,
    UsageError,
    check_seed,
    check_threads,
    open_folder,
    reproduce_line,
    rules_options,
    run_or_fail,
    scheduler_option,
    shows_progress,
    stage_bars,
)

SEQUENTIAL = ("bound", "alpha", "beta")


def _typed(ctx, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in TYPED


def _sequential_test(ctx, until, games, bound, alpha, beta) -> dict | None:
    """``--until-significant``'s test (None without it), its options checked."""
    if not until:
        given = [n for n in SEQUENTIAL if _typed(ctx, n)]
        if given:
            raise UsageError(f"--{given[0]} goes with --until-significant")
        return None
    if games and _typed(ctx, "games"):
        raise UsageError("--games does not go with --until-significant: the sequential test "
                         "plays deals (--hands is its cap)")  # fmt: skip
    if not (math.isfinite(bound) and bound > 0):
        raise click.BadParameter(f"the margin must be above 0 points a hand, not {bound}",
                                 param_hint="'--bound'")  # fmt: skip
    for name, v in (("alpha", alpha), ("beta", beta)):
        if not 0 < v < 0.5:
            raise click.BadParameter(f"an error rate between 0 and 0.5, not {v}",
                                     param_hint=f"'--{name}'")  # fmt: skip
    return {"bound": bound, "alpha": alpha, "beta": beta}


def _look_line(silent: bool):
    """``on_look`` for a terminal: one line on stderr, rewritten at each look (None elsewhere)."""
    if not shows_progress(silent):
        return None

    def show(e):
        interval = "" if math.isnan(e["low"]) else f" [{e['low']:+.4f}, {e['high']:+.4f}]"
        click.echo(f"\r{e['deals']:,} deals, {e['share']:.1%} differ, margin {e['margin']:+.4f}"
                   f"{interval}, ratios A {e['llr_a']:+.2f} B {e['llr_b']:+.2f} "
                   f"({e['seconds']:.0f} s)\x1b[K", nl=False, err=True)  # fmt: skip

    return show


@click.command(epilog=EXAMPLES_NOTE)
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--games", type=int, default=20_000, show_default=True,
              help="Games to game_to, each played from both seats (0: none; none with "
                   "--until-significant).")  # fmt: skip
@click.option("--hands", type=int, default=200_000, show_default=True,
              help="Deals, each played from both seats (0: none); with --until-significant, "
                   "the most deals to play.")  # fmt: skip
@click.option("--until-significant", "until", is_flag=True,
              help="Play deals in growing batches until a sequential test (SPRT) says A or B is "
                   "better, or neither by --bound; --hands is the cap.")  # fmt: skip
@click.option("--bound", type=float, default=0.01, show_default=True,
              help="With --until-significant: the margin in points a hand that counts as a "
                   "difference.")  # fmt: skip
@click.option("--alpha", type=float, default=0.05, show_default=True,
              help="With --until-significant: the chance of declaring a difference when there "
                   "is none.")  # fmt: skip
@click.option("--beta", type=float, default=0.05, show_default=True,
              help="With --until-significant: the chance of missing a margin of --bound.")
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@rules_options
@click.option("--out", type=NonEmptyPath(path_type=Path), default=None, metavar="DIR",
              help="Write a run folder: CSVs, chart (PNG and SVG), manifest.json.")  # fmt: skip
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
@click.pass_context
@scheduler_option
def tournament(ctx, a, b, games, hands, until, bound, alpha, beta, seed, rules, out, force,
               as_json, threads, silent, yes, executor):
    """Strategy A against strategy B on the same deals, seats swapped.

    A and B are built-in names, TOML files, code strategies (FILE.py:Name with Numba hooks)
    or outside bots: FILE.py:Class, a Python class with act(view) returning one of view.legal
    (examples/bot.py shows the protocol), played through the rules referee at Python speed
    on the same deals (a few hundred hands a second a core).  Each deal (and each game) is
    played twice, A as team 0 and then as team 1, so the luck of the cards cancels; prints the
    game win rate and points per hand with 95% intervals.

    With --until-significant the deals are played in growing batches, and after each a
    sequential probability ratio test on the per-deal margins (two-sided: margin 0 against
    +/- --bound) stops the match once A or B is shown better, or neither by --bound, or at the
    --hands cap.  Only the deals the two play differently count (the others add 0); it prints
    the deals played, the share that differed and the margin with its 95% interval.  Ctrl-C
    prints what the finished batches showed.

    \b
    Example:
        euchre-sim tournament basic aggressive
        euchre-sim tournament tuned basic --until-significant
        euchre-sim tournament pimc tuned --until-significant --bound 0.02 --hands 50000
        euchre-sim tournament basic examples/strategies/lighter-dealer-partner.toml --games 50000
        euchre-sim tournament tuned examples/bot.py:TrumpCounter --hands 2000 --games 200
        euchre-sim tournament basic conservative --rules house --out runs/tour
        euchre-sim tournament pimc basic --hands 20000 --games 2000 --out runs/pimc
    """
    from analysis.headtohead import MOST_BATCH
    from analysis.studies import TOURNAMENT
    from analysis.text.headtohead import tournament_json
    from sim import Table, load_strategy

    test = _sequential_test(ctx, until, games, bound, alpha, beta)
    games = 0 if test else games
    if games < 0 or hands < 0 or (games == 0 and hands == 0):
        raise click.ClickException("give --games and/or --hands of at least 1")
    if hands == 1 or games == 1:
        raise click.ClickException("--games and --hands need at least 2 for an interval")
    check_threads(threads)
    check_seed(seed)
    try:
        sa, sb = load_strategy(a), load_strategy(b)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    # a sequential match keeps one batch of deals at a time
    per_deal = (lambda n: DEAL_BYTES * min(n, MOST_BATCH)) if test else DEAL_BYTES
    check_counts(*paired_counts(hands, games, Table((sa, sb, sa, sb)), rules, threads,
                                per_deal, GAME_BYTES), yes=yes)  # fmt: skip
    folder = open_folder(out, force) if out is not None else None

    def show(result):
        seconds = result.timings.get("play")
        click.echo(json.dumps(tournament_json(result.tables, seconds), indent=2) if as_json
                   else result.text())  # fmt: skip

    def work():
        look = _look_line(silent) if test else None
        result = TOURNAMENT.run(sa, sb, hands, games, seed, rules, until=test, on_look=look,
                                threads=threads, executor=executor,
                                progress=stage_bars(silent))  # fmt: skip
        if look is not None and result.detail.looks:
            click.echo(err=True)
        if result.detail is not None and result.detail.interrupt is not None:
            show(result)       # what the finished batches showed; the folder is not written
            sys.stdout.flush()
            raise result.detail.interrupt
        if folder is not None:
            result.write_into(folder.tmp, command=reproduce_line(ctx))
        return result

    show(run_or_fail(ctx, folder, work))
    if out is not None:
        click.echo(f"\nwrote {out}", err=as_json)


__all__ = ["tournament"]
