"""Result folders: the CSV tables, charts and manifests that the analyses write.

One writer per kind of folder (order-up, alone, the rule comparison, a tournament, a
``simulate`` run), shared by the command line and ``scripts/``; manifests are built with
``sim.run.manifests.manifest`` so every folder describes its run the same way.
"""

from __future__ import annotations

import json
from pathlib import Path

from sim import POSITIONS
from sim.atomic import write_atomic
from sim.run.manifests import manifest, rules_fields, run_manifest


def write_csv(df, path: Path) -> str:
    """``df`` as CSV (floats to 10 significant digits, no index); returns the file name."""
    df.to_csv(path, index=False, float_format="%.10g")
    return path.name


# ---------------------------------------------------------------------------------------------
# order-up and alone

ORDERUP_FILES = (
    "observed_by_class.csv", "observed_by_trumps.csv", "observed_by_points.csv",
    "order_vs_pass_by_class.csv", "order_vs_pass_by_trumps_aces.csv",
    "order_vs_pass_by_trumps.csv", "order_vs_pass_by_points.csv", "order_vs_pass_deals.csv",
)  # fmt: skip
ALONE_FILES = (
    "observed_by_class.csv", "observed_by_trumps.csv", "alone_vs_partner_by_class.csv",
    "alone_vs_partner_by_trumps_aces.csv", "alone_vs_partner_by_trumps.csv",
    "alone_vs_partner_by_points.csv", "alone_vs_partner_deals.csv", "alone_march_check.csv",
)  # fmt: skip
#: written by ``order-up --score US-THEM`` as well
WIN_GAIN_FILES = (
    "win_probability_gain_by_trumps.csv", "win_probability_gain_by_trumps_aces.csv",
    "win_probability_gain_by_class.csv",
)  # fmt: skip


def _paired_tables(folder: Path, prefix: str, paired) -> dict:
    from analysis.orderup import counterfactual_table, deals_table

    tables = {by: counterfactual_table(paired, by) for by in ("class", "trumps_aces", "points")}
    tables["trumps"] = counterfactual_table(paired, "trumps", pooled=True)
    for by, df in tables.items():
        write_csv(df, folder / f"{prefix}_by_{by}.csv")
    write_csv(deals_table(paired), folder / f"{prefix}_deals.csv")
    return tables


def write_orderup(folder: Path, observed, paired, rules, dpi: int = 100) -> dict:
    """Write the order-up tables (CSV) and charts (PNG + SVG) into ``folder``.

    ``observed``: ``analysis.orderup.ObservedTally``; ``paired``: the ``order-pass``
    ``PairedTally``.  Returns the tables by name (``observed_<by>``, ``<by>``) for printing.
    """
    import matplotlib.pyplot as plt

    from analysis import plots
    from analysis.orderup import observed_rates

    obs = {by: observed_rates(observed, rules, by) for by in ("class", "trumps", "points")}
    for by, df in obs.items():
        write_csv(df, folder / f"observed_by_{by}.csv")
    tables = _paired_tables(folder, "order_vs_pass", paired)
    plots.save_figure(
        plots.decision_figure(tables["trumps_aces"], "order", "pass"),
        folder / "decision_chart", dpi,
    )  # fmt: skip
    with plots.style():
        fig, ax = plt.subplots(figsize=(6.5, 4.2))
    plots.plot_gain_by_points(
        tables["points"], ax, title="Gain of ordering up over passing by point count (round 1)"
    )
    plots.save_figure(fig, folder / "gain_by_points", dpi)
    with plots.style():
        fig, axes = plt.subplots(1, 2, figsize=(11.0, 4.2))
    plots.plot_rate_by_points(obs["points"], "made", axes[0], count="decisions")
    plots.plot_rate_by_points(obs["points"], "success", axes[1], count="made")
    plots.save_figure(fig, folder / "success_by_points", dpi)
    return {**{f"observed_{k}": v for k, v in obs.items()}, **tables}


def write_alone(folder: Path, observed, paired, rules, dpi: int = 100) -> dict:
    """Write the going-alone tables and charts into ``folder`` (``paired``: ``alone-partner``),
    with ``alone_march_check.csv``: march alone against march with partner on the same deals by
    hand class (``analysis.orderup.march_check``)."""
    import matplotlib.pyplot as plt

    from analysis import plots
    from analysis.orderup import march_check, observed_rates

    obs = {by: observed_rates(observed, rules, by) for by in ("class", "trumps")}
    for by, df in obs.items():
        write_csv(df, folder / f"observed_by_{by}.csv")
    tables = _paired_tables(folder, "alone_vs_partner", paired)
    tables["march_check"] = march_check(tables["class"])
    write_csv(tables["march_check"], folder / "alone_march_check.csv")
    plots.save_figure(
        plots.decision_figure(
            tables["trumps_aces"], "alone", "partner",
            "Should you go alone? EV(alone) - EV(partner) in round 1 "
            "(blue pays; hatched: too close)",
        ),
        folder / "alone_chart", dpi,
    )  # fmt: skip
    plots.save_figure(
        plots.position_grid(
            plots.plot_rate_heatmap, tables["trumps_aces"],
            "Going alone in round 1: march rate (% of deals where the hand is played alone)",
            rate="alone_march_rate",
        ),
        folder / "alone_march_chart", dpi,
    )  # fmt: skip
    with plots.style():
        fig, ax = plt.subplots(figsize=(6.5, 4.2))
    plots.plot_gain_by_points(
        tables["points"], ax, a="alone", b="partner",
        title="Gain of going alone over playing with partner by point count (round 1)",
    )  # fmt: skip
    plots.save_figure(fig, folder / "alone_gain_by_points", dpi)
    return {**{f"observed_{k}": v for k, v in obs.items()}, **tables}


def write_win_gain(folder: Path, win_gain) -> dict:
    """Write the win-probability tables of ``analysis.orderup.win_probability_gain`` into
    ``folder`` (``WIN_GAIN_FILES``); returns them by grouping."""
    from analysis.orderup import win_gain_table

    tables = {
        "trumps": win_gain_table(win_gain, "trumps", pooled=True),
        "trumps_aces": win_gain_table(win_gain, "trumps_aces"),
        "class": win_gain_table(win_gain, "class"),
    }
    for by, df in tables.items():
        write_csv(df, folder / f"win_probability_gain_by_{by}.csv")
    return tables


#: what each play model means, for manifests
PLAY_NOTES = {
    "strategy": "the hands are played as the table's strategy plays them",
    "perfect": "the strategy's bidding, then perfect play with every card seen (the dealer's "
               "discard chosen the same way): each hand scores the solver's value of the "
               "position when play begins",
}


def orderup_manifest(
    kind, *, seed, hands, deals, rules, table, threads, timings, paired, command, win_gain=None
) -> dict:
    """The manifest of an order-up or alone folder (with ``win_gain``: the score and deals of
    the win-probability run); ``play`` is the paired tally's play model."""
    play = getattr(paired, "play", "strategy")
    out = manifest(
        kind, seed=seed, play=play, play_means=PLAY_NOTES[play],
        observed_hands=hands, paired_deals_per_position=deals,
        counterfactual=_forced_runs(paired), **rules_fields(rules),
        strategies=table.describe(), threads=threads, wall_s=round(sum(timings.values()), 3),
        timings_s={k: round(v, 3) for k, v in timings.items()}, command=command,
    )  # fmt: skip
    if win_gain is not None:
        out["win_probability_gain"] = {
            "score": f"{win_gain.score[0]}-{win_gain.score[1]} (the deciding player's team first)",
            **_forced_runs(win_gain),
        }
    return out


def _forced_runs(tally) -> dict:
    """The forced comparison of a paired tally, its deals and hands per position."""
    return {
        "compare": f"{tally.comparison.a} vs {tally.comparison.b} (round 1, forced)",
        "deals": dict(zip(POSITIONS, map(int, tally.deals), strict=True)),
        "hands_played": dict(zip(POSITIONS, map(int, tally.hands), strict=True)),
    }


# ---------------------------------------------------------------------------------------------
# the same questions under two models of play

PERFECT_FILES = (
    "order_vs_pass_by_class.csv", "order_vs_pass_by_trumps_aces.csv",
    "order_vs_pass_by_trumps.csv", "order_vs_pass_by_points.csv", "order_vs_pass_deals.csv",
    "alone_vs_partner_by_class.csv", "alone_vs_partner_by_trumps_aces.csv",
    "alone_vs_partner_by_trumps.csv", "alone_vs_partner_by_points.csv",
    "alone_vs_partner_deals.csv", "order_value_every_seat.csv", "published_comparison.csv",
)  # fmt: skip
PERFECT_CHARTS = ("order_up_two_models", "order_up_heatmaps_two_models", "alone_two_models",
                  "alone_heatmaps_two_models", "published_comparison")  # fmt: skip


def write_perfect(folder: Path, paired: dict, every_seat, dpi: int = 100) -> dict:
    """Write the two-models folder (``PERFECT_FILES``, ``PERFECT_CHARTS`` as PNG + SVG).

    ``paired``: ``{play: {"order-pass": PairedTally, "alone-partner": PairedTally}}`` for the
    plays ``strategy`` and ``perfect`` (``analysis.orderup.counterfactual(..., play=...)``);
    each CSV holds both plays' rows (column ``play``).  ``every_seat``:
    ``analysis.perfect.order_value_every_seat``.  Returns the tables by file stem."""
    import pandas as pd

    from analysis import perfect as P
    from analysis import plots
    from analysis.orderup import counterfactual_table, deals_table

    out = {}
    for key, prefix, a, b, question in (
        ("order-pass", "order_vs_pass", "order", "pass", "order_up"),
        ("alone-partner", "alone_vs_partner", "alone", "partner", "alone"),
    ):
        tallies = {play: t[key] for play, t in paired.items()}
        by = {g: {play: counterfactual_table(t, g, pooled=g == "trumps")
                  for play, t in tallies.items()}
              for g in ("class", "trumps_aces", "trumps", "points")}  # fmt: skip
        for g, tables in by.items():
            out[f"{prefix}_by_{g}"] = pd.concat(tables.values(), ignore_index=True)
        out[f"{prefix}_deals"] = pd.concat(
            [deals_table(t).assign(play=play)[["play", "position", "deals", "hands",
                                               "reached_share"]]
             for play, t in tallies.items()], ignore_index=True)  # fmt: skip
        plots.save_figure(plots.two_models_figure(by["trumps"], a, b),
                          folder / f"{question}_two_models", dpi)  # fmt: skip
        plots.save_figure(plots.two_models_heatmaps(by["trumps_aces"], a, b),
                          folder / f"{question}_heatmaps_two_models", dpi)  # fmt: skip
        if key == "order-pass":
            out["published_comparison"] = P.published_comparison(every_seat, by["trumps"])
    out["order_value_every_seat"] = every_seat
    for stem, df in out.items():
        write_csv(df, folder / f"{stem}.csv")
    plots.save_figure(plots.published_figure(out["published_comparison"]),
                      folder / "published_comparison", dpi)  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------------
# the rule comparison and tournaments


def write_comparison(folder: Path, c, dpi: int = 100) -> list[str]:
    """Write a comparison's CSVs, verdicts and charts (PNG + SVG) into ``folder``."""
    import matplotlib.pyplot as plt

    from analysis import plots
    from analysis.compare import rules_label

    folder = Path(folder)
    write_csv(c.table, folder / "comparison.csv")
    write_csv(c.makers, folder / "makers.csv")
    (folder / "verdicts.txt").write_text("".join(f"- {v}\n" for v in c.verdicts()))
    plots.save_figure(plots.comparison_figure(c), folder / "compare_chart", dpi)
    with plots.style():
        fig, ax = plt.subplots(figsize=(7.0, 4.6))
    plots.plot_differences(
        c.hand_table, ax,
        title=f"{rules_label(c.rules_b)} minus {rules_label(c.rules_a)} on the same deals",
    )  # fmt: skip
    plots.save_figure(fig, folder / "difference_chart", dpi)
    with plots.style():
        fig, ax = plt.subplots(figsize=(6.5, 4.0))
    plots.plot_maker_rates(c.makers, ax)
    plots.save_figure(fig, folder / "makers_chart", dpi)
    if c.win_probability is not None:
        write_csv(c.win_probability, folder / "win_probability.csv")
        write_csv(c.game_summary, folder / "game_summary.csv")
        plots.save_figure(plots.win_probability_figure(c.win_probability),
                          folder / "win_probability_chart", dpi)  # fmt: skip
    return sorted(p.name for p in folder.iterdir())


def comparison_manifest(c, table, threads, command: str, files) -> dict:
    """The manifest of a compare-rules folder (``c``: an ``analysis.compare.RuleComparison``)."""
    from analysis.compare import rules_label

    return manifest(
        "compare-rules", seed=c.seed, hands=c.hands, games=c.games,
        rules_a=c.rules_a.as_dict(), rules_b=c.rules_b.as_dict(),
        rules_a_description=rules_label(c.rules_a), rules_b_description=rules_label(c.rules_b),
        strategies=table.describe(),
        pairing="hand i and game g use the same deals under A and B (checked: identical deal "
        "masks and first dealers)",
        intervals="95%; paired = mean of per-hand (per-game) differences, unpaired = as if "
        "the two sides were independent samples",
        threads=threads, wall_s=c.wall_s, command=command, files=list(files),
    )  # fmt: skip


def write_tournament(folder: Path, hands_row, games_row, a: str, b: str, rules, seed: int,
                     dpi: int = 100) -> None:
    """Write a tournament's CSVs (``tournament_hands.csv``, ``tournament_games.csv``) and its
    chart (PNG + SVG) into ``folder``; ``a`` and ``b`` are the strategies' names."""
    import matplotlib.pyplot as plt

    from analysis import plots

    if hands_row is not None:
        write_csv(hands_row, folder / "tournament_hands.csv")
    if games_row is not None:
        write_csv(games_row, folder / "tournament_games.csv")
    with plots.style():
        fig, axes = plt.subplots(1, 2, figsize=(9.0, 3.8))
    plots.plot_tournament(hands_row, games_row, axes)
    with plots.style():
        fig.suptitle(f"Tournament: {a} vs {b} ({rules.describe()}, seed {seed})")
    plots.save_figure(fig, folder / "tournament_chart", dpi)


def tournament_manifest(*, seed, hands, games, a, b, rules, wall_s, command) -> dict:
    return manifest("tournament", seed=seed, hands=hands, games=games, a=a, b=b,
                    **rules_fields(rules), wall_s=wall_s, command=command)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# simulate runs


def write_hands_run(folder: Path, result, summary, *, parts, command) -> None:
    """A ``simulate --out`` folder of single hands: manifest.json, summary.csv and
    by_position.csv (the records' Parquet parts, named in ``parts``, are already in
    ``folder/records``)."""
    (folder / "manifest.json").write_text(json.dumps(run_manifest(
        result.seed, result.rules, result.table, result.threads, result.wall_s,
        compile_s=result.compile_s, hands=result.hands, hands_per_s=result.hands_per_s,
        records={"parts": parts, "rows": result.hands} if parts is not None else None,
        command=command,
    ), indent=2) + "\n")  # fmt: skip
    summary.to_csv(folder / "summary.csv", index=False)
    write_csv(_by_position(result), folder / "by_position.csv")


def _by_position(result):
    from analysis.summary import by_position

    return by_position(result)


def write_games_run(folder: Path, result, summary, win_probability, *, command) -> None:
    """A ``simulate --games --out`` folder: manifest.json, summary.csv, win_probability.csv
    and, in records mode, records/games.parquet."""
    records = result.records is not None
    (folder / "manifest.json").write_text(json.dumps(run_manifest(
        result.seed, result.rules, result.table, result.threads, result.wall_s,
        compile_s=result.compile_s, games=result.games, hands=result.hands_played,
        hands_per_s=result.hands_per_s,
        records={"parts": ["games.parquet"], "rows": result.games} if records else None,
        command=command,
    ), indent=2) + "\n")  # fmt: skip
    summary.to_csv(folder / "summary.csv", index=False)
    win_probability.to_csv(folder / "win_probability.csv", index=False)
    if records:
        (folder / "records").mkdir()
        result.records.to_parquet(folder / "records" / "games.parquet", index=False)


def write_chunked_run(out: Path, cr, summary, *, records, chunks, scheduler, command) -> None:
    """Finish a chunked ``simulate --out`` folder (``cr``: ``sim.run.chunked.ChunkedResult``):
    summary.csv and by_position.csv, then manifest.json, each written atomically, so a folder
    with a manifest is complete."""
    result = cr.result
    parts = sorted(p.name for p in (out / "records").glob("part-*.parquet")) if records else []
    m = run_manifest(
        result.seed, result.rules, result.table, result.threads, result.wall_s,
        hands=result.hands,
        hands_per_s=result.hands_per_s,  # hands played by this call / its wall
        records={"parts": parts, "rows": result.hands} if records else None,
        command=command, scheduler=scheduler, chunk_hands=cr.chunk_hands, chunks=chunks,
        resumed_chunks=cr.resumed_chunks,
        workers={a: {"chunks": w["chunks"], "hands_per_s": w["hands_per_s"]}
                 for a, w in cr.workers.items()},
    )  # fmt: skip
    write_atomic(out / "summary.csv", summary.to_csv(index=False))
    write_atomic(out / "by_position.csv",
                 _by_position(result).to_csv(index=False, float_format="%.10g"))
    write_atomic(out / "manifest.json", json.dumps(m, indent=2) + "\n")


__all__ = [
    "write_csv", "write_orderup", "write_alone", "write_win_gain", "orderup_manifest",
    "write_comparison", "comparison_manifest", "write_tournament", "tournament_manifest",
    "write_hands_run", "write_games_run", "write_chunked_run", "ORDERUP_FILES", "ALONE_FILES",
    "WIN_GAIN_FILES", "PLAY_NOTES", "write_perfect", "PERFECT_FILES", "PERFECT_CHARTS",
]  # fmt: skip
