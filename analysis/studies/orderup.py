"""The order-up and going-alone studies (``analysis.orderup``): observed bidding rates, and the
paired forced round-1 decision on the same deals (order up or pass; alone or with partner),
with, at a game score (``score=``), the change in game win probability beside it.

``ORDER_UP`` and ``ALONE`` are one ``PairedDecision`` each; ``order_up_and_alone`` runs both on
one observation and one set of paired deals (the order-up hands are played once for both).
"""

from __future__ import annotations

import html
import math

from analysis.plots.orderup import MIN_DEALS  # cells with fewer deals stay empty
from analysis.studies.study import Chart, Study, StudyResult, model_text, stage
from analysis.text.html import Headline, table_html, value_html
from sim import POSITIONS

#: what each play model means, for manifests
PLAY_NOTES = {
    "strategy": "the hands are played as the table's strategy plays them",
    "perfect": "the strategy's bidding, then perfect play with every card seen (the dealer's "
               "discard chosen the same way): each hand scores the solver's value of the "
               "position when play begins",
}
PERFECT_LINE = ("play: perfect (the strategy's bidding, then every card seen and played "
                "perfectly, the dealer's discard included)\n")  # fmt: skip
BY = ("class", "trumps_aces", "points", "trumps")  # the paired tables, by grouping
WIN_BY = ("trumps", "trumps_aces", "class")


# ---------------------------------------------------------------------------------------------
# charts


def _figure(figsize, cols=1):
    import matplotlib.pyplot as plt

    from analysis.plots import style

    with style():
        return plt.subplots(1, cols, figsize=figsize)


def who_played(m: dict) -> str | None:
    """Who played under which rules, for a chart's title, from its manifest: ``the
    equilibrium's bids and tuned's card play at every seat; published rules`` (``, perfect
    play after the bidding`` with ``--play perfect``); None for a manifest that does not say."""
    if not isinstance(m, dict) or "strategies" not in m:
        return None
    play = ", perfect play after the bidding" if m.get("play") == "perfect" else ""
    rules = m.get("rules_description")
    return f"{model_text(m)}{play}" + (f"; {rules}" if rules else "")


def _gain_by_points(prefix, a, b, title):
    def draw(t, m):
        from analysis.plots import plot_gain_by_points

        who = who_played(m)
        fig, ax = _figure((6.5, 4.2))
        plot_gain_by_points(t[f"{prefix}_by_points"], ax, a=a, b=b,
                            title=f"{title}\n{who}" if who else title)  # fmt: skip
        return fig

    return draw


def _decision(prefix, a, b, title=None):
    def draw(t, m):
        from analysis.plots import decision_figure

        return decision_figure(t[f"{prefix}_by_trumps_aces"], a, b, title, who=who_played(m))

    return draw


def _bower(prefix, a, b):
    def draw(t, m):
        from analysis.plots import bower_figure

        return bower_figure(t[f"{prefix}_by_class"], a, b, who=who_played(m))

    return draw


def _success_by_points(t, m):
    from analysis.plots import plot_rate_by_points

    fig, axes = _figure((11.0, 4.2), 2)
    plot_rate_by_points(t["observed_by_points"], "made", axes[0], count="decisions")
    plot_rate_by_points(t["observed_by_points"], "success", axes[1], count="made")
    if who := who_played(m):
        fig.suptitle(who)
    return fig


def _march_rate(t, m):
    from analysis.plots import plot_rate_heatmap, position_grid

    title = "Going alone in round 1: march rate (% of deals where the hand is played alone)"
    who = who_played(m)
    return position_grid(
        plot_rate_heatmap, t["alone_vs_partner_by_trumps_aces"],
        f"{title}\n{who}" if who else title, rate="alone_march_rate",
    )  # fmt: skip


ORDER_CHARTS = (
    Chart("decision_chart", _decision("order_vs_pass", "order", "pass"),
          "Should you order up? By hand classes a player names: trumps held (rows) and "
          "off-suit aces (columns), one panel per position; each cell is EV(order) &minus; "
          "EV(pass) in points per hand on the same deals (blue: ordering pays; red: passing is "
          "better; hatched: too close to call). The dealer's trumps include the upcard."),
    Chart("bower_chart", _bower("order_vs_pass", "order", "pass"),
          "The same question by trumps and bowers held (off-suit aces pooled): which trumps "
          "you hold matters as much as how many. The dealer's trumps include the upcard.",
          needs=("order_vs_pass_by_class",), written=False),
    Chart("gain_by_points",
          _gain_by_points("order_vs_pass", "order", "pass",
                          "Gain of ordering up over passing by point count (round 1)"),
          "A secondary view for readers of the basic strategy: the same gain by its point "
          "count (right bower 3.2, left 2.8, trump A K Q T 9 2.4 to 1.6, off-suit ace 1.3 and "
          "king 0.3, 0.6 a void with two or more trumps; the dealer's count includes the "
          "upcard). Bins with fewer than 1,000 deals are left out; at the top, where the hands "
          "are mostly 4-5 trumps with both bowers, passing scores well too, so the gain levels "
          "off."),
    Chart("success_by_points", _success_by_points,
          "What {players} actually did (observed, not forced): the share of decisions that "
          "ordered up and the makers' success, by the point count above."),
)  # fmt: skip
ALONE_CHARTS = (
    Chart("alone_chart",
          _decision("alone_vs_partner", "alone", "partner",
                    "Should you go alone? EV(alone) - EV(partner) in round 1 (blue pays; "
                    "hatched: too close)"),
          "Conditional on ordering up in round 1: EV(alone) &minus; EV(with partner) by trumps "
          "and off-suit aces, the same deals played both ways. The dealer's trumps include the "
          "upcard."),
    Chart("alone_march_chart", _march_rate,
          "Conditional on ordering up: how often the lone hand takes all five tricks (4 "
          "points)."),
    Chart("alone_gain_by_points",
          _gain_by_points("alone_vs_partner", "alone", "partner",
                          "Gain of going alone over playing with partner by point count "
                          "(round 1)"),
          "Conditional on ordering up: EV(alone) &minus; EV(with partner) by the basic "
          "strategy's point count (see the order-up section for how points are counted)."),
    Chart("alone_bower_chart", _bower("alone_vs_partner", "alone", "partner"),
          "Conditional on ordering up: EV(alone) &minus; EV(with partner) by trumps and bowers "
          "held (off-suit aces pooled).",
          needs=("alone_vs_partner_by_class",), written=False),
)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# the report's headline


def _gain_cell(row, a: str, b: str, unit: str = "points") -> str:
    if row is None or row["deals"] < MIN_DEALS or not math.isfinite(row["gain"]):
        return "&ndash;"
    cls = {a: "pays", b: "loses"}.get(row["verdict"], "close")
    text = value_html(row["gain"], row["gain_low"], row["gain_high"], unit=unit, signed=True,
                      least=2 if unit == "points" else 1, most=2)  # fmt: skip
    return f'<span class="{cls}">{text}</span>'


#: what a gain headline's numbers are, by its unit
GAIN_WORDS = {
    "points": "points per hand for the deciding player's team on the same deals",
    "share": "the change in the deciding player's team's chance of winning the game, in "
             "percentage points, on the same deals",
}


def gain_headline(df, a: str, b: str, question: str, intro: str,
                  unit: str = "points") -> Headline:
    """Trumps (rows) by position (columns): the paired gain of ``a`` over ``b`` in points per
    hand (``unit="share"``: a gain in game win probability) with its interval, coloured by
    the verdict (the pooled ``all`` rows stay in the appendix)."""
    cols = [p for p in POSITIONS if p in set(df["position"])]
    cells = {(r["position"], int(r["trumps"])): r for _, r in df.iterrows()}
    rows = []
    for t in sorted({int(x) for x in df["trumps"]}):
        rows.append([f"{t} trump{'s' if t != 1 else ''}"]
                    + [_gain_cell(cells.get((p, t)), a, b, unit) for p in cols])  # fmt: skip
    header = ["trumps held"] + cols

    def term(x: str) -> str:
        return f"EV({html.escape(x)})" if unit == "points" else f"P(win | {html.escape(x)})"

    how = (f"{intro} {term(a)} &minus; {term(b)}: {GAIN_WORDS[unit]}, 95% interval in "
           "brackets. "
           f'<span class="pays">Blue: {html.escape(a)} pays</span>; '
           f'<span class="loses">red: {html.escape(b)} is better</span>; '
           '<span class="close">grey: too close to call</span>. Trumps count the upcard\'s suit '
           "as trump, bowers included; <b>the dealer's count includes the upcard</b> he picks "
           "up.")  # fmt: skip
    return Headline(question, table_html(header, rows), how)


def _play_words(df) -> str:
    """`` (perfect play after the bidding)`` for a table of ``--play perfect``, else ``""``."""
    if "play" in df and set(df["play"]) == {"perfect"}:
        return " (perfect play after the bidding)"
    return ""


# ---------------------------------------------------------------------------------------------
# the study


class PairedDecision(Study):
    """One forced round-1 decision (``choice``: ``ORDER_VS_PASS`` or ``ALONE_VS_PARTNER``) on
    paired deals, beside the observed bidding rates (grouped by ``observed``)."""

    def __init__(self, name, a, b, prefix, observed, charts, lead, question, intro):
        self.name, self.a, self.b, self.prefix = name, a, b, prefix
        self.observed, self.charts, self.lead = observed, charts, lead
        self.question, self.intro = question, intro

    def answer_tables(self, manifest: dict) -> tuple[str, ...]:
        return (f"{self.prefix}_by_trumps", *super().answer_tables(manifest))

    def lead_chart(self, manifest: dict) -> str | None:
        """None at a game score: the answer is in games won, and the charts are in points (they
        stay in the run's section)."""
        return None if "win_probability_gain" in manifest else self.lead

    @property
    def choice(self):
        """The forced choice (``analysis.orderup``), imported when a study runs."""
        from analysis import orderup as O

        return O.ORDER_VS_PASS if self.b == "pass" else O.ALONE_VS_PARTNER

    def run(self, hands: int, deals: int, seed: int = 0, rules=None, table=None, *,
            play: str = "strategy", score=None, paired_seed: int | None = None,
            threads: int | None = None, executor=None, progress=None,
            warm_up: bool = False) -> StudyResult:
        """Observe ``hands`` hands of ``seed``, then play ``deals`` paired deals per position
        (of ``paired_seed``, default ``seed``) with the decision forced each way; with
        ``score`` (``"6-8"`` or ``(6, 8)``) the same at that game score in win probability.
        ``play``: ``"strategy"`` or ``"perfect"`` (``analysis.orderup.counterfactual``);
        ``warm_up`` compiles (or loads) the kernel first, timed apart."""
        return _play((self,), hands, deals, seed, rules, table, play=play, score=score,
                     paired_seed=paired_seed, threads=threads, executor=executor,
                     progress=progress, warm_up=warm_up)[0]  # fmt: skip

    def result(self, observed, paired, win_gain, args, timings) -> StudyResult:
        """The study's tables from its tallies (``analysis.orderup``)."""
        from analysis import orderup as O

        p = self.prefix
        tables = {f"observed_by_{by}": O.observed_rates(observed, args["rules"], by)
                  for by in self.observed}  # fmt: skip
        tables |= {f"{p}_by_{by}": O.counterfactual_table(paired, by, pooled=by == "trumps")
                   for by in BY}  # fmt: skip
        tables[f"{p}_deals"] = O.deals_table(paired)
        if self.b == "partner":
            tables["alone_march_check"] = O.march_check(tables[f"{p}_by_class"])
        if win_gain is not None:
            tables |= {f"win_probability_gain_by_{by}":
                       O.win_gain_table(win_gain, by, pooled=by == "trumps") for by in WIN_BY}
        return StudyResult(self, tables, args, {"paired": paired, "win_gain": win_gain},
                           dict(timings))  # fmt: skip

    def manifest(self, result: StudyResult) -> dict:
        from sim.run.manifests import manifest, rules_fields

        a, paired, win = result.args, result.detail["paired"], result.detail["win_gain"]
        t = result.timings
        out = manifest(
            self.name, seed=a["seed"], play=paired.play, play_means=PLAY_NOTES[paired.play],
            observed_hands=a["hands"], paired_deals_per_position=a["deals"],
            counterfactual=_forced_runs(paired), **rules_fields(a["rules"]),
            strategies=a["table"].describe(), threads=a["threads"],
            wall_s=round(sum(t.values()), 3), timings_s={k: round(v, 3) for k, v in t.items()},
            command=result.command,
        )  # fmt: skip
        if win is not None:
            out["win_probability_gain"] = {
                "score": f"{win.score[0]}-{win.score[1]} (the deciding player's team first)",
                **_forced_runs(win),
            }
        if a.get("paired_seed") is not None:
            out["paired_seed"] = a["paired_seed"]
        return out

    def text(self, result: StudyResult) -> str:
        from analysis.text.orderup import format_headline, format_win_headline

        t, p = result.tables, self.prefix
        paired, win = result.detail["paired"], result.detail["win_gain"]
        by = {"trumps": t[f"{p}_by_trumps"], "march_check": t.get("alone_march_check")}
        out = format_headline(by, paired, self.a, self.b, result.written)
        if paired.play == "perfect":
            out = PERFECT_LINE + "\n" + out
        if win is not None:
            out += "\n\n" + format_win_headline(t["win_probability_gain_by_trumps"], win)
        return out

    def headlines(self, tables: dict, manifest: dict) -> list[Headline]:
        df = tables.get(f"{self.prefix}_by_trumps")
        if df is None:
            return []
        question = f"{self.question}{_play_words(df)}"
        win = tables.get("win_probability_gain_by_trumps")
        if win is None or not len(win):
            return [gain_headline(df, self.a, self.b, question, self.intro)]
        # at a game score the answer is the game won (the points a hand, played without a
        # score, stay in the appendix)
        score = str(win["score"].iloc[0])
        g = win.rename(columns={"win_gain": "gain", "win_gain_low": "gain_low",
                                "win_gain_high": "gain_high"})  # fmt: skip
        intro = f"{self.intro[:-1]}, at {html.escape(score)} (the deciding player's team first):"
        question = f"{self.question[:-1]} at {score}?{_play_words(df)}"
        return [gain_headline(g, self.a, self.b, question, intro, "share")]


def _forced_runs(tally) -> dict:
    """The forced comparison of a paired tally, its deals and hands per position."""
    return {
        "compare": f"{tally.comparison.a} vs {tally.comparison.b} (round 1, forced)",
        "deals": dict(zip(POSITIONS, map(int, tally.deals), strict=True)),
        "hands_played": dict(zip(POSITIONS, map(int, tally.hands), strict=True)),
    }


def _play(studies, hands, deals, seed, rules, table, *, play, score, paired_seed, threads,
          executor, progress, warm_up) -> list[StudyResult]:
    """Observe once, play the paired deals once for every study's comparison (and, with
    ``score``, at that score), and give each study its result."""
    from analysis import orderup as O
    from analysis.win_model import parse_score
    from sim import RunSpec, simulate
    from sim.threads import set_threads

    spec = RunSpec.of(seed, rules, table, threads)
    rules, table = spec.rules, spec.table
    timings: dict = {}
    used = set_threads(threads)
    if warm_up:
        with stage(None, "compile", 0, timings, "kernel_compile_or_load"):
            simulate(64, 0, rules, table, records=True, threads=threads)
    run = dict(threads=threads, executor=executor, play=play)
    with stage(progress, "observed hands", hands, timings, "observe") as tick:
        observed = O.observe(hands, seed, rules, table, progress=tick, **run)
    key = "counterfactual" if len(studies) == 1 else "counterfactual (order, pass and alone runs)"
    with stage(progress, "paired deals", 4 * deals, timings, key) as tick:
        paired = O.counterfactual(deals, seed if paired_seed is None else paired_seed, rules,
                                  table, comparisons=tuple(s.choice for s in studies),
                                  progress=tick, **run)  # fmt: skip
    win = None
    if score is not None:
        label = "paired deals at {}-{}".format(*parse_score(score, rules.game_to))
        with stage(progress, label, 4 * deals, timings, "win_probability_gain") as tick:
            win = O.win_probability_gain(deals, score, seed, rules, table,
                                         comparison=studies[0].choice, threads=threads,
                                         progress=tick, executor=executor)  # fmt: skip
    args = dict(hands=hands, deals=deals, seed=seed, paired_seed=paired_seed, rules=rules,
                table=table, threads=used)
    return [s.result(observed, paired[f"{s.choice.a}-{s.choice.b}"], win, args, timings)
            for s in studies]  # fmt: skip


def order_up_and_alone(hands: int, deals: int, seed: int = 0, rules=None, table=None, *,
                       paired_seed: int | None = None, threads: int | None = None,
                       executor=None, progress=None,
                       warm_up: bool = False) -> tuple[StudyResult, StudyResult]:
    """``ORDER_UP`` and ``ALONE`` from one observation and one set of paired deals (the
    order-up hands, forced for both comparisons, are played once): their two results."""
    first, second = _play((ORDER_UP, ALONE), hands, deals, seed, rules, table,
                          play="strategy", score=None, paired_seed=paired_seed,
                          threads=threads, executor=executor, progress=progress,
                          warm_up=warm_up)  # fmt: skip
    return first, second


#: the tables an order-up folder holds, an alone folder, and (with a score) the win-gain ones
ORDERUP_FILES = tuple(f"{n}.csv" for n in (
    "observed_by_class", "observed_by_trumps", "observed_by_points",
    *(f"order_vs_pass_by_{by}" for by in BY), "order_vs_pass_deals"))  # fmt: skip
ALONE_FILES = tuple(f"{n}.csv" for n in (
    "observed_by_class", "observed_by_trumps", *(f"alone_vs_partner_by_{by}" for by in BY),
    "alone_vs_partner_deals", "alone_march_check"))  # fmt: skip
WIN_GAIN_FILES = tuple(f"win_probability_gain_by_{by}.csv" for by in WIN_BY)

ORDER_UP = PairedDecision(
    "order-up", "order", "pass", "order_vs_pass", ("class", "trumps", "points"), ORDER_CHARTS,
    "decision_chart", "Should you order up in round 1?",
    "Order up or pass, by trumps held and position:",
)  # fmt: skip
ALONE = PairedDecision(
    "alone", "alone", "partner", "alone_vs_partner", ("class", "trumps"), ALONE_CHARTS,
    "alone_chart", "Once you order up, should you go alone?",
    "Conditional on ordering up in round 1 (both sides of each comparison order):",
)  # fmt: skip

__all__ = ["ORDER_UP", "ALONE", "PairedDecision", "order_up_and_alone", "gain_headline",
           "PLAY_NOTES", "ORDERUP_FILES", "ALONE_FILES", "WIN_GAIN_FILES"]
