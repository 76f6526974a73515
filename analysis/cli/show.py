"""The ``show`` command: one hand of a run as it was dealt, bid and played
(``analysis.text.hand``), or its JSON record, or its PTN record (``sim.write_ptn``)."""

from __future__ import annotations

import json

import click

from analysis.cli.options import check_seed, rules_options, strategy_options


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
@click.option("--ptn", "as_ptn", is_flag=True,
              help="Print the hand as a PTN record, the text Trickster Cards exports and reads "
                   "(FORMATS.md); grade and replay read it too.")
@click.option("--review", is_flag=True,
              help="Also value every card with the double-dummy solver (perfect play, every "
                   "card seen) and mark the cards that lost value.")
def show(seed, index, rules, table, as_json, as_ptn, review):
    """Show hand I of a run as it was dealt, bid and played.

    The hand is exactly the one 'simulate' with the same seed, rules and strategies counted.
    With --json it prints the hand record, which 'replay' accepts; with --ptn the same hand
    as a PTN record (Trickster Cards' text: seats S, W, N, E are 0, 1, 2, 3; the rules in its
    GameOptionsJson), which 'replay' and 'grade' read too.

    With --review it then lists every card with the hand's perfect value (points to the
    makers when all four play perfectly with every card seen) before and after it; a card that
    lost value for its side is marked ! with the points lost and the best cards. The makers'
    losses minus the defenders' equal the value when play began minus the points scored. With
    --json the answer is {"record": ..., "review": {"start", "end", "makers_lost",
    "defenders_lost", "plays": [...]}}. The solver compiles on its first use (a minute or two).

    \b
    Example:
        euchre-sim show --seed 1 --hand 42
        euchre-sim show --seed 1 --hand 42 --rules house --json
        euchre-sim show --seed 1 --hand 7 --review
        euchre-sim show --seed 1 --hand 42 --rules house --ptn > hand42.ptn
    """
    if index < 0:
        raise click.ClickException(f"--hand must be 0 or more, not {index}")
    if as_ptn and (as_json or review):
        raise click.ClickException("--ptn prints the PTN record alone: leave out --json and "
                                   "--review")
    check_seed(seed)
    from analysis.text.hand import format_hand
    from sim import trace
    from sim.jit import ahead as compile_ahead

    child = None
    if review:      # the search compiles in a child while this process compiles the trace
        from sim.solver.api import compile_search_ahead

        child = compile_search_ahead()
    try:
        record = trace(seed, [index], rules, table)[0]
    except ValueError as e:
        compile_ahead.stop(child)
        raise click.ClickException(str(e)) from None
    except BaseException:
        compile_ahead.stop(child)
        raise
    if as_ptn:
        from sim import write_ptn

        click.echo(write_ptn({**record, "note": f"euchre-sim: seed {seed}, hand {index}"},
                             rules), nl=False)
        return
    record = {**record, "note": f"seed {seed}, hand {index}"} if as_json else record
    if review:
        from sim import review_hand
        from sim.solver.review import hand_totals

        rows = review_hand(record, rules)      # its first solve waits for the child
        totals = hand_totals(rows)
    if as_json:
        answer = {"record": record, "review": {**totals, "plays": rows}} if review else record
        click.echo(json.dumps(answer))
        return
    title = (
        f"hand {index} of seed {seed}: {rules.describe()}; strategies: {_strategies_text(table)}"
    )
    click.echo(format_hand(record, rules, title))
    if review:
        from analysis.text.hand import format_review

        click.echo(format_review(record, rows, totals))


__all__ = ["show"]
