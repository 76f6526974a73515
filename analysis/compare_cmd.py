"""The ``compare-rules``, ``tournament`` and ``report`` commands.

Thin wrappers over ``analysis.compare`` (paired rule comparison and charts),
``analysis.headtohead`` (strategy against strategy, seats swapped) and ``analysis.report``
(one self-contained HTML file).  Run folders are written atomically through
``analysis.simulate_cmd.RunFolder``; ``write_comparison`` is shared with
``scripts/regen_compare.py``.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import click

import sim
from analysis.simulate_cmd import (
    RunFolder,
    UsageError,
    _check_seed,
    git_revision,
    rules_options,
    run_or_fail,
    scheduler_option,
    strategy_options,
)


def rules_spec(rules) -> str:
    """A ``--rules`` value that ``parse_rules`` reads back into ``rules``."""
    from sim.rules import PRESETS

    if not rules.changes():
        return "published"
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return ",".join(f"{k}={str(v).lower()}" for k, v in rules.changes().items())


def _parse(option: str, spec: str):
    from sim.rules import parse_rules

    try:
        return parse_rules(spec)
    except ValueError as e:
        raise click.ClickException(f"{option}: {e}") from None


def _csv(df, path: Path) -> None:
    df.to_csv(path, index=False, float_format="%.10g")


def write_comparison(folder: Path, c, dpi: int = 100) -> list[str]:
    """Write a comparison's CSVs, verdicts and charts (PNG + SVG) into ``folder``."""
    from analysis import charts
    from analysis import compare as C

    folder = Path(folder)
    _csv(c.table, folder / "comparison.csv")
    _csv(c.makers, folder / "makers.csv")
    (folder / "verdicts.txt").write_text("".join(f"- {v}\n" for v in c.verdicts()))
    charts.save_figure(C.comparison_figure(c), folder / "compare_chart", dpi)
    with charts.style():
        fig, ax = charts.plt.subplots(figsize=(7.0, 4.6))
    C.plot_differences(
        c.hand_table, ax,
        title=f"{C.rules_label(c.rules_b)} minus {C.rules_label(c.rules_a)} on the same deals",
    )  # fmt: skip
    charts.save_figure(fig, folder / "difference_chart", dpi)
    with charts.style():
        fig, ax = charts.plt.subplots(figsize=(6.5, 4.0))
    C.plot_maker_rates(c.makers, ax)
    charts.save_figure(fig, folder / "makers_chart", dpi)
    if c.win_probability is not None:
        _csv(c.win_probability, folder / "win_probability.csv")
        _csv(c.game_summary, folder / "game_summary.csv")
        charts.save_figure(C.win_probability_figure(c.win_probability),
                           folder / "win_probability_chart", dpi)  # fmt: skip
    return sorted(p.name for p in folder.iterdir())


def comparison_manifest(c, table, threads, command: str, files) -> dict:
    from analysis.compare import rules_label

    return {
        "analysis": "compare-rules",
        "version": sim.__version__,
        "git_revision": git_revision(),
        "seed": c.seed,
        "hands": c.hands,
        "games": c.games,
        "rules_a": c.rules_a.as_dict(),
        "rules_b": c.rules_b.as_dict(),
        "rules_a_description": rules_label(c.rules_a),
        "rules_b_description": rules_label(c.rules_b),
        "strategies": table.describe(),
        "pairing": "hand i and game g use the same deals under A and B (checked: identical deal "
        "masks and first dealers)",
        "intervals": "95%; paired = mean of per-hand (per-game) differences, unpaired = as if "
        "the two sides were independent samples",
        "threads": threads,
        "wall_s": c.wall_s,
        "command": command,
        "files": list(files),
    }


def _progress(silent: bool, length: int, label: str):
    if silent:
        from contextlib import nullcontext

        return nullcontext(None)
    return click.progressbar(length=length, label=label, file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# compare-rules


@click.command("compare-rules")
@click.option("--hands", type=int, default=1_000_000, show_default=True,
              help="Paired hands (each played under both rule sets).")  # fmt: skip
@click.option("--games", type=int, default=100_000, show_default=True,
              help="Paired games to game_to (0: none).")  # fmt: skip
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@strategy_options
@click.option("--a", "a_spec", metavar="RULES", default="published", show_default=True,
              help="Rule set A: a preset and/or options, as for --rules.")  # fmt: skip
@click.option("--b", "b_spec", metavar="RULES", default=None,
              help="Rule set B (default: A with stick_the_dealer).")  # fmt: skip
@click.option("--out", type=click.Path(path_type=Path), required=True, metavar="DIR",
              help="Run folder for the CSVs, charts and manifest.")  # fmt: skip
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--silent", is_flag=True, help="No progress bar.")
@click.pass_context
@scheduler_option
def compare_rules(ctx, hands, games, seed, table, a_spec, b_spec, out, force, threads, silent):
    """Compare two rule sets on the same deals (default: redeal vs stick the dealer).

    Hand i and game g are dealt identically under both rule sets, so every difference is
    paired: each is printed with its paired 95% interval and, for comparison, the unpaired one.
    Writes comparison.csv, makers.csv, win_probability.csv, verdicts.txt, charts (PNG and SVG)
    and manifest.json into DIR.

    \b
    Example:
        euchre-sim compare-rules --out runs/stick
        euchre-sim compare-rules --hands 200000 --games 20000 --seed 3 --out runs/stick
        euchre-sim compare-rules --a stick-the-dealer --b house --strategy aggressive --out runs/h
    """
    from analysis.compare import compare_rules as run
    from analysis.compare import format_comparison

    if hands < 2:
        raise click.ClickException(f"--hands must be at least 2, not {hands}")
    if games < 0 or games == 1:
        raise click.ClickException(f"--games must be 0 (none) or at least 2, not {games}")
    if threads is not None and threads < 1:
        raise click.ClickException(f"--threads must be at least 1, not {threads}")
    _check_seed(seed)
    rules_a = _parse("--a", a_spec)
    rules_b = _parse("--b", b_spec) if b_spec is not None else \
        rules_a.replace(stick_the_dealer=True)  # fmt: skip
    if rules_a == rules_b:
        raise UsageError(
            f"--a and --b are the same rules ({rules_a.describe()}): give two "
            "different rule sets, e.g. --a published --b stick-the-dealer"
        )
    folder = RunFolder(out, force)
    d = table.describe()
    strat = ["--strategy", d["team0"]] if d["team0"] == d["team1"] else \
        ["--team0", d["team0"], "--team1", d["team1"]]  # fmt: skip
    command = shlex.join(["euchre-sim", "compare-rules", "--hands", str(hands), "--games",
                          str(games), "--seed", str(seed), *strat, "--a", rules_spec(rules_a),
                          "--b", rules_spec(rules_b), "--out", str(out)])  # fmt: skip

    def work():
        with _progress(silent, 2 * (hands + games), "hands and games") as bar:
            c = run(hands, games, seed, rules_a, rules_b, table, threads=threads,
                    progress=None if bar is None else bar.update)  # fmt: skip
        files = write_comparison(folder.tmp, c)
        folder.write_json(
            "manifest.json",
            comparison_manifest(c, table, threads, command, files + ["manifest.json"]),
        )
        return c

    c = run_or_fail(ctx, folder, work)
    click.echo(format_comparison(c))
    click.echo(f"\nwrote {out}")


# ---------------------------------------------------------------------------------------------
# tournament


def _tournament_text(hrow, grow) -> str:
    lines = []
    if hrow is not None:
        r = hrow.iloc[0]
        lines.append(
            f"{r['a']} vs {r['b']}, {int(r['deals']):,} deals played from both seats "
            f"({r['rules']}, seed {r['seed']}):"
        )
        lines.append(f"  points per hand: {r['a']} {r['a_points']:.4f}  {r['b']} "
                     f"{r['b_points']:.4f}")  # fmt: skip
        lines.append(f"  margin ({r['a']} - {r['b']}): {r['margin']:+.4f} points per hand  "
                     f"95% [{r['low']:+.4f}, {r['high']:+.4f}] (paired over deals)")  # fmt: skip
    if grow is not None:
        r = grow.iloc[0]
        lines.append(
            f"{r['a']} vs {r['b']}, {int(r['games']):,} games to {r['game_to']} from both seats:"
        )
        lines.append(
            f"  {r['a']} wins {100 * r['a_wins']:.2f}% of games  95% "
            f"[{100 * r['low']:.2f}%, {100 * r['high']:.2f}%] (paired over games)"
        )
    return "\n".join(lines)


@click.command()
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--games", type=int, default=20_000, show_default=True,
              help="Games to game_to, each played from both seats (0: none).")  # fmt: skip
@click.option("--hands", type=int, default=200_000, show_default=True,
              help="Deals, each played from both seats (0: none).")  # fmt: skip
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@rules_options
@click.option("--out", type=click.Path(path_type=Path), default=None, metavar="DIR",
              help="Write a run folder: CSVs, chart (PNG and SVG), manifest.json.")  # fmt: skip
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--silent", is_flag=True, help="No progress bar.")
@click.pass_context
@scheduler_option
def tournament(ctx, a, b, games, hands, seed, rules, out, force, threads, silent):
    """Strategy A against strategy B on the same deals, seats swapped.

    A and B are built-in names, TOML files or code strategies.  Each deal (and each game) is
    played twice, A as team 0 and then as team 1, so the luck of the cards cancels; prints the
    game win rate and points per hand with 95% intervals.

    \b
    Example:
        euchre-sim tournament basic aggressive
        euchre-sim tournament basic examples/strategies/lighter-dealer-partner.toml --games 50000
        euchre-sim tournament basic conservative --rules house --out runs/tour
    """
    from analysis.headtohead import head_to_head, head_to_head_games
    from sim.strategy_files import load_strategy

    if games < 0 or hands < 0 or (games == 0 and hands == 0):
        raise click.ClickException("give --games and/or --hands of at least 1")
    if hands == 1 or games == 1:
        raise click.ClickException("--games and --hands need at least 2 for an interval")
    if threads is not None and threads < 1:
        raise click.ClickException(f"--threads must be at least 1, not {threads}")
    _check_seed(seed)
    try:
        sa, sb = load_strategy(a), load_strategy(b)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    folder = RunFolder(out, force) if out is not None else None
    t0 = time.perf_counter()
    stages = [s for s, n in (("hands", hands), ("games", games)) if n]

    def play():
        hrow = grow = None
        with _progress(silent, len(stages), "tournament") as bar:
            if hands:
                hrow = head_to_head(sa, sb, hands, seed, rules, threads=threads)
                if bar is not None:
                    bar.update(1)
            if games:
                grow = head_to_head_games(sa, sb, games, seed, rules, threads=threads)
                if bar is not None:
                    bar.update(1)
        return hrow, grow

    def work():
        from analysis import charts
        from analysis.compare import plot_tournament

        hrow, grow = play()
        if hrow is not None:
            _csv(hrow, folder.tmp / "tournament_hands.csv")
        if grow is not None:
            _csv(grow, folder.tmp / "tournament_games.csv")
        with charts.style():
            fig, axes = charts.plt.subplots(1, 2, figsize=(9.0, 3.8))
        plot_tournament(hrow, grow, axes)
        with charts.style():
            fig.suptitle(f"Tournament: {sa.name} vs {sb.name} ({rules.describe()}, seed {seed})")
        charts.save_figure(fig, folder.tmp / "tournament_chart")
        folder.write_json("manifest.json", {
            "analysis": "tournament", "version": sim.__version__, "git_revision": git_revision(),
            "seed": seed, "hands": hands, "games": games, "a": sa.name, "b": sb.name,
            "rules": rules.as_dict(), "rules_description": rules.describe(),
            "wall_s": time.perf_counter() - t0,
            "command": shlex.join(["euchre-sim", "tournament", a, b, "--games", str(games),
                                   "--hands", str(hands), "--seed", str(seed), "--rules",
                                   rules_spec(rules), "--out", str(out)]),
        })  # fmt: skip
        return hrow, grow

    if folder is None:
        try:
            hrow, grow = play()
        except ValueError as e:
            raise click.ClickException(str(e)) from None
    else:
        hrow, grow = run_or_fail(ctx, folder, work)
    click.echo(_tournament_text(hrow, grow))
    if out is not None:
        click.echo(f"\nwrote {out}")


# ---------------------------------------------------------------------------------------------
# report


@click.command()
@click.argument("run_dirs", nargs=-1, required=True, metavar="RUN_DIR...",
                type=click.Path(path_type=Path))  # fmt: skip
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), required=True,
              metavar="FILE.html", help="The HTML file to write.")  # fmt: skip
@click.option("--title", default="euchre-sim report", show_default=True, help="Page title.")
def report(run_dirs, out, title):
    """One self-contained HTML report (charts embedded, no network needed) from run folders.

    Accepts the folders written by compare-rules, tournament, simulate --out, order-up and
    alone: each needs a manifest.json; its charts, tables, verdicts and manifest go in.

    \b
    Example:
        euchre-sim report results/compare results/orderup results/alone --out report.html
    """
    from analysis.report import ReportError, write_report

    try:
        size = write_report(run_dirs, out, title)
    except ReportError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"wrote {out} ({size / 1e6:.2f} MB, {len(run_dirs)} run folder"
               f"{'s' if len(run_dirs) != 1 else ''})")  # fmt: skip


__all__ = ["compare_rules", "tournament", "report", "write_comparison", "rules_spec"]
