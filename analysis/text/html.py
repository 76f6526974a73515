"""Numbers and tables as HTML for the report's headlines: each value with its 95% interval
beside it in smaller type, formatted for reading (percentages with one decimal, points with two
or three decimals, more only where a paired difference needs them), and ``Headline``, one
answer of a study (``analysis.studies``: each study builds its own from its tables).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Headline:
    """One answer: a question, its table (HTML) and a line on how to read it (HTML)."""

    question: str
    table: str
    how: str


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


__all__ = ["Headline", "decimals_for", "value_html", "number_text", "table_html"]
