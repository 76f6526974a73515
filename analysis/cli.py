"""The ``euchre-sim`` command line: one click group; each command lives in its own module.

Commands are thin: they check input, call the Python API and print.  User mistakes raise
``click.ClickException`` (one clear line, exit 1), never a traceback.
"""

from __future__ import annotations

import click

from analysis.advise_cmd import advise
from analysis.bench_cmd import bench
from analysis.compare_cmd import compare_rules, tournament
from analysis.ladder_cmd import ladder
from analysis.orderup_cmd import alone, order_up
from analysis.replay_cmd import replay
from analysis.report_cmd import report
from analysis.show_cmd import show
from analysis.simulate_cmd import simulate
from analysis.solve_cmd import solve
from analysis.strategies_cmd import strategies
from analysis.tune_cmd import tune
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


for _command in (simulate, show, replay, strategies, bench, order_up, alone, compare_rules,
                 tournament, ladder, tune, report, advise, solve):
    main.add_command(_command)
