"""The report's headline tables: the answers of each kind of run folder, read from its CSVs and
formatted for reading (percentages with one decimal, points with two or three decimals, more
only where a paired difference needs them, and the 95% interval beside each number).

``headlines(run)`` gives a run folder's ``Headline`` list (question, HTML table, how to read it);
``number_text`` formats one value for the raw tables of the appendix (never in ``e`` notation).
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from sim import POSITIONS

MIN_DEALS = 30  # headline cells with fewer deals stay empty
TOO_CLOSE = "too close"


@dataclass(frozen=True)
class Headline:
    """One answer: a question, its table (HTML) and a line on how to read it (HTML)."""

    question: str
    table: str
    how: str


# ---------------------------------------------------------------------------------------------
# numbers


def decimals_for(half: float, least: int, most: int = 4) -> int:
    """Decimals that show an interval of half-width ``half`` (two significant digits of it),
    between ``least`` and ``most``."""
    if not math.isfinite(half) or half <= 0:
        return least
    return int(min(most, max(least, 1 - math.floor(math.log10(half)))))


def value_html(v, lo=math.nan, hi=math.nan, *, unit: str = "points", signed: bool = False,
               least: int | None = None, most: int = 4) -> str:  # fmt: skip
    """``v`` with its interval beside it in smaller type: shares in % (one decimal for levels),
    points and hands with two or three decimals (more only where the interval needs them)."""
    if v is None or not math.isfinite(v):
        return "&ndash;"
    scale, suffix = (100.0, "%") if unit == "share" else (1.0, "")
    if unit == "share" and signed:
        suffix = " pp"
    half = (hi - lo) / 2 * scale if math.isfinite(lo) and math.isfinite(hi) else math.nan
    if least is None:
        least = 1 if unit == "share" else (2 if signed else 3)
    d = decimals_for(half, least, most) if signed else least
    sign = "+" if signed else ""
    text = f"{v * scale:{sign}.{d}f}{suffix}"
    if math.isfinite(half):
        text += f' <span class="ci">[{lo * scale:{sign}.{d}f}, {hi * scale:{sign}.{d}f}]</span>'
    return text


def number_text(v) -> str:
    """A raw table's cell: integers with thousands separators, floats to 4 significant digits
    in positional notation (no ``3.841e-06``), text as is."""
    if isinstance(v, bool | np.bool_):
        return str(v)
    if isinstance(v, int | np.integer):
        return f"{v:,}"
    if isinstance(v, float | np.floating):
        if not math.isfinite(v):
            return ""
        if v == int(v) and abs(v) < 1e15:
            return f"{int(v):,}"
        return np.format_float_positional(v, precision=4, unique=False, fractional=False,
                                          trim="-")  # fmt: skip
    return str(v)


def table_html(header: list[str], rows: list[list[str]], cls: str = "headline") -> str:
    """An HTML table from cells that are already HTML (the first column is a row label)."""
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f'<th class="row">{c}</th>' if k == 0 else f"<td>{c}</td>"
                         for k, c in enumerate(r)) + "</tr>"
        for r in rows
    )  # fmt: skip
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _read(folder: Path, name: str) -> pd.DataFrame | None:
    path = folder / name
    if not path.is_file():
        return None
    try:
        return pd.read_csv(path)
    except (OSError, ValueError, pd.errors.ParserError):
        return None


# ---------------------------------------------------------------------------------------------
# order-up and alone


def _gain_cell(row, a: str, b: str) -> str:
    if row is None or row["deals"] < MIN_DEALS or not math.isfinite(row["gain"]):
        return "&ndash;"
    cls = {a: "pays", b: "loses"}.get(row["verdict"], "close")
    text = value_html(row["gain"], row["gain_low"], row["gain_high"], signed=True, least=2,
                      most=2)
    return f'<span class="{cls}">{text}</span>'


def gain_headline(df: pd.DataFrame, a: str, b: str, question: str, intro: str) -> Headline:
    """Trumps (rows) by position (columns): the paired gain of ``a`` over ``b`` in points per
    hand with its interval, coloured by the verdict (the pooled ``all`` rows stay in the
    appendix)."""
    cols = [p for p in POSITIONS if p in set(df["position"])]
    cells = {(r["position"], int(r["trumps"])): r for _, r in df.iterrows()}
    rows = []
    for t in sorted({int(x) for x in df["trumps"]}):
        rows.append([f"{t} trump{'s' if t != 1 else ''}"]
                    + [_gain_cell(cells.get((p, t)), a, b) for p in cols])  # fmt: skip
    header = ["trumps held"] + cols
    how = (f"{intro} EV({html.escape(a)}) &minus; EV({html.escape(b)}): points per hand for the "
           "deciding player's team on the same deals, 95% interval in brackets. "
           f'<span class="pays">Blue: {html.escape(a)} pays</span>; '
           f'<span class="loses">red: {html.escape(b)} is better</span>; '
           '<span class="close">grey: too close to call</span>. Trumps count the upcard\'s suit '
           "as trump, bowers included; <b>the dealer's count includes the upcard</b> he picks "
           "up.")  # fmt: skip
    return Headline(question, table_html(header, rows), how)


def _play_words(df) -> str:
    """`` (perfect play after the bidding)`` for a table of ``--play perfect``, else ``""``."""
    if "play" in df and set(df["play"]) == {"perfect"}:
        return " (perfect play after the bidding)"
    return ""


def orderup_headlines(folder: Path) -> list[Headline]:
    df = _read(folder, "order_vs_pass_by_trumps.csv")
    if df is None:
        return []
    return [gain_headline(df, "order", "pass",
                          f"Should you order up in round 1?{_play_words(df)}",
                          "Order up or pass, by trumps held and position:")]  # fmt: skip


def alone_headlines(folder: Path) -> list[Headline]:
    df = _read(folder, "alone_vs_partner_by_trumps.csv")
    if df is None:
        return []
    return [gain_headline(df, "alone", "partner",
                          f"Once you order up, should you go alone?{_play_words(df)}",
                          "Conditional on ordering up in round 1 (both sides of each "
                          "comparison order):")]  # fmt: skip


# ---------------------------------------------------------------------------------------------
# the rule comparison, tournaments, simulate runs


def _verdict_word(diff: float, lo: float, hi: float) -> str:
    if lo == hi == diff == 0:
        return "same on every deal"
    if lo > 0:
        return '<span class="pays">higher</span>'
    if hi < 0:
        return '<span class="loses">lower</span>'
    return '<span class="close">no clear difference</span>'


def compare_headlines(folder: Path, manifest: dict) -> list[Headline]:
    """The verdicts as a table: each statistic under rules A and B and the paired difference."""
    df = _read(folder, "comparison.csv")
    if df is None:
        return []
    la = str(manifest.get("rules_a_description", "rules A"))
    lb = str(manifest.get("rules_b_description", "rules B"))
    rows = []
    for _, r in df.iterrows():
        unit = str(r["unit"])
        rows.append([
            html.escape(str(r["statistic"])),
            value_html(r["a"], r.get("a_low", math.nan), r.get("a_high", math.nan), unit=unit),
            value_html(r["b"], r.get("b_low", math.nan), r.get("b_high", math.nan), unit=unit),
            value_html(r["diff"], r["paired_low"], r["paired_high"], unit=unit, signed=True),
            _verdict_word(r["diff"], r["paired_low"], r["paired_high"]),
        ])  # fmt: skip
    header = ["statistic", html.escape(la), html.escape(lb),
              f"{html.escape(lb)} &minus; {html.escape(la)}", "verdict"]  # fmt: skip
    how = (f"The same deals and games played under {html.escape(la)} and {html.escape(lb)}; the "
           "difference is paired deal by deal (game by game for the game rows), with its 95% "
           "interval; pp: percentage points. Shares are of all hands or games.")  # fmt: skip
    return [Headline(f"{html.escape(lb.capitalize())} or {html.escape(la)}?",
                     table_html(header, rows), how)]  # fmt: skip


def tournament_headlines(folder: Path) -> list[Headline]:
    hands, games = _read(folder, "tournament_hands.csv"), _read(folder, "tournament_games.csv")
    rows = []
    names = None
    if hands is not None and len(hands):
        h = hands.iloc[0]
        names = (str(h["a"]), str(h["b"]))
        rows += [
            [f"{html.escape(names[0])}'s points per hand",
             value_html(h["a_points"], h["a_points_low"], h["a_points_high"])],
            [f"{html.escape(names[1])}'s points per hand",
             value_html(h["b_points"], h["b_points_low"], h["b_points_high"])],
            [f"margin ({html.escape(names[0])} &minus; {html.escape(names[1])}), per hand",
             value_html(h["margin"], h["low"], h["high"], signed=True)],
        ]  # fmt: skip
    if games is not None and len(games):
        g = games.iloc[0]
        names = names or (str(g["a"]), str(g["b"]))
        rows.append([f"games won by {html.escape(names[0])} (to {int(g['game_to'])})",
                     value_html(g["a_wins"], g["low"], g["high"], unit="share")])  # fmt: skip
    if not rows:
        return []
    how = ("The same deals with the seats swapped, so neither side gets the better cards; 95% "
           "intervals in brackets.")
    return [Headline(f"{html.escape(names[0])} against {html.escape(names[1])}",
                     table_html(["", "value"], rows), how)]  # fmt: skip


def summary_headline(df: pd.DataFrame) -> Headline:
    """A simulate run's ``summary.csv``: one statistic a row."""
    rows = [[html.escape(str(r["statistic"])),
             value_html(r["value"], r["low"], r["high"], unit=str(r["unit"]))
             if str(r["unit"]) in ("share", "points") or math.isfinite(r["low"])
             else number_text(r["value"])]
            for _, r in df.iterrows()]  # fmt: skip
    how = ("Shares of all hands (alone, success, march and euchred: of the hands made); points "
           "per hand; 95% intervals in brackets.")
    return Headline("What happens in a hand?", table_html(["statistic", "value"], rows), how)


def position_headline(df: pd.DataFrame) -> Headline:
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


def simulate_headlines(folder: Path) -> list[Headline]:
    """The summary and, where the folder has one (a CSV with ``position`` and ``statistic``
    columns, or such rows in ``summary.csv``), the by-position table."""
    out = []
    summary = _read(folder, "summary.csv")
    positions = None
    if summary is not None and "position" in summary.columns:
        positions = summary[summary["position"].notna()]
        summary = summary[summary["position"].isna()]
    for csv in sorted(folder.glob("*.csv")):
        df = _read(folder, csv.name) if positions is None else None
        if df is not None and {"position", "statistic", "value", "unit"} <= set(df.columns):
            positions = df
    if summary is not None and {"statistic", "value", "unit"} <= set(summary.columns):
        out.append(summary_headline(summary))
    if positions is not None and len(positions):
        out.append(position_headline(positions))
    return out


def headlines(run: dict) -> list[Headline]:
    """The headline tables of a run folder (``analysis.report.read_run``), by its kind."""
    m, folder = run["manifest"], run["folder"]
    kind = str(m.get("analysis", ""))
    if kind == "order-up":
        return orderup_headlines(folder)
    if kind == "alone":
        return alone_headlines(folder)
    if kind == "compare-rules":
        return compare_headlines(folder, m)
    if kind == "tournament":
        return tournament_headlines(folder)
    return simulate_headlines(folder)


__all__ = ["Headline", "headlines", "value_html", "number_text", "table_html", "decimals_for"]
