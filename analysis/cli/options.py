"""Options and error handling shared by the commands: rules, strategies, seed, threads, the
output folder, ``--silent`` and ``--scheduler``.

Each decorator turns its options into one value for the command (``rules=``, ``table=``,
``executor=``); user mistakes become ``click.ClickException`` (one ``Error:`` line).
"""

from __future__ import annotations

import functools
import sys
from contextlib import contextmanager, nullcontext
from pathlib import Path

import click

from sim import RunFolder, parse_rules
from sim.atomic import why
from sim.players import DEFAULT_STRATEGY
from sim.run.folders import RunFolderError


class UsageError(click.ClickException):
    """A wrong combination of options: one line like any ClickException, exit status 2."""

    exit_code = 2


class NonEmptyPath(click.Path):
    """``click.Path`` that refuses an empty value (``--out ''``), which would otherwise name
    the current folder."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path names no file or folder: give a name", param, ctx)
        return super().convert(value, param, ctx)


RULES_HELP = ("Preset and/or options, comma separated, e.g. 'house' or "
              "'stick_the_dealer,game_to=7' (default: the published rules).")


def rules_options(f=None, *, help: str = RULES_HELP):
    """``--rules SPEC`` and ``--stick-the-dealer``: the command receives ``rules``
    (``@rules_options(help=...)`` words ``--rules`` otherwise)."""
    if f is None:
        return functools.partial(rules_options, help=help)

    @click.option(
        "--rules",
        "rules_spec",
        metavar="SPEC",
        default=None,
        help=help,
    )
    @click.option(
        "--stick-the-dealer", is_flag=True, help="Shorthand for adding stick_the_dealer to --rules."
    )
    @functools.wraps(f)
    def wrapper(*args, rules_spec, stick_the_dealer, **kwargs):
        try:
            rules = parse_rules(rules_spec)
            if stick_the_dealer:
                rules = rules.replace(stick_the_dealer=True)
        except ValueError as e:
            raise click.ClickException(str(e)) from None
        return f(*args, rules=rules, **kwargs)

    return wrapper


def strategy_options(f=None, *, default: str = DEFAULT_STRATEGY):
    """``--strategy``, ``--team0/1`` and ``--seat0..3``: the command receives ``table``
    (``default`` at the seats none of them names; ``@strategy_options(default=...)``)."""
    if f is None:
        return functools.partial(strategy_options, default=default)

    @click.option(
        "--strategy",
        metavar="NAME|FILE.toml",
        default=None,
        help=f"Strategy for all four seats (default: {default}): a built-in name, a "
        "TOML file that overrides a built-in's parameters (see 'strategies'), a built-in with "
        "parameters (pimc:worlds=200,pass_model=zero or basic:order_threshold=7.5), or code: "
        "FILE.py:Name or package.module:Name, a class with Numba hooks (a code strategy) or "
        "with act(view) (an outside bot: see tournament --help).",
    )
    @click.option("--team0", metavar="NAME|FILE.toml", default=None, help="Seats 0 and 2.")
    @click.option("--team1", metavar="NAME|FILE.toml", default=None, help="Seats 1 and 3.")
    @click.option("--seat0", metavar="NAME|FILE.toml", default=None, help="Seat 0 only.")
    @click.option("--seat1", metavar="NAME|FILE.toml", default=None, help="Seat 1 only.")
    @click.option("--seat2", metavar="NAME|FILE.toml", default=None, help="Seat 2 only.")
    @click.option("--seat3", metavar="NAME|FILE.toml", default=None, help="Seat 3 only.")
    @functools.wraps(f)
    def wrapper(*args, strategy, team0, team1, seat0, seat1, seat2, seat3, **kwargs):
        table = resolve_table(strategy, team0, team1, (seat0, seat1, seat2, seat3), default)
        return f(*args, table=table, **kwargs)

    return wrapper


def resolve_table(
    strategy: str | None,
    team0: str | None,
    team1: str | None,
    seats: tuple = (None, None, None, None),
    default: str = DEFAULT_STRATEGY,
):
    """The seating for ``--strategy/--team0/--team1/--seat0..3``.

    Each value is a built-in name or a ``.toml`` file (``sim.load_strategy``).  A seat plays
    its ``--seatN`` strategy, else its team's, else ``--strategy``, else ``default``.
    Positions relative to the dealer rotate with the deal (seat ``i % 4`` deals hand ``i``),
    so per-position play is set by the ``first_offset`` .. ``dealer_offset`` parameters of a
    TOML file, not by seat.
    """
    from sim import Table, load_strategy

    seats = tuple(seats)
    if strategy is not None and team0 is not None and team1 is not None:
        raise UsageError("--strategy conflicts with giving both --team0 and --team1")
    for team, opt in ((0, team0), (1, team1)):
        if opt is not None and seats[team] is not None and seats[team + 2] is not None:
            raise UsageError(
                f"--team{team} conflicts with giving both --seat{team} and --seat{team + 2}"
            )
    teams = (team0, team1)
    if strategy is not None and all(
        seats[s] is not None or teams[s % 2] is not None for s in range(4)
    ):
        raise UsageError("--strategy conflicts with --team/--seat options that seat every player")
    base = strategy or default
    specs = [seats[s] or teams[s % 2] or base for s in range(4)]
    loaded = {}
    try:
        for spec in specs:
            if spec not in loaded:
                loaded[spec] = load_strategy(spec)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    return Table(tuple(loaded[spec] for spec in specs))


def check_seed(seed: int) -> None:
    """Stop with ``--seed: ...`` when ``seed`` is not a usable run seed."""
    from sim.rng import normalise_seed

    try:
        normalise_seed(seed)
    except ValueError as e:
        raise click.ClickException(f"--seed: {e}") from None


MOST = 2**63 - 1  # counts go into the kernel's 64-bit integers


def check_at_least(option: str, value: int | None, least: int = 1) -> None:
    """Stop with ``--option must be at least N, not V`` or, past what a 64-bit count holds,
    ``--option must be at most 2**63-1, not V`` (None passes)."""
    if value is not None and value < least:
        raise click.ClickException(f"{option} must be at least {least}, not {value}")
    if value is not None and value > MOST:
        raise click.ClickException(f"{option} must be at most 2**63-1, not {value}")


def check_threads(threads: int | None) -> None:
    """``--threads``: at least 1; more than this machine's Numba threads is said on stderr
    (the run uses them all; results do not depend on the thread count)."""
    check_at_least("--threads", threads)
    if threads is None:
        return
    from sim.run.hands import default_threads

    most = default_threads()
    if threads > most:
        click.echo(f"warning: --threads {threads} is more than the {most} threads available "
                   f"here (NUMBA_NUM_THREADS); using {most}", err=True)  # fmt: skip


def scheduler_option(f):
    """``--scheduler ADDR`` for a command that simulates: the command receives ``executor``
    (a ``sim.run.executors.DaskExecutor`` while it runs, or None) to pass to the analysis;
    results are identical to a local run."""

    @functools.wraps(f)
    def wrapper(*args, scheduler=None, **kwargs):
        from sim import open_executor

        context = open_executor(scheduler)
        try:
            executor = context.__enter__()
        except (ValueError, RuntimeError) as e:
            raise click.ClickException(str(e)) from None
        try:
            return f(*args, executor=executor, **kwargs)
        finally:
            context.__exit__(None, None, None)

    return click.option(
        "--scheduler", default=None, metavar="ADDR",
        help="Run the simulations on Dask: tcp://HOST:PORT or local:N worker processes "
             "(needs the distributed extra).",
    )(wrapper)  # fmt: skip


def open_folder(out: Path, force: bool) -> RunFolder:
    """A ``sim.run.folders.RunFolder`` at ``out``, or one ``Error:`` line saying why not."""
    try:
        return RunFolder(out, force)
    except RunFolderError as e:
        raise click.ClickException(str(e)) from None


def run_or_fail(ctx, folder: RunFolder | None, work, resumable_hint: str = ""):
    """Run ``work()`` (which fills ``folder.tmp`` when there is a folder) and commit the folder;
    on any failure discard it, so nothing half-written is left: Ctrl-C exits 130 with one line
    (ending with ``resumable_hint`` when a folder was being written), a user mistake
    (``ValueError``) or an unwritable folder becomes one ``Error:`` line."""
    try:
        result = work()
        if folder is not None:
            folder.commit()
        return result
    except KeyboardInterrupt as e:
        if folder is not None:
            folder.discard()
        hint = f"; {resumable_hint}" if folder is not None and resumable_hint else ""
        click.echo(f"interrupted: nothing written{hint}", err=True)
        ctx.exit(interrupt_status(e))
    except ValueError as e:
        if folder is not None:
            folder.discard()
        raise click.ClickException(str(e)) from None
    except OSError as e:
        if folder is not None:
            folder.discard()
        where = f"--out {folder.out}: " if folder is not None else ""
        raise click.ClickException(f"{where}cannot write there ({why(e)})") from None
    except BaseException:
        if folder is not None:
            folder.discard()
        raise


def _examples_note() -> str:
    """Where the example files the help names are, for a command's epilog."""
    from analysis.examples import FOLDER

    return ("\b\nThe examples/ files named above are the repository's, and ship with "
            f"euchre-sim in\n    {FOLDER}\nRun the examples as written in the folder above it "
            "(cd there), or copy that examples folder\nto where you run them.")


#: the epilog of each command whose help names an example file (``analysis.examples``)
EXAMPLES_NOTE = _examples_note()

TYPED = ("COMMANDLINE", "ENVIRONMENT", "PROMPT")


def reproduce_line(ctx: click.Context, always=("seed",), leave_out=("resume",)) -> str:
    """The ``euchre-sim COMMAND ...`` line a run folder records, to be run as it stands from any
    folder: every option and argument as the user typed it (a strategy's spec as given: a
    name, ``pimc:worlds=200``, a TOML path, a ``FILE.py:Name``; the rules spec; seat
    overrides), in the command's own order, with every file it names made absolute (a TOML
    path, ``FILE.py:Name``, ``NAME:table=FILE``, a path option: ``rerun_word``), and ``--out``
    a new folder beside the first, ``OUT-rerun`` (``OUT`` itself holds this run), plus the
    options in ``always`` (such as the seed) when left at their defaults, so that running the
    line again writes the same result files there.  A ``module:Name`` spec stays as typed: it
    is imported from Python's path or the folder the line is run in."""
    from sim.run.manifests import reproduce_command

    words = []
    for param in ctx.command.params:
        name = param.name
        source = ctx.get_parameter_source(name)
        if name in leave_out or (name not in always and (source is None or source.name
                                                        not in TYPED)):
            continue
        value = ctx.params.get(name)
        if isinstance(param, click.Argument):
            words += ([rerun_word(param, v) for v in value] if param.nargs != 1
                      else [rerun_word(param, value)])
        elif param.is_flag and not param.count:
            flags = param.opts if value else param.secondary_opts
            words += [_long(flags)] if flags else []
        elif value is not None:
            for v in value if param.multiple else [value]:
                words += [_long(param.opts), *(rerun_word(param, x)
                                               for x in (v if param.nargs != 1 else [v]))]
    return reproduce_command(ctx.command.name, words)


RERUN = "-rerun"  # the reproduce line's output folder: the first run's, and this


def rerun_word(param: click.Parameter, value) -> str:
    """One value of the reproduce line: ``--out``'s folder as ``OUT-rerun`` (absolute), a path
    option's absolute, a strategy spec's file absolute (``sim.players.recorded.absolute_spec``),
    anything else as typed."""
    from sim.players.recorded import absolute_spec

    if param.name == "out" and value is not None:
        return str(Path(value).resolve()) + RERUN
    if isinstance(param.type, click.Path) and str(value) != "-":
        return str(Path(value).resolve())
    return absolute_spec(value) if isinstance(value, str) else str(value)


def _long(opts) -> str:
    """An option's long name (``--seed``), else its first."""
    return next((o for o in opts if o.startswith("--")), opts[0])


def interrupt_status(e: KeyboardInterrupt) -> int:
    """The exit status after Ctrl-C (130) or SIGTERM (``sim.interrupts.Terminated``: 143)."""
    return getattr(e, "status", 130)


def shows_progress(silent: bool) -> bool:
    """Whether to draw a progress bar: not with ``--silent``, and only on a terminal (in a log
    a bar would print its bare label, a line of noise)."""
    return not silent and sys.stderr.isatty()


def progress_bar(silent: bool, length: int, label: str):
    """A progress bar on stderr (``bar.update(k)``), or a context yielding None when silent or
    when stderr is not a terminal."""
    if not shows_progress(silent):
        return nullcontext(None)
    return click.progressbar(length=length, label=label, file=sys.stderr)


def ticker(bar):
    """``bar.update`` for a ``progress_bar``, or None when it is silent."""
    return None if bar is None else bar.update


def stage_bars(silent: bool):
    """A study's ``progress`` (``analysis.studies.study.Progress``): a ``progress_bar`` for each
    stage of the run, giving its ``ticker``."""

    @contextmanager
    def progress(label: str, total: int):
        with progress_bar(silent, total, label) as bar:
            yield ticker(bar)

    return progress


def infer_option(f):
    """``--infer``: how a pricing's worlds read the other seats' bids (``sim.agents.pricing``)."""
    return click.option(
        "--infer", type=click.Choice(["rest", "bids", "bids+play", "off"]), default="rest",
        show_default=True,
        help="How the worlds read what the other seats did: rest (kept where tuned would "
             "have bid as they bid), bids (weighed by the equilibrium's odds of their bids), "
             "bids+play (also by their cards played), off (uniform).")(f)


__all__ = [
    "UsageError", "NonEmptyPath", "infer_option", "rules_options", "strategy_options",
    "resolve_table",
    "check_seed", "check_at_least", "check_threads", "scheduler_option", "open_folder",
    "run_or_fail", "interrupt_status", "reproduce_line", "rerun_word", "shows_progress",
    "EXAMPLES_NOTE",
    "progress_bar", "ticker", "stage_bars",
]  # fmt: skip
