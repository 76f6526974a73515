"""The strength ladder as text: the ratings with their intervals, then every pair's margin and
A's share of the games (what ``ladder`` prints)."""

from __future__ import annotations

import pandas as pd


def format_ladder(ratings_df: pd.DataFrame, pairs: pd.DataFrame) -> str:
    lines = ["strategy        points a hand (95%)            Elo (95%)              games won"]
    for r in ratings_df.itertuples(index=False):
        lines.append(f"{r.strategy:<15} {r.points:+.4f} [{r.points_low:+.4f}, "
                     f"{r.points_high:+.4f}]   {r.elo:+6.0f} [{r.elo_low:+6.0f}, "
                     f"{r.elo_high:+6.0f}]   {r.games_won / max(r.games_played, 1):6.1%}")
    lines.append("")
    lines.append("pair                          margin (95%)                  A wins (95%)")
    for r in pairs.itertuples(index=False):
        lines.append(f"{r.a + ' - ' + r.b:<29} {r.margin:+.4f} [{r.low:+.4f}, {r.high:+.4f}]"
                     f"   {r.a_wins:6.1%} [{r.wins_low:.1%}, {r.wins_high:.1%}]")
    return "\n".join(lines)


__all__ = ["format_ladder"]
