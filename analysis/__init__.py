"""euchre-sim analysis: each analysis a function returning a tidy DataFrame; plots take ``ax=``;
``study(name)`` is a whole study (``analysis.studies``: its ``run(...)`` gives the tables,
charts, headlines and manifest that its command writes, and ``write(folder)``).

Functions that simulate take ``seed``, ``rules``, ``table`` (default: the default strategy,
``tuned``, everywhere), ``threads`` and ``executor`` (from ``sim.open_executor``).  Names
differ from the modules that hold them (``analysis.summary`` is a module,
``analysis.hand_summary`` the function), and load on first use, so ``import analysis`` stays
quick.
"""

from __future__ import annotations

from sim.lazy import lazy_exports

# plot functions and result types, loaded on first use: public name -> (module, attribute);
# each public name is the name its module defines
_EXPORTS = {
    "plot_decision_heatmap": ("analysis.plots.orderup", "plot_decision_heatmap"),
    "plot_rate_heatmap": ("analysis.plots.orderup", "plot_rate_heatmap"),
    "plot_rate_by_points": ("analysis.plots.orderup", "plot_rate_by_points"),
    "plot_gain_by_points": ("analysis.plots.orderup", "plot_gain_by_points"),
    "plot_differences": ("analysis.plots.compare", "plot_differences"),
    "plot_side_by_side": ("analysis.plots.compare", "plot_side_by_side"),
    "plot_win_probability": ("analysis.plots.compare", "plot_win_probability"),
    "plot_maker_rates": ("analysis.plots.compare", "plot_maker_rates"),
    "plot_tournament": ("analysis.plots.headtohead", "plot_tournament"),
    "RuleComparison": ("analysis.compare", "RuleComparison"),
    "advise_hand": ("analysis.advise", "advise_hand"),
    "head_to_head": ("analysis.headtohead", "head_to_head"),
    "head_to_head_games": ("analysis.headtohead", "head_to_head_games"),
    "by_position": ("analysis.summary", "by_position"),
    "win_probability_table": ("analysis.games", "win_probability_table"),
    "play_review": ("analysis.review", "play_review"),
    "plot_play_review": ("analysis.plots.review", "plot_play_review"),
    "play_review_figure": ("analysis.plots.review", "play_review_figure"),
    "order_value_every_seat": ("analysis.perfect", "order_value_every_seat"),
    "strength_ladder": ("analysis.ladder", "strength_ladder"),
    "plot_ladder": ("analysis.plots.ladder", "plot_ladder"),
    "tune_strategy": ("analysis.tune", "tune_strategy"),
    "strategy_toml": ("analysis.tune", "strategy_toml"),
    "study": ("analysis.studies", "study"),
}
# old public name -> new: deprecated aliases, kept for one release (0.1.x; gone in 0.2); asking
# for one warns DeprecationWarning with the new name
_DEPRECATED = {
    "win_probability_by_score": "win_probability_table",
    "every_seat_order_value": "order_value_every_seat",
}


def hand_summary(result):
    """Headline statistics of a ``sim.simulate`` run: one row per statistic (``statistic``,
    ``value``, ``low``, ``high``, ``n``, ``unit``; 95% intervals).

    Parameters
    ----------
    result : sim.RunResult

    Returns
    -------
    pandas.DataFrame
    """
    from analysis.summary import summarise

    return summarise(result)


def games_summary(result):
    """Per-game statistics of a ``sim.simulate_games`` run: win rates, game length, redeals,
    points by kind, one row per statistic with 95% intervals.

    Parameters
    ----------
    result : sim.GameRunResult

    Returns
    -------
    pandas.DataFrame
    """
    from analysis.games import summarise_games

    return summarise_games(result)


def order_up_rates(hands: int, seed: int = 0, rules=None, table=None, *, by: str = "class",
                   play: str = "strategy", threads=None, executor=None, progress=None):
    """Observed bidding: how often each position ordered up or called, and how it fared.

    Parameters
    ----------
    hands : hands to play (nothing forced).
    by : ``"class"``, ``"trumps"``, ``"trumps_aces"`` or ``"points"``.
    play : ``"strategy"`` (hands played as the strategy plays) or ``"perfect"`` (scored under
        perfect play after the strategy's bidding, ``analysis.orderup.perfect_records``).

    Returns
    -------
    pandas.DataFrame
        One row per position and group (``analysis.orderup.observed_rates``).
    """
    from analysis import orderup

    tally = orderup.observe(hands, seed, rules, table, threads=threads, executor=executor,
                            progress=progress, play=play)  # fmt: skip
    return orderup.observed_rates(tally, rules, by)


def _forced_gain(choice, deals, seed, rules, table, by, play, threads, executor, progress):
    from analysis import orderup

    paired = orderup.counterfactual(deals, seed, rules, table, (choice,), play=play,
                                    threads=threads, executor=executor,
                                    progress=progress)  # fmt: skip
    tally = next(iter(paired.values()))
    return orderup.counterfactual_table(tally, by, pooled=by == "trumps")


def order_pass_gain(deals: int, seed: int = 0, rules=None, table=None, *, by: str = "trumps",
                    play: str = "strategy", threads=None, executor=None, progress=None):
    """EV(order up) - EV(pass) in round 1 for each position, on the same deals.

    Parameters
    ----------
    deals : paired deals per position (deals where the auction reached the player).
    by : ``"trumps"`` (with ``"all"`` rows pooling the positions), ``"class"``,
        ``"trumps_aces"`` or ``"points"``.
    play : ``"strategy"`` (the hands played as the strategy plays them) or ``"perfect"`` (the
        strategy's bidding, then perfect play with every card seen, the dealer's discard
        included; not with the farmer's hand rule).

    Returns
    -------
    pandas.DataFrame
        One row per position and group: ``play``, ``ev_order``, ``ev_pass``, ``gain`` with
        paired 95% intervals and a ``verdict`` (``analysis.orderup.counterfactual_table``).
    """
    from analysis.orderup import ORDER_VS_PASS

    return _forced_gain(ORDER_VS_PASS, deals, seed, rules, table, by, play, threads, executor,
                        progress)  # fmt: skip


def alone_partner_gain(deals: int, seed: int = 0, rules=None, table=None, *, by: str = "trumps",
                       play: str = "strategy", threads=None, executor=None, progress=None):
    """EV(order up alone) - EV(order up with partner) in round 1, on the same deals.

    Parameters as ``order_pass_gain``; returns a DataFrame like it (columns ``ev_alone``,
    ``ev_partner``, ``gain``, ``alone_march`` ...).
    """
    from analysis.orderup import ALONE_VS_PARTNER

    return _forced_gain(ALONE_VS_PARTNER, deals, seed, rules, table, by, play, threads,
                        executor, progress)  # fmt: skip


def win_gain(deals: int, score, seed: int = 0, rules=None, table=None, *, alone: bool = False,
             by: str = "trumps", threads=None, executor=None, progress=None):
    """P(win game | order up) - P(win game | pass) at a game score (with ``alone``: alone
    against partner), on the same deals.

    Parameters
    ----------
    score : ``"6-8"`` or ``(6, 8)``, the deciding player's team first.
    by : ``"trumps"`` (with ``"all"`` rows), ``"class"`` or ``"trumps_aces"``.

    Returns
    -------
    pandas.DataFrame
        One row per position and group: ``win_gain`` with a paired 95% interval, ``ev_gain``,
        ``verdict`` (``analysis.orderup.win_gain_table``).
    """
    from analysis import orderup

    choice = orderup.ALONE_VS_PARTNER if alone else orderup.ORDER_VS_PASS
    tally = orderup.win_probability_gain(deals, score, seed, rules, table, choice,
                                         threads=threads, executor=executor,
                                         progress=progress)  # fmt: skip
    return orderup.win_gain_table(tally, by, pooled=by == "trumps")


def compare_rules(hands: int, games: int = 0, seed: int = 0, rules_a=None, rules_b=None,
                  table=None, *, threads=None, executor=None, progress=None):
    """Rules B against rules A on the same deals (default: published against stick the dealer).

    Parameters
    ----------
    hands, games : paired hands and games (0: none) played under both rule sets.

    Returns
    -------
    pandas.DataFrame
        One row per statistic: A, B and B - A with paired and unpaired 95% intervals and a
        ``verdict``.  ``rule_comparison`` returns the makers' rates and win-probability tables
        too.
    """
    return rule_comparison(hands, games, seed, rules_a, rules_b, table, threads=threads,
                           executor=executor, progress=progress).table  # fmt: skip


def rule_comparison(hands: int, games: int = 0, seed: int = 0, rules_a=None, rules_b=None,
                    table=None, *, threads=None, executor=None, progress=None):
    """``compare_rules`` with every table: an ``analysis.compare.RuleComparison`` whose
    DataFrames are ``.table``, ``.makers``, ``.win_probability`` and ``.game_summary``."""
    from analysis.compare import compare_rules as run

    return run(hands, games, seed, rules_a, rules_b, table, threads=threads, executor=executor,
               progress=progress)  # fmt: skip


__all__ = [
    "hand_summary", "by_position", "games_summary", "win_probability_table", "order_up_rates",
    "order_pass_gain", "alone_partner_gain", "win_gain", "compare_rules", "rule_comparison",
    "head_to_head", "head_to_head_games", "advise_hand", "order_value_every_seat",
    "strength_ladder", "tune_strategy", "study",
    *sorted(k for k in _EXPORTS if k.startswith("plot_")),
    "RuleComparison",
]  # fmt: skip


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, _DEPRECATED)
