"""The two-models study (``analysis.perfect``): the order-up and going-alone questions on the same
paired deals, scored as the strategy plays the cards and under perfect play after its bidding,
and the published perfect-information study's method replayed on our deals."""

from __future__ import annotations

from analysis.studies.study import Chart, Study, StudyResult, stage

QUESTIONS = (  # (comparison, file prefix, a, b, chart prefix)
    ("order-pass", "order_vs_pass", "order", "pass", "order_up"),
    ("alone-partner", "alone_vs_partner", "alone", "partner", "alone"),
)
PLAYS = ("strategy", "perfect")


def _by_play(df) -> dict:
    """``{play: rows}`` of a table holding both plays' rows (column ``play``), in order."""
    return {play: df[df["play"] == play] for play in dict.fromkeys(df["play"])}


def _two_models(prefix, a, b):
    def draw(t, _m):
        from analysis.plots import two_models_figure

        return two_models_figure(_by_play(t[f"{prefix}_by_trumps"]), a, b)

    return draw


def _heatmaps(prefix, a, b):
    def draw(t, _m):
        from analysis.plots import two_models_heatmaps

        return two_models_heatmaps(_by_play(t[f"{prefix}_by_trumps_aces"]), a, b)

    return draw


def _published(t, _m):
    from analysis.plots import published_figure

    return published_figure(t["published_comparison"])


class TwoModels(Study):
    """``perfect``: both paired questions under two models of play, and the published study."""

    name = "perfect"
    charts = (
        *(c for _, prefix, a, b, q in QUESTIONS for c in (
            Chart(f"{q}_two_models", _two_models(prefix, a, b)),
            Chart(f"{q}_heatmaps_two_models", _heatmaps(prefix, a, b)))),
        Chart("published_comparison", _published),
    )  # fmt: skip

    def run(self, deals: int, alone_deals: int, every_seat: int, paired_seed: int,
            every_seat_seed: int, rules=None, table=None, *, threads: int | None = None,
            progress=None) -> StudyResult:
        """``deals`` (order-up) and ``alone_deals`` (going alone) paired deals per position of
        ``paired_seed``, each played as the strategy plays and perfectly after its bidding
        (``analysis.orderup.counterfactual``); ``every_seat`` deals of ``every_seat_seed`` by
        the published study's method (``analysis.perfect.order_value_every_seat``).  The
        kernel and the solver are compiled (or loaded) first, timed apart."""
        from analysis.perfect import order_value_every_seat
        from sim import RunSpec
        from sim.threads import set_threads

        spec = RunSpec.of(paired_seed, rules, table, threads)
        rules, table = spec.rules, spec.table
        used = set_threads(threads)
        timings: dict = {}
        _warm_up(rules, table, threads, timings)
        paired = _paired(deals, alone_deals, paired_seed, rules, table, threads, progress,
                         timings)  # fmt: skip
        with stage(progress, "every seat", every_seat, timings,
                   "study's method (every seat orders)") as tick:
            every = order_value_every_seat(every_seat, every_seat_seed, rules,
                                           threads=threads, progress=tick)  # fmt: skip
        args = dict(deals=deals, alone_deals=alone_deals, every_seat=every_seat,
                    paired_seed=paired_seed, every_seat_seed=every_seat_seed, rules=rules,
                    table=table, threads=used)
        return self.result(paired, every, args, timings)

    def result(self, paired: dict, every_seat, args: dict | None = None,
               timings: dict | None = None) -> StudyResult:
        """The result of tallies already played: ``paired`` is ``{play: {"order-pass":
        PairedTally, "alone-partner": PairedTally}}``, ``every_seat`` the table of
        ``order_value_every_seat``; ``args`` as ``run`` records them."""
        return StudyResult(self, _tables(paired, every_seat), args or {}, paired,
                           dict(timings or {}))

    def manifest(self, result: StudyResult) -> dict:
        from analysis.perfect import PUBLISHED_DEALS
        from analysis.studies.orderup import PLAY_NOTES
        from sim.run.manifests import manifest, rules_fields

        a, t = result.args, result.timings
        rates = {k: round(4 * (a["deals"] if "order" in k else a["alone_deals"]) / v)
                 for k, v in t.items() if k.startswith("counterfactual")}  # fmt: skip
        return manifest(
            self.name, paired_seed=a["paired_seed"], every_seat_seed=a["every_seat_seed"],
            order_up_deals_per_position=a["deals"], alone_deals_per_position=a["alone_deals"],
            every_seat_deals=a["every_seat"], plays=PLAY_NOTES, **rules_fields(a["rules"]),
            strategies=a["table"].describe(), threads=a["threads"],
            published_study={"deals": PUBLISHED_DEALS, "method": "every seat's order-up on "
                             "every deal valued for its own team under perfect play, the "
                             "dealer discarding optimally"},
            paired_deals={play: {k: {"deals": dict(zip(("first", "second", "third", "dealer"),
                                                       map(int, tally.deals), strict=True)),
                                     "hands_played": int(tally.hands.sum())}
                                 for k, tally in tallies.items()}
                          for play, tallies in result.detail.items()},
            paired_deals_per_s=rates,
            wall_s=round(sum(t.values()), 1),
            timings_s={k: round(v, 1) for k, v in t.items()}, command=result.command,
        )  # fmt: skip


def _warm_up(rules, table, threads, timings) -> None:
    """Compile (or load) the kernel and the solver, so that the stages time only the work."""
    from sim import simulate
    from sim.solver.perfect import perfect_points

    with stage(None, "compile", 0, timings, "compile_or_load"):
        r = simulate(64, 0, rules, table, records=True, threads=threads).records
        perfect_points(r[[f"hand{s}" for s in range(4)]].to_numpy(), r["upcard"], r["dealer"],
                       r["round"], r["maker"], r["trump"], r["alone"], r["defender_alone"])


def _paired(deals, alone_deals, seed, rules, table, threads, progress, timings) -> dict:
    """``{play: {"order-pass": tally, "alone-partner": tally}}`` on the same deals."""
    from analysis import orderup as O

    out = {}
    for play in PLAYS:
        tallies = {}
        for choice, n in ((O.ORDER_VS_PASS, deals), (O.ALONE_VS_PARTNER, alone_deals)):
            key = f"{choice.a}-{choice.b}"
            with stage(progress, f"{play} {key}", 4 * n, timings,
                       f"counterfactual {key}, {play} play") as tick:
                tallies.update(O.counterfactual(n, seed, rules, table, comparisons=(choice,),
                                                play=play, threads=threads, progress=tick))
        out[play] = tallies
    return out


def _tables(paired: dict, every_seat) -> dict:
    """The tables by file stem: each paired table holds both plays' rows (column ``play``)."""
    import pandas as pd

    from analysis.orderup import counterfactual_table, deals_table
    from analysis.perfect import published_comparison

    out = {}
    for key, prefix, *_ in QUESTIONS:
        tallies = {play: t[key] for play, t in paired.items()}
        by = {g: {play: counterfactual_table(t, g, pooled=g == "trumps")
                  for play, t in tallies.items()}
              for g in ("class", "trumps_aces", "trumps", "points")}  # fmt: skip
        for g, tables in by.items():
            out[f"{prefix}_by_{g}"] = pd.concat(tables.values(), ignore_index=True)
        out[f"{prefix}_deals"] = pd.concat(
            [deals_table(t).assign(play=play)[["play", "position", "deals", "hands",
                                               "reached_share"]]
             for play, t in tallies.items()], ignore_index=True)  # fmt: skip
        if key == "order-pass":
            out["published_comparison"] = published_comparison(every_seat, by["trumps"])
    out["order_value_every_seat"] = every_seat
    return out


PERFECT = TwoModels()
PERFECT_FILES = tuple(f"{p}_{s}.csv" for _, p, *_ in QUESTIONS
                      for s in ("by_class", "by_trumps_aces", "by_trumps", "by_points", "deals")) \
    + ("order_value_every_seat.csv", "published_comparison.csv")  # fmt: skip
PERFECT_CHARTS = tuple(c.stem for c in PERFECT.charts)

__all__ = ["PERFECT", "TwoModels", "PERFECT_FILES", "PERFECT_CHARTS"]
