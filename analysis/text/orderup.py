"""The order-up study as text: the gain by trumps and position with its interval in each cell
(``headline``), and the headlines that ``order-up`` and ``alone`` print."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim import POSITIONS


def headline(table: pd.DataFrame, value: str = "gain") -> pd.DataFrame:
    """Pivot a ``by="trumps"`` counterfactual table: trumps (rows) by position (columns, with
    ``all`` when the table is pooled), each cell ``"+0.81 [+0.79, +0.83]"`` (or ``"+3.00 (1
    deal)"`` where a single deal gives no interval)."""
    t = table.copy()
    t["cell"] = [
        f"{v:+.2f} [{lo:+.2f}, {hi:+.2f}]" if np.isfinite(lo) else f"{v:+.2f} ({n} deal)"
        for v, lo, hi, n in zip(
            t[value], t[f"{value}_low"], t[f"{value}_high"], t["deals"], strict=True
        )
    ]
    out = t.pivot(index="trumps", columns="position", values="cell")
    out = out.reindex(columns=[p for p in (*POSITIONS, "all") if p in out.columns]).fillna("")
    out.columns.name = None
    return out


def format_headline(tables: dict, paired, a: str, b: str, written: bool = False) -> str:
    """The printed headline: gain by position and trumps, and the deals per position; the
    march check's flagged classes are listed, and said to be in ``alone_march_check.csv`` only
    when the tables were ``written``."""
    lines = [
        f"EV({a}) - EV({b}) in round 1: points per hand for the deciding player's team, "
        "95% interval",
        "(rows: trumps held with the upcard's suit as trump, the dealer's after picking up;",
        " all: the four positions' deals together)",
        "",
        headline(tables["trumps"]).to_string(),
        "",
        _deals_line(
            "paired deals per position (the auction reached the player in round 1)", paired
        ),
    ]
    check = tables.get("march_check")
    if check is not None:
        flagged = check[check["flag"] != ""]
        where = ":" if not written else ", in alone_march_check.csv and here:"
        lines.append(f"march check: {len(flagged)} of {len(check)} hand classes march more "
                     f"often {a} than with {b} on the same deals (interval above 0; by "
                     "chance alone about 1 class in 40 would be)"
                     + ("" if flagged.empty else where))
        for r in flagged.itertuples(index=False):
            lines.append(f"  {r.position} {r.hand_class}: march rate "
                         f"{100 * r.march_gain:+.1f} percentage points "
                         f"[{100 * r.march_gain_low:+.1f}, {100 * r.march_gain_high:+.1f}], "
                         f"{r.deals:,} deals")
    return "\n".join(lines)


def _deals_line(label: str, tally) -> str:
    """``label: first 1,000 of 1,000 hands, second ...`` from a paired tally."""
    return f"{label}: " + ", ".join(
        f"{p} {int(d):,} of {int(h):,} hands"
        for p, d, h in zip(POSITIONS, tally.deals, tally.hands, strict=True)
    )


def format_win_headline(table, win_gain) -> str:
    """The printed win-probability headline: P(win | a) - P(win | b) in percentage points by
    position and trumps, and the deals per position."""
    c = win_gain.comparison
    us, them = win_gain.score
    pct = table.copy()
    for col in ("win_gain", "win_gain_low", "win_gain_high"):
        pct[col] = pct[col] * 100
    lines = [
        f"P(win | {c.a}) - P(win | {c.b}) at {us}-{them} (the deciding player's team first, game "
        f"to {win_gain.game_to}): game win probability of his team, percentage points, 95% "
        "interval",
        "(the interval leaves out the noise of the simulated win-probability table, and is "
        "clipped to [-100, +100]:",
        " a difference of two probabilities cannot leave it, though the normal interval of a "
        "few deals can)",
        "",
        headline(pct, "win_gain").to_string(),
        "",
        _deals_line("paired deals per position at this score", win_gain),
    ]
    return "\n".join(lines)


__all__ = ["headline", "format_headline", "format_win_headline"]
