"""The ``euchre-sim`` command line: one click group; each command lives in its own module, and
the console command itself (``run``).

Commands are thin: they check input, call the Python API and print.  User mistakes raise
``click.ClickException`` (one clear line, exit 1), never a traceback.
"""

from __future__ import annotations

import atexit
import os
import sys

import click

from analysis.cli.advise import advise
from analysis.cli.bench import bench
from analysis.cli.compare import compare_rules, tournament
from analysis.cli.decide import decide
from analysis.cli.equilibrium import equilibrium, exploit
from analysis.cli.grade import grade
from analysis.cli.ladder import ladder
from analysis.cli.options import interrupt_status
from analysis.cli.orderup import alone, order_up
from analysis.cli.replay import replay
from analysis.cli.report import report
from analysis.cli.show import show
from analysis.cli.simulate import simulate
from analysis.cli.solve import solve
from analysis.cli.strategies import strategies
from analysis.cli.tune import tune
from sim import __version__
from sim.interrupts import sigterm_as_interrupt
from sim.jit.apart import interrupted as compile_interrupted
from sim.jit.compiling import compile_notice


def say_compiling(_name: str) -> None:
    """The one line a command prints on a terminal when its first use compiles (nothing with
    ``--silent``, nor in logs: the run's figures give the compile time apart)."""
    ctx = click.get_current_context(silent=True)
    # a batch's first chunk may compile on one of the run's threads, where click has no
    # context: the command line's own words say whether it is silent
    silent = ctx.params.get("silent") if ctx is not None else "--silent" in sys.argv[1:]
    if silent or not sys.stderr.isatty():
        return
    click.echo("\nFirst use: compiling the code this command runs for this machine, once "
               "(under a minute; later runs load it from the cache)", err=True)


class _Commands(click.Group):
    """The group of commands, which answers a Ctrl-C (or SIGTERM) the same way whatever the
    command and whenever it comes: one line, exit 130 (143), nothing written (a command that
    writes cleans up first and says so itself)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as e:
            _say_interrupted(ctx, interrupt_status(e))
        except RuntimeError:
            if not compile_interrupted():        # a compile stopped by Ctrl-C: see sim.jit.apart
                raise
            _say_interrupted(ctx, 130)


def _say_interrupted(ctx, status: int) -> None:
    click.echo("interrupted", err=True)
    ctx.exit(status)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="euchre-sim")
@click.pass_context
def main(ctx):
    """Monte Carlo simulator and statistics analyzer for four-player Euchre.

    \b
    Example:
        euchre-sim simulate --hands 1000000 --seed 1
        euchre-sim show --seed 1 --hand 42
        euchre-sim replay examples/hands.jsonl --summary
    """
    ctx.with_resource(compile_notice(say_compiling))
    # SIGTERM is handled as Ctrl-C is: what was saved, and how to go on
    ctx.with_resource(sigterm_as_interrupt())


for _command in (simulate, show, replay, strategies, bench, order_up, alone, compare_rules,
                 tournament, ladder, tune, report, advise, solve, decide, grade, equilibrium,
                 exploit):
    main.add_command(_command)


def run() -> None:
    """The ``euchre-sim`` console command: ``main``, its output flushed and the exit handlers
    run, then an exit that skips tearing the interpreter down.  After a first run's compile,
    freeing every compiled function's code one by one took 1 to 1.7 s of the wall time a user
    waits (the main job: 16.7 s against 15.9 s).  An error that is not a user mistake still
    ends in its traceback, as before."""
    try:
        main()
    except SystemExit as e:
        code = e.code
    else:
        code = 0
    if isinstance(code, str):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):       # a closed pipe (``| head``): nothing more to say
            pass
    atexit._run_exitfuncs()
    os._exit(code or 0)
