"""The ``order-up`` and ``alone`` commands: observed bidding rates, paired counterfactuals,
tables and charts written into a results folder.

Thin wrappers over ``analysis.orderup`` (numbers) and ``analysis.charts`` (pictures).  The
writers ``write_orderup`` and ``write_alone`` are shared with ``scripts/regen_orderup.py``.
Output goes into ``DIR.tmp-<pid>`` and is renamed to ``DIR`` only when complete
(``analysis.simulate_cmd.RunFolder``), so an error or Ctrl-C leaves nothing behind.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import click

import sim
from analysis.simulate_cmd import (
    POSITIONS,
    RunFolder,
    _check_seed,
    git_revision,
    rules_options,
    run_or_fail,
    scheduler_option,
    strategy_options,
)

ORDERUP_FILES = (
    "observed_by_class.csv", "observed_by_trumps.csv", "observed_by_points.csv",
    "order_vs_pass_by_class.csv", "order_vs_pass_by_trumps_aces.csv",
    "order_vs_pass_by_trumps.csv", "order_vs_pass_by_points.csv", "order_vs_pass_deals.csv",
)  # fmt: skip
ALONE_FILES = (
    "observed_by_class.csv", "observed_by_trumps.csv", "alone_vs_partner_by_class.csv",
    "alone_vs_partner_by_trumps_aces.csv", "alone_vs_partner_by_trumps.csv",
    "alone_vs_partner_by_points.csv", "alone_vs_partner_deals.csv",
)  # fmt: skip
#: written by ``order-up --score US-THEM`` as well
WIN_GAIN_FILES = (
    "win_probability_gain_by_trumps.csv", "win_probability_gain_by_trumps_aces.csv",
    "win_probability_gain_by_class.csv",
)  # fmt: skip


def _csv(df, path: Path) -> str:
    df.to_csv(path, index=False, float_format="%.10g")
    return path.name


def _paired_tables(folder: Path, prefix: str, paired) -> dict:
    from analysis.orderup import counterfactual_table, deals_table

    tables = {by: counterfactual_table(paired, by) for by in ("class", "trumps_aces", "points")}
    tables["trumps"] = counterfactual_table(paired, "trumps", pooled=True)
    for by, df in tables.items():
        _csv(df, folder / f"{prefix}_by_{by}.csv")
    _csv(deals_table(paired), folder / f"{prefix}_deals.csv")
    return tables


def write_orderup(folder: Path, observed, paired, rules, dpi: int = 100) -> dict:
    """Write the order-up tables (CSV) and charts (PNG + SVG) into ``folder``.

    ``observed``: ``analysis.orderup.ObservedTally``; ``paired``: the ``order-pass``
    ``PairedTally``.  Returns the tables by name (``observed_<by>``, ``<by>``) for printing.
    """
    from analysis import charts
    from analysis.orderup import observed_rates

    obs = {by: observed_rates(observed, rules, by) for by in ("class", "trumps", "points")}
    for by, df in obs.items():
        _csv(df, folder / f"observed_by_{by}.csv")
    tables = _paired_tables(folder, "order_vs_pass", paired)
    charts.save_figure(
        charts.decision_figure(tables["trumps_aces"], "order", "pass"),
        folder / "decision_chart", dpi,
    )  # fmt: skip
    with charts.style():
        fig, ax = charts.plt.subplots(figsize=(6.5, 4.2))
    charts.plot_gain_by_points(
        tables["points"], ax, title="Gain of ordering up over passing by point count (round 1)"
    )
    charts.save_figure(fig, folder / "gain_by_points", dpi)
    with charts.style():
        fig, axes = charts.plt.subplots(1, 2, figsize=(11.0, 4.2))
    charts.plot_rate_by_points(obs["points"], "made", axes[0], count="decisions")
    charts.plot_rate_by_points(obs["points"], "success", axes[1], count="made")
    charts.save_figure(fig, folder / "success_by_points", dpi)
    return {**{f"observed_{k}": v for k, v in obs.items()}, **tables}


def write_alone(folder: Path, observed, paired, rules, dpi: int = 100) -> dict:
    """Write the going-alone tables and charts into ``folder`` (``paired``: ``alone-partner``)."""
    from analysis import charts
    from analysis.orderup import observed_rates

    obs = {by: observed_rates(observed, rules, by) for by in ("class", "trumps")}
    for by, df in obs.items():
        _csv(df, folder / f"observed_by_{by}.csv")
    tables = _paired_tables(folder, "alone_vs_partner", paired)
    charts.save_figure(
        charts.decision_figure(
            tables["trumps_aces"], "alone", "partner",
            "Should you go alone? EV(alone) - EV(partner) in round 1 "
            "(blue pays; hatched: too close)",
        ),
        folder / "alone_chart", dpi,
    )  # fmt: skip
    charts.save_figure(
        charts.position_grid(
            charts.plot_rate_heatmap, tables["trumps_aces"],
            "Going alone in round 1: march rate (% of deals where the hand is played alone)",
            rate="alone_march_rate",
        ),
        folder / "alone_march_chart", dpi,
    )  # fmt: skip
    with charts.style():
        fig, ax = charts.plt.subplots(figsize=(6.5, 4.2))
    charts.plot_gain_by_points(
        tables["points"], ax, a="alone", b="partner",
        title="Gain of going alone over playing with partner by point count (round 1)",
    )  # fmt: skip
    charts.save_figure(fig, folder / "alone_gain_by_points", dpi)
    return {**{f"observed_{k}": v for k, v in obs.items()}, **tables}


def write_win_gain(folder: Path, win_gain) -> dict:
    """Write the win-probability tables of ``analysis.orderup.win_probability_gain`` into
    ``folder`` (``WIN_GAIN_FILES``); returns them by grouping."""
    from analysis.orderup import win_probability_table

    tables = {
        "trumps": win_probability_table(win_gain, "trumps", pooled=True),
        "trumps_aces": win_probability_table(win_gain, "trumps_aces"),
        "class": win_probability_table(win_gain, "class"),
    }
    for by, df in tables.items():
        _csv(df, folder / f"win_probability_gain_by_{by}.csv")
    return tables


def format_win_headline(table, win_gain) -> str:
    """The printed win-probability headline: P(win | a) - P(win | b) in percentage points by
    position and trumps, and the deals per position."""
    from analysis.orderup import headline

    c = win_gain.comparison
    us, them = win_gain.score
    pct = table.copy()
    for col in ("win_gain", "win_gain_low", "win_gain_high"):
        pct[col] = pct[col] * 100
    lines = [
        f"P(win | {c.a}) - P(win | {c.b}) at {us}-{them} (the deciding player's team first, game "
        f"to {win_gain.game_to}): game win probability of his team, percentage points, 95% "
        "interval",
        "(the interval leaves out the noise of the simulated win-probability table)",
        "",
        headline(pct, "win_gain").to_string(),
        "",
        _deals_line("paired deals per position at this score", win_gain),
    ]
    return "\n".join(lines)


def manifest(
    kind, *, seed, hands, deals, rules, table, threads, timings, paired, command, win_gain=None
):
    """The run description written as ``manifest.json`` (with ``win_gain``: the score and
    deals of the win-probability run)."""
    out = {
        "analysis": kind,
        "version": sim.__version__,
        "git_revision": git_revision(),
        "seed": seed,
        "observed_hands": hands,
        "paired_deals_per_position": deals,
        "counterfactual": {
            "compare": f"{paired.comparison.a} vs {paired.comparison.b} (round 1, forced)",
            "deals": dict(zip(POSITIONS, map(int, paired.deals), strict=True)),
            "hands_played": dict(zip(POSITIONS, map(int, paired.hands), strict=True)),
        },
        "rules": rules.as_dict(),
        "rules_description": rules.describe(),
        "strategies": table.describe(),
        "threads": threads,
        "wall_s": round(sum(timings.values()), 3),
        "timings_s": {k: round(v, 3) for k, v in timings.items()},
        "command": command,
    }
    if win_gain is not None:
        out["win_probability_gain"] = {
            "score": f"{win_gain.score[0]}-{win_gain.score[1]} (the deciding player's team first)",
            "compare": f"{win_gain.comparison.a} vs {win_gain.comparison.b} (round 1, forced)",
            "deals": dict(zip(POSITIONS, map(int, win_gain.deals), strict=True)),
            "hands_played": dict(zip(POSITIONS, map(int, win_gain.hands), strict=True)),
        }
    return out


def _deals_line(label: str, tally) -> str:
    """``label: first 1,000 of 1,000 hands, second ...`` from a paired tally."""
    return f"{label}: " + ", ".join(
        f"{p} {int(d):,} of {int(h):,} hands"
        for p, d, h in zip(POSITIONS, tally.deals, tally.hands, strict=True)
    )


def format_headline(tables: dict, paired, a: str, b: str) -> str:
    """The printed headline: gain by position and trumps, and the deals per position."""
    from analysis.orderup import headline

    lines = [
        f"EV({a}) - EV({b}) in round 1: points per hand for the deciding player's team, "
        "95% interval",
        "(rows: trumps held with the upcard's suit as trump, the dealer's after picking up;",
        " all: the four positions' deals together)",
        "",
        headline(tables["trumps"]).to_string(),
        "",
        _deals_line(
            "paired deals per position (the auction reached the player in round 1)", paired
        ),
    ]
    return "\n".join(lines)


def _command_line(name, hands, deals, seed, rules, table, out, force, threads, score=None):
    d = table.describe()
    args = ["euchre-sim", name, "--hands", str(hands), "--deals", str(deals), "--seed", str(seed)]
    if rules.changes():
        args += ["--rules", rules.describe()]
    if d["team0"] == d["team1"]:
        args += ["--strategy", d["team0"]]
    else:
        args += ["--team0", d["team0"], "--team1", d["team1"]]
    if threads is not None:
        args += ["--threads", str(threads)]
    if score is not None:
        args += ["--score", f"{score[0]}-{score[1]}"]
    args += ["--out", str(out)]
    if force:
        args.append("--force")
    return shlex.join(args)


def _run(ctx, kind, hands, deals, seed, rules, table, threads, out, force, silent, score=None):
    if hands < 1:
        raise click.ClickException(f"--hands must be at least 1, not {hands}")
    if deals < 1:
        raise click.ClickException(f"--deals must be at least 1, not {deals}")
    if threads is not None and threads < 1:
        raise click.ClickException(f"--threads must be at least 1, not {threads}")
    _check_seed(seed)
    if score is not None:
        from analysis.advise import parse_score

        try:
            score = parse_score(score, rules.game_to)
        except ValueError as e:
            raise click.ClickException(f"--score: {e}") from None

    from analysis import orderup
    from sim import runner

    comparison = orderup.ORDER_VS_PASS if kind == "order-up" else orderup.ALONE_VS_PARTNER
    folder = RunFolder(out, force)
    timings = {}

    def work():
        used_threads = runner.set_threads(threads)
        t0 = time.perf_counter()
        if silent:
            observed = orderup.observe(hands, seed, rules, table, threads=threads)
        else:
            with click.progressbar(length=hands, label="observed hands", file=sys.stderr) as bar:
                observed = orderup.observe(
                    hands, seed, rules, table, threads=threads, progress=bar.update
                )
        t1 = time.perf_counter()
        kwargs = dict(comparisons=(comparison,), threads=threads)
        if silent:
            paired = orderup.counterfactual(deals, seed, rules, table, **kwargs)
        else:
            with click.progressbar(length=4 * deals, label="paired deals", file=sys.stderr) as bar:
                paired = orderup.counterfactual(
                    deals, seed, rules, table, progress=bar.update, **kwargs
                )
        paired = next(iter(paired.values()))
        t2 = time.perf_counter()
        writer = write_orderup if kind == "order-up" else write_alone
        tables = writer(folder.tmp, observed, paired, rules)
        t3 = time.perf_counter()
        timings.update(observe=t1 - t0, counterfactual=t2 - t1, tables_and_charts=t3 - t2)
        win_gain = win_tables = None
        if score is not None:
            kwargs = dict(comparison=comparison, threads=threads)
            if silent:
                win_gain = orderup.win_probability_gain(deals, score, seed, rules, table, **kwargs)
            else:
                with click.progressbar(
                    length=4 * deals, label=f"paired deals at {score[0]}-{score[1]}",
                    file=sys.stderr,
                ) as bar:  # fmt: skip
                    win_gain = orderup.win_probability_gain(
                        deals, score, seed, rules, table, progress=bar.update, **kwargs
                    )
            win_tables = write_win_gain(folder.tmp, win_gain)
            timings["win_probability_gain"] = time.perf_counter() - t3
        folder.write_json(
            "manifest.json",
            manifest(
                kind, seed=seed, hands=hands, deals=deals, rules=rules, table=table,
                threads=used_threads, timings=timings, paired=paired, win_gain=win_gain,
                command=_command_line(kind, hands, deals, seed, rules, table, out, force,
                                      threads, score),
            ),
        )  # fmt: skip
        return used_threads, observed, paired, tables, win_gain, win_tables

    used_threads, observed, paired, tables, win_gain, win_tables = run_or_fail(ctx, folder, work)
    click.echo(format_headline(tables, paired, comparison.a, comparison.b))
    if win_gain is not None:
        click.echo("\n" + format_win_headline(win_tables["trumps"], win_gain))
    click.echo(f"\nwrote {out} ({sum(timings.values()):.1f} s)")


def _common_options(f):
    f = scheduler_option(f)
    f = click.option("--silent", is_flag=True, help="No progress bars.")(f)
    f = click.option("--force", is_flag=True, help="Overwrite an existing results folder.")(f)
    f = click.option(
        "--out",
        type=click.Path(path_type=Path, file_okay=True, dir_okay=True),
        required=True,
        metavar="DIR",
        help="Results folder to write (CSV tables, PNG/SVG charts, manifest.json).",
    )(f)
    f = click.option("--threads", type=int, default=None, metavar="K", help="Threads.")(f)
    f = strategy_options(f)
    f = rules_options(f)
    f = click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")(f)
    f = click.option(
        "--deals",
        type=int,
        default=200_000,
        show_default=True,
        metavar="M",
        help="Paired deals per position for the counterfactual (forced) runs.",
    )(f)
    f = click.option(
        "--hands",
        type=int,
        default=1_000_000,
        show_default=True,
        metavar="N",
        help="Hands for the observed rates.",
    )(f)
    return f


@click.command("order-up")
@_common_options
@click.option(
    "--score",
    default=None,
    metavar="US-THEM",
    help="Also the change in game win probability at this score, the deciding player's team "
    "first (e.g. 6-8; both 0 to game_to - 1): writes win_probability_gain_by_*.csv.",
)
@click.pass_context
def order_up(ctx, hands, deals, seed, rules, table, threads, out, force, silent, score):
    """When should you order up? Observed rates and paired EV(order) - EV(pass) tables.

    Plays --hands hands to tally how often the strategy ordered up or called per position and
    hand class and how it fared; then, for each position, plays the same deals with that
    player's round-1 decision forced to order up and to pass until --deals deals reached him,
    and reports the paired gain in points per hand for his team with 95% intervals.  Writes CSV
    tables, PNG/SVG charts and manifest.json into DIR and prints the headline table.

    With --score US-THEM the same comparison is played again with every hand at that game
    score (his team's score first) and the paired change in his team's game win probability
    is reported (win-probability table from simulated games; its own noise is not in the
    interval).

    \b
    Example:
        euchre-sim order-up --hands 1000000 --deals 200000 --out results/my-orderup
        euchre-sim order-up --strategy aggressive --rules stick_the_dealer --out runs/std --silent
        euchre-sim order-up --deals 100000 --score 8-9 --out runs/at-8-9
    """
    _run(ctx, "order-up", hands, deals, seed, rules, table, threads, out, force, silent, score)


@click.command("alone")
@_common_options
@click.pass_context
def alone(ctx, hands, deals, seed, rules, table, threads, out, force, silent):
    """When should you go alone? Paired EV(alone) - EV(partner) and march rates by hand class.

    Like 'order-up', but the forced round-1 decision is ordering up alone against ordering up
    with partner.  Writes CSV tables, PNG/SVG charts and manifest.json into DIR.

    \b
    Example:
        euchre-sim alone --hands 1000000 --deals 200000 --out results/my-alone
        euchre-sim alone --rules house --deals 100000 --out runs/alone-house --silent
    """
    _run(ctx, "alone", hands, deals, seed, rules, table, threads, out, force, silent)


__all__ = [
    "order_up", "alone", "write_orderup", "write_alone", "write_win_gain", "manifest",
    "format_headline", "format_win_headline", "WIN_GAIN_FILES",
]  # fmt: skip
