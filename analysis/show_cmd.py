"""The ``show`` command: one hand of a run as it was dealt, bid and played
(``analysis.hand_text``), or its JSON record."""

from __future__ import annotations

import json

import click

from analysis.options import check_seed, rules_options, strategy_options


def _strategies_text(table) -> str:
    d = table.describe()
    if d["team0"] == d["team1"]:
        return f"{d['team0']} (both teams)"
    return f"team 0 {d['team0']}, team 1 {d['team1']}"


@click.command()
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@click.option("--hand", "index", type=int, required=True, metavar="I", help="Hand number (0 up).")
@rules_options
@strategy_options
@click.option("--json", "as_json", is_flag=True, help="Print the hand record as JSON.")
def show(seed, index, rules, table, as_json):
    """Show hand I of a run as it was dealt, bid and played.

    The hand is exactly the one 'simulate' with the same seed, rules and strategies counted.
    With --json it prints the hand record, which 'replay' accepts.

    \b
    Example:
        euchre-sim show --seed 1 --hand 42
        euchre-sim show --seed 1 --hand 42 --rules house --json
    """
    if index < 0:
        raise click.ClickException(f"--hand must be 0 or more, not {index}")
    check_seed(seed)
    from analysis.hand_text import format_hand
    from sim.runner import trace

    try:
        record = trace(seed, [index], rules, table)[0]
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(json.dumps({**record, "note": f"seed {seed}, hand {index}"}))
        return
    title = (
        f"hand {index} of seed {seed}: {rules.describe()}; strategies: {_strategies_text(table)}"
    )
    click.echo(format_hand(record, rules, title))


__all__ = ["show"]
