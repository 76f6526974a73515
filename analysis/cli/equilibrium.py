"""``euchre-sim equilibrium`` (the bidding game solved by Monte Carlo CFR into a table) and
``euchre-sim exploit`` (how much one seat gains against a strategy's bidding by changing its
own).  Thin: options -> ``sim.equilibrium`` -> print.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from analysis.cli.bounds import Count, check_counts, rate_of, yes_option
from analysis.cli.options import (
    UsageError,
    check_at_least,
    check_seed,
    check_threads,
    interrupt_status,
    progress_bar,
    rules_options,
    ticker,
)
from analysis.cli.solving import check_files, draft_note, solve_counts

PLAY_MODELS = ("tuned", "perfect")    # sim.equilibrium.PLAY_MODELS, without importing the engine


def score_options(f):
    """``--score D-O`` and ``--win-table FILE.csv``: the bidding game at a game score."""
    f = click.option("--win-table", type=click.Path(dir_okay=False, path_type=Path),
                     default=None, metavar="FILE.csv",
                     help="The match-equity table for --score: a CSV with columns "
                          "dealer_score,other_score,w for every score of the game (default: "
                          "the one the rules' shipped score tables were solved against).")(f)
    return click.option("--score", default=None, metavar="D-O",
                        help="Play the bidding game at this game score, the dealer's team "
                             "first: a hand is worth its change in the chance of winning the "
                             "game (read from --win-table).")(f)


def score_and_win(score, win_table, rules):
    """(score, W) from the options, or (None, None); a usage error when one comes alone or
    either is wrong."""
    from analysis.win_csv import load_win_csv
    from analysis.win_model import parse_deal_score
    from sim.players.equilibrium_table import score_win_path

    if score is None and win_table is None:
        return None, None
    if score is None:
        raise UsageError("--win-table goes with --score D-O")
    if win_table is None:
        win_table = score_win_path(rules)
        if win_table is None:
            raise UsageError(f"no match-equity table ships for {rules.describe()}: give "
                             "--win-table FILE.csv (euchre-sim match-equity --out DIR writes "
                             "DIR/match_equity.csv)")
    try:
        return parse_deal_score(score, rules.game_to), load_win_csv(win_table, rules.game_to)
    except ValueError as e:
        raise UsageError(str(e)) from None


@click.command("equilibrium")
@rules_options
@click.option("--play", default="tuned", show_default=True, type=click.Choice(PLAY_MODELS),
              help="The card-play model: tuned's play, or perfect (the solver's value of the "
                   "contract once the bidding is over).")
@click.option("--iterations", type=int, default=1_000_000, show_default=True,
              help="Deals of Monte Carlo CFR, each traversed for all four positions.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--batch", type=int, default=50_000, show_default=True,
              help="Deals traversed in parallel against one strategy (part of the result: "
                   "a table depends on the seed and the batch, not on the threads).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The table file to write (.npz).")
@click.option("--force", is_flag=True, help="Overwrite an existing table at --out.")
@click.option("--checkpoint", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The checkpoint file (default: OUT with .checkpoint.npz).")
@click.option("--checkpoint-every", type=float, default=300.0, show_default=True,
              metavar="SECONDS", help="Seconds between checkpoints.")
@click.option("--keep-checkpoint", is_flag=True,
              help="Keep the checkpoint when the run completes (a later --resume with more "
                   "--iterations extends the table); without it the checkpoint is removed.")
@click.option("--resume", is_flag=True,
              help="Go on from the checkpoint (same rules, play, seed and batch) up to "
                   "--iterations, overwriting --out.")
@score_options
@click.option("--threads", type=int, default=None, help="Numba threads (default: all).")
@click.option("--json", "as_json", is_flag=True, help="Print the run's facts as JSON.")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
@click.pass_context
def equilibrium(ctx, rules, play, iterations, seed, batch, out, force, checkpoint,
                checkpoint_every, keep_checkpoint, resume, score, win_table, threads, as_json,
                silent, yes):
    """Solve the bidding game for RULES by Monte Carlo CFR and write its average strategy.

    Card play is fixed by --play; the bids (order up, alone, the round-2 calls) are the game.
    The table is what the `equilibrium` strategy bids by (equilibrium:table=FILE).  A long
    computation checkpoints every --checkpoint-every seconds; Ctrl-C keeps the last
    checkpoint and --resume goes on from it.  A table of a few million deals is a rough draft
    (see its note); the committed tables took 150 million.  With --score D-O the game is
    played at that score (the dealer's team's score first), valued by --win-table.

    \b
    Example:
        euchre-sim equilibrium --iterations 2000000 --out published.npz
        euchre-sim equilibrium --stick-the-dealer --iterations 50000000 --out stick.npz
        euchre-sim equilibrium --iterations 100000000 --out published.npz --resume
        euchre-sim equilibrium --play perfect --iterations 20000000 --out perfect.npz
        euchre-sim equilibrium --score 9-8 --out at-9-8.npz
    """
    from sim import solve_equilibrium
    from sim.players.equilibrium_table import TableError

    check_seed(seed)
    check_at_least("--iterations", iterations)
    check_at_least("--batch", batch)
    check_threads(threads)
    score, win = score_and_win(score, win_table, rules)
    checkpoint = check_files(out, checkpoint, checkpoint_every, force, resume)
    check_counts(*solve_counts(rules, play, iterations, seed, batch, threads), yes=yes)
    t0 = time.perf_counter()
    try:
        with progress_bar(silent, iterations, "deals") as bar:
            table = solve_equilibrium(rules, play, iterations, seed, batch, threads, out,
                                      checkpoint, resume, checkpoint_every, ticker(bar),
                                      keep_checkpoint, score=score, win=win)
    except KeyboardInterrupt as e:
        saved = f"the last checkpoint is in {checkpoint}; go on with --resume" \
            if checkpoint.exists() else "nothing saved"
        click.echo(f"interrupted: {saved}", err=True)
        ctx.exit(interrupt_status(e))
    except (ValueError, TableError) as e:
        raise click.ClickException(str(e)) from None
    facts = {**table.meta, "out": str(out), "bytes": out.stat().st_size,
             "checkpoint": str(checkpoint) if keep_checkpoint else None,
             "command_s": round(time.perf_counter() - t0, 1)}
    note = draft_note(table.meta["iterations"], table.meta["play"], out)
    if as_json:
        click.echo(json.dumps({**facts, "note": note}))
        return
    m = table.meta
    rate = m["iterations"] / m["wall_s"] if m["wall_s"] else float("nan")
    at = f" at {m['score'][0]}-{m['score'][1]}" if m.get("score") else ""
    click.echo(f"{m['iterations']:,} deals of MCCFR for {m['rules_description']}{at} "
               f"(play: {m['play']}, seed {m['seed']}): {m['wall_s']:.1f} s of solving, "
               f"{rate:,.0f} deals/s")
    if m.get("compile_s"):
        click.echo(f"compiling took {m['compile_s']:.1f} s (first use only)")
    kept = f"; checkpoint {checkpoint}" if keep_checkpoint else ""
    click.echo(f"wrote {out} ({facts['bytes'] / 1e6:.1f} MB){kept}")
    if note:
        click.echo(note, err=True)


@click.command("exploit")
@click.argument("strategy")
@rules_options
@click.option("--samples", type=int, default=None,
              help="Hands sampled at each position  [default: 20000; pimc: 300]")
@click.option("--worlds", type=int, default=None,
              help="Deals of the unseen cards per hand  [default: 256; pimc: 16]")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--play", default=None, type=click.Choice(PLAY_MODELS),
              help="The card-play model  [default: a table's own, else tuned]")
@click.option("--deviation", default=None, metavar="STRATEGY",
              help="Also value this strategy's bids played by the one seat (a direct check "
                   "against a tournament).")
@score_options
@click.option("--threads", type=int, default=None, help="Numba threads (default: all).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per position.")
@click.option("--silent", is_flag=True, help="No progress bar.")
@yes_option
def exploit(strategy, rules, samples, worlds, seed, play, deviation, score, win_table, threads,
            as_json, silent, yes):
    """How much one seat gains against STRATEGY's bidding by changing only its own bids.

    STRATEGY is a parameterised built-in (basic, tuned, ...), a TOML strategy, `equilibrium`
    (the committed table for the rules; at --score, the table it bids by there),
    equilibrium:scores=off, equilibrium:table=FILE, a table FILE.npz, or pimc
    (with its settings; its bids are searched on every world, so it is valued on a smaller
    sample: about 30 s for the four positions at its defaults on 2 cores).  The best response
    sees the seat's exact cards, the upcard and its position; card play is --play (a table's
    own model by default, else tuned's).
    With --score D-O (the dealer's team's score first) the game is played at that score,
    valued by --win-table, and the gains are percentage points of game-win probability.
    `gain` is the held-out gain of the plans chosen on half of the worlds (a real deviation's
    gain: a lower bound on the best response), `upper` the in-sample best (biased up).

    \b
    Example:
        euchre-sim exploit tuned
        euchre-sim exploit equilibrium --samples 50000
        euchre-sim exploit tuned:order_threshold=12 --deviation tuned
        euchre-sim exploit pimc --samples 300 --worlds 16
        euchre-sim exploit equilibrium --score 8-9
        euchre-sim exploit equilibrium:table=at-9-8.npz --score 9-8 --win-table w.csv
    """
    from analysis.text.equilibrium import format_exploit
    from sim import bidding_policy, exploitability
    from sim.players.equilibrium_table import TableError

    check_seed(seed)
    for name, n in (("--samples", samples), ("--worlds", worlds)):
        if n is not None and n < 2:
            raise UsageError(f"{name} must be at least 2")
    check_threads(threads)
    score, win = score_and_win(score, win_table, rules)
    try:
        policy = bidding_policy(strategy, rules, score)
        dev = None if deviation is None else bidding_policy(deviation, rules, score)
        samples = samples or (300 if policy.search else 20_000)
        worlds = worlds or (16 if policy.search else 256)
        check_counts(*_exploit_counts(policy, rules, play, samples, worlds, seed, threads),
                     yes=yes)
        with progress_bar(silent, 4, "positions") as bar:
            rows = exploitability(policy, rules, play, samples, worlds, seed, deviation=dev,
                                  threads=threads, progress=ticker(bar), score=score,
                                  win=win)
    except (ValueError, TableError) as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        for r in rows:
            click.echo(json.dumps({"strategy": strategy, **r.__dict__}))
        return
    click.echo(format_exploit(strategy, rules, rows))


SAMPLE_BYTES = 1_000  # memory a sampled hand takes (its row of plan values and their sums)
SURE_WORLDS = {False: 4_000_000, True: 5_000}  # hands x worlds that surely run in a minute


def _exploit_counts(policy, rules, play, samples, worlds, seed, threads):
    """``--samples`` (the time scales with the worlds too: a warm-up on 8 worlds a hand) and
    ``--worlds``."""
    from sim import exploitability

    def run(k):
        exploitability(policy, rules, play, k, 8, seed, threads=threads)

    estimate = rate_of(run, 2, per=worlds / 8)
    return (Count("--samples", samples, f"hands a position of {worlds:,} worlds", 2,
                  SAMPLE_BYTES, SURE_WORLDS[bool(policy.search)] // worlds, estimate,
                  also=("--worlds",)),
            Count("--worlds", worlds, "worlds", 2))
