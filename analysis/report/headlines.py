"""The report's headline tables: each run folder's answers, from the study that wrote it
(``analysis.studies.study_of``: its ``headlines`` read the folder's tables and manifest), and
the number formats they use (``analysis.text.html``; ``number_text`` for the raw tables of the
appendix, never in ``e`` notation).
"""

from __future__ import annotations

from analysis.studies import study_of
from analysis.text.html import Headline, decimals_for, number_text, table_html, value_html


def headlines(run: dict) -> list[Headline]:
    """The headline tables of a run folder (``analysis.report.read_run``)."""
    return study_of(run["manifest"]).headlines(run_tables(run), run["manifest"])


def run_tables(run: dict) -> dict:
    """The run folder's tables by name (its CSV files), read once."""
    if "tables" not in run:
        run["tables"] = study_of(run["manifest"]).read(run["folder"], run["manifest"]).tables
    return run["tables"]


__all__ = ["Headline", "headlines", "run_tables", "value_html", "number_text", "table_html",
           "decimals_for"]
