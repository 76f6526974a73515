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
    from analysis.replay_cmd import replay

    main.add_command(replay)
    main.add_command(__import__("analysis.simulate_cmd", fromlist=["x"]).simulate)
    main.add_command(__import__("analysis.simulate_cmd", fromlist=["x"]).show)
    main.add_command(__import__("analysis.simulate_cmd", fromlist=["x"]).strategies)


_register()
