"""Strategies against each other on the same deals, seats swapped (``analysis.headtohead``,
``analysis.ladder``): the ``tournament`` of two strategies and the ``ladder``, a round robin
rated on one scale; their tables, charts, headlines and manifests."""

from __future__ import annotations

import html
import time

from analysis.studies.study import Chart, Study, StudyResult, stage
from analysis.text.html import Headline, table_html, value_html


def _tournament_chart(t, m):
    import matplotlib.pyplot as plt

    from analysis.plots import plot_tournament, style

    with style():
        fig, axes = plt.subplots(1, 2, figsize=(9.0, 3.8))
    plot_tournament(t.get("tournament_hands"), t.get("tournament_games"), axes)
    with style():
        fig.suptitle(f"Tournament: {m['a']} vs {m['b']} ({m['rules_description']}, "
                     f"seed {m['seed']})")  # fmt: skip
    return fig


class Tournament(Study):
    """``tournament``: strategy A against B on the same deals and games, each played from both
    seats (``analysis.headtohead``)."""

    name = "tournament"
    lead = "tournament_chart"
    charts = (Chart("tournament_chart", _tournament_chart,
                    "The tournament: game win share and points per hand, 95% bars."),)

    def run(self, a, b, hands: int = 200_000, games: int = 20_000, seed: int = 1, rules=None,
            *, until: dict | None = None, on_look=None, threads: int | None = None,
            executor=None, progress=None) -> StudyResult:
        """``a`` against ``b`` (names, TOML files, code strategies or ``Strategy``) on
        ``hands`` deals and ``games`` games (0: none) of ``seed``.  With ``until`` (``bound``,
        ``alpha``, ``beta``: ``analysis.headtohead.head_to_head_until``) the deals are played
        until the sequential test decides, ``hands`` at most, and no games; ``on_look`` hears
        each look, and ``detail`` is the ``SequentialMatch`` (Ctrl-C: stopped "interrupted")."""
        from analysis.headtohead import head_to_head, head_to_head_games, head_to_head_until
        from sim import Rules, load_strategy

        sa, sb = load_strategy(a), load_strategy(b)
        rules = rules or Rules()
        run = dict(threads=threads, executor=executor)
        tables, timings, match = {}, {}, None
        if until is not None:
            if games:
                raise ValueError("the sequential test plays deals, not games: give games=0")
            t0 = time.perf_counter()
            match = head_to_head_until(sa, sb, hands, seed, rules, on_look=on_look, **until,
                                       **run)  # fmt: skip
            timings["play"] = time.perf_counter() - t0
            tables = {"tournament_hands": match.deals_row(),
                      "tournament_sequential": match.row(),
                      "tournament_looks": match.looks_frame()}  # fmt: skip
        stages = [s for s, n in (("hands", hands), ("games", games)) if n and until is None]
        with stage(progress, "tournament", len(stages), timings, "play") as tick:
            if "hands" in stages:
                tables["tournament_hands"] = head_to_head(sa, sb, hands, seed, rules, **run)
                if tick is not None:
                    tick(1)
            if games:
                tables["tournament_games"] = head_to_head_games(sa, sb, games, seed, rules,
                                                                **run)  # fmt: skip
                if tick is not None:
                    tick(1)
        args = dict(a=sa.name, b=sb.name, hands=hands, games=games, seed=seed, rules=rules,
                    until=until, inputs=_inputs((sa, sb)))
        return StudyResult(self, tables, args, detail=match, timings=timings)

    def manifest(self, result: StudyResult) -> dict:
        from sim.run.manifests import manifest, rules_fields

        a = result.args
        until = {}
        if a.get("until"):
            r = result.tables["tournament_sequential"].iloc[0]
            until = {"until_significant": dict(a["until"]), "deals_played": int(r["deals"]),
                     "decision": r["decision"]}  # fmt: skip
        return manifest(self.name, seed=a["seed"], hands=a["hands"], games=a["games"],
                        a=a["a"], b=a["b"], **until, **rules_fields(a["rules"]),
                        **a.get("inputs", {}), wall_s=sum(result.timings.values()),
                        command=result.command)  # fmt: skip

    def reproduce(self, result: StudyResult, out, force: bool = False) -> str:
        """The ``euchre-sim tournament`` line that writes ``result``'s tables into ``out``."""
        from sim.run.manifests import reproduce_command, rules_spec

        a = result.args
        u = a.get("until")
        until = ["--until-significant", "--bound", u["bound"], "--alpha", u["alpha"], "--beta",
                 u["beta"]] if u else ["--games", a["games"]]  # fmt: skip
        return reproduce_command("tournament", [a["a"], a["b"]], until, [
            "--hands", a["hands"], "--seed", a["seed"],
            "--rules", rules_spec(a["rules"]), "--out", out], ("--force", force))  # fmt: skip

    def text(self, result: StudyResult) -> str:
        from analysis.text.headtohead import format_sequential, format_tournament

        t = result.tables
        text = format_tournament(t.get("tournament_hands") if len(t.get("tournament_hands", ()))
                                 else None, t.get("tournament_games"))  # fmt: skip
        if "tournament_sequential" in t:
            seq = format_sequential(t["tournament_sequential"], result.timings.get("play"))
            text = "\n".join(x for x in (text, seq) if x)
        return text

    def answer_tables(self, manifest: dict) -> tuple[str, ...]:
        seq = ("tournament_sequential",) if manifest.get("until_significant") else ()
        return tuple(f"tournament_{k}" for k in ("hands", "games") if manifest.get(k)) + seq

    def headlines(self, tables: dict, manifest: dict) -> list[Headline]:
        hands, games = tables.get("tournament_hands"), tables.get("tournament_games")
        rows = []
        names = None
        if hands is not None and len(hands):
            h = hands.iloc[0]
            names = (str(h["a"]), str(h["b"]))
            rows += [
                [f"{html.escape(names[0])}'s points per hand",
                 value_html(h["a_points"], h["a_points_low"], h["a_points_high"])],
                [f"{html.escape(names[1])}'s points per hand",
                 value_html(h["b_points"], h["b_points_low"], h["b_points_high"])],
                [f"margin ({html.escape(names[0])} &minus; {html.escape(names[1])}), per hand",
                 value_html(h["margin"], h["low"], h["high"], signed=True)],
            ]  # fmt: skip
        if games is not None and len(games):
            g = games.iloc[0]
            names = names or (str(g["a"]), str(g["b"]))
            rows.append([f"games won by {html.escape(names[0])} (to {int(g['game_to'])})",
                         value_html(g["a_wins"], g["low"], g["high"], unit="share")])
        seq = tables.get("tournament_sequential")
        if seq is not None and len(seq):
            from analysis.text.headtohead import decision_words

            s = seq.iloc[0]
            rows.append([f"sequential test (bound &plusmn;{s['bound']:g} a hand)",
                         html.escape(f"{decision_words(s)} after {int(s['deals']):,} deals, "
                                     f"{100 * s['share']:.1f}% of them played differently")])
        if not rows:
            return []
        how = ("The same deals with the seats swapped, so neither side gets the better cards; "
               "95% intervals in brackets.")
        return [Headline(f"{html.escape(names[0])} against {html.escape(names[1])}",
                         table_html(["", "value"], rows), how)]  # fmt: skip


def _inputs(strategies) -> dict:
    """What a manifest records of the players beyond their names: the spec each was made from
    with its files made absolute, and the SHA-256 of every file they read."""
    from sim.players.recorded import absolute_spec, input_files

    return {"specs": {s.name: None if s.spec is None else absolute_spec(s.spec)
                      for s in strategies},
            "files": input_files(strategies)}


def _ladder_chart(t, m):
    from analysis.plots import plot_ladder

    return plot_ladder(t["ratings"], t["pairs"],
                       f"Strength ladder ({m['rules_description']}, seed {m['seed']})")


class Ladder(Study):
    """``ladder``: a round robin of strategies with ratings on one scale (``analysis.ladder``)."""

    name = "ladder"
    charts = (Chart("ladder", _ladder_chart, needs=("pairs", "ratings")),)

    def answer_tables(self, manifest: dict) -> tuple[str, ...]:
        return ("pairs", "ratings")

    def run(self, strategies=None, hands: int = 100_000, games: int = 10_000, seed: int = 1,
            rules=None, *, slow_hands: int = 2_000, slow_games: int = 200,
            threads: int | None = None, executor=None, progress=None) -> StudyResult:
        """Every pair of ``strategies`` (None: ``analysis.ladder.default_ladder(rules)``) on
        ``hands`` deals and ``games`` games, ``slow_*`` for pairs with a pimc player."""
        from analysis.ladder import default_ladder, strength_ladder
        from sim import Rules, load_strategy

        rules = rules or Rules()
        players = [load_strategy(s) for s in strategies or default_ladder(rules)]
        n_pairs = len(players) * (len(players) - 1) // 2
        timings: dict = {}
        with stage(progress, "pairs", 2 * n_pairs, timings, "play") as tick:
            pairs, ratings = strength_ladder(players, hands, games, seed, rules,
                                             slow_hands=slow_hands, slow_games=slow_games,
                                             threads=threads, executor=executor,
                                             progress=tick)  # fmt: skip
        args = dict(strategies=[p.name for p in players], hands=hands, games=games, seed=seed,
                    rules=rules, slow_hands=slow_hands, slow_games=slow_games,
                    given=[s if isinstance(s, str) else s.name for s in strategies or ()],
                    inputs=_inputs(players))
        return StudyResult(self, {"pairs": pairs, "ratings": ratings}, args, timings=timings)

    def manifest(self, result: StudyResult) -> dict:
        from sim.run.manifests import manifest, rules_fields

        a = result.args
        return manifest(self.name, seed=a["seed"], hands=a["hands"], games=a["games"],
                        slow_hands=a["slow_hands"], slow_games=a["slow_games"],
                        strategies=a["strategies"], **rules_fields(a["rules"]),
                        **a.get("inputs", {}), wall_s=sum(result.timings.values()),
                        command=result.command)  # fmt: skip

    def reproduce(self, result: StudyResult, out, force: bool = False) -> str:
        """The ``euchre-sim ladder`` line that writes ``result``'s tables into ``out``."""
        from sim.run.manifests import reproduce_command, rules_spec

        a = result.args
        rules = ["--rules", rules_spec(a["rules"])] if a["rules"].changes() else []
        return reproduce_command("ladder", a["given"], [
            "--hands", a["hands"], "--games", a["games"], "--slow-hands", a["slow_hands"],
            "--slow-games", a["slow_games"], "--seed", a["seed"]], rules, ["--out", out],
            ("--force", force))  # fmt: skip

    def text(self, result: StudyResult) -> str:
        from analysis.text.ladder import format_ladder

        return format_ladder(result.tables["ratings"], result.tables["pairs"])


TOURNAMENT = Tournament()
LADDER = Ladder()

__all__ = ["TOURNAMENT", "LADDER", "Tournament", "Ladder"]
