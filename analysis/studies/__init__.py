"""The registry of studies: every study that writes a run folder, by the name its manifest
carries, in the report's reading order.  The command line, the report and ``scripts/`` find a
study here; each is one ``Study`` (``analysis.studies.study``: run, tables, charts, headlines,
manifest, write).

Example::

    from analysis.studies import STUDIES
    result = STUDIES["order-up"].run(hands=100_000, deals=20_000, seed=1)
    result.tables["order_vs_pass_by_trumps"]      # a tidy DataFrame
    result.write("runs/orderup")                  # CSVs, charts, manifest.json, atomically
"""

from __future__ import annotations

from analysis.studies.card import CARD
from analysis.studies.compare import COMPARE_RULES
from analysis.studies.match_equity import MATCH_EQUITY
from analysis.studies.models import MODELS
from analysis.studies.orderup import ALONE, ORDER_UP, order_up_and_alone
from analysis.studies.perfect import PERFECT
from analysis.studies.runs import SIMULATE, SIMULATE_GAMES
from analysis.studies.study import (
    Chart,
    Study,
    StudyResult,
    model_text,
    players_text,
    quiet,
    write_csv,
)
from analysis.studies.tournament import LADDER, TOURNAMENT

#: name -> study, in the order the report shows their answers
STUDIES: dict[str, Study] = {s.name: s for s in (
    ORDER_UP, ALONE, COMPARE_RULES, SIMULATE, SIMULATE_GAMES, TOURNAMENT, LADDER, PERFECT,
    MODELS, MATCH_EQUITY, CARD,
)}  # fmt: skip


def kind_of(manifest: dict) -> str:
    """The kind of a run folder from its manifest: its ``analysis``, else ``simulate`` or
    ``simulate --games``."""
    if "analysis" in manifest:
        return str(manifest["analysis"])
    return "simulate --games" if "games" in manifest else "simulate"


def study_of(manifest: dict) -> Study:
    """The study that wrote a folder with ``manifest``; a folder of a kind not registered here
    is read as a run's summary tables (``SIMULATE``)."""
    return STUDIES.get(kind_of(manifest), SIMULATE)


def study(name: str) -> Study:
    """The study called ``name`` (``STUDIES``); its ``run(...)`` returns a ``StudyResult`` whose
    ``tables`` are tidy DataFrames by name."""
    try:
        return STUDIES[name]
    except KeyError:
        raise ValueError(f"no study called {name!r}: one of {', '.join(STUDIES)}") from None


__all__ = ["STUDIES", "study", "study_of", "kind_of", "Study", "StudyResult", "Chart",
           "write_csv", "quiet", "players_text", "model_text", "ORDER_UP", "ALONE",
           "COMPARE_RULES", "SIMULATE", "SIMULATE_GAMES", "TOURNAMENT", "LADDER", "PERFECT",
           "MODELS", "MATCH_EQUITY", "CARD", "order_up_and_alone"]
