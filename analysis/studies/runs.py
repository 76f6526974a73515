"""A ``simulate`` run as a study: hands (``SIMULATE``: the summary and the making by position,
with the records' Parquet parts written as the run plays) or whole games (``SIMULATE_GAMES``:
the summary and who wins from each score, with the game records); the report's headlines of
any folder of summary tables."""

from __future__ import annotations

import html
import math
from pathlib import Path

from analysis.studies.study import Study, StudyResult, stage
from analysis.text.html import Headline, number_text, table_html, value_html


def summary_headline(df) -> Headline:
    """A simulate run's ``summary.csv``: one statistic a row."""
    rows = [[html.escape(str(r["statistic"])),
             value_html(r["value"], r["low"], r["high"], unit=str(r["unit"]))
             if str(r["unit"]) in ("share", "points") or math.isfinite(r["low"])
             else number_text(r["value"])]
            for _, r in df.iterrows()]  # fmt: skip
    how = ("Shares of all hands (alone, success, march and euchred: of the hands made); points "
           "per hand; 95% intervals in brackets.")
    return Headline("What happens in a hand?", table_html(["statistic", "value"], rows), how)


def position_headline(df) -> Headline:
    """Tidy ``position, statistic, value, low, high, unit`` rows as positions by statistics."""
    stats = list(dict.fromkeys(df["statistic"]))
    cells = {(r["position"], r["statistic"]): r for _, r in df.iterrows()}
    rows = []
    for pos in dict.fromkeys(df["position"]):
        row = [html.escape(str(pos))]
        for s in stats:
            r = cells.get((pos, s))
            row.append("&ndash;" if r is None else
                       value_html(r["value"], r["low"], r["high"], unit=str(r["unit"])))
        rows.append(row)
    how = ("By the maker's position relative to the dealer. made: share of all hands made from "
           "there; the rest: shares of the hands made there. 95% intervals in brackets.")
    return Headline("Who makes trump, and how does it go?",
                    table_html(["maker's position"] + [html.escape(s) for s in stats], rows), how)


def summary_headlines(tables: dict) -> list[Headline]:
    """The summary and, where the folder has one (a table with ``position`` and ``statistic``
    columns, or such rows in ``summary``), the by-position table."""
    out = []
    summary = tables.get("summary")
    positions = None
    if summary is not None and "position" in summary.columns:
        positions = summary[summary["position"].notna()]
        summary = summary[summary["position"].isna()]
    for name in sorted(tables):
        df = tables[name] if positions is None else None
        if df is not None and {"position", "statistic", "value", "unit"} <= set(df.columns):
            positions = df
    if summary is not None and {"statistic", "value", "unit"} <= set(summary.columns):
        out.append(summary_headline(summary))
    if positions is not None and len(positions):
        out.append(position_headline(positions))
    return out


class HandsRun(Study):
    """``simulate``: a run of single hands (``sim.simulate``); its folder has no ``analysis``
    in its manifest.  ``SIMULATE.of`` makes the result of a run already played (a chunked
    run's)."""

    name = "simulate"
    float_formats = {"summary": None}

    def owns(self, manifest: dict) -> bool:
        return "analysis" not in manifest and "games" not in manifest

    def answer_tables(self, manifest: dict) -> tuple[str, ...]:
        # a simulate run's own folder; another kind read as summary tables needs none
        ran = "analysis" not in manifest and ("hands" in manifest or "games" in manifest)
        return ("summary",) if ran else ()

    def run(self, hands: int, seed: int = 0, rules=None, table=None, *, records: bool = False,
            records_dir: Path | None = None, threads: int | None = None,
            batch: int | None = None, progress=None) -> StudyResult:
        """Play ``hands`` hands; with ``records``, each part of the records is written as
        ``records/part-NNNNN.parquet`` under ``records_dir`` as the run plays it."""
        from sim.run import hands as runner
        from sim.run.sizes import batch_size

        parts = []

        def write_part(frame, part):
            path = Path(records_dir) / "records" / f"part-{part:05d}.parquet"
            path.parent.mkdir(exist_ok=True)
            frame.to_parquet(path, index=False)
            parts.append(path.name)

        if records and records_dir is None:
            raise ValueError("records need a folder to go to (records_dir)")
        with stage(progress, "hands", hands) as tick:
            result = runner.simulate(hands, seed, rules, table, records=records,
                                     threads=threads, batch=batch or batch_size(hands, records),
                                     on_records=write_part if records else None,
                                     progress=tick)  # fmt: skip
        return self.of(result, compile_s=result.compile_s, hands=result.hands,
                       hands_per_s=result.hands_per_s,
                       records={"parts": parts, "rows": result.hands} if records else None,
                       command=None)  # fmt: skip

    def of(self, result, **fields) -> StudyResult:
        """The study's result of ``result`` (``sim.RunResult``); ``fields`` follow the run's
        seed, rules, strategies, threads and wall time in the manifest (``command``: the line
        given at writing)."""
        from analysis.summary import by_position, summarise

        tables = {"summary": summarise(result), "by_position": by_position(result)}
        return StudyResult(self, tables, fields, result)

    def manifest(self, result: StudyResult) -> dict:
        from sim.run.manifests import run_manifest

        r = result.detail
        fields = {k: result.command if k == "command" and result.command else v
                  for k, v in result.args.items()}  # fmt: skip
        return run_manifest(r.seed, r.rules, r.table, r.threads, r.wall_s, **fields)

    def text(self, result: StudyResult) -> str:
        from analysis.text.summary import format_summary

        t = result.tables
        return format_summary(t["summary"], result.detail, t["by_position"])

    def headlines(self, tables: dict, manifest: dict) -> list[Headline]:
        return summary_headlines(tables)


class GamesRun(HandsRun):
    """``simulate --games``: whole games to ``game_to`` (``sim.simulate_games``), with who
    wins from each score and, with ``records``, ``records/games.parquet``."""

    name = "simulate --games"
    float_formats = {"summary": None, "win_probability": None}

    def owns(self, manifest: dict) -> bool:
        return "analysis" not in manifest and "games" in manifest

    def run(self, games: int, seed: int = 0, rules=None, table=None, *, records: bool = False,
            threads: int | None = None, progress=None) -> StudyResult:
        """Play ``games`` games."""
        from analysis.games import summarise_games, win_probability_table
        from sim import simulate_games

        with stage(progress, "games", games) as tick:
            result = simulate_games(games, seed, rules, table, records=records,
                                    threads=threads, progress=tick)  # fmt: skip
        tables = {"summary": summarise_games(result),
                  "win_probability": win_probability_table(result)}
        files = {}
        if records:
            files["records/games.parquet"] = lambda p: result.records.to_parquet(p, index=False)
        fields = dict(compile_s=result.compile_s, games=result.games, hands=result.hands_played,
                      hands_per_s=result.hands_per_s,
                      records={"parts": ["games.parquet"], "rows": result.games}
                      if records else None, command=None)  # fmt: skip
        return StudyResult(self, tables, fields, result, files=files)

    def text(self, result: StudyResult) -> str:
        from analysis.text.summary import format_games

        t = result.tables
        return format_games(t["summary"], result.detail, t["win_probability"])


SIMULATE = HandsRun()
SIMULATE_GAMES = GamesRun()

__all__ = ["SIMULATE", "SIMULATE_GAMES", "HandsRun", "GamesRun", "summary_headlines"]
