"""One self-contained HTML report from run folders (any folder with a ``manifest.json``): their
verdicts, PNG charts embedded as ``data:`` URIs, CSV tables (the first rows of long ones) and
manifests, with a method note.  Nothing is fetched when the page opens (no scripts, fonts or
outside links), and a viewport meta tag makes it read on a phone.
"""

from __future__ import annotations

import base64
import html
import json
import math
from pathlib import Path

import pandas as pd

MAX_ROWS = 30  # rows shown per CSV table (the full table is in the run folder)

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto;
       max-width: 60rem; padding: 0.8rem; line-height: 1.45; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05rem; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
figure { margin: 1rem 0; } figcaption { font-size: 0.85rem; color: #555; }
.wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; font-size: 0.8rem; }
th, td { border: 1px solid #ddd; padding: 0.2rem 0.4rem; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; } td.text { text-align: left; }
pre { white-space: pre-wrap; word-break: break-word; font-size: 0.75rem; background: #f8f8f8;
      padding: 0.5rem; }
.note { background: #f6f8fa; padding: 0.5rem 0.8rem; border-left: 3px solid #4c72b0; }
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


def kind_of(manifest: dict) -> str:
    if "analysis" in manifest:
        return str(manifest["analysis"])
    return "simulate --games" if "games" in manifest else "simulate"


def _rules_text(m: dict) -> str:
    if "rules_a" in m:
        return f"A: {m.get('rules_a_description', m['rules_a'])}; B: " \
               f"{m.get('rules_b_description', m['rules_b'])}"  # fmt: skip
    return str(m.get("rules_description", m.get("rules", "published rules")))


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
    if isinstance(v, float):
        if math.isnan(v):
            return "", False
        return (f"{v:.4g}" if abs(v) >= 1e-3 or v == 0 else f"{v:.3e}"), False
    if isinstance(v, int):
        return f"{v:,}" if abs(v) >= 10000 else str(v), False
    return html.escape(str(v)), True


def table_html(df: pd.DataFrame, max_rows: int = MAX_ROWS) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in df.columns)
    rows = []
    for rec in df.head(max_rows).itertuples(index=False):
        cells = []
        for v in rec:
            text, is_text = _cell(v.item() if hasattr(v, "item") else v)
            cells.append(f'<td class="text">{text}</td>' if is_text else f"<td>{text}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f'<div class="wrap"><table><thead><tr>{head}</tr></thead><tbody>' \
           f'{"".join(rows)}</tbody></table></div>'  # fmt: skip


def png_html(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    name = html.escape(path.name)
    return (
        f'<figure><img src="data:image/png;base64,{data}" alt="chart {name}">'
        f"<figcaption>{name}</figcaption></figure>"
    )


def _anchor(i: int) -> str:
    return f"run{i}"


def run_section(i: int, run: dict) -> str:
    m, folder = run["manifest"], run["folder"]
    out = [f'<section id="{_anchor(i)}"><h2>{html.escape(folder.name)} '
           f"({html.escape(kind_of(m))})</h2>",
           f'<p class="note">{method_note(m)}</p>']  # fmt: skip
    if run["verdicts"] is not None:
        lines = [x.strip() for x in run["verdicts"].read_text().splitlines() if x.strip()]
        items = "".join(f"<li>{html.escape(x.lstrip('- '))}</li>" for x in lines)
        out.append(f"<h3>Verdicts</h3><ul>{items}</ul>")
    if run["pngs"]:
        out.append("<h3>Charts</h3>")
        out += [png_html(p) for p in run["pngs"]]
    for csv in run["csvs"]:
        try:
            df = pd.read_csv(csv)
        except (OSError, ValueError, pd.errors.ParserError) as e:
            out.append(f"<p>{html.escape(csv.name)}: cannot read it ({html.escape(str(e))})</p>")
            continue
        shown = f"first {MAX_ROWS} of {len(df):,} rows" if len(df) > MAX_ROWS else \
                f"{len(df):,} rows"  # fmt: skip
        out.append(f"<h3>{html.escape(csv.name)} <small>({shown})</small></h3>")
        out.append(table_html(df))
    out.append("<details><summary>manifest.json</summary><pre>"
               f"{html.escape(json.dumps(m, indent=2))}</pre></details></section>")  # fmt: skip
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


def build_report(folders, title: str = "euchre-sim report") -> str:
    """The HTML text of a report on the run ``folders`` (raises ``ReportError`` on a bad one)."""
    runs = [read_run(f) for f in unique_folders(folders)]
    if not runs:
        raise ReportError("give at least one run folder")
    toc = "".join(
        f'<li><a href="#{_anchor(i)}">{html.escape(r["folder"].name)}</a> '
        f"({html.escape(kind_of(r['manifest']))})</li>"
        for i, r in enumerate(runs)
    )
    body = "\n".join(run_section(i, r) for i, r in enumerate(runs))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><h2>Method</h2><p>{METHOD}</p>"
        f"<h2>Runs</h2><ul>{toc}</ul>\n{body}\n</body></html>\n"
    )


def write_report(folders, out: Path, title: str = "euchre-sim report", *,
                 force: bool = True) -> int:
    """Write the report to ``out`` atomically; returns its size in bytes.  With ``force``
    False an existing ``out`` is refused (the command line's default)."""
    import os

    out = Path(out)
    if out.is_dir():
        raise ReportError(f"--out {out}: is a folder; give the HTML file to write")
    if out.exists() and not force:
        raise ReportError(f"--out {out}: file exists (--force overwrites it)")
    text = build_report(folders, title)
    tmp = out.with_name(f"{out.name}.tmp-{os.getpid()}")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise ReportError(f"--out {out}: cannot write there ({e.strerror or e})") from None
    return len(text.encode("utf-8"))


__all__ = ["build_report", "write_report", "unique_folders", "read_run", "method_note",
           "ReportError"]
