"""The report's one self-contained HTML page from run folders: the answers first (headline
tables from ``analysis.report.headlines``, the first beside its lead chart), then each run's
charts with captions and an appendix of raw tables; charts are embedded, nothing is fetched.
"""

from __future__ import annotations

import base64
import html
import json
import os
from pathlib import Path

import pandas as pd

from analysis.report.headlines import headlines, number_text, run_tables
from analysis.studies import STUDIES, kind_of, model_text, study_of
from sim.atomic import write_atomic

MAX_ROWS = 30  # rows shown per raw table in the appendix (the CSV file has them all)
MAX_HEADLINE_COLUMNS = 8  # the headline tables fit the page; wider ones go to the appendix

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto;
       max-width: 76rem; padding: 0.6rem 1rem; line-height: 1.4; color: #222; }
h1 { font-size: 1.45rem; margin: 0.4rem 0; }
h2 { font-size: 1.2rem; border-bottom: 1px solid #ccc; margin-top: 1.6rem; }
h3 { font-size: 1.02rem; margin: 1rem 0 0.4rem; }
h3 .who, h2 .who { font-weight: normal; color: #555; font-size: 0.85em; }
p.lead { margin: 0.2rem 0 0.6rem; color: #444; }
nav { font-size: 0.85rem; } nav a { margin-right: 0.8rem; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
figure { margin: 0.8rem 0; } figcaption { font-size: 0.85rem; color: #444; max-width: 56rem; }
.answer { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.answer > div { flex: 0 1 auto; width: min-content; max-width: 100%; }
.answer > figure { flex: 1 1 24rem; margin: 0; max-width: 40rem; }
p.how { font-size: 0.82rem; color: #444; margin: 0.3rem 0 0; }
table { border-collapse: collapse; font-size: 0.85rem; }
th, td { border: 1px solid #ddd; padding: 0.2rem 0.45rem; text-align: right; }
th { background: #f4f4f4; } th.row { text-align: left; font-weight: normal; }
table.headline td, table.headline th { white-space: nowrap; }
.ci { color: #666; font-size: 0.8em; }
.pays { color: #1f4e9a; } .loses { color: #b3301e; } .close { color: #777; }
table.headline td .pays, table.headline td .loses { font-weight: 600; }
details { margin: 0.6rem 0; } summary { cursor: pointer; color: #1f4e9a; }
.wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table.raw { font-size: 0.75rem; } table.raw td { white-space: nowrap; }
td.text { text-align: left; }
pre { white-space: pre-wrap; word-break: break-word; font-size: 0.75rem; background: #f8f8f8;
      padding: 0.5rem; }
.note { background: #f6f8fa; padding: 0.5rem 0.8rem; border-left: 3px solid #4c72b0;
        font-size: 0.85rem; }
"""


class ReportError(ValueError):
    """A run folder that cannot go into the report (one line for the user)."""


def read_run(folder: Path) -> dict:
    """The manifest and file lists of one run folder."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ReportError(f"no run folder at {folder}")
    mpath = folder / "manifest.json"
    if not mpath.is_file():
        raise ReportError(f"{folder}: not a run folder (no manifest.json)")
    try:
        manifest = json.loads(mpath.read_text())
    except (OSError, ValueError) as e:
        raise ReportError(f"{mpath}: cannot read it ({e})") from None
    return {
        "folder": folder,
        "manifest": manifest,
        "csvs": sorted(folder.glob("*.csv")),
        "pngs": sorted(folder.glob("*.png")),
        "verdicts": folder / "verdicts.txt" if (folder / "verdicts.txt").is_file() else None,
    }


def _rules_text(m: dict) -> str:
    if "rules_a" in m:
        return f"A: {m.get('rules_a_description', m['rules_a'])}; B: " \
               f"{m.get('rules_b_description', m['rules_b'])}"  # fmt: skip
    return str(m.get("rules_description", m.get("rules", "published rules")))


def who_and_rules(m: dict) -> str:
    """Who played under which rules, for a heading: ``tuned players; published rules``, the
    model named where the strategy's name does not say it (``the equilibrium's bids and tuned's
    card play at every seat; published rules``)."""
    s = m.get("strategies")
    if isinstance(s, dict):
        who = model_text(m)
    elif "a" in m and "b" in m:
        who = f"{m['a']} against {m['b']}"
    elif isinstance(s, list) and s:
        who = ", ".join(map(str, s))
    else:
        who = "players not recorded"
    return f"{who}; {_rules_text(m)}"


def check_answers(run: dict) -> None:
    """A ``ReportError`` naming the folder and the file when a table its answers are read from
    is missing or cannot be read (``Study.answer_tables``)."""
    m, folder = run["manifest"], run["folder"]
    tables = run_tables(run)
    for name in study_of(m).answer_tables(m):
        if name in tables:
            continue
        path = folder / f"{name}.csv"
        what = "cannot read" if path.exists() else "lacks"
        raise ReportError(f"{folder}: {what} {name}.csv, which its answers are read from: copy "
                          "the run folder whole, or write it again (its manifest.json holds "
                          "the command)")


def _strategies_text(m: dict) -> str:
    s = m.get("strategies")
    if isinstance(s, dict):
        if s.get("team0") == s.get("team1"):
            return f"{s.get('team0')} at every seat"
        return f"team 0 (seats 0, 2) {s.get('team0')}, team 1 (seats 1, 3) {s.get('team1')}"
    if "a" in m and "b" in m:
        return f"{m['a']} against {m['b']}, seats swapped on the same deals"
    return "not recorded"


def method_note(m: dict) -> str:
    """A sentence or two on what was simulated, from a manifest."""
    what = []
    for key, word in (("hands", "hands"), ("observed_hands", "observed hands"),
                      ("paired_deals_per_position", "paired deals per position"),
                      ("games", "games")):  # fmt: skip
        if isinstance(m.get(key), int) and m[key]:
            what.append(f"{m[key]:,} {word}")
    seeds = [f"seed {m['seed']}"] if "seed" in m else []
    if "paired_seed" in m:
        seeds.append(f"paired seed {m['paired_seed']}")
    parts = [
        f"<b>{html.escape(kind_of(m))}</b>: {html.escape(', '.join(what) or 'a run')}",
        f"{html.escape(', '.join(seeds) or 'seed not recorded')}",
        f"strategies: {html.escape(_strategies_text(m))}",
        f"rules: {html.escape(_rules_text(m))}",
    ]
    if m.get("note"):
        parts.append(html.escape(str(m["note"])))
    tail = []
    if m.get("command"):
        tail.append(f"command: <code>{html.escape(str(m['command']))}</code>")
    if m.get("git_revision"):
        tail.append(f"revision {html.escape(str(m['git_revision'])[:12])}")
    if m.get("version"):
        tail.append(f"version {html.escape(str(m['version']))}")
    return "; ".join(parts) + ".<br>" + "; ".join(tail)


def _cell(v) -> tuple[str, bool]:
    if isinstance(v, str):
        return html.escape(v), True
    return number_text(v), False


def table_html(df: pd.DataFrame, max_rows: int = MAX_ROWS) -> str:
    """A raw table (for the appendix): the first ``max_rows`` rows, numbers in positional
    notation, in a box that scrolls sideways on a narrow page."""
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in df.columns)
    rows = []
    for rec in df.head(max_rows).itertuples(index=False):
        cells = []
        for v in rec:
            text, is_text = _cell(v.item() if hasattr(v, "item") else v)
            cells.append(f'<td class="text">{text}</td>' if is_text else f"<td>{text}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f'<div class="wrap"><table class="raw"><thead><tr>{head}</tr></thead><tbody>' \
           f'{"".join(rows)}</tbody></table></div>'  # fmt: skip


def png_html(data: bytes, name: str, caption: str = "") -> str:
    """A figure with the PNG ``data`` embedded as a ``data:`` URI and its caption."""
    b64 = base64.b64encode(data).decode("ascii")
    text = caption or html.escape(name)
    return (f'<figure><img src="data:image/png;base64,{b64}" alt="chart {html.escape(name)}">'
            f"<figcaption>{text}</figcaption></figure>")  # fmt: skip


def _anchor(i: int) -> str:
    return f"run{i}"


def run_charts(run: dict) -> dict[str, bytes]:
    """The run's charts as PNG bytes by stem: its study's charts in their order (those that
    only the report draws, drawn from the folder's tables), then any other PNG by name."""
    pngs = {p.stem: p for p in run["pngs"]}
    study = study_of(run["manifest"])
    drawn = {c.stem: _png(c, run) for c in study.charts
             if not c.written and c.stem not in pngs
             and all((run["folder"] / f"{t}.csv").is_file() for t in c.needs)}  # fmt: skip
    order = [c.stem for c in study.charts if c.stem in pngs or c.stem in drawn]
    order += [k for k in sorted(set(pngs) | set(drawn)) if k not in order]
    return {k: drawn[k] if k in drawn else pngs[k].read_bytes() for k in order}


def _png(chart, run: dict) -> bytes | None:
    from analysis.plots.theme import figure_png

    try:
        return figure_png(chart.draw(run_tables(run), run["manifest"]))
    except (OSError, ValueError, KeyError, pd.errors.ParserError):
        return None


def _caption(stem: str, run: dict) -> str:
    return study_of(run["manifest"]).caption(stem, run["manifest"]) or html.escape(stem)


def answer_html(run: dict, i: int, charts: dict[str, bytes]) -> str:
    """A run's headline tables, the first beside its lead chart, each with how to read it."""
    out = []
    m = run["manifest"]
    lead = study_of(m).lead_chart(m)
    for k, h in enumerate(headlines(run)):
        fig = ""
        if k == 0 and charts.get(lead):
            fig = png_html(charts[lead], lead, _caption(lead, run) + f' <a href="#{_anchor(i)}">'
                           "More charts and the raw tables below.</a>")  # fmt: skip
        out.append(f'<h3>{h.question} <span class="who">({html.escape(who_and_rules(m))})'
                   "</span></h3>"
                   f'<div class="answer"><div>{h.table}<p class="how">{h.how}</p></div>'
                   f"{fig}</div>")  # fmt: skip
    return "\n".join(out)


def appendix_html(run: dict, link_base: Path | None) -> str:
    """The raw tables of a run (each linked to its CSV file where the report knows where it is
    written), its verdict sentences and manifest, in collapsed ``<details>`` blocks."""
    out = []
    if run["verdicts"] is not None:
        lines = [x.strip() for x in run["verdicts"].read_text().splitlines() if x.strip()]
        items = "".join(f"<li>{html.escape(x.lstrip('- '))}</li>" for x in lines)
        out.append(f"<details><summary>Verdicts in words</summary><ul>{items}</ul></details>")
    for csv in run["csvs"]:
        name = html.escape(csv.name)
        if link_base is not None:
            href = os.path.relpath(csv.resolve(), link_base.resolve()).replace(os.sep, "/")
            name = f'<a href="{html.escape(href)}">{name}</a>'
        try:
            df = pd.read_csv(csv)
        except (OSError, ValueError, pd.errors.ParserError) as e:
            out.append(f"<p>{name}: cannot read it ({html.escape(str(e))})</p>")
            continue
        shown = f"first {MAX_ROWS} of {len(df):,} rows" if len(df) > MAX_ROWS else \
                f"{len(df):,} rows"  # fmt: skip
        out.append(f"<details><summary>Raw table {html.escape(csv.name)} ({shown}, "
                   f"{len(df.columns)} columns)</summary><p>{name}</p>{table_html(df)}"
                   "</details>")  # fmt: skip
    out.append("<details><summary>manifest.json</summary><pre>"
               f"{html.escape(json.dumps(run['manifest'], indent=2))}</pre></details>")
    return "\n".join(out)


def run_section(i: int, run: dict, charts: dict[str, bytes], link_base: Path | None,
                label: str | None = None) -> str:
    """A run's section (named ``label``, default its folder's name): what was run, its
    charts with captions (the lead chart is with the answers), and the appendix of raw
    tables."""
    m, folder = run["manifest"], run["folder"]
    label = label or folder.name
    out = [f'<section id="{_anchor(i)}"><h2>{html.escape(label)} '
           f"({html.escape(kind_of(m))}: {html.escape(who_and_rules(m))})</h2>",
           f'<p class="note">{method_note(m)}</p>']  # fmt: skip
    lead = study_of(m).lead_chart(m) if headlines(run) else None
    out += [png_html(data, stem, _caption(stem, run)) for stem, data in charts.items()
            if data and stem != lead]  # fmt: skip
    out.append(f"<h3>Appendix: raw tables of {html.escape(label)}</h3>")
    out.append(appendix_html(run, link_base))
    out.append("</section>")
    return "\n".join(out)


METHOD = (
    "Every number here comes from a Monte Carlo simulation of four-player Euchre: hand "
    "<i>i</i> of a run with seed <i>s</i> is dealt from a counter-based random generator keyed by "
    "(<i>s</i>, <i>i</i>), so runs that differ only in rules or strategies see exactly the same "
    "deals and their differences are paired (common random numbers). Proportions carry 95% "
    "Wilson intervals, means 95% normal intervals; a paired difference is the mean of per-deal "
    "(or per-game) differences with its own interval, and the unpaired interval beside it shows "
    "how much wider the answer would be from independent samples. Each section below names its "
    "seeds, sizes, strategies and rules, and the command that reproduces it."
)
LEAD = ("The answers first, each with its 95% interval in brackets; below them, each run's "
        "charts, how it was made, and its raw tables (collapsed).")


def unique_folders(folders) -> list[Path]:
    """``folders`` in the order given, each once (a folder named twice, under any spelling of
    its path, goes in once)."""
    seen, out = set(), []
    for f in folders:
        key = Path(f).resolve()
        if key not in seen:
            seen.add(key)
            out.append(Path(f))
    return out


def _by_kind(runs: list[dict], indices) -> list[int]:
    """``indices`` of ``runs`` in the report's reading order of their studies (``STUDIES``),
    the order given within a kind."""
    kinds = list(STUDIES)
    return sorted(indices, key=lambda i: (
        kinds.index(kind_of(runs[i]["manifest"]))
        if kind_of(runs[i]["manifest"]) in kinds else len(kinds), i))  # fmt: skip


def _shared_who(runs: list[dict]) -> str | None:
    shared = {who_and_rules(r["manifest"]) for r in runs}
    return shared.pop() if len(shared) == 1 else None


def _shared_players(runs: list[dict]) -> str | None:
    """The players of every run with one strategy a seat (``basic players``), where they are
    the same; None where they differ or none says."""
    shared = {model_text(r["manifest"]) for r in runs
              if isinstance(r["manifest"].get("strategies"), dict)}  # fmt: skip
    return shared.pop() if len(shared) == 1 else None


def run_labels(runs: list[dict]) -> list[str]:
    """Each run's name in the contents and its section: its folder's name, with the folder
    above where two runs share a name (``equilibrium/orderup`` beside ``orderup``)."""
    names = [r["folder"].name for r in runs]
    return ["/".join(r["folder"].parts[-2:]) if names.count(n) > 1 and len(r["folder"].parts) > 1
            else n for r, n in zip(runs, names, strict=True)]  # fmt: skip


def build_report(folders, title: str = "euchre-sim report", link_base: Path | None = None, *,
                 others=()) -> str:
    """The HTML text of a report on the run ``folders`` (raises ``ReportError`` on a bad one);
    with ``link_base`` (the folder the report goes to) the raw tables link to their CSV files.

    The answers of ``folders`` lead; the answers of the run folders ``others`` (the same
    questions under other players, say) follow in a section of their own, one link away at
    the top, and every run's charts and raw tables after both."""
    lead_runs = [read_run(f) for f in unique_folders(folders)]
    seen = {Path(f).resolve() for f in folders}
    other_runs = [read_run(f) for f in unique_folders(others) if Path(f).resolve() not in seen]
    runs = lead_runs + other_runs
    if not lead_runs:
        raise ReportError("give at least one run folder")
    for run in runs:
        check_answers(run)
    who = _shared_who(lead_runs)
    lead = LEAD if who is None else f"For {html.escape(who)}. {LEAD}"
    charts = [run_charts(r) for r in runs]
    first = range(len(lead_runs))
    answers = "\n".join(answer_html(runs[i], i, charts[i]) for i in _by_kind(runs, first))
    rest, also = "", ""
    if other_runs:
        later = range(len(lead_runs), len(runs))
        other_who = html.escape(_shared_players(other_runs) or "other players")
        lead += (f" The same questions under {other_who} are "
                 '<a href="#other-answers">one link away</a>.')  # fmt: skip
        rest = (f'<section id="other-answers"><h2>The same questions under {other_who}</h2>\n'
                + "\n".join(answer_html(runs[i], i, charts[i]) for i in _by_kind(runs, later))
                + "\n</section>\n")  # fmt: skip
        also = f'<a href="#other-answers">answers under {other_who}</a>'
    labels = run_labels(runs)
    toc = "".join(f'<a href="#{_anchor(i)}">{html.escape(label)}</a>'
                  for i, label in enumerate(labels))  # fmt: skip
    body = "\n".join(run_section(i, r, charts[i], link_base, labels[i])
                     for i, r in enumerate(runs))  # fmt: skip
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
        f'<h1>{html.escape(title)}</h1><p class="lead">{lead}</p>'
        f'<nav>{also}Runs: {toc}<a href="#method">method</a></nav>'
        f'<section id="answers"><h2>Answers</h2>\n{answers}\n</section>\n{rest}{body}\n'
        f'<h2 id="method">Method</h2><p>{METHOD}</p>\n</body></html>\n'
    )


def write_report(folders, out: Path, title: str = "euchre-sim report", *,
                 force: bool = True, others=()) -> int:
    """Write the report to ``out`` atomically; returns its size in bytes.  With ``force``
    False an existing ``out`` is refused (the command line's default); ``others`` as in
    ``build_report``."""
    out = Path(out)
    if out.is_dir():
        raise ReportError(f"--out {out}: is a folder; give the HTML file to write")
    if out.exists() and not force:
        raise ReportError(f"--out {out}: file exists (--force overwrites it)")
    text = build_report(folders, title, link_base=out.parent, others=others)
    try:
        write_atomic(out, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    except OSError as e:
        raise ReportError(f"--out {out}: cannot write there ({e.strerror or e})") from None
    return len(text.encode("utf-8"))


__all__ = ["build_report", "write_report", "unique_folders", "read_run", "method_note",
           "who_and_rules", "check_answers", "ReportError"]
