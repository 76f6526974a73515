"""The ``euchre-sim`` command line: one click group; each command lives in its own module.

Commands are thin: they check input, call the Python API and print.  User mistakes raise
``click.ClickException`` (one clear line, exit 1), never a traceback.
"""

from __future__ import annotations

import click

from sim import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="euchre-sim")
def main():
    """Monte Carlo simulator and statistics analyzer for four-player Euchre.

    \b
    Example:
        euchre-sim simulate --hands 1000000 --seed 1
        euchre-sim show --seed 1 --hand 42
        euchre-sim replay examples/hands.jsonl --summary
    """


def _register():
    from analysis.bench_cmd import bench
    from analysis.replay_cmd import replay
    from analysis.simulate_cmd import show, simulate, strategies

    for command in (simulate, show, replay, strategies, bench):
        main.add_command(command)
    # further commands are added below, one line each
    main.add_command(__import__("analysis.orderup_cmd", fromlist=["x"]).order_up)
    main.add_command(__import__("analysis.orderup_cmd", fromlist=["x"]).alone)
    main.add_command(__import__("analysis.compare_cmd", fromlist=["x"]).compare_rules)
    main.add_command(__import__("analysis.compare_cmd", fromlist=["x"]).tournament)
    main.add_command(__import__("analysis.compare_cmd", fromlist=["x"]).report)
    main.add_command(__import__("analysis.advise_cmd", fromlist=["x"]).advise)


_register()
