"""The text of ``euchre-sim exploit``: each position's best-response gain with its interval."""

from __future__ import annotations


def format_exploit(strategy: str, rules, rows) -> str:
    """A table by position: the held-out gain (95% interval), the in-sample upper figure and,
    when one was valued, the deviation's gain."""
    dev = rows and rows[0].deviation is not None
    sc = getattr(rows[0], "score", None)
    at = f" at {sc[0]}-{sc[1]} (dealer's team first)" if sc else ""
    unit = ("percentage points of game-win probability" if sc else "points a hand")
    head = (f"Exploitability of {strategy}'s bidding under {rules.describe()}{at} (card play: "
            f"{rows[0].play}; {rows[0].samples:,} hands a position, {rows[0].worlds} worlds each), "
            f"{unit} one seat gains:")
    lines = [head, f"  {'position':<9}{'gain':>8}  {'95% interval':<19}{'upper':>7}"
             + ("   deviation (95%)" if dev else "")]
    for r in rows:
        line = (f"  {r.position:<9}{r.gain:>+8.4f}  [{r.low:+.4f}, {r.high:+.4f}]"
                f"{r.upper:>8.4f}")
        if dev:
            line += (f"   {r.deviation:+.4f} [{r.deviation_low:+.4f}, "
                     f"{r.deviation_high:+.4f}]")
        lines.append(line)
    lines.append("  gain: plans chosen on half the worlds, valued on the other (a lower bound "
                 "on the best response); upper: the in-sample best (biased up)")
    return "\n".join(lines)
