"""The rule comparison study (``analysis.compare``): rules B against rules A on the same hands
and games, every difference paired; its tables, verdicts, charts and headline."""

from __future__ import annotations

import html
import math

from analysis.studies.study import Chart, Study, StudyResult, model_text, stage
from analysis.text.html import Headline, table_html, value_html


def _labels(m: dict) -> tuple[str, str]:
    return (str(m.get("rules_a_description", "rules A")),
            str(m.get("rules_b_description", "rules B")))  # fmt: skip


def _hand_rows(t: dict):
    df = t["comparison"]
    return df[df["section"] == "hand"]


def _figure(figsize):
    import matplotlib.pyplot as plt

    from analysis.plots import style

    with style():
        return plt.subplots(figsize=figsize)


def _difference_chart(t, m):
    from analysis.plots import plot_differences

    fig, ax = _figure((7.0, 4.6))
    la, lb = _labels(m)
    who = model_text(m) if isinstance(m.get("strategies"), dict) else None
    title = f"{lb} minus {la} on the same deals"
    plot_differences(_hand_rows(t), ax, title=f"{title}\n{who}" if who else title)
    return fig


def _compare_chart(t, m):
    from analysis.plots.compare import hands_figure

    return hands_figure(_hand_rows(t), _labels(m), m["hands"])


def _makers_chart(t, _m):
    from analysis.plots import plot_maker_rates

    fig, ax = _figure((6.5, 4.0))
    plot_maker_rates(t["makers"], ax)
    return fig


def _win_probability_chart(t, _m):
    from analysis.plots import win_probability_figure

    return win_probability_figure(t["win_probability"])


def _verdict_word(diff: float, lo: float, hi: float) -> str:
    if lo == hi == diff == 0:
        return "same on every deal"
    if lo > 0:
        return '<span class="pays">higher</span>'
    if hi < 0:
        return '<span class="loses">lower</span>'
    return '<span class="close">no clear difference</span>'


class CompareRules(Study):
    """``compare-rules``: two rule sets on the same deals (``analysis.compare.compare_rules``)."""

    name = "compare-rules"
    lead = "difference_chart"

    def answer_tables(self, manifest: dict) -> tuple[str, ...]:
        return ("comparison",)
    charts = (
        Chart("difference_chart", _difference_chart,
              "Each statistic under the second rule set minus the first, on the same deals, "
              "with paired 95% intervals.", needs=("comparison",)),
        Chart("compare_chart", _compare_chart,
              "The two rule sets side by side: how trump is made and points per hand.",
              needs=("comparison",)),
        Chart("makers_chart", _makers_chart,
              "How often makers are euchred: dealers forced to call against all makers.",
              needs=("makers",)),
        Chart("win_probability_chart", _win_probability_chart,
              "Who wins from each score: P(dealing team wins) under the first rule set, and how "
              "much the second rule set changes it (percentage points; cells whose 95% "
              "interval includes 0 are hatched).", needs=("win_probability",)),
    )  # fmt: skip

    def run(self, hands: int, games: int = 0, seed: int = 0, rules_a=None, rules_b=None,
            table=None, *, threads: int | None = None, executor=None,
            progress=None) -> StudyResult:
        """Play ``hands`` hands and ``games`` games (0: none) under rules A and B (default: the
        published rules, and A with stick the dealer) on the same seed."""
        from analysis.compare import compare_rules
        from sim import RunSpec
        from sim.threads import set_threads

        table = RunSpec.of(seed, rules_a, table, threads).table
        used = set_threads(threads)
        timings: dict = {}
        with stage(progress, "hands and games", 2 * (hands + games), timings,
                   "simulate_and_compare") as tick:
            c = compare_rules(hands, games, seed, rules_a, rules_b, table, threads=threads,
                              progress=tick, executor=executor)  # fmt: skip
        tables = {"comparison": c.table, "makers": c.makers}
        if c.win_probability is not None:
            tables |= {"win_probability": c.win_probability, "game_summary": c.game_summary}
        files = {"verdicts.txt": "".join(f"- {v}\n" for v in c.verdicts())}
        return StudyResult(self, tables, dict(table=table, threads=used), c, timings, files)

    def manifest(self, result: StudyResult) -> dict:
        from analysis.compare import rules_label
        from sim.run.manifests import manifest

        c = result.detail
        return manifest(
            self.name, seed=c.seed, hands=c.hands, games=c.games,
            rules_a=c.rules_a.as_dict(), rules_b=c.rules_b.as_dict(),
            rules_a_description=rules_label(c.rules_a),
            rules_b_description=rules_label(c.rules_b),
            strategies=result.args["table"].describe(),
            pairing="hand i and game g use the same deals under A and B (checked: identical "
            "deal masks and first dealers)",
            intervals="95%; paired = mean of per-hand (per-game) differences, unpaired = as if "
            "the two sides were independent samples",
            threads=result.args["threads"], wall_s=c.wall_s, command=result.command,
            files=result.file_names(),
            timings_s={k: round(v, 3) for k, v in result.timings.items()},
        )  # fmt: skip

    def text(self, result: StudyResult) -> str:
        from analysis.text.compare import format_comparison

        return format_comparison(result.detail)

    def headlines(self, tables: dict, manifest: dict) -> list[Headline]:
        """The verdicts as a table: each statistic under rules A and B and the paired
        difference."""
        df = tables.get("comparison")
        if df is None:
            return []
        la, lb = _labels(manifest)
        rows = []
        for _, r in df.iterrows():
            unit = str(r["unit"])
            rows.append([
                html.escape(str(r["statistic"])),
                value_html(r["a"], r.get("a_low", math.nan), r.get("a_high", math.nan),
                           unit=unit),
                value_html(r["b"], r.get("b_low", math.nan), r.get("b_high", math.nan),
                           unit=unit),
                value_html(r["diff"], r["paired_low"], r["paired_high"], unit=unit,
                           signed=True),
                _verdict_word(r["diff"], r["paired_low"], r["paired_high"]),
            ])  # fmt: skip
        header = ["statistic", html.escape(la), html.escape(lb),
                  f"{html.escape(lb)} &minus; {html.escape(la)}", "verdict"]  # fmt: skip
        how = (f"The same deals and games played under {html.escape(la)} and {html.escape(lb)}; "
               "the difference is paired deal by deal (game by game for the game rows), with "
               "its 95% interval; pp: percentage points. Shares are of all hands or games.")
        return [Headline(f"{html.escape(lb.capitalize())} or {html.escape(la)}?",
                         table_html(header, rows), how)]  # fmt: skip


COMPARE_RULES = CompareRules()

__all__ = ["COMPARE_RULES", "CompareRules"]
