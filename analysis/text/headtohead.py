"""A tournament's result as text: both sides' points per hand, the paired margin and the share
of games won, with 95% intervals (what ``tournament`` prints)."""

from __future__ import annotations


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


__all__ = ["format_tournament"]
