"""What ``euchre-sim match-equity`` prints: the table as a grid in percent (the dealers' score by
row), the published figures beside ours, and the checks."""

from __future__ import annotations

import numpy as np


def grid_text(table, column: str = "w") -> str:
    """``table[column]`` as a grid of percentages: a row per dealers' score, a column per
    other team's."""
    from analysis.match_equity import grid

    w = grid(table, column)
    to = w.shape[0]
    head = "dealers \\ others " + "".join(f"{o:>6}" for o in range(to))
    lines = [head]
    for d in range(to):
        lines.append(f"{d:>16} " + "".join(f"{100 * x:>6.1f}" for x in w[d]))
    return "\n".join(lines)


def format_match_equity(tables: dict, manifest: dict, players: str) -> str:
    """The whole answer: the grid, its precision, the published figures and the checks
    (``players``: who played, as the report names them)."""
    from analysis.match_equity import Z_WARN

    g = tables["match_equity"]
    half = float(((g["high"] - g["low"]) / 2).max())
    out = [f"P(the dealing team wins the game), %, from each score before a hand "
           f"({players}, {manifest.get('rules_description', '')}; "
           f"{manifest.get('games_per_score', 0):,} games from each score, seed "
           f"{manifest.get('seed')}):", "", grid_text(g), "",
           f"95% intervals: at most +/-{100 * half:.2f} percentage points in any cell "
           "(each cell's interval is in match_equity.csv)."]
    pub = tables.get("published")
    if pub is not None and len(pub):
        out += ["", f"Beside a published simulator's figures ({pub['source'].iloc[0]}, one "
                "heuristic player at every seat):"]
        out += [f"  {r.score}: {100 * r.published:.0f}% published, ours {100 * r.w:.1f}% "
                f"[{100 * r.low:.1f}, {100 * r.high:.1f}]" for r in pub.itertuples()]
    if "order_up_point" in tables:
        out += ["", "The order-up point: the least chance of making it that justifies ordering "
                "up, at the seat's team's score - the other's (67% when a pass is worth "
                "nothing; 'any': order whatever the hand, 'none': never), with its 95% "
                "interval (a bootstrap of the games and the passed hands):", "",
                point_text(tables["order_up_point"])]
    if "bids_by_score" in tables:
        out += ["", "How the bids move with the score: the share of a seat's round-1 turns it "
                "orders up (and, in brackets, the share of those orders euchred):", "",
                bids_text(tables["bids_by_score"])]
    c = tables["checks"]
    out += ["", "Checks:",
            f"  W(d, o) + W'(o, d) - 1 (the same games counted for the other team): at most "
            f"{c['sum_check'].abs().max():.2g} (unfinished games: "
            f"{int(g['unfinished'].sum()):,})"]
    if "z" in c:
        z = c["z"].abs()
        worst = c.loc[z.idxmax()]
        out.append(f"  games vs one hand's outcomes through the recursion "
                   f"({manifest.get('hands_per_score_pair', 0):,} hands a pair of scores): "
                   f"largest difference {100 * np.abs(c['difference']).max():.2f} percentage "
                   f"points; in standard errors at most {z.max():.1f} (at "
                   f"{int(worst.dealer_score)}-{int(worst.other_score)}), "
                   f"{int((z > 2).sum())} of {len(c)} cells beyond 2 (about {0.046 * len(c):.0f} "
                   "expected by chance)")
        if z.max() > Z_WARN:
            out.append(f"  WARNING: a cell differs by more than {Z_WARN:g} standard errors: "
                       "the strategies may decide on more than the score and the deal")
    return "\n".join(out)


POINT_SCORES = ((0, 0), (4, 9), (6, 8), (8, 8), (8, 9), (9, 6), (9, 8), (9, 9))


def by_position_text(table, cell, width: int) -> str:
    """A row a position and a column for each of ``POINT_SCORES`` (the seat's team's score
    first) that the game has: ``cell(row)`` of ``table``'s row there, ``width`` wide."""
    t = table.set_index(["position", "us", "them"])
    to = int(table["us"].max()) + 1
    scores = [(u, h) for u, h in POINT_SCORES if u < to and h < to]
    lines = ["position     " + "".join(f"{f'{u}-{h}':>{width}}" for u, h in scores)]
    for pos in dict.fromkeys(table["position"]):
        lines.append(f"{pos:<13}" + "".join(f"{cell(t.loc[(pos, u, h)]):>{width}}"
                                            for u, h in scores))
    return "\n".join(lines)


def point_text(table) -> str:
    """The order-up point at a few scores, a row a position ('any': order whatever the hand,
    'none': never), with its 95% interval where the table has one (``[low, high]``, in the
    same words past 0% and 100%)."""
    def word(x, pct=""):
        return "any" if x < 0 else ("none" if x > 1 else f"{100 * x:.0f}{pct}")

    if "point_low" not in table:
        return by_position_text(table, lambda r: word(r.point, "%"), 7)

    def cell(r):
        if np.isnan(r.point_low):
            return word(r.point, "%")
        return f"{word(r.point, '%')} [{word(r.point_low)}, {word(r.point_high)}]"

    return by_position_text(table, cell, 19)


def bids_text(table) -> str:
    """Order-up rates (and euchred shares) at a few scores, a row a position."""
    return by_position_text(
        table, lambda r: f"{100 * r.order_rate:.0f}% ({100 * r.order_euchred_share:.0f}%)", 12)


__all__ = ["grid_text", "format_match_equity", "by_position_text", "point_text", "bids_text",
           "POINT_SCORES"]
