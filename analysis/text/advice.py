"""The advisor's answer for people and programs: ``format_advice`` (one line per option, then
the recommendation with the paired interval of the best against the runner-up) and
``advice_json``, both from the DataFrame that ``analysis.advise_hand`` returns."""

from __future__ import annotations

import math

TOO_FEW = "too few deals for an interval (it needs at least 2)"


NOT_APPLICABLE = ("making, march and euchred are of the hands the option makes trump: not "
                  "applicable to pass (\u2014)")


def _pct(v, lo, hi) -> str:
    if math.isnan(v):
        return "\u2014"          # not applicable (a pass makes no trump)
    if math.isnan(lo) or math.isnan(hi):
        return f"{100 * v:5.1f}% (no interval)"
    return f"{100 * v:5.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"


def _too_few(df) -> bool:
    """True when some interval is undefined (fewer than 2 deals): printed as a note, never nan."""
    return bool(df[["net_low", "net_high"]].isna().to_numpy().any())


def format_advice(df) -> str:
    a = df.attrs
    head = (
        f"{a['hand']}, upcard {a['upcard']}, {a['position']} position, round {a['round']}"
        + (f", score {a['score'][0]}-{a['score'][1]}" if a["score"] else "")
        + (f", discard {a['discard']}" if a["discard"] else "")
    )
    lines = [
        head,
        f"strategy {a['strategy']}, {a['rules']}; {a['deals']:,} "
        f"deal{'s' if a['deals'] != 1 else ''} (seed {a['seed']}), "
        f"{a['wall_s']:.2f} s",
    ]
    if a.get("assumption"):
        lines.append(a["assumption"])
    if a.get("stopped"):
        lines.append(a["stopped"])
    if a["dealt"] != a["deals"]:
        lines.append(
            f"the auction reached the player in {a['deals']:,} of {a['dealt']:,} deals "
            f"(acceptance {100 * a['deals'] / a['dealt']:.1f}%)"
        )
    width = max(len(o) for o in df["option"]) + 2
    win = "win" in df.columns
    mix = "equilibrium" in df.columns
    header = (
        f"{'option':<{width}}{'net points per hand':<22}{'making':<21}{'march':<21}"
        f"{'euchred':<21}" + (f"{'game win':<21}" if win else "") + ("equilibrium" if mix else "")
    )
    lines.append(header.rstrip())
    for r in df.itertuples(index=False):
        half = (r.net_high - r.net_low) / 2
        ev = f"{r.net:+.3f}" + ("" if math.isnan(half) else f" ± {half:.3f}")
        line = (
            f"{r.option:<{width}}{ev:<22}{_pct(r.making, r.making_low, r.making_high):<21}"
            f"{_pct(r.march, r.march_low, r.march_high):<21}"
            f"{_pct(r.euchred, r.euchred_low, r.euchred_high):<21}"
        )
        if win:
            line += f"{_pct(r.win, r.win_low, r.win_high):<21}"
        if mix:
            line += f"{100 * r.equilibrium:5.1f}%"
        lines.append(line.rstrip())
    if _too_few(df):
        lines.append(TOO_FEW + ": give --deals 2 or more")
    if (df["action"] == "pass").any():
        lines.append(NOT_APPLICABLE)
    lines.append(_verdict(a["recommendation"], "points per hand"))
    if "recommendation_win" in a:
        lines.append("by game win probability: " + _verdict(a["recommendation_win"], "", 100))
        if a.get("win_table"):
            lines.append(f"game win: {a['win_table']}")
    return "\n".join(lines)


def _verdict(rec: dict, unit: str, scale: float = 1) -> str:
    if rec["runner_up"] is None:
        return f"recommended: {rec['option']} (the only option)"
    d, lo, hi = (scale * rec[k] for k in ("difference", "low", "high"))
    unit = unit or "percentage points"
    if math.isnan(lo) or math.isnan(hi):
        return (f"no recommendation: {rec['option']} v {rec['runner_up']} differ by {d:.3f} "
                f"{unit}, too few deals for an interval")
    if not rec["decided"]:
        return (
            f"too close to call: {rec['option']} v {rec['runner_up']} differ by {d:.3f} "
            f"[{lo:.3f}, {hi:.3f}] {unit}"
        )
    return (
        f"recommended: {rec['option']} (better than {rec['runner_up']} by {d:.3f} "
        f"[{lo:.3f}, {hi:.3f}] {unit})"
    )


def _clean(v):
    if isinstance(v, float) and math.isnan(v):
        return None
    if hasattr(v, "item"):
        return _clean(v.item())
    return v


def advice_json(df) -> dict:
    records = [{k: _clean(v) for k, v in r.items()} for r in df.to_dict(orient="records")]
    out = {k: v for k, v in df.attrs.items() if k not in ("recommendation", "paired")}
    out["options"] = records
    if (df["action"] == "pass").any():
        out["not_applicable"] = ("making, march and euchred are null for pass: they are of the "
                                 "hands the option makes trump")
    if _too_few(df):
        out["note"] = TOO_FEW
    out["recommendation"] = {k: _clean(v) for k, v in df.attrs["recommendation"].items()}
    out["paired"] = [{k: _clean(v) for k, v in p.items()} for p in df.attrs["paired"]]
    if "recommendation_win" in df.attrs:
        out["recommendation_win"] = {
            k: _clean(v) for k, v in df.attrs["recommendation_win"].items()
        }
    return out


__all__ = ["format_advice", "advice_json"]
