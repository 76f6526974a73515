"""The ``compare-rules`` command: two rule sets on the same deals (the study
``analysis.studies.COMPARE_RULES``), written into a run folder; and the counts' checks it shares
with ``tournament`` and ``ladder`` (``paired_counts``).
"""

from __future__ import annotations

from pathlib import Path

import click

from analysis.cli.bounds import Count, check_counts, hands_rate, sure, yes_option
from analysis.cli.options import (
    NonEmptyPath,
    UsageError,
    check_at_least,
    check_seed,
    check_threads,
    open_folder,
    reproduce_line,
    run_or_fail,
    scheduler_option,
    stage_bars,
    strategy_options,
)


def _parse(option: str, spec: str):
    from sim import parse_rules

    try:
        return parse_rules(spec)
    except ValueError as e:
        raise click.ClickException(f"{option}: {e}") from None


def _rule_sets(a_spec, b_spec):
    """Rules A and B (B defaults to A with stick the dealer); they must differ."""
    rules_a = _parse("--a", a_spec)
    rules_b = _parse("--b", b_spec) if b_spec is not None else \
        rules_a.replace(stick_the_dealer=True)  # fmt: skip
    if rules_a == rules_b:
        raise UsageError(
            f"--a and --b are the same rules ({rules_a.describe()}): give two "
            "different rule sets, e.g. --a published --b stick-the-dealer"
        )
    return rules_a, rules_b


# memory a run keeps for each deal or game (``analysis.headtohead``: points by seating, their
# sums and sorts; ``analysis.compare.play``: each rule set's per-hand and per-game columns)
DEAL_BYTES, GAME_BYTES = 64, 320
PAIRED_HAND_BYTES, PAIRED_GAME_BYTES = 160, 64
FAST_DEALS = 10_000_000  # deals (a tenth as many games) that surely play in a minute


def paired_counts(hands, games, table, rules, threads, hand_bytes, game_bytes):
    """The ``--hands`` and ``--games`` of a run that plays each twice (two seatings, two rule
    sets) with ``table``."""
    return (Count("--hands", hands, "deals", 0, hand_bytes, sure(FAST_DEALS, table),
                  hands_rate(table, rules, threads=threads, per=2)),
            Count("--games", games, "games", 0, game_bytes, sure(FAST_DEALS // 10, table),
                  hands_rate(table, rules, games=True, threads=threads, per=2)))


@click.command("compare-rules")
@click.option("--hands", type=int, default=1_000_000, show_default=True,
              help="Paired hands (each played under both rule sets).")  # fmt: skip
@click.option("--games", type=int, default=100_000, show_default=True,
              help="Paired games to game_to (0: none).")  # fmt: skip
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@strategy_options
@click.option("--a", "a_spec", metavar="RULES", default="published", show_default=True,
              help="Rule set A: a preset and/or options, as for --rules.")  # fmt: skip
@click.option("--b", "b_spec", metavar="RULES", default=None,
              help="Rule set B (default: A with stick_the_dealer).")  # fmt: skip
@click.option("--out", type=NonEmptyPath(path_type=Path), required=True, metavar="DIR",
              help="Run folder for the CSVs, charts and manifest.")  # fmt: skip
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
@click.pass_context
@scheduler_option
def compare_rules(ctx, hands, games, seed, table, a_spec, b_spec, out, force, threads, silent,
                  yes, executor):
    """Compare two rule sets on the same deals (default: redeal vs stick the dealer).

    Hand i and game g are dealt identically under both rule sets, so every difference is
    paired: each is printed with its paired 95% interval and, for comparison, the unpaired one.
    Writes comparison.csv, makers.csv, win_probability.csv, verdicts.txt, charts (PNG and SVG)
    and manifest.json into DIR.

    \b
    Example:
        euchre-sim compare-rules --out runs/stick
        euchre-sim compare-rules --hands 200000 --games 20000 --seed 3 --out runs/stick
        euchre-sim compare-rules --a stick-the-dealer --b house --strategy aggressive --out runs/h
    """
    from analysis.studies import COMPARE_RULES

    check_at_least("--hands", hands, 2)
    if games < 0 or games == 1:
        raise click.ClickException(f"--games must be 0 (none) or at least 2, not {games}")
    check_threads(threads)
    check_seed(seed)
    rules_a, rules_b = _rule_sets(a_spec, b_spec)
    check_counts(*paired_counts(hands, games, table, rules_a, threads, PAIRED_HAND_BYTES,
                                 PAIRED_GAME_BYTES), yes=yes)
    folder = open_folder(out, force)
    command = reproduce_line(ctx)

    def work():
        result = COMPARE_RULES.run(hands, games, seed, rules_a, rules_b, table, threads=threads,
                                   executor=executor, progress=stage_bars(silent))
        result.write_into(folder.tmp, command=command)
        return result

    click.echo(run_or_fail(ctx, folder, work).text())
    click.echo(f"\nwrote {out}")


__all__ = ["compare_rules", "DEAL_BYTES", "GAME_BYTES", "FAST_DEALS", "paired_counts"]
