"""The ``match-equity`` study: ``W(d, o)``, P(the dealing team wins the game) from every score,
from games started at each score and, independently, from one hand's outcomes at each score
solved through the game's recursion (``analysis.match_equity``), with the checks between the
two and a published simulator's figures beside ours."""

from __future__ import annotations

import html

import numpy as np

from analysis.studies.study import Chart, Study, StudyResult, players_text, stage
from analysis.text.html import Headline, table_html, value_html


def _heatmap(t, m):
    from analysis.plots.match_equity import match_equity_figure

    note = (f"{players_text(m)}; {m.get('rules_description', '')}; "
            f"{m.get('games_per_score', 0):,} games from each score, seed {m.get('seed')}")
    return match_equity_figure(t["match_equity"], note)


def _point_chart(t, m):
    from analysis.plots.match_equity import order_up_point_figure

    note = (f"{players_text(m)}; {m.get('rules_description', '')}; a make counted as 1 point, "
            "a euchre as 2 to the others; the value of passing from the hands where every "
            "seat up to this one passed")
    return order_up_point_figure(t["order_up_point"], note)


def _bids_chart(t, m):
    from analysis.plots.match_equity import bids_by_score_figure

    return bids_by_score_figure(t["bids_by_score"], f"{players_text(m)}; "
                                f"{m.get('rules_description', '')}; hands played at each score")


class MatchEquity(Study):
    """``match-equity``: the match-equity table of a strategy under a rule set."""

    name = "match-equity"
    lead = "match_equity"
    charts = (Chart("match_equity", _heatmap,
                    caption="P(the dealing team wins the game) from each score before a hand, "
                            "in percent, with {players} at every seat: the dealing team's "
                            "score by row, the other team's by column.",
                    needs=("match_equity",)),
              Chart("order_up_point", _point_chart,
                    caption="The order-up point: the least chance of making trump that "
                            "justifies ordering up, by position and score (the seat's team's "
                            "score by row), from the match-equity table and the value of "
                            "passing with {players} around the table. 67 is the point a pass "
                            "worth nothing gives.",
                    needs=("order_up_point",)),
              Chart("bids_by_score", _bids_chart,
                    caption="How the bids move with the score: by position, the change from "
                            "0-0 in how often a seat orders up (top) and goes alone (bottom) "
                            "when its turn comes, with {players} at every seat.",
                    needs=("bids_by_score",)))

    def run(self, games: int, hands: int, seed: int = 1, rules=None, table=None, *,
            threads: int | None = None, executor=None, progress=None) -> StudyResult:
        """``games`` games started at every score (``from_games``) and ``hands`` hands at
        every pair of scores (``score_tallies``, 0: none, and no check against them): the check
        through the recursion, the order-up point and how the bids move with the score."""
        from analysis import match_equity as me
        from analysis.order_up_point import order_up_point
        from analysis.score_bids import bids_by_score
        from sim import RunSpec
        from sim.threads import set_threads

        spec = RunSpec.of(seed, rules, table, threads)
        rules, table = spec.rules, spec.table
        used = set_threads(threads)
        timings: dict = {}
        to = rules.game_to
        with stage(progress, "games from each score", games * to * to, timings,
                   "games") as tick:
            by_games = me.from_games(games, seed, rules, table, threads=threads,
                                     executor=executor, progress=tick)
        tables = {"match_equity": by_games,
                  "published": me.published_rows(by_games, to)}
        if hands:
            pairs = to * (to + 1) // 2
            with stage(progress, "hands at each score", hands * pairs, timings,
                       "hands") as tick:
                tallies = me.score_tallies(hands, seed, rules, table, threads=threads,
                                           executor=executor, progress=tick)
            counts = me.outcome_counts(tallies, rules)
            tables["bids_by_score"] = bids_by_score(tallies)
            tables["match_equity_hands"] = me.from_hands(counts, seed)
            tables["order_up_point"] = order_up_point(me.grid(by_games), counts,
                                                      me.grid(by_games, "games"), seed)
        tables["checks"] = me.checks(by_games, tables.get("match_equity_hands"))
        args = dict(games=games, hands=hands, seed=seed, rules=rules, table=table,
                    threads=used)
        return StudyResult(self, tables, args, None, timings)

    def manifest(self, result: StudyResult) -> dict:
        from analysis.match_equity import BOOTSTRAP, PUBLISHED_SOURCE
        from sim.run.manifests import manifest, rules_fields

        a, t = result.args, result.timings
        g = result.tables["match_equity"]
        return manifest(
            self.name, seed=a["seed"], games_per_score=a["games"],
            hands_per_score_pair=a["hands"], **rules_fields(a["rules"]),
            strategies=a["table"].describe(), threads=a["threads"],
            games_played=int(g["games"].sum()), hands_played=int(g["hands"].sum()),
            method={"games": "games started at each score (games cell * games .. of the seed; "
                             "the first dealer's team holds the dealers' score), the share "
                             "the dealing team won, 95% Wilson interval",
                    "hands": f"one hand's outcomes at each score, the game's recursion solved "
                             f"exactly; 95% parametric bootstrap ({BOOTSTRAP} replicates)"},
            published=PUBLISHED_SOURCE,
            wall_s=round(sum(t.values()), 1),
            timings_s={k: round(v, 1) for k, v in t.items()}, command=result.command,
        )  # fmt: skip

    def reproduce(self, result: StudyResult, out, force: bool = False) -> str:
        """The ``euchre-sim match-equity`` line that writes ``result``'s tables into ``out``
        (a table of one strategy at every seat)."""
        from sim.run.manifests import reproduce_command, rules_spec

        a = result.args
        return reproduce_command("match-equity", [
            "--games", a["games"], "--hands", a["hands"], "--seed", a["seed"],
            "--rules", rules_spec(a["rules"]), "--strategy", a["table"].seats[0].spec,
            "--out", out], ("--force", force))  # fmt: skip

    def headlines(self, tables: dict, manifest: dict) -> list[Headline]:
        g = tables["match_equity"].set_index(["dealer_score", "other_score"])
        to = int(np.sqrt(len(g)))
        picks = [(0, 0), (to - 1, to - 1), (to - 2, to - 1), (to - 1, to - 2), (0, to - 1)]
        pub = {r.score: r.published for r in tables.get("published", []).itertuples()} \
            if "published" in tables else {}  # fmt: skip
        rows = [[f"{d}-{o}", value_html(g.loc[(d, o), "w"], g.loc[(d, o), "low"],
                                        g.loc[(d, o), "high"], unit="share"),
                 value_html(pub[f"{d}-{o}"], unit="share") if f"{d}-{o}" in pub else "&ndash;"]
                for d, o in dict.fromkeys(picks)]
        return [Headline(
            "How likely is the dealing team to win the game from each score?",
            table_html(["score (dealers-others)", "P(dealers win)", "published"], rows),
            f"From {html.escape(players_text(manifest))}' games started at each score "
            f"({manifest.get('games_per_score', 0):,} a score); the whole table is the chart "
            "and match_equity.csv.")]

    def text(self, result: StudyResult) -> str:
        from analysis.text.match_equity import format_match_equity

        return format_match_equity(result.tables, result.manifest,
                                   players_text(result.manifest))


MATCH_EQUITY = MatchEquity()

__all__ = ["MATCH_EQUITY", "MatchEquity"]
