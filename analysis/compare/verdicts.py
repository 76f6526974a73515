"""The rule comparison's verdicts in words: a sentence per statistic (``verdict``) and on the
euchres of forced dealers (``maker_verdicts``); ``rules_label`` names a rule set in them."""

from __future__ import annotations

import math

import pandas as pd

from sim import Rules


def rules_label(rules: Rules) -> str:
    """A rule set's name for sentences: ``published rules``, ``stick the dealer``, ..."""
    d = rules.describe()
    return {"stick-the-dealer": "stick the dealer", "published": "published rules"}.get(d, d)


UNIT_WORDS = {"share": "percentage points", "points": "points per hand", "hands": "hands"}


def _amount(x: float, half: float, unit: str) -> str:
    """``x ± half`` with the unit once, e.g. ``2.33 ± 0.07 percentage points``; enough
    decimals to show two significant digits of ``half``."""
    scale, least = (100.0, 2) if unit == "share" else (1.0, 4)
    h = abs(half * scale)
    places = least if not h > 0 else max(least, 1 - math.floor(math.log10(h)))
    return f"{x * scale:.{places}f} ± {h:.{places}f} {UNIT_WORDS[unit]}"


def _level(x: float, unit: str) -> str:
    return f"{100 * x:.2f}%" if unit == "share" else f"{x:.4f}"


def verdict(row, label_a: str, label_b: str, phrase: str) -> str:
    """A sentence for one comparison row, e.g. 'stick the dealer raises ... by X ± Y (...)'."""
    unit = row["unit"]
    d = row["diff"]
    half = (row["paired_high"] - row["paired_low"]) / 2
    levels = f"{_level(row['a'], unit)} under {label_a}, {_level(row['b'], unit)} under {label_b}"
    if d == 0 and not half > 0:
        return f"{label_b} leaves {phrase} unchanged on every deal ({levels})."
    if row["paired_low"] > 0 or row["paired_high"] < 0:
        word = "raises" if d > 0 else "lowers"
        return (
            f"{label_b} {word} {phrase} by {_amount(abs(d), half, unit)} "
            f"({levels}; paired 95% interval)."
        )
    return (
        f"no clear difference in {phrase}: {label_b} minus {label_a} is "
        f"{_amount(d, half, unit)} ({levels}; the paired 95% interval includes 0)."
    )


def maker_verdicts(makers: pd.DataFrame) -> list[str]:
    """Sentences comparing forced dealers' euchre rate with all makers' (where calls are forced)."""
    out = []
    for label, t in makers.groupby("rules", sort=False):
        t = t.set_index("makers")
        f, m = t.loc["forced dealers"], t.loc["all makers"]
        if f["made"] == 0:
            continue
        out.append(
            f"under {label}, a dealer forced to call is euchred {100 * f['euchred']:.1f}% of the "
            f"time ({100 * f['euchred_low']:.1f}-{100 * f['euchred_high']:.1f}%, "
            f"{int(f['made']):,} forced calls) against {100 * m['euchred']:.1f}% for all makers "
            f"({100 * m['euchred_low']:.1f}-{100 * m['euchred_high']:.1f}%); forced dealers make "
            f"their bid {100 * f['success']:.1f}% of the time against {100 * m['success']:.1f}%."
        )
    return out
