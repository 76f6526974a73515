"""The ``strategies`` command: the built-in players and the parameters of each, or of a TOML
strategy file."""

from __future__ import annotations

import json

import click

from sim import BUILTINS
from sim.players import BASIC, BASIC_PARAMS
from sim.players.kinds import PIMC
from sim.players.param_bounds import PARAM_BOUNDS
from sim.players.pimc.params import DEFAULTS, PIMC_PARAMS


def _strategy_json(s) -> dict:
    family = {BASIC: "basic", PIMC: "pimc"}.get(s.kind, s.name)
    entry = {"description": s.description, "family": family}
    if s.kind == BASIC:
        entry["params"] = dict(zip(BASIC_PARAMS, map(float, s.vector()), strict=True))
    if s.kind == PIMC:
        entry["params"] = {**DEFAULTS, **s.params}
    source = getattr(s, "source", None)
    if source:
        entry["file"] = source
        entry["base"] = s.base
        entry["overrides"] = dict(s.overrides)
    return entry


@click.command()
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

    if name is not None:
        try:
            chosen = [load_strategy(name)]
        except ValueError as e:
            raise click.ClickException(str(e)) from None
    else:
        chosen = list(BUILTINS.values())
    basic = BUILTINS["basic"].vector()
    if as_json:
        click.echo(json.dumps({s.name: _strategy_json(s) for s in chosen}, indent=2))
        return
    width = max(len(p) for p in BASIC_PARAMS) + 2
    blocks = []
    for s in chosen:
        lines = [f"{s.name}: {s.description}"]
        source = getattr(s, "source", None)
        if source:
            changed = ", ".join(k for k, _ in s.overrides) or "none"
            lines.append(f"  from {source}: base {s.base}, overrides: {changed}")
        if s.kind == BASIC:
            lines.append(f"  {'parameter':<{width}} {'value':>7}   description")
            for (p, (_, desc)), v, b in zip(BASIC_PARAMS.items(), s.vector(), basic, strict=True):
                mark = "*" if v != b else " "
                lo, hi = PARAM_BOUNDS[p]
                lines.append(f"  {p:<{width}} {v:>7g} {mark} {desc} ({lo:g} to {hi:g})")
        if s.kind == PIMC:
            lines.append(f"  {'parameter':<{width}} {'value':>7}   description")
            for p, (default, desc) in PIMC_PARAMS.items():
                v = s.params.get(p, default)
                mark = "*" if v != default else " "
                lines.append(f"  {p:<{width}} {v!s:>7} {mark} {desc}")
        blocks.append("\n".join(lines))
    click.echo("\n\n".join(blocks))


__all__ = ["strategies"]
