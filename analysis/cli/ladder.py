"""The ``ladder`` command: a round robin of strategies on paired deals and games, with ratings
on one scale (the study ``analysis.studies.LADDER``), written into a run folder."""

from __future__ import annotations

from pathlib import Path

import click

from analysis.cli.bounds import Count, check_counts, rate_of, sure, yes_option
from analysis.cli.compare import DEAL_BYTES, FAST_DEALS, GAME_BYTES
from analysis.cli.options import (
    EXAMPLES_NOTE,
    NonEmptyPath,
    check_seed,
    check_threads,
    open_folder,
    reproduce_line,
    rules_options,
    run_or_fail,
    scheduler_option,
    stage_bars,
)


@click.command(epilog=EXAMPLES_NOTE)
@click.argument("strategies", nargs=-1, metavar="[STRATEGY ...]")
@click.option("--hands", type=int, default=100_000, show_default=True,
              help="Deals per pair, each played from both seats.")
@click.option("--games", type=int, default=10_000, show_default=True,
              help="Games to game_to per pair, each played from both seats.")
@click.option("--slow-hands", type=int, default=2_000, show_default=True,
              help="Deals per pair that includes a pimc player.")
@click.option("--slow-games", type=int, default=200, show_default=True,
              help="Games per pair that includes a pimc player.")
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@rules_options
@click.option("--out", type=NonEmptyPath(path_type=Path), default=None, metavar="DIR",
              help="Write a run folder: pairs.csv, ratings.csv, ladder chart, manifest.json.")
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
@click.pass_context
@scheduler_option
def ladder(ctx, strategies, hands, games, slow_hands, slow_games, seed, rules, out, force,
           threads, silent, yes, executor):
    """A round robin of strategies, with ratings on one scale.

    Each pair plays the same deals and games, each from both seats; ratings are fitted to all
    pairs: points a hand (least squares on the margins) and Elo (Bradley-Terry on the games),
    basic = 0, with 95% intervals.  Without STRATEGY: the built-ins random, trump-count,
    conservative, aggressive, basic, tuned, equilibrium (where the rules have a committed
    equilibrium table) and pimc (pimc's pairs use --slow-hands and --slow-games), less any
    that does not play the rules (said on stderr).

    \b
    Example:
        euchre-sim ladder
        euchre-sim ladder basic tuned aggressive --hands 1000000 --games 100000
        euchre-sim ladder basic examples/strategies/ace-lover.toml --out runs/ladder
    """
    from analysis.ladder import default_ladder, left_out
    from analysis.studies import LADDER
    from sim import load_strategy

    check_seed(seed)
    check_threads(threads)
    names = strategies or default_ladder(rules)
    try:
        players = [load_strategy(s) for s in names]
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    for p in players:
        why = p.player.refusal(rules)
        if why:
            raise click.ClickException(f"{p.name}: {why}")
    if not strategies:
        for name, why in left_out(rules).items():
            click.echo(f"ladder: {name} left out ({why})", err=True)
    check_counts(*_counts(players, hands, games, slow_hands, slow_games, rules, threads), yes=yes)
    folder = open_folder(out, force) if out is not None else None

    def work():
        result = LADDER.run(players, hands, games, seed, rules, slow_hands=slow_hands,
                            slow_games=slow_games, threads=threads, executor=executor,
                            progress=stage_bars(silent))  # fmt: skip
        if folder is not None:
            result.write_into(folder.tmp, command=reproduce_line(ctx))
        return result

    click.echo(run_or_fail(ctx, folder, work).text())
    if out is not None:
        click.echo(f"\nwrote {out}")


def _counts(players, hands, games, slow_hands, slow_games, rules, threads):
    """The four counts of a ladder.  Each pair plays its deals (and games) from both seats, a
    pair with a searching player ``--slow-hands`` (``--slow-games``); a pair's hand takes about
    the mean of its two strategies' (each timed by a warm-up at all four seats)."""
    import itertools

    from analysis.ladder import is_slow

    pairs = list(itertools.combinations(players, 2))
    chosen = {k: [p for p in pairs if (is_slow(p[0]) or is_slow(p[1])) == k] for k in (0, 1)}

    def count(option, n, in_games, searching):
        mine = chosen[searching]
        fast = FAST_DEALS // (10 if in_games else 1) // max(len(mine), 1)
        return Count(option, n, "games" if in_games else "deals", 2,
                     GAME_BYTES if in_games else DEAL_BYTES, sure(fast, *itertools.chain(*mine)),
                     _pairs_rate(mine, rules, in_games, threads))

    return (count("--hands", hands, False, 0), count("--games", games, True, 0),
            count("--slow-hands", slow_hands, False, 1), count("--slow-games", slow_games, True, 1))


def _pairs_rate(pairs, rules, games, threads):
    """An estimate of deals (games) a pair for ``pairs``: each strategy played as often as the
    pairs seat it (a deal of a pair, from both seats, is a hand of each of its two)."""
    from collections import Counter

    from sim import Table, simulate, simulate_games

    seated = Counter(s.name for p in pairs for s in p)
    by_name = {s.name: s for p in pairs for s in p}

    def play(k):
        for name, times in seated.items():
            run = simulate_games if games else simulate
            run(k * times, 1, rules, Table((by_name[name],) * 4), threads=threads)

    return rate_of(play, 4 if games else 64) if pairs else None


__all__ = ["ladder"]
