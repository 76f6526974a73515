"""A study is one protocol.  ``Study.run(...)`` computes a ``StudyResult``: its tables (tidy
DataFrames by name, each written as ``NAME.csv``), its charts (``Chart``: drawn from the tables
and the manifest, written as ``STEM.png`` and ``.svg``, captioned in the report), its headlines
(``headlines()``: HTML tables for the report; ``text()``: what a command prints) and its
manifest; ``write(out)`` puts it all in a run folder atomically (a failed write leaves
nothing).  The registry of studies is ``analysis.studies.STUDIES``; the report reads a folder
back with ``Study.read``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from sim.atomic import write_atomic

FLOAT_FORMAT = "%.10g"  # floats in the CSV files: 10 significant digits

#: ``progress(label, total)``: a context giving ``tick(k)`` (work done) or None, one per stage
#: of a run; the command line's draws a bar, a script's logs, ``quiet`` shows nothing
Progress = Callable[[str, int], Any]


def quiet(_label: str, _total: int):
    """No progress shown: the context gives None."""
    return nullcontext(None)


@contextmanager
def stage(progress: Progress | None, label: str, total: int, timings: dict | None = None,
          key: str | None = None) -> Iterator[Callable[[int], None] | None]:
    """One stage of a run: its progress (``progress``, None: quiet) and, with ``timings``, its
    seconds as ``timings[key or label]``."""
    t0 = time.perf_counter()
    with (progress or quiet)(label, total) as tick:
        yield tick
    if timings is not None:
        timings[key or label] = time.perf_counter() - t0


def write_csv(df: pd.DataFrame, path: Path, float_format: str | None = FLOAT_FORMAT) -> str:
    """``df`` as CSV (floats to 10 significant digits, no index); returns the file name."""
    df.to_csv(path, index=False, float_format=float_format)
    return Path(path).name


@dataclass(frozen=True)
class Chart:
    """One chart of a study: ``draw(tables, manifest)`` returns the figure; it is drawn when
    the tables in ``needs`` are there, and written as ``STEM.png`` and ``STEM.svg`` unless
    ``written`` is False (then only the report draws it, from a folder's tables).  ``caption``
    (HTML) says how to read it in the report; ``{players}`` stands for the run's players."""

    stem: str
    draw: Callable[[dict, dict], Any]
    caption: str = ""
    needs: tuple[str, ...] = ()
    written: bool = True


class Study:
    """The base of every study (``analysis.studies``).

    A study sets ``name`` (its registry key, the ``analysis`` of its manifests), its
    ``charts`` (in the report's reading order), ``lead`` (the chart beside its first headline)
    and ``float_formats`` (a table written with another float format than ``FLOAT_FORMAT``;
    None: pandas' own), and defines ``run`` (compute: returns a ``StudyResult``), ``manifest``,
    ``headlines`` (from the tables and manifest alone, so a folder read back has them too) and
    ``text``.
    """

    name: str = ""
    lead: str | None = None
    charts: tuple[Chart, ...] = ()
    float_formats: dict[str, str | None] = {}

    def run(self, *args, **kwargs) -> StudyResult:
        raise NotImplementedError

    def manifest(self, result: StudyResult) -> dict:
        """The manifest of a computed result (its ``args``, ``timings`` and ``command``)."""
        return {}

    def headlines(self, tables: dict, manifest: dict) -> list:
        """The report's answers (``analysis.text.html.Headline``), from the tables."""
        return []

    def lead_chart(self, manifest: dict) -> str | None:
        """The chart beside the first headline of a folder with ``manifest`` (``lead``)."""
        return self.lead

    def answer_tables(self, manifest: dict) -> tuple[str, ...]:
        """The tables (``NAME.csv``) a folder with ``manifest`` must hold for the report to
        give its answers: those its headlines read, and those of the charts only the report
        draws.  A folder without one is refused by name rather than silently losing them."""
        return tuple(t for c in self.charts if not c.written for t in c.needs)

    def text(self, result: StudyResult) -> str:
        """What a command prints about ``result``."""
        return ""

    def owns(self, manifest: dict) -> bool:
        """Whether a folder with ``manifest`` holds this study."""
        return manifest.get("analysis") == self.name

    def float_format(self, table: str) -> str | None:
        return self.float_formats.get(table, FLOAT_FORMAT)

    def caption(self, stem: str, manifest: dict) -> str:
        """The report's caption of chart ``stem`` (empty when the study has none)."""
        chart = next((c for c in self.charts if c.stem == stem), None)
        if chart is None or not chart.caption:
            return ""
        return chart.caption.replace("{players}", players_text(manifest))

    def read(self, folder: Path, manifest: dict | None = None) -> StudyResult:
        """The result in run ``folder``: its tables from the CSV files (one that cannot be read
        is left out) and its manifest."""
        folder = Path(folder)
        if manifest is None:
            manifest = json.loads((folder / "manifest.json").read_text())
        tables = {}
        for csv in sorted(folder.glob("*.csv")):
            try:
                tables[csv.stem] = pd.read_csv(csv)
            except (OSError, ValueError, pd.errors.ParserError):
                continue
        return StudyResult(self, tables, recorded=manifest)


@dataclass
class StudyResult:
    """What a study computed: ``tables`` (name -> DataFrame), ``args`` (what it was run with),
    ``detail`` (what else its text needs: the tallies, a comparison), ``timings`` (seconds by
    stage), ``files`` (other files: name -> text, or a function that writes the file at the
    path it is given), ``command`` (the line that reproduces it), for a result read from a
    folder the ``recorded`` manifest, and ``written`` (whether its files are in a folder, which
    its text may point to)."""

    study: Study
    tables: dict[str, pd.DataFrame]
    args: dict = field(default_factory=dict)
    detail: Any = None
    timings: dict[str, float] = field(default_factory=dict)
    files: dict[str, Any] = field(default_factory=dict)
    command: str | None = None
    recorded: dict | None = None
    written: bool = False      # whether ``write_into`` has put its files in a folder

    @property
    def manifest(self) -> dict:
        return self.recorded if self.recorded is not None else self.study.manifest(self)

    @property
    def charts(self) -> list[Chart]:
        """The study's charts that these tables can draw."""
        return [c for c in self.study.charts if all(t in self.tables for t in c.needs)]

    def headlines(self) -> list:
        return self.study.headlines(self.tables, self.manifest)

    def text(self) -> str:
        return self.study.text(self)

    def file_names(self) -> list[str]:
        """The names ``write_into`` puts at the top of a folder, manifest.json last."""
        names = {f"{t}.csv" for t in self.tables}
        names |= {f"{c.stem}.{e}" for c in self.charts if c.written for e in ("png", "svg")}
        names |= {Path(f).parts[0] for f in self.files}
        return sorted(names) + ["manifest.json"]

    def write_into(self, folder: Path, *, command: str | None = None, dpi: int = 100) -> Path:
        """Write the tables, charts, other files and (last, so that a folder with a manifest is
        complete) manifest.json into the existing ``folder``, each file atomically."""
        from analysis.plots.theme import save_figure

        folder = Path(folder)
        if command is not None:
            self.command = command
        t0 = time.perf_counter()
        for name, df in self.tables.items():
            fmt = self.study.float_format(name)
            write_atomic(folder / f"{name}.csv",
                         lambda p, df=df, fmt=fmt: write_csv(df, p, fmt))  # fmt: skip
        for name, content in self.files.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            write_atomic(folder / name, content)
        manifest = self.manifest
        for chart in self.charts:
            if chart.written:
                save_figure(chart.draw(self.tables, manifest), folder / chart.stem, dpi)
        self.timings["tables_and_charts"] = time.perf_counter() - t0
        write_atomic(folder / "manifest.json", json.dumps(self.manifest, indent=2) + "\n")
        self.written = True
        return folder

    def write(self, out: Path, *, force: bool = False, command: str | None = None,
              dpi: int = 100) -> Path:
        """Write the run folder ``out`` atomically (``sim.RunFolder``: into ``OUT.tmp-<pid>``,
        renamed into place when complete); an existing run folder is replaced only with
        ``force``."""
        from sim import RunFolder

        folder = RunFolder(out, force)
        try:
            self.write_into(folder.tmp, command=command, dpi=dpi)
            folder.commit()
        except BaseException:
            folder.discard()
            raise
        return Path(out)


#: who played, for a strategy at every seat whose name alone does not say the model of play
#: (the equilibrium bids by its tables and plays cards like tuned)
MODEL_WORDS = {"equilibrium": "the equilibrium's bids and tuned's card play at every seat"}


def model_text(manifest: dict) -> str:
    """Who played, naming the model of play where the strategy's name does not say it:
    ``the equilibrium's bids and tuned's card play at every seat``, else ``players_text``
    (``basic players``)."""
    s = manifest.get("strategies")
    seats = set(map(str, s.get("seats") or (s.get("team0"), s.get("team1")))) \
        if isinstance(s, dict) else set()  # fmt: skip
    if len(seats) == 1 and (words := MODEL_WORDS.get(seats.pop())):
        return words
    return players_text(manifest)


def players_text(manifest: dict) -> str:
    """Who played, from a manifest's ``strategies``: ``basic players``, ``aggressive (team 0)
    and basic (team 1) players``, or the four seats' strategies."""
    s = manifest.get("strategies")
    if not isinstance(s, dict):
        return "the players"
    seats = [str(x) for x in s.get("seats") or (s.get("team0"), s.get("team1")) * 2]
    if len(set(seats)) == 1:
        return f"{seats[0]} players"
    if seats[0] == seats[2] and seats[1] == seats[3]:
        return f"{seats[0]} (team 0) and {seats[1]} (team 1) players"
    return "the players (" + ", ".join(f"seat {i}: {n}" for i, n in enumerate(seats)) + ")"


__all__ = ["Study", "StudyResult", "Chart", "Progress", "quiet", "stage", "write_csv",
           "players_text", "model_text", "MODEL_WORDS", "FLOAT_FORMAT"]
