"""The advisor's answer for people and programs: ``format_advice`` (one line per option, then
the answer with the paired interval of the best against the runner-up: with a score, by the
chance of winning the game first and points a hand second; and why the equilibrium's own mix
differs, when it does) and ``advice_json``, both from the DataFrame that
``analysis.advise_hand`` returns."""

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
        lines.append(a["stopped"] + (f": what the {a['deals']:,} deals so far show"
                                     if a.get("partial") else ""))
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
    if a.get("answer_by") == "win":
        lines.append(win_verdict(a["recommendation_win"]))
        lines.append(points_second(a["recommendation"]))
    else:
        lines.append(_verdict(a["recommendation"], "points per hand"))
    if a.get("win_table"):
        lines.append(f"game win: {a['win_table']}")
    note = equilibrium_note(df.to_dict(orient="records"), a)
    if note:
        lines.append(note)
    return "\n".join(lines)


def win_verdict(rec: dict) -> str:
    """The answer at a score, in games won in 100: "recommended: order up, wins +4.3 [3.9,
    4.6] more games in 100 than pass"."""
    if rec["runner_up"] is None:
        return f"recommended: {rec['option']} (the only option)"
    d, lo, hi = (100 * rec[k] for k in ("difference", "low", "high"))
    if math.isnan(lo) or math.isnan(hi):
        return (f"no recommendation: {rec['option']} v {rec['runner_up']} differ by {d:.1f} "
                "games in 100, too few deals for an interval")
    if not rec["decided"]:
        return (f"too close to call by the chance of winning the game: {rec['option']} v "
                f"{rec['runner_up']} differ by {d:+.1f} [{lo:+.1f}, {hi:+.1f}] games in 100")
    return (f"recommended: {rec['option']}, wins {d:+.1f} [{lo:.1f}, {hi:.1f}] more games in "
            f"100 than {rec['runner_up']}")


def points_second(rec: dict) -> str:
    """Points a hand, said second at a score: the best option by points and by how much."""
    if rec["runner_up"] is None:
        return f"in points a hand: {rec['option']} (the only option)"
    d, lo, hi = rec["difference"], rec["low"], rec["high"]
    if math.isnan(lo) or math.isnan(hi):
        return f"in points a hand: {rec['option']} v {rec['runner_up']} differ by {d:.3f}"
    if not rec["decided"]:
        return (f"in points a hand: {rec['option']} v {rec['runner_up']} too close to call, "
                f"{d:.3f} [{lo:.3f}, {hi:.3f}]")
    return (f"in points a hand: {rec['option']} is better than {rec['runner_up']} by {d:.3f} "
            f"[{lo:.3f}, {hi:.3f}]")


def answer_of(a: dict) -> dict:
    """The recommendation said first: by the chance of winning the game with a score, else by
    points a hand."""
    return a["recommendation_win"] if a.get("answer_by") == "win" else a["recommendation"]


MIXED = 0.02             # a share above this and below 1 - this: the equilibrium mixes


def equilibrium_note(rows: list[dict], a: dict) -> str | None:
    """Why the equilibrium's own bids for the hand (``rows``' ``equilibrium`` shares) differ
    from the answer, or None when its most likely bid is the answer (or there is no mix): it
    mixes (an equilibrium mixes only between options worth the same to it); at a score, it bids
    by a table solved for another score; the advisor cannot tell the options apart either;
    else its table's bid for the hand's class came from sampled deals where the advisor plays
    this hand out."""
    mix = {r["option"]: r["equilibrium"] for r in rows
           if r.get("equilibrium") is not None and not math.isnan(r["equilibrium"])}
    if not mix:
        return None
    answer = answer_of(a)["option"]
    top = max(mix, key=mix.get)
    if top == answer or mix.get(answer, 0) >= mix[top]:
        return None
    played = ", ".join(f"{o} {100 * p:.0f}%" for o, p in
                       sorted(mix.items(), key=lambda kv: -kv[1]) if p >= 0.005)
    why = []
    if not answer_of(a).get("decided", True):
        why.append("the advisor cannot tell the options apart on these deals either")
    if any(MIXED < p < 1 - MIXED for p in mix.values()):
        why.append("it mixes its bids for this hand, and an equilibrium mixes only between "
                   "options worth the same to it (against itself, in its model of the game): "
                   "to it the hand is close")
    t = a.get("equilibrium_table")
    if t is not None and t["table"] != "{}-{}".format(*t["score"]):
        d, o = t["score"]
        solved = ("the 0-0 table" if t["table"] == "0-0" else
                  "the table solved for the dealers at {}, the others at {}".format(
                      *t["table"].split("-")))
        far = "" if t["distance"] is None else f", {t['distance']:.2f} points a hand apart"
        why.append(f"at this score (the dealers at {d}, the others at {o}) it bids by {solved}, "
                   f"the nearest in shape of the scores solved{far}, not by one solved for "
                   "this score")
    if not why:
        why.append("its table's bid for this hand's class (the hand up to the suits' symmetry) "
                   "was settled on sampled deals, where the advisor plays this very hand out "
                   f"on {a['deals']:,} deals; where the two differ the options are close or "
                   "the table is off for this hand")
    return f"the equilibrium plays {played} here, not {answer}: " + "; and ".join(why) + "."


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
    out["answer"] = {"by": out["answer_by"], **answer_of(out)}
    note = equilibrium_note(records, out)
    if note:
        out["equilibrium_note"] = note[0].upper() + note[1:]
    return out


__all__ = ["format_advice", "advice_json", "answer_of", "equilibrium_note", "win_verdict",
           "points_second"]
