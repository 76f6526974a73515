"""A tournament's result as text: both sides' points per hand, the paired margin and the share
of games won, with 95% intervals, and the sequential test's decision (what ``tournament``
prints, and its ``--json``)."""

from __future__ import annotations

import math


def format_tournament(hrow, grow) -> str:
    """The printed result of a tournament: the rows of ``head_to_head`` and
    ``head_to_head_games`` (either may be None)."""
    lines = []
    if hrow is not None:
        r = hrow.iloc[0]
        lines.append(
            f"{r['a']} vs {r['b']}, {int(r['deals']):,} deals played from both seats "
            f"({r['rules']}, seed {r['seed']}):"
        )
        lines.append(f"  points per hand: {r['a']} {r['a_points']:.4f}  {r['b']} "
                     f"{r['b_points']:.4f}")  # fmt: skip
        lines.append(f"  margin ({r['a']} - {r['b']}): {r['margin']:+.4f} points per hand  "
                     f"95% [{r['low']:+.4f}, {r['high']:+.4f}] (paired over deals)")  # fmt: skip
    if grow is not None:
        r = grow.iloc[0]
        lines.append(
            f"{r['a']} vs {r['b']}, {int(r['games']):,} games to {r['game_to']} from both seats:"
        )
        lines.append(
            f"  {r['a']} wins {100 * r['a_wins']:.2f}% of games  95% "
            f"[{100 * r['low']:.2f}%, {100 * r['high']:.2f}%] (Wilson, paired over games)"
        )
    return "\n".join(lines)


def decision_words(r) -> str:
    """The sequential test's decision for a person: who is better, or within the bound."""
    return {"a_better": f"{r['a']} is better",
            "b_better": f"{r['b']} is better",
            "within_bound": f"neither is better by {r['bound']:g} points a hand or more",
            }.get(r["decision"], "undecided")  # fmt: skip


def format_sequential(srow, seconds: float | None = None) -> str:
    """The printed sequential test: its decision and why it stopped, the deals played (in
    ``seconds``), the share that differed and the margins (the row of ``SequentialMatch.row``)."""
    r = srow.iloc[0]
    pct = f"{100 * r['share']:.2f}% [{100 * r['share_low']:.2f}%, {100 * r['share_high']:.2f}%]"
    lines = [
        f"sequential test (SPRT) of {r['a']} against {r['b']}: margin bound "
        f"+/-{r['bound']:g} points a hand, alpha {r['alpha']:g}, beta {r['beta']:g}",
        f"  decision: {decision_words(r)}, after {int(r['deals']):,} deals ({int(r['looks'])} "
        f"looks{'' if seconds is None else f', {seconds:.2f} s'}; cap {int(r['cap']):,})",
        f"  why it stopped: {r['reason']}",
    ]
    if r["deals"]:
        lines.append(f"  deals that differed: {int(r['differing']):,} of {int(r['deals']):,}, "
                     f"{pct} (the others were played alike and add 0)")  # fmt: skip
    if r["differing"] > 1:
        lines.append(
            f"  margin on the deals that differed: {r['margin_differing']:+.4f} points a hand  "
            f"95% [{r['margin_differing_low']:+.4f}, {r['margin_differing_high']:+.4f}]")
    if r["deals"] > 1:
        lines.append(
            f"  margin ({r['a']} - {r['b']}) = share x that: {r['margin']:+.4f} points a hand  "
            f"95% [{r['low']:+.4f}, {r['high']:+.4f}]")
    return "\n".join(lines)


def _plain(v):
    """A table cell as JSON: NaN as None, NumPy numbers as Python's."""
    if hasattr(v, "item"):
        v = v.item()
    return None if isinstance(v, float) and math.isnan(v) else v


def tournament_json(tables: dict, seconds: float | None = None) -> dict:
    """A tournament's tables as JSON-ready data: ``hands``, ``games`` and ``sequential`` (each
    row as an object, or None), ``looks`` (one object a look of the sequential test) and the
    ``seconds`` it took."""
    def one(name):
        t = tables.get(name)
        return None if t is None or not len(t) else {k: _plain(v) for k, v in
                                                     t.iloc[0].items()}  # fmt: skip

    looks = tables.get("tournament_looks")
    return {"hands": one("tournament_hands"), "games": one("tournament_games"),
            "sequential": one("tournament_sequential"), "seconds": seconds,
            "looks": [] if looks is None else [{k: _plain(v) for k, v in row.items()}
                                               for row in looks.to_dict("records")]}  # fmt: skip


__all__ = ["format_tournament", "format_sequential", "decision_words", "tournament_json"]
