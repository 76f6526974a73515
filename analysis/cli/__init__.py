"""The ``euchre-sim`` command line: one click group, which every command defined in a module
of this package joins (a module per command or family), and the console command itself
(``run``).

Commands are thin: they check input, call the Python API and print.  User mistakes raise
``click.ClickException`` (one clear line, exit 1), never a traceback.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys

import click

from analysis.cli.options import interrupt_status
from sim import __version__
from sim.interrupts import quiet_half_built_llvm_objects, sigterm_as_interrupt
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
        except RuntimeError as e:
            # a compile stopped by Ctrl-C (see sim.jit.apart); click's own Exit (ctx.exit) is a
            # RuntimeError too, and a command's exit status is its own
            if isinstance(e, click.exceptions.Exit) or not compile_interrupted():
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


def commands_of(module) -> list[click.Command]:
    """The commands a module of ``analysis.cli`` defines (the click commands in it whose
    function is its own)."""
    return [c for c in vars(module).values() if isinstance(c, click.Command)
            and getattr(c.callback, "__module__", None) == module.__name__]


def _add_every_command() -> None:
    """Every command of every module here joins the group, and every question
    (``analysis.questions``) without one: a new command is its module alone, a new question its
    record alone (click lists them by name)."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules([os.path.dirname(__file__)]):
        for command in commands_of(importlib.import_module(f"analysis.cli.{info.name}")):
            main.add_command(command)
    from analysis.cli.questions import commands  # a question with no module here: plain

    for command in commands(set(main.commands)):
        main.add_command(command)


_add_every_command()


_KEPT_TO_THE_EXIT: list = []    # the command's end (its exception chain), never freed


def run() -> None:
    """The ``euchre-sim`` console command: ``main``, its output flushed and the exit handlers
    run, then an exit that skips tearing the interpreter down.  After a first run's compile,
    freeing every compiled function's code one by one took 1 to 1.7 s of the wall time a user
    waits (the main job: 16.7 s against 15.9 s).  An error that is not a user mistake still
    ends in its traceback, as before."""
    quiet_half_built_llvm_objects()
    try:
        main()
    except SystemExit as e:
        code = e.code
        # kept to the exit: a Ctrl-C's exception chain (its context) holds the frames it cut
        # short, and freeing them frees the LLVM objects of an interrupted compile, which a
        # compile still running on a chunk's thread may be using (a segfault after
        # "interrupted", once in 11 cold Ctrl-Cs of grade --infer bids+play); os._exit frees
        # nothing
        _KEPT_TO_THE_EXIT.append(e)
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
    signal.signal(signal.SIGINT, signal.SIG_IGN)    # done: a Ctrl-C now changes nothing
    atexit._run_exitfuncs()
    os._exit(code or 0)
