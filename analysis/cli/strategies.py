"""The ``strategies`` command: the built-in players and the parameters of each, or of a TOML
strategy file."""

from __future__ import annotations

import json

import click

from analysis.cli.options import EXAMPLES_NOTE
from sim import BUILTINS


def _strategy_json(s) -> dict:
    entry = {"description": s.description, "family": s.player.param_family or s.name}
    if s.player.param_rows is not None:
        entry["params"] = {r.name: r.value for r in s.player.param_rows(s)}
    source = getattr(s, "source", None)
    if source:
        entry["file"] = source
        entry["base"] = s.base
        entry["overrides"] = dict(s.overrides)
    return entry


@click.command(epilog=EXAMPLES_NOTE)
@click.argument("name", required=False, metavar="[NAME|FILE.toml]")
@click.option("--json", "as_json", is_flag=True, help="Print the strategies as JSON.")
def strategies(name, as_json):
    """List the strategies and their parameters (* marks values that differ from basic).

    NAME shows one built-in (or one with parameters, NAME:key=value,...); a TOML file shows
    the effective parameters of the strategy it defines (its base built-in with the file's
    overrides).  A TOML strategy file:

    \b
        name = "my-bidder"        # optional (default: the file name)
        base = "basic"            # any built-in but random
        description = "..."       # optional
        [params]
        second_offset = -0.5      # any parameter listed here

    \b
    Example:
        euchre-sim strategies
        euchre-sim strategies aggressive
        euchre-sim strategies pimc:worlds=200
        euchre-sim strategies basic:order_threshold=7.5,second_offset=-0.5
        euchre-sim strategies examples/strategies/lighter-dealer-partner.toml
    """
    from sim import load_strategy
    from sim.players import player_types

    if name is not None:
        try:
            chosen = [load_strategy(name)]
        except ValueError as e:
            raise click.ClickException(str(e)) from None
    else:
        chosen = list(BUILTINS.values())
    if as_json:
        click.echo(json.dumps({s.name: _strategy_json(s) for s in chosen}, indent=2))
        return
    rows = {s.name: s.player.param_rows(s) if s.player.param_rows else [] for s in chosen}
    width = max(len(n) for p in player_types().values() for n in p.param_names) + 2
    blocks = []
    for s in chosen:
        lines = [f"{s.name}: {s.description}"]
        source = getattr(s, "source", None)
        if source:
            changed = ", ".join(k for k, _ in s.overrides) or "none"
            lines.append(f"  from {source}: base {s.base}, overrides: {changed}")
        if rows[s.name]:
            lines.append(f"  {'parameter':<{width}} {'value':>7}   description")
        for r in rows[s.name]:
            lines.append(f"  {r.name:<{width}} {r.text:>7} {'*' if r.changed else ' '} "
                         f"{r.description}")
        blocks.append("\n".join(lines))
    click.echo("\n\n".join(blocks))


__all__ = ["strategies"]
