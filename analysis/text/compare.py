"""The rule comparison as text: A, B and B - A with paired and unpaired intervals, the makers'
rates and the verdicts (what ``compare-rules`` prints)."""

from __future__ import annotations

from analysis.compare.comparison import RuleComparison
from analysis.compare.verdicts import rules_label


def format_comparison(c: RuleComparison) -> str:
    """The headline tables as text: A, B and B - A with paired and unpaired intervals."""
    la, lb = rules_label(c.rules_a), rules_label(c.rules_b)
    lines = [
        f"A: {la}   B: {lb}   seed {c.seed}; {c.hands:,} paired hands, {c.games:,} paired games",
        "",
    ]
    t = c.table
    width = max(len(s) for s in t["statistic"]) + 2

    def fmt(x, unit):
        return f"{100 * x:8.3f}%" if unit == "share" else f"{x:9.4f}"

    head = f"{'statistic':<{width}}{'A':>10}{'B':>10}{'B - A':>10}  {'paired 95%':>22}  " \
           f"{'unpaired 95%':>22}"  # fmt: skip
    for section, part in t.groupby("section", sort=False):
        lines += [f"per {section}:", head]
        for r in part.to_dict("records"):
            u = r["unit"]
            lines.append(
                f"{r['statistic']:<{width}}{fmt(r['a'], u):>10}{fmt(r['b'], u):>10}"
                f"{fmt(r['diff'], u):>10}  "
                f"{'[' + fmt(r['paired_low'], u).strip() + ', ' + fmt(r['paired_high'], u).strip() + ']':>22}  "  # noqa: E501
                f"{'[' + fmt(r['unpaired_low'], u).strip() + ', ' + fmt(r['unpaired_high'], u).strip() + ']':>22}"  # noqa: E501
            )
        lines.append("")
    lines.append("makers (success = 3 or more tricks):")
    forced_any = set(
        c.makers.loc[(c.makers["makers"] == "forced dealers") & (c.makers["made"] > 0), "rules"]
    )
    for r in c.makers.to_dict("records"):
        if r["made"] == 0 or (r["makers"] == "makers not forced" and r["rules"] not in forced_any):
            continue
        lines.append(
            f"  {r['rules']:<18}{r['makers']:<20}{r['made']:>10,} made  success "
            f"{100 * r['success']:5.1f}%  euchred {100 * r['euchred']:5.1f}% "
            f"[{100 * r['euchred_low']:.1f}, {100 * r['euchred_high']:.1f}]  "
            f"march {100 * r['march']:5.1f}%"
        )
    lines += ["", "verdicts:"] + [f"  - {v}" for v in c.verdicts()]
    return "\n".join(lines)


__all__ = ["format_comparison"]
