"""The mission's answers under several models of play (``basic``, ``tuned`` or ``pimc`` at
every seat, or perfect play after ``basic``'s bidding): ``stack`` joins the single-model tables
with a ``model`` column, ``agreement`` says where their verdicts on a gain agree.
"""

from __future__ import annotations

import pandas as pd


def stack(frames: dict) -> pd.DataFrame:
    """One table from ``{model: DataFrame}``, with a ``model`` column first."""
    parts = [df.assign(model=m) for m, df in frames.items() if df is not None and len(df)]
    out = pd.concat(parts, ignore_index=True)
    return out[["model", *[c for c in out.columns if c != "model"]]]


def agreement(df: pd.DataFrame, by=("position", "trumps")) -> pd.DataFrame:
    """Per group: the models' verdicts on the gain's sign (``+``, ``-`` or ``0`` when the
    interval includes 0) and whether every model with a clear sign agrees."""
    def sign(r):
        return "+" if r["gain_low"] > 0 else "-" if r["gain_high"] < 0 else "0"

    df = df.assign(sign=df.apply(sign, axis=1))
    rows = []
    for key, g in df.groupby(list(by), sort=False):
        signs = dict(zip(g["model"], g["sign"], strict=True))
        clear = {s for s in signs.values() if s != "0"}
        rows.append({**dict(zip(by, key, strict=True)), **signs,
                     "agree": len(clear) <= 1})
    return pd.DataFrame(rows)


__all__ = ["stack", "agreement"]
