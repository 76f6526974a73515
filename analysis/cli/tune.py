"""The ``tune`` command: CMA-ES over basic's parameters by self-play (``analysis.tune``), written
as a TOML strategy file; the search's state is saved after every generation for ``--resume``.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from analysis.cli.options import (
    EXAMPLES_NOTE,
    NonEmptyPath,
    check_seed,
    check_threads,
    interrupt_status,
    progress_bar,
    rules_options,
)
from sim.atomic import why, write_atomic
from sim.run.folders import check_writable
from sim.run.manifests import reproduce_command, rules_spec


@click.command(epilog=EXAMPLES_NOTE)
@click.option("--start", default="basic", show_default=True, metavar="STRATEGY",
              help="Where the search starts: basic, a built-in like it, or a TOML file.")
@click.option("--params", default=None, metavar="A,B,...",
              help="basic's parameters to search (default: the card values, upcard shares, "
                   "thresholds and position offsets).")  # fmt: skip
@click.option("--pool", multiple=True, metavar="NAME[@DEALS]",
              help="An opponent (repeatable; default: basic), with its own deals per "
                   "candidate after @, e.g. --pool basic --pool pimc@128.")  # fmt: skip
@click.option("--deals", type=int, default=100_000, show_default=True,
              help="Deals (each played from both seats) per opponent and candidate.")
@click.option("--generations", type=int, default=30, show_default=True,
              help="Generations in all (with --resume: counting those already run).")
@click.option("--popsize", type=int, default=None, help="Candidates a generation (default: "
              "CMA-ES's 4 + 3 ln n).")  # fmt: skip
@click.option("--sigma", type=float, default=0.5, show_default=True,
              help="First step size, in scaled units (half a point for a card value).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the search and of its deals (generation g deals seed + g).")
@rules_options
@click.option("--out", type=NonEmptyPath(path_type=Path), default=Path("tuned.toml"),
              show_default=True, metavar="FILE.toml", help="The TOML strategy to write.")
@click.option("--state", type=NonEmptyPath(path_type=Path), default=None, metavar="FILE",
              help="The search's state (JSON), saved every generation (default: "
                   "FILE.toml.state).")
@click.option("--resume", is_flag=True, help="Continue the search saved in --state.")
@click.option("--force", is_flag=True, help="Overwrite an existing --out (and its state).")
@click.option("--name", default="my-tuned", show_default=True,
              help="The strategy's name (not a built-in's).")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--silent", is_flag=True, help="No progress bar.")
@click.pass_context
def tune(ctx, start, params, pool, deals, generations, popsize, sigma, seed, rules, out, state,
         resume, force, name, threads, silent):
    """Tune basic's parameters by self-play on paired deals (CMA-ES).

    Every candidate of a generation plays the same deals against each opponent of the pool,
    from both seats; each generation deals new hands.  Writes the search's mean at the end as
    a TOML strategy, usable wherever a strategy is named.

    \b
    Example:
        euchre-sim tune --generations 20 --out mine.toml
        euchre-sim tune --start examples/strategies/ace-lover.toml --pool basic --pool aggressive
        euchre-sim tune --params order_threshold,call_threshold --deals 400000
        euchre-sim tune --out mine.toml --generations 60 --resume
    """
    from analysis.tune import (
        DEFAULT_PARAMS,
        check_params,
        parse_pool,
        strategy_toml,
        tune_strategy,
    )
    from sim import load_strategy
    from sim.players.files import check_name

    check_seed(seed)
    check_threads(threads)
    if out.suffix != ".toml":
        raise click.ClickException(f"--out {out}: give a file name ending in .toml")
    state = state if state is not None else out.with_name(out.name + ".state")
    if not resume and not force:
        for f in (out, state):
            if f.exists():
                raise click.ClickException(f"{f} exists: give --resume to continue its search, "
                                           f"--force to start over, or another --out")
    names = DEFAULT_PARAMS if params is None else [p.strip() for p in params.split(",") if p]
    pool = pool or ("basic",)
    try:
        # the settings and the files are checked before the first generation
        check_name("--name", name)
        check_params(names)
        parse_pool(pool, deals)
        load_strategy(start)
        for option, path in (("--out", out), ("--state", state)):
            check_writable(option, path)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    t0 = time.perf_counter()
    try:
        with progress_bar(silent, generations, "generations") as bar:
            def step(row):
                if bar is not None:
                    bar.label = f"mean {row['mean_score']:+.4f}"
                    bar.update(1)

            result = tune_strategy(start, names, pool, deals=deals, generations=generations,
                                   popsize=popsize, sigma=sigma, seed=seed, rules=rules,
                                   state=state, resume=resume, threads=threads, name=name,
                                   progress=step)
    except KeyboardInterrupt as e:
        click.echo(f"interrupted: {out} not written; the search so far is in {state} "
                   f"(--resume continues it)", err=True)
        ctx.exit(interrupt_status(e))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    except OSError as e:
        raise click.ClickException(f"--state {state}: cannot write there ({why(e)}); the "
                                   f"generations saved before are kept in it") from None
    done = len(result.history)
    last = result.history.iloc[-1]
    # the generations the search ran in all (more than --generations when resuming a longer
    # one), so the line reproduces this file
    command = reproduce_command("tune", ["--start", start, "--params", ",".join(names),
                                         *[w for p in pool for w in ("--pool", p)],
                                         "--deals", deals, "--generations", done,
                                         *(["--popsize", popsize] if popsize else []),
                                         "--sigma", sigma, "--seed", seed,
                                         "--rules", rules_spec(rules), "--out", out,
                                         "--name", name])
    text = strategy_toml(result, f"basic tuned by CMA-ES self-play from {start}", [
        f"written by: {command}",
        f"{done} generations; the mean's margin on the last generation's deals: "
        f"{last['mean_score']:+.4f} points a hand ({time.perf_counter() - t0:.0f} s)",
    ])
    try:
        write_atomic(out, text)
    except OSError as e:
        raise click.ClickException(
            f"--out {out}: cannot write there ({why(e)}); the finished search is kept in "
            f"{state}: write it with --resume --state {state} --out ANOTHER.toml") from None
    if done > generations:
        click.echo(f"the search in {state} had already run {done} generations (more than "
                   f"--generations {generations}): its result is written as it stands")
    click.echo(f"{done} generations; mean's margin against the pool on the last "
               f"deals: {last['mean_score']:+.4f} points a hand")
    click.echo(f"wrote {out} (state: {state})")


__all__ = ["tune"]
